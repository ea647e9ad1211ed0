"""`semsched parse`: hints in JSON lines -> intents in JSON lines, with the service's parser.

A bad line is reported on stderr with its number and written out with an `error`, so
the output has one line per input line and nothing is lost. The learned reader (D36) revises the
CPU parser's reading where it is sure: the one semsched ships (D37) unless `--reader` names another
directory, or `none` for the CPU parser alone.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

import orjson

from semsched_cli.options import locate_reader
from semsched_intents import CpuParser, ParserLimits
from semsched_proto import ClusterContext, ParseResult


class _Parses(Protocol):
    def parse(self, hint: str, context: ClusterContext) -> ParseResult: ...


def load_context(path: Path) -> ClusterContext:
    try:
        raw = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise SystemExit(f"error: cannot read context {path}: {exc}") from exc
    fields = set(ClusterContext.model_fields)
    return ClusterContext.model_validate({k: v for k, v in raw.items() if k in fields})


def _records(path: Path) -> Iterator[tuple[int, dict[str, object] | None, str]]:
    with path.open("rb") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                record = orjson.loads(line)
            except orjson.JSONDecodeError as exc:
                yield number, None, f"line {number}: not JSON: {exc}"
                continue
            if not isinstance(record, dict) or not isinstance(record.get("hint"), str):
                yield number, None, f"line {number}: expected an object with a string 'hint'"
                continue
            yield number, record, ""


def make_parser(max_hint_chars: int, reader: str | None, reader_threshold: float) -> tuple[_Parses, bool]:
    """The CPU parser, with the learned reader beside it unless `reader` is `none`; whether it reads.
    No `reader` means the bundled one where it is installed, else the rules alone, with a warning."""
    from semsched_intents.reader import ReaderError, ReadingParser, RoleReader, bundled

    cpu = CpuParser(ParserLimits(max_hint_chars=max_hint_chars))
    directory = locate_reader(reader) if reader is not None else bundled()
    if directory is None:
        if reader is None:
            print(
                "warning: the bundled reader is not installed; parsing with the rules alone", file=sys.stderr
            )
        return cpu, False
    try:
        return ReadingParser(cpu, RoleReader(directory), threshold=reader_threshold), True
    except (ReaderError, ValueError) as exc:
        raise SystemExit(f"error: {exc}") from exc


def run_parse(
    context_path: Path,
    input_path: Path,
    output_path: Path,
    max_hint_chars: int,
    reader: str | None = None,
    reader_threshold: float = 0.95,
) -> int:
    if not input_path.is_file():
        raise SystemExit(f"error: input not found: {input_path}")
    context = load_context(context_path)
    parser, reads = make_parser(max_hint_chars, reader, reader_threshold)
    bad = written = revised = 0
    with output_path.open("wb") as out:
        for number, record, problem in _records(input_path):
            if record is None:
                print(f"warning: {problem}", file=sys.stderr)
                bad += 1
                out.write(orjson.dumps({"id": f"line-{number}", "intents": [], "error": problem}) + b"\n")
                continue
            result = parser.parse(str(record["hint"]), context)
            revised += result.backend.endswith("+reader")
            line: dict[str, object] = {
                "id": record.get("id", f"line-{number}"),
                "intents": [intent.model_dump() for intent in result.intents],
            }
            if result.unparsed:
                line["unparsed"] = result.unparsed
            if result.error:
                line["error"] = result.error
            out.write(orjson.dumps(line) + b"\n")
            written += 1
    by_reader = f", {revised} revised by the learned reader" if reads else ""
    print(f"parsed {written} hint(s), {bad} bad line(s){by_reader} -> {output_path}", file=sys.stderr)
    return 0
