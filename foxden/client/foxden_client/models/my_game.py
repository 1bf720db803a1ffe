from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.my_game_status import MyGameStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.fette_beute_result import FetteBeuteResult
  from ..models.gloria_picktoria_result import GloriaPicktoriaResult
  from ..models.sly_result import SlyResult





T = TypeVar("T", bound="MyGame")



@_attrs_define
class MyGame:
    """ 
        Attributes:
            id (str):
            game (str):
            status (MyGameStatus):
            seat (int): The account's seat.
            my_turn (bool): The account's seat is to act (and no bot plays it).
            to_act (list[int]):
            deadline (None | str): When the account's turn limit runs out (tables with turn_timeout_s), else null.
            result (FetteBeuteResult | GloriaPicktoriaResult | SlyResult | Unset): The game's result, once it has ended.
     """

    id: str
    game: str
    status: MyGameStatus
    seat: int
    my_turn: bool
    to_act: list[int]
    deadline: None | str
    result: FetteBeuteResult | GloriaPicktoriaResult | SlyResult | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.fette_beute_result import FetteBeuteResult # noqa: PLC0415
        from ..models.gloria_picktoria_result import GloriaPicktoriaResult # noqa: PLC0415
        from ..models.sly_result import SlyResult # noqa: PLC0415
        id = self.id

        game = self.game

        status = self.status.value

        seat = self.seat

        my_turn = self.my_turn

        to_act = self.to_act



        deadline: None | str
        deadline = self.deadline

        result: dict[str, Any] | Unset
        if isinstance(self.result, Unset):
            result = UNSET
        elif isinstance(self.result, FetteBeuteResult):
            result = self.result.to_dict()
        elif isinstance(self.result, SlyResult):
            result = self.result.to_dict()
        else:
            result = self.result.to_dict()



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "game": game,
            "status": status,
            "seat": seat,
            "my_turn": my_turn,
            "to_act": to_act,
            "deadline": deadline,
        })
        if result is not UNSET:
            field_dict["result"] = result

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fette_beute_result import FetteBeuteResult # noqa: PLC0415
        from ..models.gloria_picktoria_result import GloriaPicktoriaResult # noqa: PLC0415
        from ..models.sly_result import SlyResult # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        game = d.pop("game")

        status = MyGameStatus(d.pop("status"))




        seat = d.pop("seat")

        my_turn = d.pop("my_turn")

        to_act = cast(list[int], d.pop("to_act"))


        def _parse_deadline(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        deadline = _parse_deadline(d.pop("deadline"))


        def _parse_result(data: object) -> FetteBeuteResult | GloriaPicktoriaResult | SlyResult | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_result_type_0 = FetteBeuteResult.from_dict(data)



                return componentsschemas_result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_result_type_1 = SlyResult.from_dict(data)



                return componentsschemas_result_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_result_type_2 = GloriaPicktoriaResult.from_dict(data)



            return componentsschemas_result_type_2

        result = _parse_result(d.pop("result", UNSET))


        my_game = cls(
            id=id,
            game=game,
            status=status,
            seat=seat,
            my_turn=my_turn,
            to_act=to_act,
            deadline=deadline,
            result=result,
        )

        return my_game

