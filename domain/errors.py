"""Rule errors: a player's command that the rules do not allow.

Every error carries a stable machine-readable ``code`` that the API returns as-is, so clients
can branch on it. ``detail`` is a human sentence; it must never name hidden information (another
seat's face-down card, the order of a deck).
"""

from __future__ import annotations


class RuleError(Exception):
    """A command the rules reject. Subclasses fix the ``code``; ``detail`` explains."""

    code: str = "rule_violation"

    def __init__(self, detail: str, *, code: str | None = None) -> None:
        super().__init__(detail)
        self.detail = detail
        if code is not None:
            self.code = code


class NotYourTurn(RuleError):
    """The seat is not among those to act now."""

    code = "not_your_turn"


class IllegalMove(RuleError):
    """The command is well formed but the rules forbid it in this state."""

    code = "illegal_move"


class GameOver(RuleError):
    """The game has ended; nothing more can be played."""

    code = "game_over"


class GameNotStarted(RuleError):
    """The game still waits for players."""

    code = "not_started"


class GameFull(RuleError):
    """Every human seat is taken."""

    code = "game_full"


class SeatTaken(RuleError):
    """The requested seat is taken or not open to humans."""

    code = "seat_taken"


class NoSuchSeat(RuleError):
    """A seat number beyond the table (how many seats there are depends on the game)."""

    code = "no_such_seat"


class AlreadyStarted(RuleError):
    """Joining after the start is not possible."""

    code = "already_started"


class InvalidSetup(RuleError):
    """A game set-up (player count, options, seats) outside what the game allows."""

    code = "invalid_setup"


class SeatLeft(RuleError):
    """The seat is played by a bot since its player left; the player can no longer move it."""

    code = "seat_left"


class TableClosed(RuleError):
    """The table was cancelled or expired before it started; nothing more can happen."""

    code = "table_closed"


class AlreadySeated(RuleError):
    """The account joining holds a seat of this table already (one seat per account)."""

    code = "already_seated"
