"""The parser as the intent-parser image installs it, built for a subprocess to import (D34)."""

from __future__ import annotations

import subprocess
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def compiled_site(into: Path, timeout_s: float | None = None) -> Path:
    """Build the mypyc-compiled wheel (scripts/build-compiled-parser.sh) and unpack it into `into`: a
    directory to put first on a subprocess's PYTHONPATH. Raises CalledProcessError if it does not build."""
    wheels = into / "wheel"
    subprocess.run(
        ["bash", str(ROOT / "scripts" / "build-compiled-parser.sh"), str(wheels)],
        check=True,
        capture_output=True,
        text=True,
        timeout=timeout_s,
    )
    site = into / "site"
    with zipfile.ZipFile(next(wheels.glob("semsched_intents-*.whl"))) as wheel:
        wheel.extractall(site)
    return site
