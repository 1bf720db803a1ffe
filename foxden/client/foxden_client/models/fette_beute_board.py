from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fette_beute_board_face_down_animals_item_type_0_item import FetteBeuteBoardFaceDownAnimalsItemType0Item
from ..models.fette_beute_board_phase import FetteBeuteBoardPhase
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.fette_beute_board_revealed_item_item import FetteBeuteBoardRevealedItemItem
  from ..models.fette_beute_board_rules import FetteBeuteBoardRules
  from ..models.fette_beute_board_stores_item import FetteBeuteBoardStoresItem
  from ..models.fette_beute_result import FetteBeuteResult





T = TypeVar("T", bound="FetteBeuteBoard")



@_attrs_define
class FetteBeuteBoard:
    """ `board` of a Fette Beute view (before the deal: seat, players, phase, rules).

        Attributes:
            seat (int | None):
            players (int):
            phase (FetteBeuteBoardPhase):
            rules (FetteBeuteBoardRules):
            round_ (int | Unset):
            crown (int | Unset):
            supply (int | Unset):
            stores (list[FetteBeuteBoardStoresItem] | Unset):
            chosen (list[bool] | Unset):
            face_down (list[int] | Unset):
            face_down_animals (list[list[FetteBeuteBoardFaceDownAnimalsItemType0Item] | None] | Unset):
            revealed (list[list[FetteBeuteBoardRevealedItemItem]] | Unset):
            turn (int | None | Unset):
            beaver_resolved (bool | Unset):
            to_act (list[int] | Unset):
            result (FetteBeuteResult | None | Unset):
     """

    seat: int | None
    players: int
    phase: FetteBeuteBoardPhase
    rules: FetteBeuteBoardRules
    round_: int | Unset = UNSET
    crown: int | Unset = UNSET
    supply: int | Unset = UNSET
    stores: list[FetteBeuteBoardStoresItem] | Unset = UNSET
    chosen: list[bool] | Unset = UNSET
    face_down: list[int] | Unset = UNSET
    face_down_animals: list[list[FetteBeuteBoardFaceDownAnimalsItemType0Item] | None] | Unset = UNSET
    revealed: list[list[FetteBeuteBoardRevealedItemItem]] | Unset = UNSET
    turn: int | None | Unset = UNSET
    beaver_resolved: bool | Unset = UNSET
    to_act: list[int] | Unset = UNSET
    result: FetteBeuteResult | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.fette_beute_board_revealed_item_item import FetteBeuteBoardRevealedItemItem # noqa: PLC0415
        from ..models.fette_beute_board_rules import FetteBeuteBoardRules # noqa: PLC0415
        from ..models.fette_beute_board_stores_item import FetteBeuteBoardStoresItem # noqa: PLC0415
        from ..models.fette_beute_result import FetteBeuteResult # noqa: PLC0415
        seat: int | None
        seat = self.seat

        players = self.players

        phase = self.phase.value

        rules = self.rules.to_dict()

        round_ = self.round_

        crown = self.crown

        supply = self.supply

        stores: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.stores, Unset):
            stores = []
            for stores_item_data in self.stores:
                stores_item = stores_item_data.to_dict()
                stores.append(stores_item)



        chosen: list[bool] | Unset = UNSET
        if not isinstance(self.chosen, Unset):
            chosen = self.chosen



        face_down: list[int] | Unset = UNSET
        if not isinstance(self.face_down, Unset):
            face_down = self.face_down



        face_down_animals: list[list[str] | None] | Unset = UNSET
        if not isinstance(self.face_down_animals, Unset):
            face_down_animals = []
            for face_down_animals_item_data in self.face_down_animals:
                face_down_animals_item: list[str] | None
                if isinstance(face_down_animals_item_data, list):
                    face_down_animals_item = []
                    for face_down_animals_item_type_0_item_data in face_down_animals_item_data:
                        face_down_animals_item_type_0_item = face_down_animals_item_type_0_item_data.value
                        face_down_animals_item.append(face_down_animals_item_type_0_item)


                else:
                    face_down_animals_item = face_down_animals_item_data
                face_down_animals.append(face_down_animals_item)



        revealed: list[list[dict[str, Any]]] | Unset = UNSET
        if not isinstance(self.revealed, Unset):
            revealed = []
            for revealed_item_data in self.revealed:
                revealed_item = []
                for revealed_item_item_data in revealed_item_data:
                    revealed_item_item = revealed_item_item_data.to_dict()
                    revealed_item.append(revealed_item_item)


                revealed.append(revealed_item)



        turn: int | None | Unset
        if isinstance(self.turn, Unset):
            turn = UNSET
        else:
            turn = self.turn

        beaver_resolved = self.beaver_resolved

        to_act: list[int] | Unset = UNSET
        if not isinstance(self.to_act, Unset):
            to_act = self.to_act



        result: dict[str, Any] | None | Unset
        if isinstance(self.result, Unset):
            result = UNSET
        elif isinstance(self.result, FetteBeuteResult):
            result = self.result.to_dict()
        else:
            result = self.result


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "players": players,
            "phase": phase,
            "rules": rules,
        })
        if round_ is not UNSET:
            field_dict["round"] = round_
        if crown is not UNSET:
            field_dict["crown"] = crown
        if supply is not UNSET:
            field_dict["supply"] = supply
        if stores is not UNSET:
            field_dict["stores"] = stores
        if chosen is not UNSET:
            field_dict["chosen"] = chosen
        if face_down is not UNSET:
            field_dict["face_down"] = face_down
        if face_down_animals is not UNSET:
            field_dict["face_down_animals"] = face_down_animals
        if revealed is not UNSET:
            field_dict["revealed"] = revealed
        if turn is not UNSET:
            field_dict["turn"] = turn
        if beaver_resolved is not UNSET:
            field_dict["beaver_resolved"] = beaver_resolved
        if to_act is not UNSET:
            field_dict["to_act"] = to_act
        if result is not UNSET:
            field_dict["result"] = result

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fette_beute_board_revealed_item_item import FetteBeuteBoardRevealedItemItem # noqa: PLC0415
        from ..models.fette_beute_board_rules import FetteBeuteBoardRules # noqa: PLC0415
        from ..models.fette_beute_board_stores_item import FetteBeuteBoardStoresItem # noqa: PLC0415
        from ..models.fette_beute_result import FetteBeuteResult # noqa: PLC0415
        d = dict(src_dict)
        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))


        players = d.pop("players")

        phase = FetteBeuteBoardPhase(d.pop("phase"))




        rules = FetteBeuteBoardRules.from_dict(d.pop("rules"))




        round_ = d.pop("round", UNSET)

        crown = d.pop("crown", UNSET)

        supply = d.pop("supply", UNSET)

        _stores = d.pop("stores", UNSET)
        stores: list[FetteBeuteBoardStoresItem] | Unset = UNSET
        if _stores is not UNSET:
            stores = []
            for stores_item_data in _stores:
                stores_item = FetteBeuteBoardStoresItem.from_dict(stores_item_data)



                stores.append(stores_item)


        chosen = cast(list[bool], d.pop("chosen", UNSET))


        face_down = cast(list[int], d.pop("face_down", UNSET))


        _face_down_animals = d.pop("face_down_animals", UNSET)
        face_down_animals: list[list[FetteBeuteBoardFaceDownAnimalsItemType0Item] | None] | Unset = UNSET
        if _face_down_animals is not UNSET:
            face_down_animals = []
            for face_down_animals_item_data in _face_down_animals:
                def _parse_face_down_animals_item(data: object) -> list[FetteBeuteBoardFaceDownAnimalsItemType0Item] | None:
                    if data is None:
                        return data
                    try:
                        if not isinstance(data, list):
                            raise TypeError()
                        face_down_animals_item_type_0 = []
                        _face_down_animals_item_type_0 = data
                        for face_down_animals_item_type_0_item_data in (_face_down_animals_item_type_0):
                            face_down_animals_item_type_0_item = FetteBeuteBoardFaceDownAnimalsItemType0Item(face_down_animals_item_type_0_item_data)



                            face_down_animals_item_type_0.append(face_down_animals_item_type_0_item)

                        return face_down_animals_item_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(list[FetteBeuteBoardFaceDownAnimalsItemType0Item] | None, data)

                face_down_animals_item = _parse_face_down_animals_item(face_down_animals_item_data)

                face_down_animals.append(face_down_animals_item)


        _revealed = d.pop("revealed", UNSET)
        revealed: list[list[FetteBeuteBoardRevealedItemItem]] | Unset = UNSET
        if _revealed is not UNSET:
            revealed = []
            for revealed_item_data in _revealed:
                revealed_item = []
                _revealed_item = revealed_item_data
                for revealed_item_item_data in (_revealed_item):
                    revealed_item_item = FetteBeuteBoardRevealedItemItem.from_dict(revealed_item_item_data)



                    revealed_item.append(revealed_item_item)

                revealed.append(revealed_item)


        def _parse_turn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn = _parse_turn(d.pop("turn", UNSET))


        beaver_resolved = d.pop("beaver_resolved", UNSET)

        to_act = cast(list[int], d.pop("to_act", UNSET))


        def _parse_result(data: object) -> FetteBeuteResult | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_0 = FetteBeuteResult.from_dict(data)



                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FetteBeuteResult | None | Unset, data)

        result = _parse_result(d.pop("result", UNSET))


        fette_beute_board = cls(
            seat=seat,
            players=players,
            phase=phase,
            rules=rules,
            round_=round_,
            crown=crown,
            supply=supply,
            stores=stores,
            chosen=chosen,
            face_down=face_down,
            face_down_animals=face_down_animals,
            revealed=revealed,
            turn=turn,
            beaver_resolved=beaver_resolved,
            to_act=to_act,
            result=result,
        )

        return fette_beute_board

