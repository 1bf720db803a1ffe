"""Real ``redis-server`` processes for tests and benchmarks: one server, or a Redis Cluster.

Everything listens on 127.0.0.1 on free ports (a cluster's bus ports too, through
``--cluster-port``, so they never land outside the port range), keeps its files in a directory
of the caller's, and is stopped by its pid, never by name.

* :func:`start_server` starts one server with the options given (say, AOF with
  ``appendfsync always``), and :meth:`Server.kill` / :meth:`Server.restart` SIGKILL it and start
  it again on the same port and files.
* :func:`start_cluster` starts ``masters`` nodes (and ``replicas`` per master), joins them with
  ``redis-cli --cluster create`` and waits until every node reports ``cluster_state:ok`` and
  every replica is linked to its master.
"""

from __future__ import annotations

import contextlib
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

START_TIMEOUT_S = 5
CLUSTER_TIMEOUT_S = 20


def binaries() -> tuple[str, str] | None:
    """``(redis-server, redis-cli)`` from PATH, or None when either is missing."""
    server, cli = shutil.which("redis-server"), shutil.which("redis-cli")
    return (server, cli) if server and cli else None


def free_port(taken: set[int] | None = None) -> int:
    """A TCP port free on loopback now (and not in ``taken``)."""
    while True:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        if not taken or port not in taken:
            return port


def plain_client(port: int, timeout: float = 2.0) -> redis.Redis:
    """A client that fails at once (no retries), for set-up and checks."""
    return redis.Redis(
        host="127.0.0.1",
        port=port,
        socket_connect_timeout=timeout,
        socket_timeout=timeout,
        retry=Retry(NoBackoff(), 0),
        decode_responses=True,
    )


@dataclass
class Server:
    """One ``redis-server`` process."""

    binary: str
    port: int
    workdir: Path
    options: list[str]
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def start(self) -> Server:
        self.workdir.mkdir(parents=True, exist_ok=True)
        command = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1"]
        command += ["--dir", str(self.workdir), "--daemonize", "no", *self.options]
        with (self.workdir / "redis.log").open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + START_TIMEOUT_S
        client = plain_client(self.port, 0.2)
        try:
            while time.monotonic() < deadline and self.process.poll() is None:
                with contextlib.suppress(redis.RedisError, OSError):
                    # LOADING (an AOF being read back) is an error reply: not ready yet.
                    if client.ping():
                        return self
                time.sleep(0.02)
        finally:
            client.close()
        self.stop()
        log_text = (self.workdir / "redis.log").read_text(errors="replace")[-2000:]
        raise RuntimeError(f"redis-server on port {self.port} did not start:\n{log_text}")

    def kill(self) -> None:
        """SIGKILL, as a crash or the OOM killer would: nothing is flushed."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(5)

    def restart(self) -> Server:
        self.kill()
        return self.start()

    def stop(self) -> None:
        """SIGTERM by pid, SIGKILL after 5 s."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)


def start_server(binary: str, workdir: Path, *options: str) -> Server:
    """A server on a free port with ``options`` (default: no persistence at all)."""
    options = options or ("--save", "", "--appendonly", "no")
    return Server(binary, free_port(), workdir, list(options)).start()


@dataclass
class Cluster:
    """A Redis Cluster on loopback: its nodes (masters first) and how to reach it."""

    nodes: list[Server]
    masters: int
    node_timeout_ms: int
    bus_ports: list[int] = field(default_factory=list)

    @property
    def url(self) -> str:
        """A ``redis+cluster://`` URL naming the first node (the client discovers the rest)."""
        return f"redis+cluster://127.0.0.1:{self.nodes[0].port}"

    def master_of(self, key: str) -> Server:
        """The node that serves ``key``'s slot now."""
        for node in self.nodes:
            if node.process is None or node.process.poll() is not None:
                continue
            client = plain_client(node.port)
            try:
                slot = client.cluster("keyslot", key)
                for start, end, master, *_ in client.cluster("slots"):
                    if start <= int(slot) <= end:
                        port = int(master[1])
                        return next(n for n in self.nodes if n.port == port)
            except redis.RedisError:
                continue
            finally:
                client.close()
        raise RuntimeError(f"no live node knows the master of {key!r}")

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()


def start_cluster(
    workdir: Path,
    *,
    masters: int = 3,
    replicas: int = 0,
    node_timeout_ms: int = 2000,
    options: tuple[str, ...] = ("--save", "", "--appendonly", "no"),
) -> Cluster:
    """``masters`` × (1 + ``replicas``) nodes joined into one cluster, ready for commands.

    Raises RuntimeError (after stopping what it started) when the cluster does not form.
    """
    found = binaries()
    if found is None:
        raise RuntimeError("redis-server and redis-cli are needed on PATH")
    server, cli = found
    taken: set[int] = set()
    nodes: list[Server] = []
    bus_ports: list[int] = []
    cluster = Cluster(nodes, masters, node_timeout_ms, bus_ports)
    try:
        for n in range(masters * (1 + replicas)):
            port = free_port(taken)
            taken.add(port)
            bus = free_port(taken)
            taken.add(bus)
            bus_ports.append(bus)
            node_dir = workdir / f"node-{n}-{port}"
            node_options = [
                "--cluster-enabled",
                "yes",
                "--cluster-config-file",
                str(node_dir / "nodes.conf"),
                "--cluster-node-timeout",
                str(node_timeout_ms),
                "--cluster-port",
                str(bus),
                *options,
            ]
            nodes.append(Server(server, port, node_dir, node_options).start())
        if masters == 1 and replicas == 0:
            # redis-cli wants 3 masters at least; one node can take every slot itself.
            client = plain_client(nodes[0].port)
            client.execute_command("CLUSTER", "ADDSLOTSRANGE", 0, 16383)
            client.close()
        else:
            _create(cli, nodes, replicas)
        _wait_until_formed(cluster, replicas)
        # redis-cli makes the first ``masters`` nodes the masters; keep them first in the list.
        roles = {node.port: _role(node.port) for node in nodes}
        nodes.sort(key=lambda node: roles[node.port] != "master")
        return cluster
    except BaseException:
        cluster.stop()
        raise


def _create(cli: str, nodes: list[Server], replicas: int) -> None:
    addresses = [f"127.0.0.1:{node.port}" for node in nodes]
    create = [cli, "--cluster", "create", *addresses, "--cluster-replicas", str(replicas)]
    done = subprocess.run(
        [*create, "--cluster-yes"], check=False, capture_output=True, text=True, timeout=60
    )
    if done.returncode != 0:
        raise RuntimeError(f"redis-cli --cluster create failed:\n{done.stdout}{done.stderr}")


def _role(port: int) -> str:
    client = plain_client(port)
    try:
        return str(client.info("replication")["role"])
    finally:
        client.close()


def _wait_until_formed(cluster: Cluster, replicas: int) -> None:
    deadline = time.monotonic() + CLUSTER_TIMEOUT_S
    while time.monotonic() < deadline:
        if all(_ready(node.port, replicas) for node in cluster.nodes):
            return
        time.sleep(0.05)
    raise RuntimeError(f"the cluster did not form within {CLUSTER_TIMEOUT_S} s")


def _ready(port: int, replicas: int) -> bool:
    client = plain_client(port)
    try:
        if client.cluster("info")["cluster_state"] != "ok":
            return False
        info = client.info("replication")
        if info["role"] != "master":
            return info.get("master_link_status") == "up"
        # Right after create a replica may still show as a master that serves no slot.
        me = client.cluster("myid")
        serves = any(master[2] == me for _, _, master, *_ in client.cluster("slots"))
        return serves and int(info["connected_slaves"]) >= replicas
    except (redis.RedisError, OSError, KeyError, IndexError):
        return False
    finally:
        client.close()
