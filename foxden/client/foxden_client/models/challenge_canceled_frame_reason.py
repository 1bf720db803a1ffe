from enum import StrEnum

class ChallengeCanceledFrameReason(StrEnum):
    CANCELED = "canceled"
    EXPIRED = "expired"

    def __str__(self) -> str:
        return str(self.value)
