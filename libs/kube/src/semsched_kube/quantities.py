"""Kubernetes resource quantities ("500m", "1.5", "512Mi", "1e9", "1G") parsed exactly.

A quantity is `<signed decimal><suffix>` where the suffix is a binary SI one (Ki Mi Gi Ti Pi
Ei: powers of 1024), a decimal SI one (n u m "" k M G T P E: powers of 1000) or a decimal
exponent (`e3`, `E-2`). Values are kept as `Fraction`s so "0.1" + "0.2" stays exact; the
integer views round up, as Kubernetes' `Value()` and `MilliValue()` do.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from semsched_kube.errors import ManifestError

GIB = 1 << 30

_BINARY = {"Ki": 1 << 10, "Mi": 1 << 20, "Gi": 1 << 30, "Ti": 1 << 40, "Pi": 1 << 50, "Ei": 1 << 60}
_DECIMAL = {
    "n": Fraction(1, 10**9),
    "u": Fraction(1, 10**6),
    "m": Fraction(1, 10**3),
    "": Fraction(1),
    "k": Fraction(10**3),
    "M": Fraction(10**6),
    "G": Fraction(10**9),
    "T": Fraction(10**12),
    "P": Fraction(10**15),
    "E": Fraction(10**18),
}
# The exponent form is tried before the lone "E" (exa) suffix: "1E3" is 1000, "1E" is 10^18.
_QUANTITY = re.compile(
    r"(?P<num>[+-]?(?:\d+(?:\.\d*)?|\.\d+))"
    r"(?:(?P<exp>[eE][+-]?\d+)|(?P<bin>Ki|Mi|Gi|Ti|Pi|Ei)|(?P<dec>[numkMGTPE]))?"
)
_MAX_EXPONENT = 30  # far beyond any real quantity; bounds the size of the Fraction


def parse_quantity(value: object, where: str = "quantity") -> Fraction:
    """The exact value of a quantity given as a string or a JSON number."""
    if isinstance(value, bool):
        raise ManifestError(f"{where}: expected a quantity, got {value!r}")
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ManifestError(f"{where}: expected a finite quantity, got {value!r}")
        return Fraction(Decimal(repr(value)))
    if not isinstance(value, str):
        raise ManifestError(f"{where}: expected a quantity string, got {type(value).__name__}")
    match = _QUANTITY.fullmatch(value.strip())
    if match is None:
        raise ManifestError(f"{where}: invalid quantity {value!r} (e.g. '500m', '2', '512Mi', '1G', '1e9')")
    try:
        number = Fraction(Decimal(match["num"]))
    except InvalidOperation as exc:  # unreachable for the regex above; kept as a boundary guard
        raise ManifestError(f"{where}: invalid quantity {value!r}") from exc
    if match["exp"]:
        exponent = int(match["exp"][1:])
        if abs(exponent) > _MAX_EXPONENT:
            raise ManifestError(f"{where}: quantity exponent out of range in {value!r}")
        return number * Fraction(10) ** exponent
    if match["bin"]:
        return number * _BINARY[match["bin"]]
    return number * _DECIMAL[match["dec"] or ""]


def cpu_cores(value: object, where: str = "cpu") -> float:
    """CPU in cores: "500m" -> 0.5, "2" -> 2.0."""
    return float(parse_quantity(value, where))


def memory_gib(value: object, where: str = "memory") -> float:
    """Memory in GiB (2^30 bytes): "512Mi" -> 0.5, "1G" -> 0.931..."""
    return float(parse_quantity(value, where) / GIB)


def milli_value(value: object, where: str = "quantity") -> int:
    """The quantity in thousandths, rounded up (Kubernetes' MilliValue): "1.5" -> 1500."""
    return math.ceil(parse_quantity(value, where) * 1000)


def int_value(value: object, where: str = "quantity") -> int:
    """The quantity rounded up to an integer (Kubernetes' Value): bytes, GPUs, pod slots."""
    return math.ceil(parse_quantity(value, where))


def count(value: object, where: str = "quantity") -> int:
    """A whole count (GPUs, pods); a fractional count is malformed."""
    exact = parse_quantity(value, where)
    if exact.denominator != 1 or exact < 0:
        raise ManifestError(f"{where}: expected a whole non-negative number, got {value!r}")
    return int(exact)
