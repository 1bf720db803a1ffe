from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ProfileRating")



@_attrs_define
class ProfileRating:
    """ 
        Attributes:
            mu (float): The rating's mean (25 for a new account).
            sigma (float): Its uncertainty (25/3 for a new account).
            ordinal (float): The displayed rating: mu - 3 sigma.
            games (int): Rated games in this game and player count.
            game (str):
            players (int):
     """

    mu: float
    sigma: float
    ordinal: float
    games: int
    game: str
    players: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        mu = self.mu

        sigma = self.sigma

        ordinal = self.ordinal

        games = self.games

        game = self.game

        players = self.players


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "mu": mu,
            "sigma": sigma,
            "ordinal": ordinal,
            "games": games,
            "game": game,
            "players": players,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mu = d.pop("mu")

        sigma = d.pop("sigma")

        ordinal = d.pop("ordinal")

        games = d.pop("games")

        game = d.pop("game")

        players = d.pop("players")

        profile_rating = cls(
            mu=mu,
            sigma=sigma,
            ordinal=ordinal,
            games=games,
            game=game,
            players=players,
        )


        profile_rating.additional_properties = d
        return profile_rating

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
