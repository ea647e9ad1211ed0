"""GPU family names from the product strings device plugins and clouds put in node labels.

`NVIDIA-A100-SXM4-80GB` -> a100, `Tesla-V100-SXM2-16GB` -> v100, `NVIDIA-H100-80GB-HBM3` ->
h100, `AMD_Instinct_MI300X_OAM` -> mi300x, `nvidia-tesla-t4` (GKE) -> t4. A product of no
known family gives its model token lower-cased (`Tesla-P100-PCIE-16GB` -> p100): the first
token carrying a digit that is not a memory size, a form factor or a memory type.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

GPU_FAMILIES = ("a100", "a10g", "b200", "h100", "h200", "l4", "l40s", "mi250x", "mi300x", "t4", "v100")

# Checked in order: an explicit semsched label wins over what the device plugin reports.
GPU_LABELS = (
    "semsched.io/gpu-model",
    "nvidia.com/gpu.product",
    "amd.com/gpu.product-name",
    "cloud.google.com/gke-accelerator",
    "karpenter.k8s.aws/instance-gpu-name",
)

_SPLIT = re.compile(r"[\s\-_/.,]+")
_NOT_MODEL = re.compile(r"^(\d+(gb|g|gib|mb)|sxm\d*|pcie\d*|hbm\d*e?|oam|nvl\d*|gen\d+)$")
_FAMILY_SET = frozenset(GPU_FAMILIES)


def family_from_product(product: str) -> str | None:
    """The family of one product string, or its model token, or None when there is none."""
    tokens = [t for t in _SPLIT.split(product.strip().lower()) if t]
    for token in tokens:
        if token in _FAMILY_SET:
            return token
    for token in tokens:
        if any(c.isdigit() for c in token) and not _NOT_MODEL.match(token):
            return token
    return None


def gpu_family_from_labels(labels: Mapping[str, str]) -> str | None:
    for key in GPU_LABELS:
        value = labels.get(key)
        if value:
            family = family_from_product(value)
            if family is not None:
                return family
    return None
