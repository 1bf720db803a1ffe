from enum import StrEnum

class SeekStatus(StrEnum):
    CANCELED = "canceled"
    PAIRED = "paired"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
