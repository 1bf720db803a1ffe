from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="Invite")



@_attrs_define
class Invite:
    """ 
        Attributes:
            invite (str): Single use; send it as `invite` to POST /v1/accounts.
            expires_at (str):
     """

    invite: str
    expires_at: str





    def to_dict(self) -> dict[str, Any]:
        invite = self.invite

        expires_at = self.expires_at


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "invite": invite,
            "expires_at": expires_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        invite = d.pop("invite")

        expires_at = d.pop("expires_at")

        invite = cls(
            invite=invite,
            expires_at=expires_at,
        )

        return invite

