from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.status import Status
from ..types import UNSET, Unset






T = TypeVar("T", bound="GameListItem")



@_attrs_define
class GameListItem:
    """ 
        Attributes:
            id (str):
            game (str):
            status (Status): A table waits for players, is played, then is finished; a waiting table can also be cancelled
                by its owner or expire.
            created_at (str):
            players (int):
            position (int): Creation order: the creation time in microseconds, strictly increasing within one API process.
                The list is newest first, ties by id.
            open_seats (int): Human seats nobody has taken yet (0 once the table has started or closed).
            live (bool | Unset): Made for live play: an idle_limit_s of at most the live tables' (FOXDEN_LIVE_IDLE_LIMIT_S)
                when it was created. Absent for games listed before it existed.
            people (int | Unset): Seats a person holds and still plays (a seat handed to a bot no longer counts). Written on
                status changes, joins and hand-overs, never per move. Absent for games listed before it existed.
            expires_at (str | Unset): When the table expires if it still waits then (UTC); absent for tables made before
                expiry existed.
     """

    id: str
    game: str
    status: Status
    created_at: str
    players: int
    position: int
    open_seats: int
    live: bool | Unset = UNSET
    people: int | Unset = UNSET
    expires_at: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        game = self.game

        status = self.status.value

        created_at = self.created_at

        players = self.players

        position = self.position

        open_seats = self.open_seats

        live = self.live

        people = self.people

        expires_at = self.expires_at


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "game": game,
            "status": status,
            "created_at": created_at,
            "players": players,
            "position": position,
            "open_seats": open_seats,
        })
        if live is not UNSET:
            field_dict["live"] = live
        if people is not UNSET:
            field_dict["people"] = people
        if expires_at is not UNSET:
            field_dict["expires_at"] = expires_at

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        game = d.pop("game")

        status = Status(d.pop("status"))




        created_at = d.pop("created_at")

        players = d.pop("players")

        position = d.pop("position")

        open_seats = d.pop("open_seats")

        live = d.pop("live", UNSET)

        people = d.pop("people", UNSET)

        expires_at = d.pop("expires_at", UNSET)

        game_list_item = cls(
            id=id,
            game=game,
            status=status,
            created_at=created_at,
            players=players,
            position=position,
            open_seats=open_seats,
            live=live,
            people=people,
            expires_at=expires_at,
        )

        return game_list_item

