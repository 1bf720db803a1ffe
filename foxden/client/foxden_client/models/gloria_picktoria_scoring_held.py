from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.gloria_picktoria_scoring_held_excluded_type_0 import GloriaPicktoriaScoringHeldExcludedType0
  from ..models.gloria_picktoria_scoring_held_points_item import GloriaPicktoriaScoringHeldPointsItem





T = TypeVar("T", bound="GloriaPicktoriaScoringHeld")



@_attrs_define
class GloriaPicktoriaScoringHeld:
    """ 
        Attributes:
            number (int):
            points (list[GloriaPicktoriaScoringHeldPointsItem]):
            excluded (GloriaPicktoriaScoringHeldExcludedType0 | None):
            totals (list[int]):
            scores (list[int]):
     """

    number: int
    points: list[GloriaPicktoriaScoringHeldPointsItem]
    excluded: GloriaPicktoriaScoringHeldExcludedType0 | None
    totals: list[int]
    scores: list[int]





    def to_dict(self) -> dict[str, Any]:
        from ..models.gloria_picktoria_scoring_held_excluded_type_0 import GloriaPicktoriaScoringHeldExcludedType0 # noqa: PLC0415
        from ..models.gloria_picktoria_scoring_held_points_item import GloriaPicktoriaScoringHeldPointsItem # noqa: PLC0415
        number = self.number

        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)



        excluded: dict[str, Any] | None
        if isinstance(self.excluded, GloriaPicktoriaScoringHeldExcludedType0):
            excluded = self.excluded.to_dict()
        else:
            excluded = self.excluded

        totals = self.totals



        scores = self.scores




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "number": number,
            "points": points,
            "excluded": excluded,
            "totals": totals,
            "scores": scores,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.gloria_picktoria_scoring_held_excluded_type_0 import GloriaPicktoriaScoringHeldExcludedType0 # noqa: PLC0415
        from ..models.gloria_picktoria_scoring_held_points_item import GloriaPicktoriaScoringHeldPointsItem # noqa: PLC0415
        d = dict(src_dict)
        number = d.pop("number")

        points = []
        _points = d.pop("points")
        for points_item_data in (_points):
            points_item = GloriaPicktoriaScoringHeldPointsItem.from_dict(points_item_data)



            points.append(points_item)


        def _parse_excluded(data: object) -> GloriaPicktoriaScoringHeldExcludedType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                excluded_type_0 = GloriaPicktoriaScoringHeldExcludedType0.from_dict(data)



                return excluded_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GloriaPicktoriaScoringHeldExcludedType0 | None, data)

        excluded = _parse_excluded(d.pop("excluded"))


        totals = cast(list[int], d.pop("totals"))


        scores = cast(list[int], d.pop("scores"))


        gloria_picktoria_scoring_held = cls(
            number=number,
            points=points,
            excluded=excluded,
            totals=totals,
            scores=scores,
        )

        return gloria_picktoria_scoring_held

