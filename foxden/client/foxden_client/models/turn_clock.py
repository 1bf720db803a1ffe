from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="TurnClock")



@_attrs_define
class TurnClock:
    """ The turn time limit of a seat to act (tables with turn_timeout_s only; not for seats a bot plays). When it runs out,
    a bot makes the seat's move (by.kind "timeout"), usually within 1.5 s after the deadline.

        Attributes:
            seat (int):
            deadline (datetime.datetime): UTC, ISO 8601 with milliseconds: when the seat's time runs out.
            ms_left (int): Milliseconds until the deadline when the answer was made (0 once passed), like Lichess's
                millisToMove.
     """

    seat: int
    deadline: datetime.datetime
    ms_left: int





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        deadline = self.deadline.isoformat()

        ms_left = self.ms_left


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "deadline": deadline,
            "ms_left": ms_left,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        deadline = datetime.datetime.fromisoformat(d.pop("deadline"))




        ms_left = d.pop("ms_left")

        turn_clock = cls(
            seat=seat,
            deadline=deadline,
            ms_left=ms_left,
        )

        return turn_clock

