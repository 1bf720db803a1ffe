"""Gloria Picktoria (Alan R. Moon & Mick Ado, Zoch 2007), 2-5 players: the rules engine.

Rules (authoritative text: ``rules/gloria-picktoria.md`` of the shared specification, with its
OUR CHOICEs and the binding clarifications P1-P8; G1-G23 below are its ambiguity numbers).
95 cards (10 motifs ``m0``..``m9`` x 9, 5 ``joker``) are shuffled; 3 go face up to the display,
each player gets 4 and a ``doubler``; then the 10 ``scoring`` cards are shuffled into the rest,
which is the pile (G3). On a turn the active player spends exactly 3 action points (AP), in
any order, repeats allowed (G4):

* A ``make_chest`` (1 AP): a hand card (not the doubler) is shown and laid face down as an
  empty chest; its face never counts again and nobody may look at it (G10).
* B ``lay`` (1 AP): a card onto an own chest. On an empty chest a motif card opens a
  collection, one per motif and player (G9); jokers only extend (G8); a card of the same
  motif or a joker extends an open collection. ``play_doubler`` (1 AP) closes one of your
  collections (>= 1 card) and doubles its points in every later scoring (G7).
* C ``take_display`` (1 AP; refilled at once) or ``draw_blind`` (2 AP, G5). A scoring card that
  turns up is set aside and replaced (G6); the 4th and 7th trigger a scoring at once and the
  turn goes on, the 10th the final scoring, which ends the game and forfeits the rest of the
  turn (G17, P2).
* D ``move_fox``, at most once a turn, only off one of your own collections (G13): to another
  own collection (1 AP) or onto any opponent's collection (2 AP, G12). The fox enters on the
  collection just opened by the last player to open a first one (G11, P4). After the 3rd AP,
  with the fox on your collection, ``pass_fox`` (free) onto a collection of the left neighbour
  or ``end_turn`` (G14, P1); otherwise the turn ends by itself.
* Scoring (section 6, G15, G16, P8): see ``scoring.py``. The final scoring adds -1 per hand
  card (the doubler too, G18) and -2 per empty chest; highest total wins, ties share (G22).

Start command (system only): ``{"type": "start", "start_player": k, "orders": {"deck": p,
"pile": q}}`` (``shuffles`` = {"deck": 95, "pile": 102 - 4n}). ``p`` permutes ``cards.DECK``
(the 95 cards sorted by id: 5 jokers, 9 x m0, ..., 9 x m9): the display is the first 3 of the
result, seat s's hand the next 4 from 3 + 4s (plus a doubler). ``q`` permutes the undealt
rest, in dealt order, followed by the 10 scoring cards; the pile is that, top first (G3).

Player commands (exact fields; nothing else is accepted):

==================  ======================================  ====================================
type                fields                                  notes
==================  ======================================  ====================================
``make_chest``      ``kind``: m0..m9 or joker               1 AP
``lay``             ``kind``: m0..m9 or joker, ``chest``    1 AP; own chest by creation index
``play_doubler``    ``chest``                               1 AP
``take_display``    ``slot``: 0..display_size-1             1 AP
``draw_blind``      (none)                                  2 AP
``move_fox``        ``owner``: seat, ``chest``              1 AP (own) or 2 AP (an opponent)
``pass_fox``        ``chest`` of the left neighbour         free; only when AP are spent
``end_turn``        (none)                                  only when the fox pass is pending
==================  ======================================  ====================================

Events (data fields; who sees what while the game runs; after the end all is public):

* ``CardsDealt`` {start_player, display, hands: [[card]] per seat (the doubler last),
  hand_sizes, pile: [card] top first, pile_size}: each seat sees only its own hand (others
  are null); ``pile`` is removed for everyone.
* ``ChestMade`` {seat, card, chest, cost}: public (the card is shown before it goes down).
* ``CardLaid`` {seat, card, chest, motif, opened, cost}: public.
* ``FoxEntered`` {owner, chest}: public (D0).
* ``DoublerPlayed`` {seat, chest, cost}: public.
* ``DisplayCardTaken`` {seat, slot, card, cost}: public.
* ``BlindDrawBegun`` {seat, cost}: public (AP are spent before any scoring it triggers).
* ``ScoringCardSetAside`` {count}: public; ``count`` scoring cards are now set aside.
* ``ScoringHeld`` {number, points: [{motif: points}] per seat, excluded: {owner, chest} or null,
  totals, scores}: public; ``totals`` this scoring, ``scores`` running sums.
* ``FinalScoringHeld`` {number, points, excluded, penalties: [{hand_cards, empty_chests,
  points}], totals, scores, winners}: public; the game is over.
* ``DisplayRefilled`` {slot, card}: public.
* ``CardDrawnBlind`` {seat, card}: ``card`` is null for everyone but the drawer.
* ``FoxMoved`` {seat, owner, chest, cost}: public.
* ``FoxPassed`` {seat, owner, chest}: public (the free pass to the left neighbour).
* ``TurnEnded`` {seat, next}: public; ``next`` starts with a full set of AP.

Errors: ``not_started`` before the deal, ``game_over`` after it, ``not_your_turn`` for a seat
not to act, ``illegal_move`` for anything else (unknown type, missing, extra or mistyped
fields, a rule forbids it); messages never name a hidden card.

Views (``views.view``): ``status``, ``rules`` (the options), ``active_seat``, ``turn_number``,
``ap_left``, ``fox_action_used``, ``fox_pass_pending``, ``display`` (by slot), ``pile_size``,
``scoring_cards_seen``, ``scorings_at``, ``fox`` ({owner, chest} or null), ``seats`` (per seat:
``hand_size``, ``doubler_played``, ``score``, ``chests`` by creation index, each {motif (null:
an empty chest), length, jokers, doubled (= closed)}), ``hand`` (the viewer's own, else null),
``scores``, ``scorings`` (as in the events, with ``penalties`` null for interim ones),
``winners``. Once over: also ``hands`` of every seat, the undrawn ``pile`` and each chest's
``card``.

Options (the rules' marked constants, same defaults): ``ap_per_turn`` (3..6), ``display_size``,
``hand_start``, ``first_scoring_at``, ``second_scoring_at``, ``final_scoring_at`` (also the
number of scoring cards; interim thresholds at or past it never fire), ``pts_sole``,
``pts_first``, ``pts_second``, ``final_hand_penalty``, ``final_empty_chest_penalty``.

Decisions where the rules are silent: the scoring cards' id is ``scoring``; hands are dealt in
blocks of 4 in seat order, not round-robin; ``ap_per_turn`` is at least 3 so that a turn
cannot be all fox moves (two seats could pass the fox back and forth forever with 2 AP);
``end_turn`` exists only for the pending free pass (P1); a blind draw records
``BlindDrawBegun`` first so the AP are gone before the scorings it triggers (P2); a display
slot emptied by the final take stays empty (null); ``points`` list every collection scored,
0 included, and leave out the fox's; copies are interchangeable, so ``make_chest`` is listed
once per kind held and ``take_display`` once per slot, even for equal cards.
"""

from __future__ import annotations

from domain.game import GameDefinition

from .bots import STRATEGIES
from .cards import OPTIONS
from .commands import COMMANDS, VOCABULARY
from .deal import shuffles
from .narration import narrate
from .rules import decide
from .search import ismcts
from .state import evolve, initial_state
from .views import legal_commands, redact, redact_command, result, to_act, view

GAME = GameDefinition(
    id="gloria-picktoria",
    name="Gloria Picktoria",
    min_players=2,
    max_players=5,
    rules_version="gloria-picktoria/1",
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
