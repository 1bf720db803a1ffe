from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.gloria_picktoria_board_scorings_item_excluded_type_0 import GloriaPicktoriaBoardScoringsItemExcludedType0
  from ..models.gloria_picktoria_board_scorings_item_penalties_type_0_item import GloriaPicktoriaBoardScoringsItemPenaltiesType0Item
  from ..models.gloria_picktoria_board_scorings_item_points_item import GloriaPicktoriaBoardScoringsItemPointsItem





T = TypeVar("T", bound="GloriaPicktoriaBoardScoringsItem")



@_attrs_define
class GloriaPicktoriaBoardScoringsItem:
    """ 
        Attributes:
            number (int):
            final (bool):
            points (list[GloriaPicktoriaBoardScoringsItemPointsItem]):
            excluded (GloriaPicktoriaBoardScoringsItemExcludedType0 | None):
            totals (list[int]):
            penalties (list[GloriaPicktoriaBoardScoringsItemPenaltiesType0Item] | None):
     """

    number: int
    final: bool
    points: list[GloriaPicktoriaBoardScoringsItemPointsItem]
    excluded: GloriaPicktoriaBoardScoringsItemExcludedType0 | None
    totals: list[int]
    penalties: list[GloriaPicktoriaBoardScoringsItemPenaltiesType0Item] | None





    def to_dict(self) -> dict[str, Any]:
        from ..models.gloria_picktoria_board_scorings_item_excluded_type_0 import GloriaPicktoriaBoardScoringsItemExcludedType0 # noqa: PLC0415
        from ..models.gloria_picktoria_board_scorings_item_penalties_type_0_item import GloriaPicktoriaBoardScoringsItemPenaltiesType0Item # noqa: PLC0415
        from ..models.gloria_picktoria_board_scorings_item_points_item import GloriaPicktoriaBoardScoringsItemPointsItem # noqa: PLC0415
        number = self.number

        final = self.final

        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)



        excluded: dict[str, Any] | None
        if isinstance(self.excluded, GloriaPicktoriaBoardScoringsItemExcludedType0):
            excluded = self.excluded.to_dict()
        else:
            excluded = self.excluded

        totals = self.totals



        penalties: list[dict[str, Any]] | None
        if isinstance(self.penalties, list):
            penalties = []
            for penalties_type_0_item_data in self.penalties:
                penalties_type_0_item = penalties_type_0_item_data.to_dict()
                penalties.append(penalties_type_0_item)


        else:
            penalties = self.penalties


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "number": number,
            "final": final,
            "points": points,
            "excluded": excluded,
            "totals": totals,
            "penalties": penalties,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.gloria_picktoria_board_scorings_item_excluded_type_0 import GloriaPicktoriaBoardScoringsItemExcludedType0 # noqa: PLC0415
        from ..models.gloria_picktoria_board_scorings_item_penalties_type_0_item import GloriaPicktoriaBoardScoringsItemPenaltiesType0Item # noqa: PLC0415
        from ..models.gloria_picktoria_board_scorings_item_points_item import GloriaPicktoriaBoardScoringsItemPointsItem # noqa: PLC0415
        d = dict(src_dict)
        number = d.pop("number")

        final = d.pop("final")

        points = []
        _points = d.pop("points")
        for points_item_data in (_points):
            points_item = GloriaPicktoriaBoardScoringsItemPointsItem.from_dict(points_item_data)



            points.append(points_item)


        def _parse_excluded(data: object) -> GloriaPicktoriaBoardScoringsItemExcludedType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                excluded_type_0 = GloriaPicktoriaBoardScoringsItemExcludedType0.from_dict(data)



                return excluded_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GloriaPicktoriaBoardScoringsItemExcludedType0 | None, data)

        excluded = _parse_excluded(d.pop("excluded"))


        totals = cast(list[int], d.pop("totals"))


        def _parse_penalties(data: object) -> list[GloriaPicktoriaBoardScoringsItemPenaltiesType0Item] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                penalties_type_0 = []
                _penalties_type_0 = data
                for penalties_type_0_item_data in (_penalties_type_0):
                    penalties_type_0_item = GloriaPicktoriaBoardScoringsItemPenaltiesType0Item.from_dict(penalties_type_0_item_data)



                    penalties_type_0.append(penalties_type_0_item)

                return penalties_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[GloriaPicktoriaBoardScoringsItemPenaltiesType0Item] | None, data)

        penalties = _parse_penalties(d.pop("penalties"))


        gloria_picktoria_board_scorings_item = cls(
            number=number,
            final=final,
            points=points,
            excluded=excluded,
            totals=totals,
            penalties=penalties,
        )

        return gloria_picktoria_board_scorings_item

