from enum import StrEnum

class SlyResultDecidedBy(StrEnum):
    CAPTURED_FOXES = "captured_foxes"
    SAFE_HENS = "safe_hens"
    SCORE = "score"
    SHARED = "shared"

    def __str__(self) -> str:
        return str(self.value)
