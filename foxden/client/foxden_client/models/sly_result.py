from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.sly_result_decided_by import SlyResultDecidedBy
from ..models.sly_result_end_reason import SlyResultEndReason
from typing import cast

if TYPE_CHECKING:
  from ..models.sly_result_breakdown_item import SlyResultBreakdownItem





T = TypeVar("T", bound="SlyResult")



@_attrs_define
class SlyResult:
    """ 
        Attributes:
            scores (list[int]):
            winners (list[int]):
            decided_by (SlyResultDecidedBy):
            breakdown (list[SlyResultBreakdownItem]):
            end_reason (SlyResultEndReason):
     """

    scores: list[int]
    winners: list[int]
    decided_by: SlyResultDecidedBy
    breakdown: list[SlyResultBreakdownItem]
    end_reason: SlyResultEndReason





    def to_dict(self) -> dict[str, Any]:
        from ..models.sly_result_breakdown_item import SlyResultBreakdownItem # noqa: PLC0415
        scores = self.scores



        winners = self.winners



        decided_by = self.decided_by.value

        breakdown = []
        for breakdown_item_data in self.breakdown:
            breakdown_item = breakdown_item_data.to_dict()
            breakdown.append(breakdown_item)



        end_reason = self.end_reason.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "scores": scores,
            "winners": winners,
            "decided_by": decided_by,
            "breakdown": breakdown,
            "end_reason": end_reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sly_result_breakdown_item import SlyResultBreakdownItem # noqa: PLC0415
        d = dict(src_dict)
        scores = cast(list[int], d.pop("scores"))


        winners = cast(list[int], d.pop("winners"))


        decided_by = SlyResultDecidedBy(d.pop("decided_by"))




        breakdown = []
        _breakdown = d.pop("breakdown")
        for breakdown_item_data in (_breakdown):
            breakdown_item = SlyResultBreakdownItem.from_dict(breakdown_item_data)



            breakdown.append(breakdown_item)


        end_reason = SlyResultEndReason(d.pop("end_reason"))




        sly_result = cls(
            scores=scores,
            winners=winners,
            decided_by=decided_by,
            breakdown=breakdown,
            end_reason=end_reason,
        )

        return sly_result

