"""An audit's report: its checks, the pins an auditor noted, and how a person reads it.

Shared by the audit of a game's record (``service.audit``, whose checks are in
``service.audit_checks``) and the check of an archived game's place in the log
(``service.log_audit``). A check's detail is cut to ``DETAIL_MAX`` characters, and never quotes
event data (see ``service.audit``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

DETAIL_MAX = 300


@dataclass(frozen=True)
class Check:
    """One check's outcome: ``ok`` is None when it could not run yet (``detail`` says why)."""

    name: str
    ok: bool | None
    detail: str
    version: int | None = None  # the first version at fault, when ``ok`` is False

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "ok": self.ok, "detail": self.detail, "version": self.version}


@dataclass(frozen=True)
class Report:
    """The checks, and ``ok``: every check that ran holds."""

    checks: tuple[Check, ...]
    game_id: str | None = None
    game: str | None = None
    version: int = 0
    head_hash: str | None = None

    @property
    def ok(self) -> bool:
        return all(check.ok for check in self.checks if check.ok is not None)

    @property
    def complete(self) -> bool:
        """Every check ran and holds: what ``foxden audit`` requires for exit code 0."""
        return all(check.ok is True for check in self.checks)

    def adding(self, check: Check) -> Report:
        """This report with ``check`` after its own: how the ``log`` check of an archived
        game (``service.log_audit``), which needs evidence from outside the record, joins."""
        return replace(self, checks=(*self.checks, check))

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "checks": [check.to_dict() for check in self.checks],
            "version": self.version,
            "head_hash": self.head_hash,
        }


@dataclass(frozen=True)
class Pins:
    """What an auditor noted while the game ran (the summary shows both).

    ``commitment`` must be the one of the first event; each ``heads[v]`` must still be the hash
    of version ``v``. Only pins catch a forger who rewrites a whole finished game with a fresh
    seed of their own: everything else in the record would be consistent.
    """

    commitment: str | None = None
    heads: Mapping[int, str] = field(default_factory=dict)


def plural(number: int, noun: str) -> str:
    """``1 event``, ``2 events``: a count and its noun, agreed."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def version_range(count: int) -> str:
    """``version 1`` alone (a table nobody joined yet), else ``versions 1..N``."""
    return "version 1" if count == 1 else f"versions 1..{count}"


def short(text: str) -> str:
    return text if len(text) <= DETAIL_MAX else text[: DETAIL_MAX - 1] + "…"


def failed(name: str, version: int, detail: str) -> Check:
    return Check(name, False, short(detail), version)


def not_run(name: str, reason: str) -> Check:
    return Check(name, None, reason)


def guarded(name: str, run: Callable[[], Check]) -> Check:
    """A forged record may hold anything: a check that trips over it fails, never crashes.

    The checks name the version at fault wherever they can; this is the last resort.
    """
    try:
        return run()
    except Exception as error:
        return Check(name, False, short(f"the record cannot be followed: {error!r}"))


def format_report(report: Report) -> str:
    """The report as a person reads it (``foxden audit``)."""
    marks = {True: "ok  ", False: "FAIL", None: "--  "}
    title = f"Foxden audit of game {report.game_id or '?'}"
    if report.game:
        title += f" ({report.game})"
    lines = [title, f"  {plural(report.version, 'event')}, head {report.head_hash or '-'}"]
    width = max(len(check.name) for check in report.checks)
    for check in report.checks:
        at = f"v{check.version}: " if check.version is not None else ""
        lines.append(f"  {marks[check.ok]}  {check.name:<{width}}  {at}{check.detail}")
    failed = [check for check in report.checks if check.ok is False]
    pending = [check for check in report.checks if check.ok is None]
    if failed:
        first = min((check.version for check in failed if check.version is not None), default=None)
        where = f"; first fault at version {first}" if first is not None else ""
        lines.append(f"FAILED: {len(failed)} of {len(report.checks)} checks failed{where}")
    elif pending:
        held = len(report.checks) - len(pending)
        lines.append(
            f"INCOMPLETE: {plural(held, 'check')} {'holds' if held == 1 else 'hold'}, "
            f"{len(pending)} could not run yet"
        )
    else:
        lines.append(f"PASSED: all {len(report.checks)} checks hold")
    return "\n".join(lines)
