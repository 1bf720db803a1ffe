from enum import StrEnum

class SeatTakenOverFrameReason(StrEnum):
    IDLE = "idle"
    LEFT = "left"

    def __str__(self) -> str:
        return str(self.value)
