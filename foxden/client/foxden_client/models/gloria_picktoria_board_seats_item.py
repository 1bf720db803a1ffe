from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.gloria_picktoria_board_seats_item_chests_item import GloriaPicktoriaBoardSeatsItemChestsItem





T = TypeVar("T", bound="GloriaPicktoriaBoardSeatsItem")



@_attrs_define
class GloriaPicktoriaBoardSeatsItem:
    """ 
        Attributes:
            seat (int):
            hand_size (int):
            doubler_played (bool):
            score (int):
            chests (list[GloriaPicktoriaBoardSeatsItemChestsItem]):
     """

    seat: int
    hand_size: int
    doubler_played: bool
    score: int
    chests: list[GloriaPicktoriaBoardSeatsItemChestsItem]





    def to_dict(self) -> dict[str, Any]:
        from ..models.gloria_picktoria_board_seats_item_chests_item import GloriaPicktoriaBoardSeatsItemChestsItem # noqa: PLC0415
        seat = self.seat

        hand_size = self.hand_size

        doubler_played = self.doubler_played

        score = self.score

        chests = []
        for chests_item_data in self.chests:
            chests_item = chests_item_data.to_dict()
            chests.append(chests_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "hand_size": hand_size,
            "doubler_played": doubler_played,
            "score": score,
            "chests": chests,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.gloria_picktoria_board_seats_item_chests_item import GloriaPicktoriaBoardSeatsItemChestsItem # noqa: PLC0415
        d = dict(src_dict)
        seat = d.pop("seat")

        hand_size = d.pop("hand_size")

        doubler_played = d.pop("doubler_played")

        score = d.pop("score")

        chests = []
        _chests = d.pop("chests")
        for chests_item_data in (_chests):
            chests_item = GloriaPicktoriaBoardSeatsItemChestsItem.from_dict(chests_item_data)



            chests.append(chests_item)


        gloria_picktoria_board_seats_item = cls(
            seat=seat,
            hand_size=hand_size,
            doubler_played=doubler_played,
            score=score,
            chests=chests,
        )

        return gloria_picktoria_board_seats_item

