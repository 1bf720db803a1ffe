from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast
import datetime

if TYPE_CHECKING:
  from ..models.table_options import TableOptions





T = TypeVar("T", bound="ChallengeFrame")



@_attrs_define
class ChallengeFrame:
    """ The account is challenged (`challenge` is the challenge's id).

        Attributes:
            id (str): The frame's id (a Redis stream entry id), for `Last-Event-ID` or `?after=`.
            type_ (Literal['challenge']):
            challenge (str):
            game_type (str):
            from_ (str): The challenger's handle.
            players (int): The table's size.
            options (TableOptions): The table's options, as a create takes them (the catalogue lists each game's, with their
                ranges).
            expires_at (datetime.datetime):
     """

    id: str
    type_: Literal['challenge']
    challenge: str
    game_type: str
    from_: str
    players: int
    options: TableOptions
    expires_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.table_options import TableOptions # noqa: PLC0415
        id = self.id

        type_ = self.type_

        challenge = self.challenge

        game_type = self.game_type

        from_ = self.from_

        players = self.players

        options = self.options.to_dict()

        expires_at = self.expires_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "type": type_,
            "challenge": challenge,
            "game_type": game_type,
            "from": from_,
            "players": players,
            "options": options,
            "expires_at": expires_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.table_options import TableOptions # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        type_ = cast(Literal['challenge'] , d.pop("type"))
        if type_ != 'challenge':
            raise ValueError(f"type must match const 'challenge', got '{type_}'")

        challenge = d.pop("challenge")

        game_type = d.pop("game_type")

        from_ = d.pop("from")

        players = d.pop("players")

        options = TableOptions.from_dict(d.pop("options"))




        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))




        challenge_frame = cls(
            id=id,
            type_=type_,
            challenge=challenge,
            game_type=game_type,
            from_=from_,
            players=players,
            options=options,
            expires_at=expires_at,
        )


        challenge_frame.additional_properties = d
        return challenge_frame

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
