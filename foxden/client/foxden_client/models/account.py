from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.account_kind import AccountKind






T = TypeVar("T", bound="Account")



@_attrs_define
class Account:
    """ 
        Attributes:
            id (str): The account's id: public (seats name it).
            handle (str):
            kind (AccountKind):
            created_at (str):
     """

    id: str
    handle: str
    kind: AccountKind
    created_at: str





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        handle = self.handle

        kind = self.kind.value

        created_at = self.created_at


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "handle": handle,
            "kind": kind,
            "created_at": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        handle = d.pop("handle")

        kind = AccountKind(d.pop("kind"))




        created_at = d.pop("created_at")

        account = cls(
            id=id,
            handle=handle,
            kind=kind,
            created_at=created_at,
        )

        return account

