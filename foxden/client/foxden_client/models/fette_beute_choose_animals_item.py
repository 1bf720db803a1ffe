from enum import StrEnum

class FetteBeuteChooseAnimalsItem(StrEnum):
    BEAVER = "beaver"
    HAMSTER = "hamster"
    MARMOT = "marmot"
    RACCOON = "raccoon"
    SQUIRREL = "squirrel"

    def __str__(self) -> str:
        return str(self.value)
