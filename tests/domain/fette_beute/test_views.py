"""Views and redaction: §8, F9; and the game hosted by the generic match wrapper."""

from __future__ import annotations

import random
from dataclasses import replace

from domain import match, registry
from domain.fette_beute import GAME
from domain.fette_beute.state import ANIMALS
from domain.game import Command, Event
from tests.domain.fette_beute.helpers import A, H, P, S, Scenario, W

SQ, RA, HA, MA, BE = ANIMALS


def mid_round() -> Scenario:
    scenario = Scenario(players=4, top=[P, A, W, S])
    scenario.chosen((SQ, MA), (HA, BE), (SQ, MA), (RA, BE))
    scenario.play(0, type="reveal", animal=SQ)
    return scenario.play(1, type="reveal", animal=BE)  # forces seat 3's beaver


class TestView:
    def test_F9_counts_marks_and_whose_turn(self):
        view = mid_round().view(None)
        assert view["phase"] == "reveal"
        assert view["turn"] == 2 and view["to_act"] == [2]
        assert view["face_down"] == [1, 1, 2, 1]
        assert view["revealed"] == [
            [{"animal": SQ, "how": "chosen"}],
            [{"animal": BE, "how": "chosen"}],
            [],
            [{"animal": BE, "how": "forced"}],
        ]
        assert view["beaver_resolved"] is True
        assert view["chosen"] == [True] * 4
        assert view["supply"] == 80 - 12 - 2 - 2
        assert view["stores"][2] == {W: 1, S: 0, H: 1, A: 1, P: 1}
        assert view["rules"]["win_set"] == 5

    def test_a_seat_sees_its_own_face_down_animals_only(self):
        scenario = mid_round()
        assert scenario.view(2)["face_down_animals"] == [None, None, [SQ, MA], None]
        assert scenario.view(1)["face_down_animals"] == [None, [HA], None, None]
        assert scenario.view(None)["face_down_animals"] == [None] * 4

    def test_who_has_chosen_is_public_but_not_what(self):
        scenario = Scenario().play(1, type="choose", animals=[RA, HA])
        for viewer in (None, 0, 2):
            view = scenario.view(viewer)
            assert view["chosen"] == [False, True, False]
            assert view["face_down"] == [0, 2, 0]
            assert view["face_down_animals"][1] is None
        assert scenario.view(1)["face_down_animals"][1] == [RA, HA]

    def test_views_differing_only_in_a_hidden_choice_are_equal_for_everyone_else(self):
        scenario = mid_round()
        state = scenario.state
        other = replace(
            state,
            chosen=(*state.chosen[:2], (RA, HA), state.chosen[3]),
            hidden=(*state.hidden[:2], (RA, HA), state.hidden[3]),
        )
        for viewer in (None, 0, 1, 3):
            assert GAME.view(state, viewer) == GAME.view(other, viewer)
        assert GAME.view(state, 2) != GAME.view(other, 2)


class TestRedaction:
    def test_the_supply_order_is_hidden_from_everyone_while_the_game_runs(self):
        dealt = Scenario().history[0]
        assert "supply" in dealt.data
        for viewer in (None, 0, 1, 2):
            shown = GAME.redact(dealt, viewer)
            assert "supply" not in shown.data
            assert shown.data["supply_size"] == 71
            assert shown.data["stores"] == dealt.data["stores"]

    def test_a_choice_shows_its_animals_only_to_its_seat(self):
        chosen = Event("AnimalsChosen", {"seat": 1, "animals": [RA, HA]})
        assert GAME.redact(chosen, 1) == chosen
        for viewer in (None, 0, 2):
            assert GAME.redact(chosen, viewer) == Event("AnimalsChosen", {"seat": 1})

    def test_other_events_are_public(self):
        for event in mid_round().history[1:]:
            if event.type != "AnimalsChosen":
                assert GAME.redact(event, None) == event

    def test_a_choose_command_shows_its_animals_only_to_the_actor(self):
        body = {"type": "choose", "animals": [RA, HA]}
        assert GAME.redact_command(body, 1, 1) == body
        assert GAME.redact_command(body, 1, 0) == {"type": "choose"}
        assert GAME.redact_command(body, 1, None) == {"type": "choose"}
        reveal = {"type": "reveal", "animal": RA, "steal": {"target": 0, "kind": W}}
        assert GAME.redact_command(reveal, 1, None) == reveal
        start = {"type": "start", "start_player": 0, "orders": {"supply": [0, 1]}}
        assert GAME.redact_command(start, None, 0) == {"type": "start", "start_player": 0}


class TestHostedByTheMatch:
    def test_a_bot_match_runs_to_the_end_and_then_shows_everything(self):
        registry.register(GAME)  # idempotent; the registry may not list the game yet
        seats = [{"kind": "bot", "strategy": name} for name in ("greedy", "random") * 2]
        body = {"type": "create", "game": "fette-beute", "seats": seats, "seed": "ab" * 32}
        events = match.decide(match.INITIAL, Command(None, body))
        state = _fold(match.INITIAL, events)
        assert [e.type for e in events] == ["GameCreated", "GameStarted", "Dealt"]
        assert "supply" not in match.redact(state, events[2], 0).data
        rng = random.Random(5)
        while state.status == match.ACTIVE:
            seat = min(state.to_act())
            view = GAME.view(state.board, seat)
            legal = match.game_moves(state, seat)  # the seats are bots
            strategy = GAME.strategies[state.seats[seat].strategy]
            new = match.decide(state, Command(seat, strategy(view, legal, rng)))
            events.extend(new)
            state = _fold(state, new)
        assert events[-1].type == "GameEnded"
        assert events[-1].data["result"] == GAME.result(state.board)
        # After the end nothing is redacted, and the final view hides nothing.
        for event in events:
            assert match.redact(state, event, 0) == event
        final = match.view(state, 1)["board"]
        assert final["result"] == GAME.result(state.board)
        assert final["face_down_animals"] == [list(state.board.face_down(p)) for p in range(4)]


def _fold(state, events):
    for event in events:
        state = match.evolve(state, event)
    return state
