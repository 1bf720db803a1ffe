from enum import StrEnum

class GamesFrameActiveItemTakenOverType2Type1(StrEnum):
    IDLE = "idle"
    LEFT = "left"

    def __str__(self) -> str:
        return str(self.value)
