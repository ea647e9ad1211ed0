"""The hint -> intent contract of shared/spec/intents.md."""

from __future__ import annotations

from typing import Literal, get_args

from pydantic import Field

from semsched_proto.base import Model

Strength = Literal["weak", "medium", "strong", "critical"]
STRENGTHS: tuple[Strength, ...] = get_args(Strength)
STRENGTH_WEIGHT: dict[Strength, float] = {"weak": 0.25, "medium": 0.5, "strong": 0.75, "critical": 1.0}

IntentType = Literal[
    "prefer_node_label",
    "avoid_node_label",
    "prefer_nodes",
    "avoid_nodes",
    "prefer_zones",
    "avoid_zones",
    "prefer_gpu_models",
    "avoid_gpu_models",
    "prefer_arch",
    "prefer_data_locality",
    "colocate_with",
    "avoid_colocation_with",
    "same_zone_as",
    "colocate_replicas",
    "spread_replicas_nodes",
    "spread_replicas_zones",
    "min_free_cpu",
    "min_free_memory",
    "min_free_gpus",
    "prefer_least_loaded",
    "prefer_bin_packing",
    "avoid_spot",
    "prefer_spot",
    "prefer_low_cost",
    "prefer_reliable_nodes",
]
INTENT_TYPES: tuple[IntentType, ...] = get_args(IntentType)

ParamValue = str | int | float | list[str]


class Intent(Model):
    """One soft scheduling intent; `params` holds exactly the keys of its class."""

    type: IntentType
    params: dict[str, ParamValue] = Field(default_factory=dict)
    strength: Strength = "medium"
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)


class ClusterContext(Model):
    """The vocabulary of one cluster, against which hints are parsed."""

    name: str = ""
    zones: list[str] = Field(default_factory=list)
    nodes: list[str] = Field(default_factory=list)
    apps: list[str] = Field(default_factory=list)
    node_labels: dict[str, list[str]] = Field(default_factory=dict)
    gpu_models: list[str] = Field(default_factory=list)
    datasets: list[str] = Field(default_factory=list)


class ParseResult(Model):
    """A parse: intents, text that could not be placed, or an error reason for bad input."""

    intents: list[Intent] = Field(default_factory=list)
    unparsed: list[str] = Field(default_factory=list)
    error: str | None = None
    backend: str = "cpu"
