from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fette_beute_animals_chosen_animals_item import FetteBeuteAnimalsChosenAnimalsItem
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="FetteBeuteAnimalsChosen")



@_attrs_define
class FetteBeuteAnimalsChosen:
    """ 
        Attributes:
            seat (int):
            animals (list[FetteBeuteAnimalsChosenAnimalsItem] | Unset): The chooser's own only.
     """

    seat: int
    animals: list[FetteBeuteAnimalsChosenAnimalsItem] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        animals: list[str] | Unset = UNSET
        if not isinstance(self.animals, Unset):
            animals = []
            for animals_item_data in self.animals:
                animals_item = animals_item_data.value
                animals.append(animals_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
        })
        if animals is not UNSET:
            field_dict["animals"] = animals

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        _animals = d.pop("animals", UNSET)
        animals: list[FetteBeuteAnimalsChosenAnimalsItem] | Unset = UNSET
        if _animals is not UNSET:
            animals = []
            for animals_item_data in _animals:
                animals_item = FetteBeuteAnimalsChosenAnimalsItem(animals_item_data)



                animals.append(animals_item)


        fette_beute_animals_chosen = cls(
            seat=seat,
            animals=animals,
        )

        return fette_beute_animals_chosen

