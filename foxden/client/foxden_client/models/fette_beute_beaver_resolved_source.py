from enum import StrEnum

class FetteBeuteBeaverResolvedSource(StrEnum):
    BEAVER = "beaver"
    MARMOT = "marmot"

    def __str__(self) -> str:
        return str(self.value)
