from enum import StrEnum

class FetteBeuteDealtStoresItemItem(StrEnum):
    ACORN = "acorn"
    HAZELNUT = "hazelnut"
    PEANUT = "peanut"
    SUNFLOWER = "sunflower"
    WALNUT = "walnut"

    def __str__(self) -> str:
        return str(self.value)
