from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.game_finished_frame_result import GameFinishedFrameResult





T = TypeVar("T", bound="GameFinishedFrame")



@_attrs_define
class GameFinishedFrame:
    """ 
        Attributes:
            id (str): The frame's id (a Redis stream entry id), for `Last-Event-ID` or `?after=`.
            type_ (Literal['game_finished']):
            game (str):
            seat (int):
            version (int):
            result (GameFinishedFrameResult): The game's result, as in GameEnded.
     """

    id: str
    type_: Literal['game_finished']
    game: str
    seat: int
    version: int
    result: GameFinishedFrameResult
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.game_finished_frame_result import GameFinishedFrameResult # noqa: PLC0415
        id = self.id

        type_ = self.type_

        game = self.game

        seat = self.seat

        version = self.version

        result = self.result.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "type": type_,
            "game": game,
            "seat": seat,
            "version": version,
            "result": result,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_finished_frame_result import GameFinishedFrameResult # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        type_ = cast(Literal['game_finished'] , d.pop("type"))
        if type_ != 'game_finished':
            raise ValueError(f"type must match const 'game_finished', got '{type_}'")

        game = d.pop("game")

        seat = d.pop("seat")

        version = d.pop("version")

        result = GameFinishedFrameResult.from_dict(d.pop("result"))




        game_finished_frame = cls(
            id=id,
            type_=type_,
            game=game,
            seat=seat,
            version=version,
            result=result,
        )


        game_finished_frame.additional_properties = d
        return game_finished_frame

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
