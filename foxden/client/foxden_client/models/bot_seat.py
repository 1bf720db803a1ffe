from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bot_seat_strategy import BotSeatStrategy
from typing import Literal, cast






T = TypeVar("T", bound="BotSeat")



@_attrs_define
class BotSeat:
    """ 
        Attributes:
            kind (Literal['bot']):
            strategy (BotSeatStrategy): A strategy from the catalogue.
     """

    kind: Literal['bot']
    strategy: BotSeatStrategy





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        strategy = self.strategy.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "kind": kind,
            "strategy": strategy,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal['bot'] , d.pop("kind"))
        if kind != 'bot':
            raise ValueError(f"kind must match const 'bot', got '{kind}'")

        strategy = BotSeatStrategy(d.pop("strategy"))




        bot_seat = cls(
            kind=kind,
            strategy=strategy,
        )

        return bot_seat

