from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fette_beute_board_revealed_item_item_animal import FetteBeuteBoardRevealedItemItemAnimal
from ..models.fette_beute_board_revealed_item_item_how import FetteBeuteBoardRevealedItemItemHow






T = TypeVar("T", bound="FetteBeuteBoardRevealedItemItem")



@_attrs_define
class FetteBeuteBoardRevealedItemItem:
    """ 
        Attributes:
            animal (FetteBeuteBoardRevealedItemItemAnimal):
            how (FetteBeuteBoardRevealedItemItemHow):
     """

    animal: FetteBeuteBoardRevealedItemItemAnimal
    how: FetteBeuteBoardRevealedItemItemHow





    def to_dict(self) -> dict[str, Any]:
        animal = self.animal.value

        how = self.how.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "animal": animal,
            "how": how,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        animal = FetteBeuteBoardRevealedItemItemAnimal(d.pop("animal"))




        how = FetteBeuteBoardRevealedItemItemHow(d.pop("how"))




        fette_beute_board_revealed_item_item = cls(
            animal=animal,
            how=how,
        )

        return fette_beute_board_revealed_item_item

