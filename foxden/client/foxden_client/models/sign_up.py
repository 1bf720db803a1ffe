from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.sign_up_kind import SignUpKind
from ..types import UNSET, Unset






T = TypeVar("T", bound="SignUp")



@_attrs_define
class SignUp:
    """ 
        Attributes:
            handle (str): Unique whatever its case (409 `handle_taken`).
            kind (SignUpKind):
            invite (str | Unset): A single-use invite code (needed when sign-up is by invite).
     """

    handle: str
    kind: SignUpKind
    invite: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        handle = self.handle

        kind = self.kind.value

        invite = self.invite


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "handle": handle,
            "kind": kind,
        })
        if invite is not UNSET:
            field_dict["invite"] = invite

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        handle = d.pop("handle")

        kind = SignUpKind(d.pop("kind"))




        invite = d.pop("invite", UNSET)

        sign_up = cls(
            handle=handle,
            kind=kind,
            invite=invite,
        )

        return sign_up

