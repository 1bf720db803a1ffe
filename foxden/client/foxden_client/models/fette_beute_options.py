from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="FetteBeuteOptions")



@_attrs_define
class FetteBeuteOptions:
    """ The table options and Fette Beute's own (the catalogue describes each).

        Attributes:
            turn_timeout_s (int | Unset):  Default: 0.
            bot_delay_ms (int | Unset):  Default: 0.
            idle_limit_s (int | Unset):  Default: 259200.
            food_per_type (int | Unset):  Default: 16.
            start_food (int | Unset):  Default: 3.
            squirrel_draw (int | Unset):  Default: 2.
            beaver_solo_draw (int | Unset):  Default: 3.
            beaver_shared_draw (int | Unset):  Default: 1.
            win_set (int | Unset):  Default: 5.
            max_rounds (int | Unset):  Default: 100.
     """

    turn_timeout_s: int | Unset = 0
    bot_delay_ms: int | Unset = 0
    idle_limit_s: int | Unset = 259200
    food_per_type: int | Unset = 16
    start_food: int | Unset = 3
    squirrel_draw: int | Unset = 2
    beaver_solo_draw: int | Unset = 3
    beaver_shared_draw: int | Unset = 1
    win_set: int | Unset = 5
    max_rounds: int | Unset = 100





    def to_dict(self) -> dict[str, Any]:
        turn_timeout_s = self.turn_timeout_s

        bot_delay_ms = self.bot_delay_ms

        idle_limit_s = self.idle_limit_s

        food_per_type = self.food_per_type

        start_food = self.start_food

        squirrel_draw = self.squirrel_draw

        beaver_solo_draw = self.beaver_solo_draw

        beaver_shared_draw = self.beaver_shared_draw

        win_set = self.win_set

        max_rounds = self.max_rounds


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if turn_timeout_s is not UNSET:
            field_dict["turn_timeout_s"] = turn_timeout_s
        if bot_delay_ms is not UNSET:
            field_dict["bot_delay_ms"] = bot_delay_ms
        if idle_limit_s is not UNSET:
            field_dict["idle_limit_s"] = idle_limit_s
        if food_per_type is not UNSET:
            field_dict["food_per_type"] = food_per_type
        if start_food is not UNSET:
            field_dict["start_food"] = start_food
        if squirrel_draw is not UNSET:
            field_dict["squirrel_draw"] = squirrel_draw
        if beaver_solo_draw is not UNSET:
            field_dict["beaver_solo_draw"] = beaver_solo_draw
        if beaver_shared_draw is not UNSET:
            field_dict["beaver_shared_draw"] = beaver_shared_draw
        if win_set is not UNSET:
            field_dict["win_set"] = win_set
        if max_rounds is not UNSET:
            field_dict["max_rounds"] = max_rounds

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        turn_timeout_s = d.pop("turn_timeout_s", UNSET)

        bot_delay_ms = d.pop("bot_delay_ms", UNSET)

        idle_limit_s = d.pop("idle_limit_s", UNSET)

        food_per_type = d.pop("food_per_type", UNSET)

        start_food = d.pop("start_food", UNSET)

        squirrel_draw = d.pop("squirrel_draw", UNSET)

        beaver_solo_draw = d.pop("beaver_solo_draw", UNSET)

        beaver_shared_draw = d.pop("beaver_shared_draw", UNSET)

        win_set = d.pop("win_set", UNSET)

        max_rounds = d.pop("max_rounds", UNSET)

        fette_beute_options = cls(
            turn_timeout_s=turn_timeout_s,
            bot_delay_ms=bot_delay_ms,
            idle_limit_s=idle_limit_s,
            food_per_type=food_per_type,
            start_food=start_food,
            squirrel_draw=squirrel_draw,
            beaver_solo_draw=beaver_solo_draw,
            beaver_shared_draw=beaver_shared_draw,
            win_set=win_set,
            max_rounds=max_rounds,
        )

        return fette_beute_options

