from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.new_challenge_bots_item import NewChallengeBotsItem
  from ..models.table_options import TableOptions





T = TypeVar("T", bound="NewChallenge")



@_attrs_define
class NewChallenge:
    """ 
        Attributes:
            game (str): A game of the catalogue (400 `unknown_game` else).
            opponents (list[str]): The handles of the accounts challenged, each once (whatever its case), not the
                challenger's.
            bots (list[NewChallengeBotsItem] | Unset): Bot seats beside the accounts' (the table's size, 1 + opponents +
                bots, is one the game takes; 400 `invalid_setup` else).
            options (TableOptions | Unset): The table's options, as a create takes them (the catalogue lists each game's,
                with their ranges).
            expires_in_s (int | Unset): Seconds the opponents have to answer. Default: 300.
     """

    game: str
    opponents: list[str]
    bots: list[NewChallengeBotsItem] | Unset = UNSET
    options: TableOptions | Unset = UNSET
    expires_in_s: int | Unset = 300





    def to_dict(self) -> dict[str, Any]:
        from ..models.new_challenge_bots_item import NewChallengeBotsItem # noqa: PLC0415
        from ..models.table_options import TableOptions # noqa: PLC0415
        game = self.game

        opponents = self.opponents



        bots: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.bots, Unset):
            bots = []
            for bots_item_data in self.bots:
                bots_item = bots_item_data.to_dict()
                bots.append(bots_item)



        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        expires_in_s = self.expires_in_s


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "game": game,
            "opponents": opponents,
        })
        if bots is not UNSET:
            field_dict["bots"] = bots
        if options is not UNSET:
            field_dict["options"] = options
        if expires_in_s is not UNSET:
            field_dict["expires_in_s"] = expires_in_s

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.new_challenge_bots_item import NewChallengeBotsItem # noqa: PLC0415
        from ..models.table_options import TableOptions # noqa: PLC0415
        d = dict(src_dict)
        game = d.pop("game")

        opponents = cast(list[str], d.pop("opponents"))


        _bots = d.pop("bots", UNSET)
        bots: list[NewChallengeBotsItem] | Unset = UNSET
        if _bots is not UNSET:
            bots = []
            for bots_item_data in _bots:
                bots_item = NewChallengeBotsItem.from_dict(bots_item_data)



                bots.append(bots_item)


        _options = d.pop("options", UNSET)
        options: TableOptions | Unset
        if isinstance(_options,  Unset):
            options = UNSET
        else:
            options = TableOptions.from_dict(_options)




        expires_in_s = d.pop("expires_in_s", UNSET)

        new_challenge = cls(
            game=game,
            opponents=opponents,
            bots=bots,
            options=options,
            expires_in_s=expires_in_s,
        )

        return new_challenge

