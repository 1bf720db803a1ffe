from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.gloria_picktoria_final_scoring_held_excluded_type_0 import GloriaPicktoriaFinalScoringHeldExcludedType0
  from ..models.gloria_picktoria_final_scoring_held_penalties_item import GloriaPicktoriaFinalScoringHeldPenaltiesItem
  from ..models.gloria_picktoria_final_scoring_held_points_item import GloriaPicktoriaFinalScoringHeldPointsItem





T = TypeVar("T", bound="GloriaPicktoriaFinalScoringHeld")



@_attrs_define
class GloriaPicktoriaFinalScoringHeld:
    """ 
        Attributes:
            number (int):
            points (list[GloriaPicktoriaFinalScoringHeldPointsItem]):
            excluded (GloriaPicktoriaFinalScoringHeldExcludedType0 | None):
            totals (list[int]):
            scores (list[int]):
            penalties (list[GloriaPicktoriaFinalScoringHeldPenaltiesItem]):
            winners (list[int]):
     """

    number: int
    points: list[GloriaPicktoriaFinalScoringHeldPointsItem]
    excluded: GloriaPicktoriaFinalScoringHeldExcludedType0 | None
    totals: list[int]
    scores: list[int]
    penalties: list[GloriaPicktoriaFinalScoringHeldPenaltiesItem]
    winners: list[int]





    def to_dict(self) -> dict[str, Any]:
        from ..models.gloria_picktoria_final_scoring_held_excluded_type_0 import GloriaPicktoriaFinalScoringHeldExcludedType0 # noqa: PLC0415
        from ..models.gloria_picktoria_final_scoring_held_penalties_item import GloriaPicktoriaFinalScoringHeldPenaltiesItem # noqa: PLC0415
        from ..models.gloria_picktoria_final_scoring_held_points_item import GloriaPicktoriaFinalScoringHeldPointsItem # noqa: PLC0415
        number = self.number

        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)



        excluded: dict[str, Any] | None
        if isinstance(self.excluded, GloriaPicktoriaFinalScoringHeldExcludedType0):
            excluded = self.excluded.to_dict()
        else:
            excluded = self.excluded

        totals = self.totals



        scores = self.scores



        penalties = []
        for penalties_item_data in self.penalties:
            penalties_item = penalties_item_data.to_dict()
            penalties.append(penalties_item)



        winners = self.winners




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "number": number,
            "points": points,
            "excluded": excluded,
            "totals": totals,
            "scores": scores,
            "penalties": penalties,
            "winners": winners,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.gloria_picktoria_final_scoring_held_excluded_type_0 import GloriaPicktoriaFinalScoringHeldExcludedType0 # noqa: PLC0415
        from ..models.gloria_picktoria_final_scoring_held_penalties_item import GloriaPicktoriaFinalScoringHeldPenaltiesItem # noqa: PLC0415
        from ..models.gloria_picktoria_final_scoring_held_points_item import GloriaPicktoriaFinalScoringHeldPointsItem # noqa: PLC0415
        d = dict(src_dict)
        number = d.pop("number")

        points = []
        _points = d.pop("points")
        for points_item_data in (_points):
            points_item = GloriaPicktoriaFinalScoringHeldPointsItem.from_dict(points_item_data)



            points.append(points_item)


        def _parse_excluded(data: object) -> GloriaPicktoriaFinalScoringHeldExcludedType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                excluded_type_0 = GloriaPicktoriaFinalScoringHeldExcludedType0.from_dict(data)



                return excluded_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GloriaPicktoriaFinalScoringHeldExcludedType0 | None, data)

        excluded = _parse_excluded(d.pop("excluded"))


        totals = cast(list[int], d.pop("totals"))


        scores = cast(list[int], d.pop("scores"))


        penalties = []
        _penalties = d.pop("penalties")
        for penalties_item_data in (_penalties):
            penalties_item = GloriaPicktoriaFinalScoringHeldPenaltiesItem.from_dict(penalties_item_data)



            penalties.append(penalties_item)


        winners = cast(list[int], d.pop("winners"))


        gloria_picktoria_final_scoring_held = cls(
            number=number,
            points=points,
            excluded=excluded,
            totals=totals,
            scores=scores,
            penalties=penalties,
            winners=winners,
        )

        return gloria_picktoria_final_scoring_held

