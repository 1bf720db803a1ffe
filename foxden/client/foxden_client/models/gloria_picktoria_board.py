from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.gloria_picktoria_board_display_item_type_1 import GloriaPicktoriaBoardDisplayItemType1
from ..models.gloria_picktoria_board_display_item_type_2_type_1 import GloriaPicktoriaBoardDisplayItemType2Type1
from ..models.gloria_picktoria_board_display_item_type_3_type_1 import GloriaPicktoriaBoardDisplayItemType3Type1
from ..models.gloria_picktoria_board_hand_type_0_item import GloriaPicktoriaBoardHandType0Item
from ..models.gloria_picktoria_board_hands_item_item import GloriaPicktoriaBoardHandsItemItem
from ..models.gloria_picktoria_board_pile_item import GloriaPicktoriaBoardPileItem
from ..models.gloria_picktoria_board_status import GloriaPicktoriaBoardStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.gloria_picktoria_board_fox_type_0 import GloriaPicktoriaBoardFoxType0
  from ..models.gloria_picktoria_board_rules import GloriaPicktoriaBoardRules
  from ..models.gloria_picktoria_board_scorings_item import GloriaPicktoriaBoardScoringsItem
  from ..models.gloria_picktoria_board_seats_item import GloriaPicktoriaBoardSeatsItem





T = TypeVar("T", bound="GloriaPicktoriaBoard")



@_attrs_define
class GloriaPicktoriaBoard:
    """ `board` of a Gloria Picktoria view.

        Attributes:
            players (int):
            viewer (int | None):
            status (GloriaPicktoriaBoardStatus):
            rules (GloriaPicktoriaBoardRules):
            active_seat (int | None):
            turn_number (int):
            ap_left (int):
            fox_action_used (bool):
            fox_pass_pending (bool):
            display (list[GloriaPicktoriaBoardDisplayItemType1 | GloriaPicktoriaBoardDisplayItemType2Type1 |
                GloriaPicktoriaBoardDisplayItemType3Type1 | None]):
            pile_size (int):
            scoring_cards_seen (int):
            scorings_at (list[int]):
            fox (GloriaPicktoriaBoardFoxType0 | None):
            seats (list[GloriaPicktoriaBoardSeatsItem]):
            hand (list[GloriaPicktoriaBoardHandType0Item] | None):
            scores (list[int]):
            scorings (list[GloriaPicktoriaBoardScoringsItem]):
            winners (list[int] | None):
            hands (list[list[GloriaPicktoriaBoardHandsItemItem]] | Unset): Once the game is over.
            pile (list[GloriaPicktoriaBoardPileItem] | Unset): Once the game is over.
     """

    players: int
    viewer: int | None
    status: GloriaPicktoriaBoardStatus
    rules: GloriaPicktoriaBoardRules
    active_seat: int | None
    turn_number: int
    ap_left: int
    fox_action_used: bool
    fox_pass_pending: bool
    display: list[GloriaPicktoriaBoardDisplayItemType1 | GloriaPicktoriaBoardDisplayItemType2Type1 | GloriaPicktoriaBoardDisplayItemType3Type1 | None]
    pile_size: int
    scoring_cards_seen: int
    scorings_at: list[int]
    fox: GloriaPicktoriaBoardFoxType0 | None
    seats: list[GloriaPicktoriaBoardSeatsItem]
    hand: list[GloriaPicktoriaBoardHandType0Item] | None
    scores: list[int]
    scorings: list[GloriaPicktoriaBoardScoringsItem]
    winners: list[int] | None
    hands: list[list[GloriaPicktoriaBoardHandsItemItem]] | Unset = UNSET
    pile: list[GloriaPicktoriaBoardPileItem] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.gloria_picktoria_board_fox_type_0 import GloriaPicktoriaBoardFoxType0 # noqa: PLC0415
        from ..models.gloria_picktoria_board_rules import GloriaPicktoriaBoardRules # noqa: PLC0415
        from ..models.gloria_picktoria_board_scorings_item import GloriaPicktoriaBoardScoringsItem # noqa: PLC0415
        from ..models.gloria_picktoria_board_seats_item import GloriaPicktoriaBoardSeatsItem # noqa: PLC0415
        players = self.players

        viewer: int | None
        viewer = self.viewer

        status = self.status.value

        rules = self.rules.to_dict()

        active_seat: int | None
        active_seat = self.active_seat

        turn_number = self.turn_number

        ap_left = self.ap_left

        fox_action_used = self.fox_action_used

        fox_pass_pending = self.fox_pass_pending

        display = []
        for display_item_data in self.display:
            display_item: None | str
            if isinstance(display_item_data, GloriaPicktoriaBoardDisplayItemType1):
                display_item = display_item_data.value
            elif isinstance(display_item_data, GloriaPicktoriaBoardDisplayItemType2Type1):
                display_item = display_item_data.value
            elif isinstance(display_item_data, GloriaPicktoriaBoardDisplayItemType3Type1):
                display_item = display_item_data.value
            else:
                display_item = display_item_data
            display.append(display_item)



        pile_size = self.pile_size

        scoring_cards_seen = self.scoring_cards_seen

        scorings_at = self.scorings_at



        fox: dict[str, Any] | None
        if isinstance(self.fox, GloriaPicktoriaBoardFoxType0):
            fox = self.fox.to_dict()
        else:
            fox = self.fox

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)



        hand: list[str] | None
        if isinstance(self.hand, list):
            hand = []
            for hand_type_0_item_data in self.hand:
                hand_type_0_item = hand_type_0_item_data.value
                hand.append(hand_type_0_item)


        else:
            hand = self.hand

        scores = self.scores



        scorings = []
        for scorings_item_data in self.scorings:
            scorings_item = scorings_item_data.to_dict()
            scorings.append(scorings_item)



        winners: list[int] | None
        if isinstance(self.winners, list):
            winners = self.winners


        else:
            winners = self.winners

        hands: list[list[str]] | Unset = UNSET
        if not isinstance(self.hands, Unset):
            hands = []
            for hands_item_data in self.hands:
                hands_item = []
                for hands_item_item_data in hands_item_data:
                    hands_item_item = hands_item_item_data.value
                    hands_item.append(hands_item_item)


                hands.append(hands_item)



        pile: list[str] | Unset = UNSET
        if not isinstance(self.pile, Unset):
            pile = []
            for pile_item_data in self.pile:
                pile_item = pile_item_data.value
                pile.append(pile_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "players": players,
            "viewer": viewer,
            "status": status,
            "rules": rules,
            "active_seat": active_seat,
            "turn_number": turn_number,
            "ap_left": ap_left,
            "fox_action_used": fox_action_used,
            "fox_pass_pending": fox_pass_pending,
            "display": display,
            "pile_size": pile_size,
            "scoring_cards_seen": scoring_cards_seen,
            "scorings_at": scorings_at,
            "fox": fox,
            "seats": seats,
            "hand": hand,
            "scores": scores,
            "scorings": scorings,
            "winners": winners,
        })
        if hands is not UNSET:
            field_dict["hands"] = hands
        if pile is not UNSET:
            field_dict["pile"] = pile

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.gloria_picktoria_board_fox_type_0 import GloriaPicktoriaBoardFoxType0 # noqa: PLC0415
        from ..models.gloria_picktoria_board_rules import GloriaPicktoriaBoardRules # noqa: PLC0415
        from ..models.gloria_picktoria_board_scorings_item import GloriaPicktoriaBoardScoringsItem # noqa: PLC0415
        from ..models.gloria_picktoria_board_seats_item import GloriaPicktoriaBoardSeatsItem # noqa: PLC0415
        d = dict(src_dict)
        players = d.pop("players")

        def _parse_viewer(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        viewer = _parse_viewer(d.pop("viewer"))


        status = GloriaPicktoriaBoardStatus(d.pop("status"))




        rules = GloriaPicktoriaBoardRules.from_dict(d.pop("rules"))




        def _parse_active_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        active_seat = _parse_active_seat(d.pop("active_seat"))


        turn_number = d.pop("turn_number")

        ap_left = d.pop("ap_left")

        fox_action_used = d.pop("fox_action_used")

        fox_pass_pending = d.pop("fox_pass_pending")

        display = []
        _display = d.pop("display")
        for display_item_data in (_display):
            def _parse_display_item(data: object) -> GloriaPicktoriaBoardDisplayItemType1 | GloriaPicktoriaBoardDisplayItemType2Type1 | GloriaPicktoriaBoardDisplayItemType3Type1 | None:
                if data is None:
                    return data
                try:
                    if not isinstance(data, str):
                        raise TypeError()
                    display_item_type_1 = GloriaPicktoriaBoardDisplayItemType1(data)



                    return display_item_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, str):
                        raise TypeError()
                    display_item_type_2_type_1 = GloriaPicktoriaBoardDisplayItemType2Type1(data)



                    return display_item_type_2_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, str):
                        raise TypeError()
                    display_item_type_3_type_1 = GloriaPicktoriaBoardDisplayItemType3Type1(data)



                    return display_item_type_3_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(GloriaPicktoriaBoardDisplayItemType1 | GloriaPicktoriaBoardDisplayItemType2Type1 | GloriaPicktoriaBoardDisplayItemType3Type1 | None, data)

            display_item = _parse_display_item(display_item_data)

            display.append(display_item)


        pile_size = d.pop("pile_size")

        scoring_cards_seen = d.pop("scoring_cards_seen")

        scorings_at = cast(list[int], d.pop("scorings_at"))


        def _parse_fox(data: object) -> GloriaPicktoriaBoardFoxType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                fox_type_0 = GloriaPicktoriaBoardFoxType0.from_dict(data)



                return fox_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GloriaPicktoriaBoardFoxType0 | None, data)

        fox = _parse_fox(d.pop("fox"))


        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = GloriaPicktoriaBoardSeatsItem.from_dict(seats_item_data)



            seats.append(seats_item)


        def _parse_hand(data: object) -> list[GloriaPicktoriaBoardHandType0Item] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                hand_type_0 = []
                _hand_type_0 = data
                for hand_type_0_item_data in (_hand_type_0):
                    hand_type_0_item = GloriaPicktoriaBoardHandType0Item(hand_type_0_item_data)



                    hand_type_0.append(hand_type_0_item)

                return hand_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[GloriaPicktoriaBoardHandType0Item] | None, data)

        hand = _parse_hand(d.pop("hand"))


        scores = cast(list[int], d.pop("scores"))


        scorings = []
        _scorings = d.pop("scorings")
        for scorings_item_data in (_scorings):
            scorings_item = GloriaPicktoriaBoardScoringsItem.from_dict(scorings_item_data)



            scorings.append(scorings_item)


        def _parse_winners(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                winners_type_0 = cast(list[int], data)

                return winners_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        winners = _parse_winners(d.pop("winners"))


        _hands = d.pop("hands", UNSET)
        hands: list[list[GloriaPicktoriaBoardHandsItemItem]] | Unset = UNSET
        if _hands is not UNSET:
            hands = []
            for hands_item_data in _hands:
                hands_item = []
                _hands_item = hands_item_data
                for hands_item_item_data in (_hands_item):
                    hands_item_item = GloriaPicktoriaBoardHandsItemItem(hands_item_item_data)



                    hands_item.append(hands_item_item)

                hands.append(hands_item)


        _pile = d.pop("pile", UNSET)
        pile: list[GloriaPicktoriaBoardPileItem] | Unset = UNSET
        if _pile is not UNSET:
            pile = []
            for pile_item_data in _pile:
                pile_item = GloriaPicktoriaBoardPileItem(pile_item_data)



                pile.append(pile_item)


        gloria_picktoria_board = cls(
            players=players,
            viewer=viewer,
            status=status,
            rules=rules,
            active_seat=active_seat,
            turn_number=turn_number,
            ap_left=ap_left,
            fox_action_used=fox_action_used,
            fox_pass_pending=fox_pass_pending,
            display=display,
            pile_size=pile_size,
            scoring_cards_seen=scoring_cards_seen,
            scorings_at=scorings_at,
            fox=fox,
            seats=seats,
            hand=hand,
            scores=scores,
            scorings=scorings,
            winners=winners,
            hands=hands,
            pile=pile,
        )

        return gloria_picktoria_board

