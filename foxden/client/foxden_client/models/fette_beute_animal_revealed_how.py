from enum import StrEnum

class FetteBeuteAnimalRevealedHow(StrEnum):
    CHOSEN = "chosen"
    FORCED = "forced"
    REACTIVE = "reactive"

    def __str__(self) -> str:
        return str(self.value)
