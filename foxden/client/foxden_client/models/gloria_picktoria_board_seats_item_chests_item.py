from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.gloria_picktoria_board_seats_item_chests_item_card import GloriaPicktoriaBoardSeatsItemChestsItemCard
from ..models.gloria_picktoria_board_seats_item_chests_item_motif_type_1 import GloriaPicktoriaBoardSeatsItemChestsItemMotifType1
from ..models.gloria_picktoria_board_seats_item_chests_item_motif_type_2_type_1 import GloriaPicktoriaBoardSeatsItemChestsItemMotifType2Type1
from ..models.gloria_picktoria_board_seats_item_chests_item_motif_type_3_type_1 import GloriaPicktoriaBoardSeatsItemChestsItemMotifType3Type1
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="GloriaPicktoriaBoardSeatsItemChestsItem")



@_attrs_define
class GloriaPicktoriaBoardSeatsItemChestsItem:
    """ 
        Attributes:
            motif (GloriaPicktoriaBoardSeatsItemChestsItemMotifType1 |
                GloriaPicktoriaBoardSeatsItemChestsItemMotifType2Type1 | GloriaPicktoriaBoardSeatsItemChestsItemMotifType3Type1
                | None):
            length (int):
            jokers (int):
            doubled (bool):
            card (GloriaPicktoriaBoardSeatsItemChestsItemCard | Unset): Once the game is over.
     """

    motif: GloriaPicktoriaBoardSeatsItemChestsItemMotifType1 | GloriaPicktoriaBoardSeatsItemChestsItemMotifType2Type1 | GloriaPicktoriaBoardSeatsItemChestsItemMotifType3Type1 | None
    length: int
    jokers: int
    doubled: bool
    card: GloriaPicktoriaBoardSeatsItemChestsItemCard | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        motif: None | str
        if isinstance(self.motif, GloriaPicktoriaBoardSeatsItemChestsItemMotifType1):
            motif = self.motif.value
        elif isinstance(self.motif, GloriaPicktoriaBoardSeatsItemChestsItemMotifType2Type1):
            motif = self.motif.value
        elif isinstance(self.motif, GloriaPicktoriaBoardSeatsItemChestsItemMotifType3Type1):
            motif = self.motif.value
        else:
            motif = self.motif

        length = self.length

        jokers = self.jokers

        doubled = self.doubled

        card: str | Unset = UNSET
        if not isinstance(self.card, Unset):
            card = self.card.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "motif": motif,
            "length": length,
            "jokers": jokers,
            "doubled": doubled,
        })
        if card is not UNSET:
            field_dict["card"] = card

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_motif(data: object) -> GloriaPicktoriaBoardSeatsItemChestsItemMotifType1 | GloriaPicktoriaBoardSeatsItemChestsItemMotifType2Type1 | GloriaPicktoriaBoardSeatsItemChestsItemMotifType3Type1 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                motif_type_1 = GloriaPicktoriaBoardSeatsItemChestsItemMotifType1(data)



                return motif_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                motif_type_2_type_1 = GloriaPicktoriaBoardSeatsItemChestsItemMotifType2Type1(data)



                return motif_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                motif_type_3_type_1 = GloriaPicktoriaBoardSeatsItemChestsItemMotifType3Type1(data)



                return motif_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GloriaPicktoriaBoardSeatsItemChestsItemMotifType1 | GloriaPicktoriaBoardSeatsItemChestsItemMotifType2Type1 | GloriaPicktoriaBoardSeatsItemChestsItemMotifType3Type1 | None, data)

        motif = _parse_motif(d.pop("motif"))


        length = d.pop("length")

        jokers = d.pop("jokers")

        doubled = d.pop("doubled")

        _card = d.pop("card", UNSET)
        card: GloriaPicktoriaBoardSeatsItemChestsItemCard | Unset
        if isinstance(_card,  Unset):
            card = UNSET
        else:
            card = GloriaPicktoriaBoardSeatsItemChestsItemCard(_card)




        gloria_picktoria_board_seats_item_chests_item = cls(
            motif=motif,
            length=length,
            jokers=jokers,
            doubled=doubled,
            card=card,
        )

        return gloria_picktoria_board_seats_item_chests_item

