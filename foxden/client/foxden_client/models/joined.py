from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.game_summary import GameSummary





T = TypeVar("T", bound="Joined")



@_attrs_define
class Joined:
    """ 
        Attributes:
            seat (int):
            token (None | str): Shown once; stored only hashed. null when an account key joined: the account holds the seat,
                and its keys act for it.
            game (GameSummary):
            account (str | Unset): The account holding the seat (joined with an account key).
     """

    seat: int
    token: None | str
    game: GameSummary
    account: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.game_summary import GameSummary # noqa: PLC0415
        seat = self.seat

        token: None | str
        token = self.token

        game = self.game.to_dict()

        account = self.account


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "token": token,
            "game": game,
        })
        if account is not UNSET:
            field_dict["account"] = account

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_summary import GameSummary # noqa: PLC0415
        d = dict(src_dict)
        seat = d.pop("seat")

        def _parse_token(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        token = _parse_token(d.pop("token"))


        game = GameSummary.from_dict(d.pop("game"))




        account = d.pop("account", UNSET)

        joined = cls(
            seat=seat,
            token=token,
            game=game,
            account=account,
        )

        return joined

