"""``foxden tournament`` without its extra says how to install it (issue 39), instead of a
traceback: the missing module is simulated, nothing is uninstalled."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from foxden import cli


@pytest.mark.parametrize("missing", ["matplotlib", "rich"])  # openskill: a core dependency
def test_without_the_extra_a_tournament_names_the_pip_command(
    missing: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    # None in sys.modules makes `import missing` raise ImportError, as when it is not installed.
    monkeypatch.setitem(sys.modules, missing, None)
    # A Redis nobody listens on: the check must come before anything is reached or started.
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:1/0")
    argv = ["tournament", "--game", "sly", "--players", "2", "--strategies", "random"]
    code = cli.main([*argv, "--games", "1", "--out", str(tmp_path / "out")])
    out, err = capsys.readouterr()
    assert code == 2  # the CLI's usage-error code, as for an unknown strategy
    assert err.count("\n") == 1, err  # one line, no traceback
    assert err.startswith(f"foxden tournament: {missing} is not installed")
    assert err.rstrip().endswith("pip install 'foxden[tournament]'")
    assert out == "" and not (tmp_path / "out").exists()
