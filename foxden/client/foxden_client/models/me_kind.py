from enum import StrEnum

class MeKind(StrEnum):
    BOT = "bot"
    PERSON = "person"

    def __str__(self) -> str:
        return str(self.value)
