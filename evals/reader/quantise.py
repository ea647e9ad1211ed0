"""A reader with its models quantised to int8 (dynamic quantisation of the weights): a quarter of the
size and about half the cost per hint. How much it reads differently is measured, not assumed:
`python -m evals.reader --reader OUT` after this.

    uv run python -m evals.reader.quantise models/reader models/reader-int8
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

from onnxruntime.quantization import QuantType, quantize_dynamic  # type: ignore[import-untyped]

from semsched_intents.reader import LABELS_MODEL, META, MODEL, RoleReader, sha256


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals.reader.quantise", description=__doc__.splitlines()[0])
    ap.add_argument("source", type=Path, help="a reader directory (task train:reader)")
    ap.add_argument("out", type=Path, help="the int8 reader directory to write")
    args = ap.parse_args(argv)
    source = RoleReader(args.source)  # refuses a directory that is not a reader, with the reason
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=args.out.parent) as scratch:
        staged = Path(scratch) / "reader"
        shutil.copytree(args.source, staged)
        meta = dict(source.meta)
        meta["quantised_from"] = {k: v for k, v in source.meta.items() if k.endswith("_sha256")}
        for name, key in ((MODEL, "model_sha256"), (LABELS_MODEL, "labels_sha256")):
            if (staged / name).is_file():
                quantize_dynamic(str(args.source / name), str(staged / name), weight_type=QuantType.QInt8)
                meta[key] = sha256(staged / name)
        meta["quantised"] = "int8, dynamic (onnxruntime.quantization.quantize_dynamic)"
        (staged / META).write_text(json.dumps(meta, indent=1) + "\n")
        RoleReader(staged)
        if args.out.exists():
            shutil.rmtree(args.out)
        staged.rename(args.out)
    sizes = {p.name: p.stat().st_size // 2**20 for p in args.out.glob("*.onnx")}
    print(f"quantise: wrote {args.out} ({', '.join(f'{n} {s} MB' for n, s in sorted(sizes.items()))})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
