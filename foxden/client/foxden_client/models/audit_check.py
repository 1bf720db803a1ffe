from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.audit_check_name import AuditCheckName
from typing import cast






T = TypeVar("T", bound="AuditCheck")



@_attrs_define
class AuditCheck:
    """ 
        Attributes:
            name (AuditCheckName):
            ok (bool | None): null when the check cannot run yet (detail says why).
            detail (str):
            version (int | None): The first version at fault (n + 1 when events are missing after n).
     """

    name: AuditCheckName
    ok: bool | None
    detail: str
    version: int | None





    def to_dict(self) -> dict[str, Any]:
        name = self.name.value

        ok: bool | None
        ok = self.ok

        detail = self.detail

        version: int | None
        version = self.version


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "ok": ok,
            "detail": detail,
            "version": version,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = AuditCheckName(d.pop("name"))




        def _parse_ok(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        ok = _parse_ok(d.pop("ok"))


        detail = d.pop("detail")

        def _parse_version(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        version = _parse_version(d.pop("version"))


        audit_check = cls(
            name=name,
            ok=ok,
            detail=detail,
            version=version,
        )

        return audit_check

