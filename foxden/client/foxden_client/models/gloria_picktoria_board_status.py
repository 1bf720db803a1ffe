from enum import StrEnum

class GloriaPicktoriaBoardStatus(StrEnum):
    DEALING = "dealing"
    OVER = "over"
    RUNNING = "running"

    def __str__(self) -> str:
        return str(self.value)
