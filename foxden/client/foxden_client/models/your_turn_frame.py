from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast
import datetime






T = TypeVar("T", bound="YourTurnFrame")



@_attrs_define
class YourTurnFrame:
    """ The account's seat has a new decision to make at `version` (once per decision point, each step of a multi-step turn
    included).

        Attributes:
            id (str): The frame's id (a Redis stream entry id), for `Last-Event-ID` or `?after=`.
            type_ (Literal['your_turn']):
            game (str):
            version (int):
            seat (int):
            deadline (datetime.datetime | None):
     """

    id: str
    type_: Literal['your_turn']
    game: str
    version: int
    seat: int
    deadline: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_

        game = self.game

        version = self.version

        seat = self.seat

        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "type": type_,
            "game": game,
            "version": version,
            "seat": seat,
            "deadline": deadline,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        type_ = cast(Literal['your_turn'] , d.pop("type"))
        if type_ != 'your_turn':
            raise ValueError(f"type must match const 'your_turn', got '{type_}'")

        game = d.pop("game")

        version = d.pop("version")

        seat = d.pop("seat")

        def _parse_deadline(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_type_0 = datetime.datetime.fromisoformat(data)



                return deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deadline = _parse_deadline(d.pop("deadline"))


        your_turn_frame = cls(
            id=id,
            type_=type_,
            game=game,
            version=version,
            seat=seat,
            deadline=deadline,
        )


        your_turn_frame.additional_properties = d
        return your_turn_frame

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
