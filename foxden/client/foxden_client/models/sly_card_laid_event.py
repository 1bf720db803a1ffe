from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.event_author import EventAuthor
  from ..models.sly_card_laid import SlyCardLaid
  from ..models.sly_card_laid_event_cause import SlyCardLaidEventCause





T = TypeVar("T", bound="SlyCardLaidEvent")



@_attrs_define
class SlyCardLaidEvent:
    """ 
        Attributes:
            version (int):
            type_ (Literal['CardLaid']):
            schema (int):
            data (SlyCardLaid):
            at (str): UTC, ISO 8601 with milliseconds.
            by (EventAuthor):
            command_id (str):
            prev_hash (str):
            hash_ (str):
            cause (SlyCardLaidEventCause | Unset): The command body (first event of a command only; private fields removed
                while the game runs).
     """

    version: int
    type_: Literal['CardLaid']
    schema: int
    data: SlyCardLaid
    at: str
    by: EventAuthor
    command_id: str
    prev_hash: str
    hash_: str
    cause: SlyCardLaidEventCause | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.event_author import EventAuthor # noqa: PLC0415
        from ..models.sly_card_laid import SlyCardLaid # noqa: PLC0415
        from ..models.sly_card_laid_event_cause import SlyCardLaidEventCause # noqa: PLC0415
        version = self.version

        type_ = self.type_

        schema = self.schema

        data = self.data.to_dict()

        at = self.at

        by = self.by.to_dict()

        command_id = self.command_id

        prev_hash = self.prev_hash

        hash_ = self.hash_

        cause: dict[str, Any] | Unset = UNSET
        if not isinstance(self.cause, Unset):
            cause = self.cause.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "version": version,
            "type": type_,
            "schema": schema,
            "data": data,
            "at": at,
            "by": by,
            "command_id": command_id,
            "prev_hash": prev_hash,
            "hash": hash_,
        })
        if cause is not UNSET:
            field_dict["cause"] = cause

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_author import EventAuthor # noqa: PLC0415
        from ..models.sly_card_laid import SlyCardLaid # noqa: PLC0415
        from ..models.sly_card_laid_event_cause import SlyCardLaidEventCause # noqa: PLC0415
        d = dict(src_dict)
        version = d.pop("version")

        type_ = cast(Literal['CardLaid'] , d.pop("type"))
        if type_ != 'CardLaid':
            raise ValueError(f"type must match const 'CardLaid', got '{type_}'")

        schema = d.pop("schema")

        data = SlyCardLaid.from_dict(d.pop("data"))




        at = d.pop("at")

        by = EventAuthor.from_dict(d.pop("by"))




        command_id = d.pop("command_id")

        prev_hash = d.pop("prev_hash")

        hash_ = d.pop("hash")

        _cause = d.pop("cause", UNSET)
        cause: SlyCardLaidEventCause | Unset
        if isinstance(_cause,  Unset):
            cause = UNSET
        else:
            cause = SlyCardLaidEventCause.from_dict(_cause)




        sly_card_laid_event = cls(
            version=version,
            type_=type_,
            schema=schema,
            data=data,
            at=at,
            by=by,
            command_id=command_id,
            prev_hash=prev_hash,
            hash_=hash_,
            cause=cause,
        )

        return sly_card_laid_event

