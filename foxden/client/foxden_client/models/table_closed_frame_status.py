from enum import StrEnum

class TableClosedFrameStatus(StrEnum):
    CANCELLED = "cancelled"
    EXPIRED = "expired"

    def __str__(self) -> str:
        return str(self.value)
