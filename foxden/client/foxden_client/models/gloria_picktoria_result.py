from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.gloria_picktoria_result_penalties_item import GloriaPicktoriaResultPenaltiesItem





T = TypeVar("T", bound="GloriaPicktoriaResult")



@_attrs_define
class GloriaPicktoriaResult:
    """ 
        Attributes:
            scores (list[int]):
            winners (list[int]):
            scorings (list[list[int]]):
            penalties (list[GloriaPicktoriaResultPenaltiesItem]):
     """

    scores: list[int]
    winners: list[int]
    scorings: list[list[int]]
    penalties: list[GloriaPicktoriaResultPenaltiesItem]





    def to_dict(self) -> dict[str, Any]:
        from ..models.gloria_picktoria_result_penalties_item import GloriaPicktoriaResultPenaltiesItem # noqa: PLC0415
        scores = self.scores



        winners = self.winners



        scorings = []
        for scorings_item_data in self.scorings:
            scorings_item = scorings_item_data


            scorings.append(scorings_item)



        penalties = []
        for penalties_item_data in self.penalties:
            penalties_item = penalties_item_data.to_dict()
            penalties.append(penalties_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "scores": scores,
            "winners": winners,
            "scorings": scorings,
            "penalties": penalties,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.gloria_picktoria_result_penalties_item import GloriaPicktoriaResultPenaltiesItem # noqa: PLC0415
        d = dict(src_dict)
        scores = cast(list[int], d.pop("scores"))


        winners = cast(list[int], d.pop("winners"))


        scorings = []
        _scorings = d.pop("scorings")
        for scorings_item_data in (_scorings):
            scorings_item = cast(list[int], scorings_item_data)

            scorings.append(scorings_item)


        penalties = []
        _penalties = d.pop("penalties")
        for penalties_item_data in (_penalties):
            penalties_item = GloriaPicktoriaResultPenaltiesItem.from_dict(penalties_item_data)



            penalties.append(penalties_item)


        gloria_picktoria_result = cls(
            scores=scores,
            winners=winners,
            scorings=scorings,
            penalties=penalties,
        )

        return gloria_picktoria_result

