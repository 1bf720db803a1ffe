"""A real browser for tests: Playwright for Python driving Debian's Chromium.

Playwright's own browser download cannot be had here, so the tests drive the system's
``chromium`` through ``executable_path``. When it is missing, the set-up installs Debian's
package (as root, with apt-get, once per machine, under a file lock so that the pytest-xdist
workers do not race). Where no Chromium can be had, the browser tests skip with a message
saying how to run them, unless ``FOXDEN_REQUIRE_BROWSER=1`` (set by ``.ci/run``): then that is
a failure, so CI always runs them.

Fixtures:

* ``browser`` (session): one Chromium for the whole worker; each test gets its own context.
* ``page`` (function): a fresh page in a fresh context; console errors and uncaught page errors
  are collected in ``page.problems`` (a list of strings) for tests to assert on.
* ``live_service`` (module): a real ``foxden up`` (API and a worker) on the test Redis.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.docs import live

INSTALL_LOCK = Path(tempfile.gettempdir()) / "foxden-chromium-install.lock"
HOW_TO_RUN = (
    "install Debian's Chromium (`apt-get install chromium`, as root) and rerun; "
    "or point FOXDEN_CHROMIUM at a Chromium binary"
)
# As root Chromium needs --no-sandbox; the rest keeps it off the network this machine lacks.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _find_chromium() -> str | None:
    named = os.environ.get("FOXDEN_CHROMIUM")
    if named:
        return named if os.access(named, os.X_OK) else None
    return shutil.which("chromium") or shutil.which("chromium-browser")


def _install_chromium() -> str:
    """Debian's chromium via apt-get; returns what went wrong, or "" when it is there."""
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        return "not root or no apt-get, so the set-up cannot install it"
    with INSTALL_LOCK.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the other xdist worker waits for this install
        if _find_chromium():
            return ""
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        steps = (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "chromium"])
        for command in steps:
            done = subprocess.run(
                command, check=False, env=env, capture_output=True, text=True, timeout=600
            )
            if done.returncode != 0:
                return f"{' '.join(command)} failed: {done.stderr.strip()[-500:]}"
    return "" if _find_chromium() else "apt-get installed no chromium binary"


def _unavailable(reason: str) -> None:
    message = f"no browser for the browser tests ({reason}): {HOW_TO_RUN}"
    if os.environ.get("FOXDEN_REQUIRE_BROWSER") == "1":
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = _find_chromium()
    if path is None:
        reason = _install_chromium()
        path = _find_chromium()
        if path is None:
            _unavailable(reason)
    return path


@pytest.fixture(scope="session")
def browser(chromium_path: str) -> Iterator[object]:
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed (pip install -e '.[test]')")
    with sync_playwright() as playwright:
        try:
            chromium = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        except Error as error:
            _unavailable(f"{chromium_path} did not start: {error}")
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    opened = context.new_page()
    opened.problems = []
    opened.on(
        "console",
        lambda message: message.type == "error" and opened.problems.append(message.text),
    )
    opened.on("pageerror", lambda error: opened.problems.append(str(error)))
    # The console says only "Failed to load resource"; this names the URL.
    opened.on(
        "response",
        lambda answer: (
            answer.status >= 400 and opened.problems.append(f"{answer.status} {answer.url}")
        ),
    )
    yield opened
    context.close()


@pytest.fixture(scope="module")
def live_service(redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[live.Live]:
    workdir = tmp_path_factory.mktemp("browser-service")
    env = {
        **os.environ,
        "REDIS_URL": redis_url,
        "FOXDEN_RATE_LIMIT": "off",
        # Queues of their own: nothing else on this database may take these jobs.
        "FOXDEN_QUEUE_PREFIX": f"fd-browser-{uuid.uuid4().hex[:8]}",
    }
    service = live.start(env, workdir / "up.log")
    try:
        yield service
    finally:
        with contextlib.suppress(Exception):
            live.stop(service)
