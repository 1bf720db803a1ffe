from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fette_beute_reveal_animal import FetteBeuteRevealAnimal
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.fette_beute_steal import FetteBeuteSteal





T = TypeVar("T", bound="FetteBeuteReveal")



@_attrs_define
class FetteBeuteReveal:
    """ On your reveal turn, turn up one of your face-down animals. `steal` names the target seat and food kind exactly when
    a theft resolves (a raccoon, or a marmot copying one) and some opponent holds food; otherwise it is absent.

        Attributes:
            type_ (Literal['reveal']):
            animal (FetteBeuteRevealAnimal):
            steal (FetteBeuteSteal | Unset):
     """

    type_: Literal['reveal']
    animal: FetteBeuteRevealAnimal
    steal: FetteBeuteSteal | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.fette_beute_steal import FetteBeuteSteal # noqa: PLC0415
        type_ = self.type_

        animal = self.animal.value

        steal: dict[str, Any] | Unset = UNSET
        if not isinstance(self.steal, Unset):
            steal = self.steal.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "animal": animal,
        })
        if steal is not UNSET:
            field_dict["steal"] = steal

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fette_beute_steal import FetteBeuteSteal # noqa: PLC0415
        d = dict(src_dict)
        type_ = cast(Literal['reveal'] , d.pop("type"))
        if type_ != 'reveal':
            raise ValueError(f"type must match const 'reveal', got '{type_}'")

        animal = FetteBeuteRevealAnimal(d.pop("animal"))




        _steal = d.pop("steal", UNSET)
        steal: FetteBeuteSteal | Unset
        if isinstance(_steal,  Unset):
            steal = UNSET
        else:
            steal = FetteBeuteSteal.from_dict(_steal)




        fette_beute_reveal = cls(
            type_=type_,
            animal=animal,
            steal=steal,
        )

        return fette_beute_reveal

