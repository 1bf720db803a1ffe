from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fette_beute_game_finished_reason import FetteBeuteGameFinishedReason
from typing import cast






T = TypeVar("T", bound="FetteBeuteGameFinished")



@_attrs_define
class FetteBeuteGameFinished:
    """ 
        Attributes:
            scores (list[int]):
            winners (list[int]):
            reason (FetteBeuteGameFinishedReason):
            largest_kind (list[int]):
     """

    scores: list[int]
    winners: list[int]
    reason: FetteBeuteGameFinishedReason
    largest_kind: list[int]





    def to_dict(self) -> dict[str, Any]:
        scores = self.scores



        winners = self.winners



        reason = self.reason.value

        largest_kind = self.largest_kind




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "scores": scores,
            "winners": winners,
            "reason": reason,
            "largest_kind": largest_kind,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        scores = cast(list[int], d.pop("scores"))


        winners = cast(list[int], d.pop("winners"))


        reason = FetteBeuteGameFinishedReason(d.pop("reason"))




        largest_kind = cast(list[int], d.pop("largest_kind"))


        fette_beute_game_finished = cls(
            scores=scores,
            winners=winners,
            reason=reason,
            largest_kind=largest_kind,
        )

        return fette_beute_game_finished

