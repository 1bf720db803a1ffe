from enum import StrEnum

class GloriaPicktoriaMakeChestKind(StrEnum):
    JOKER = "joker"
    M0 = "m0"
    M1 = "m1"
    M2 = "m2"
    M3 = "m3"
    M4 = "m4"
    M5 = "m5"
    M6 = "m6"
    M7 = "m7"
    M8 = "m8"
    M9 = "m9"

    def __str__(self) -> str:
        return str(self.value)
