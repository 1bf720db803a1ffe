from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.game_created_options import GameCreatedOptions
  from ..models.game_created_seats_item import GameCreatedSeatsItem





T = TypeVar("T", bound="GameCreated")



@_attrs_define
class GameCreated:
    """ 
        Attributes:
            game (str):
            rules_version (str):
            players (int):
            seats (list[GameCreatedSeatsItem]):
            options (GameCreatedOptions):
            commitment (str):
            seed (str | Unset):
            owner_token_hash (str | Unset):
            owner_account (str | Unset): The account that created the table.
            expires_at (str | Unset): When the table expires if it still waits.
     """

    game: str
    rules_version: str
    players: int
    seats: list[GameCreatedSeatsItem]
    options: GameCreatedOptions
    commitment: str
    seed: str | Unset = UNSET
    owner_token_hash: str | Unset = UNSET
    owner_account: str | Unset = UNSET
    expires_at: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.game_created_options import GameCreatedOptions # noqa: PLC0415
        from ..models.game_created_seats_item import GameCreatedSeatsItem # noqa: PLC0415
        game = self.game

        rules_version = self.rules_version

        players = self.players

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)



        options = self.options.to_dict()

        commitment = self.commitment

        seed = self.seed

        owner_token_hash = self.owner_token_hash

        owner_account = self.owner_account

        expires_at = self.expires_at


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "game": game,
            "rules_version": rules_version,
            "players": players,
            "seats": seats,
            "options": options,
            "commitment": commitment,
        })
        if seed is not UNSET:
            field_dict["seed"] = seed
        if owner_token_hash is not UNSET:
            field_dict["owner_token_hash"] = owner_token_hash
        if owner_account is not UNSET:
            field_dict["owner_account"] = owner_account
        if expires_at is not UNSET:
            field_dict["expires_at"] = expires_at

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_created_options import GameCreatedOptions # noqa: PLC0415
        from ..models.game_created_seats_item import GameCreatedSeatsItem # noqa: PLC0415
        d = dict(src_dict)
        game = d.pop("game")

        rules_version = d.pop("rules_version")

        players = d.pop("players")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = GameCreatedSeatsItem.from_dict(seats_item_data)



            seats.append(seats_item)


        options = GameCreatedOptions.from_dict(d.pop("options"))




        commitment = d.pop("commitment")

        seed = d.pop("seed", UNSET)

        owner_token_hash = d.pop("owner_token_hash", UNSET)

        owner_account = d.pop("owner_account", UNSET)

        expires_at = d.pop("expires_at", UNSET)

        game_created = cls(
            game=game,
            rules_version=rules_version,
            players=players,
            seats=seats,
            options=options,
            commitment=commitment,
            seed=seed,
            owner_token_hash=owner_token_hash,
            owner_account=owner_account,
            expires_at=expires_at,
        )

        return game_created

