from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.sly_play_ended_reason import SlyPlayEndedReason
from typing import cast

if TYPE_CHECKING:
  from ..models.sly_play_ended_flips_item import SlyPlayEndedFlipsItem





T = TypeVar("T", bound="SlyPlayEnded")



@_attrs_define
class SlyPlayEnded:
    """ 
        Attributes:
            reason (SlyPlayEndedReason):
            seat (int):
            flips (list[SlyPlayEndedFlipsItem]):
     """

    reason: SlyPlayEndedReason
    seat: int
    flips: list[SlyPlayEndedFlipsItem]





    def to_dict(self) -> dict[str, Any]:
        from ..models.sly_play_ended_flips_item import SlyPlayEndedFlipsItem # noqa: PLC0415
        reason = self.reason.value

        seat = self.seat

        flips = []
        for flips_item_data in self.flips:
            flips_item = flips_item_data.to_dict()
            flips.append(flips_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "reason": reason,
            "seat": seat,
            "flips": flips,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sly_play_ended_flips_item import SlyPlayEndedFlipsItem # noqa: PLC0415
        d = dict(src_dict)
        reason = SlyPlayEndedReason(d.pop("reason"))




        seat = d.pop("seat")

        flips = []
        _flips = d.pop("flips")
        for flips_item_data in (_flips):
            flips_item = SlyPlayEndedFlipsItem.from_dict(flips_item_data)



            flips.append(flips_item)


        sly_play_ended = cls(
            reason=reason,
            seat=seat,
            flips=flips,
        )

        return sly_play_ended

