from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.gloria_picktoria_cards_dealt_display_item import GloriaPicktoriaCardsDealtDisplayItem
from ..models.gloria_picktoria_cards_dealt_hands_item_type_0_item import GloriaPicktoriaCardsDealtHandsItemType0Item
from ..models.gloria_picktoria_cards_dealt_pile_item import GloriaPicktoriaCardsDealtPileItem
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="GloriaPicktoriaCardsDealt")



@_attrs_define
class GloriaPicktoriaCardsDealt:
    """ 
        Attributes:
            start_player (int):
            display (list[GloriaPicktoriaCardsDealtDisplayItem]):
            hands (list[list[GloriaPicktoriaCardsDealtHandsItemType0Item] | None]):
            hand_sizes (list[int]):
            pile_size (int):
            pile (list[GloriaPicktoriaCardsDealtPileItem] | Unset): Hidden until the end.
     """

    start_player: int
    display: list[GloriaPicktoriaCardsDealtDisplayItem]
    hands: list[list[GloriaPicktoriaCardsDealtHandsItemType0Item] | None]
    hand_sizes: list[int]
    pile_size: int
    pile: list[GloriaPicktoriaCardsDealtPileItem] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        start_player = self.start_player

        display = []
        for display_item_data in self.display:
            display_item = display_item_data.value
            display.append(display_item)



        hands = []
        for hands_item_data in self.hands:
            hands_item: list[str] | None
            if isinstance(hands_item_data, list):
                hands_item = []
                for hands_item_type_0_item_data in hands_item_data:
                    hands_item_type_0_item = hands_item_type_0_item_data.value
                    hands_item.append(hands_item_type_0_item)


            else:
                hands_item = hands_item_data
            hands.append(hands_item)



        hand_sizes = self.hand_sizes



        pile_size = self.pile_size

        pile: list[str] | Unset = UNSET
        if not isinstance(self.pile, Unset):
            pile = []
            for pile_item_data in self.pile:
                pile_item = pile_item_data.value
                pile.append(pile_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "start_player": start_player,
            "display": display,
            "hands": hands,
            "hand_sizes": hand_sizes,
            "pile_size": pile_size,
        })
        if pile is not UNSET:
            field_dict["pile"] = pile

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        start_player = d.pop("start_player")

        display = []
        _display = d.pop("display")
        for display_item_data in (_display):
            display_item = GloriaPicktoriaCardsDealtDisplayItem(display_item_data)



            display.append(display_item)


        hands = []
        _hands = d.pop("hands")
        for hands_item_data in (_hands):
            def _parse_hands_item(data: object) -> list[GloriaPicktoriaCardsDealtHandsItemType0Item] | None:
                if data is None:
                    return data
                try:
                    if not isinstance(data, list):
                        raise TypeError()
                    hands_item_type_0 = []
                    _hands_item_type_0 = data
                    for hands_item_type_0_item_data in (_hands_item_type_0):
                        hands_item_type_0_item = GloriaPicktoriaCardsDealtHandsItemType0Item(hands_item_type_0_item_data)



                        hands_item_type_0.append(hands_item_type_0_item)

                    return hands_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(list[GloriaPicktoriaCardsDealtHandsItemType0Item] | None, data)

            hands_item = _parse_hands_item(hands_item_data)

            hands.append(hands_item)


        hand_sizes = cast(list[int], d.pop("hand_sizes"))


        pile_size = d.pop("pile_size")

        _pile = d.pop("pile", UNSET)
        pile: list[GloriaPicktoriaCardsDealtPileItem] | Unset = UNSET
        if _pile is not UNSET:
            pile = []
            for pile_item_data in _pile:
                pile_item = GloriaPicktoriaCardsDealtPileItem(pile_item_data)



                pile.append(pile_item)


        gloria_picktoria_cards_dealt = cls(
            start_player=start_player,
            display=display,
            hands=hands,
            hand_sizes=hand_sizes,
            pile_size=pile_size,
            pile=pile,
        )

        return gloria_picktoria_cards_dealt

