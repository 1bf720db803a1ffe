from enum import StrEnum

class Status(StrEnum):
    ACTIVE = "active"
    CANCELLED = "cancelled"
    EXPIRED = "expired"
    FINISHED = "finished"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
