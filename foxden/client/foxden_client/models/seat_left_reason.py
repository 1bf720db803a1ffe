from enum import StrEnum

class SeatLeftReason(StrEnum):
    IDLE = "idle"
    LEFT = "left"

    def __str__(self) -> str:
        return str(self.value)
