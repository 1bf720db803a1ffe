from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.fette_beute_choose import FetteBeuteChoose
  from ..models.fette_beute_reveal import FetteBeuteReveal
  from ..models.gloria_picktoria_draw_blind import GloriaPicktoriaDrawBlind
  from ..models.gloria_picktoria_end_turn import GloriaPicktoriaEndTurn
  from ..models.gloria_picktoria_lay import GloriaPicktoriaLay
  from ..models.gloria_picktoria_make_chest import GloriaPicktoriaMakeChest
  from ..models.gloria_picktoria_move_fox import GloriaPicktoriaMoveFox
  from ..models.gloria_picktoria_pass_fox import GloriaPicktoriaPassFox
  from ..models.gloria_picktoria_play_doubler import GloriaPicktoriaPlayDoubler
  from ..models.gloria_picktoria_take_display import GloriaPicktoriaTakeDisplay
  from ..models.leave import Leave
  from ..models.sly_expose import SlyExpose
  from ..models.sly_lay import SlyLay
  from ..models.sly_reveal_flip import SlyRevealFlip
  from ..models.sly_reveal_stop import SlyRevealStop





T = TypeVar("T", bound="LegalMoves")



@_attrs_define
class LegalMoves:
    """ 
        Attributes:
            version (int):
            seat (int):
            moves (list[FetteBeuteChoose | FetteBeuteReveal | GloriaPicktoriaDrawBlind | GloriaPicktoriaEndTurn |
                GloriaPicktoriaLay | GloriaPicktoriaMakeChest | GloriaPicktoriaMoveFox | GloriaPicktoriaPassFox |
                GloriaPicktoriaPlayDoubler | GloriaPicktoriaTakeDisplay | Leave | SlyExpose | SlyLay | SlyRevealFlip |
                SlyRevealStop]):
     """

    version: int
    seat: int
    moves: list[FetteBeuteChoose | FetteBeuteReveal | GloriaPicktoriaDrawBlind | GloriaPicktoriaEndTurn | GloriaPicktoriaLay | GloriaPicktoriaMakeChest | GloriaPicktoriaMoveFox | GloriaPicktoriaPassFox | GloriaPicktoriaPlayDoubler | GloriaPicktoriaTakeDisplay | Leave | SlyExpose | SlyLay | SlyRevealFlip | SlyRevealStop]





    def to_dict(self) -> dict[str, Any]:
        from ..models.fette_beute_choose import FetteBeuteChoose # noqa: PLC0415
        from ..models.fette_beute_reveal import FetteBeuteReveal # noqa: PLC0415
        from ..models.gloria_picktoria_draw_blind import GloriaPicktoriaDrawBlind # noqa: PLC0415
        from ..models.gloria_picktoria_end_turn import GloriaPicktoriaEndTurn # noqa: PLC0415
        from ..models.gloria_picktoria_lay import GloriaPicktoriaLay # noqa: PLC0415
        from ..models.gloria_picktoria_make_chest import GloriaPicktoriaMakeChest # noqa: PLC0415
        from ..models.gloria_picktoria_move_fox import GloriaPicktoriaMoveFox # noqa: PLC0415
        from ..models.gloria_picktoria_pass_fox import GloriaPicktoriaPassFox # noqa: PLC0415
        from ..models.gloria_picktoria_play_doubler import GloriaPicktoriaPlayDoubler # noqa: PLC0415
        from ..models.gloria_picktoria_take_display import GloriaPicktoriaTakeDisplay # noqa: PLC0415
        from ..models.leave import Leave # noqa: PLC0415
        from ..models.sly_expose import SlyExpose # noqa: PLC0415
        from ..models.sly_lay import SlyLay # noqa: PLC0415
        from ..models.sly_reveal_flip import SlyRevealFlip # noqa: PLC0415
        from ..models.sly_reveal_stop import SlyRevealStop # noqa: PLC0415
        version = self.version

        seat = self.seat

        moves = []
        for moves_item_data in self.moves:
            moves_item: dict[str, Any]
            if isinstance(moves_item_data, FetteBeuteChoose):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, FetteBeuteReveal):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, SlyLay):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, SlyExpose):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, SlyRevealFlip):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, SlyRevealStop):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, GloriaPicktoriaMakeChest):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, GloriaPicktoriaLay):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, GloriaPicktoriaPlayDoubler):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, GloriaPicktoriaTakeDisplay):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, GloriaPicktoriaDrawBlind):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, GloriaPicktoriaMoveFox):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, GloriaPicktoriaPassFox):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, GloriaPicktoriaEndTurn):
                moves_item = moves_item_data.to_dict()
            else:
                moves_item = moves_item_data.to_dict()

            moves.append(moves_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "version": version,
            "seat": seat,
            "moves": moves,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fette_beute_choose import FetteBeuteChoose # noqa: PLC0415
        from ..models.fette_beute_reveal import FetteBeuteReveal # noqa: PLC0415
        from ..models.gloria_picktoria_draw_blind import GloriaPicktoriaDrawBlind # noqa: PLC0415
        from ..models.gloria_picktoria_end_turn import GloriaPicktoriaEndTurn # noqa: PLC0415
        from ..models.gloria_picktoria_lay import GloriaPicktoriaLay # noqa: PLC0415
        from ..models.gloria_picktoria_make_chest import GloriaPicktoriaMakeChest # noqa: PLC0415
        from ..models.gloria_picktoria_move_fox import GloriaPicktoriaMoveFox # noqa: PLC0415
        from ..models.gloria_picktoria_pass_fox import GloriaPicktoriaPassFox # noqa: PLC0415
        from ..models.gloria_picktoria_play_doubler import GloriaPicktoriaPlayDoubler # noqa: PLC0415
        from ..models.gloria_picktoria_take_display import GloriaPicktoriaTakeDisplay # noqa: PLC0415
        from ..models.leave import Leave # noqa: PLC0415
        from ..models.sly_expose import SlyExpose # noqa: PLC0415
        from ..models.sly_lay import SlyLay # noqa: PLC0415
        from ..models.sly_reveal_flip import SlyRevealFlip # noqa: PLC0415
        from ..models.sly_reveal_stop import SlyRevealStop # noqa: PLC0415
        d = dict(src_dict)
        version = d.pop("version")

        seat = d.pop("seat")

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in (_moves):
            def _parse_moves_item(data: object) -> FetteBeuteChoose | FetteBeuteReveal | GloriaPicktoriaDrawBlind | GloriaPicktoriaEndTurn | GloriaPicktoriaLay | GloriaPicktoriaMakeChest | GloriaPicktoriaMoveFox | GloriaPicktoriaPassFox | GloriaPicktoriaPlayDoubler | GloriaPicktoriaTakeDisplay | Leave | SlyExpose | SlyLay | SlyRevealFlip | SlyRevealStop:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_fette_beute_command_type_0 = FetteBeuteChoose.from_dict(data)



                    return componentsschemas_fette_beute_command_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_fette_beute_command_type_1 = FetteBeuteReveal.from_dict(data)



                    return componentsschemas_fette_beute_command_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sly_command_type_0 = SlyLay.from_dict(data)



                    return componentsschemas_sly_command_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sly_command_type_1 = SlyExpose.from_dict(data)



                    return componentsschemas_sly_command_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sly_command_type_2 = SlyRevealFlip.from_dict(data)



                    return componentsschemas_sly_command_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sly_command_type_3 = SlyRevealStop.from_dict(data)



                    return componentsschemas_sly_command_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_gloria_picktoria_command_type_0 = GloriaPicktoriaMakeChest.from_dict(data)



                    return componentsschemas_gloria_picktoria_command_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_gloria_picktoria_command_type_1 = GloriaPicktoriaLay.from_dict(data)



                    return componentsschemas_gloria_picktoria_command_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_gloria_picktoria_command_type_2 = GloriaPicktoriaPlayDoubler.from_dict(data)



                    return componentsschemas_gloria_picktoria_command_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_gloria_picktoria_command_type_3 = GloriaPicktoriaTakeDisplay.from_dict(data)



                    return componentsschemas_gloria_picktoria_command_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_gloria_picktoria_command_type_4 = GloriaPicktoriaDrawBlind.from_dict(data)



                    return componentsschemas_gloria_picktoria_command_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_gloria_picktoria_command_type_5 = GloriaPicktoriaMoveFox.from_dict(data)



                    return componentsschemas_gloria_picktoria_command_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_gloria_picktoria_command_type_6 = GloriaPicktoriaPassFox.from_dict(data)



                    return componentsschemas_gloria_picktoria_command_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_gloria_picktoria_command_type_7 = GloriaPicktoriaEndTurn.from_dict(data)



                    return componentsschemas_gloria_picktoria_command_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_command_type_3 = Leave.from_dict(data)



                return componentsschemas_command_type_3

            moves_item = _parse_moves_item(moves_item_data)

            moves.append(moves_item)


        legal_moves = cls(
            version=version,
            seat=seat,
            moves=moves,
        )

        return legal_moves

