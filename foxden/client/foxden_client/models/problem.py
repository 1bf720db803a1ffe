from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.problem_errors import ProblemErrors





T = TypeVar("T", bound="Problem")



@_attrs_define
class Problem:
    """ 
        Attributes:
            type_ (str):
            title (str):
            status (int):
            detail (str):
            code (str):
            errors (ProblemErrors | Unset): Field name to messages.
            current_version (int | Unset):
            retry_after (int | Unset):
            scope (str | Unset): The scope the key lacks (`missing_scope`).
     """

    type_: str
    title: str
    status: int
    detail: str
    code: str
    errors: ProblemErrors | Unset = UNSET
    current_version: int | Unset = UNSET
    retry_after: int | Unset = UNSET
    scope: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.problem_errors import ProblemErrors # noqa: PLC0415
        type_ = self.type_

        title = self.title

        status = self.status

        detail = self.detail

        code = self.code

        errors: dict[str, Any] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = self.errors.to_dict()

        current_version = self.current_version

        retry_after = self.retry_after

        scope = self.scope


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "title": title,
            "status": status,
            "detail": detail,
            "code": code,
        })
        if errors is not UNSET:
            field_dict["errors"] = errors
        if current_version is not UNSET:
            field_dict["current_version"] = current_version
        if retry_after is not UNSET:
            field_dict["retry_after"] = retry_after
        if scope is not UNSET:
            field_dict["scope"] = scope

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem_errors import ProblemErrors # noqa: PLC0415
        d = dict(src_dict)
        type_ = d.pop("type")

        title = d.pop("title")

        status = d.pop("status")

        detail = d.pop("detail")

        code = d.pop("code")

        _errors = d.pop("errors", UNSET)
        errors: ProblemErrors | Unset
        if isinstance(_errors,  Unset):
            errors = UNSET
        else:
            errors = ProblemErrors.from_dict(_errors)




        current_version = d.pop("current_version", UNSET)

        retry_after = d.pop("retry_after", UNSET)

        scope = d.pop("scope", UNSET)

        problem = cls(
            type_=type_,
            title=title,
            status=status,
            detail=detail,
            code=code,
            errors=errors,
            current_version=current_version,
            retry_after=retry_after,
            scope=scope,
        )


        problem.additional_properties = d
        return problem

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
