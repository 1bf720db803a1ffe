from enum import StrEnum

class ListGamesGame(StrEnum):
    FETTE_BEUTE = "fette-beute"
    GLORIA_PICKTORIA = "gloria-picktoria"
    SLY = "sly"

    def __str__(self) -> str:
        return str(self.value)
