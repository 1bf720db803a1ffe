from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="GloriaPicktoriaBoardScoringsItemPenaltiesType0Item")



@_attrs_define
class GloriaPicktoriaBoardScoringsItemPenaltiesType0Item:
    """ 
        Attributes:
            hand_cards (int):
            empty_chests (int):
            points (int):
     """

    hand_cards: int
    empty_chests: int
    points: int





    def to_dict(self) -> dict[str, Any]:
        hand_cards = self.hand_cards

        empty_chests = self.empty_chests

        points = self.points


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "hand_cards": hand_cards,
            "empty_chests": empty_chests,
            "points": points,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hand_cards = d.pop("hand_cards")

        empty_chests = d.pop("empty_chests")

        points = d.pop("points")

        gloria_picktoria_board_scorings_item_penalties_type_0_item = cls(
            hand_cards=hand_cards,
            empty_chests=empty_chests,
            points=points,
        )

        return gloria_picktoria_board_scorings_item_penalties_type_0_item

