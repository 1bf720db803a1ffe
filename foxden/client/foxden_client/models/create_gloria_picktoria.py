from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.bot_seat import BotSeat
  from ..models.gloria_picktoria_options import GloriaPicktoriaOptions
  from ..models.human_seat import HumanSeat





T = TypeVar("T", bound="CreateGloriaPicktoria")



@_attrs_define
class CreateGloriaPicktoria:
    """ 
        Attributes:
            game (Literal['gloria-picktoria']):
            seats (list[BotSeat | HumanSeat]):
            options (GloriaPicktoriaOptions | Unset): The table options and Gloria Picktoria's own (the catalogue describes
                each).
     """

    game: Literal['gloria-picktoria']
    seats: list[BotSeat | HumanSeat]
    options: GloriaPicktoriaOptions | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.bot_seat import BotSeat # noqa: PLC0415
        from ..models.gloria_picktoria_options import GloriaPicktoriaOptions # noqa: PLC0415
        from ..models.human_seat import HumanSeat # noqa: PLC0415
        game = self.game

        seats = []
        for seats_item_data in self.seats:
            seats_item: dict[str, Any]
            if isinstance(seats_item_data, HumanSeat):
                seats_item = seats_item_data.to_dict()
            else:
                seats_item = seats_item_data.to_dict()

            seats.append(seats_item)



        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "game": game,
            "seats": seats,
        })
        if options is not UNSET:
            field_dict["options"] = options

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bot_seat import BotSeat # noqa: PLC0415
        from ..models.gloria_picktoria_options import GloriaPicktoriaOptions # noqa: PLC0415
        from ..models.human_seat import HumanSeat # noqa: PLC0415
        d = dict(src_dict)
        game = cast(Literal['gloria-picktoria'] , d.pop("game"))
        if game != 'gloria-picktoria':
            raise ValueError(f"game must match const 'gloria-picktoria', got '{game}'")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            def _parse_seats_item(data: object) -> BotSeat | HumanSeat:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_seat_type_0 = HumanSeat.from_dict(data)



                    return componentsschemas_seat_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_seat_type_1 = BotSeat.from_dict(data)



                return componentsschemas_seat_type_1

            seats_item = _parse_seats_item(seats_item_data)

            seats.append(seats_item)


        _options = d.pop("options", UNSET)
        options: GloriaPicktoriaOptions | Unset
        if isinstance(_options,  Unset):
            options = UNSET
        else:
            options = GloriaPicktoriaOptions.from_dict(_options)




        create_gloria_picktoria = cls(
            game=game,
            seats=seats,
            options=options,
        )

        return create_gloria_picktoria

