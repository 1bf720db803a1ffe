from enum import StrEnum

class GamesFrameActiveItemTakenOverType3Type1(StrEnum):
    IDLE = "idle"
    LEFT = "left"

    def __str__(self) -> str:
        return str(self.value)
