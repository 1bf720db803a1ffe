from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.challenge_status import ChallengeStatus
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.challenge_bots_item import ChallengeBotsItem
  from ..models.challenge_opponents_item import ChallengeOpponentsItem
  from ..models.table_options import TableOptions





T = TypeVar("T", bound="Challenge")



@_attrs_define
class Challenge:
    """ 
        Attributes:
            id (str):
            status (ChallengeStatus):
            game_type (str):
            challenger (str): The challenger's handle.
            opponents (list[ChallengeOpponentsItem]):
            bots (list[ChallengeBotsItem]):
            options (TableOptions): The table's options, as a create takes them (the catalogue lists each game's, with their
                ranges).
            created_at (datetime.datetime):
            expires_at (datetime.datetime):
            game (None | str): The table's id, once every opponent accepted.
     """

    id: str
    status: ChallengeStatus
    game_type: str
    challenger: str
    opponents: list[ChallengeOpponentsItem]
    bots: list[ChallengeBotsItem]
    options: TableOptions
    created_at: datetime.datetime
    expires_at: datetime.datetime
    game: None | str





    def to_dict(self) -> dict[str, Any]:
        from ..models.challenge_bots_item import ChallengeBotsItem # noqa: PLC0415
        from ..models.challenge_opponents_item import ChallengeOpponentsItem # noqa: PLC0415
        from ..models.table_options import TableOptions # noqa: PLC0415
        id = self.id

        status = self.status.value

        game_type = self.game_type

        challenger = self.challenger

        opponents = []
        for opponents_item_data in self.opponents:
            opponents_item = opponents_item_data.to_dict()
            opponents.append(opponents_item)



        bots = []
        for bots_item_data in self.bots:
            bots_item = bots_item_data.to_dict()
            bots.append(bots_item)



        options = self.options.to_dict()

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

        game: None | str
        game = self.game


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "status": status,
            "game_type": game_type,
            "challenger": challenger,
            "opponents": opponents,
            "bots": bots,
            "options": options,
            "created_at": created_at,
            "expires_at": expires_at,
            "game": game,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.challenge_bots_item import ChallengeBotsItem # noqa: PLC0415
        from ..models.challenge_opponents_item import ChallengeOpponentsItem # noqa: PLC0415
        from ..models.table_options import TableOptions # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        status = ChallengeStatus(d.pop("status"))




        game_type = d.pop("game_type")

        challenger = d.pop("challenger")

        opponents = []
        _opponents = d.pop("opponents")
        for opponents_item_data in (_opponents):
            opponents_item = ChallengeOpponentsItem.from_dict(opponents_item_data)



            opponents.append(opponents_item)


        bots = []
        _bots = d.pop("bots")
        for bots_item_data in (_bots):
            bots_item = ChallengeBotsItem.from_dict(bots_item_data)



            bots.append(bots_item)


        options = TableOptions.from_dict(d.pop("options"))




        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))




        def _parse_game(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        game = _parse_game(d.pop("game"))


        challenge = cls(
            id=id,
            status=status,
            game_type=game_type,
            challenger=challenger,
            opponents=opponents,
            bots=bots,
            options=options,
            created_at=created_at,
            expires_at=expires_at,
            game=game,
        )

        return challenge

