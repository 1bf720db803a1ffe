from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fette_beute_marmot_copied_animal import FetteBeuteMarmotCopiedAnimal






T = TypeVar("T", bound="FetteBeuteMarmotCopied")



@_attrs_define
class FetteBeuteMarmotCopied:
    """ 
        Attributes:
            seat (int):
            animal (FetteBeuteMarmotCopiedAnimal):
     """

    seat: int
    animal: FetteBeuteMarmotCopiedAnimal





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        animal = self.animal.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "animal": animal,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        animal = FetteBeuteMarmotCopiedAnimal(d.pop("animal"))




        fette_beute_marmot_copied = cls(
            seat=seat,
            animal=animal,
        )

        return fette_beute_marmot_copied

