from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="ChallengeDeclinedFrame")



@_attrs_define
class ChallengeDeclinedFrame:
    """ An opponent declined a challenge the account made or was sent.

        Attributes:
            id (str): The frame's id (a Redis stream entry id), for `Last-Event-ID` or `?after=`.
            type_ (Literal['challenge_declined']):
            challenge (str):
            by (str): The handle of the opponent who declined.
     """

    id: str
    type_: Literal['challenge_declined']
    challenge: str
    by: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_

        challenge = self.challenge

        by = self.by


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "type": type_,
            "challenge": challenge,
            "by": by,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        type_ = cast(Literal['challenge_declined'] , d.pop("type"))
        if type_ != 'challenge_declined':
            raise ValueError(f"type must match const 'challenge_declined', got '{type_}'")

        challenge = d.pop("challenge")

        by = d.pop("by")

        challenge_declined_frame = cls(
            id=id,
            type_=type_,
            challenge=challenge,
            by=by,
        )


        challenge_declined_frame.additional_properties = d
        return challenge_declined_frame

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
