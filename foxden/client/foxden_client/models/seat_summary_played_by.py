from enum import StrEnum

class SeatSummaryPlayedBy(StrEnum):
    BOT = "bot"
    PERSON = "person"

    def __str__(self) -> str:
        return str(self.value)
