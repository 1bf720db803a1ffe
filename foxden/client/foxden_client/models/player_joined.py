from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="PlayerJoined")



@_attrs_define
class PlayerJoined:
    """ 
        Attributes:
            seat (int):
            name (str):
            client_seed (str):
            token_hash (str | Unset):
            account (str | Unset): The account holding the seat (no token).
     """

    seat: int
    name: str
    client_seed: str
    token_hash: str | Unset = UNSET
    account: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        name = self.name

        client_seed = self.client_seed

        token_hash = self.token_hash

        account = self.account


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "name": name,
            "client_seed": client_seed,
        })
        if token_hash is not UNSET:
            field_dict["token_hash"] = token_hash
        if account is not UNSET:
            field_dict["account"] = account

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        name = d.pop("name")

        client_seed = d.pop("client_seed")

        token_hash = d.pop("token_hash", UNSET)

        account = d.pop("account", UNSET)

        player_joined = cls(
            seat=seat,
            name=name,
            client_seed=client_seed,
            token_hash=token_hash,
            account=account,
        )

        return player_joined

