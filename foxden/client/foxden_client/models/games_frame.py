from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.games_frame_active_item import GamesFrameActiveItem
  from ..models.games_frame_waiting_item import GamesFrameWaitingItem





T = TypeVar("T", bound="GamesFrame")



@_attrs_define
class GamesFrame:
    """ The picture, first on every stream that does not resume (and after a reset).

        Attributes:
            id (str): The frame's id (a Redis stream entry id), for `Last-Event-ID` or `?after=`.
            type_ (Literal['games']):
            active (list[GamesFrameActiveItem]): The active games, those where the account must act first.
            waiting (list[GamesFrameWaitingItem]): The tables the account sits at that wait for players.
     """

    id: str
    type_: Literal['games']
    active: list[GamesFrameActiveItem]
    waiting: list[GamesFrameWaitingItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.games_frame_active_item import GamesFrameActiveItem # noqa: PLC0415
        from ..models.games_frame_waiting_item import GamesFrameWaitingItem # noqa: PLC0415
        id = self.id

        type_ = self.type_

        active = []
        for active_item_data in self.active:
            active_item = active_item_data.to_dict()
            active.append(active_item)



        waiting = []
        for waiting_item_data in self.waiting:
            waiting_item = waiting_item_data.to_dict()
            waiting.append(waiting_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "type": type_,
            "active": active,
            "waiting": waiting,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.games_frame_active_item import GamesFrameActiveItem # noqa: PLC0415
        from ..models.games_frame_waiting_item import GamesFrameWaitingItem # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        type_ = cast(Literal['games'] , d.pop("type"))
        if type_ != 'games':
            raise ValueError(f"type must match const 'games', got '{type_}'")

        active = []
        _active = d.pop("active")
        for active_item_data in (_active):
            active_item = GamesFrameActiveItem.from_dict(active_item_data)



            active.append(active_item)


        waiting = []
        _waiting = d.pop("waiting")
        for waiting_item_data in (_waiting):
            waiting_item = GamesFrameWaitingItem.from_dict(waiting_item_data)



            waiting.append(waiting_item)


        games_frame = cls(
            id=id,
            type_=type_,
            active=active,
            waiting=waiting,
        )


        games_frame.additional_properties = d
        return games_frame

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
