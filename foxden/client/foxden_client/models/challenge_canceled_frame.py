from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.challenge_canceled_frame_reason import ChallengeCanceledFrameReason
from typing import Literal, cast






T = TypeVar("T", bound="ChallengeCanceledFrame")



@_attrs_define
class ChallengeCanceledFrame:
    """ A challenge is off: its challenger withdrew it (`canceled`, sent to the opponents) or it ran out (`expired`, sent to
    everyone in it).

        Attributes:
            id (str): The frame's id (a Redis stream entry id), for `Last-Event-ID` or `?after=`.
            type_ (Literal['challenge_canceled']):
            challenge (str):
            reason (ChallengeCanceledFrameReason):
     """

    id: str
    type_: Literal['challenge_canceled']
    challenge: str
    reason: ChallengeCanceledFrameReason
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_

        challenge = self.challenge

        reason = self.reason.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "type": type_,
            "challenge": challenge,
            "reason": reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        type_ = cast(Literal['challenge_canceled'] , d.pop("type"))
        if type_ != 'challenge_canceled':
            raise ValueError(f"type must match const 'challenge_canceled', got '{type_}'")

        challenge = d.pop("challenge")

        reason = ChallengeCanceledFrameReason(d.pop("reason"))




        challenge_canceled_frame = cls(
            id=id,
            type_=type_,
            challenge=challenge,
            reason=reason,
        )


        challenge_canceled_frame.additional_properties = d
        return challenge_canceled_frame

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
