from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="SlyOptions")



@_attrs_define
class SlyOptions:
    """ The table options and SLY's own (the catalogue describes each).

        Attributes:
            turn_timeout_s (int | Unset):  Default: 0.
            bot_delay_ms (int | Unset):  Default: 0.
            idle_limit_s (int | Unset):  Default: 259200.
            hen_houses_2p (int | Unset):  Default: 1.
            hen_houses_3p (int | Unset):  Default: 2.
            hen_houses_4p (int | Unset):  Default: 2.
            max_turns_per_player (int | Unset):  Default: 60.
            low_hand (int | Unset):  Default: 1.
     """

    turn_timeout_s: int | Unset = 0
    bot_delay_ms: int | Unset = 0
    idle_limit_s: int | Unset = 259200
    hen_houses_2p: int | Unset = 1
    hen_houses_3p: int | Unset = 2
    hen_houses_4p: int | Unset = 2
    max_turns_per_player: int | Unset = 60
    low_hand: int | Unset = 1





    def to_dict(self) -> dict[str, Any]:
        turn_timeout_s = self.turn_timeout_s

        bot_delay_ms = self.bot_delay_ms

        idle_limit_s = self.idle_limit_s

        hen_houses_2p = self.hen_houses_2p

        hen_houses_3p = self.hen_houses_3p

        hen_houses_4p = self.hen_houses_4p

        max_turns_per_player = self.max_turns_per_player

        low_hand = self.low_hand


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if turn_timeout_s is not UNSET:
            field_dict["turn_timeout_s"] = turn_timeout_s
        if bot_delay_ms is not UNSET:
            field_dict["bot_delay_ms"] = bot_delay_ms
        if idle_limit_s is not UNSET:
            field_dict["idle_limit_s"] = idle_limit_s
        if hen_houses_2p is not UNSET:
            field_dict["hen_houses_2p"] = hen_houses_2p
        if hen_houses_3p is not UNSET:
            field_dict["hen_houses_3p"] = hen_houses_3p
        if hen_houses_4p is not UNSET:
            field_dict["hen_houses_4p"] = hen_houses_4p
        if max_turns_per_player is not UNSET:
            field_dict["max_turns_per_player"] = max_turns_per_player
        if low_hand is not UNSET:
            field_dict["low_hand"] = low_hand

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        turn_timeout_s = d.pop("turn_timeout_s", UNSET)

        bot_delay_ms = d.pop("bot_delay_ms", UNSET)

        idle_limit_s = d.pop("idle_limit_s", UNSET)

        hen_houses_2p = d.pop("hen_houses_2p", UNSET)

        hen_houses_3p = d.pop("hen_houses_3p", UNSET)

        hen_houses_4p = d.pop("hen_houses_4p", UNSET)

        max_turns_per_player = d.pop("max_turns_per_player", UNSET)

        low_hand = d.pop("low_hand", UNSET)

        sly_options = cls(
            turn_timeout_s=turn_timeout_s,
            bot_delay_ms=bot_delay_ms,
            idle_limit_s=idle_limit_s,
            hen_houses_2p=hen_houses_2p,
            hen_houses_3p=hen_houses_3p,
            hen_houses_4p=hen_houses_4p,
            max_turns_per_player=max_turns_per_player,
            low_hand=low_hand,
        )

        return sly_options

