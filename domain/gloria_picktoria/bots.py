"""Bots for Gloria Picktoria. They see only their seat's view and its legal commands.

* ``random``: any legal command, uniformly.
* ``greedy``: the rules file's heuristics (section 9). Every legal command gets a value per
  action point, and the best is played (ties broken at random):
  - laying a card is worth the points it wins at each scoring still to come (sole, longest,
    second; the fox's exclusion and the doubler included), plus a little for a safer lead;
  - taking a display card is worth most of what laying it later would win, so cards that
    extend or can open a collection come first, plus a little for denying it to an opponent
    whose collection it would lift; a blind draw is worth the average unseen card and costs
    2 AP, so it is played only when the display is useless;
  - a chest is made from the least useful card when a card waits for a chest;
  - the doubler goes early on the collection scoring most;
  - the free fox pass is always taken, onto the neighbour's collection that hurts them most;
    a paid move takes the fox off a scoring collection when that gains enough (2 AP: >= 4);
  - once three or fewer scoring cards are left in the pile, cards in hand and empty chests
    weigh more and more as the penalties they are about to become (fully with one left).
  The bot cannot see chest identities (no view shows them), so unseen counts ignore them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from .cards import COPIES_PER_MOTIF, JOKER, MOTIFS
from .scoring import motif_points


def random_bot(
    view: Mapping[str, Any], legal: list[dict[str, Any]], rng: random.Random
) -> dict[str, Any]:
    """Any legal command."""
    return rng.choice(legal)


class _Table:
    """The public tableaux as the bot reasons about them."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.me: int = view["viewer"]
        self.players: int = view["players"]
        rules = view["rules"]
        self.sole, self.first = rules["pts_sole"], rules["pts_first"]
        self.second = rules["pts_second"]
        self.hand_penalty: int = -rules["final_hand_penalty"]
        self.chest_penalty: int = -rules["final_empty_chest_penalty"]
        fox = view["fox"]
        self.fox: tuple[int, int] | None = None if fox is None else (fox["owner"], fox["chest"])
        self.rows: list[list[dict[str, Any]]] = [seat["chests"] for seat in view["seats"]]
        self.hand = Counter(view["hand"] or ())
        self.display: list[str | None] = view["display"]
        seen = view["scoring_cards_seen"]
        self.scorings_left = sum(1 for at in view["scorings_at"] if at > seen)
        left_in_pile = view["scorings_at"][-1] - seen
        # How much a card in hand or an empty chest already weighs as a final penalty.
        self.end_weight = {1: 1.0, 2: 0.6, 3: 0.3}.get(left_in_pile, 0.0)
        self.mine: dict[str, int] = {}  # my collections: motif -> chest index
        self.empty_chests = 0
        # Every collection by motif: (seat, chest, length, doubled).
        self.collections: dict[str, list[tuple[int, int, int, bool]]] = {}
        visible = Counter(card for card in self.display if card)
        for seat, row in enumerate(self.rows):
            for index, chest in enumerate(row):
                motif = chest["motif"]
                if motif is None:
                    self.empty_chests += seat == self.me
                    continue
                if seat == self.me:
                    self.mine[motif] = index
                entry = (seat, index, chest["length"], chest["doubled"])
                self.collections.setdefault(motif, []).append(entry)
                visible[motif] += chest["length"] - chest["jokers"]
        visible.update(self.hand)
        self.unseen = {m: max(0, COPIES_PER_MOTIF - visible[m]) for m in MOTIFS}
        self._now: dict[str, dict[int, int]] = {}
        self._card: dict[str, float] = {}
        self._after_fox: dict[tuple[str, tuple[int, int] | None], dict[int, int]] = {}

    def points(
        self,
        motif: str,
        fox: tuple[int, int] | None,
        change: tuple[int, int, int, bool] | None = None,
    ) -> dict[int, int]:
        """Points per seat for ``motif`` with the fox at ``fox`` and ``change`` applied.

        ``change`` is (seat, chest, length, doubled) for one collection, -1 for a new chest.
        """
        entries = [
            (seat, length, doubled)
            for seat, index, length, doubled in self.collections.get(motif, ())
            if (seat, index) != fox and (change is None or (seat, index) != change[:2])
        ]
        if change and change[:2] != fox:
            entries.append((change[0], change[2], change[3]))
        return motif_points(entries, self.sole, self.first, self.second)

    def now(self, motif: str) -> dict[int, int]:
        if motif not in self._now:
            self._now[motif] = self.points(motif, self.fox)
        return self._now[motif]

    def _moved(self, motif: str, to: tuple[int, int]) -> dict[int, int]:
        """Points for ``motif`` with the fox at ``to`` (memoised: many targets share it)."""
        owner, chest = to
        spot = to if self.rows[owner][chest]["motif"] == motif else None
        key = (motif, spot)
        if key not in self._after_fox:
            self._after_fox[key] = self.points(motif, spot)
        return self._after_fox[key]

    def gain(self, motif: str, length: int, doubled: bool, chest: int) -> float:
        """What my collection of ``motif`` at ``length`` wins over the remaining scorings."""
        before = self.now(motif).get(self.me, 0)
        after = self.points(motif, self.fox, (self.me, chest, length, doubled)).get(self.me, 0)
        return self.scorings_left * (after - before)

    def open_value(self, motif: str, extra: int = 0) -> float:
        """Opening a collection of ``motif`` now, ``extra`` more copies to follow."""
        value = self.gain(motif, 1 + extra, False, -1) + 0.9
        return value + 0.1 * min(self.unseen[motif], 4)  # room to grow

    def extend_value(self, motif: str) -> float:
        """One more card on my collection of ``motif`` (0 if it is closed)."""
        index = self.mine[motif]
        chest = self.rows[self.me][index]
        if chest["doubled"]:
            return 0.0
        return self.gain(motif, chest["length"] + 1, False, index) + 0.6

    def card_value(self, kind: str) -> float:
        """What one more ``kind`` in hand is worth once laid (0 if it cannot be laid)."""
        if kind not in self._card:
            if kind == JOKER:
                value = max(map(self.extend_value, self.mine), default=0.0)
            elif kind in self.mine:
                value = self.extend_value(kind)
            else:
                # A chest must be made first unless an empty one waits.
                value = self.open_value(kind, self.hand[kind])
                value *= 1.0 if self.empty_chests else 0.8
            self._card[kind] = value
        return self._card[kind]

    def denial(self, kind: str) -> float:
        """The most an opponent would win by laying ``kind`` on their collection of it."""
        best = 0.0
        for seat, index, length, doubled in self.collections.get(kind, ()):
            if seat != self.me and not doubled:
                before = self.now(kind).get(seat, 0)
                grown = self.points(kind, self.fox, (seat, index, length + 1, False))
                best = max(best, self.scorings_left * (grown.get(seat, 0) - before))
        return best

    def fox_swing(self, to: tuple[int, int]) -> tuple[float, float]:
        """(my gain, the target owner's loss) over the remaining scorings if the fox moves."""
        motifs = set()
        for spot in (self.fox, to):
            if spot is not None:
                owner, chest = spot
                motifs.add(self.rows[owner][chest]["motif"])
        mine = theirs = 0
        for motif in motifs:
            before, after = self.now(motif), self._moved(motif, to)
            mine += after.get(self.me, 0) - before.get(self.me, 0)
            theirs += before.get(to[0], 0) - after.get(to[0], 0)
        return self.scorings_left * mine, self.scorings_left * theirs


def _value(table: _Table, command: Mapping[str, Any]) -> float:
    """The command's worth per action point."""
    kind = command["type"]
    end = table.end_weight
    if kind == "lay":
        card, index = command["kind"], command["chest"]
        motif = table.rows[table.me][index]["motif"]
        if motif is None:
            value = table.open_value(card, table.hand[card] - 1) + end * table.chest_penalty
        else:
            value = table.extend_value(motif) - (0.3 if card == JOKER else 0.0)
        return value + end * table.hand_penalty
    if kind == "take_display":
        card = table.display[command["slot"]]
        value = 0.7 * table.card_value(card) + 0.2 * table.denial(card)
        return value + 0.1 - end * table.hand_penalty
    if kind == "draw_blind":
        total = sum(table.unseen.values()) or 1
        average = sum(table.card_value(m) * w for m, w in table.unseen.items()) / total
        return (0.7 * average - end * table.hand_penalty) / 2
    if kind == "make_chest":
        spent = command["kind"]
        waiting = [
            table.open_value(m, table.hand[m] - 1 - (m == spent))
            for m in MOTIFS
            if table.hand[m] - (m == spent) > 0 and m not in table.mine
        ]
        if len(waiting) <= table.empty_chests:
            return -0.5 - end * table.chest_penalty
        sacrifice = table.card_value(spent) if table.hand[spent] < 2 else 0.0
        return 0.85 * max(waiting) - 0.4 * sacrifice - end * (table.chest_penalty - 1)
    if kind == "play_doubler":
        index = command["chest"]
        chest = table.rows[table.me][index]
        length: int = chest["length"]
        value = table.gain(chest["motif"], length, True, index)
        return value + end * table.hand_penalty + 0.2 * length
    if kind in ("move_fox", "pass_fox"):
        owner = command.get("owner", (table.me + 1) % table.players)
        mine, theirs = table.fox_swing((owner, command["chest"]))
        if kind == "pass_fox":
            return 100 + mine + theirs  # always pass; pick the most harmful spot
        if owner == table.me:
            return mine
        value = mine + 0.5 * theirs
        return value / 2 if value >= 4 else -1.0
    return -1.0  # end_turn: only when passing the fox is impossible


def greedy_bot(
    view: Mapping[str, Any], legal: list[dict[str, Any]], rng: random.Random
) -> dict[str, Any]:
    """The rules file's heuristics: the best value per action point, ties at random."""
    table = _Table(view)
    best: list[dict[str, Any]] = []
    top = float("-inf")
    for command in legal:
        value = _value(table, command)
        if value > top + 1e-9:
            top, best = value, [command]
        elif value > top - 1e-9:
            best.append(command)
    return rng.choice(best)


STRATEGIES = {"random": random_bot, "greedy": greedy_bot}
