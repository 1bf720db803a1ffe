from enum import StrEnum

class GameCreatedSeatsItemKind(StrEnum):
    BOT = "bot"
    HUMAN = "human"

    def __str__(self) -> str:
        return str(self.value)
