from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.me_kind import MeKind
from typing import cast

if TYPE_CHECKING:
  from ..models.me_key import MeKey





T = TypeVar("T", bound="Me")



@_attrs_define
class Me:
    """ 
        Attributes:
            id (str): The account's id: public (seats name it).
            handle (str):
            kind (MeKind):
            created_at (str):
            key (MeKey):
     """

    id: str
    handle: str
    kind: MeKind
    created_at: str
    key: MeKey





    def to_dict(self) -> dict[str, Any]:
        from ..models.me_key import MeKey # noqa: PLC0415
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
        from ..models.me_key import MeKey # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        handle = d.pop("handle")

        kind = MeKind(d.pop("kind"))




        created_at = d.pop("created_at")

        key = MeKey.from_dict(d.pop("key"))




        me = cls(
            id=id,
            handle=handle,
            kind=kind,
            created_at=created_at,
            key=key,
        )

        return me

