"""The README's quick start says how to serve on another port, and the Makefile does what it
says (issue 39: a new user could not find how to change the port)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.docs import markdown

ROOT = Path(__file__).resolve().parents[2]


def make_run_ports() -> list[str]:
    """The ``PORT=…`` of every ``make run`` in the README's shell blocks."""
    ports = []
    for block in markdown.blocks(ROOT / "README.md"):
        if block.lang != "sh":
            continue
        for argv in markdown.commands(block.code, "make"):
            if argv[:1] == ["run"]:
                ports += [word.partition("=")[2] for word in argv[1:] if word.startswith("PORT=")]
    return ports


def test_the_quick_start_shows_make_run_on_another_port() -> None:
    ports = make_run_ports()
    assert ports, "the README's quick start shows no `make run PORT=…`"
    assert all(port.isdigit() and port != "8000" for port in ports)


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_run_passes_the_port_to_foxden_up() -> None:
    for port in make_run_ports():
        # -n prints the commands without running them (nothing is installed or started).
        dry = subprocess.run(
            ["make", "-n", "-C", str(ROOT), "run", f"PORT={port}"],
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        assert f"foxden up --port {port}" in dry.stdout, dry.stdout
