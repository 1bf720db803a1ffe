from enum import StrEnum

class EventAuthorKind(StrEnum):
    BOT = "bot"
    PLAYER = "player"
    SYSTEM = "system"
    TIMEOUT = "timeout"

    def __str__(self) -> str:
        return str(self.value)
