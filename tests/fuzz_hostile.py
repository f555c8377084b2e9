"""The hostile-input fuzzer (#12): mutate the documented example of every file format and
run every command that reads a file on it.

Each input runs in a forked child of this process (which has imported everything but
decoded nothing, so a fork is cheap and safe) under ``RLIMIT_AS`` = 2 GB, with stdout
and stderr caught. A run passes when it exits 0 or 2, within ``TIMEOUT_S``, with no
traceback, and on exit 2 with exactly one line on stderr. Hangs are killed and counted.

    python tests/fuzz_hostile.py [--count N] [--seed S] [--only KIND]

prints one line per failure and a summary; exit 1 if anything failed. ``make fuzz``
runs 1,000 or more inputs; ``tests/test_fuzz_hostile.py`` runs a small slice.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import random
import re
import resource
import shutil
import signal
import struct
import sys
import tempfile
import time
import traceback
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if sys.path and Path(sys.path[0]).resolve() == ROOT / "tests":
    sys.path[0] = str(ROOT)  # run as a script: tests/vision must not shadow the vision package
DOCS = ROOT / "docs" / "formats"
DEMO = ROOT / "vision" / "data" / "demo"
MEMORY_LIMIT = 2 * 1024**3  # a 2 GB Pi
TIMEOUT_S = 30.0
POND_PHOTO = str(DEMO / "pondscape" / "pond-1.jpg")  # "within seconds", on a machine shared by many


# --- the documented examples ----------------------------------------------------------------


def _json_blocks(name: str) -> list[Any]:
    text = (DOCS / name).read_text(encoding="utf-8")
    out = []
    for block in re.findall(r"```json\n(.*?)```", text, flags=re.S):
        try:
            out.append(json.loads(block))
        except ValueError:  # a fragment with "..." in it, not a whole example
            continue
    return out


#: Kind -> (the docs page whose biggest JSON example it mutates, that example's format).
PAGES = {
    "session": ("pond-log.md", "session/1"),
    "layout": ("pond-layout.md", "pond-layout/1"),
    "pieces": ("pond-pieces.md", "pond-pieces/1"),
    "catalog": ("pondscape-catalog.md", "pondscape-catalog/1"),
    "tableau": ("pondscape-tableau.md", "pondscape-tableau/1"),
    "bog-cards": ("bog-cards.md", "bog-cards/1"),
    "bog-log": ("bog-log.md", "session/1"),
    "croak-deck": ("croak-deck.md", "croak-deck/1"),
    "croak-log": ("croak-log.md", "session/1"),
    "ponder-board": ("ponder-board.md", "ponder-board/1"),
    "ponder-session": ("ponder-session.md", "session/1"),
    "pondscape-log": ("pondscape-log.md", "session/1"),
}


def examples() -> dict[str, Any]:
    """Kind -> the whole documented example (the biggest JSON block of its page)."""

    def whole(name: str, fmt: str) -> Any:
        blocks = [b for b in _json_blocks(name) if isinstance(b, dict) and b.get("format") == fmt]
        return max(blocks, key=lambda b: len(json.dumps(b)))

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    toml = re.findall(r"```toml\n(.*?)```", readme, flags=re.S)[0]
    found = {
        kind: whole(page, fmt) for kind, (page, fmt) in PAGES.items() if (DOCS / page).exists()
    }
    return {**found, "config": toml}


# --- mutations -------------------------------------------------------------------------------

HOSTILE_VALUES: list[Any] = [
    None, True, 0, -1, 1e-300, 1e308, -1e308, 2**63, 10**30, 0.5, "", "x" * 5000,
    "\ud800", "a\u0000b", "\u001b[2J", [], {}, [[[[[]]]]], {"a": {"b": {}}}, "../../etc/passwd",
]  # fmt: skip

RAW_NUMBERS = ["1" + "0" * 5000, "Infinity", "-Infinity", "NaN", "1e999", "-0", "1E-400"]


def _paths(doc: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out.extend(_paths(v, (*at, k)))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:50]):
            out.extend(_paths(v, (*at, i)))
    return out


def _get(doc: Any, at: tuple[Any, ...]) -> Any:
    for k in at:
        doc = doc[k]
    return doc


def _set(doc: Any, at: tuple[Any, ...], value: Any) -> Any:
    if not at:
        return value
    _get(doc, at[:-1])[at[-1]] = value
    return doc


def _scale(doc: Any, k: float) -> Any:
    if isinstance(doc, bool) or doc is None or isinstance(doc, str):
        return doc
    if isinstance(doc, int | float):
        return doc * k if not isinstance(doc, int) or k != int(k) else int(doc * k)
    if isinstance(doc, list):
        return [_scale(x, k) for x in doc]
    return {key: _scale(v, k) for key, v in doc.items()}


def mutate_json(doc: Any, rng: random.Random) -> bytes:
    """One hostile variant of a JSON document, as the bytes of a file."""
    doc = copy.deepcopy(doc)
    how = rng.randrange(12)
    paths = _paths(doc)
    at = rng.choice(paths)
    if how == 0:
        doc = _set(doc, at, copy.deepcopy(rng.choice(HOSTILE_VALUES)))
    elif how == 1:
        doc = _scale(doc, rng.choice([100, 1000, 0.001, 1e-9, -1]))
    elif how == 2:  # a long list: many points, ponds, events or cards
        target = _get(doc, at)
        if isinstance(target, list) and target:
            doc = _set(doc, at, target * rng.choice([100, 2000, 20000]))
        elif isinstance(target, dict) and target:
            key, value = next(iter(target.items()))
            target.update({f"{key}{i}": copy.deepcopy(value) for i in range(500)})
        else:
            doc = _set(doc, at, [target] * 20000)
    elif how == 3:  # drop a field
        if at and isinstance(_get(doc, at[:-1]), dict):
            del _get(doc, at[:-1])[at[-1]]
    elif how == 4:  # an unknown field
        parent = _get(doc, at)
        if isinstance(parent, dict):
            parent["unexpected"] = rng.choice(HOSTILE_VALUES)
    elif how == 5:
        doc = _set(doc, at, rng.choice(HOSTILE_VALUES[:12]))
        for _ in range(rng.randint(1, 5)):
            doc = _set(doc, rng.choice(_paths(doc)), copy.deepcopy(rng.choice(HOSTILE_VALUES)))
    text = json.dumps(doc, ensure_ascii=rng.random() < 0.5)
    if how == 6:  # a number no JSON encoder writes
        spots = [m.start() for m in re.finditer(r"(?<=[:\[,] )-?\d+(\.\d+)?", text)]
        if spots:
            i = rng.choice(spots)
            j = i + len(re.match(r"-?\d+(\.\d+)?", text[i:]).group())  # type: ignore[union-attr]
            text = text[:i] + rng.choice(RAW_NUMBERS) + text[j:]
    elif how == 7:  # deep nesting
        depth = rng.choice([50, 1000, 100_000])
        text = text[:-1] + ', "deep": ' + "[" * depth + "]" * depth + "}"
    data = text.encode("utf-8", "surrogatepass")
    if how == 8:  # cut short
        data = data[: rng.randrange(len(data))]
    elif how == 9:  # flipped bytes
        raw = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        data = bytes(raw)
    elif how == 10:  # invalid UTF-8 in a string
        i = data.find(b'"', rng.randrange(len(data)))
        if i > 0:
            data = data[: i + 1] + b"\xff\xfe\xc0" + data[i + 1 :]
    elif how == 11:
        data = rng.choice([b"", b"\xef\xbb\xbf" + data, data * 2, b"\x00" * 100, b"[" * 200_000])
    return data


def mutate_toml(text: str, rng: random.Random) -> bytes:
    lines = text.splitlines()
    how = rng.randrange(8)
    i = rng.randrange(len(lines))
    if how == 0:
        key = lines[i].split("=")[0].strip() or "x"
        lines[i] = f"{key} = " + rng.choice(
            ["9" * 5000, "9" * 4000, "-1", "1e999", "nan", '"~nosuchuser/x"', "true",
             "[" * 3000 + "]" * 3000, '"\\u0000"', '"' + "x" * 100_000 + '"',
             "{a = {b = {c = 1}}}", "inf"]
        )  # fmt: skip
    elif how == 1:
        lines.insert(i, "a = " + "[" * 100_000 + "]" * 100_000)
    elif how == 2:
        lines.insert(i, "[unknown]\nk = 1")
    elif how == 3:
        lines = [ln.replace("=", "") if rng.random() < 0.2 else ln for ln in lines]
    data = "\n".join(lines).encode("utf-8")
    if how == 4:
        data = data[: rng.randrange(len(data))]
    elif how == 5:
        raw = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        data = bytes(raw)
    elif how == 6:
        data = (
            b'[data]\nfolder = "'
            + rng.choice([b"~nosuchuser/x", b"\xff\xfe", b"/dev/null/x"])
            + b'"\n'
        )
    elif how == 7:
        data = data.replace(b"[display]", b"[display]\nsize = [" + b"9" * 4500 + b", 1]\n", 1)
    return data


def _png(width: int, height: int) -> bytes:
    """A tiny PNG whose header claims ``width`` x ``height``: a decompression bomb's head."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    rows = zlib.compress(b"\x00" * (1 + 3 * min(width, 64)) * min(height, 64))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", rows) + chunk(b"IEND", b"")


def mutate_image(photo: bytes, rng: random.Random) -> bytes:
    how = rng.randrange(7)
    if how == 0:
        return _png(*rng.choice([(20000, 20000), (5000, 1), (1, 5000), (100000, 100000), (0, 0)]))
    if how == 1:
        return photo[: rng.randrange(len(photo))]
    if how == 2:
        raw = bytearray(photo)
        for _ in range(rng.randint(1, 50)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        return bytes(raw)
    if how == 3:  # a JPEG frame header claiming a huge size
        raw = bytearray(photo)
        i = raw.find(b"\xff\xc0")
        if i > 0:
            raw[i + 5 : i + 9] = struct.pack(">HH", 65000, 65000)
        return bytes(raw)
    if how == 4:
        return rng.choice(
            [b"", b"GIF89a" + b"\x00" * 64, b"\x89PNG\r\n\x1a\n", b"BM" + b"\xff" * 64]
        )
    if how == 5:
        return b"RIFF\x00\x00\x00\x00WEBPVP8X" + b"\xff" * 20
    return (
        b"II*\x00"
        + struct.pack("<I", 8)
        + struct.pack("<H", 2)
        + (struct.pack("<HHII", 256, 4, 1, 300000) + struct.pack("<HHII", 257, 4, 1, 300000))
    )


# --- the commands ----------------------------------------------------------------------------

SPECIAL = ["/dev/zero", "<fifo>", "<folder>", "<missing>", "<empty>", "<symlink-to-zero>"]


@dataclass
class Case:
    kind: str
    argv: list[str]
    note: str


@dataclass
class Result:
    case: Case
    code: int | None
    seconds: float
    stderr: str
    max_rss_mb: float
    problems: list[str] = field(default_factory=list)


def commands(kind: str, file: str, work: Path, image: str) -> list[list[str]]:
    """Every command that reads a file of this kind."""
    data = ["--data", str(work / "data")]
    out = str(work / "out.json")
    pdf = str(work / "t.pdf")
    return {
        "session": [["replay", file], ["replay", file, "--json"],
                    ["sessions", "import", file, *data], ["sessions", "list", *data]],
        "layout": [["scan", "pond", image, "--layout", file],
                   ["calibrate", "colours", image, "--layout", file, "--at", "wizard=300,300",
                    "--out", out]],
        "pieces": [["scan", "pond", image, "--pieces", file],
                   ["calibrate", "layout", image, "--pieces", file, "--out", out]],
        "catalog": [["catalog", "check", file],
                    ["tags", "sheet", "--catalog", file, "--out", str(work / "t.pdf"), "--force"],
                    ["scan", "pondscape", POND_PHOTO, "--catalog", file]],
        "tableau": [["score", "pondscape", file], ["score", "pondscape", file, "--json"]],
        "bog-cards": [["catalog", "check", file],
                      ["tags", "sheet", "--catalog", file, "--out", pdf, "--force"]],
        "bog-log": [["replay", file], ["bog", "actions", file],
                    ["sessions", "import", file, *data]],
        "croak-deck": [["croak", "check-pile", "--deck", file, "--kind", "swamp", "G0", "G1"]],
        "croak-log": [["replay", file, "--json"], ["sessions", "import", file, *data]],
        "ponder-board": [["ponder", "board", file], ["ponder", "board", file, "--json"]],
        "pondscape-log": [["replay", file], ["replay", file, "--json"],
                          ["sessions", "import", file, *data]],
        "ponder-session": [["replay", file], ["ponder", "moves", file],
                           ["sessions", "import", file, *data]],
        "config": [["config", "show", "--config", file], ["sessions", "list", "--config", file]],
        "image": [["scan", "pond", file], ["tags", "read", file],
                  ["scan", "pondscape", file], ["calibrate", "layout", file, "--out", out]],
    }[kind]  # fmt: skip


def make_cases(count: int, seed: int, work: Path, only: str | None = None) -> list[Case]:
    rng = random.Random(seed)
    work.mkdir(parents=True, exist_ok=True)
    docs = examples()
    photo = (DEMO / "pond" / "board-1a.jpg").read_bytes()
    kinds = [only] if only else [*docs, "image"]
    cases: list[Case] = []
    image = str(DEMO / "pond" / "board-1a.jpg")
    n = 0
    while len(cases) < count:
        kind = kinds[n % len(kinds)]
        n += 1
        folder = work / f"in-{n}"
        folder.mkdir()
        name = (
            folder / f"input.{'toml' if kind == 'config' else 'jpg' if kind == 'image' else 'json'}"
        )
        special = rng.random() < 0.06
        if special:
            what = rng.choice(SPECIAL)
            if what == "/dev/zero":
                file = "/dev/zero"
            elif what == "<fifo>":
                os.mkfifo(name)
                file = str(name)
            elif what == "<folder>":
                name.mkdir()
                file = str(name)
            elif what == "<missing>":
                file = str(name)
            elif what == "<empty>":
                name.write_bytes(b"")
                file = str(name)
            else:
                name.symlink_to("/dev/zero")
                file = str(name)
            note = what
        else:
            if kind == "image":
                data = mutate_image(photo, rng)
            elif kind == "config":
                data = mutate_toml(docs["config"], rng)
            else:
                data = mutate_json(docs[kind], rng)
            name.write_bytes(data)
            file, note = str(name), f"{len(data)} bytes"
        options = commands(kind, file, folder, image)
        cases.append(Case(kind, rng.choice(options), note))
    return cases[:count]


# --- running ---------------------------------------------------------------------------------


def _child(argv: list[str], out_fd: int, err_fd: int) -> None:
    os.dup2(out_fd, 1)
    os.dup2(err_fd, 2)
    os.setsid()
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    code = 1
    try:
        from companion.cli import main

        sys.stdin = open(os.devnull)  # noqa: SIM115 - the child lives only for this run
        code = main(argv)
    except SystemExit as exc:  # argparse's usage errors
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:  # what the console script would show
        traceback.print_exc()
        code = 1
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(int(code))


def run_case(case: Case) -> Result:
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.monotonic()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            _child(case.argv, out.fileno(), err.fileno())
        code: int | None = None
        rss = 0.0
        while True:
            done, status, usage = os.wait4(pid, os.WNOHANG)
            if done:
                code = os.waitstatus_to_exitcode(status)
                rss = usage.ru_maxrss / 1024
                break
            if time.monotonic() - start > TIMEOUT_S:
                os.killpg(pid, signal.SIGKILL)
                os.wait4(pid, 0)
                break
            time.sleep(0.005)
        seconds = time.monotonic() - start
        err.seek(0)
        stderr = err.read(200_000).decode("utf-8", "replace")
    result = Result(case, code, seconds, stderr, rss)
    lines = [ln for ln in stderr.splitlines() if ln.strip()]
    if code is None:
        result.problems.append(f"hang (killed after {TIMEOUT_S:g} s)")
    elif code not in (0, 2) and not (code == 1 and case.argv[:2] == ["croak", "check-pile"]):
        result.problems.append(f"exit {code}")  # check-pile's 1 is its documented "not legal"
    if "Traceback" in stderr:
        result.problems.append("traceback")
    if code == 2 and len(lines) != 1 and not _warned_then_failed(lines):
        result.problems.append(f"{len(lines)} stderr lines")
    if "MemoryError" in stderr or rss * 1024 * 1024 > MEMORY_LIMIT:
        result.problems.append(f"over 2 GB ({rss:.0f} MB)")
    return result


def _warned_then_failed(lines: list[str]) -> bool:
    """Commands that read several files report each skipped one, then fail in one line:
    every line is then one of ours (``pond-companion...``), never a traceback or a
    library's own output."""
    return all(ln.startswith(("pond-companion", "warning:")) for ln in lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=20261130)
    parser.add_argument("--only", choices=[*examples(), "image"])
    args = parser.parse_args(argv)
    home = tempfile.mkdtemp(prefix="pond-fuzz-home-")  # never the machine's own config or data
    os.environ.update(HOME=home, XDG_CONFIG_HOME=f"{home}/.config", XDG_DATA_HOME=f"{home}/.data")
    os.environ.pop("POND_COMPANION_CONFIG", None)
    import companion.config

    companion.config.SYSTEM_PATH = Path(home) / "no-system-config.toml"
    # Import everything the commands need now, so each fork starts warm.
    import companion.cli
    import vision.pond.commands
    import vision.pondscape_cli  # noqa: F401

    companion.cli.build_parser()
    work = Path(tempfile.mkdtemp(prefix="pond-fuzz-"))
    try:
        cases = make_cases(args.count, args.seed, work, args.only)
        results = []
        started = time.monotonic()
        for case in cases:
            result = run_case(case)
            results.append(result)
            if result.problems:
                print(
                    f"FAIL {case.kind} [{case.note}] {' '.join(case.argv)}: "
                    f"{', '.join(result.problems)}\n    {result.stderr.strip()[-600:]}",
                    flush=True,
                )
        summarise(results, time.monotonic() - started)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if any(r.problems for r in results) else 0


def summarise(results: list[Result], seconds: float) -> None:
    def count(word: str) -> int:
        return sum(any(p.startswith(word) for p in r.problems) for r in results)

    by_code: dict[str, int] = {}
    for r in results:
        key = "hang" if r.code is None else str(r.code)
        by_code[key] = by_code.get(key, 0) + 1
    kinds: dict[str, int] = {}
    for r in results:
        kinds[r.case.kind] = kinds.get(r.case.kind, 0) + 1
    bad = count("exit") + sum(any("stderr lines" in p for p in r.problems) for r in results)
    slowest = max(results, key=lambda r: r.seconds)
    biggest = max(results, key=lambda r: r.max_rss_mb)
    print(
        f"fuzz: {len(results)} inputs ({', '.join(f'{k} {v}' for k, v in kinds.items())}) "
        f"in {seconds:.0f} s; exit codes {by_code}; "
        f"tracebacks {count('traceback')}, hangs {count('hang')}, over 2 GB {count('over')}, "
        f"bad exit or stderr {bad}; "
        f"slowest {slowest.seconds:.1f} s ({' '.join(slowest.case.argv[:2])}), "
        f"most memory {biggest.max_rss_mb:.0f} MB ({' '.join(biggest.case.argv[:2])})"
    )


if __name__ == "__main__":
    sys.exit(main())
