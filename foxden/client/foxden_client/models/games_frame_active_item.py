from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.games_frame_active_item_taken_over_type_1 import GamesFrameActiveItemTakenOverType1
from ..models.games_frame_active_item_taken_over_type_2_type_1 import GamesFrameActiveItemTakenOverType2Type1
from ..models.games_frame_active_item_taken_over_type_3_type_1 import GamesFrameActiveItemTakenOverType3Type1
from typing import cast
import datetime






T = TypeVar("T", bound="GamesFrameActiveItem")



@_attrs_define
class GamesFrameActiveItem:
    """ 
        Attributes:
            game (str):
            game_type (str):
            seat (int):
            version (int):
            my_turn (bool): The account's seat must act now.
            deadline (datetime.datetime | None): When the seat's turn times out (its turn, with a turn limit).
            taken_over (GamesFrameActiveItemTakenOverType1 | GamesFrameActiveItemTakenOverType2Type1 |
                GamesFrameActiveItemTakenOverType3Type1 | None): Why a bot plays the seat now (null: the account does).
     """

    game: str
    game_type: str
    seat: int
    version: int
    my_turn: bool
    deadline: datetime.datetime | None
    taken_over: GamesFrameActiveItemTakenOverType1 | GamesFrameActiveItemTakenOverType2Type1 | GamesFrameActiveItemTakenOverType3Type1 | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        game = self.game

        game_type = self.game_type

        seat = self.seat

        version = self.version

        my_turn = self.my_turn

        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        taken_over: None | str
        if isinstance(self.taken_over, GamesFrameActiveItemTakenOverType1):
            taken_over = self.taken_over.value
        elif isinstance(self.taken_over, GamesFrameActiveItemTakenOverType2Type1):
            taken_over = self.taken_over.value
        elif isinstance(self.taken_over, GamesFrameActiveItemTakenOverType3Type1):
            taken_over = self.taken_over.value
        else:
            taken_over = self.taken_over


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game": game,
            "game_type": game_type,
            "seat": seat,
            "version": version,
            "my_turn": my_turn,
            "deadline": deadline,
            "taken_over": taken_over,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game = d.pop("game")

        game_type = d.pop("game_type")

        seat = d.pop("seat")

        version = d.pop("version")

        my_turn = d.pop("my_turn")

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


        def _parse_taken_over(data: object) -> GamesFrameActiveItemTakenOverType1 | GamesFrameActiveItemTakenOverType2Type1 | GamesFrameActiveItemTakenOverType3Type1 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                taken_over_type_1 = GamesFrameActiveItemTakenOverType1(data)



                return taken_over_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                taken_over_type_2_type_1 = GamesFrameActiveItemTakenOverType2Type1(data)



                return taken_over_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                taken_over_type_3_type_1 = GamesFrameActiveItemTakenOverType3Type1(data)



                return taken_over_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GamesFrameActiveItemTakenOverType1 | GamesFrameActiveItemTakenOverType2Type1 | GamesFrameActiveItemTakenOverType3Type1 | None, data)

        taken_over = _parse_taken_over(d.pop("taken_over"))


        games_frame_active_item = cls(
            game=game,
            game_type=game_type,
            seat=seat,
            version=version,
            my_turn=my_turn,
            deadline=deadline,
            taken_over=taken_over,
        )


        games_frame_active_item.additional_properties = d
        return games_frame_active_item

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
