from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="SlyRevealFlip")



@_attrs_define
class SlyRevealFlip:
    """ Flip a face-down card (anyone's); the first flip starts a REVEAL.

        Attributes:
            type_ (Literal['reveal_flip']):
            space (str):
     """

    type_: Literal['reveal_flip']
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
        type_ = cast(Literal['reveal_flip'] , d.pop("type"))
        if type_ != 'reveal_flip':
            raise ValueError(f"type must match const 'reveal_flip', got '{type_}'")

        space = d.pop("space")

        sly_reveal_flip = cls(
            type_=type_,
            space=space,
        )

        return sly_reveal_flip

