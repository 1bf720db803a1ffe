from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.sly_board_spaces_item_card import SlyBoardSpacesItemCard
from ..models.sly_board_spaces_item_status import SlyBoardSpacesItemStatus
from ..types import UNSET, Unset






T = TypeVar("T", bound="SlyBoardSpacesItem")



@_attrs_define
class SlyBoardSpacesItem:
    """ 
        Attributes:
            space (str):
            value (int):
            status (SlyBoardSpacesItemStatus):
            owner (int | Unset):
            laid_turn (int | Unset):
            card (SlyBoardSpacesItemCard | Unset):
     """

    space: str
    value: int
    status: SlyBoardSpacesItemStatus
    owner: int | Unset = UNSET
    laid_turn: int | Unset = UNSET
    card: SlyBoardSpacesItemCard | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        space = self.space

        value = self.value

        status = self.status.value

        owner = self.owner

        laid_turn = self.laid_turn

        card: str | Unset = UNSET
        if not isinstance(self.card, Unset):
            card = self.card.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "space": space,
            "value": value,
            "status": status,
        })
        if owner is not UNSET:
            field_dict["owner"] = owner
        if laid_turn is not UNSET:
            field_dict["laid_turn"] = laid_turn
        if card is not UNSET:
            field_dict["card"] = card

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        space = d.pop("space")

        value = d.pop("value")

        status = SlyBoardSpacesItemStatus(d.pop("status"))




        owner = d.pop("owner", UNSET)

        laid_turn = d.pop("laid_turn", UNSET)

        _card = d.pop("card", UNSET)
        card: SlyBoardSpacesItemCard | Unset
        if isinstance(_card,  Unset):
            card = UNSET
        else:
            card = SlyBoardSpacesItemCard(_card)




        sly_board_spaces_item = cls(
            space=space,
            value=value,
            status=status,
            owner=owner,
            laid_turn=laid_turn,
            card=card,
        )

        return sly_board_spaces_item

