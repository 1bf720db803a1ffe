from enum import StrEnum

class SlyPlayEndedReason(StrEnum):
    HOUSE_FULL = "house_full"
    LOW_HAND = "low_hand"
    TURN_CAP = "turn_cap"

    def __str__(self) -> str:
        return str(self.value)
