"""`python -m evals.bench.kvreplay` runs end to end on a real nats-server, and semsched's own bucket
reads come back whole in every round. nats-py's count is printed, never asserted: it is timing."""

from __future__ import annotations

import re

import pytest

from evals.bench.kvreplay import main

pytestmark = pytest.mark.integration


def test_the_bucket_read_benchmark_counts_short_reads(capsys: pytest.CaptureFixture[str]) -> None:
    short = main(["--keys", "1200", "--rounds", "5"])
    assert short["Bus.keys"] == 0 and short["Bus.values"] == 0
    assert re.fullmatch(
        r"1200 keys, 5 reads each way, short reads: nats-py KeyValue.keys\(\) \d; Bus.keys 0; Bus.values 0\n",
        capsys.readouterr().out,
    )
