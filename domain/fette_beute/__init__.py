"""Fette Beute (Hoarders), 3-6 players: hoard five of a kind, or the most food.

Rules: the design's rules/fette-beute.md (seed 000, the AMIGO edition's numbers), with its OUR
CHOICE decisions and clarifications F1-F9. In short: every player has the same five animals
(squirrel, raccoon, hamster, marmot, beaver) and an open store of food cards (walnut, sunflower,
hazelnut, acorn, peanut). Each round everyone secretly places two different animals face down;
then, from the crown holder clockwise, each turn reveals one and resolves it, skipping seats
with nothing face down, until every animal is face up. The crown then passes left.

* squirrel: draw ``squirrel_draw`` cards, one at a time;
* raccoon: steal one card of a named kind from a named opponent; it fails against an opponent
  who chose the hamster this round (a face-down hamster is revealed then, ``reactive``);
* hamster: nothing when revealed; guards its owner's store against every theft this round;
* marmot: never revealed first; copies the owner's own first revealed animal, with the same
  parameters (a copied beaver pays out again with the current beavers, forcing nobody);
* beaver: every other face-down beaver is revealed at once (``forced``); a lone beaver draws
  ``beaver_solo_draw``, else everyone without a beaver draws ``beaver_shared_draw``, one card at
  a time clockwise from the revealer's left (several laps when that option is above 1).

After every card gained the game ends when a store holds ``win_set`` of one kind (that player
wins) or the supply is empty (most cards, then the larger single kind, else a shared win); draws
still owed are lost. After round ``max_rounds`` it is scored the same way (``round_cap``).

Start: ``{"type": "start", "start_player": seat, "orders": {"supply": permutation}}`` from the
system (seat None). The permutation of ``range(5 * food_per_type)`` is applied to the canonical
list (walnut x n, sunflower x n, hazelnut x n, acorn x n, peanut x n); the first card is the
top. Each seat, from the start player clockwise, takes ``start_food`` cards in turn.

Commands (JSON bodies a seat sends):

* ``{"type": "choose", "animals": [a, b]}``: two different animals, in any order (the ten
  legal commands list them in the order squirrel, raccoon, hamster, marmot, beaver). Every seat
  that has not chosen this round may send it.
* ``{"type": "reveal", "animal": a}`` or
  ``{"type": "reveal", "animal": a, "steal": {"target": seat, "kind": food}}``: only on the
  seat's reveal turn, naming one of its face-down animals (the marmot only once the other one is
  face up). ``steal`` is required exactly when a theft resolves (a raccoon, or a marmot copying
  one) and some opponent holds food, and must be absent otherwise; ``kind`` must be in the
  target's store. A visibly protected target may be named: the theft is then wasted.

Events (the catalogue; all fields public unless marked):

* ``Dealt`` {start_player, stores: [[food, ...] per seat], supply*: [food, ... top first],
  supply_size}: the deal; round 1 begins with the choice.
* ``AnimalsChosen`` {seat, animals*: [a, b] canonical order}: a seat placed its two animals.
* ``RevealTurnBegan`` {seat}: that seat must reveal now (the first one opens Phase B).
* ``AnimalRevealed`` {seat, animal, how: chosen | forced | reactive}.
* ``MarmotCopied`` {seat, animal}: the effect the marmot resolves.
* ``FoodDrawn`` {seat, food}: the top card of the supply went to that store.
* ``FoodStolen`` {thief, victim, food}.
* ``TheftBlocked`` {thief, victim, food}: the victim's hamster stopped the theft.
* ``BeaverResolved`` {seat, source: beaver | marmot, beavers: [seats], payout: solo | shared}:
  the payout that follows (as ``FoodDrawn`` events).
* ``RoundEnded`` {round, crown}: animals back to hand; ``crown`` is the new holder.
* ``RoundStarted`` {round}: the choice of the next round begins.
* ``GameFinished`` {reason: five_of_a_kind | supply_exhausted | round_cap, winners, scores,
  largest_kind}: equal to ``result()``.

Fields marked * are seen only by their own seat (``animals``) or nobody (``supply``) while the
game runs; a ``choose`` command's ``animals`` likewise. After the end nothing is hidden.

View (``view(state, seat)``): seat, players, phase (choose | reveal | over), round, crown,
supply (cards left), stores ([{food: count}] per seat), chosen ([bool]), face_down ([count]),
face_down_animals (per seat: a list for the viewer's own seat, None for the others; every list
once the game is over), revealed ([[{animal, how}]] in order), turn, beaver_resolved, to_act,
rules (the option values) and result (None while running).

Decisions where the rules are silent: the pair in ``AnimalsChosen`` is kept in canonical order;
forced beavers come out clockwise from the revealer's left; a ``beaver_shared_draw`` above 1 is
dealt in laps of one card; a second ``choose`` in a round is ``not_your_turn`` (the seat is no
longer to act); the final round of a round-capped game still passes the crown.
"""

from __future__ import annotations

from domain.game import GameDefinition

from .bots import STRATEGIES
from .commands import COMMANDS, VOCABULARY
from .narration import narrate
from .rules import decide, to_act
from .search import ismcts
from .state import MAX_PLAYERS, MIN_PLAYERS, OPTIONS, evolve, initial_state, shuffles
from .views import legal_commands, redact, redact_command, result, view

GAME = GameDefinition(
    id="fette-beute",
    name="Fette Beute",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    rules_version="fette-beute/1",
    options=OPTIONS,
    initial_state=initial_state,
    shuffles=shuffles,
    decide=decide,
    evolve=evolve,
    view=view,
    legal_commands=legal_commands,
    to_act=to_act,
    redact=redact,
    redact_command=redact_command,
    result=result,
    strategies={**STRATEGIES, "ismcts": ismcts},
    commands=COMMANDS,
    vocabulary=VOCABULARY,
    narrate=narrate,
)

__all__ = ["GAME"]
