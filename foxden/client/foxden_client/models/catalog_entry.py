from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.catalog_entry_options import CatalogEntryOptions





T = TypeVar("T", bound="CatalogEntry")



@_attrs_define
class CatalogEntry:
    """ 
        Attributes:
            id (str):
            name (str):
            min_players (int):
            max_players (int):
            rules_version (str):
            options (CatalogEntryOptions):
            strategies (list[str] | Unset):
            commands (list[str] | Unset):
     """

    id: str
    name: str
    min_players: int
    max_players: int
    rules_version: str
    options: CatalogEntryOptions
    strategies: list[str] | Unset = UNSET
    commands: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.catalog_entry_options import CatalogEntryOptions # noqa: PLC0415
        id = self.id

        name = self.name

        min_players = self.min_players

        max_players = self.max_players

        rules_version = self.rules_version

        options = self.options.to_dict()

        strategies: list[str] | Unset = UNSET
        if not isinstance(self.strategies, Unset):
            strategies = self.strategies



        commands: list[str] | Unset = UNSET
        if not isinstance(self.commands, Unset):
            commands = self.commands




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "name": name,
            "min_players": min_players,
            "max_players": max_players,
            "rules_version": rules_version,
            "options": options,
        })
        if strategies is not UNSET:
            field_dict["strategies"] = strategies
        if commands is not UNSET:
            field_dict["commands"] = commands

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.catalog_entry_options import CatalogEntryOptions # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        min_players = d.pop("min_players")

        max_players = d.pop("max_players")

        rules_version = d.pop("rules_version")

        options = CatalogEntryOptions.from_dict(d.pop("options"))




        strategies = cast(list[str], d.pop("strategies", UNSET))


        commands = cast(list[str], d.pop("commands", UNSET))


        catalog_entry = cls(
            id=id,
            name=name,
            min_players=min_players,
            max_players=max_players,
            rules_version=rules_version,
            options=options,
            strategies=strategies,
            commands=commands,
        )


        catalog_entry.additional_properties = d
        return catalog_entry

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
