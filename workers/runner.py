"""``foxden worker``: an RQ worker with the scheduler, on every Foxden queue."""

from __future__ import annotations

from rq import SimpleWorker
from rq.serializers import JSONSerializer

from workers.jobs import SWEEPER_JOB_ID, service
from workers.scheduler import BOTS, MAINTENANCE, TIMEOUTS, queues


def ensure_sweeper(connection) -> None:  # type: ignore[no-untyped-def]
    """Start the sweeper's self-renewing chain unless one is already queued or scheduled."""
    from rq.exceptions import NoSuchJobError
    from rq.job import Job

    from workers.scheduler import LIVE

    try:
        job = Job.fetch(SWEEPER_JOB_ID, connection=connection, serializer=JSONSerializer)
        if job.get_status() in LIVE:
            return
    except NoSuchJobError:
        pass
    queues(connection)[MAINTENANCE].enqueue("workers.jobs.sweep", job_id=SWEEPER_JOB_ID)


def run_worker(*, burst: bool = False, name: str | None = None) -> int:
    """Run until stopped (or, with ``burst``, until the queues are empty).

    A ``SimpleWorker`` runs jobs in its own process instead of forking one per job, so the
    service's state cache stays warm between jobs (about 4× the throughput of a forking
    worker). A job still gets its timeout, and a worker that dies mid-job is covered by the
    sweeper.
    """
    connection = service().store.redis
    ensure_sweeper(connection)
    by_name = queues(connection)
    worker = SimpleWorker(
        [by_name[BOTS], by_name[TIMEOUTS], by_name[MAINTENANCE]],
        connection=connection,
        serializer=JSONSerializer,
        name=name,
    )
    worker.work(with_scheduler=True, burst=burst)
    return 0
