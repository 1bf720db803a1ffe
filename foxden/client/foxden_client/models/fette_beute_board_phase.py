from enum import StrEnum

class FetteBeuteBoardPhase(StrEnum):
    CHOOSE = "choose"
    CLEANUP = "cleanup"
    OVER = "over"
    REVEAL = "reveal"
    SETUP = "setup"

    def __str__(self) -> str:
        return str(self.value)
