from enum import StrEnum

class WebhookAttemptOutcome(StrEnum):
    DELIVERED = "delivered"
    FAILED = "failed"

    def __str__(self) -> str:
        return str(self.value)
