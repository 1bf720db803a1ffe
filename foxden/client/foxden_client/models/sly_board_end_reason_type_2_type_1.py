from enum import StrEnum

class SlyBoardEndReasonType2Type1(StrEnum):
    HOUSE_FULL = "house_full"
    LOW_HAND = "low_hand"
    TURN_CAP = "turn_cap"

    def __str__(self) -> str:
        return str(self.value)
