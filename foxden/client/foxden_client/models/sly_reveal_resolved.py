from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.sly_reveal_resolved_gobbled_type_0 import SlyRevealResolvedGobbledType0
  from ..models.sly_reveal_resolved_returned_item import SlyRevealResolvedReturnedItem
  from ..models.sly_reveal_resolved_safe_type_0 import SlyRevealResolvedSafeType0





T = TypeVar("T", bound="SlyRevealResolved")



@_attrs_define
class SlyRevealResolved:
    """ 
        Attributes:
            seat (int):
            flipped (list[str]):
            gobbled (None | SlyRevealResolvedGobbledType0):
            safe (None | SlyRevealResolvedSafeType0):
            returned (list[SlyRevealResolvedReturnedItem]):
     """

    seat: int
    flipped: list[str]
    gobbled: None | SlyRevealResolvedGobbledType0
    safe: None | SlyRevealResolvedSafeType0
    returned: list[SlyRevealResolvedReturnedItem]





    def to_dict(self) -> dict[str, Any]:
        from ..models.sly_reveal_resolved_gobbled_type_0 import SlyRevealResolvedGobbledType0 # noqa: PLC0415
        from ..models.sly_reveal_resolved_returned_item import SlyRevealResolvedReturnedItem # noqa: PLC0415
        from ..models.sly_reveal_resolved_safe_type_0 import SlyRevealResolvedSafeType0 # noqa: PLC0415
        seat = self.seat

        flipped = self.flipped



        gobbled: dict[str, Any] | None
        if isinstance(self.gobbled, SlyRevealResolvedGobbledType0):
            gobbled = self.gobbled.to_dict()
        else:
            gobbled = self.gobbled

        safe: dict[str, Any] | None
        if isinstance(self.safe, SlyRevealResolvedSafeType0):
            safe = self.safe.to_dict()
        else:
            safe = self.safe

        returned = []
        for returned_item_data in self.returned:
            returned_item = returned_item_data.to_dict()
            returned.append(returned_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "flipped": flipped,
            "gobbled": gobbled,
            "safe": safe,
            "returned": returned,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sly_reveal_resolved_gobbled_type_0 import SlyRevealResolvedGobbledType0 # noqa: PLC0415
        from ..models.sly_reveal_resolved_returned_item import SlyRevealResolvedReturnedItem # noqa: PLC0415
        from ..models.sly_reveal_resolved_safe_type_0 import SlyRevealResolvedSafeType0 # noqa: PLC0415
        d = dict(src_dict)
        seat = d.pop("seat")

        flipped = cast(list[str], d.pop("flipped"))


        def _parse_gobbled(data: object) -> None | SlyRevealResolvedGobbledType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                gobbled_type_0 = SlyRevealResolvedGobbledType0.from_dict(data)



                return gobbled_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SlyRevealResolvedGobbledType0, data)

        gobbled = _parse_gobbled(d.pop("gobbled"))


        def _parse_safe(data: object) -> None | SlyRevealResolvedSafeType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                safe_type_0 = SlyRevealResolvedSafeType0.from_dict(data)



                return safe_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SlyRevealResolvedSafeType0, data)

        safe = _parse_safe(d.pop("safe"))


        returned = []
        _returned = d.pop("returned")
        for returned_item_data in (_returned):
            returned_item = SlyRevealResolvedReturnedItem.from_dict(returned_item_data)



            returned.append(returned_item)


        sly_reveal_resolved = cls(
            seat=seat,
            flipped=flipped,
            gobbled=gobbled,
            safe=safe,
            returned=returned,
        )

        return sly_reveal_resolved

