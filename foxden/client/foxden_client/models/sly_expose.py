from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="SlyExpose")



@_attrs_define
class SlyExpose:
    """ Turn up an opponent's face-down card: a fox is captured, a hen becomes safe.

        Attributes:
            type_ (Literal['expose']):
            space (str):
     """

    type_: Literal['expose']
    space: str





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        space = self.space


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "space": space,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['expose'] , d.pop("type"))
        if type_ != 'expose':
            raise ValueError(f"type must match const 'expose', got '{type_}'")

        space = d.pop("space")

        sly_expose = cls(
            type_=type_,
            space=space,
        )

        return sly_expose

