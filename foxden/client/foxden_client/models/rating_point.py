from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="RatingPoint")



@_attrs_define
class RatingPoint:
    """ 
        Attributes:
            game_id (str): The rated game.
            at (datetime.datetime): When the game ended (its last event).
            mu (float):
            sigma (float):
            ordinal (float): mu - 3 sigma after this game.
            games (int): Rated games of this rating so far, this one included.
     """

    game_id: str
    at: datetime.datetime
    mu: float
    sigma: float
    ordinal: float
    games: int





    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        at = self.at.isoformat()

        mu = self.mu

        sigma = self.sigma

        ordinal = self.ordinal

        games = self.games


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "game_id": game_id,
            "at": at,
            "mu": mu,
            "sigma": sigma,
            "ordinal": ordinal,
            "games": games,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        at = datetime.datetime.fromisoformat(d.pop("at"))




        mu = d.pop("mu")

        sigma = d.pop("sigma")

        ordinal = d.pop("ordinal")

        games = d.pop("games")

        rating_point = cls(
            game_id=game_id,
            at=at,
            mu=mu,
            sigma=sigma,
            ordinal=ordinal,
            games=games,
        )

        return rating_point

