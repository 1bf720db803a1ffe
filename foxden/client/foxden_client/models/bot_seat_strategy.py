from enum import StrEnum

class BotSeatStrategy(StrEnum):
    GREEDY = "greedy"
    ISMCTS = "ismcts"
    RANDOM = "random"

    def __str__(self) -> str:
        return str(self.value)
