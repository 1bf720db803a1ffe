from enum import StrEnum

class SlyBoardPhase(StrEnum):
    ACTION = "action"
    OVER = "over"
    REVEAL = "reveal"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
