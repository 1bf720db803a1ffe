"""The application service's ports: what it needs from the world, as small protocols."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Protocol

from service.policies import FollowUp


class SchedulingFailed(Exception):
    """Some follow-up jobs could not be queued (the others were); ``failed`` says which, why."""

    def __init__(self, failed: Sequence[tuple[FollowUp, Exception]]) -> None:
        self.failed = list(failed)
        super().__init__("; ".join(f"{job.job_id}: {error!r}" for job, error in self.failed))


class Scheduler(Protocol):
    """Runs follow-up jobs later (the RQ adapter lives in ``workers.scheduler``)."""

    def schedule(self, jobs: Sequence[FollowUp]) -> None:
        """Queue every job; raises when some could not be (``SchedulingFailed``, or the
        connection's own error): the caller logs it and leaves the repair to the sweeper."""
        ...

    def missing(self, jobs: Sequence[FollowUp]) -> list[FollowUp]:
        """The jobs among ``jobs`` that are neither queued, scheduled nor running."""
        ...


class RecordingScheduler:
    """A scheduler that only remembers what it was asked to do (for tests and tools)."""

    def __init__(self) -> None:
        self.jobs: list[FollowUp] = []

    def schedule(self, jobs: Sequence[FollowUp]) -> None:
        self.jobs.extend(jobs)

    def missing(self, jobs: Sequence[FollowUp]) -> list[FollowUp]:
        return [job for job in jobs if job not in self.jobs]


def utc_now() -> str:
    """The current UTC time in ISO 8601 with milliseconds, as events record it."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def utc_after(instant: str, seconds: float) -> str:
    """``instant`` (as ``utc_now`` writes it) plus ``seconds``, in the same format."""
    later = datetime.fromisoformat(instant) + timedelta(seconds=seconds)
    return later.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
