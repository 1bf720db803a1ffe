from enum import StrEnum

class FetteBeuteBoardFaceDownAnimalsItemType0Item(StrEnum):
    BEAVER = "beaver"
    HAMSTER = "hamster"
    MARMOT = "marmot"
    RACCOON = "raccoon"
    SQUIRREL = "squirrel"

    def __str__(self) -> str:
        return str(self.value)
