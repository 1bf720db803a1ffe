from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.new_key_scopes_item import NewKeyScopesItem
from typing import cast






T = TypeVar("T", bound="NewKey")



@_attrs_define
class NewKey:
    """ 
        Attributes:
            label (str):
            scopes (list[NewKeyScopesItem]): Scopes the new key has: only scopes the sending key has.
     """

    label: str
    scopes: list[NewKeyScopesItem]





    def to_dict(self) -> dict[str, Any]:
        label = self.label

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item = scopes_item_data.value
            scopes.append(scopes_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "label": label,
            "scopes": scopes,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        label = d.pop("label")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in (_scopes):
            scopes_item = NewKeyScopesItem(scopes_item_data)



            scopes.append(scopes_item)


        new_key = cls(
            label=label,
            scopes=scopes,
        )

        return new_key

