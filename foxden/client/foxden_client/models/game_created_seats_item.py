from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.game_created_seats_item_kind import GameCreatedSeatsItemKind
from typing import cast






T = TypeVar("T", bound="GameCreatedSeatsItem")



@_attrs_define
class GameCreatedSeatsItem:
    """ 
        Attributes:
            kind (GameCreatedSeatsItemKind):
            strategy (None | str):
     """

    kind: GameCreatedSeatsItemKind
    strategy: None | str





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        strategy: None | str
        strategy = self.strategy


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "kind": kind,
            "strategy": strategy,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = GameCreatedSeatsItemKind(d.pop("kind"))




        def _parse_strategy(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        strategy = _parse_strategy(d.pop("strategy"))


        game_created_seats_item = cls(
            kind=kind,
            strategy=strategy,
        )

        return game_created_seats_item

