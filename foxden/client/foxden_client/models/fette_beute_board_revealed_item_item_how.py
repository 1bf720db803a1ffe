from enum import StrEnum

class FetteBeuteBoardRevealedItemItemHow(StrEnum):
    CHOSEN = "chosen"
    FORCED = "forced"
    REACTIVE = "reactive"

    def __str__(self) -> str:
        return str(self.value)
