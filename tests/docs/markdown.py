"""The runnable examples of the docs: ```bash blocks, grouped into sessions, with expectations.

Conventions of the docs (docs/README.md says them to writers):

* A ```bash block is an example that runs as written against ``make run``; ```sh and
  ```console blocks are shown only (``make run`` itself, docker commands, ...).
* The bash blocks of one ``##`` section form a session: they run in order in one shell, so
  variables carry over. The section named in ``setup`` (the first one by default) is run first
  in every session of its file.
* A ```text, ```json or ```http block right after a bash block shows its output:

  - ```text is checked line by line, in order: each line must be found in what the block
    prints, with any number standing for any number, any run of 8 or more hex digits for any
    such run, and ``...`` for anything (ids, scores and versions differ from run to run);
  - in ```json and ```http (abbreviated or re-wrapped output), every ``"code": "..."`` and
    ``"status": ...`` pair and every ``HTTP/1.1 NNN`` status line must appear in the output.
"""

from __future__ import annotations

import itertools
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

FENCE = re.compile(r"^```([\w-]*)\s*$")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*$")
CHECKED_PAIR = re.compile(r'"(code|status)":\s*("[^"]*"|\d+)')
STATUS_LINE = re.compile(r"^HTTP/[\d.]+ (\d{3})\b", re.MULTILINE)


@dataclass
class Block:
    lang: str
    code: str
    line: int  # 1-based line of the opening fence
    end: int  # 1-based line of the closing fence
    section: str
    expected: str | None = None  # the output block that follows, if any
    expected_lang: str = ""


@dataclass
class Session:
    path: Path
    section: str
    blocks: list[Block] = field(default_factory=list)


def blocks(path: Path) -> list[Block]:
    """Every fenced block of a Markdown file, with its ``##`` section."""
    found: list[Block] = []
    section = ""
    lang: str | None = None
    start = 0
    body: list[str] = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if lang is None:
            fence = FENCE.match(line)
            heading = HEADING.match(line)
            if fence:
                lang, start, body = fence.group(1), number, []
            elif heading and len(heading.group(1)) == 2:
                section = heading.group(2)
        elif FENCE.match(line) and not line.strip("`").strip():
            found.append(Block(lang, "\n".join(body) + "\n", start, number, section))
            lang = None
        else:
            body.append(line)
    for previous, block in itertools.pairwise(found):
        adjacent = block.line <= previous.end + 2  # only a blank line between them
        if adjacent and previous.lang == "bash" and block.lang in ("json", "text", "http"):
            previous.expected = block.code
            previous.expected_lang = block.lang
    return found


def sessions(path: Path) -> tuple[list[Block], list[Session]]:
    """The setup blocks (the first section with bash blocks) and one session per other section."""
    runnable = [block for block in blocks(path) if block.lang == "bash"]
    if not runnable:
        return [], []
    setup_section = runnable[0].section
    setup = [block for block in runnable if block.section == setup_section]
    grouped: dict[str, Session] = {}
    for block in runnable:
        if block.section != setup_section:
            grouped.setdefault(block.section, Session(path, block.section)).blocks.append(block)
    return setup, list(grouped.values())


MARK = "@@foxden-docs-block {line}@@"


def script(setup: list[Block], session: Session | None) -> str:
    """One bash script: strict mode, the setup blocks, then the session's, each announced."""
    parts = ["set -euo pipefail"]
    for block in [*setup, *(session.blocks if session else [])]:
        parts.append(f"printf '\\n%s\\n' '{MARK.format(line=block.line)}'")
        parts.append(block.code)
    return "\n".join(parts) + "\n"


def outputs(text: str) -> dict[int, str]:
    """What each block printed, by the line of its fence (split at the markers)."""
    result: dict[int, str] = {}
    pieces = re.split(r"^@@foxden-docs-block (\d+)@@$", text, flags=re.MULTILINE)
    for line, output in zip(pieces[1::2], pieces[2::2], strict=True):
        result[int(line)] = output
    return result


NUMBER = re.compile(r"-?\d+")
HEX = re.compile(r"[0-9a-f]{8,}")


def shape(line: str) -> re.Pattern[str]:
    """A pattern for an expected output line: numbers, long hex runs and ``...`` are wild."""
    pattern = []
    for piece in re.split(r"(\.\.\.|[0-9a-f]{8,}|-?\d+)", line.strip()):
        if piece == "...":
            pattern.append(".*")
        elif HEX.fullmatch(piece):
            pattern.append("[0-9a-f]+")
        elif NUMBER.fullmatch(piece):
            pattern.append(r"-?\d+")
        else:
            pattern.append(re.escape(piece))
    return re.compile("".join(pattern))


def unmet(expected: str, actual: str, lang: str = "json") -> list[str]:
    """The checked parts of ``expected`` that ``actual`` lacks."""
    missing = []
    if lang == "text":
        lines = actual.splitlines()
        at = 0
        for wanted in filter(str.strip, expected.splitlines()):
            pattern = shape(wanted)
            found = next((n for n in range(at, len(lines)) if pattern.search(lines[n])), None)
            if found is None:
                missing.append(wanted)
            else:
                at = found + 1
    for key, value in CHECKED_PAIR.findall(expected):
        if not re.search(rf'"{key}":\s*{re.escape(value)}(?![\w"])', actual):
            missing.append(f'"{key}": {value}')
    for status in STATUS_LINE.findall(expected):
        if not re.search(rf"^HTTP/[\d.]+ {status}\b", actual, re.MULTILINE):
            missing.append(f"HTTP/1.1 {status}")
    return missing


def commands(code: str, program: str) -> list[list[str]]:
    """The arguments of every call of ``program`` (also as ``path/program``) in a shell block,
    up to the first pipe, redirection or command separator, or the end of its line."""
    found = []
    for line in code.replace("\\\n", " ").splitlines():
        lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        lexer.commenters = "#"
        try:
            words = list(lexer)
        except ValueError:  # an unbalanced quote across lines: not a command line
            continue
        for start, word in enumerate(words):
            if word == program or word.endswith("/" + program):
                argv = []
                for arg in words[start + 1 :]:
                    if arg and set(arg) <= set("|&;()<>"):
                        break
                    argv.append(arg)
                found.append(argv)
    return found


def curl_commands(code: str) -> list[list[str]]:
    return commands(code, "curl")


GAME_SECTIONS = {"Fette Beute": "fette-beute", "SLY": "sly", "Gloria Picktoria": "gloria-picktoria"}
TYPE_ROW = re.compile(r"^\| `([A-Z][A-Za-z]+)` \|", re.MULTILINE)


def catalogue_types(path: Path) -> dict[str, set[str]]:
    """The event types in the catalogue's tables, by game (``match`` for the lifecycle)."""
    found: dict[str, set[str]] = {}
    text = path.read_text()
    parts = re.split(r"^## (.+)$", text, flags=re.MULTILINE)
    for title, body in zip(parts[1::2], parts[2::2], strict=True):
        game = GAME_SECTIONS.get(title.strip(), "match" if "Lifecycle" in title else None)
        if game:
            found[game] = set(TYPE_ROW.findall(body))
    return found
