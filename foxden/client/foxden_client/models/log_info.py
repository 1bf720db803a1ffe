from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="LogInfo")



@_attrs_define
class LogInfo:
    """ 
        Attributes:
            origin (str): The log's name: its checkpoints' first line, and its key's name.
            verifier_key (str): `<origin>+<key id>+<base64 Ed25519 key>`, the key that signs the checkpoints.
            size (int): The number of leaves.
            root_hash (str): The tree's root hash (RFC 9162 MTH), base64.
     """

    origin: str
    verifier_key: str
    size: int
    root_hash: str





    def to_dict(self) -> dict[str, Any]:
        origin = self.origin

        verifier_key = self.verifier_key

        size = self.size

        root_hash = self.root_hash


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "origin": origin,
            "verifier_key": verifier_key,
            "size": size,
            "root_hash": root_hash,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        origin = d.pop("origin")

        verifier_key = d.pop("verifier_key")

        size = d.pop("size")

        root_hash = d.pop("root_hash")

        log_info = cls(
            origin=origin,
            verifier_key=verifier_key,
            size=size,
            root_hash=root_hash,
        )

        return log_info

