"""Shared fixtures of the intent parser tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
from intents_fixtures import TEST_CONTEXT

from semsched_intents import CpuParser
from semsched_proto.intents import ClusterContext


@pytest.fixture(scope="session")
def ctx() -> ClusterContext:
    return TEST_CONTEXT


@pytest.fixture(scope="session")
def parser() -> CpuParser:
    return CpuParser()


@pytest.fixture(scope="session")
def metrics() -> ModuleType:
    """evals/intents/metrics.py, loaded from its file (evals/ is not an installed package)."""
    path = Path(__file__).resolve().parents[3] / "evals" / "intents" / "metrics.py"
    spec = importlib.util.spec_from_file_location("evals_intents_metrics", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses resolve annotations through sys.modules
    spec.loader.exec_module(module)
    return module
