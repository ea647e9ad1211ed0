"""A small reader built for tests: real ONNX graphs and a real tokenizer, whose behaviour is known.
In the role model each cue word pushes one role's logit up; "[CLS]" gives "none" a mild lead, so a
text with no cue is read as "none" with a probability well under the reader's threshold. In the label
model a cue word pushes one label's logit far up (+) or down (-); with no cue every label sits at 0.5,
which decides nothing. The trained reader (`task train:reader`) has the same files and inputs;
tests/reader/test_trained.py runs it where one is built.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, processors

from semsched_intents.reader import FORMAT, LABELS_MODEL, META, MODEL, TOKENIZER
from semsched_intents.roles import LABELS

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


def _graph(table: np.ndarray, token_types: bool) -> onnx.ModelProto:
    """logits[b] = sum over the unmasked tokens t of table[ids[b, t]]."""
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
        "tiny-reader",
        inputs,
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["batch", table.shape[1]])],
        initializer=[
            numpy_helper.from_array(table, "table"),
            numpy_helper.from_array(np.array([-1], dtype=np.int64), "last"),
            numpy_helper.from_array(np.array([1], dtype=np.int64), "tokens_axis"),
        ],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model


def build(
    directory: Path,
    cues: dict[str, str],
    *,
    label_cues: dict[str, tuple[str, bool]] | None = None,
    classes: list[str] | None = None,
    token_types: bool = True,
) -> Path:
    """Write a reader directory whose role model reads `cues` (word -> role) and nothing else, and,
    with `label_cues` (word -> (label, asked)), a label model over every hint label."""
    classes = classes or CLASSES
    directory.mkdir(parents=True, exist_ok=True)
    words = [*SPECIALS, "[", "]", *sorted(set(cues) | set(label_cues or {}))]
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
        table[vocab[word], classes.index(role)] = 20.0
    onnx.save(_graph(table, token_types), str(directory / MODEL))
    meta: dict[str, object] = {"format": FORMAT, "classes": classes, "max_tokens": 64, "base": __name__}
    if label_cues is not None:
        labels = sorted(LABELS)
        label_table = np.zeros((len(words), len(labels)), dtype=np.float32)
        for word, (label, asked) in label_cues.items():
            label_table[vocab[word], labels.index(label)] = 20.0 if asked else -20.0
        onnx.save(_graph(label_table, token_types), str(directory / LABELS_MODEL))
        meta["labels"] = labels
    (directory / META).write_text(json.dumps(meta))
    return directory
