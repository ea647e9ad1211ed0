"""The evaluation's command line keeps the blind set behind its own flag."""

from __future__ import annotations

import pytest

from evals.intents.__main__ import BLIND_DATA, main


def test_the_blind_set_named_without_blind_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--data", str(BLIND_DATA)])
    assert "score it with --blind" in capsys.readouterr().err
