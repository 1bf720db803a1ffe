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
  from ..models.human_seat import HumanSeat
  from ..models.sly_options import SlyOptions





T = TypeVar("T", bound="CreateSly")



@_attrs_define
class CreateSly:
    """ 
        Attributes:
            game (Literal['sly']):
            seats (list[BotSeat | HumanSeat]):
            options (SlyOptions | Unset): The table options and SLY's own (the catalogue describes each).
     """

    game: Literal['sly']
    seats: list[BotSeat | HumanSeat]
    options: SlyOptions | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.bot_seat import BotSeat # noqa: PLC0415
        from ..models.human_seat import HumanSeat # noqa: PLC0415
        from ..models.sly_options import SlyOptions # noqa: PLC0415
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
        from ..models.human_seat import HumanSeat # noqa: PLC0415
        from ..models.sly_options import SlyOptions # noqa: PLC0415
        d = dict(src_dict)
        game = cast(Literal['sly'] , d.pop("game"))
        if game != 'sly':
            raise ValueError(f"game must match const 'sly', got '{game}'")

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
        options: SlyOptions | Unset
        if isinstance(_options,  Unset):
            options = UNSET
        else:
            options = SlyOptions.from_dict(_options)




        create_sly = cls(
            game=game,
            seats=seats,
            options=options,
        )

        return create_sly

