from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.table_options import TableOptions





T = TypeVar("T", bound="NewSeek")



@_attrs_define
class NewSeek:
    """ 
        Attributes:
            game (str): A game of the catalogue (400 `unknown_game` else).
            players (int): The table's size, one the game takes (400 `invalid_setup` else).
            options (TableOptions | Unset): The table's options, as a create takes them (the catalogue lists each game's,
                with their ranges).
            bots_after_s (int | None | Unset): After this many seconds without enough people, bots fill the table (null:
                never).
            bot_strategy (str | Unset): The strategy of the bots that fill (the catalogue's). Default: 'greedy'.
     """

    game: str
    players: int
    options: TableOptions | Unset = UNSET
    bots_after_s: int | None | Unset = UNSET
    bot_strategy: str | Unset = 'greedy'





    def to_dict(self) -> dict[str, Any]:
        from ..models.table_options import TableOptions # noqa: PLC0415
        game = self.game

        players = self.players

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        bots_after_s: int | None | Unset
        if isinstance(self.bots_after_s, Unset):
            bots_after_s = UNSET
        else:
            bots_after_s = self.bots_after_s

        bot_strategy = self.bot_strategy


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "game": game,
            "players": players,
        })
        if options is not UNSET:
            field_dict["options"] = options
        if bots_after_s is not UNSET:
            field_dict["bots_after_s"] = bots_after_s
        if bot_strategy is not UNSET:
            field_dict["bot_strategy"] = bot_strategy

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.table_options import TableOptions # noqa: PLC0415
        d = dict(src_dict)
        game = d.pop("game")

        players = d.pop("players")

        _options = d.pop("options", UNSET)
        options: TableOptions | Unset
        if isinstance(_options,  Unset):
            options = UNSET
        else:
            options = TableOptions.from_dict(_options)




        def _parse_bots_after_s(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        bots_after_s = _parse_bots_after_s(d.pop("bots_after_s", UNSET))


        bot_strategy = d.pop("bot_strategy", UNSET)

        new_seek = cls(
            game=game,
            players=players,
            options=options,
            bots_after_s=bots_after_s,
            bot_strategy=bot_strategy,
        )

        return new_seek

