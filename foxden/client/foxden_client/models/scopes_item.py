from enum import StrEnum

class ScopesItem(StrEnum):
    CREATE = "create"
    PLAY = "play"
    READ = "read"

    def __str__(self) -> str:
        return str(self.value)
