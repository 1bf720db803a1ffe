from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fette_beute_choose_animals_item import FetteBeuteChooseAnimalsItem
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="FetteBeuteChoose")



@_attrs_define
class FetteBeuteChoose:
    """ Place two different animals face down, in any order (each seat once a round).

        Attributes:
            type_ (Literal['choose']):
            animals (list[FetteBeuteChooseAnimalsItem]):
     """

    type_: Literal['choose']
    animals: list[FetteBeuteChooseAnimalsItem]





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        animals = []
        for animals_item_data in self.animals:
            animals_item = animals_item_data.value
            animals.append(animals_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "animals": animals,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['choose'] , d.pop("type"))
        if type_ != 'choose':
            raise ValueError(f"type must match const 'choose', got '{type_}'")

        animals = []
        _animals = d.pop("animals")
        for animals_item_data in (_animals):
            animals_item = FetteBeuteChooseAnimalsItem(animals_item_data)



            animals.append(animals_item)


        fette_beute_choose = cls(
            type_=type_,
            animals=animals,
        )

        return fette_beute_choose

