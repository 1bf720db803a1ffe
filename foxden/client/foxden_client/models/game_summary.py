from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.status import Status
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.fette_beute_result import FetteBeuteResult
  from ..models.game_summary_options import GameSummaryOptions
  from ..models.gloria_picktoria_result import GloriaPicktoriaResult
  from ..models.seat_summary import SeatSummary
  from ..models.sly_result import SlyResult
  from ..models.turn_clock import TurnClock





T = TypeVar("T", bound="GameSummary")



@_attrs_define
class GameSummary:
    """ 
        Attributes:
            id (str):
            game (str):
            status (Status): A table waits for players, is played, then is finished; a waiting table can also be cancelled
                by its owner or expire.
            version (int):
            head_hash (str): The hash of the latest event; pin it to detect any later rewrite.
            commitment (str): SHA-256 of the secret seed, published at creation.
            seats (list[SeatSummary]):
            to_act (list[int]):
            clocks (list[TurnClock]): The running turn clocks, one per seat to act on a timer; empty without turn_timeout_s.
            options (GameSummaryOptions):
            result (FetteBeuteResult | GloriaPicktoriaResult | SlyResult | Unset): The game's result, once it has ended.
     """

    id: str
    game: str
    status: Status
    version: int
    head_hash: str
    commitment: str
    seats: list[SeatSummary]
    to_act: list[int]
    clocks: list[TurnClock]
    options: GameSummaryOptions
    result: FetteBeuteResult | GloriaPicktoriaResult | SlyResult | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.fette_beute_result import FetteBeuteResult # noqa: PLC0415
        from ..models.game_summary_options import GameSummaryOptions # noqa: PLC0415
        from ..models.gloria_picktoria_result import GloriaPicktoriaResult # noqa: PLC0415
        from ..models.seat_summary import SeatSummary # noqa: PLC0415
        from ..models.sly_result import SlyResult # noqa: PLC0415
        from ..models.turn_clock import TurnClock # noqa: PLC0415
        id = self.id

        game = self.game

        status = self.status.value

        version = self.version

        head_hash = self.head_hash

        commitment = self.commitment

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)



        to_act = self.to_act



        clocks = []
        for clocks_item_data in self.clocks:
            clocks_item = clocks_item_data.to_dict()
            clocks.append(clocks_item)



        options = self.options.to_dict()

        result: dict[str, Any] | Unset
        if isinstance(self.result, Unset):
            result = UNSET
        elif isinstance(self.result, FetteBeuteResult):
            result = self.result.to_dict()
        elif isinstance(self.result, SlyResult):
            result = self.result.to_dict()
        else:
            result = self.result.to_dict()



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "game": game,
            "status": status,
            "version": version,
            "head_hash": head_hash,
            "commitment": commitment,
            "seats": seats,
            "to_act": to_act,
            "clocks": clocks,
            "options": options,
        })
        if result is not UNSET:
            field_dict["result"] = result

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fette_beute_result import FetteBeuteResult # noqa: PLC0415
        from ..models.game_summary_options import GameSummaryOptions # noqa: PLC0415
        from ..models.gloria_picktoria_result import GloriaPicktoriaResult # noqa: PLC0415
        from ..models.seat_summary import SeatSummary # noqa: PLC0415
        from ..models.sly_result import SlyResult # noqa: PLC0415
        from ..models.turn_clock import TurnClock # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        game = d.pop("game")

        status = Status(d.pop("status"))




        version = d.pop("version")

        head_hash = d.pop("head_hash")

        commitment = d.pop("commitment")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = SeatSummary.from_dict(seats_item_data)



            seats.append(seats_item)


        to_act = cast(list[int], d.pop("to_act"))


        clocks = []
        _clocks = d.pop("clocks")
        for clocks_item_data in (_clocks):
            clocks_item = TurnClock.from_dict(clocks_item_data)



            clocks.append(clocks_item)


        options = GameSummaryOptions.from_dict(d.pop("options"))




        def _parse_result(data: object) -> FetteBeuteResult | GloriaPicktoriaResult | SlyResult | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_result_type_0 = FetteBeuteResult.from_dict(data)



                return componentsschemas_result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_result_type_1 = SlyResult.from_dict(data)



                return componentsschemas_result_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_result_type_2 = GloriaPicktoriaResult.from_dict(data)



            return componentsschemas_result_type_2

        result = _parse_result(d.pop("result", UNSET))


        game_summary = cls(
            id=id,
            game=game,
            status=status,
            version=version,
            head_hash=head_hash,
            commitment=commitment,
            seats=seats,
            to_act=to_act,
            clocks=clocks,
            options=options,
            result=result,
        )

        return game_summary

