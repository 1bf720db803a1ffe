from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.sly_table_set_up_hand_item import SlyTableSetUpHandItem
from typing import cast

if TYPE_CHECKING:
  from ..models.sly_table_set_up_spaces_item import SlyTableSetUpSpacesItem





T = TypeVar("T", bound="SlyTableSetUp")



@_attrs_define
class SlyTableSetUp:
    """ 
        Attributes:
            players (int):
            start_player (int):
            spaces (list[SlyTableSetUpSpacesItem]):
            hand (list[SlyTableSetUpHandItem]):
            max_turns_per_player (int):
            low_hand (int):
     """

    players: int
    start_player: int
    spaces: list[SlyTableSetUpSpacesItem]
    hand: list[SlyTableSetUpHandItem]
    max_turns_per_player: int
    low_hand: int





    def to_dict(self) -> dict[str, Any]:
        from ..models.sly_table_set_up_spaces_item import SlyTableSetUpSpacesItem # noqa: PLC0415
        players = self.players

        start_player = self.start_player

        spaces = []
        for spaces_item_data in self.spaces:
            spaces_item = spaces_item_data.to_dict()
            spaces.append(spaces_item)



        hand = []
        for hand_item_data in self.hand:
            hand_item = hand_item_data.value
            hand.append(hand_item)



        max_turns_per_player = self.max_turns_per_player

        low_hand = self.low_hand


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "players": players,
            "start_player": start_player,
            "spaces": spaces,
            "hand": hand,
            "max_turns_per_player": max_turns_per_player,
            "low_hand": low_hand,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sly_table_set_up_spaces_item import SlyTableSetUpSpacesItem # noqa: PLC0415
        d = dict(src_dict)
        players = d.pop("players")

        start_player = d.pop("start_player")

        spaces = []
        _spaces = d.pop("spaces")
        for spaces_item_data in (_spaces):
            spaces_item = SlyTableSetUpSpacesItem.from_dict(spaces_item_data)



            spaces.append(spaces_item)


        hand = []
        _hand = d.pop("hand")
        for hand_item_data in (_hand):
            hand_item = SlyTableSetUpHandItem(hand_item_data)



            hand.append(hand_item)


        max_turns_per_player = d.pop("max_turns_per_player")

        low_hand = d.pop("low_hand")

        sly_table_set_up = cls(
            players=players,
            start_player=start_player,
            spaces=spaces,
            hand=hand,
            max_turns_per_player=max_turns_per_player,
            low_hand=low_hand,
        )

        return sly_table_set_up

