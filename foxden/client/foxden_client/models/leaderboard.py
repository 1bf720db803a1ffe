from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.leaderboard_entry import LeaderboardEntry





T = TypeVar("T", bound="Leaderboard")



@_attrs_define
class Leaderboard:
    """ 
        Attributes:
            game (str):
            players (int | None): The player count asked for; null for all.
            ratings (list[LeaderboardEntry]):
            next_cursor (None | str):
     """

    game: str
    players: int | None
    ratings: list[LeaderboardEntry]
    next_cursor: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.leaderboard_entry import LeaderboardEntry # noqa: PLC0415
        game = self.game

        players: int | None
        players = self.players

        ratings = []
        for ratings_item_data in self.ratings:
            ratings_item = ratings_item_data.to_dict()
            ratings.append(ratings_item)



        next_cursor: None | str
        next_cursor = self.next_cursor


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game": game,
            "players": players,
            "ratings": ratings,
            "next_cursor": next_cursor,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.leaderboard_entry import LeaderboardEntry # noqa: PLC0415
        d = dict(src_dict)
        game = d.pop("game")

        def _parse_players(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        players = _parse_players(d.pop("players"))


        ratings = []
        _ratings = d.pop("ratings")
        for ratings_item_data in (_ratings):
            ratings_item = LeaderboardEntry.from_dict(ratings_item_data)



            ratings.append(ratings_item)


        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))


        leaderboard = cls(
            game=game,
            players=players,
            ratings=ratings,
            next_cursor=next_cursor,
        )


        leaderboard.additional_properties = d
        return leaderboard

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
