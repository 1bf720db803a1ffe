from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="LogProof")



@_attrs_define
class LogProof:
    """ 
        Attributes:
            game_id (str):
            leaf (str): The game's newest leaf, as its UTF-8 text.
            leaf_index (int):
            tree_size (int):
            inclusion (list[str]): The audit path (RFC 9162 §2.1.3), from the leaf's sibling up, base64.
            checkpoint (str): The signed checkpoint of the tree of `tree_size` leaves.
     """

    game_id: str
    leaf: str
    leaf_index: int
    tree_size: int
    inclusion: list[str]
    checkpoint: str





    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        leaf = self.leaf

        leaf_index = self.leaf_index

        tree_size = self.tree_size

        inclusion = self.inclusion



        checkpoint = self.checkpoint


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "game_id": game_id,
            "leaf": leaf,
            "leaf_index": leaf_index,
            "tree_size": tree_size,
            "inclusion": inclusion,
            "checkpoint": checkpoint,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        leaf = d.pop("leaf")

        leaf_index = d.pop("leaf_index")

        tree_size = d.pop("tree_size")

        inclusion = cast(list[str], d.pop("inclusion"))


        checkpoint = d.pop("checkpoint")

        log_proof = cls(
            game_id=game_id,
            leaf=leaf,
            leaf_index=leaf_index,
            tree_size=tree_size,
            inclusion=inclusion,
            checkpoint=checkpoint,
        )

        return log_proof

