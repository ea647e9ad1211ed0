"""`python -m evals.bench.catchup` runs end to end on a real nats-server and reads every pod both
ways; a small bucket keeps it quick. Its timings are printed, never asserted."""

from __future__ import annotations

import re

import pytest

from evals.bench.catchup import main

pytestmark = pytest.mark.integration


def test_the_catch_up_benchmark_reads_every_pod_both_ways(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--pods", "1500"])  # more than one put batch
    out = capsys.readouterr().out
    assert re.fullmatch(
        r"1500 pods: keys then a get per pod [\d.]+ s; one watch \(Bus.values\) [\d.]+ s; [\d.]+x\n", out
    )
