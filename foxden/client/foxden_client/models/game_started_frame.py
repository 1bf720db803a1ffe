from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="GameStartedFrame")



@_attrs_define
class GameStartedFrame:
    """ 
        Attributes:
            id (str): The frame's id (a Redis stream entry id), for `Last-Event-ID` or `?after=`.
            type_ (Literal['game_started']):
            game (str):
            game_type (str):
            seat (int):
            version (int):
     """

    id: str
    type_: Literal['game_started']
    game: str
    game_type: str
    seat: int
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_

        game = self.game

        game_type = self.game_type

        seat = self.seat

        version = self.version


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "type": type_,
            "game": game,
            "game_type": game_type,
            "seat": seat,
            "version": version,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        type_ = cast(Literal['game_started'] , d.pop("type"))
        if type_ != 'game_started':
            raise ValueError(f"type must match const 'game_started', got '{type_}'")

        game = d.pop("game")

        game_type = d.pop("game_type")

        seat = d.pop("seat")

        version = d.pop("version")

        game_started_frame = cls(
            id=id,
            type_=type_,
            game=game,
            game_type=game_type,
            seat=seat,
            version=version,
        )


        game_started_frame.additional_properties = d
        return game_started_frame

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
