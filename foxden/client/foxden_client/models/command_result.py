from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.fette_beute_animal_revealed_event import FetteBeuteAnimalRevealedEvent
  from ..models.fette_beute_animals_chosen_event import FetteBeuteAnimalsChosenEvent
  from ..models.fette_beute_beaver_resolved_event import FetteBeuteBeaverResolvedEvent
  from ..models.fette_beute_dealt_event import FetteBeuteDealtEvent
  from ..models.fette_beute_food_drawn_event import FetteBeuteFoodDrawnEvent
  from ..models.fette_beute_food_stolen_event import FetteBeuteFoodStolenEvent
  from ..models.fette_beute_game_finished_event import FetteBeuteGameFinishedEvent
  from ..models.fette_beute_marmot_copied_event import FetteBeuteMarmotCopiedEvent
  from ..models.fette_beute_reveal_turn_began_event import FetteBeuteRevealTurnBeganEvent
  from ..models.fette_beute_round_ended_event import FetteBeuteRoundEndedEvent
  from ..models.fette_beute_round_started_event import FetteBeuteRoundStartedEvent
  from ..models.fette_beute_theft_blocked_event import FetteBeuteTheftBlockedEvent
  from ..models.game_created_event import GameCreatedEvent
  from ..models.game_ended_event import GameEndedEvent
  from ..models.game_started_event import GameStartedEvent
  from ..models.gloria_picktoria_blind_draw_begun_event import GloriaPicktoriaBlindDrawBegunEvent
  from ..models.gloria_picktoria_card_drawn_blind_event import GloriaPicktoriaCardDrawnBlindEvent
  from ..models.gloria_picktoria_card_laid_event import GloriaPicktoriaCardLaidEvent
  from ..models.gloria_picktoria_cards_dealt_event import GloriaPicktoriaCardsDealtEvent
  from ..models.gloria_picktoria_chest_made_event import GloriaPicktoriaChestMadeEvent
  from ..models.gloria_picktoria_display_card_taken_event import GloriaPicktoriaDisplayCardTakenEvent
  from ..models.gloria_picktoria_display_refilled_event import GloriaPicktoriaDisplayRefilledEvent
  from ..models.gloria_picktoria_doubler_played_event import GloriaPicktoriaDoublerPlayedEvent
  from ..models.gloria_picktoria_final_scoring_held_event import GloriaPicktoriaFinalScoringHeldEvent
  from ..models.gloria_picktoria_fox_entered_event import GloriaPicktoriaFoxEnteredEvent
  from ..models.gloria_picktoria_fox_moved_event import GloriaPicktoriaFoxMovedEvent
  from ..models.gloria_picktoria_fox_passed_event import GloriaPicktoriaFoxPassedEvent
  from ..models.gloria_picktoria_scoring_card_set_aside_event import GloriaPicktoriaScoringCardSetAsideEvent
  from ..models.gloria_picktoria_scoring_held_event import GloriaPicktoriaScoringHeldEvent
  from ..models.gloria_picktoria_turn_ended_event import GloriaPicktoriaTurnEndedEvent
  from ..models.player_joined_event import PlayerJoinedEvent
  from ..models.seat_left_event import SeatLeftEvent
  from ..models.seat_reopened_event import SeatReopenedEvent
  from ..models.sly_card_flipped_event import SlyCardFlippedEvent
  from ..models.sly_card_laid_event import SlyCardLaidEvent
  from ..models.sly_fox_captured_event import SlyFoxCapturedEvent
  from ..models.sly_hen_exposed_event import SlyHenExposedEvent
  from ..models.sly_play_ended_event import SlyPlayEndedEvent
  from ..models.sly_reveal_resolved_event import SlyRevealResolvedEvent
  from ..models.sly_table_set_up_event import SlyTableSetUpEvent
  from ..models.table_cancelled_event import TableCancelledEvent
  from ..models.table_expired_event import TableExpiredEvent
  from ..models.view import View





T = TypeVar("T", bound="CommandResult")



@_attrs_define
class CommandResult:
    """ 
        Attributes:
            version (int):
            events (list[FetteBeuteAnimalRevealedEvent | FetteBeuteAnimalsChosenEvent | FetteBeuteBeaverResolvedEvent |
                FetteBeuteDealtEvent | FetteBeuteFoodDrawnEvent | FetteBeuteFoodStolenEvent | FetteBeuteGameFinishedEvent |
                FetteBeuteMarmotCopiedEvent | FetteBeuteRevealTurnBeganEvent | FetteBeuteRoundEndedEvent |
                FetteBeuteRoundStartedEvent | FetteBeuteTheftBlockedEvent | GameCreatedEvent | GameEndedEvent | GameStartedEvent
                | GloriaPicktoriaBlindDrawBegunEvent | GloriaPicktoriaCardDrawnBlindEvent | GloriaPicktoriaCardLaidEvent |
                GloriaPicktoriaCardsDealtEvent | GloriaPicktoriaChestMadeEvent | GloriaPicktoriaDisplayCardTakenEvent |
                GloriaPicktoriaDisplayRefilledEvent | GloriaPicktoriaDoublerPlayedEvent | GloriaPicktoriaFinalScoringHeldEvent |
                GloriaPicktoriaFoxEnteredEvent | GloriaPicktoriaFoxMovedEvent | GloriaPicktoriaFoxPassedEvent |
                GloriaPicktoriaScoringCardSetAsideEvent | GloriaPicktoriaScoringHeldEvent | GloriaPicktoriaTurnEndedEvent |
                PlayerJoinedEvent | SeatLeftEvent | SeatReopenedEvent | SlyCardFlippedEvent | SlyCardLaidEvent |
                SlyFoxCapturedEvent | SlyHenExposedEvent | SlyPlayEndedEvent | SlyRevealResolvedEvent | SlyTableSetUpEvent |
                TableCancelledEvent | TableExpiredEvent]):
            state (View):
     """

    version: int
    events: list[FetteBeuteAnimalRevealedEvent | FetteBeuteAnimalsChosenEvent | FetteBeuteBeaverResolvedEvent | FetteBeuteDealtEvent | FetteBeuteFoodDrawnEvent | FetteBeuteFoodStolenEvent | FetteBeuteGameFinishedEvent | FetteBeuteMarmotCopiedEvent | FetteBeuteRevealTurnBeganEvent | FetteBeuteRoundEndedEvent | FetteBeuteRoundStartedEvent | FetteBeuteTheftBlockedEvent | GameCreatedEvent | GameEndedEvent | GameStartedEvent | GloriaPicktoriaBlindDrawBegunEvent | GloriaPicktoriaCardDrawnBlindEvent | GloriaPicktoriaCardLaidEvent | GloriaPicktoriaCardsDealtEvent | GloriaPicktoriaChestMadeEvent | GloriaPicktoriaDisplayCardTakenEvent | GloriaPicktoriaDisplayRefilledEvent | GloriaPicktoriaDoublerPlayedEvent | GloriaPicktoriaFinalScoringHeldEvent | GloriaPicktoriaFoxEnteredEvent | GloriaPicktoriaFoxMovedEvent | GloriaPicktoriaFoxPassedEvent | GloriaPicktoriaScoringCardSetAsideEvent | GloriaPicktoriaScoringHeldEvent | GloriaPicktoriaTurnEndedEvent | PlayerJoinedEvent | SeatLeftEvent | SeatReopenedEvent | SlyCardFlippedEvent | SlyCardLaidEvent | SlyFoxCapturedEvent | SlyHenExposedEvent | SlyPlayEndedEvent | SlyRevealResolvedEvent | SlyTableSetUpEvent | TableCancelledEvent | TableExpiredEvent]
    state: View





    def to_dict(self) -> dict[str, Any]:
        from ..models.fette_beute_animal_revealed_event import FetteBeuteAnimalRevealedEvent # noqa: PLC0415
        from ..models.fette_beute_animals_chosen_event import FetteBeuteAnimalsChosenEvent # noqa: PLC0415
        from ..models.fette_beute_beaver_resolved_event import FetteBeuteBeaverResolvedEvent # noqa: PLC0415
        from ..models.fette_beute_dealt_event import FetteBeuteDealtEvent # noqa: PLC0415
        from ..models.fette_beute_food_drawn_event import FetteBeuteFoodDrawnEvent # noqa: PLC0415
        from ..models.fette_beute_food_stolen_event import FetteBeuteFoodStolenEvent # noqa: PLC0415
        from ..models.fette_beute_game_finished_event import FetteBeuteGameFinishedEvent # noqa: PLC0415
        from ..models.fette_beute_marmot_copied_event import FetteBeuteMarmotCopiedEvent # noqa: PLC0415
        from ..models.fette_beute_reveal_turn_began_event import FetteBeuteRevealTurnBeganEvent # noqa: PLC0415
        from ..models.fette_beute_round_ended_event import FetteBeuteRoundEndedEvent # noqa: PLC0415
        from ..models.fette_beute_round_started_event import FetteBeuteRoundStartedEvent # noqa: PLC0415
        from ..models.fette_beute_theft_blocked_event import FetteBeuteTheftBlockedEvent # noqa: PLC0415
        from ..models.game_created_event import GameCreatedEvent # noqa: PLC0415
        from ..models.game_ended_event import GameEndedEvent # noqa: PLC0415
        from ..models.game_started_event import GameStartedEvent # noqa: PLC0415
        from ..models.gloria_picktoria_blind_draw_begun_event import GloriaPicktoriaBlindDrawBegunEvent # noqa: PLC0415
        from ..models.gloria_picktoria_card_drawn_blind_event import GloriaPicktoriaCardDrawnBlindEvent # noqa: PLC0415
        from ..models.gloria_picktoria_card_laid_event import GloriaPicktoriaCardLaidEvent # noqa: PLC0415
        from ..models.gloria_picktoria_cards_dealt_event import GloriaPicktoriaCardsDealtEvent # noqa: PLC0415
        from ..models.gloria_picktoria_chest_made_event import GloriaPicktoriaChestMadeEvent # noqa: PLC0415
        from ..models.gloria_picktoria_display_card_taken_event import GloriaPicktoriaDisplayCardTakenEvent # noqa: PLC0415
        from ..models.gloria_picktoria_display_refilled_event import GloriaPicktoriaDisplayRefilledEvent # noqa: PLC0415
        from ..models.gloria_picktoria_doubler_played_event import GloriaPicktoriaDoublerPlayedEvent # noqa: PLC0415
        from ..models.gloria_picktoria_final_scoring_held_event import GloriaPicktoriaFinalScoringHeldEvent # noqa: PLC0415
        from ..models.gloria_picktoria_fox_entered_event import GloriaPicktoriaFoxEnteredEvent # noqa: PLC0415
        from ..models.gloria_picktoria_fox_moved_event import GloriaPicktoriaFoxMovedEvent # noqa: PLC0415
        from ..models.gloria_picktoria_fox_passed_event import GloriaPicktoriaFoxPassedEvent # noqa: PLC0415
        from ..models.gloria_picktoria_scoring_card_set_aside_event import GloriaPicktoriaScoringCardSetAsideEvent # noqa: PLC0415
        from ..models.gloria_picktoria_scoring_held_event import GloriaPicktoriaScoringHeldEvent # noqa: PLC0415
        from ..models.gloria_picktoria_turn_ended_event import GloriaPicktoriaTurnEndedEvent # noqa: PLC0415
        from ..models.player_joined_event import PlayerJoinedEvent # noqa: PLC0415
        from ..models.seat_left_event import SeatLeftEvent # noqa: PLC0415
        from ..models.seat_reopened_event import SeatReopenedEvent # noqa: PLC0415
        from ..models.sly_card_flipped_event import SlyCardFlippedEvent # noqa: PLC0415
        from ..models.sly_card_laid_event import SlyCardLaidEvent # noqa: PLC0415
        from ..models.sly_fox_captured_event import SlyFoxCapturedEvent # noqa: PLC0415
        from ..models.sly_hen_exposed_event import SlyHenExposedEvent # noqa: PLC0415
        from ..models.sly_play_ended_event import SlyPlayEndedEvent # noqa: PLC0415
        from ..models.sly_reveal_resolved_event import SlyRevealResolvedEvent # noqa: PLC0415
        from ..models.sly_table_set_up_event import SlyTableSetUpEvent # noqa: PLC0415
        from ..models.table_cancelled_event import TableCancelledEvent # noqa: PLC0415
        from ..models.table_expired_event import TableExpiredEvent # noqa: PLC0415
        from ..models.view import View # noqa: PLC0415
        version = self.version

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, GameCreatedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PlayerJoinedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GameStartedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeatLeftEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeatReopenedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TableCancelledEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TableExpiredEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GameEndedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, FetteBeuteDealtEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, FetteBeuteAnimalsChosenEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, FetteBeuteRevealTurnBeganEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, FetteBeuteAnimalRevealedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, FetteBeuteMarmotCopiedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, FetteBeuteFoodDrawnEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, FetteBeuteFoodStolenEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, FetteBeuteTheftBlockedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, FetteBeuteBeaverResolvedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, FetteBeuteRoundEndedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, FetteBeuteRoundStartedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, FetteBeuteGameFinishedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SlyTableSetUpEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SlyCardLaidEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SlyFoxCapturedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SlyHenExposedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SlyCardFlippedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SlyRevealResolvedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SlyPlayEndedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GloriaPicktoriaCardsDealtEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GloriaPicktoriaChestMadeEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GloriaPicktoriaCardLaidEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GloriaPicktoriaFoxEnteredEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GloriaPicktoriaDoublerPlayedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GloriaPicktoriaDisplayCardTakenEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GloriaPicktoriaBlindDrawBegunEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GloriaPicktoriaCardDrawnBlindEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GloriaPicktoriaDisplayRefilledEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GloriaPicktoriaScoringCardSetAsideEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GloriaPicktoriaScoringHeldEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GloriaPicktoriaFinalScoringHeldEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GloriaPicktoriaFoxMovedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GloriaPicktoriaFoxPassedEvent):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)



        state = self.state.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "version": version,
            "events": events,
            "state": state,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fette_beute_animal_revealed_event import FetteBeuteAnimalRevealedEvent # noqa: PLC0415
        from ..models.fette_beute_animals_chosen_event import FetteBeuteAnimalsChosenEvent # noqa: PLC0415
        from ..models.fette_beute_beaver_resolved_event import FetteBeuteBeaverResolvedEvent # noqa: PLC0415
        from ..models.fette_beute_dealt_event import FetteBeuteDealtEvent # noqa: PLC0415
        from ..models.fette_beute_food_drawn_event import FetteBeuteFoodDrawnEvent # noqa: PLC0415
        from ..models.fette_beute_food_stolen_event import FetteBeuteFoodStolenEvent # noqa: PLC0415
        from ..models.fette_beute_game_finished_event import FetteBeuteGameFinishedEvent # noqa: PLC0415
        from ..models.fette_beute_marmot_copied_event import FetteBeuteMarmotCopiedEvent # noqa: PLC0415
        from ..models.fette_beute_reveal_turn_began_event import FetteBeuteRevealTurnBeganEvent # noqa: PLC0415
        from ..models.fette_beute_round_ended_event import FetteBeuteRoundEndedEvent # noqa: PLC0415
        from ..models.fette_beute_round_started_event import FetteBeuteRoundStartedEvent # noqa: PLC0415
        from ..models.fette_beute_theft_blocked_event import FetteBeuteTheftBlockedEvent # noqa: PLC0415
        from ..models.game_created_event import GameCreatedEvent # noqa: PLC0415
        from ..models.game_ended_event import GameEndedEvent # noqa: PLC0415
        from ..models.game_started_event import GameStartedEvent # noqa: PLC0415
        from ..models.gloria_picktoria_blind_draw_begun_event import GloriaPicktoriaBlindDrawBegunEvent # noqa: PLC0415
        from ..models.gloria_picktoria_card_drawn_blind_event import GloriaPicktoriaCardDrawnBlindEvent # noqa: PLC0415
        from ..models.gloria_picktoria_card_laid_event import GloriaPicktoriaCardLaidEvent # noqa: PLC0415
        from ..models.gloria_picktoria_cards_dealt_event import GloriaPicktoriaCardsDealtEvent # noqa: PLC0415
        from ..models.gloria_picktoria_chest_made_event import GloriaPicktoriaChestMadeEvent # noqa: PLC0415
        from ..models.gloria_picktoria_display_card_taken_event import GloriaPicktoriaDisplayCardTakenEvent # noqa: PLC0415
        from ..models.gloria_picktoria_display_refilled_event import GloriaPicktoriaDisplayRefilledEvent # noqa: PLC0415
        from ..models.gloria_picktoria_doubler_played_event import GloriaPicktoriaDoublerPlayedEvent # noqa: PLC0415
        from ..models.gloria_picktoria_final_scoring_held_event import GloriaPicktoriaFinalScoringHeldEvent # noqa: PLC0415
        from ..models.gloria_picktoria_fox_entered_event import GloriaPicktoriaFoxEnteredEvent # noqa: PLC0415
        from ..models.gloria_picktoria_fox_moved_event import GloriaPicktoriaFoxMovedEvent # noqa: PLC0415
        from ..models.gloria_picktoria_fox_passed_event import GloriaPicktoriaFoxPassedEvent # noqa: PLC0415
        from ..models.gloria_picktoria_scoring_card_set_aside_event import GloriaPicktoriaScoringCardSetAsideEvent # noqa: PLC0415
        from ..models.gloria_picktoria_scoring_held_event import GloriaPicktoriaScoringHeldEvent # noqa: PLC0415
        from ..models.gloria_picktoria_turn_ended_event import GloriaPicktoriaTurnEndedEvent # noqa: PLC0415
        from ..models.player_joined_event import PlayerJoinedEvent # noqa: PLC0415
        from ..models.seat_left_event import SeatLeftEvent # noqa: PLC0415
        from ..models.seat_reopened_event import SeatReopenedEvent # noqa: PLC0415
        from ..models.sly_card_flipped_event import SlyCardFlippedEvent # noqa: PLC0415
        from ..models.sly_card_laid_event import SlyCardLaidEvent # noqa: PLC0415
        from ..models.sly_fox_captured_event import SlyFoxCapturedEvent # noqa: PLC0415
        from ..models.sly_hen_exposed_event import SlyHenExposedEvent # noqa: PLC0415
        from ..models.sly_play_ended_event import SlyPlayEndedEvent # noqa: PLC0415
        from ..models.sly_reveal_resolved_event import SlyRevealResolvedEvent # noqa: PLC0415
        from ..models.sly_table_set_up_event import SlyTableSetUpEvent # noqa: PLC0415
        from ..models.table_cancelled_event import TableCancelledEvent # noqa: PLC0415
        from ..models.table_expired_event import TableExpiredEvent # noqa: PLC0415
        from ..models.view import View # noqa: PLC0415
        d = dict(src_dict)
        version = d.pop("version")

        events = []
        _events = d.pop("events")
        for events_item_data in (_events):
            def _parse_events_item(data: object) -> FetteBeuteAnimalRevealedEvent | FetteBeuteAnimalsChosenEvent | FetteBeuteBeaverResolvedEvent | FetteBeuteDealtEvent | FetteBeuteFoodDrawnEvent | FetteBeuteFoodStolenEvent | FetteBeuteGameFinishedEvent | FetteBeuteMarmotCopiedEvent | FetteBeuteRevealTurnBeganEvent | FetteBeuteRoundEndedEvent | FetteBeuteRoundStartedEvent | FetteBeuteTheftBlockedEvent | GameCreatedEvent | GameEndedEvent | GameStartedEvent | GloriaPicktoriaBlindDrawBegunEvent | GloriaPicktoriaCardDrawnBlindEvent | GloriaPicktoriaCardLaidEvent | GloriaPicktoriaCardsDealtEvent | GloriaPicktoriaChestMadeEvent | GloriaPicktoriaDisplayCardTakenEvent | GloriaPicktoriaDisplayRefilledEvent | GloriaPicktoriaDoublerPlayedEvent | GloriaPicktoriaFinalScoringHeldEvent | GloriaPicktoriaFoxEnteredEvent | GloriaPicktoriaFoxMovedEvent | GloriaPicktoriaFoxPassedEvent | GloriaPicktoriaScoringCardSetAsideEvent | GloriaPicktoriaScoringHeldEvent | GloriaPicktoriaTurnEndedEvent | PlayerJoinedEvent | SeatLeftEvent | SeatReopenedEvent | SlyCardFlippedEvent | SlyCardLaidEvent | SlyFoxCapturedEvent | SlyHenExposedEvent | SlyPlayEndedEvent | SlyRevealResolvedEvent | SlyTableSetUpEvent | TableCancelledEvent | TableExpiredEvent:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_match_event_type_0 = GameCreatedEvent.from_dict(data)



                    return componentsschemas_match_event_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_match_event_type_1 = PlayerJoinedEvent.from_dict(data)



                    return componentsschemas_match_event_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_match_event_type_2 = GameStartedEvent.from_dict(data)



                    return componentsschemas_match_event_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_match_event_type_3 = SeatLeftEvent.from_dict(data)



                    return componentsschemas_match_event_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_match_event_type_4 = SeatReopenedEvent.from_dict(data)



                    return componentsschemas_match_event_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_match_event_type_5 = TableCancelledEvent.from_dict(data)



                    return componentsschemas_match_event_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_match_event_type_6 = TableExpiredEvent.from_dict(data)



                    return componentsschemas_match_event_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_match_event_type_7 = GameEndedEvent.from_dict(data)



                    return componentsschemas_match_event_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_fette_beute_event_type_0 = FetteBeuteDealtEvent.from_dict(data)



                    return componentsschemas_fette_beute_event_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_fette_beute_event_type_1 = FetteBeuteAnimalsChosenEvent.from_dict(data)



                    return componentsschemas_fette_beute_event_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_fette_beute_event_type_2 = FetteBeuteRevealTurnBeganEvent.from_dict(data)



                    return componentsschemas_fette_beute_event_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_fette_beute_event_type_3 = FetteBeuteAnimalRevealedEvent.from_dict(data)



                    return componentsschemas_fette_beute_event_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_fette_beute_event_type_4 = FetteBeuteMarmotCopiedEvent.from_dict(data)



                    return componentsschemas_fette_beute_event_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_fette_beute_event_type_5 = FetteBeuteFoodDrawnEvent.from_dict(data)



                    return componentsschemas_fette_beute_event_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_fette_beute_event_type_6 = FetteBeuteFoodStolenEvent.from_dict(data)



                    return componentsschemas_fette_beute_event_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_fette_beute_event_type_7 = FetteBeuteTheftBlockedEvent.from_dict(data)



                    return componentsschemas_fette_beute_event_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_fette_beute_event_type_8 = FetteBeuteBeaverResolvedEvent.from_dict(data)



                    return componentsschemas_fette_beute_event_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_fette_beute_event_type_9 = FetteBeuteRoundEndedEvent.from_dict(data)



                    return componentsschemas_fette_beute_event_type_9
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_fette_beute_event_type_10 = FetteBeuteRoundStartedEvent.from_dict(data)



                    return componentsschemas_fette_beute_event_type_10
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_fette_beute_event_type_11 = FetteBeuteGameFinishedEvent.from_dict(data)



                    return componentsschemas_fette_beute_event_type_11
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sly_event_type_0 = SlyTableSetUpEvent.from_dict(data)



                    return componentsschemas_sly_event_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sly_event_type_1 = SlyCardLaidEvent.from_dict(data)



                    return componentsschemas_sly_event_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sly_event_type_2 = SlyFoxCapturedEvent.from_dict(data)



                    return componentsschemas_sly_event_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sly_event_type_3 = SlyHenExposedEvent.from_dict(data)



                    return componentsschemas_sly_event_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sly_event_type_4 = SlyCardFlippedEvent.from_dict(data)



                    return componentsschemas_sly_event_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sly_event_type_5 = SlyRevealResolvedEvent.from_dict(data)



                    return componentsschemas_sly_event_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sly_event_type_6 = SlyPlayEndedEvent.from_dict(data)



                    return componentsschemas_sly_event_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_gloria_picktoria_event_type_0 = GloriaPicktoriaCardsDealtEvent.from_dict(data)



                    return componentsschemas_gloria_picktoria_event_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_gloria_picktoria_event_type_1 = GloriaPicktoriaChestMadeEvent.from_dict(data)



                    return componentsschemas_gloria_picktoria_event_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_gloria_picktoria_event_type_2 = GloriaPicktoriaCardLaidEvent.from_dict(data)



                    return componentsschemas_gloria_picktoria_event_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_gloria_picktoria_event_type_3 = GloriaPicktoriaFoxEnteredEvent.from_dict(data)



                    return componentsschemas_gloria_picktoria_event_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_gloria_picktoria_event_type_4 = GloriaPicktoriaDoublerPlayedEvent.from_dict(data)



                    return componentsschemas_gloria_picktoria_event_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_gloria_picktoria_event_type_5 = GloriaPicktoriaDisplayCardTakenEvent.from_dict(data)



                    return componentsschemas_gloria_picktoria_event_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_gloria_picktoria_event_type_6 = GloriaPicktoriaBlindDrawBegunEvent.from_dict(data)



                    return componentsschemas_gloria_picktoria_event_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_gloria_picktoria_event_type_7 = GloriaPicktoriaCardDrawnBlindEvent.from_dict(data)



                    return componentsschemas_gloria_picktoria_event_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_gloria_picktoria_event_type_8 = GloriaPicktoriaDisplayRefilledEvent.from_dict(data)



                    return componentsschemas_gloria_picktoria_event_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_gloria_picktoria_event_type_9 = GloriaPicktoriaScoringCardSetAsideEvent.from_dict(data)



                    return componentsschemas_gloria_picktoria_event_type_9
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_gloria_picktoria_event_type_10 = GloriaPicktoriaScoringHeldEvent.from_dict(data)



                    return componentsschemas_gloria_picktoria_event_type_10
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_gloria_picktoria_event_type_11 = GloriaPicktoriaFinalScoringHeldEvent.from_dict(data)



                    return componentsschemas_gloria_picktoria_event_type_11
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_gloria_picktoria_event_type_12 = GloriaPicktoriaFoxMovedEvent.from_dict(data)



                    return componentsschemas_gloria_picktoria_event_type_12
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_gloria_picktoria_event_type_13 = GloriaPicktoriaFoxPassedEvent.from_dict(data)



                    return componentsschemas_gloria_picktoria_event_type_13
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_gloria_picktoria_event_type_14 = GloriaPicktoriaTurnEndedEvent.from_dict(data)



                return componentsschemas_gloria_picktoria_event_type_14

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)


        state = View.from_dict(d.pop("state"))




        command_result = cls(
            version=version,
            events=events,
            state=state,
        )

        return command_result

