from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.audit_check import AuditCheck





T = TypeVar("T", bound="AuditReport")



@_attrs_define
class AuditReport:
    """ 
        Attributes:
            ok (bool): Every check that ran holds.
            checks (list[AuditCheck]):
            version (int): The number of events audited.
            head_hash (None | str): The hash of the last event audited.
     """

    ok: bool
    checks: list[AuditCheck]
    version: int
    head_hash: None | str





    def to_dict(self) -> dict[str, Any]:
        from ..models.audit_check import AuditCheck # noqa: PLC0415
        ok = self.ok

        checks = []
        for checks_item_data in self.checks:
            checks_item = checks_item_data.to_dict()
            checks.append(checks_item)



        version = self.version

        head_hash: None | str
        head_hash = self.head_hash


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "ok": ok,
            "checks": checks,
            "version": version,
            "head_hash": head_hash,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audit_check import AuditCheck # noqa: PLC0415
        d = dict(src_dict)
        ok = d.pop("ok")

        checks = []
        _checks = d.pop("checks")
        for checks_item_data in (_checks):
            checks_item = AuditCheck.from_dict(checks_item_data)



            checks.append(checks_item)


        version = d.pop("version")

        def _parse_head_hash(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        head_hash = _parse_head_hash(d.pop("head_hash"))


        audit_report = cls(
            ok=ok,
            checks=checks,
            version=version,
            head_hash=head_hash,
        )

        return audit_report

