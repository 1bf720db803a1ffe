from enum import StrEnum

class SlyBoardSpacesItemStatus(StrEnum):
    EMPTY = "empty"
    FACE_DOWN = "face_down"
    FLIPPED = "flipped"
    SAFE = "safe"

    def __str__(self) -> str:
        return str(self.value)
