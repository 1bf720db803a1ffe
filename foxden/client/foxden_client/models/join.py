from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="Join")



@_attrs_define
class Join:
    """ 
        Attributes:
            name (str | Unset): The seat's name: required without an account key; with one, the account's handle unless
                given.
            seat (int | Unset): A seat of the table (409 `no_such_seat` beyond it).
            client_seed (str | Unset): Your own entropy, mixed into every shuffle.
     """

    name: str | Unset = UNSET
    seat: int | Unset = UNSET
    client_seed: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        seat = self.seat

        client_seed = self.client_seed


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if name is not UNSET:
            field_dict["name"] = name
        if seat is not UNSET:
            field_dict["seat"] = seat
        if client_seed is not UNSET:
            field_dict["client_seed"] = client_seed

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        seat = d.pop("seat", UNSET)

        client_seed = d.pop("client_seed", UNSET)

        join = cls(
            name=name,
            seat=seat,
            client_seed=client_seed,
        )

        return join

