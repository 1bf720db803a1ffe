from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="TableExpired")



@_attrs_define
class TableExpired:
    """ Nobody filled the table in time.

        Attributes:
            expires_at (str):
     """

    expires_at: str





    def to_dict(self) -> dict[str, Any]:
        expires_at = self.expires_at


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "expires_at": expires_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        expires_at = d.pop("expires_at")

        table_expired = cls(
            expires_at=expires_at,
        )

        return table_expired

