"""``foxden worker``: an RQ ``SimpleWorker`` with its housekeeper and timer mover threads.

A worker takes the timer queue (turn timeouts, table expiries) first, then maintenance, then
bot moves. A timer worker (``foxden worker --timers``) takes the timer queue alone: it never
runs a bot's search, so a timer that falls due while every other worker is searching still runs
at once. ``foxden up`` starts one beside its workers.

The housekeeper does what ``rq worker --with-scheduler`` would, and a little more:

* it moves due delayed bot jobs to their queue, while it holds the scheduler lease (one worker
  at a time);
* it keeps this worker's liveness key fresh, so that the sweeper can tell a job abandoned by a
  killed worker from one still running;
* once per sweep period (one worker per period) it enqueues the sweeper job.

Why not RQ's own scheduler (``--with-scheduler``): RQ forks it into a child process that never
checks on its parent, so a worker killed with SIGKILL leaves it running; and when the whole
worker dies, its lock lives on for 61 s and the other workers try to take it only at their
maintenance, every 10 minutes, so bot delays and turn timeouts would stall that long. A thread
dies with its process, and the lease here lives 3 s.

The timer mover queues each timer at its own due time (RQ's scheduler works in whole seconds,
which made a turn's timeout up to 1.5 s late), while it holds the timer lease. Every worker
runs one, so timers move whether or not a timer worker runs; a mover in a worker busy with a
search still wakes on time (it waits in Redis and in ``Event.wait``, which release the GIL).

Why ``SimpleWorker``: it runs jobs in its own process instead of forking one per job, so the
service's state cache stays warm between jobs (several times the throughput of a forking
worker). A job still gets its timeout (SIGALRM), and a worker that dies mid-job is covered by
the sweeper.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import signal
import threading
import time
from collections.abc import Callable, Sequence

import redis
from rq import SimpleWorker
from rq.scheduler import RQScheduler as DueJobMover
from rq.serializers import JSONSerializer

from events.redis_client import DEFAULT_MAX_CONNECTIONS, Client, connect_server
from service import metrics
from service.games import GameService
from workers import jobs
from workers.scheduler import (
    ALIVE_TTL_MS,
    DEFAULT_PREFIX,
    FAILURE_TTL_S,
    RESULT_TTL_S,
    Names,
    bot_queue,
    move_due_timers,
    named_queue,
    queues,
    timer_queue,
)

log = logging.getLogger(__name__)

TICK_S = 0.5
LEASE_TTL_MS = 3000
# The timer mover looks at least this often (a new timer is due a second or more after it is
# scheduled, so it is seen in time), and renews its lease this often; a mover that dies hands
# over within the lease's life.
TIMER_LOOK_S = 0.25
TIMER_LEASE_TTL_MS = 1500
TIMER_RENEW_S = 0.5
SWEEP_JOB_TIMEOUT_S = 600
DEFAULT_SWEEP_S = 10.0  # FOXDEN_SWEEP_S

# Take the lease if it is free, or extend it if it is ours.
_LEASE_LUA = """
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
"""
_RELEASE_LUA = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


class _Background(threading.Thread):
    """A worker's background thread: ``step`` again and again, each saying how long to wait
    before the next, until ``stop``. An error never ends it: a Redis blip is logged once per
    outage, and the step is tried again after ``retry_s``."""

    def __init__(self, name: str, what: str, *, first_s: float, retry_s: float) -> None:
        super().__init__(name=name, daemon=True)
        self._what, self._first_s, self._retry_s = what, first_s, retry_s
        self._stopping = threading.Event()

    def step(self) -> float:
        raise NotImplementedError

    def run(self) -> None:
        failing, wait = False, self._first_s
        while not self._stopping.wait(wait):
            try:
                wait = self.step()
            except Exception as error:  # a Redis blip must not end the thread
                if not failing:  # once per outage, not at every try
                    log.warning("%s: failed (%r); retrying", self._what, error)
                failing, wait = True, self._retry_s
            else:
                if failing:
                    log.warning("%s: working again", self._what)
                failing = False

    def _halt(self) -> None:
        self._stopping.set()
        if self.is_alive():
            self.join(5)


class Housekeeper(_Background):
    """Every ``TICK_S``: beat, move due jobs (lease holder only), maybe enqueue a sweep."""

    def __init__(self, client: redis.Redis, names: Names, worker_name: str, sweep_s: float) -> None:
        super().__init__("foxden-housekeeper", "housekeeper", first_s=TICK_S, retry_s=TICK_S)
        self.redis, self.names, self.worker_name = client, names, worker_name
        self.sweep_ms = max(1, round(sweep_s * 1000))
        self._lease = client.register_script(_LEASE_LUA)
        self._release = client.register_script(_RELEASE_LUA)
        self._maintenance = named_queue(client, names.maintenance)
        # The bots' delays and the webhooks' retries: the timers are the timer mover's.
        delayed = [bot_queue(client, names).name, names.webhooks]
        self._due = DueJobMover(delayed, connection=client, serializer=JSONSerializer)
        self._due.prepare_registries(delayed)

    def tick(self) -> None:
        self.redis.set(self.names.alive(self.worker_name), 1, px=ALIVE_TTL_MS)
        if self._lease(keys=[self.names.scheduler_lease], args=[self.worker_name, LEASE_TTL_MS]):
            self._due.enqueue_scheduled_jobs()
        if self.redis.set(self.names.sweep_token, self.worker_name, nx=True, px=self.sweep_ms):
            self._maintenance.enqueue(
                "workers.jobs.sweep",
                job_timeout=SWEEP_JOB_TIMEOUT_S,
                result_ttl=RESULT_TTL_S,
                failure_ttl=FAILURE_TTL_S,
            )

    def step(self) -> float:
        self.tick()
        return TICK_S

    def stop(self) -> None:
        """Stop beating; give up the lease and the liveness key (the worker has finished)."""
        self._halt()
        with contextlib.suppress(redis.RedisError):
            self._release(keys=[self.names.scheduler_lease], args=[self.worker_name])
            self.redis.delete(self.names.alive(self.worker_name))


class TimerMover(_Background):
    """Queues each timer when it falls due, while this worker holds the timer lease."""

    def __init__(
        self,
        client: redis.Redis,
        names: Names,
        worker_name: str,
        clock: Callable[[], float] = time.time,
    ) -> None:
        super().__init__("foxden-timers", "timer mover", first_s=0.0, retry_s=TIMER_LOOK_S)
        self.redis, self.names, self.worker_name, self.clock = client, names, worker_name, clock
        self._lease = client.register_script(_LEASE_LUA)
        self._release = client.register_script(_RELEASE_LUA)
        self._holding, self._renew_at = False, 0.0

    def step(self) -> float:
        """Renew the lease when due; if held, queue the due timers. How long to wait next."""
        now = self.clock()
        if now >= self._renew_at:
            args: list[str | int] = [self.worker_name, TIMER_LEASE_TTL_MS]
            self._holding = bool(self._lease(keys=[self.names.timer_lease], args=args))
            self._renew_at = now + TIMER_RENEW_S
        if not self._holding:
            return TIMER_LOOK_S
        following = move_due_timers(self.redis, self.names, now)
        if following is None:
            return TIMER_LOOK_S
        return min(TIMER_LOOK_S, max(0.0, following - self.clock()))

    def stop(self) -> None:
        self._halt()
        with contextlib.suppress(redis.RedisError):
            self._release(keys=[self.names.timer_lease], args=[self.worker_name])


# How long a worker waits between attempts to reach Redis: doubling from the first to the last.
RECONNECT_FIRST_S, RECONNECT_MAX_S = 0.25, 5.0
REDIS_DOWN = (redis.ConnectionError, redis.TimeoutError, OSError)
PUBSUB_WAKE_S = 1.0  # how often the worker's pubsub thread looks whether it must stop


class FoxdenWorker(SimpleWorker):
    """RQ's ``SimpleWorker``, which remembers a stop signal and retries Redis sooner.

    RQ retries a lost Redis only while it waits for a job, doubling its pause up to 60 s; a
    Redis that is back would then sit unused for up to a minute. Anywhere else (a job's result
    written as Redis went away, a heartbeat) RQ quits; ``run_worker`` then starts it again.
    """

    max_connection_wait_time = RECONNECT_MAX_S
    stop_signalled = False

    def request_stop(self, signum: int, frame: object) -> None:
        self.stop_signalled = True  # before RQ's handler, which may itself fail on Redis
        super().request_stop(signum, frame)

    def subscribe(self) -> None:
        """RQ's, with its pubsub thread waking every second instead of every minute.

        redis-py 8's ``PubSubWorkerThread.stop()`` joins the thread, and a thread that saw the
        unsubscribe's reply before the stop waits for a new subscription for its whole sleep
        time: RQ's 60 s kept a finished burst worker alive for a minute (seen under load in the
        worker tests). A thread that wakes every second lets the worker go within one.
        """
        self.log.info("Worker %s: subscribing to channel %s", self.name, self.pubsub_channel_name)
        self.pubsub = self.connection.pubsub()
        self.pubsub.subscribe(**{self.pubsub_channel_name: self.handle_payload})
        # RQ sets ``pubsub_thread = None`` unannotated in __init__, so it types as None only.
        self.pubsub_thread = self.pubsub.run_in_thread(  # type: ignore[assignment]
            sleep_time=PUBSUB_WAKE_S, daemon=True, exception_handler=self._pubsub_exception_handler
        )


class _Signals:
    """SIGTERM/SIGINT while no RQ worker loop runs (between incarnations): stop waiting."""

    def __init__(self) -> None:
        self.stop = threading.Event()

    def install(self) -> None:
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, lambda *_: self.stop.set())


def describe(client: redis.Redis) -> str:
    """Where ``client`` connects (never its password), for the log."""
    settings = client.connection_pool.connection_kwargs
    where = settings.get("path") or f"{settings.get('host')}:{settings.get('port')}"
    return f"{where} db {settings.get('db', 0)}"


def wait_for_redis(queue: redis.Redis, others: Sequence[Client], stop: threading.Event) -> bool:
    """Until the jobs' Redis and every other client answer PING (False if told to stop first),
    with backoff. The log names the jobs' Redis."""
    clients = [queue, *others]
    pause, attempts = RECONNECT_FIRST_S, 0
    while not stop.is_set():
        try:
            for client in clients:
                client.ping()
        except REDIS_DOWN as error:
            attempts += 1
            log.warning(
                "worker: waiting for Redis at %s (attempt %d: %s); next try in %.2g s",
                describe(queue),
                attempts,
                error,
                pause,
            )
            stop.wait(pause)
            pause = min(RECONNECT_MAX_S, pause * 2)
            continue
        if attempts:
            log.warning("worker: Redis at %s answers again", describe(queue))
        return True
    return False


def _bury(worker: SimpleWorker | None) -> None:
    """Finish what a worker that lost Redis could not: its death record and its pubsub thread."""
    if worker is None:
        return
    with contextlib.suppress(Exception):  # best effort: its records expire anyway
        worker.teardown()
    if worker.pubsub_thread is not None:
        worker.pubsub_thread.stop()


def run_worker(
    games: GameService,
    *,
    queue_url: str,
    prefix: str = DEFAULT_PREFIX,
    sweep_s: float = DEFAULT_SWEEP_S,
    log_level: str = "INFO",
    metrics_address: str | None = None,
    max_connections: int = DEFAULT_MAX_CONNECTIONS,
    burst: bool = False,
    name: str | None = None,
    timers: bool = False,
) -> int:
    """Run the jobs on ``games`` until SIGTERM/SIGINT (or, with ``burst``, until the queues
    are empty). The worker's entry point builds ``games`` (a setting that cannot work has
    failed before the worker starts) and says where the jobs are.

    With ``timers``, the worker takes the timer queue alone (a timer worker); else every queue,
    timers first.

    Redis may go away at any moment, or be away when the worker starts: the worker then waits
    for it (logging each attempt, with backoff), and carries on once it answers, as a new RQ
    worker (``<name>.<n>``), so that a job the old one had started is seen as abandoned and
    scheduled again by the sweeper.

    The jobs live on ``queue_url``, under the names of ``prefix``. RQ gets a Redis client of
    its own: it waits in BLPOP for up to its dequeue timeout (about 400 s) and raises the
    socket timeout of the client it is given to match. Given the service's client, every
    append and read would inherit that timeout.

    ``log_level`` sets the log level (RQ logs every job at INFO). ``metrics_address``
    (``PORT`` or ``HOST:PORT``) serves the worker's Prometheus metrics: its jobs and the bot
    and timeout moves it made. The sweeper runs every ``sweep_s`` seconds.
    """
    if metrics_address:
        metrics.serve_worker_metrics(metrics_address)
    if not logging.getLogger().handlers:
        logging.basicConfig(level=log_level, format="%(asctime)s %(name)s %(message)s")
    jobs.use_service(games)
    names = Names(prefix)
    rq_connection = connect_server(queue_url, blocking=True, max_connections=max_connections)
    # The housekeeper's keys (the scheduler lease, liveness, the sweep token) belong with the
    # jobs, on the queue Redis, where the API's scheduler looks for them.
    queue_client = connect_server(queue_url, max_connections=max_connections)
    signals = _Signals()
    previous: SimpleWorker | None = None
    for incarnation in itertools.count():
        signals.install()
        if not wait_for_redis(rq_connection, [queue_client, games.store.redis], signals.stop):
            return 0
        _bury(previous)
        try:
            worker = FoxdenWorker(
                [timer_queue(rq_connection, names)] if timers else queues(rq_connection, names),
                connection=rq_connection,
                serializer=JSONSerializer,
                name=f"{name}.{incarnation}" if name and incarnation else name,
            )
        except REDIS_DOWN:
            continue  # gone again already
        ended = _work(worker, queue_client, names, burst=burst, level=log_level, sweep_s=sweep_s)
        if ended or signals.stop.is_set():
            return 0
        log.warning("worker %s: lost Redis; reconnecting", worker.name)
        previous = worker
    return 0  # pragma: no cover  (the loop above only returns)


def _work(
    worker: FoxdenWorker,
    client: redis.Redis,
    names: Names,
    *,
    burst: bool,
    level: str,
    sweep_s: float,
) -> bool:
    """Run ``worker`` with its housekeeper and timer mover; True when it ended as asked
    (signal, burst done)."""
    threads: list[Housekeeper | TimerMover] = []
    try:
        housekeeper = Housekeeper(client, names, worker.name, sweep_s)
        threads.append(housekeeper)
        housekeeper.tick()  # a burst worker also runs what is due now
        mover = TimerMover(client, names, worker.name)
        threads.append(mover)
        mover.step()
        housekeeper.start()
        mover.start()
        worker.work(burst=burst, logging_level=level)
    except REDIS_DOWN:
        pass  # RQ's own clean-up needs Redis too; decided below
    finally:
        for thread in threads:
            thread.stop()
    if worker.stop_signalled:
        return True
    if not burst:
        return False  # an RQ worker loop ends by itself only when Redis failed it
    try:
        return bool(client.ping())  # a burst that ran dry, not one that lost Redis
    except REDIS_DOWN:
        return False
