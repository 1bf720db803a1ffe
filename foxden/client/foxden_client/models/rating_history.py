from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.rating_point import RatingPoint





T = TypeVar("T", bound="RatingHistory")



@_attrs_define
class RatingHistory:
    """ 
        Attributes:
            account (str): The account's id.
            handle (str):
            game (str):
            players (int):
            points (list[RatingPoint]): Oldest first.
     """

    account: str
    handle: str
    game: str
    players: int
    points: list[RatingPoint]





    def to_dict(self) -> dict[str, Any]:
        from ..models.rating_point import RatingPoint # noqa: PLC0415
        account = self.account

        handle = self.handle

        game = self.game

        players = self.players

        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "account": account,
            "handle": handle,
            "game": game,
            "players": players,
            "points": points,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating_point import RatingPoint # noqa: PLC0415
        d = dict(src_dict)
        account = d.pop("account")

        handle = d.pop("handle")

        game = d.pop("game")

        players = d.pop("players")

        points = []
        _points = d.pop("points")
        for points_item_data in (_points):
            points_item = RatingPoint.from_dict(points_item_data)



            points.append(points_item)


        rating_history = cls(
            account=account,
            handle=handle,
            game=game,
            players=players,
            points=points,
        )

        return rating_history

