from enum import StrEnum

class FetteBeuteBeaverResolvedPayout(StrEnum):
    SHARED = "shared"
    SOLO = "solo"

    def __str__(self) -> str:
        return str(self.value)
