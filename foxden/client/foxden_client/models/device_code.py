from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="DeviceCode")



@_attrs_define
class DeviceCode:
    """ 
        Attributes:
            code (str): 8 characters of 23456789ABCDEFGHJKMNPQRSTVWXYZ (about 39 bits), single use.
            expires_at (str):
     """

    code: str
    expires_at: str





    def to_dict(self) -> dict[str, Any]:
        code = self.code

        expires_at = self.expires_at


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "code": code,
            "expires_at": expires_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        expires_at = d.pop("expires_at")

        device_code = cls(
            code=code,
            expires_at=expires_at,
        )

        return device_code

