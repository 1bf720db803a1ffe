"""SLY (Chris Handy, Perplext 2024), 2-4 players: protect your hens, feed your fox.

Rules (authoritative text: shared/rules/sly.md, clarifications L1-L6 included)
--------------------------------------------------------------------------------
Each player holds 7 cards of one colour: ``hen1`` .. ``hen6`` (rank = number) and one ``fox``.
The hen houses (1 for 2 players, 2 for 3-4; options ``hen_houses_{2,3,4}p``) each have 4 spaces
``h{house}-{value}`` worth 1..4 (``h0-1`` .. ``h0-4``, ``h1-1`` .. ``h1-4``). The start player
comes in the start command; play goes clockwise (seat i+1). On a turn a player does ONE of:

* LAY a hand card face down on an empty space (its back shows whose it is).
* EXPOSE an opponent's face-down card: a fox is captured by the exposer (worth N = number of
  players at the end) and its space empties; a hen becomes Safe in place for its owner.
* REVEAL: flip face-down cards (anyone's, any house) one at a time, then stop. With foxes F and
  hens H among the flipped cards R: the fox of the first owner in priority order (the active
  player, then clockwise) gobbles the highest hen (rank; ties by priority), the next highest hen
  becomes Safe, and every other card in R (the eating fox too) goes back to its owner's hand.
  Only hens: the highest becomes Safe, the rest go back. Only foxes: all go back. When no
  face-down card is left, the REVEAL resolves without a stop.

The game ends (a) E2 ``house_full``: after an EXPOSE or a REVEAL every space holds a Safe hen;
(b) E1 ``low_hand``: at the start of a turn the player to act holds <= 1 card (option
``low_hand``); (c) ``turn_cap``: at the start of a turn after ``max_turns_per_player`` x N
completed turns. In (b) and (c) every face-down card is flipped: hens become Safe, foxes are
removed. Scores: each Safe hen its space value to its owner; each gobbled hen its rank to the
eater (minus its rank if the eater's own); each captured fox N. Ties: more captured foxes, then
more Safe hens, else a shared win.

Commands (``type`` and exactly these fields; anything else is ``illegal_move``)
------------------------------------------------------------------------------
* ``{"type": "start", "start_player": k, "orders": {}}`` - system only (SLY has no shuffle).
* ``{"type": "lay", "card": "hen3", "space": "h0-4"}`` - a card in hand, an empty space.
* ``{"type": "expose", "space": "h0-2"}`` - a face-down card of an opponent.
* ``{"type": "reveal_flip", "space": "h1-3"}`` - any face-down card; the first starts a REVEAL.
* ``{"type": "reveal_stop"}`` - resolve the REVEAL (after at least one flip).
While a REVEAL is in progress only ``reveal_flip`` and ``reveal_stop`` are legal.
Redaction: a ``lay`` body's ``card`` is shown only to its actor while the game runs.

Events (``data`` fields; every event is public except where marked)
---------------------------------------------------------------------
* ``TableSetUp`` {players, start_player, spaces: [{space, value}], hand: [the 7 cards each
  player starts with], max_turns_per_player, low_hand}
* ``CardLaid`` {seat, space, card} - ``card`` only to ``seat`` (everyone after the end). Ends
  the turn.
* ``FoxCaptured`` {seat, space, owner} - EXPOSE found ``owner``'s fox; ``seat`` keeps it. Ends
  the turn.
* ``HenExposed`` {seat, space, owner, card, value} - EXPOSE found a hen; it is Safe. Ends the turn.
* ``CardFlipped`` {seat, space, owner, card} - one REVEAL flip; the card stays face up in place.
* ``RevealResolved`` {seat, flipped: [spaces in flip order], gobbled: null | {space, owner,
  card, by, fox_space}, safe: null | {space, owner, card, value}, returned: [{space, owner,
  card}]} - the REVEAL's outcome (section 5). Ends the turn.
* ``PlayEnded`` {reason: low_hand | house_full | turn_cap, seat: whose turn was starting,
  flips: [{space, owner, card}] - the face-down cards flipped at the end}

"Ends the turn" means: the completed-turn counter goes up by one and the seat to the left of
``seat`` is to act.

Views (``view(state, seat)``; ``seat`` None is a spectator; everything is public once over)
---------------------------------------------------------------------------------------------
``seat``, ``players``, ``start_player``, ``current`` (the seat to act, null when over),
``phase`` (waiting | action | reveal | over), ``turn`` (completed turns), ``max_turns``,
``low_hand``; ``spaces``: [{space, value, status: empty | face_down | flipped | safe, owner,
laid_turn (face down only), card (face up, or the viewer's own face-down card)}]; ``reveal``:
the spaces flipped so far in this REVEAL, in order; ``hand_sizes``; ``hands`` (the viewer's own
list, null for the others); ``gobbled`` per eater [{owner, card}]; ``captured_foxes`` per captor
[owners]; ``returned`` per seat {card: turn it last went back to hand} (public, for card
counting); ``scores`` so far (all scoring cards are face up); ``over``, ``end_reason``,
``final_flips`` [{space, owner, card}].

Results: ``{"scores", "winners", "decided_by": score | captured_foxes | safe_hens | shared,
"breakdown": [{safe_hens, safe_hen_count, gobbled_hens, captured_foxes, captured_fox_count,
total}], "end_reason"}``.

Bots (``bots.py``): ``random`` and ``greedy`` (card counting, section 10 of the rules).
"""

from __future__ import annotations

from collections.abc import Mapping

from domain.game import GameDefinition

from . import bots
from .commands import COMMANDS, VOCABULARY
from .model import OPTIONS, initial_state
from .narration import narrate
from .rules import decide, evolve
from .scoring import result
from .search import ismcts
from .views import legal_commands, redact, redact_command, to_act, view


def shuffles(players: int, options: Mapping[str, int]) -> dict[str, int]:
    """SLY deals nothing at random: every player starts with all seven cards."""
    return {}


GAME = GameDefinition(
    id="sly",
    name="SLY",
    min_players=2,
    max_players=4,
    rules_version="sly/1",
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
    strategies={"random": bots.random_bot, "greedy": bots.greedy_bot, "ismcts": ismcts},
    commands=COMMANDS,
    vocabulary=VOCABULARY,
    narrate=narrate,
)
