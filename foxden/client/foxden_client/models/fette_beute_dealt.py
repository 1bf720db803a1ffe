from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fette_beute_dealt_stores_item_item import FetteBeuteDealtStoresItemItem
from ..models.fette_beute_dealt_supply_item import FetteBeuteDealtSupplyItem
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="FetteBeuteDealt")



@_attrs_define
class FetteBeuteDealt:
    """ 
        Attributes:
            start_player (int):
            stores (list[list[FetteBeuteDealtStoresItemItem]]):
            supply_size (int):
            supply (list[FetteBeuteDealtSupplyItem] | Unset): Hidden until the end.
     """

    start_player: int
    stores: list[list[FetteBeuteDealtStoresItemItem]]
    supply_size: int
    supply: list[FetteBeuteDealtSupplyItem] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        start_player = self.start_player

        stores = []
        for stores_item_data in self.stores:
            stores_item = []
            for stores_item_item_data in stores_item_data:
                stores_item_item = stores_item_item_data.value
                stores_item.append(stores_item_item)


            stores.append(stores_item)



        supply_size = self.supply_size

        supply: list[str] | Unset = UNSET
        if not isinstance(self.supply, Unset):
            supply = []
            for supply_item_data in self.supply:
                supply_item = supply_item_data.value
                supply.append(supply_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "start_player": start_player,
            "stores": stores,
            "supply_size": supply_size,
        })
        if supply is not UNSET:
            field_dict["supply"] = supply

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        start_player = d.pop("start_player")

        stores = []
        _stores = d.pop("stores")
        for stores_item_data in (_stores):
            stores_item = []
            _stores_item = stores_item_data
            for stores_item_item_data in (_stores_item):
                stores_item_item = FetteBeuteDealtStoresItemItem(stores_item_item_data)



                stores_item.append(stores_item_item)

            stores.append(stores_item)


        supply_size = d.pop("supply_size")

        _supply = d.pop("supply", UNSET)
        supply: list[FetteBeuteDealtSupplyItem] | Unset = UNSET
        if _supply is not UNSET:
            supply = []
            for supply_item_data in _supply:
                supply_item = FetteBeuteDealtSupplyItem(supply_item_data)



                supply.append(supply_item)


        fette_beute_dealt = cls(
            start_player=start_player,
            stores=stores,
            supply_size=supply_size,
            supply=supply,
        )

        return fette_beute_dealt

