from enum import StrEnum

class NewKeyScopesItem(StrEnum):
    CREATE = "create"
    PLAY = "play"
    READ = "read"

    def __str__(self) -> str:
        return str(self.value)
