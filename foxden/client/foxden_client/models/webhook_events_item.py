from enum import StrEnum

class WebhookEventsItem(StrEnum):
    CHALLENGE = "challenge"
    CHALLENGE_CANCELED = "challenge_canceled"
    CHALLENGE_DECLINED = "challenge_declined"
    GAME_FINISHED = "game_finished"
    GAME_STARTED = "game_started"
    SEAT_TAKEN_OVER = "seat_taken_over"
    SEEK_PAIRED = "seek_paired"
    TABLE_CLOSED = "table_closed"
    WEBHOOK_DISABLED = "webhook_disabled"
    YOUR_TURN = "your_turn"

    def __str__(self) -> str:
        return str(self.value)
