from enum import StrEnum

class FetteBeuteResultReason(StrEnum):
    FIVE_OF_A_KIND = "five_of_a_kind"
    ROUND_CAP = "round_cap"
    SUPPLY_EXHAUSTED = "supply_exhausted"

    def __str__(self) -> str:
        return str(self.value)
