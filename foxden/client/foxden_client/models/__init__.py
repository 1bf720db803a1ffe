""" Contains all the data models used in inputs/outputs """

from .account import Account
from .account_kind import AccountKind
from .audit_check import AuditCheck
from .audit_check_name import AuditCheckName
from .audit_report import AuditReport
from .bot_seat import BotSeat
from .bot_seat_strategy import BotSeatStrategy
from .bundle import Bundle
from .catalog import Catalog
from .catalog_entry import CatalogEntry
from .catalog_entry_options import CatalogEntryOptions
from .challenge import Challenge
from .challenge_bots_item import ChallengeBotsItem
from .challenge_canceled_frame import ChallengeCanceledFrame
from .challenge_canceled_frame_reason import ChallengeCanceledFrameReason
from .challenge_declined_frame import ChallengeDeclinedFrame
from .challenge_frame import ChallengeFrame
from .challenge_opponents_item import ChallengeOpponentsItem
from .challenge_opponents_item_answer_type_1 import ChallengeOpponentsItemAnswerType1
from .challenge_opponents_item_answer_type_2_type_1 import ChallengeOpponentsItemAnswerType2Type1
from .challenge_opponents_item_answer_type_3_type_1 import ChallengeOpponentsItemAnswerType3Type1
from .challenge_status import ChallengeStatus
from .command_result import CommandResult
from .consistency_proof import ConsistencyProof
from .create_fette_beute import CreateFetteBeute
from .create_gloria_picktoria import CreateGloriaPicktoria
from .create_my_stream_ticket_response_201 import CreateMyStreamTicketResponse201
from .create_sly import CreateSly
from .create_stream_ticket_response_201 import CreateStreamTicketResponse201
from .created_game import CreatedGame
from .created_game_options import CreatedGameOptions
from .device_code import DeviceCode
from .event_author import EventAuthor
from .event_author_kind import EventAuthorKind
from .event_page import EventPage
from .fette_beute_animal_revealed import FetteBeuteAnimalRevealed
from .fette_beute_animal_revealed_animal import FetteBeuteAnimalRevealedAnimal
from .fette_beute_animal_revealed_event import FetteBeuteAnimalRevealedEvent
from .fette_beute_animal_revealed_event_cause import FetteBeuteAnimalRevealedEventCause
from .fette_beute_animal_revealed_how import FetteBeuteAnimalRevealedHow
from .fette_beute_animals_chosen import FetteBeuteAnimalsChosen
from .fette_beute_animals_chosen_animals_item import FetteBeuteAnimalsChosenAnimalsItem
from .fette_beute_animals_chosen_event import FetteBeuteAnimalsChosenEvent
from .fette_beute_animals_chosen_event_cause import FetteBeuteAnimalsChosenEventCause
from .fette_beute_beaver_resolved import FetteBeuteBeaverResolved
from .fette_beute_beaver_resolved_event import FetteBeuteBeaverResolvedEvent
from .fette_beute_beaver_resolved_event_cause import FetteBeuteBeaverResolvedEventCause
from .fette_beute_beaver_resolved_payout import FetteBeuteBeaverResolvedPayout
from .fette_beute_beaver_resolved_source import FetteBeuteBeaverResolvedSource
from .fette_beute_board import FetteBeuteBoard
from .fette_beute_board_face_down_animals_item_type_0_item import FetteBeuteBoardFaceDownAnimalsItemType0Item
from .fette_beute_board_phase import FetteBeuteBoardPhase
from .fette_beute_board_revealed_item_item import FetteBeuteBoardRevealedItemItem
from .fette_beute_board_revealed_item_item_animal import FetteBeuteBoardRevealedItemItemAnimal
from .fette_beute_board_revealed_item_item_how import FetteBeuteBoardRevealedItemItemHow
from .fette_beute_board_rules import FetteBeuteBoardRules
from .fette_beute_board_stores_item import FetteBeuteBoardStoresItem
from .fette_beute_choose import FetteBeuteChoose
from .fette_beute_choose_animals_item import FetteBeuteChooseAnimalsItem
from .fette_beute_dealt import FetteBeuteDealt
from .fette_beute_dealt_event import FetteBeuteDealtEvent
from .fette_beute_dealt_event_cause import FetteBeuteDealtEventCause
from .fette_beute_dealt_stores_item_item import FetteBeuteDealtStoresItemItem
from .fette_beute_dealt_supply_item import FetteBeuteDealtSupplyItem
from .fette_beute_food_drawn import FetteBeuteFoodDrawn
from .fette_beute_food_drawn_event import FetteBeuteFoodDrawnEvent
from .fette_beute_food_drawn_event_cause import FetteBeuteFoodDrawnEventCause
from .fette_beute_food_drawn_food import FetteBeuteFoodDrawnFood
from .fette_beute_food_stolen import FetteBeuteFoodStolen
from .fette_beute_food_stolen_event import FetteBeuteFoodStolenEvent
from .fette_beute_food_stolen_event_cause import FetteBeuteFoodStolenEventCause
from .fette_beute_food_stolen_food import FetteBeuteFoodStolenFood
from .fette_beute_game_finished import FetteBeuteGameFinished
from .fette_beute_game_finished_event import FetteBeuteGameFinishedEvent
from .fette_beute_game_finished_event_cause import FetteBeuteGameFinishedEventCause
from .fette_beute_game_finished_reason import FetteBeuteGameFinishedReason
from .fette_beute_marmot_copied import FetteBeuteMarmotCopied
from .fette_beute_marmot_copied_animal import FetteBeuteMarmotCopiedAnimal
from .fette_beute_marmot_copied_event import FetteBeuteMarmotCopiedEvent
from .fette_beute_marmot_copied_event_cause import FetteBeuteMarmotCopiedEventCause
from .fette_beute_options import FetteBeuteOptions
from .fette_beute_result import FetteBeuteResult
from .fette_beute_result_reason import FetteBeuteResultReason
from .fette_beute_reveal import FetteBeuteReveal
from .fette_beute_reveal_animal import FetteBeuteRevealAnimal
from .fette_beute_reveal_turn_began import FetteBeuteRevealTurnBegan
from .fette_beute_reveal_turn_began_event import FetteBeuteRevealTurnBeganEvent
from .fette_beute_reveal_turn_began_event_cause import FetteBeuteRevealTurnBeganEventCause
from .fette_beute_round_ended import FetteBeuteRoundEnded
from .fette_beute_round_ended_event import FetteBeuteRoundEndedEvent
from .fette_beute_round_ended_event_cause import FetteBeuteRoundEndedEventCause
from .fette_beute_round_started import FetteBeuteRoundStarted
from .fette_beute_round_started_event import FetteBeuteRoundStartedEvent
from .fette_beute_round_started_event_cause import FetteBeuteRoundStartedEventCause
from .fette_beute_steal import FetteBeuteSteal
from .fette_beute_steal_kind import FetteBeuteStealKind
from .fette_beute_theft_blocked import FetteBeuteTheftBlocked
from .fette_beute_theft_blocked_event import FetteBeuteTheftBlockedEvent
from .fette_beute_theft_blocked_event_cause import FetteBeuteTheftBlockedEventCause
from .fette_beute_theft_blocked_food import FetteBeuteTheftBlockedFood
from .game_created import GameCreated
from .game_created_event import GameCreatedEvent
from .game_created_event_cause import GameCreatedEventCause
from .game_created_options import GameCreatedOptions
from .game_created_seats_item import GameCreatedSeatsItem
from .game_created_seats_item_kind import GameCreatedSeatsItemKind
from .game_ended import GameEnded
from .game_ended_event import GameEndedEvent
from .game_ended_event_cause import GameEndedEventCause
from .game_finished_frame import GameFinishedFrame
from .game_finished_frame_result import GameFinishedFrameResult
from .game_list import GameList
from .game_list_item import GameListItem
from .game_started import GameStarted
from .game_started_event import GameStartedEvent
from .game_started_event_cause import GameStartedEventCause
from .game_started_frame import GameStartedFrame
from .game_started_orders import GameStartedOrders
from .game_summary import GameSummary
from .game_summary_options import GameSummaryOptions
from .games_frame import GamesFrame
from .games_frame_active_item import GamesFrameActiveItem
from .games_frame_active_item_taken_over_type_1 import GamesFrameActiveItemTakenOverType1
from .games_frame_active_item_taken_over_type_2_type_1 import GamesFrameActiveItemTakenOverType2Type1
from .games_frame_active_item_taken_over_type_3_type_1 import GamesFrameActiveItemTakenOverType3Type1
from .games_frame_waiting_item import GamesFrameWaitingItem
from .get_events_follow import GetEventsFollow
from .gloria_picktoria_blind_draw_begun import GloriaPicktoriaBlindDrawBegun
from .gloria_picktoria_blind_draw_begun_event import GloriaPicktoriaBlindDrawBegunEvent
from .gloria_picktoria_blind_draw_begun_event_cause import GloriaPicktoriaBlindDrawBegunEventCause
from .gloria_picktoria_board import GloriaPicktoriaBoard
from .gloria_picktoria_board_display_item_type_1 import GloriaPicktoriaBoardDisplayItemType1
from .gloria_picktoria_board_display_item_type_2_type_1 import GloriaPicktoriaBoardDisplayItemType2Type1
from .gloria_picktoria_board_display_item_type_3_type_1 import GloriaPicktoriaBoardDisplayItemType3Type1
from .gloria_picktoria_board_fox_type_0 import GloriaPicktoriaBoardFoxType0
from .gloria_picktoria_board_hand_type_0_item import GloriaPicktoriaBoardHandType0Item
from .gloria_picktoria_board_hands_item_item import GloriaPicktoriaBoardHandsItemItem
from .gloria_picktoria_board_pile_item import GloriaPicktoriaBoardPileItem
from .gloria_picktoria_board_rules import GloriaPicktoriaBoardRules
from .gloria_picktoria_board_scorings_item import GloriaPicktoriaBoardScoringsItem
from .gloria_picktoria_board_scorings_item_excluded_type_0 import GloriaPicktoriaBoardScoringsItemExcludedType0
from .gloria_picktoria_board_scorings_item_penalties_type_0_item import GloriaPicktoriaBoardScoringsItemPenaltiesType0Item
from .gloria_picktoria_board_scorings_item_points_item import GloriaPicktoriaBoardScoringsItemPointsItem
from .gloria_picktoria_board_seats_item import GloriaPicktoriaBoardSeatsItem
from .gloria_picktoria_board_seats_item_chests_item import GloriaPicktoriaBoardSeatsItemChestsItem
from .gloria_picktoria_board_seats_item_chests_item_card import GloriaPicktoriaBoardSeatsItemChestsItemCard
from .gloria_picktoria_board_seats_item_chests_item_motif_type_1 import GloriaPicktoriaBoardSeatsItemChestsItemMotifType1
from .gloria_picktoria_board_seats_item_chests_item_motif_type_2_type_1 import GloriaPicktoriaBoardSeatsItemChestsItemMotifType2Type1
from .gloria_picktoria_board_seats_item_chests_item_motif_type_3_type_1 import GloriaPicktoriaBoardSeatsItemChestsItemMotifType3Type1
from .gloria_picktoria_board_status import GloriaPicktoriaBoardStatus
from .gloria_picktoria_card_drawn_blind import GloriaPicktoriaCardDrawnBlind
from .gloria_picktoria_card_drawn_blind_card_type_1 import GloriaPicktoriaCardDrawnBlindCardType1
from .gloria_picktoria_card_drawn_blind_card_type_2_type_1 import GloriaPicktoriaCardDrawnBlindCardType2Type1
from .gloria_picktoria_card_drawn_blind_card_type_3_type_1 import GloriaPicktoriaCardDrawnBlindCardType3Type1
from .gloria_picktoria_card_drawn_blind_event import GloriaPicktoriaCardDrawnBlindEvent
from .gloria_picktoria_card_drawn_blind_event_cause import GloriaPicktoriaCardDrawnBlindEventCause
from .gloria_picktoria_card_laid import GloriaPicktoriaCardLaid
from .gloria_picktoria_card_laid_card import GloriaPicktoriaCardLaidCard
from .gloria_picktoria_card_laid_event import GloriaPicktoriaCardLaidEvent
from .gloria_picktoria_card_laid_event_cause import GloriaPicktoriaCardLaidEventCause
from .gloria_picktoria_card_laid_motif import GloriaPicktoriaCardLaidMotif
from .gloria_picktoria_cards_dealt import GloriaPicktoriaCardsDealt
from .gloria_picktoria_cards_dealt_display_item import GloriaPicktoriaCardsDealtDisplayItem
from .gloria_picktoria_cards_dealt_event import GloriaPicktoriaCardsDealtEvent
from .gloria_picktoria_cards_dealt_event_cause import GloriaPicktoriaCardsDealtEventCause
from .gloria_picktoria_cards_dealt_hands_item_type_0_item import GloriaPicktoriaCardsDealtHandsItemType0Item
from .gloria_picktoria_cards_dealt_pile_item import GloriaPicktoriaCardsDealtPileItem
from .gloria_picktoria_chest_made import GloriaPicktoriaChestMade
from .gloria_picktoria_chest_made_card import GloriaPicktoriaChestMadeCard
from .gloria_picktoria_chest_made_event import GloriaPicktoriaChestMadeEvent
from .gloria_picktoria_chest_made_event_cause import GloriaPicktoriaChestMadeEventCause
from .gloria_picktoria_display_card_taken import GloriaPicktoriaDisplayCardTaken
from .gloria_picktoria_display_card_taken_card import GloriaPicktoriaDisplayCardTakenCard
from .gloria_picktoria_display_card_taken_event import GloriaPicktoriaDisplayCardTakenEvent
from .gloria_picktoria_display_card_taken_event_cause import GloriaPicktoriaDisplayCardTakenEventCause
from .gloria_picktoria_display_refilled import GloriaPicktoriaDisplayRefilled
from .gloria_picktoria_display_refilled_card import GloriaPicktoriaDisplayRefilledCard
from .gloria_picktoria_display_refilled_event import GloriaPicktoriaDisplayRefilledEvent
from .gloria_picktoria_display_refilled_event_cause import GloriaPicktoriaDisplayRefilledEventCause
from .gloria_picktoria_doubler_played import GloriaPicktoriaDoublerPlayed
from .gloria_picktoria_doubler_played_event import GloriaPicktoriaDoublerPlayedEvent
from .gloria_picktoria_doubler_played_event_cause import GloriaPicktoriaDoublerPlayedEventCause
from .gloria_picktoria_draw_blind import GloriaPicktoriaDrawBlind
from .gloria_picktoria_end_turn import GloriaPicktoriaEndTurn
from .gloria_picktoria_final_scoring_held import GloriaPicktoriaFinalScoringHeld
from .gloria_picktoria_final_scoring_held_event import GloriaPicktoriaFinalScoringHeldEvent
from .gloria_picktoria_final_scoring_held_event_cause import GloriaPicktoriaFinalScoringHeldEventCause
from .gloria_picktoria_final_scoring_held_excluded_type_0 import GloriaPicktoriaFinalScoringHeldExcludedType0
from .gloria_picktoria_final_scoring_held_penalties_item import GloriaPicktoriaFinalScoringHeldPenaltiesItem
from .gloria_picktoria_final_scoring_held_points_item import GloriaPicktoriaFinalScoringHeldPointsItem
from .gloria_picktoria_fox_entered import GloriaPicktoriaFoxEntered
from .gloria_picktoria_fox_entered_event import GloriaPicktoriaFoxEnteredEvent
from .gloria_picktoria_fox_entered_event_cause import GloriaPicktoriaFoxEnteredEventCause
from .gloria_picktoria_fox_moved import GloriaPicktoriaFoxMoved
from .gloria_picktoria_fox_moved_event import GloriaPicktoriaFoxMovedEvent
from .gloria_picktoria_fox_moved_event_cause import GloriaPicktoriaFoxMovedEventCause
from .gloria_picktoria_fox_passed import GloriaPicktoriaFoxPassed
from .gloria_picktoria_fox_passed_event import GloriaPicktoriaFoxPassedEvent
from .gloria_picktoria_fox_passed_event_cause import GloriaPicktoriaFoxPassedEventCause
from .gloria_picktoria_lay import GloriaPicktoriaLay
from .gloria_picktoria_lay_kind import GloriaPicktoriaLayKind
from .gloria_picktoria_make_chest import GloriaPicktoriaMakeChest
from .gloria_picktoria_make_chest_kind import GloriaPicktoriaMakeChestKind
from .gloria_picktoria_move_fox import GloriaPicktoriaMoveFox
from .gloria_picktoria_options import GloriaPicktoriaOptions
from .gloria_picktoria_pass_fox import GloriaPicktoriaPassFox
from .gloria_picktoria_play_doubler import GloriaPicktoriaPlayDoubler
from .gloria_picktoria_result import GloriaPicktoriaResult
from .gloria_picktoria_result_penalties_item import GloriaPicktoriaResultPenaltiesItem
from .gloria_picktoria_scoring_card_set_aside import GloriaPicktoriaScoringCardSetAside
from .gloria_picktoria_scoring_card_set_aside_event import GloriaPicktoriaScoringCardSetAsideEvent
from .gloria_picktoria_scoring_card_set_aside_event_cause import GloriaPicktoriaScoringCardSetAsideEventCause
from .gloria_picktoria_scoring_held import GloriaPicktoriaScoringHeld
from .gloria_picktoria_scoring_held_event import GloriaPicktoriaScoringHeldEvent
from .gloria_picktoria_scoring_held_event_cause import GloriaPicktoriaScoringHeldEventCause
from .gloria_picktoria_scoring_held_excluded_type_0 import GloriaPicktoriaScoringHeldExcludedType0
from .gloria_picktoria_scoring_held_points_item import GloriaPicktoriaScoringHeldPointsItem
from .gloria_picktoria_take_display import GloriaPicktoriaTakeDisplay
from .gloria_picktoria_turn_ended import GloriaPicktoriaTurnEnded
from .gloria_picktoria_turn_ended_event import GloriaPicktoriaTurnEndedEvent
from .gloria_picktoria_turn_ended_event_cause import GloriaPicktoriaTurnEndedEventCause
from .healthz_response_200 import HealthzResponse200
from .human_seat import HumanSeat
from .invite import Invite
from .join import Join
from .joined import Joined
from .key import Key
from .leaderboard import Leaderboard
from .leaderboard_entry import LeaderboardEntry
from .leaderboard_entry_kind import LeaderboardEntryKind
from .leave import Leave
from .legal_moves import LegalMoves
from .list_games_game import ListGamesGame
from .list_keys_response_200 import ListKeysResponse200
from .list_webhooks_response_200 import ListWebhooksResponse200
from .log_info import LogInfo
from .log_leaves import LogLeaves
from .log_proof import LogProof
from .me import Me
from .me_key import MeKey
from .me_kind import MeKind
from .my_challenges import MyChallenges
from .my_game import MyGame
from .my_game_status import MyGameStatus
from .my_games import MyGames
from .my_games_status import MyGamesStatus
from .my_seeks_response_200 import MySeeksResponse200
from .my_stream_response_200 import MyStreamResponse200
from .new_challenge import NewChallenge
from .new_challenge_bots_item import NewChallengeBotsItem
from .new_key import NewKey
from .new_key_made import NewKeyMade
from .new_key_scopes_item import NewKeyScopesItem
from .new_seek import NewSeek
from .new_webhook import NewWebhook
from .option import Option
from .player_joined import PlayerJoined
from .player_joined_event import PlayerJoinedEvent
from .player_joined_event_cause import PlayerJoinedEventCause
from .problem import Problem
from .problem_errors import ProblemErrors
from .profile import Profile
from .profile_game import ProfileGame
from .profile_kind import ProfileKind
from .profile_rating import ProfileRating
from .rating import Rating
from .rating_history import RatingHistory
from .rating_point import RatingPoint
from .readyz_response_200 import ReadyzResponse200
from .redeliver_webhook_response_202 import RedeliverWebhookResponse202
from .reset_frame import ResetFrame
from .scopes_item import ScopesItem
from .seat_left import SeatLeft
from .seat_left_event import SeatLeftEvent
from .seat_left_event_cause import SeatLeftEventCause
from .seat_left_reason import SeatLeftReason
from .seat_reopened import SeatReopened
from .seat_reopened_event import SeatReopenedEvent
from .seat_reopened_event_cause import SeatReopenedEventCause
from .seat_summary import SeatSummary
from .seat_summary_kind import SeatSummaryKind
from .seat_summary_played_by import SeatSummaryPlayedBy
from .seat_summary_taken_over_type_1 import SeatSummaryTakenOverType1
from .seat_summary_taken_over_type_2_type_1 import SeatSummaryTakenOverType2Type1
from .seat_summary_taken_over_type_3_type_1 import SeatSummaryTakenOverType3Type1
from .seat_taken_over_frame import SeatTakenOverFrame
from .seat_taken_over_frame_reason import SeatTakenOverFrameReason
from .seek import Seek
from .seek_paired_frame import SeekPairedFrame
from .seek_status import SeekStatus
from .sign_up import SignUp
from .sign_up_kind import SignUpKind
from .signed_up import SignedUp
from .signed_up_kind import SignedUpKind
from .sly_board import SlyBoard
from .sly_board_end_reason_type_1 import SlyBoardEndReasonType1
from .sly_board_end_reason_type_2_type_1 import SlyBoardEndReasonType2Type1
from .sly_board_end_reason_type_3_type_1 import SlyBoardEndReasonType3Type1
from .sly_board_final_flips_item import SlyBoardFinalFlipsItem
from .sly_board_final_flips_item_card import SlyBoardFinalFlipsItemCard
from .sly_board_gobbled_item_item import SlyBoardGobbledItemItem
from .sly_board_gobbled_item_item_card import SlyBoardGobbledItemItemCard
from .sly_board_hands_item_type_0_item import SlyBoardHandsItemType0Item
from .sly_board_phase import SlyBoardPhase
from .sly_board_returned_item import SlyBoardReturnedItem
from .sly_board_spaces_item import SlyBoardSpacesItem
from .sly_board_spaces_item_card import SlyBoardSpacesItemCard
from .sly_board_spaces_item_status import SlyBoardSpacesItemStatus
from .sly_card_flipped import SlyCardFlipped
from .sly_card_flipped_card import SlyCardFlippedCard
from .sly_card_flipped_event import SlyCardFlippedEvent
from .sly_card_flipped_event_cause import SlyCardFlippedEventCause
from .sly_card_laid import SlyCardLaid
from .sly_card_laid_card import SlyCardLaidCard
from .sly_card_laid_event import SlyCardLaidEvent
from .sly_card_laid_event_cause import SlyCardLaidEventCause
from .sly_expose import SlyExpose
from .sly_fox_captured import SlyFoxCaptured
from .sly_fox_captured_event import SlyFoxCapturedEvent
from .sly_fox_captured_event_cause import SlyFoxCapturedEventCause
from .sly_hen_exposed import SlyHenExposed
from .sly_hen_exposed_card import SlyHenExposedCard
from .sly_hen_exposed_event import SlyHenExposedEvent
from .sly_hen_exposed_event_cause import SlyHenExposedEventCause
from .sly_lay import SlyLay
from .sly_lay_card import SlyLayCard
from .sly_options import SlyOptions
from .sly_play_ended import SlyPlayEnded
from .sly_play_ended_event import SlyPlayEndedEvent
from .sly_play_ended_event_cause import SlyPlayEndedEventCause
from .sly_play_ended_flips_item import SlyPlayEndedFlipsItem
from .sly_play_ended_flips_item_card import SlyPlayEndedFlipsItemCard
from .sly_play_ended_reason import SlyPlayEndedReason
from .sly_result import SlyResult
from .sly_result_breakdown_item import SlyResultBreakdownItem
from .sly_result_decided_by import SlyResultDecidedBy
from .sly_result_end_reason import SlyResultEndReason
from .sly_reveal_flip import SlyRevealFlip
from .sly_reveal_resolved import SlyRevealResolved
from .sly_reveal_resolved_event import SlyRevealResolvedEvent
from .sly_reveal_resolved_event_cause import SlyRevealResolvedEventCause
from .sly_reveal_resolved_gobbled_type_0 import SlyRevealResolvedGobbledType0
from .sly_reveal_resolved_gobbled_type_0_card import SlyRevealResolvedGobbledType0Card
from .sly_reveal_resolved_returned_item import SlyRevealResolvedReturnedItem
from .sly_reveal_resolved_returned_item_card import SlyRevealResolvedReturnedItemCard
from .sly_reveal_resolved_safe_type_0 import SlyRevealResolvedSafeType0
from .sly_reveal_resolved_safe_type_0_card import SlyRevealResolvedSafeType0Card
from .sly_reveal_stop import SlyRevealStop
from .sly_table_set_up import SlyTableSetUp
from .sly_table_set_up_event import SlyTableSetUpEvent
from .sly_table_set_up_event_cause import SlyTableSetUpEventCause
from .sly_table_set_up_hand_item import SlyTableSetUpHandItem
from .sly_table_set_up_spaces_item import SlyTableSetUpSpacesItem
from .status import Status
from .stream_events_response_200 import StreamEventsResponse200
from .table_cancelled import TableCancelled
from .table_cancelled_event import TableCancelledEvent
from .table_cancelled_event_cause import TableCancelledEventCause
from .table_closed_frame import TableClosedFrame
from .table_closed_frame_status import TableClosedFrameStatus
from .table_expired import TableExpired
from .table_expired_event import TableExpiredEvent
from .table_expired_event_cause import TableExpiredEventCause
from .table_options import TableOptions
from .turn_clock import TurnClock
from .view import View
from .webhook import Webhook
from .webhook_attempt import WebhookAttempt
from .webhook_attempt_outcome import WebhookAttemptOutcome
from .webhook_attempts_response_200 import WebhookAttemptsResponse200
from .webhook_disabled_frame import WebhookDisabledFrame
from .webhook_events_item import WebhookEventsItem
from .webhook_made import WebhookMade
from .webhook_made_status import WebhookMadeStatus
from .webhook_status import WebhookStatus
from .your_turn_frame import YourTurnFrame

__all__ = (
    "Account",
    "AccountKind",
    "AuditCheck",
    "AuditCheckName",
    "AuditReport",
    "BotSeat",
    "BotSeatStrategy",
    "Bundle",
    "Catalog",
    "CatalogEntry",
    "CatalogEntryOptions",
    "Challenge",
    "ChallengeBotsItem",
    "ChallengeCanceledFrame",
    "ChallengeCanceledFrameReason",
    "ChallengeDeclinedFrame",
    "ChallengeFrame",
    "ChallengeOpponentsItem",
    "ChallengeOpponentsItemAnswerType1",
    "ChallengeOpponentsItemAnswerType2Type1",
    "ChallengeOpponentsItemAnswerType3Type1",
    "ChallengeStatus",
    "CommandResult",
    "ConsistencyProof",
    "CreatedGame",
    "CreatedGameOptions",
    "CreateFetteBeute",
    "CreateGloriaPicktoria",
    "CreateMyStreamTicketResponse201",
    "CreateSly",
    "CreateStreamTicketResponse201",
    "DeviceCode",
    "EventAuthor",
    "EventAuthorKind",
    "EventPage",
    "FetteBeuteAnimalRevealed",
    "FetteBeuteAnimalRevealedAnimal",
    "FetteBeuteAnimalRevealedEvent",
    "FetteBeuteAnimalRevealedEventCause",
    "FetteBeuteAnimalRevealedHow",
    "FetteBeuteAnimalsChosen",
    "FetteBeuteAnimalsChosenAnimalsItem",
    "FetteBeuteAnimalsChosenEvent",
    "FetteBeuteAnimalsChosenEventCause",
    "FetteBeuteBeaverResolved",
    "FetteBeuteBeaverResolvedEvent",
    "FetteBeuteBeaverResolvedEventCause",
    "FetteBeuteBeaverResolvedPayout",
    "FetteBeuteBeaverResolvedSource",
    "FetteBeuteBoard",
    "FetteBeuteBoardFaceDownAnimalsItemType0Item",
    "FetteBeuteBoardPhase",
    "FetteBeuteBoardRevealedItemItem",
    "FetteBeuteBoardRevealedItemItemAnimal",
    "FetteBeuteBoardRevealedItemItemHow",
    "FetteBeuteBoardRules",
    "FetteBeuteBoardStoresItem",
    "FetteBeuteChoose",
    "FetteBeuteChooseAnimalsItem",
    "FetteBeuteDealt",
    "FetteBeuteDealtEvent",
    "FetteBeuteDealtEventCause",
    "FetteBeuteDealtStoresItemItem",
    "FetteBeuteDealtSupplyItem",
    "FetteBeuteFoodDrawn",
    "FetteBeuteFoodDrawnEvent",
    "FetteBeuteFoodDrawnEventCause",
    "FetteBeuteFoodDrawnFood",
    "FetteBeuteFoodStolen",
    "FetteBeuteFoodStolenEvent",
    "FetteBeuteFoodStolenEventCause",
    "FetteBeuteFoodStolenFood",
    "FetteBeuteGameFinished",
    "FetteBeuteGameFinishedEvent",
    "FetteBeuteGameFinishedEventCause",
    "FetteBeuteGameFinishedReason",
    "FetteBeuteMarmotCopied",
    "FetteBeuteMarmotCopiedAnimal",
    "FetteBeuteMarmotCopiedEvent",
    "FetteBeuteMarmotCopiedEventCause",
    "FetteBeuteOptions",
    "FetteBeuteResult",
    "FetteBeuteResultReason",
    "FetteBeuteReveal",
    "FetteBeuteRevealAnimal",
    "FetteBeuteRevealTurnBegan",
    "FetteBeuteRevealTurnBeganEvent",
    "FetteBeuteRevealTurnBeganEventCause",
    "FetteBeuteRoundEnded",
    "FetteBeuteRoundEndedEvent",
    "FetteBeuteRoundEndedEventCause",
    "FetteBeuteRoundStarted",
    "FetteBeuteRoundStartedEvent",
    "FetteBeuteRoundStartedEventCause",
    "FetteBeuteSteal",
    "FetteBeuteStealKind",
    "FetteBeuteTheftBlocked",
    "FetteBeuteTheftBlockedEvent",
    "FetteBeuteTheftBlockedEventCause",
    "FetteBeuteTheftBlockedFood",
    "GameCreated",
    "GameCreatedEvent",
    "GameCreatedEventCause",
    "GameCreatedOptions",
    "GameCreatedSeatsItem",
    "GameCreatedSeatsItemKind",
    "GameEnded",
    "GameEndedEvent",
    "GameEndedEventCause",
    "GameFinishedFrame",
    "GameFinishedFrameResult",
    "GameList",
    "GameListItem",
    "GamesFrame",
    "GamesFrameActiveItem",
    "GamesFrameActiveItemTakenOverType1",
    "GamesFrameActiveItemTakenOverType2Type1",
    "GamesFrameActiveItemTakenOverType3Type1",
    "GamesFrameWaitingItem",
    "GameStarted",
    "GameStartedEvent",
    "GameStartedEventCause",
    "GameStartedFrame",
    "GameStartedOrders",
    "GameSummary",
    "GameSummaryOptions",
    "GetEventsFollow",
    "GloriaPicktoriaBlindDrawBegun",
    "GloriaPicktoriaBlindDrawBegunEvent",
    "GloriaPicktoriaBlindDrawBegunEventCause",
    "GloriaPicktoriaBoard",
    "GloriaPicktoriaBoardDisplayItemType1",
    "GloriaPicktoriaBoardDisplayItemType2Type1",
    "GloriaPicktoriaBoardDisplayItemType3Type1",
    "GloriaPicktoriaBoardFoxType0",
    "GloriaPicktoriaBoardHandsItemItem",
    "GloriaPicktoriaBoardHandType0Item",
    "GloriaPicktoriaBoardPileItem",
    "GloriaPicktoriaBoardRules",
    "GloriaPicktoriaBoardScoringsItem",
    "GloriaPicktoriaBoardScoringsItemExcludedType0",
    "GloriaPicktoriaBoardScoringsItemPenaltiesType0Item",
    "GloriaPicktoriaBoardScoringsItemPointsItem",
    "GloriaPicktoriaBoardSeatsItem",
    "GloriaPicktoriaBoardSeatsItemChestsItem",
    "GloriaPicktoriaBoardSeatsItemChestsItemCard",
    "GloriaPicktoriaBoardSeatsItemChestsItemMotifType1",
    "GloriaPicktoriaBoardSeatsItemChestsItemMotifType2Type1",
    "GloriaPicktoriaBoardSeatsItemChestsItemMotifType3Type1",
    "GloriaPicktoriaBoardStatus",
    "GloriaPicktoriaCardDrawnBlind",
    "GloriaPicktoriaCardDrawnBlindCardType1",
    "GloriaPicktoriaCardDrawnBlindCardType2Type1",
    "GloriaPicktoriaCardDrawnBlindCardType3Type1",
    "GloriaPicktoriaCardDrawnBlindEvent",
    "GloriaPicktoriaCardDrawnBlindEventCause",
    "GloriaPicktoriaCardLaid",
    "GloriaPicktoriaCardLaidCard",
    "GloriaPicktoriaCardLaidEvent",
    "GloriaPicktoriaCardLaidEventCause",
    "GloriaPicktoriaCardLaidMotif",
    "GloriaPicktoriaCardsDealt",
    "GloriaPicktoriaCardsDealtDisplayItem",
    "GloriaPicktoriaCardsDealtEvent",
    "GloriaPicktoriaCardsDealtEventCause",
    "GloriaPicktoriaCardsDealtHandsItemType0Item",
    "GloriaPicktoriaCardsDealtPileItem",
    "GloriaPicktoriaChestMade",
    "GloriaPicktoriaChestMadeCard",
    "GloriaPicktoriaChestMadeEvent",
    "GloriaPicktoriaChestMadeEventCause",
    "GloriaPicktoriaDisplayCardTaken",
    "GloriaPicktoriaDisplayCardTakenCard",
    "GloriaPicktoriaDisplayCardTakenEvent",
    "GloriaPicktoriaDisplayCardTakenEventCause",
    "GloriaPicktoriaDisplayRefilled",
    "GloriaPicktoriaDisplayRefilledCard",
    "GloriaPicktoriaDisplayRefilledEvent",
    "GloriaPicktoriaDisplayRefilledEventCause",
    "GloriaPicktoriaDoublerPlayed",
    "GloriaPicktoriaDoublerPlayedEvent",
    "GloriaPicktoriaDoublerPlayedEventCause",
    "GloriaPicktoriaDrawBlind",
    "GloriaPicktoriaEndTurn",
    "GloriaPicktoriaFinalScoringHeld",
    "GloriaPicktoriaFinalScoringHeldEvent",
    "GloriaPicktoriaFinalScoringHeldEventCause",
    "GloriaPicktoriaFinalScoringHeldExcludedType0",
    "GloriaPicktoriaFinalScoringHeldPenaltiesItem",
    "GloriaPicktoriaFinalScoringHeldPointsItem",
    "GloriaPicktoriaFoxEntered",
    "GloriaPicktoriaFoxEnteredEvent",
    "GloriaPicktoriaFoxEnteredEventCause",
    "GloriaPicktoriaFoxMoved",
    "GloriaPicktoriaFoxMovedEvent",
    "GloriaPicktoriaFoxMovedEventCause",
    "GloriaPicktoriaFoxPassed",
    "GloriaPicktoriaFoxPassedEvent",
    "GloriaPicktoriaFoxPassedEventCause",
    "GloriaPicktoriaLay",
    "GloriaPicktoriaLayKind",
    "GloriaPicktoriaMakeChest",
    "GloriaPicktoriaMakeChestKind",
    "GloriaPicktoriaMoveFox",
    "GloriaPicktoriaOptions",
    "GloriaPicktoriaPassFox",
    "GloriaPicktoriaPlayDoubler",
    "GloriaPicktoriaResult",
    "GloriaPicktoriaResultPenaltiesItem",
    "GloriaPicktoriaScoringCardSetAside",
    "GloriaPicktoriaScoringCardSetAsideEvent",
    "GloriaPicktoriaScoringCardSetAsideEventCause",
    "GloriaPicktoriaScoringHeld",
    "GloriaPicktoriaScoringHeldEvent",
    "GloriaPicktoriaScoringHeldEventCause",
    "GloriaPicktoriaScoringHeldExcludedType0",
    "GloriaPicktoriaScoringHeldPointsItem",
    "GloriaPicktoriaTakeDisplay",
    "GloriaPicktoriaTurnEnded",
    "GloriaPicktoriaTurnEndedEvent",
    "GloriaPicktoriaTurnEndedEventCause",
    "HealthzResponse200",
    "HumanSeat",
    "Invite",
    "Join",
    "Joined",
    "Key",
    "Leaderboard",
    "LeaderboardEntry",
    "LeaderboardEntryKind",
    "Leave",
    "LegalMoves",
    "ListGamesGame",
    "ListKeysResponse200",
    "ListWebhooksResponse200",
    "LogInfo",
    "LogLeaves",
    "LogProof",
    "Me",
    "MeKey",
    "MeKind",
    "MyChallenges",
    "MyGame",
    "MyGames",
    "MyGamesStatus",
    "MyGameStatus",
    "MySeeksResponse200",
    "MyStreamResponse200",
    "NewChallenge",
    "NewChallengeBotsItem",
    "NewKey",
    "NewKeyMade",
    "NewKeyScopesItem",
    "NewSeek",
    "NewWebhook",
    "Option",
    "PlayerJoined",
    "PlayerJoinedEvent",
    "PlayerJoinedEventCause",
    "Problem",
    "ProblemErrors",
    "Profile",
    "ProfileGame",
    "ProfileKind",
    "ProfileRating",
    "Rating",
    "RatingHistory",
    "RatingPoint",
    "ReadyzResponse200",
    "RedeliverWebhookResponse202",
    "ResetFrame",
    "ScopesItem",
    "SeatLeft",
    "SeatLeftEvent",
    "SeatLeftEventCause",
    "SeatLeftReason",
    "SeatReopened",
    "SeatReopenedEvent",
    "SeatReopenedEventCause",
    "SeatSummary",
    "SeatSummaryKind",
    "SeatSummaryPlayedBy",
    "SeatSummaryTakenOverType1",
    "SeatSummaryTakenOverType2Type1",
    "SeatSummaryTakenOverType3Type1",
    "SeatTakenOverFrame",
    "SeatTakenOverFrameReason",
    "Seek",
    "SeekPairedFrame",
    "SeekStatus",
    "SignedUp",
    "SignedUpKind",
    "SignUp",
    "SignUpKind",
    "SlyBoard",
    "SlyBoardEndReasonType1",
    "SlyBoardEndReasonType2Type1",
    "SlyBoardEndReasonType3Type1",
    "SlyBoardFinalFlipsItem",
    "SlyBoardFinalFlipsItemCard",
    "SlyBoardGobbledItemItem",
    "SlyBoardGobbledItemItemCard",
    "SlyBoardHandsItemType0Item",
    "SlyBoardPhase",
    "SlyBoardReturnedItem",
    "SlyBoardSpacesItem",
    "SlyBoardSpacesItemCard",
    "SlyBoardSpacesItemStatus",
    "SlyCardFlipped",
    "SlyCardFlippedCard",
    "SlyCardFlippedEvent",
    "SlyCardFlippedEventCause",
    "SlyCardLaid",
    "SlyCardLaidCard",
    "SlyCardLaidEvent",
    "SlyCardLaidEventCause",
    "SlyExpose",
    "SlyFoxCaptured",
    "SlyFoxCapturedEvent",
    "SlyFoxCapturedEventCause",
    "SlyHenExposed",
    "SlyHenExposedCard",
    "SlyHenExposedEvent",
    "SlyHenExposedEventCause",
    "SlyLay",
    "SlyLayCard",
    "SlyOptions",
    "SlyPlayEnded",
    "SlyPlayEndedEvent",
    "SlyPlayEndedEventCause",
    "SlyPlayEndedFlipsItem",
    "SlyPlayEndedFlipsItemCard",
    "SlyPlayEndedReason",
    "SlyResult",
    "SlyResultBreakdownItem",
    "SlyResultDecidedBy",
    "SlyResultEndReason",
    "SlyRevealFlip",
    "SlyRevealResolved",
    "SlyRevealResolvedEvent",
    "SlyRevealResolvedEventCause",
    "SlyRevealResolvedGobbledType0",
    "SlyRevealResolvedGobbledType0Card",
    "SlyRevealResolvedReturnedItem",
    "SlyRevealResolvedReturnedItemCard",
    "SlyRevealResolvedSafeType0",
    "SlyRevealResolvedSafeType0Card",
    "SlyRevealStop",
    "SlyTableSetUp",
    "SlyTableSetUpEvent",
    "SlyTableSetUpEventCause",
    "SlyTableSetUpHandItem",
    "SlyTableSetUpSpacesItem",
    "Status",
    "StreamEventsResponse200",
    "TableCancelled",
    "TableCancelledEvent",
    "TableCancelledEventCause",
    "TableClosedFrame",
    "TableClosedFrameStatus",
    "TableExpired",
    "TableExpiredEvent",
    "TableExpiredEventCause",
    "TableOptions",
    "TurnClock",
    "View",
    "Webhook",
    "WebhookAttempt",
    "WebhookAttemptOutcome",
    "WebhookAttemptsResponse200",
    "WebhookDisabledFrame",
    "WebhookEventsItem",
    "WebhookMade",
    "WebhookMadeStatus",
    "WebhookStatus",
    "YourTurnFrame",
)
