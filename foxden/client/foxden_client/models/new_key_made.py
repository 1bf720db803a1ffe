from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.scopes_item import ScopesItem
from typing import cast






T = TypeVar("T", bound="NewKeyMade")



@_attrs_define
class NewKeyMade:
    """ 
        Attributes:
            id (str):
            label (str):
            scopes (list[ScopesItem]):
            created_at (str):
            key (str): fdk_<key id>_<secret>: send it as Authorization: Bearer. Shown once; stored only hashed.
     """

    id: str
    label: str
    scopes: list[ScopesItem]
    created_at: str
    key: str





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        label = self.label

        scopes = []
        for componentsschemas_scopes_item_data in self.scopes:
            componentsschemas_scopes_item = componentsschemas_scopes_item_data.value
            scopes.append(componentsschemas_scopes_item)



        created_at = self.created_at

        key = self.key


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "label": label,
            "scopes": scopes,
            "created_at": created_at,
            "key": key,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        label = d.pop("label")

        scopes = []
        _scopes = d.pop("scopes")
        for componentsschemas_scopes_item_data in (_scopes):
            componentsschemas_scopes_item = ScopesItem(componentsschemas_scopes_item_data)



            scopes.append(componentsschemas_scopes_item)


        created_at = d.pop("created_at")

        key = d.pop("key")

        new_key_made = cls(
            id=id,
            label=label,
            scopes=scopes,
            created_at=created_at,
            key=key,
        )

        return new_key_made

