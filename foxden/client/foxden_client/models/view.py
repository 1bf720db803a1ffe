from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.status import Status
from typing import cast

if TYPE_CHECKING:
  from ..models.fette_beute_board import FetteBeuteBoard
  from ..models.fette_beute_result import FetteBeuteResult
  from ..models.gloria_picktoria_board import GloriaPicktoriaBoard
  from ..models.gloria_picktoria_result import GloriaPicktoriaResult
  from ..models.seat_summary import SeatSummary
  from ..models.sly_board import SlyBoard
  from ..models.sly_result import SlyResult
  from ..models.turn_clock import TurnClock





T = TypeVar("T", bound="View")



@_attrs_define
class View:
    """ 
        Attributes:
            game (str):
            status (Status): A table waits for players, is played, then is finished; a waiting table can also be cancelled
                by its owner or expire.
            version (int):
            seat (int | None):
            to_act (list[int]):
            seats (list[SeatSummary]): The seats as at this version: who holds and who plays each (as in the summary).
            clocks (list[TurnClock]): As in the summary; empty for a past version (?version=N).
            board (FetteBeuteBoard | GloriaPicktoriaBoard | None | SlyBoard): The game's own view (null while the table
                waits); see docs/events.md.
            result (FetteBeuteResult | GloriaPicktoriaResult | None | SlyResult):
     """

    game: str
    status: Status
    version: int
    seat: int | None
    to_act: list[int]
    seats: list[SeatSummary]
    clocks: list[TurnClock]
    board: FetteBeuteBoard | GloriaPicktoriaBoard | None | SlyBoard
    result: FetteBeuteResult | GloriaPicktoriaResult | None | SlyResult





    def to_dict(self) -> dict[str, Any]:
        from ..models.fette_beute_board import FetteBeuteBoard # noqa: PLC0415
        from ..models.fette_beute_result import FetteBeuteResult # noqa: PLC0415
        from ..models.gloria_picktoria_board import GloriaPicktoriaBoard # noqa: PLC0415
        from ..models.gloria_picktoria_result import GloriaPicktoriaResult # noqa: PLC0415
        from ..models.seat_summary import SeatSummary # noqa: PLC0415
        from ..models.sly_board import SlyBoard # noqa: PLC0415
        from ..models.sly_result import SlyResult # noqa: PLC0415
        from ..models.turn_clock import TurnClock # noqa: PLC0415
        game = self.game

        status = self.status.value

        version = self.version

        seat: int | None
        seat = self.seat

        to_act = self.to_act



        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)



        clocks = []
        for clocks_item_data in self.clocks:
            clocks_item = clocks_item_data.to_dict()
            clocks.append(clocks_item)



        board: dict[str, Any] | None
        if isinstance(self.board, FetteBeuteBoard):
            board = self.board.to_dict()
        elif isinstance(self.board, SlyBoard):
            board = self.board.to_dict()
        elif isinstance(self.board, GloriaPicktoriaBoard):
            board = self.board.to_dict()
        else:
            board = self.board

        result: dict[str, Any] | None
        if isinstance(self.result, FetteBeuteResult):
            result = self.result.to_dict()
        elif isinstance(self.result, SlyResult):
            result = self.result.to_dict()
        elif isinstance(self.result, GloriaPicktoriaResult):
            result = self.result.to_dict()
        else:
            result = self.result


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "game": game,
            "status": status,
            "version": version,
            "seat": seat,
            "to_act": to_act,
            "seats": seats,
            "clocks": clocks,
            "board": board,
            "result": result,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fette_beute_board import FetteBeuteBoard # noqa: PLC0415
        from ..models.fette_beute_result import FetteBeuteResult # noqa: PLC0415
        from ..models.gloria_picktoria_board import GloriaPicktoriaBoard # noqa: PLC0415
        from ..models.gloria_picktoria_result import GloriaPicktoriaResult # noqa: PLC0415
        from ..models.seat_summary import SeatSummary # noqa: PLC0415
        from ..models.sly_board import SlyBoard # noqa: PLC0415
        from ..models.sly_result import SlyResult # noqa: PLC0415
        from ..models.turn_clock import TurnClock # noqa: PLC0415
        d = dict(src_dict)
        game = d.pop("game")

        status = Status(d.pop("status"))




        version = d.pop("version")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))


        to_act = cast(list[int], d.pop("to_act"))


        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = SeatSummary.from_dict(seats_item_data)



            seats.append(seats_item)


        clocks = []
        _clocks = d.pop("clocks")
        for clocks_item_data in (_clocks):
            clocks_item = TurnClock.from_dict(clocks_item_data)



            clocks.append(clocks_item)


        def _parse_board(data: object) -> FetteBeuteBoard | GloriaPicktoriaBoard | None | SlyBoard:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_board_type_0 = FetteBeuteBoard.from_dict(data)



                return componentsschemas_board_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_board_type_1 = SlyBoard.from_dict(data)



                return componentsschemas_board_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_board_type_2 = GloriaPicktoriaBoard.from_dict(data)



                return componentsschemas_board_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FetteBeuteBoard | GloriaPicktoriaBoard | None | SlyBoard, data)

        board = _parse_board(d.pop("board"))


        def _parse_result(data: object) -> FetteBeuteResult | GloriaPicktoriaResult | None | SlyResult:
            if data is None:
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
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_result_type_2 = GloriaPicktoriaResult.from_dict(data)



                return componentsschemas_result_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FetteBeuteResult | GloriaPicktoriaResult | None | SlyResult, data)

        result = _parse_result(d.pop("result"))


        view = cls(
            game=game,
            status=status,
            version=version,
            seat=seat,
            to_act=to_act,
            seats=seats,
            clocks=clocks,
            board=board,
            result=result,
        )

        return view

