from enum import StrEnum

class SeatSummaryKind(StrEnum):
    BOT = "bot"
    HUMAN = "human"

    def __str__(self) -> str:
        return str(self.value)
