from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.sly_board_end_reason_type_1 import SlyBoardEndReasonType1
from ..models.sly_board_end_reason_type_2_type_1 import SlyBoardEndReasonType2Type1
from ..models.sly_board_end_reason_type_3_type_1 import SlyBoardEndReasonType3Type1
from ..models.sly_board_hands_item_type_0_item import SlyBoardHandsItemType0Item
from ..models.sly_board_phase import SlyBoardPhase
from typing import cast

if TYPE_CHECKING:
  from ..models.sly_board_final_flips_item import SlyBoardFinalFlipsItem
  from ..models.sly_board_gobbled_item_item import SlyBoardGobbledItemItem
  from ..models.sly_board_returned_item import SlyBoardReturnedItem
  from ..models.sly_board_spaces_item import SlyBoardSpacesItem





T = TypeVar("T", bound="SlyBoard")



@_attrs_define
class SlyBoard:
    """ `board` of a SLY view.

        Attributes:
            seat (int | None):
            players (int):
            start_player (int | None):
            current (int | None):
            phase (SlyBoardPhase):
            turn (int):
            max_turns (int):
            low_hand (int):
            spaces (list[SlyBoardSpacesItem]):
            reveal (list[str]):
            hand_sizes (list[int]):
            hands (list[list[SlyBoardHandsItemType0Item] | None]):
            gobbled (list[list[SlyBoardGobbledItemItem]]):
            captured_foxes (list[list[int]]):
            returned (list[SlyBoardReturnedItem]):
            scores (list[int]):
            over (bool):
            end_reason (None | SlyBoardEndReasonType1 | SlyBoardEndReasonType2Type1 | SlyBoardEndReasonType3Type1):
            final_flips (list[SlyBoardFinalFlipsItem]):
     """

    seat: int | None
    players: int
    start_player: int | None
    current: int | None
    phase: SlyBoardPhase
    turn: int
    max_turns: int
    low_hand: int
    spaces: list[SlyBoardSpacesItem]
    reveal: list[str]
    hand_sizes: list[int]
    hands: list[list[SlyBoardHandsItemType0Item] | None]
    gobbled: list[list[SlyBoardGobbledItemItem]]
    captured_foxes: list[list[int]]
    returned: list[SlyBoardReturnedItem]
    scores: list[int]
    over: bool
    end_reason: None | SlyBoardEndReasonType1 | SlyBoardEndReasonType2Type1 | SlyBoardEndReasonType3Type1
    final_flips: list[SlyBoardFinalFlipsItem]





    def to_dict(self) -> dict[str, Any]:
        from ..models.sly_board_final_flips_item import SlyBoardFinalFlipsItem # noqa: PLC0415
        from ..models.sly_board_gobbled_item_item import SlyBoardGobbledItemItem # noqa: PLC0415
        from ..models.sly_board_returned_item import SlyBoardReturnedItem # noqa: PLC0415
        from ..models.sly_board_spaces_item import SlyBoardSpacesItem # noqa: PLC0415
        seat: int | None
        seat = self.seat

        players = self.players

        start_player: int | None
        start_player = self.start_player

        current: int | None
        current = self.current

        phase = self.phase.value

        turn = self.turn

        max_turns = self.max_turns

        low_hand = self.low_hand

        spaces = []
        for spaces_item_data in self.spaces:
            spaces_item = spaces_item_data.to_dict()
            spaces.append(spaces_item)



        reveal = self.reveal



        hand_sizes = self.hand_sizes



        hands = []
        for hands_item_data in self.hands:
            hands_item: list[str] | None
            if isinstance(hands_item_data, list):
                hands_item = []
                for hands_item_type_0_item_data in hands_item_data:
                    hands_item_type_0_item = hands_item_type_0_item_data.value
                    hands_item.append(hands_item_type_0_item)


            else:
                hands_item = hands_item_data
            hands.append(hands_item)



        gobbled = []
        for gobbled_item_data in self.gobbled:
            gobbled_item = []
            for gobbled_item_item_data in gobbled_item_data:
                gobbled_item_item = gobbled_item_item_data.to_dict()
                gobbled_item.append(gobbled_item_item)


            gobbled.append(gobbled_item)



        captured_foxes = []
        for captured_foxes_item_data in self.captured_foxes:
            captured_foxes_item = captured_foxes_item_data


            captured_foxes.append(captured_foxes_item)



        returned = []
        for returned_item_data in self.returned:
            returned_item = returned_item_data.to_dict()
            returned.append(returned_item)



        scores = self.scores



        over = self.over

        end_reason: None | str
        if isinstance(self.end_reason, SlyBoardEndReasonType1):
            end_reason = self.end_reason.value
        elif isinstance(self.end_reason, SlyBoardEndReasonType2Type1):
            end_reason = self.end_reason.value
        elif isinstance(self.end_reason, SlyBoardEndReasonType3Type1):
            end_reason = self.end_reason.value
        else:
            end_reason = self.end_reason

        final_flips = []
        for final_flips_item_data in self.final_flips:
            final_flips_item = final_flips_item_data.to_dict()
            final_flips.append(final_flips_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "players": players,
            "start_player": start_player,
            "current": current,
            "phase": phase,
            "turn": turn,
            "max_turns": max_turns,
            "low_hand": low_hand,
            "spaces": spaces,
            "reveal": reveal,
            "hand_sizes": hand_sizes,
            "hands": hands,
            "gobbled": gobbled,
            "captured_foxes": captured_foxes,
            "returned": returned,
            "scores": scores,
            "over": over,
            "end_reason": end_reason,
            "final_flips": final_flips,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sly_board_final_flips_item import SlyBoardFinalFlipsItem # noqa: PLC0415
        from ..models.sly_board_gobbled_item_item import SlyBoardGobbledItemItem # noqa: PLC0415
        from ..models.sly_board_returned_item import SlyBoardReturnedItem # noqa: PLC0415
        from ..models.sly_board_spaces_item import SlyBoardSpacesItem # noqa: PLC0415
        d = dict(src_dict)
        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))


        players = d.pop("players")

        def _parse_start_player(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        start_player = _parse_start_player(d.pop("start_player"))


        def _parse_current(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        current = _parse_current(d.pop("current"))


        phase = SlyBoardPhase(d.pop("phase"))




        turn = d.pop("turn")

        max_turns = d.pop("max_turns")

        low_hand = d.pop("low_hand")

        spaces = []
        _spaces = d.pop("spaces")
        for spaces_item_data in (_spaces):
            spaces_item = SlyBoardSpacesItem.from_dict(spaces_item_data)



            spaces.append(spaces_item)


        reveal = cast(list[str], d.pop("reveal"))


        hand_sizes = cast(list[int], d.pop("hand_sizes"))


        hands = []
        _hands = d.pop("hands")
        for hands_item_data in (_hands):
            def _parse_hands_item(data: object) -> list[SlyBoardHandsItemType0Item] | None:
                if data is None:
                    return data
                try:
                    if not isinstance(data, list):
                        raise TypeError()
                    hands_item_type_0 = []
                    _hands_item_type_0 = data
                    for hands_item_type_0_item_data in (_hands_item_type_0):
                        hands_item_type_0_item = SlyBoardHandsItemType0Item(hands_item_type_0_item_data)



                        hands_item_type_0.append(hands_item_type_0_item)

                    return hands_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(list[SlyBoardHandsItemType0Item] | None, data)

            hands_item = _parse_hands_item(hands_item_data)

            hands.append(hands_item)


        gobbled = []
        _gobbled = d.pop("gobbled")
        for gobbled_item_data in (_gobbled):
            gobbled_item = []
            _gobbled_item = gobbled_item_data
            for gobbled_item_item_data in (_gobbled_item):
                gobbled_item_item = SlyBoardGobbledItemItem.from_dict(gobbled_item_item_data)



                gobbled_item.append(gobbled_item_item)

            gobbled.append(gobbled_item)


        captured_foxes = []
        _captured_foxes = d.pop("captured_foxes")
        for captured_foxes_item_data in (_captured_foxes):
            captured_foxes_item = cast(list[int], captured_foxes_item_data)

            captured_foxes.append(captured_foxes_item)


        returned = []
        _returned = d.pop("returned")
        for returned_item_data in (_returned):
            returned_item = SlyBoardReturnedItem.from_dict(returned_item_data)



            returned.append(returned_item)


        scores = cast(list[int], d.pop("scores"))


        over = d.pop("over")

        def _parse_end_reason(data: object) -> None | SlyBoardEndReasonType1 | SlyBoardEndReasonType2Type1 | SlyBoardEndReasonType3Type1:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                end_reason_type_1 = SlyBoardEndReasonType1(data)



                return end_reason_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                end_reason_type_2_type_1 = SlyBoardEndReasonType2Type1(data)



                return end_reason_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                end_reason_type_3_type_1 = SlyBoardEndReasonType3Type1(data)



                return end_reason_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SlyBoardEndReasonType1 | SlyBoardEndReasonType2Type1 | SlyBoardEndReasonType3Type1, data)

        end_reason = _parse_end_reason(d.pop("end_reason"))


        final_flips = []
        _final_flips = d.pop("final_flips")
        for final_flips_item_data in (_final_flips):
            final_flips_item = SlyBoardFinalFlipsItem.from_dict(final_flips_item_data)



            final_flips.append(final_flips_item)


        sly_board = cls(
            seat=seat,
            players=players,
            start_player=start_player,
            current=current,
            phase=phase,
            turn=turn,
            max_turns=max_turns,
            low_hand=low_hand,
            spaces=spaces,
            reveal=reveal,
            hand_sizes=hand_sizes,
            hands=hands,
            gobbled=gobbled,
            captured_foxes=captured_foxes,
            returned=returned,
            scores=scores,
            over=over,
            end_reason=end_reason,
            final_flips=final_flips,
        )

        return sly_board

