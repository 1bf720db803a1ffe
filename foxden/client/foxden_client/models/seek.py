from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.seek_status import SeekStatus
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.table_options import TableOptions





T = TypeVar("T", bound="Seek")



@_attrs_define
class Seek:
    """ 
        Attributes:
            id (str):
            status (SeekStatus):
            game_type (str):
            players (int):
            options (TableOptions): The table's options, as a create takes them (the catalogue lists each game's, with their
                ranges).
            bots_after_s (int | None):
            bot_strategy (str):
            created_at (datetime.datetime):
            game (None | str): The table's id, once paired.
     """

    id: str
    status: SeekStatus
    game_type: str
    players: int
    options: TableOptions
    bots_after_s: int | None
    bot_strategy: str
    created_at: datetime.datetime
    game: None | str





    def to_dict(self) -> dict[str, Any]:
        from ..models.table_options import TableOptions # noqa: PLC0415
        id = self.id

        status = self.status.value

        game_type = self.game_type

        players = self.players

        options = self.options.to_dict()

        bots_after_s: int | None
        bots_after_s = self.bots_after_s

        bot_strategy = self.bot_strategy

        created_at = self.created_at.isoformat()

        game: None | str
        game = self.game


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "status": status,
            "game_type": game_type,
            "players": players,
            "options": options,
            "bots_after_s": bots_after_s,
            "bot_strategy": bot_strategy,
            "created_at": created_at,
            "game": game,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.table_options import TableOptions # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        status = SeekStatus(d.pop("status"))




        game_type = d.pop("game_type")

        players = d.pop("players")

        options = TableOptions.from_dict(d.pop("options"))




        def _parse_bots_after_s(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        bots_after_s = _parse_bots_after_s(d.pop("bots_after_s"))


        bot_strategy = d.pop("bot_strategy")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        def _parse_game(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        game = _parse_game(d.pop("game"))


        seek = cls(
            id=id,
            status=status,
            game_type=game_type,
            players=players,
            options=options,
            bots_after_s=bots_after_s,
            bot_strategy=bot_strategy,
            created_at=created_at,
            game=game,
        )

        return seek

