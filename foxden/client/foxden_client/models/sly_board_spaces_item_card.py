from enum import StrEnum

class SlyBoardSpacesItemCard(StrEnum):
    FOX = "fox"
    HEN1 = "hen1"
    HEN2 = "hen2"
    HEN3 = "hen3"
    HEN4 = "hen4"
    HEN5 = "hen5"
    HEN6 = "hen6"

    def __str__(self) -> str:
        return str(self.value)
