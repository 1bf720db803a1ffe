from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.game_started_orders import GameStartedOrders





T = TypeVar("T", bound="GameStarted")



@_attrs_define
class GameStarted:
    """ 
        Attributes:
            start_player (int):
            orders (GameStartedOrders | Unset): Shuffle name → permutation; hidden until the end.
     """

    start_player: int
    orders: GameStartedOrders | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.game_started_orders import GameStartedOrders # noqa: PLC0415
        start_player = self.start_player

        orders: dict[str, Any] | Unset = UNSET
        if not isinstance(self.orders, Unset):
            orders = self.orders.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "start_player": start_player,
        })
        if orders is not UNSET:
            field_dict["orders"] = orders

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_started_orders import GameStartedOrders # noqa: PLC0415
        d = dict(src_dict)
        start_player = d.pop("start_player")

        _orders = d.pop("orders", UNSET)
        orders: GameStartedOrders | Unset
        if isinstance(_orders,  Unset):
            orders = UNSET
        else:
            orders = GameStartedOrders.from_dict(_orders)




        game_started = cls(
            start_player=start_player,
            orders=orders,
        )

        return game_started

