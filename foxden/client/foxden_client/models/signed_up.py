from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.signed_up_kind import SignedUpKind
from typing import cast

if TYPE_CHECKING:
  from ..models.new_key_made import NewKeyMade





T = TypeVar("T", bound="SignedUp")



@_attrs_define
class SignedUp:
    """ 
        Attributes:
            id (str): The account's id: public (seats name it).
            handle (str):
            kind (SignedUpKind):
            created_at (str):
            key (NewKeyMade):
     """

    id: str
    handle: str
    kind: SignedUpKind
    created_at: str
    key: NewKeyMade





    def to_dict(self) -> dict[str, Any]:
        from ..models.new_key_made import NewKeyMade # noqa: PLC0415
        id = self.id

        handle = self.handle

        kind = self.kind.value

        created_at = self.created_at

        key = self.key.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "handle": handle,
            "kind": kind,
            "created_at": created_at,
            "key": key,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.new_key_made import NewKeyMade # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        handle = d.pop("handle")

        kind = SignedUpKind(d.pop("kind"))




        created_at = d.pop("created_at")

        key = NewKeyMade.from_dict(d.pop("key"))




        signed_up = cls(
            id=id,
            handle=handle,
            kind=kind,
            created_at=created_at,
            key=key,
        )

        return signed_up

