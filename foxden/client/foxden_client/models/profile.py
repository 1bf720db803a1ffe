from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.profile_kind import ProfileKind
from typing import cast

if TYPE_CHECKING:
  from ..models.profile_game import ProfileGame
  from ..models.profile_rating import ProfileRating





T = TypeVar("T", bound="Profile")



@_attrs_define
class Profile:
    """ 
        Attributes:
            id (str): The account's id: public (seats name it).
            handle (str):
            kind (ProfileKind):
            created_at (str):
            ratings (list[ProfileRating]): The account's rating in each game and player count it was rated in, by game then
                players.
            games (list[ProfileGame]):
            next_cursor (None | str):
     """

    id: str
    handle: str
    kind: ProfileKind
    created_at: str
    ratings: list[ProfileRating]
    games: list[ProfileGame]
    next_cursor: None | str





    def to_dict(self) -> dict[str, Any]:
        from ..models.profile_game import ProfileGame # noqa: PLC0415
        from ..models.profile_rating import ProfileRating # noqa: PLC0415
        id = self.id

        handle = self.handle

        kind = self.kind.value

        created_at = self.created_at

        ratings = []
        for ratings_item_data in self.ratings:
            ratings_item = ratings_item_data.to_dict()
            ratings.append(ratings_item)



        games = []
        for games_item_data in self.games:
            games_item = games_item_data.to_dict()
            games.append(games_item)



        next_cursor: None | str
        next_cursor = self.next_cursor


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "handle": handle,
            "kind": kind,
            "created_at": created_at,
            "ratings": ratings,
            "games": games,
            "next_cursor": next_cursor,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.profile_game import ProfileGame # noqa: PLC0415
        from ..models.profile_rating import ProfileRating # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        handle = d.pop("handle")

        kind = ProfileKind(d.pop("kind"))




        created_at = d.pop("created_at")

        ratings = []
        _ratings = d.pop("ratings")
        for ratings_item_data in (_ratings):
            ratings_item = ProfileRating.from_dict(ratings_item_data)



            ratings.append(ratings_item)


        games = []
        _games = d.pop("games")
        for games_item_data in (_games):
            games_item = ProfileGame.from_dict(games_item_data)



            games.append(games_item)


        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))


        profile = cls(
            id=id,
            handle=handle,
            kind=kind,
            created_at=created_at,
            ratings=ratings,
            games=games,
            next_cursor=next_cursor,
        )

        return profile

