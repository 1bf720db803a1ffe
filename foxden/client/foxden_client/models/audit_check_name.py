from enum import StrEnum

class AuditCheckName(StrEnum):
    CHAIN = "chain"
    DECK = "deck"
    RESIMULATION = "resimulation"
    RESULT = "result"
    SEED = "seed"

    def __str__(self) -> str:
        return str(self.value)
