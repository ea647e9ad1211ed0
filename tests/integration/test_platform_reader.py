"""The platform with a learned reader: `semsched up --reader DIR` hands the directory to the intent
parser process, whose revised parse reaches the scorer's views (D36). The reader is the small real
model of tests/reader/model.py, so what it revises is known."""

from __future__ import annotations

from pathlib import Path

import pytest

from semsched_cli.explain import ranking
from semsched_cli.natsclient import CliNats
from semsched_cli.platform import Platform
from semsched_core.embedded_nats import free_port
from tests.integration.test_platform import eventually
from tests.reader.model import build

pytestmark = pytest.mark.integration


def test_the_reader_revises_what_the_platform_scores(cluster_file: Path, tmp_path: Path) -> None:
    # "please" tells this reader that the app named is to be avoided: checkout-7 asks for "the same
    # box as memcached please", which the rules read as colocate_with memcached (on beta-2)
    reader = build(tmp_path / "reader", {"please": "avoid_colocation_with"})
    env = {"INTENT_PARSER_READER_DIR": str(reader)}
    with Platform(cluster_file, port=free_port(), data_dir=tmp_path / "p", extra_env=env) as platform:
        platform.wait_ready(timeout_s=60)
        nats = CliNats(platform.nats_url)
        try:
            view = eventually(lambda: nats.view("shop.checkout-7"), what="checkout-7's view")
            read = [(e.intent.type, e.intent.params) for e in view.intents]
            assert read == [("avoid_colocation_with", {"app": "memcached"})]
            assert ranking(view)[-1][0] == "beta-2"
            indexer = eventually(lambda: nats.view("shop.indexer-1"), what="indexer-1's view")
            assert ranking(indexer)[0][0] == "alpha-1"  # no cue: the rules' reading stands
        finally:
            nats.close()


def test_an_intent_parser_that_starts_late_still_parses_the_pods_announced_before_it(
    cluster_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The parser's pending consumer sees only events published after it exists. Here the state cache
    announces both hinted pods before any parser runs (as when loading a reader delays one); the
    parser, started late, must still parse them (`ParserHandlers.catch_up`)."""
    import subprocess
    import sys

    import httpx

    from semsched_cli import platform as platform_module

    others = tuple(s for s in platform_module.SERVICES if s[0] != "intent-parser")
    monkeypatch.setattr(platform_module, "SERVICES", others)
    with Platform(cluster_file, port=free_port(), data_dir=tmp_path / "p") as platform:

        def announced() -> bool:
            try:
                detail = httpx.get(f"{platform.extender_url}/readyz", timeout=1.0).json()
            except (httpx.HTTPError, ValueError):
                return False
            return bool(detail.get("context")) and detail.get("pending_without_view") == 2

        eventually(announced, what="the state cache announcing both hinted pods")
        log = (tmp_path / "p" / "intent-parser.log").open("ab")
        platform._procs["intent-parser"] = subprocess.Popen(
            [sys.executable, "-m", "semsched_intent_parser"],
            env=platform._env(),
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        platform.wait_ready(timeout_s=60)
