from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.seat_left_reason import SeatLeftReason
from ..types import UNSET, Unset






T = TypeVar("T", bound="SeatLeft")



@_attrs_define
class SeatLeft:
    """ A bot plays a person's seat from now on. reason: left (the player's leave; by is the player) or idle (the idle
    timer: the holder did not act within idle_limit_s; by.kind is timeout). Absent on events recorded before it existed:
    left.

        Attributes:
            seat (int):
            strategy (str):
            reason (SeatLeftReason | Unset):
     """

    seat: int
    strategy: str
    reason: SeatLeftReason | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        strategy = self.strategy

        reason: str | Unset = UNSET
        if not isinstance(self.reason, Unset):
            reason = self.reason.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "strategy": strategy,
        })
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        strategy = d.pop("strategy")

        _reason = d.pop("reason", UNSET)
        reason: SeatLeftReason | Unset
        if isinstance(_reason,  Unset):
            reason = UNSET
        else:
            reason = SeatLeftReason(_reason)




        seat_left = cls(
            seat=seat,
            strategy=strategy,
            reason=reason,
        )

        return seat_left

