"""``ismcts``: information-set Monte Carlo tree search over any game's decider.

The search sees what a bot sees, a seat's view and its legal commands, and nothing else: each
iteration asks the game's ``determinise(view, rng)`` for one full state consistent with that
view (hidden hands and decks sampled), then plays it out through ``legal_commands`` /
``decide`` / ``evolve`` / ``to_act`` / ``result`` only. The tree is single-observer (SO-ISMCTS,
Cowling, Powley and Whitehouse 2012): one tree per decision, its nodes keyed by the commands
played from the root, shared by every determinisation; a child's UCB counts only the
iterations in which its command was legal ("availability"). Every seat's node stores rewards
from the point of view of the seat that moved into it (max^n), so opponents are searched too.

Two cases are not tree nodes, so that no seat learns what it could not know:

* a *secret* move by another seat (Fette Beute's face-down choice, made at the same time as
  ours): that seat did not see our choice, so it plays by the rollout policy instead of
  best-responding to a choice it cannot see;
* below the tree, a rollout plays uniformly random legal commands for at most
  ``rollout_depth`` commands, then ``evaluate`` scores the position.

Budget: ``iterations``, and optionally ``stop`` (a callable the caller builds from its clock:
``domain`` reads no clock). The choice is the most visited root command (then the most reward;
an exact tie is drawn from ``rng``); with the same ``rng`` seed and an iteration budget, a
retried job makes the same choice. The search's own sampling already spreads a secret choice
over the commands it values about the same (docs/bots.md, near ties), so no further draw is
added. ``draw_near_best`` is the near-tie rule of the rule-based bots.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from domain.errors import RuleError
from domain.game import Command, Event, Seat, State

Body = dict[str, Any]
T = TypeVar("T")
EXPLORATION = 0.7  # UCB1's constant for rewards in [0, 1]


@dataclass(frozen=True)
class SearchRules:
    """What the search needs of one game: its decider, and how to fill in what a seat cannot see."""

    decide: Callable[[State, Command], list[Event]]
    evolve: Callable[[State, Any], State]
    legal_commands: Callable[[State, Seat], list[Body]]
    to_act: Callable[[State], frozenset[Seat]]
    result: Callable[[State], Mapping[str, Any] | None]
    # (view, rng) -> a full state the view allows; pure, the rng is the only randomness.
    determinise: Callable[[Mapping[str, Any], random.Random], State]
    # state -> per seat, a reward in [0, 1] for a position the rollout stopped in.
    evaluate: Callable[[State], Sequence[float]]
    # (state, seat) -> True when that seat's move now is hidden from the others.
    secret: Callable[[State, Seat], bool] = lambda state, seat: False
    # (state, seat) -> what that seat sees; needed only by a rollout ``policy``.
    view: Callable[[State, Seat], Mapping[str, Any]] | None = None
    # The rollout's strategy for every seat (a bot sees only its view); None: uniform random.
    policy: Callable[[Mapping[str, Any], list[Body], random.Random], Body] | None = None
    # Iterations per move: one budget, or one per player count (more seats, dearer rollouts).
    iterations: int | Mapping[int, int] = 200
    # Commands a rollout plays at most: one depth, or one per player count (with more seats a
    # rollout costs more, and shorter ones buy more iterations).
    rollout_depth: int | Mapping[int, int] = 40
    # The head start of the policy's own pick at the root (0: none), in reward units.
    prior: float = 0.0


class _Node:
    __slots__ = ("available", "bias", "body", "children", "reward", "seat", "visits")

    def __init__(self, seat: Seat | None, body: Body | None) -> None:
        self.seat, self.body = seat, body
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.bias = 0.0

    def ucb(self) -> float:
        # Progressive bias (Chaslot et al. 2008): the policy's own pick starts ahead, and the
        # lead fades as the visits show what each command is worth.
        return (
            self.reward / self.visits
            + EXPLORATION * math.sqrt(math.log(self.available) / self.visits)
            + self.bias / (1 + self.visits)
        )


def _key(body: Mapping[str, Any]) -> str:
    # legal_commands builds its bodies the same way every time, so repr is a stable key.
    return repr(body)


def _apply(rules: SearchRules, state: State, seat: Seat, body: Body) -> State:
    for event in rules.decide(state, Command(seat, body, "bot")):
        state = rules.evolve(state, event)
    return state


def _actor(rules: SearchRules, state: State, me: Seat) -> Seat | None:
    seats = rules.to_act(state)
    if not seats:
        return None
    return me if me in seats else min(seats)


def _rewards(rules: SearchRules, state: State, players: int) -> list[float]:
    result = rules.result(state)
    if result is None:
        return list(rules.evaluate(state))
    winners = set(result["winners"])
    return [1.0 if seat in winners else 0.0 for seat in range(players)]


class Ismcts:
    """A bot strategy: ``(view, legal, rng) -> body``, plus an optional ``stop`` deadline."""

    accepts_stop = True  # the service may pass ``stop=`` built from its clock

    def __init__(self, rules: SearchRules, iterations: int | None = None) -> None:
        self.rules = rules
        self.iterations = iterations  # None: the rules' budget for the table's player count

    def __call__(
        self,
        view: Mapping[str, Any],
        legal: list[Body],
        rng: random.Random,
        *,
        stop: Callable[[], bool] | None = None,
    ) -> Body:
        if len(legal) == 1:
            return legal[0]
        me = _seat_of(view)
        allowed = {_key(body): body for body in legal}
        budget = _per_players(self.iterations or self.rules.iterations, view)
        depth = _per_players(self.rules.rollout_depth, view)
        root = _Node(None, None)
        if self.rules.prior and self.rules.policy is not None:
            favourite = self.rules.policy(view, legal, random.Random(rng.random()))
            first = _Node(me, favourite)
            first.bias = self.rules.prior
            root.children[_key(favourite)] = first
        for _ in range(budget):
            if stop is not None and root.visits and stop():
                break
            self._iterate(root, view, me, allowed, rng, depth=depth)
        if not root.children:
            return rng.choice(legal)
        most = max((child.visits, child.reward) for child in root.children.values())
        tied = sorted(
            key for key, child in root.children.items() if (child.visits, child.reward) == most
        )
        # An exact tie is drawn with the secret generator, not settled by the commands' text,
        # which anyone can read.
        return allowed[tied[0] if len(tied) == 1 else rng.choice(tied)]

    def _iterate(
        self,
        root: _Node,
        view: Mapping[str, Any],
        me: Seat,
        allowed: Mapping[str, Body],
        rng: random.Random,
        *,
        depth: int,
    ) -> None:
        rules = self.rules
        state = rules.determinise(view, rng)
        players = _players(view)
        node, path = root, [root]
        expanded = False
        while not expanded:
            seat = _actor(rules, state, me)
            if seat is None:
                break
            legal = rules.legal_commands(state, seat)
            if node is root:
                legal = [body for body in legal if _key(body) in allowed]
            if not legal:
                break
            if seat != me and rules.secret(state, seat):
                state = _apply(rules, state, seat, _play(rules, state, seat, legal, rng))
                continue
            keyed = [(_key(body), body) for body in legal]
            untried = []
            for key, body in keyed:
                child = node.children.get(key)
                if child is None or not child.visits:
                    untried.append((key, body))
                if child is not None:
                    child.available += 1
            if untried:
                # The policy's pick (kept at the root, not yet visited) is tried first.
                key, body = next(
                    (pair for pair in untried if pair[0] in node.children), None
                ) or rng.choice(untried)
                child = node.children.get(key) or _Node(seat, body)
                child.available = max(child.available, 1)
                node.children[key] = child
                expanded = True
            else:
                child = max((node.children[key] for key, _ in keyed), key=_Node.ucb)
                body = child.body  # type: ignore[assignment]  # None at the root only
            try:
                state = _apply(rules, state, seat, body)
            except RuleError:
                # A command legal here is always accepted; this guards the tree, not the game.
                break
            node = child
            path.append(node)
        rewards = self._rollout(state, me, players, rng, depth)
        root.visits += 1
        for visited in path[1:]:
            visited.visits += 1
            visited.reward += rewards[visited.seat]  # type: ignore[index]  # None: the root

    def _rollout(
        self, state: State, me: Seat, players: int, rng: random.Random, depth: int
    ) -> list[float]:
        rules = self.rules
        for _ in range(depth):
            seat = _actor(rules, state, me)
            if seat is None:
                break
            legal = rules.legal_commands(state, seat)
            if not legal:
                break
            state = _apply(rules, state, seat, _play(rules, state, seat, legal, rng))
        return _rewards(rules, state, players)


def _play(
    rules: SearchRules, state: State, seat: Seat, legal: list[Body], rng: random.Random
) -> Body:
    if rules.policy is None or rules.view is None:
        return rng.choice(legal)
    return rules.policy(rules.view(state, seat), legal, rng)


def _seat_of(view: Mapping[str, Any]) -> Seat:
    seat = view.get("seat", view.get("viewer"))
    if not isinstance(seat, int):
        raise ValueError("ismcts plays for a seat: the view names none")
    return seat


def _players(view: Mapping[str, Any]) -> int:
    return int(view["players"])


def _per_players(setting: int | Mapping[int, int], view: Mapping[str, Any]) -> int:
    """One setting, or the one for the view's player count (the smallest for another count)."""
    if isinstance(setting, Mapping):
        return setting.get(_players(view), min(setting.values()))
    return setting


def rank_rewards(points: Sequence[float]) -> list[float]:
    """A stopped position's rewards from points so far: the leaders 1, the rest by distance.

    Half a reward for the standing and half for the share of the best score, so that a
    rollout that ends in a near tie is worth more than one far behind.
    """
    top = max(points)
    low = min(points)
    spread = (top - low) or 1.0
    return [0.5 * (1.0 if value == top else 0.0) + 0.5 * (value - low) / spread for value in points]


def draw_near_best(scored: Sequence[tuple[T, float]], rng: random.Random, temperature: float) -> T:
    """An item of ``scored`` (item, score) pairs: a softmax draw over the scores.

    A bot's near-tie rule: each item weighs ``exp((score - best) / temperature)``, so items that
    score about the same are drawn about equally often, and one ``temperature`` behind the best
    about 1/e as often as the best. A secret choice made this way cannot be foreseen from the
    scores, which are often computed from public data alone. ``temperature`` 0 keeps only the
    best, exact ties drawn evenly. One draw from ``rng`` whatever the scores, over ``scored`` in
    its order: the same generator gives the same item.
    """
    best = max(score for _, score in scored)
    if temperature <= 0:
        tops = [item for item, score in scored if score >= best - 1e-9]
        return tops[int(rng.random() * len(tops))]
    weights = [math.exp((score - best) / temperature) for _, score in scored]
    point = rng.random() * math.fsum(weights)
    for (item, _), weight in zip(scored, weights, strict=True):
        point -= weight
        if point < 0:
            return item
    return scored[-1][0]  # rounding left the point on the last edge
