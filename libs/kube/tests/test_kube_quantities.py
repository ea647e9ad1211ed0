from fractions import Fraction

import pytest

from semsched_kube import ManifestError, count, cpu_cores, memory_gib, parse_quantity
from semsched_kube.quantities import int_value, milli_value


@pytest.mark.parametrize(
    ("text", "cores"),
    [
        ("500m", 0.5),
        ("2", 2.0),
        ("1.5", 1.5),
        ("100m", 0.1),
        ("0", 0.0),
        (2, 2.0),
        (0.25, 0.25),
        ("1e-1", 0.1),
    ],
)
def test_cpu_cores(text: object, cores: float) -> None:
    assert cpu_cores(text) == pytest.approx(cores)


@pytest.mark.parametrize(
    ("text", "gib"),
    [
        ("512Mi", 0.5),
        ("1Gi", 1.0),
        ("1G", 1e9 / 2**30),
        ("1e9", 1e9 / 2**30),
        ("128974848", 128974848 / 2**30),
        ("1Ti", 1024.0),
        ("1Ki", 1 / 2**20),
        ("1.5Gi", 1.5),
        ("2000M", 2e9 / 2**30),
        ("1E", 1e18 / 2**30),
        ("1E3", 1e3 / 2**30),
        ("1k", 1e3 / 2**30),
        ("0.5Ei", 2.0**59 / 2**30),
    ],
)
def test_memory_gib(text: str, gib: float) -> None:
    assert memory_gib(text) == pytest.approx(gib)


@pytest.mark.parametrize(
    ("text", "exact"), [("0.1", Fraction(1, 10)), ("-1", Fraction(-1)), ("1n", Fraction(1, 10**9))]
)
def test_parse_is_exact(text: str, exact: Fraction) -> None:
    assert parse_quantity(text) == exact


@pytest.mark.parametrize(
    ("text", "milli", "value"),
    [("1.5", 1500, 2), ("1m", 1, 1), ("0.1m", 1, 1), ("100Mi", 104857600000, 104857600)],
)
def test_integer_views_round_up(text: str, milli: int, value: int) -> None:
    assert milli_value(text) == milli
    assert int_value(text) == value


@pytest.mark.parametrize(("text", "n"), [("1", 1), (4, 4), ("8", 8), ("1k", 1000)])
def test_count(text: object, n: int) -> None:
    assert count(text) == n


@pytest.mark.parametrize(
    "bad", ["", "abc", "1.2.3", "5 Gi", "1GB", "Mi", "1ee3", "1e3m", True, None, [1], "1e99"]
)
def test_invalid_quantities_raise_manifest_error(bad: object) -> None:
    with pytest.raises(ManifestError, match="quantity"):
        parse_quantity(bad, "spec.cpu")


@pytest.mark.parametrize("bad", ["0.5", "-1"])
def test_count_rejects_fractions_and_negatives(bad: str) -> None:
    with pytest.raises(ManifestError, match="whole"):
        count(bad)
