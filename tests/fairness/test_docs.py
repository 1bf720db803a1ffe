"""docs/fairness.md's stand-alone checker works on real bundles, with the standard library only."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fairness.conftest import GAMES

DOC = Path(__file__).resolve().parents[2] / "docs" / "fairness.md"


def snippet() -> str:
    (code,) = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    return code


def check(script: Path, bundle: Path) -> subprocess.CompletedProcess:
    command = [sys.executable, "-I", str(script), str(bundle)]  # -I: no Foxden on the path
    return subprocess.run(command, capture_output=True, text=True, timeout=30, check=False)


@pytest.mark.redis
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_documented_checker_accepts_an_honest_bundle(finished, game, tmp_path):
    path = tmp_path / "bundle.json"
    path.write_text(json.dumps(finished[game].bundle, ensure_ascii=False), encoding="utf-8")
    script = tmp_path / "check.py"
    script.write_text(snippet(), encoding="utf-8")
    run = check(script, path)
    assert run.returncode == 0, run.stderr
    assert "check out" in run.stdout

    bundle = finished[game].bundle
    bundle["events"][3]["data"]["forged"] = 1
    path.write_text(json.dumps(bundle, ensure_ascii=False), encoding="utf-8")
    run = check(script, path)
    assert run.returncode != 0 and "AssertionError: 4" in run.stderr
