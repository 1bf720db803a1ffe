from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.seat_summary_kind import SeatSummaryKind
from ..models.seat_summary_played_by import SeatSummaryPlayedBy
from ..models.seat_summary_taken_over_type_1 import SeatSummaryTakenOverType1
from ..models.seat_summary_taken_over_type_2_type_1 import SeatSummaryTakenOverType2Type1
from ..models.seat_summary_taken_over_type_3_type_1 import SeatSummaryTakenOverType3Type1
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SeatSummary")



@_attrs_define
class SeatSummary:
    """ 
        Attributes:
            seat (int):
            kind (SeatSummaryKind):
            name (None | str):
            taken (bool):
            played_by (SeatSummaryPlayedBy): Who plays the seat now: its person, or a bot (a bot's seat, or a person's taken
                over).
            taken_over (None | SeatSummaryTakenOverType1 | SeatSummaryTakenOverType2Type1 | SeatSummaryTakenOverType3Type1):
                Why a bot plays a person's seat: `left` (the player sent `leave`) or `idle` (its holder did not act within the
                table's `idle_limit_s`); null otherwise.
            strategy (None | str | Unset):
            account (str | Unset): The account that holds the seat, when an account holds it (its keys act for it).
     """

    seat: int
    kind: SeatSummaryKind
    name: None | str
    taken: bool
    played_by: SeatSummaryPlayedBy
    taken_over: None | SeatSummaryTakenOverType1 | SeatSummaryTakenOverType2Type1 | SeatSummaryTakenOverType3Type1
    strategy: None | str | Unset = UNSET
    account: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        kind = self.kind.value

        name: None | str
        name = self.name

        taken = self.taken

        played_by = self.played_by.value

        taken_over: None | str
        if isinstance(self.taken_over, SeatSummaryTakenOverType1):
            taken_over = self.taken_over.value
        elif isinstance(self.taken_over, SeatSummaryTakenOverType2Type1):
            taken_over = self.taken_over.value
        elif isinstance(self.taken_over, SeatSummaryTakenOverType3Type1):
            taken_over = self.taken_over.value
        else:
            taken_over = self.taken_over

        strategy: None | str | Unset
        if isinstance(self.strategy, Unset):
            strategy = UNSET
        else:
            strategy = self.strategy

        account = self.account


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seat": seat,
            "kind": kind,
            "name": name,
            "taken": taken,
            "played_by": played_by,
            "taken_over": taken_over,
        })
        if strategy is not UNSET:
            field_dict["strategy"] = strategy
        if account is not UNSET:
            field_dict["account"] = account

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        kind = SeatSummaryKind(d.pop("kind"))




        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))


        taken = d.pop("taken")

        played_by = SeatSummaryPlayedBy(d.pop("played_by"))




        def _parse_taken_over(data: object) -> None | SeatSummaryTakenOverType1 | SeatSummaryTakenOverType2Type1 | SeatSummaryTakenOverType3Type1:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                taken_over_type_1 = SeatSummaryTakenOverType1(data)



                return taken_over_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                taken_over_type_2_type_1 = SeatSummaryTakenOverType2Type1(data)



                return taken_over_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                taken_over_type_3_type_1 = SeatSummaryTakenOverType3Type1(data)



                return taken_over_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeatSummaryTakenOverType1 | SeatSummaryTakenOverType2Type1 | SeatSummaryTakenOverType3Type1, data)

        taken_over = _parse_taken_over(d.pop("taken_over"))


        def _parse_strategy(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        strategy = _parse_strategy(d.pop("strategy", UNSET))


        account = d.pop("account", UNSET)

        seat_summary = cls(
            seat=seat,
            kind=kind,
            name=name,
            taken=taken,
            played_by=played_by,
            taken_over=taken_over,
            strategy=strategy,
            account=account,
        )


        seat_summary.additional_properties = d
        return seat_summary

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
