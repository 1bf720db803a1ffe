from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.challenge import Challenge





T = TypeVar("T", bound="MyChallenges")



@_attrs_define
class MyChallenges:
    """ 
        Attributes:
            incoming (list[Challenge]): Open challenges to the account.
            outgoing (list[Challenge]): Open challenges from the account.
     """

    incoming: list[Challenge]
    outgoing: list[Challenge]





    def to_dict(self) -> dict[str, Any]:
        from ..models.challenge import Challenge # noqa: PLC0415
        incoming = []
        for incoming_item_data in self.incoming:
            incoming_item = incoming_item_data.to_dict()
            incoming.append(incoming_item)



        outgoing = []
        for outgoing_item_data in self.outgoing:
            outgoing_item = outgoing_item_data.to_dict()
            outgoing.append(outgoing_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "incoming": incoming,
            "outgoing": outgoing,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.challenge import Challenge # noqa: PLC0415
        d = dict(src_dict)
        incoming = []
        _incoming = d.pop("incoming")
        for incoming_item_data in (_incoming):
            incoming_item = Challenge.from_dict(incoming_item_data)



            incoming.append(incoming_item)


        outgoing = []
        _outgoing = d.pop("outgoing")
        for outgoing_item_data in (_outgoing):
            outgoing_item = Challenge.from_dict(outgoing_item_data)



            outgoing.append(outgoing_item)


        my_challenges = cls(
            incoming=incoming,
            outgoing=outgoing,
        )

        return my_challenges

