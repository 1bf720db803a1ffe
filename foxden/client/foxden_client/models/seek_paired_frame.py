from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="SeekPairedFrame")



@_attrs_define
class SeekPairedFrame:
    """ A seek of the account was paired into a table (its `game_started` follows).

        Attributes:
            id (str): The frame's id (a Redis stream entry id), for `Last-Event-ID` or `?after=`.
            type_ (Literal['seek_paired']):
            seek (str):
            game (str):
     """

    id: str
    type_: Literal['seek_paired']
    seek: str
    game: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_

        seek = self.seek

        game = self.game


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "type": type_,
            "seek": seek,
            "game": game,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        type_ = cast(Literal['seek_paired'] , d.pop("type"))
        if type_ != 'seek_paired':
            raise ValueError(f"type must match const 'seek_paired', got '{type_}'")

        seek = d.pop("seek")

        game = d.pop("game")

        seek_paired_frame = cls(
            id=id,
            type_=type_,
            seek=seek,
            game=game,
        )


        seek_paired_frame.additional_properties = d
        return seek_paired_frame

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
