from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.seek import Seek





T = TypeVar("T", bound="MySeeksResponse200")



@_attrs_define
class MySeeksResponse200:
    """ 
        Attributes:
            seeks (list[Seek]):
     """

    seeks: list[Seek]





    def to_dict(self) -> dict[str, Any]:
        from ..models.seek import Seek # noqa: PLC0415
        seeks = []
        for seeks_item_data in self.seeks:
            seeks_item = seeks_item_data.to_dict()
            seeks.append(seeks_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seeks": seeks,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seek import Seek # noqa: PLC0415
        d = dict(src_dict)
        seeks = []
        _seeks = d.pop("seeks")
        for seeks_item_data in (_seeks):
            seeks_item = Seek.from_dict(seeks_item_data)



            seeks.append(seeks_item)


        my_seeks_response_200 = cls(
            seeks=seeks,
        )

        return my_seeks_response_200

