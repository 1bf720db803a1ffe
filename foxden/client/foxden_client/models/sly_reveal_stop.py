from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="SlyRevealStop")



@_attrs_define
class SlyRevealStop:
    """ Stop the REVEAL (after at least one flip) and resolve it; ends the turn.

        Attributes:
            type_ (Literal['reveal_stop']):
     """

    type_: Literal['reveal_stop']





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['reveal_stop'] , d.pop("type"))
        if type_ != 'reveal_stop':
            raise ValueError(f"type must match const 'reveal_stop', got '{type_}'")

        sly_reveal_stop = cls(
            type_=type_,
        )

        return sly_reveal_stop

