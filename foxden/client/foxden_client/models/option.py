from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="Option")



@_attrs_define
class Option:
    """ 
        Attributes:
            default (int): What a create that leaves the option out gets (for idle_limit_s: this service's
                FOXDEN_IDLE_LIMIT_S).
            minimum (int):
            maximum (int):
            description (str):
            live_default (int | Unset): idle_limit_s only: the idle limit of tables made for live play (the web page's,
                FOXDEN_LIVE_IDLE_LIMIT_S). A table whose idle limit is at most this is listed by `GET /v1/games?live=true` while
                a person plays it.
     """

    default: int
    minimum: int
    maximum: int
    description: str
    live_default: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        default = self.default

        minimum = self.minimum

        maximum = self.maximum

        description = self.description

        live_default = self.live_default


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "default": default,
            "minimum": minimum,
            "maximum": maximum,
            "description": description,
        })
        if live_default is not UNSET:
            field_dict["live_default"] = live_default

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        default = d.pop("default")

        minimum = d.pop("minimum")

        maximum = d.pop("maximum")

        description = d.pop("description")

        live_default = d.pop("live_default", UNSET)

        option = cls(
            default=default,
            minimum=minimum,
            maximum=maximum,
            description=description,
            live_default=live_default,
        )


        option.additional_properties = d
        return option

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
