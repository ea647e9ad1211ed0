"""Resource quantities in hints: cores, millicores, memory with units, GPU counts."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from semsched_intents.concepts import GPU_FAMILIES, GPU_SUFFIXES, NUMBER_WORDS
from semsched_intents.text import Token

_NUM_UNIT = re.compile(r"^(\d{1,7}(?:\.\d{1,6})?)([a-z]{0,10})$")
_MULT = re.compile(r"^(\d{1,3})x$")
MEMORY_UNITS: dict[str, float] = {
    "gib": 1,
    "gi": 1,
    "gb": 1,
    "g": 1,
    "gig": 1,
    "gigs": 1,
    "giga": 1,
    "gigas": 1,
    "gigabyte": 1,
    "gigabytes": 1,
    "gbs": 1,
    "mib": 1 / 1024,
    "mi": 1 / 1024,
    "mb": 1 / 1024,
    "meg": 1 / 1024,
    "megs": 1 / 1024,
    "megabyte": 1 / 1024,
    "megabytes": 1 / 1024,
    "tib": 1024,
    "ti": 1024,
    "tb": 1024,
    "terabyte": 1024,
    "terabytes": 1024,
    "tera": 1024,
    "t": 1024,
    "tebibyte": 1024,
    "tebibytes": 1024,
}
CPU_UNITS: dict[str, float] = {
    "cores": 1,
    "core": 1,
    "vcpu": 1,
    "vcpus": 1,
    "cpu": 1,
    "cpus": 1,
    "vcores": 1,
    "vcore": 1,
    "millicores": 1e-3,
    "millicore": 1e-3,
    "millicpu": 1e-3,
    "millicpus": 1e-3,
    "mcpu": 1e-3,
    "threads": 1,
    "hyperthreads": 1,
}
GPU_UNITS = frozenset({"gpu", "gpus", "cards", "card", "accelerators", "accelerator"})
_ADJ = frozenset(
    {
        "free",
        "idle",
        "spare",
        "unrequested",
        "unallocated",
        "available",
        "extra",
        "additional",
        "open",
        "unused",
        "more",
        "of",
        "headroom",
        "allocatable",
        "whole",
        "full",
        "dedicated",
        "nvidia",
        "empty",
        "remaining",
        "reserved",
        "graphics",  # "two free graphics cards"
        "video",
        "isolated",  # "8 isolated cores free"
        "pinned",
        "exclusive",
        "physical",
    }
)
_A_ADJ = frozenset(
    {"free", "idle", "spare", "unused", "available", "extra", "additional", "unrequested"}
    | {"full", "whole", "dedicated", "entire"}  # "a full GPU free"
)
_MEMORY_WORDS = frozenset({"memory", "mem", "ram"})
_CPU_WORDS = frozenset({"cpu", "cpus", "core", "cores", "compute", "vcpu", "vcpus"})
LINK_WORDS = frozenset(
    {
        "network",
        "nic",
        "nics",
        "ethernet",
        "link",
        "links",
        "networking",
        "uplink",
        "bandwidth",
        "interconnect",
    }
)
# A memory figure followed by these is a link speed or a disk size, never free memory.
_NOT_MEMORY = LINK_WORDS | frozenset(
    {
        "gbe",
        "gbps",
        "gbit",
        "gbits",
        "infiniband",
        "disk",
        "disks",
        "storage",
        "ssd",
        "nvme",
        "volume",
        "volumes",
        "scratch",
        "ephemeral",
        "drive",
        "drives",
        "vram",
        "hbm",
        "pvc",
        "of disk",
        "of storage",
        "swap",
        "hugepages",  # "1G hugepages": the size of a page
        "hugepage",
        "pages",
    }
)
_GPU_NAMES = frozenset(a + s for aliases in GPU_FAMILIES.values() for a in aliases for s in ("", "s"))
_COUNTED_UNITS = GPU_UNITS | frozenset(CPU_UNITS) | _GPU_NAMES  # "a single GPU", "an A100", "a core"
_TRAILING = _ADJ | _MEMORY_WORDS | _CPU_WORDS | GPU_UNITS | {"minimum", "min", "at", "least", "please"}


@dataclass(frozen=True, slots=True)
class Quantity:
    """A parsed quantity spanning tokens [start, end); `resource` is cpu, memory, gpu or "" (a GPU spec)."""

    resource: str
    amount: float
    start: int
    end: int


UNITS_SPELLED = {
    w: float(n)
    for n, w in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
        ]
    )
}
_TENS_SPELLED = {
    w: float(10 * n)
    for n, w in enumerate(
        ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"], start=2
    )
}


def spoken_number(tokens: Sequence[Token], i: int) -> tuple[float, int] | None:
    """A number written in words at i ("one hundred", "forty", "ten"): its value and the next index."""
    spelled = _spelled(tokens, i)
    if spelled is not None:
        return spelled
    word = tokens[i].text if i < len(tokens) else ""
    return (UNITS_SPELLED.get(word) or _TENS_SPELLED.get(word) or 0.0, i + 1) if _said_number(word) else None


def _said_number(word: str) -> bool:
    return word in UNITS_SPELLED or word in _TENS_SPELLED


def _spelled(tokens: Sequence[Token], i: int) -> tuple[float, int] | None:
    """A number said in two or more words ("sixty four", "twelve hundred", "two thousand four
    hundred"), as dictation writes it; one word is left to NUMBER_WORDS."""
    total, part, j, words = 0.0, 0.0, i, 0
    while j < len(tokens) and not tokens[j].punct and j - i < 8:
        word = tokens[j].text
        if word in UNITS_SPELLED and part % 10 == 0 and (part % 100 == 0 or part % 100 >= 20):
            part += UNITS_SPELLED[word]
        elif word in _TENS_SPELLED and part % 100 == 0:
            part += _TENS_SPELLED[word]
        elif word == "hundred" and 0 < part < 100:
            part *= 100
        elif word == "thousand" and 0 < part < 1000:
            total, part = total + part * 1000, 0.0
        elif word == "and" and part >= 100 and j + 1 < len(tokens) and _said_number(tokens[j + 1].text):
            j += 1
            continue
        else:
            break
        j, words = j + 1, words + 1
    return (total + part, j) if words >= 2 else None


def _number(tokens: Sequence[Token], i: int) -> tuple[float, str, int] | None:
    """(value, glued unit, next index) for a number at i: "16", "16gi", "one", "a couple of"."""
    text = tokens[i].text
    if tokens[i].joined and i > 0 and tokens[i - 1].text[-1:].isalpha():
        return None  # "RS-485", "gen-9": the figure is part of a name
    m = _NUM_UNIT.match(text)
    if m:
        return float(m.group(1)), m.group(2), i + 1
    m = _MULT.match(text)
    if m:
        return float(m.group(1)), "x", i + 1
    if text == "half" and i + 1 < len(tokens) and tokens[i + 1].text in ("a", "an"):
        return 0.5, "", i + 2  # "half a terabyte"
    if text in ("a", "one") and _next_text(tokens, i + 1) == "quarter":
        j = i + 2  # "a quarter core", "a quarter of a core"
        if _next_text(tokens, j) == "of" and _next_text(tokens, j + 1) in ("a", "an"):
            j += 2
        return 0.25, "", j
    spelled = _spelled(tokens, i)
    if spelled is not None:
        return spelled[0], "", spelled[1]
    if text in NUMBER_WORDS and text not in ("half", "single", "couple", "pair", "dozen"):
        return NUMBER_WORDS[text], "", i + 1
    if text in ("a", "an") and i + 1 < len(tokens):
        nxt = tokens[i + 1].text
        if nxt in ("couple", "pair", "dozen", "single"):
            j = i + 3 if i + 2 < len(tokens) and tokens[i + 2].text == "of" else i + 2
            return NUMBER_WORDS[nxt], "", j
        if nxt in _A_ADJ and (_next_text(tokens, i + 2) in _COUNTED_UNITS):
            if _next_text(tokens, i + 3).rstrip("s") in _PER_PLACE:
                return None  # "an idle GPU node": the node is idle, no count of GPUs
            return 1.0, "", i + 1
    return None


def _skip_adjectives(tokens: Sequence[Token], j: int, limit: int) -> int:
    while j < len(tokens) and limit > 0 and not tokens[j].punct and tokens[j].text in _ADJ:
        j, limit = j + 1, limit - 1
    return j


def _trail(tokens: Sequence[Token], j: int) -> int:
    """Consume trailing "free", "of memory", "headroom" that belong to the quantity."""
    limit = 3
    while j < len(tokens) and limit > 0 and not tokens[j].punct and tokens[j].text in _TRAILING:
        j, limit = j + 1, limit - 1
    return j


def _next_text(tokens: Sequence[Token], j: int) -> str:
    return tokens[j].text if j < len(tokens) and not tokens[j].punct else ""


def _memory_or_cpu_m(tokens: Sequence[Token], j: int) -> str:
    """Kubernetes "m": millicores with a CPU word after it ("500m of cpu"), MiB with a memory word;
    otherwise not a resource ("31m" is minutes or metres)."""
    for k in range(j, min(j + 4, len(tokens))):  # the nearest resource word decides
        if tokens[k].punct:
            break
        if tokens[k].text in _MEMORY_WORDS:
            return "memory"
        if tokens[k].text in _CPU_WORDS:
            return "cpu"
    return ""


_RANGE_WORDS = frozenset({"to", "through", "thru", "until", "or"})
_FREE_WORDS = frozenset(
    {"free", "spare", "idle", "available", "unused", "unallocated", "headroom", "unreserved", "margin"}
)


def _range_end(tokens: Sequence[Token], i: int, j: int) -> Quantity | None:
    """ "between 8 and 16 cores", "4-8 free cores", "2 to 4 GPUs": the quantity after the range word,
    whose lower bound (token i) is what the hint asks for."""
    if j >= len(tokens) or tokens[j].punct:
        return None
    word = tokens[j].text
    if tokens[j].joined and word[:1].isdigit():
        k = j  # "4-8": the hyphen glued the upper bound to the lower
    elif word in _RANGE_WORDS or (word == "and" and i > 0 and tokens[i - 1].text == "between"):
        k = j + 1
    else:
        return None
    if k >= len(tokens) or not tokens[k].text[:1].isdigit():
        return None
    return parse_quantity(tokens, k)


_PER_PLACE = frozenset({"node", "pod", "replica", "instance", "host", "worker", "machine", "box", "server"})


# Verbs that move or keep data: a size they take is a volume of data, not memory ("it reads 400 GB").
_DATA_VERBS = frozenset(
    [
        "reads",
        "writes",
        "pulls",
        "dumps",
        "downloads",
        "uploads",
        "ingests",
        "stores",
        "produces",
        "generates",
        "emits",
        "copies",
        "transfers",
        "ships",
        "streams",
        "fetches",
        "syncs",
        "exports",
        "archives",
        "read",
        "write",
        "pull",
        "dump",
        "download",
        "upload",
        "ingest",
        "store",
        "produce",
        "generate",
        "copy",
        "transfer",
        "stream",
        "fetch",
        "sync",
        "export",
        "archive",
    ]
)
_ASKS_FOR = frozenset(
    {"and", "but", "so", "plus", "needs", "need", "needing", "wants", "want", "requires", "require"}
    | {"give", "gets", "get", "with", "has", "have", "reserve", "keep", "leave", "at"}
)
_TIMES = frozenset({"day", "week", "month", "hour", "night", "year", "minute", "run", "shift"})
_SENTENCE_ENDS = frozenset({".", ";", "!", "?"})
_BRACKET_OR_END = _SENTENCE_ENDS | {"(", ")"}


def _moved_data(tokens: Sequence[Token], i: int, j: int) -> bool:
    """ "writes around 4 TB a week", "pulls 700 GB from NFS", "reads yield-history (12 seasons, 400 GB)":
    a size that a verb of moving data takes in its clause, or that comes with a rate or a source."""
    after = _next_text(tokens, j)
    if after in _FREE_WORDS or after in _MEMORY_WORDS:
        return False
    if after in ("a", "an", "each", "every") and _next_text(tokens, j + 1) in _TIMES:
        return True
    if after in ("daily", "weekly", "nightly", "monthly", "hourly", "from"):
        return True
    for k in range(i - 1, max(i - 10, -1), -1):  # inside "( ... )" a comma parts figures, not clauses
        token = tokens[k]
        if token.punct:
            if token.text in _SENTENCE_ENDS or token.text == ")":
                return False
            if token.text == "," and not _bracketed(tokens, k):
                return False
        elif token.text in _DATA_VERBS:
            return True
        elif token.text in _ASKS_FOR:
            return False  # "it reads from kafka and needs 16 GB": the need takes the size
    return False


def _bracketed(tokens: Sequence[Token], k: int) -> bool:
    for m in range(k - 1, max(k - 6, -1), -1):
        if tokens[m].punct and tokens[m].text in _BRACKET_OR_END:
            return tokens[m].text == "("
    return False


def _data_size(tokens: Sequence[Token], j: int) -> bool:
    """ "30 GB of textures", "500G of logs", "2 TB per run": a size of something other than memory."""
    if _next_text(tokens, j) == "per":
        return _next_text(tokens, j + 1) not in _PER_PLACE
    if _next_text(tokens, j) != "of":
        return False
    after = _next_text(tokens, j + 1)
    roomy = ("the", "a", "node", "host", "breathing", "room", "space", "slack", "free", "spare")
    return bool(after) and after not in _TRAILING and after not in roomy


def parse_quantity(tokens: Sequence[Token], i: int) -> Quantity | None:
    """A quantity starting at token i, or None; GPU names' own memory ("A100 80GB") is not one."""
    got = _number(tokens, i)
    if got is None:
        return None
    value, unit, j = got
    if not unit:
        upper = _range_end(tokens, i, j)
        if upper is not None and upper.resource and upper.amount > 0:
            second = _number(tokens, upper.start)
            scale = upper.amount / second[0] if second is not None and second[0] else 1.0
            return Quantity(upper.resource, value * scale, i, upper.end)
    if not unit:
        j = _skip_adjectives(tokens, j, 3)
        unit = _next_text(tokens, j)
        if unit in _GPU_NAMES:  # "4 A100 GPUs", "8 H100s": a count; the name stays for the scanner
            return Quantity("gpu", value, i, j)
        if unit == "x":  # "4 x L4": a count of GPUs
            k = _skip_adjectives(tokens, j + 1, 2)
            return Quantity("gpu", value, i, k) if _next_text(tokens, k) in _GPU_NAMES else None
        j += 1
    if unit == "x":  # "2x A100", "2x free gpu"
        j = _skip_adjectives(tokens, j, 2)
        if _next_text(tokens, j) in GPU_UNITS:
            return Quantity("gpu", value, i, j + 1)
        return Quantity("gpu", value, i, j) if _next_text(tokens, j) in _GPU_NAMES else None
    if unit == "m":
        before = tokens[i - 1] if i > 0 else None  # "memory 512m"; ", 250m cpu" starts afresh
        keyed = before is not None and not before.punct and before.text in _MEMORY_WORDS
        resource = "memory" if keyed else _memory_or_cpu_m(tokens, j)
        if not resource and value >= 50 and _next_text(tokens, j) in _FREE_WORDS:
            resource = "cpu"  # "250m free", as a pod spec writes CPU; minutes are never free
        if not resource:
            return None
        amount = value / 1024 if resource == "memory" else value / 1000
        return Quantity(resource, amount, i, _trail(tokens, j))
    if unit in MEMORY_UNITS:
        after = _next_text(tokens, _skip_adjectives(tokens, j, 1))
        if after in _NOT_MEMORY or after in _GPU_NAMES or after in GPU_SUFFIXES or _data_size(tokens, j):
            return Quantity("", value, i, j)
        if after not in _MEMORY_WORDS and after not in _FREE_WORDS and _moved_data(tokens, i, j):
            return Quantity("", value, i, j)
        return Quantity("memory", value * MEMORY_UNITS[unit], i, _trail(tokens, j))
    if unit in CPU_UNITS:
        return Quantity("cpu", value * CPU_UNITS[unit], i, _trail(tokens, j))
    if unit == "c" and _next_text(tokens, j) in _FREE_WORDS:  # "16c free"
        return Quantity("cpu", value, i, _trail(tokens, j))
    if unit in GPU_UNITS:
        return Quantity("gpu", value, i, _trail(tokens, j))
    return None
