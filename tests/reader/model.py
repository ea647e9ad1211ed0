"""A small role reader built for tests: a real ONNX graph and a real tokenizer, whose behaviour is
known. Each cue word pushes one role's logit up; "[CLS]" gives "none" a mild lead, so a text with no
cue is read as "none" with a probability well under the reader's threshold. The trained reader
(`task train:reader`) has the same files and inputs; tests/reader/test_trained.py runs it when built.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, processors

from semsched_intents.reader import FORMAT, META, MODEL, TOKENIZER

CLASSES = [
    "avoid_colocation_with",
    "avoid_gpu_models",
    "avoid_node_label",
    "avoid_nodes",
    "avoid_zones",
    "colocate_with",
    "none",
    "prefer_data_locality",
    "prefer_gpu_models",
    "prefer_node_label",
    "prefer_nodes",
    "prefer_zones",
    "same_zone_as",
]
SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]"]


def build(
    directory: Path,
    cues: dict[str, str],
    *,
    classes: list[str] | None = None,
    token_types: bool = True,
    cue_weight: float = 20.0,
) -> Path:
    """Write a reader directory whose model reads `cues` (word -> role) and nothing else."""
    classes = classes or CLASSES
    directory.mkdir(parents=True, exist_ok=True)
    words = [*SPECIALS, "[", "]", *sorted(cues)]
    vocab = {w: i for i, w in enumerate(words)}
    tokenizer = Tokenizer(models.WordLevel(vocab, unk_token="[UNK]"))
    tokenizer.normalizer = normalizers.Lowercase()
    tokenizer.pre_tokenizer = pre_tokenizers.Whitespace()
    tokenizer.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", special_tokens=[("[CLS]", vocab["[CLS]"]), ("[SEP]", vocab["[SEP]"])]
    )
    tokenizer.save(str(directory / TOKENIZER))

    table = np.zeros((len(words), len(classes)), dtype=np.float32)
    table[vocab["[CLS]"], classes.index("none")] = 3.0
    for word, role in cues.items():
        table[vocab[word], classes.index(role)] = cue_weight
    inputs = [
        helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "tokens"]),
        helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["batch", "tokens"]),
    ]
    if token_types:  # unused by the graph, as a BERT's are all zero here; the reader must still feed it
        inputs.append(helper.make_tensor_value_info("token_type_ids", TensorProto.INT64, ["batch", "tokens"]))
    nodes = [
        helper.make_node("Gather", ["table", "input_ids"], ["rows"]),
        helper.make_node("Cast", ["attention_mask"], ["mask"], to=TensorProto.FLOAT),
        helper.make_node("Unsqueeze", ["mask", "last"], ["mask3"]),
        helper.make_node("Mul", ["rows", "mask3"], ["masked"]),
        helper.make_node("ReduceSum", ["masked", "tokens_axis"], ["logits"], keepdims=0),
    ]
    graph = helper.make_graph(
        nodes,
        "tiny-role-reader",
        inputs,
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["batch", len(classes)])],
        initializer=[
            numpy_helper.from_array(table, "table"),
            numpy_helper.from_array(np.array([-1], dtype=np.int64), "last"),
            numpy_helper.from_array(np.array([1], dtype=np.int64), "tokens_axis"),
        ],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save(model, str(directory / MODEL))
    meta = {"format": FORMAT, "classes": classes, "max_tokens": 64, "base": "tests/reader/model.py"}
    (directory / META).write_text(json.dumps(meta))
    return directory
