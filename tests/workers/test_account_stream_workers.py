"""The account stream's frames are written by whoever appends (issue #41): with real
``foxden worker`` processes, a bot's move that makes the account's seat one to act writes its
``your_turn``, the idle timer's hand-over writes ``seat_taken_over``, and the bots' last move
writes ``game_finished``; the test process makes only the account's own moves."""

from __future__ import annotations

import json
import secrets

from domain import match
from service import account_stream
from service.games import GameService
from tests.workers.conftest import Workers, ended, envelopes, wait_until


def frames_of(games: GameService, account: str) -> list[dict]:
    entries = games.account_streams.read(account, account_stream.START)
    return [json.loads(fields[b"f"]) for _, fields in entries]


def test_worker_moves_write_the_accounts_frames(games: GameService, workers: Workers) -> None:
    workers.start(1)
    account, _, _ = games.accounts.sign_up(
        f"bot-{secrets.token_hex(4)}", "bot", mode="open", operator=False, invite=None
    )
    seats = [{"kind": "human"}, {"kind": "bot", "strategy": "random"}]
    options = {"idle_limit_s": 1}
    game_id = games.create("sly", seats, options, account=(account.id, account.handle)).game_id
    mine = 0

    def handed_by_a_bot() -> bool:
        history = {e.version: e for e in envelopes(games, game_id)}
        return any(
            f["type"] == "your_turn" and history[f["version"]].by.get("kind") == "bot"
            for f in frames_of(games, account.id)
        )

    def moved(version: int) -> bool:
        return games.load(game_id).state.version != version

    # The account plays until a bot's move (a worker's) has handed it the turn, then goes idle.
    while not handed_by_a_bot() and not ended(games, game_id):
        state = games.load(game_id).state
        if mine in state.to_act() and not state.seats[mine].played_by_bot:
            body = match.game_moves(state, mine)[0]
            try:
                games.handle(game_id, mine, body, account=account.id)
            except Exception:  # the idle timer may have been faster: the bots play on
                break
        else:
            wait_until(lambda v=state.version: moved(v), 30, "a bot's move")
    wait_until(lambda: ended(games, game_id), 90, "the bots to finish the game")
    # The frames follow the append that ended the game, from the worker's reaction to it.
    wait_until(
        lambda: frames_of(games, account.id)[-1]["type"] == "game_finished",
        30,
        "the game_finished frame",
    )

    history = {e.version: e for e in envelopes(games, game_id)}
    frames = frames_of(games, account.id)
    kinds = [f["type"] for f in frames]
    assert kinds[0] == "game_started" and kinds[-1] == "game_finished"
    assert frames[-1]["result"] == games.load(game_id).state.result
    (taken,) = [f for f in frames if f["type"] == "seat_taken_over"]
    assert taken["reason"] == "idle" and history[taken["version"]].by["kind"] == "timeout"
    turns = [f for f in frames if f["type"] == "your_turn"]
    assert turns and all(f["seat"] == mine and f["game"] == game_id for f in turns)
    by_bot = [f for f in turns if history[f["version"]].by.get("kind") == "bot"]
    assert by_bot, "a bot's move (a worker's append) handed the account its turn"
    assert kinds.index("seat_taken_over") > max(
        n for n, kind in enumerate(kinds) if kind == "your_turn"
    )
