"""Regenerate the Python client (``foxden_client``) from the repository's ``openapi.yaml``.

``make client`` runs it. openapi-python-client (the version pinned in the top-level
pyproject's test extras) writes a whole distribution into a temporary directory; this script
then replaces the generated files here with it, and keeps the hand-written ones
(``HAND_WRITTEN``: the stream helpers, this script and its config), which the generator knows
nothing about. ``tests/client/test_client_is_generated.py`` runs :func:`generate` into a
temporary directory and compares: the committed client is always what the current
``openapi.yaml`` makes.

    python foxden/client/generate.py            # rewrite foxden/client from openapi.yaml
    python foxden/client/generate.py --check    # exit 1, naming the files, if it would change
"""

from __future__ import annotations

import argparse
import filecmp
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SPEC = ROOT / "openapi.yaml"
CONFIG = HERE / "config.yaml"
# Our version of the template that writes the generator's ruff settings into pyproject.toml.
TEMPLATES = HERE / "templates"
# Files of this directory that no generator writes: never deleted nor compared.
HAND_WRITTEN = frozenset(
    {
        "generate.py",
        "config.yaml",
        "templates/pyproject_ruff.toml.jinja",
        "foxden_client/streams.py",
    }
)
# Left by builds and tools, never part of the client.
IGNORED_PARTS = frozenset({"__pycache__", "build", ".ruff_cache", ".mypy_cache"})


def generator() -> Path:
    """The openapi-python-client of this interpreter's environment."""
    found = Path(sys.executable).with_name("openapi-python-client")
    if not found.exists():
        raise SystemExit(f"{found} is missing: pip install -e '.[test]' (it pins the generator)")
    return found


def generate(into: Path, spec: Path = SPEC) -> None:
    """Write the generated distribution (pyproject, setup.py, README, package) into ``into``."""
    run = subprocess.run(
        [
            str(generator()),
            "generate",
            "--path",
            str(spec),
            "--meta",
            "setup",  # setuptools: pip installs it with no other build backend
            "--config",
            str(CONFIG),
            "--custom-template-path",
            str(TEMPLATES),
            "--output-path",
            str(into),
            "--overwrite",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    output = run.stdout + run.stderr
    # The generator says WARNING when it had to leave a schema or an endpoint out.
    if run.returncode != 0 or "WARNING" in output:
        raise SystemExit(f"openapi-python-client failed:\n{output}")


def files(root: Path) -> set[str]:
    """The client's files under ``root`` (relative, POSIX), without the hand-written ones."""
    found = set()
    for path in root.rglob("*"):
        relative = path.relative_to(root)
        if path.is_file() and not IGNORED_PARTS.intersection(relative.parts):
            found.add(relative.as_posix())
    return {name for name in found if name not in HAND_WRITTEN and ".egg-info" not in name}


def differences(generated: Path, committed: Path = HERE) -> list[str]:
    """What differs between a fresh generation and the committed client, one line each."""
    new, old = files(generated), files(committed)
    lines = [f"missing: {name}" for name in sorted(new - old)]
    lines += [f"not generated: {name}" for name in sorted(old - new)]
    lines += [
        f"changed: {name}"
        for name in sorted(new & old)
        if not filecmp.cmp(generated / name, committed / name, shallow=False)
    ]
    return lines


def replace(generated: Path, committed: Path = HERE) -> None:
    """Make the generated files of ``committed`` those of ``generated``; keep the rest."""
    for name in files(committed) - files(generated):
        (committed / name).unlink()
    for name in files(generated):
        target = committed / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(generated / name, target)
    for folder in sorted(committed.rglob("*"), reverse=True):  # folders left empty
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 on drift")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        fresh = Path(scratch) / "client"
        generate(fresh)
        drift = differences(fresh)
        if args.check:
            print("\n".join(drift) or "foxden/client is what openapi.yaml generates")
            return 1 if drift else 0
        replace(fresh)
    print(f"foxden/client regenerated from {SPEC.name} ({len(drift)} files changed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
