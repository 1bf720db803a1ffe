from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.challenge_opponents_item_answer_type_1 import ChallengeOpponentsItemAnswerType1
from ..models.challenge_opponents_item_answer_type_2_type_1 import ChallengeOpponentsItemAnswerType2Type1
from ..models.challenge_opponents_item_answer_type_3_type_1 import ChallengeOpponentsItemAnswerType3Type1
from typing import cast






T = TypeVar("T", bound="ChallengeOpponentsItem")



@_attrs_define
class ChallengeOpponentsItem:
    """ 
        Attributes:
            handle (str):
            answer (ChallengeOpponentsItemAnswerType1 | ChallengeOpponentsItemAnswerType2Type1 |
                ChallengeOpponentsItemAnswerType3Type1 | None):
     """

    handle: str
    answer: ChallengeOpponentsItemAnswerType1 | ChallengeOpponentsItemAnswerType2Type1 | ChallengeOpponentsItemAnswerType3Type1 | None





    def to_dict(self) -> dict[str, Any]:
        handle = self.handle

        answer: None | str
        if isinstance(self.answer, ChallengeOpponentsItemAnswerType1):
            answer = self.answer.value
        elif isinstance(self.answer, ChallengeOpponentsItemAnswerType2Type1):
            answer = self.answer.value
        elif isinstance(self.answer, ChallengeOpponentsItemAnswerType3Type1):
            answer = self.answer.value
        else:
            answer = self.answer


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "handle": handle,
            "answer": answer,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        handle = d.pop("handle")

        def _parse_answer(data: object) -> ChallengeOpponentsItemAnswerType1 | ChallengeOpponentsItemAnswerType2Type1 | ChallengeOpponentsItemAnswerType3Type1 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                answer_type_1 = ChallengeOpponentsItemAnswerType1(data)



                return answer_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                answer_type_2_type_1 = ChallengeOpponentsItemAnswerType2Type1(data)



                return answer_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                answer_type_3_type_1 = ChallengeOpponentsItemAnswerType3Type1(data)



                return answer_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ChallengeOpponentsItemAnswerType1 | ChallengeOpponentsItemAnswerType2Type1 | ChallengeOpponentsItemAnswerType3Type1 | None, data)

        answer = _parse_answer(d.pop("answer"))


        challenge_opponents_item = cls(
            handle=handle,
            answer=answer,
        )

        return challenge_opponents_item

