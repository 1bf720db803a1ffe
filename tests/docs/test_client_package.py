"""The Python client in foxden/client: generated from openapi.yaml, never edited by hand.

``make client`` regenerates it (foxden/client/generate.py, openapi-python-client as pinned in
pyproject); these tests fail as soon as the committed files are not what the current document
generates, or the hand-written stream helpers would be lost, or the distribution does not
build and install with pip.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.docs.live import ROOT, load_module

CLIENT = ROOT / "foxden" / "client"
generate = load_module(CLIENT / "generate.py")


def test_the_committed_client_is_what_openapi_yaml_generates(tmp_path: Path):
    """About 3 s: one run of the generator."""
    fresh = tmp_path / "client"
    generate.generate(fresh)
    assert generate.differences(fresh) == [], "foxden/client is stale: run `make client`"
    # The comparison is not vacuous: the package is there, with its endpoints and models.
    assert "foxden_client/api/accounts/my_stream.py" in generate.files(fresh)
    assert len(generate.files(CLIENT)) > 300


def test_a_regeneration_keeps_the_hand_written_files(tmp_path: Path):
    copy = tmp_path / "client"
    shutil.copytree(CLIENT, copy, ignore=shutil.ignore_patterns("build", "*.egg-info"))
    (copy / "foxden_client" / "models" / "gone.py").write_text("# no longer generated\n")
    fresh = tmp_path / "fresh"
    generate.generate(fresh)
    generate.replace(fresh, copy)
    assert generate.differences(fresh, copy) == []
    assert not (copy / "foxden_client" / "models" / "gone.py").exists()
    for name in generate.HAND_WRITTEN:
        assert (copy / name).read_bytes() == (CLIENT / name).read_bytes(), name


@pytest.mark.slow
def test_the_client_builds_a_wheel_with_its_stream_helpers(tmp_path: Path):
    """pip builds the distribution (as ``pip install ./foxden/client`` does), from a copy so
    that no build directory is left in the repository."""
    source = tmp_path / "source"
    shutil.copytree(CLIENT, source, ignore=shutil.ignore_patterns("build", "*.egg-info"))
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(tmp_path / "wheels"),
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = (tmp_path / "wheels").glob("foxden_client-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"foxden_client/streams.py", "foxden_client/py.typed"} <= names
    assert "foxden_client/api/play/post_command.py" in names
