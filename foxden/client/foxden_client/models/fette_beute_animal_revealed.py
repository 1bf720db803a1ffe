from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fette_beute_animal_revealed_animal import FetteBeuteAnimalRevealedAnimal
from ..models.fette_beute_animal_revealed_how import FetteBeuteAnimalRevealedHow






T = TypeVar("T", bound="FetteBeuteAnimalRevealed")



@_attrs_define
class FetteBeuteAnimalRevealed:
    """ 
        Attributes:
            seat (int):
            animal (FetteBeuteAnimalRevealedAnimal):
            how (FetteBeuteAnimalRevealedHow):
     """

    seat: int
    animal: FetteBeuteAnimalRevealedAnimal
    how: FetteBeuteAnimalRevealedHow





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        animal = self.animal.value

        how = self.how.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "animal": animal,
            "how": how,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        animal = FetteBeuteAnimalRevealedAnimal(d.pop("animal"))




        how = FetteBeuteAnimalRevealedHow(d.pop("how"))




        fette_beute_animal_revealed = cls(
            seat=seat,
            animal=animal,
            how=how,
        )

        return fette_beute_animal_revealed

