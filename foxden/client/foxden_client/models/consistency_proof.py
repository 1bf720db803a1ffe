from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="ConsistencyProof")



@_attrs_define
class ConsistencyProof:
    """ 
        Attributes:
            from_ (int):
            to (int):
            proof (list[str]): RFC 9162 §2.1.4's hashes, base64.
     """

    from_: int
    to: int
    proof: list[str]





    def to_dict(self) -> dict[str, Any]:
        from_ = self.from_

        to = self.to

        proof = self.proof




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "from": from_,
            "to": to,
            "proof": proof,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        from_ = d.pop("from")

        to = d.pop("to")

        proof = cast(list[str], d.pop("proof"))


        consistency_proof = cls(
            from_=from_,
            to=to,
            proof=proof,
        )

        return consistency_proof

