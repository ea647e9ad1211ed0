"""Command-line options shared by the commands that start an embedded platform."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from semsched_intents.reader import NO_READER, ReaderError, locate


def reader_options(command: argparse.ArgumentParser) -> None:
    """The learned reader beside the CPU parser (D36, D37): the one semsched ships unless told."""
    group = command.add_argument_group("learned reader")
    group.add_argument(
        "--reader",
        default=os.environ.get("SEMSCHED_READER") or None,
        metavar="DIR|bundled|none",
        help="the learned reader: 'bundled' (the default: the one semsched ships), 'none' (the rules "
        "alone) or a directory `task train:reader` writes; default $SEMSCHED_READER, else bundled",
    )
    group.add_argument(
        "--reader-threshold",
        type=float,
        default=0.95,
        help="how sure the reader must be to revise the parser's reading (default 0.95)",
    )


def locate_reader(setting: str) -> Path | None:
    """The directory a --reader setting names (None for `none`), or a clear exit where it cannot be had."""
    try:
        return locate(setting)
    except ReaderError as exc:
        raise SystemExit(f"error: --reader {setting}: {exc}") from exc


def parser_options(command: argparse.ArgumentParser) -> None:
    """How the embedded intent parser parses: the CPU parser, or an OpenAI-compatible LLM."""
    group = command.add_argument_group("intent parser")
    group.add_argument("--parser-backend", choices=["cpu", "llm", "hybrid"], default="cpu")
    group.add_argument(
        "--llm-url", default="", help="OpenAI-compatible base URL, e.g. http://127.0.0.1:8000/v1"
    )
    group.add_argument("--llm-model", default="")
    group.add_argument(
        "--llm-response-format",
        choices=["json_schema", "json_object"],
        default="json_schema",
        help="json_schema for vLLM/OpenAI, json_object for llama.cpp's server",
    )
    reader_options(command)


def parser_env(args: argparse.Namespace) -> dict[str, str]:
    """The embedded intent parser's settings, from the command line."""
    if args.parser_backend != "cpu" and not args.llm_url:
        raise SystemExit(f"error: --parser-backend {args.parser_backend} needs --llm-url")
    env = {"INTENT_PARSER_BACKEND": args.parser_backend}
    if args.llm_url:
        env |= {
            "INTENT_PARSER_LLM_BASE_URL": args.llm_url,
            "INTENT_PARSER_LLM_MODEL": args.llm_model,
            "INTENT_PARSER_LLM_RESPONSE_FORMAT": args.llm_response_format,
        }
    env["INTENT_PARSER_READER_THRESHOLD"] = str(args.reader_threshold)
    if args.reader is not None:
        reader = locate_reader(args.reader)
        if reader is not None and not reader.is_dir():
            raise SystemExit(f"error: --reader {args.reader}: not a directory")
        env["INTENT_PARSER_READER_DIR"] = str(reader.resolve()) if reader is not None else NO_READER
    return env
