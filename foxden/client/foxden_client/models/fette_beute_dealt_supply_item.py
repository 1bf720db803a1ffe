from enum import StrEnum

class FetteBeuteDealtSupplyItem(StrEnum):
    ACORN = "acorn"
    HAZELNUT = "hazelnut"
    PEANUT = "peanut"
    SUNFLOWER = "sunflower"
    WALNUT = "walnut"

    def __str__(self) -> str:
        return str(self.value)
