from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.gloria_picktoria_card_drawn_blind_card_type_1 import GloriaPicktoriaCardDrawnBlindCardType1
from ..models.gloria_picktoria_card_drawn_blind_card_type_2_type_1 import GloriaPicktoriaCardDrawnBlindCardType2Type1
from ..models.gloria_picktoria_card_drawn_blind_card_type_3_type_1 import GloriaPicktoriaCardDrawnBlindCardType3Type1
from typing import cast






T = TypeVar("T", bound="GloriaPicktoriaCardDrawnBlind")



@_attrs_define
class GloriaPicktoriaCardDrawnBlind:
    """ 
        Attributes:
            seat (int):
            card (GloriaPicktoriaCardDrawnBlindCardType1 | GloriaPicktoriaCardDrawnBlindCardType2Type1 |
                GloriaPicktoriaCardDrawnBlindCardType3Type1 | None): The drawer's own only.
     """

    seat: int
    card: GloriaPicktoriaCardDrawnBlindCardType1 | GloriaPicktoriaCardDrawnBlindCardType2Type1 | GloriaPicktoriaCardDrawnBlindCardType3Type1 | None





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        card: None | str
        if isinstance(self.card, GloriaPicktoriaCardDrawnBlindCardType1):
            card = self.card.value
        elif isinstance(self.card, GloriaPicktoriaCardDrawnBlindCardType2Type1):
            card = self.card.value
        elif isinstance(self.card, GloriaPicktoriaCardDrawnBlindCardType3Type1):
            card = self.card.value
        else:
            card = self.card


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "card": card,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        def _parse_card(data: object) -> GloriaPicktoriaCardDrawnBlindCardType1 | GloriaPicktoriaCardDrawnBlindCardType2Type1 | GloriaPicktoriaCardDrawnBlindCardType3Type1 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                card_type_1 = GloriaPicktoriaCardDrawnBlindCardType1(data)



                return card_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                card_type_2_type_1 = GloriaPicktoriaCardDrawnBlindCardType2Type1(data)



                return card_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                card_type_3_type_1 = GloriaPicktoriaCardDrawnBlindCardType3Type1(data)



                return card_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GloriaPicktoriaCardDrawnBlindCardType1 | GloriaPicktoriaCardDrawnBlindCardType2Type1 | GloriaPicktoriaCardDrawnBlindCardType3Type1 | None, data)

        card = _parse_card(d.pop("card"))


        gloria_picktoria_card_drawn_blind = cls(
            seat=seat,
            card=card,
        )

        return gloria_picktoria_card_drawn_blind

