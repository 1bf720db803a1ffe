from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.fette_beute_result import FetteBeuteResult
  from ..models.gloria_picktoria_result import GloriaPicktoriaResult
  from ..models.sly_result import SlyResult





T = TypeVar("T", bound="GameEnded")



@_attrs_define
class GameEnded:
    """ 
        Attributes:
            result (FetteBeuteResult | GloriaPicktoriaResult | SlyResult): The game's result, once it has ended.
            seed (str):
     """

    result: FetteBeuteResult | GloriaPicktoriaResult | SlyResult
    seed: str





    def to_dict(self) -> dict[str, Any]:
        from ..models.fette_beute_result import FetteBeuteResult # noqa: PLC0415
        from ..models.gloria_picktoria_result import GloriaPicktoriaResult # noqa: PLC0415
        from ..models.sly_result import SlyResult # noqa: PLC0415
        result: dict[str, Any]
        if isinstance(self.result, FetteBeuteResult):
            result = self.result.to_dict()
        elif isinstance(self.result, SlyResult):
            result = self.result.to_dict()
        else:
            result = self.result.to_dict()


        seed = self.seed


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "result": result,
            "seed": seed,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fette_beute_result import FetteBeuteResult # noqa: PLC0415
        from ..models.gloria_picktoria_result import GloriaPicktoriaResult # noqa: PLC0415
        from ..models.sly_result import SlyResult # noqa: PLC0415
        d = dict(src_dict)
        def _parse_result(data: object) -> FetteBeuteResult | GloriaPicktoriaResult | SlyResult:
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

        result = _parse_result(d.pop("result"))


        seed = d.pop("seed")

        game_ended = cls(
            result=result,
            seed=seed,
        )

        return game_ended

