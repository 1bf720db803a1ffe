from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="GloriaPicktoriaOptions")



@_attrs_define
class GloriaPicktoriaOptions:
    """ The table options and Gloria Picktoria's own (the catalogue describes each).

        Attributes:
            turn_timeout_s (int | Unset):  Default: 0.
            bot_delay_ms (int | Unset):  Default: 0.
            idle_limit_s (int | Unset):  Default: 259200.
            ap_per_turn (int | Unset):  Default: 3.
            display_size (int | Unset):  Default: 3.
            hand_start (int | Unset):  Default: 4.
            first_scoring_at (int | Unset):  Default: 4.
            second_scoring_at (int | Unset):  Default: 7.
            final_scoring_at (int | Unset):  Default: 10.
            pts_sole (int | Unset):  Default: 4.
            pts_first (int | Unset):  Default: 3.
            pts_second (int | Unset):  Default: 1.
            final_hand_penalty (int | Unset):  Default: -1.
            final_empty_chest_penalty (int | Unset):  Default: -2.
     """

    turn_timeout_s: int | Unset = 0
    bot_delay_ms: int | Unset = 0
    idle_limit_s: int | Unset = 259200
    ap_per_turn: int | Unset = 3
    display_size: int | Unset = 3
    hand_start: int | Unset = 4
    first_scoring_at: int | Unset = 4
    second_scoring_at: int | Unset = 7
    final_scoring_at: int | Unset = 10
    pts_sole: int | Unset = 4
    pts_first: int | Unset = 3
    pts_second: int | Unset = 1
    final_hand_penalty: int | Unset = -1
    final_empty_chest_penalty: int | Unset = -2





    def to_dict(self) -> dict[str, Any]:
        turn_timeout_s = self.turn_timeout_s

        bot_delay_ms = self.bot_delay_ms

        idle_limit_s = self.idle_limit_s

        ap_per_turn = self.ap_per_turn

        display_size = self.display_size

        hand_start = self.hand_start

        first_scoring_at = self.first_scoring_at

        second_scoring_at = self.second_scoring_at

        final_scoring_at = self.final_scoring_at

        pts_sole = self.pts_sole

        pts_first = self.pts_first

        pts_second = self.pts_second

        final_hand_penalty = self.final_hand_penalty

        final_empty_chest_penalty = self.final_empty_chest_penalty


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if turn_timeout_s is not UNSET:
            field_dict["turn_timeout_s"] = turn_timeout_s
        if bot_delay_ms is not UNSET:
            field_dict["bot_delay_ms"] = bot_delay_ms
        if idle_limit_s is not UNSET:
            field_dict["idle_limit_s"] = idle_limit_s
        if ap_per_turn is not UNSET:
            field_dict["ap_per_turn"] = ap_per_turn
        if display_size is not UNSET:
            field_dict["display_size"] = display_size
        if hand_start is not UNSET:
            field_dict["hand_start"] = hand_start
        if first_scoring_at is not UNSET:
            field_dict["first_scoring_at"] = first_scoring_at
        if second_scoring_at is not UNSET:
            field_dict["second_scoring_at"] = second_scoring_at
        if final_scoring_at is not UNSET:
            field_dict["final_scoring_at"] = final_scoring_at
        if pts_sole is not UNSET:
            field_dict["pts_sole"] = pts_sole
        if pts_first is not UNSET:
            field_dict["pts_first"] = pts_first
        if pts_second is not UNSET:
            field_dict["pts_second"] = pts_second
        if final_hand_penalty is not UNSET:
            field_dict["final_hand_penalty"] = final_hand_penalty
        if final_empty_chest_penalty is not UNSET:
            field_dict["final_empty_chest_penalty"] = final_empty_chest_penalty

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        turn_timeout_s = d.pop("turn_timeout_s", UNSET)

        bot_delay_ms = d.pop("bot_delay_ms", UNSET)

        idle_limit_s = d.pop("idle_limit_s", UNSET)

        ap_per_turn = d.pop("ap_per_turn", UNSET)

        display_size = d.pop("display_size", UNSET)

        hand_start = d.pop("hand_start", UNSET)

        first_scoring_at = d.pop("first_scoring_at", UNSET)

        second_scoring_at = d.pop("second_scoring_at", UNSET)

        final_scoring_at = d.pop("final_scoring_at", UNSET)

        pts_sole = d.pop("pts_sole", UNSET)

        pts_first = d.pop("pts_first", UNSET)

        pts_second = d.pop("pts_second", UNSET)

        final_hand_penalty = d.pop("final_hand_penalty", UNSET)

        final_empty_chest_penalty = d.pop("final_empty_chest_penalty", UNSET)

        gloria_picktoria_options = cls(
            turn_timeout_s=turn_timeout_s,
            bot_delay_ms=bot_delay_ms,
            idle_limit_s=idle_limit_s,
            ap_per_turn=ap_per_turn,
            display_size=display_size,
            hand_start=hand_start,
            first_scoring_at=first_scoring_at,
            second_scoring_at=second_scoring_at,
            final_scoring_at=final_scoring_at,
            pts_sole=pts_sole,
            pts_first=pts_first,
            pts_second=pts_second,
            final_hand_penalty=final_hand_penalty,
            final_empty_chest_penalty=final_empty_chest_penalty,
        )

        return gloria_picktoria_options

