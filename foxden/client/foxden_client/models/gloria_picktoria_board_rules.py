from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="GloriaPicktoriaBoardRules")



@_attrs_define
class GloriaPicktoriaBoardRules:
    """ 
        Attributes:
            ap_per_turn (int):
            display_size (int):
            final_empty_chest_penalty (int):
            final_hand_penalty (int):
            final_scoring_at (int):
            first_scoring_at (int):
            hand_start (int):
            pts_first (int):
            pts_second (int):
            pts_sole (int):
            second_scoring_at (int):
     """

    ap_per_turn: int
    display_size: int
    final_empty_chest_penalty: int
    final_hand_penalty: int
    final_scoring_at: int
    first_scoring_at: int
    hand_start: int
    pts_first: int
    pts_second: int
    pts_sole: int
    second_scoring_at: int





    def to_dict(self) -> dict[str, Any]:
        ap_per_turn = self.ap_per_turn

        display_size = self.display_size

        final_empty_chest_penalty = self.final_empty_chest_penalty

        final_hand_penalty = self.final_hand_penalty

        final_scoring_at = self.final_scoring_at

        first_scoring_at = self.first_scoring_at

        hand_start = self.hand_start

        pts_first = self.pts_first

        pts_second = self.pts_second

        pts_sole = self.pts_sole

        second_scoring_at = self.second_scoring_at


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "ap_per_turn": ap_per_turn,
            "display_size": display_size,
            "final_empty_chest_penalty": final_empty_chest_penalty,
            "final_hand_penalty": final_hand_penalty,
            "final_scoring_at": final_scoring_at,
            "first_scoring_at": first_scoring_at,
            "hand_start": hand_start,
            "pts_first": pts_first,
            "pts_second": pts_second,
            "pts_sole": pts_sole,
            "second_scoring_at": second_scoring_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ap_per_turn = d.pop("ap_per_turn")

        display_size = d.pop("display_size")

        final_empty_chest_penalty = d.pop("final_empty_chest_penalty")

        final_hand_penalty = d.pop("final_hand_penalty")

        final_scoring_at = d.pop("final_scoring_at")

        first_scoring_at = d.pop("first_scoring_at")

        hand_start = d.pop("hand_start")

        pts_first = d.pop("pts_first")

        pts_second = d.pop("pts_second")

        pts_sole = d.pop("pts_sole")

        second_scoring_at = d.pop("second_scoring_at")

        gloria_picktoria_board_rules = cls(
            ap_per_turn=ap_per_turn,
            display_size=display_size,
            final_empty_chest_penalty=final_empty_chest_penalty,
            final_hand_penalty=final_hand_penalty,
            final_scoring_at=final_scoring_at,
            first_scoring_at=first_scoring_at,
            hand_start=hand_start,
            pts_first=pts_first,
            pts_second=pts_second,
            pts_sole=pts_sole,
            second_scoring_at=second_scoring_at,
        )

        return gloria_picktoria_board_rules

