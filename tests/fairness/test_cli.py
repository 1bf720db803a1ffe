"""``foxden audit`` and ``foxden replay``: what they print and their exit codes.

The offline audit must not need Redis: it runs with REDIS_URL on a closed port and with every
socket connection refused.
"""

from __future__ import annotations

import copy
import json
import socket
import threading

import pytest

from foxden.cli import main
from tests.fairness.test_tampering import a_command, forged, mutate

pytestmark = pytest.mark.redis


@pytest.fixture
def no_network(monkeypatch):
    """No Redis, no network: REDIS_URL points at a closed port and connecting is refused.

    Only this thread is cut off (the test session's own Redis lease thread goes on); every
    attempt is recorded, and the test fails if there was one.
    """
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:1/0")
    original = socket.socket.connect
    attempts = []

    def guarded(self, address):
        if threading.current_thread() is threading.main_thread():
            attempts.append(address)
            raise ConnectionRefusedError("the offline audit must not connect anywhere")
        return original(self, address)

    monkeypatch.setattr(socket.socket, "connect", guarded)
    yield attempts
    assert attempts == []


def write(tmp_path, bundle: dict, name: str = "bundle.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(bundle, ensure_ascii=False), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("game", ["fette-beute", "sly", "gloria-picktoria"])
def test_offline_audit_of_an_honest_bundle(finished, game, tmp_path, capsys, no_network):
    path = write(tmp_path, finished[game].bundle)
    assert main(["audit", path]) == 0
    out = capsys.readouterr().out
    assert finished[game].game_id in out and game in out
    for name in ("bundle", "chain", "seed", "deck", "resimulation", "result"):
        assert any(line.split()[:2] == ["ok", name] for line in out.splitlines()), name
    assert out.rstrip().endswith("PASSED: all 6 checks hold")


def test_offline_audit_of_a_forgery_names_the_check_and_version(
    finished, tmp_path, capsys, no_network
):
    honest = finished["gloria-picktoria"].bundle
    events = copy.deepcopy(honest["events"])
    index, field = a_command(events)
    events[index]["cause"][field] = mutate(events[index]["cause"][field])
    path = write(tmp_path, forged(honest, events))
    assert main(["audit", path]) == 1
    out = capsys.readouterr().out
    failed = [line for line in out.splitlines() if line.split()[:1] == ["FAIL"]]
    assert len(failed) == 1
    assert failed[0].split()[1] == "resimulation"
    assert f"v{index + 1}:" in failed[0]
    assert f"first fault at version {index + 1}" in out

    assert main(["audit", path, "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is False
    checks = {c["name"]: c for c in report["checks"]}
    assert (checks["resimulation"]["ok"], checks["resimulation"]["version"]) == (False, index + 1)


def test_pins_on_the_command_line(finished, tmp_path, capsys, no_network):
    honest = finished["sly"].bundle
    path = write(tmp_path, honest)
    head = honest["events"][9]["hash"]
    assert main(["audit", path, "--commitment", honest["commitment"], "--pin", f"10:{head}"]) == 0
    assert main(["audit", path, "--pin", f"11:{head}"]) == 1
    assert "FAIL  chain" in capsys.readouterr().out
    assert main(["audit", path, "--commitment", "0" * 64]) == 1
    assert main(["audit", path, "--pin", "ten:abc"]) == 2


def test_unreadable_files(tmp_path, capsys, no_network):
    assert main(["audit", str(tmp_path / "missing.json")]) == 1
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["audit", str(bad)]) == 1
    assert main(["audit", write(tmp_path, {"format": "something else"})]) == 1
    assert "FAIL  bundle" in capsys.readouterr().out


def test_audit_of_a_game_on_redis(module_service, finished, redis_url, monkeypatch, capsys):
    monkeypatch.setenv("REDIS_URL", redis_url)
    assert main(["audit", "--game", finished["sly"].game_id]) == 0
    assert "PASSED: all 5 checks hold" in capsys.readouterr().out
    assert main(["audit", "--game", "no-such-game"]) == 1
    assert "no game" in capsys.readouterr().err

    seats = [{"kind": "human"}, {"kind": "bot", "strategy": "random"}]
    live = module_service.create("sly", seats, {})
    module_service.join(live.game_id, "ada")
    assert main(["audit", "--game", live.game_id]) == 1  # nothing failed, but not complete
    out = capsys.readouterr().out
    assert "ok    chain" in out and "INCOMPLETE" in out


def replay_lines(capsys) -> list[str]:
    return capsys.readouterr().out.splitlines()


def test_replay_as_a_seat_shows_only_what_it_saw_then(finished, redis_url, monkeypatch, capsys):
    monkeypatch.setenv("REDIS_URL", redis_url)
    game = finished["gloria-picktoria"]
    total = len(game.envelopes)
    assert main(["replay", game.game_id, "--as", "1", "--json"]) == 0
    frames = [json.loads(line) for line in replay_lines(capsys)]
    assert [f["version"] for f in frames] == list(range(1, total + 1))
    dealt = next(f for f in frames if f["event"]["type"] == "CardsDealt")
    assert dealt["event"]["data"]["hands"][0] is None  # seat 0's hand was hidden from seat 1
    assert dealt["event"]["data"]["hands"][1] is not None
    assert "pile" not in dealt["event"]["data"]
    assert "seed" not in frames[0]["event"]["data"]  # hidden until the end ...
    assert frames[-1]["event"]["data"]["seed"]  # ... which reveals it
    assert frames[-1]["view"]["status"] == "finished"

    assert main(["replay", game.game_id, "--as", "1", "--version", "5"]) == 0
    lines = replay_lines(capsys)
    assert lines[0].startswith(f"game {game.game_id} (gloria-picktoria")
    assert "as seat 1: versions 1..5 of" in lines[0]
    assert [line.split()[0] for line in lines if line.startswith("v")][:5] == [
        "v1",
        "v2",
        "v3",
        "v4",
        "v5",
    ]
    assert "view at v5 as seat 1:" in lines
    shown = "\n".join(lines)
    assert game.envelopes[0].data["seed"] not in shown


def test_replay_of_a_finished_game_shows_everyone_by_default(finished, tmp_path, capsys):
    game = finished["fette-beute"]
    path = write(tmp_path, game.bundle)  # a bundle works as well as an id
    assert main(["replay", path, "--json"]) == 0
    frames = [json.loads(line) for line in replay_lines(capsys)]
    assert frames[0]["event"]["data"]["seed"] == game.bundle["seed"]
    assert len(frames[5]["view"]["boards"]) == 4  # every seat's own view, side by side
    assert main(["replay", path, "--as", "spectator", "--views", "--version", "6"]) == 0
    out = capsys.readouterr().out
    assert out.count("      view: ") == 5 and "as spectator" in out.splitlines()[0]
    assert main(["replay", path, "--as", "9"]) == 2
    assert main(["replay", path, "--version", "100000"]) == 2


def test_replay_of_a_running_game_never_shows_everyone(
    module_service, redis_url, monkeypatch, capsys
):
    monkeypatch.setenv("REDIS_URL", redis_url)
    live = module_service.create(
        "fette-beute", [{"kind": "human"}] + [{"kind": "bot", "strategy": "random"}] * 2, {}
    )
    module_service.join(live.game_id, "ada", client_seed="mine")
    seed = module_service.store.read(live.game_id)[0].data["seed"]
    assert main(["replay", live.game_id, "--as", "everyone"]) == 2
    assert "once the game has ended" in capsys.readouterr().err
    for viewer in ([], ["--as", "0"], ["--as", "spectator"]):
        assert main(["replay", live.game_id, "--views", *viewer]) == 0
        out = capsys.readouterr().out
        assert seed not in out and '"orders"' not in out and '"supply":[' not in out
    assert main(["replay", "no-such-game"]) == 1
