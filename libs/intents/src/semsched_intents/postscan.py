"""Second pass over marks: readings that need a window of marks, not one token.

- "least ... load/utilisation" and "heavy ... load" become idle / busy concepts;
- unknown words before a head noun after a colocation cue become apps kept as written
  ("away from the elasticsearch pods"), and before "dataset"/"corpus" become datasets.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from itertools import pairwise

from semsched_intents.clauses import COPULAS
from semsched_intents.concepts import NUMBER_WORDS
from semsched_intents.lexicon import ALONE_WORDS, HAVING, MACHINE_NOUNS
from semsched_intents.marks import Mark
from semsched_intents.quantities import MEMORY_UNITS
from semsched_intents.text import Token
from semsched_intents.vocab import Tag

# Plural nouns that follow a label value ("c3 machines", "ssd disks"): not a verb in the present tense.
PLURAL_NOUNS = frozenset(
    [
        "nodes",
        "machines",
        "boxes",
        "hosts",
        "servers",
        "instances",
        "vms",
        "workers",
        "disks",
        "drives",
        "cards",
        "gpus",
        "ones",
        "pools",
        "racks",
        "types",
        "models",
        "boards",
        "units",
        "devices",
        "systems",
        "clusters",
        "slots",
        "tiers",
        "sockets",
        "chips",
        "cpus",
        "vcpus",
    ]
)
_DATASET_HEADS = frozenset({"dataset", "data set", "corpus", "datasets"})
_SKIP = frozenset({"the", "a", "an", "our", "their", "those", "these", "any", "its", "my"})
# Words that cannot be an app's name in "near the <name> pods".
_NOT_NAMES = frozenset(
    {
        "other",
        "another",
        "some",
        "same",
        "different",
        "your",
        "all",
        "each",
        "every",
        "many",
        "more",
        "most",
        "few",
        "several",
        "existing",
        "new",
        "old",
        "own",
        "this",
        "where",
        "us",
        "we",
        "me",
        "you",
        "them",
        "it",
        "itself",
        "ours",
        "two",
        "three",
        "both",
        "these",
        "those",
    }
)


def _is_plain(mark: Mark) -> bool:
    return not mark.punct and not mark.tags and bool(mark.text) and mark.text not in _NOT_NAMES


_UNDER = frozenset({"under", "below", "less than", "lower than", "at most", "max", "<", "<="})


def _load_cap(marks: list[Mark], n: int) -> bool:
    """ "nodes under 40% CPU util", "below 30 percent utilization": a load cap asks for a quiet node."""
    if n + 3 >= len(marks) or not _FIGURE.match(marks[n + 1].text) or marks[n + 2].text != "percent":
        return False
    following = marks[n + 3 : n + 5]
    load = next((m for m in following if m.has("load")), None)
    if load is None or not all(m.has("res") for m in following[: following.index(load)]):
        return False
    marks[n].tags = (Tag("concept", "idle"),)
    marks[n + 1].tags = marks[n + 2].tags = (Tag("filler"),)
    load.tags = tuple(t for t in load.tags if t.role == "res")
    return True


_LEVEL_BETWEEN = frozenset(
    {"on", "the", "node", "nodes", "box", "host", "should", "must", "to", "stay", "stays"}
)


def _load_combos(marks: list[Mark]) -> None:
    for n in range(1, len(marks)):  # "gpu usage low pls": the level after the load word
        mark, before = marks[n], marks[n - 1]
        if before.text == "as" and n >= 2:
            before = marks[n - 2]  # "GPU load as low as possible"
        if mark.has("low") and before.text in _BE:  # "GPU utilisation on the node should be low"
            k = n - 2
            while k >= 0 and k > n - 8 and (marks[k].text in _LEVEL_BETWEEN or marks[k].has("filler")):
                k -= 1
            if k >= 0 and marks[k].has("load") and not marks[k].punct:
                before = marks[k]
        if (mark.has("low") or mark.has("high")) and before.has("load") and mark.entity() is None:
            closing = marks[n + 1] if n + 1 < len(marks) else None
            if closing is None or closing.punct or closing.has("mod") or closing.has("filler"):
                level = "idle" if mark.has("low") else "busy"
                mark.tags = (Tag("concept", level),)
                before.tags = tuple(t for t in before.tags if t.role == "res")
    for n, mark in enumerate(marks):
        if mark.text in _UNDER and not mark.tags and _load_cap(marks, n):
            continue
        level = "idle" if mark.has("low") else "busy" if mark.has("high") else ""
        if not level or mark.entity() is not None:
            continue
        on = marks[n + 2] if n + 2 < len(marks) and marks[n + 1].text == "on" else None
        if mark.text in ("light", "heavy") and on is not None and on.has("res"):
            machine = any(m.text in MACHINE_NOUNS for m in marks[max(0, n - 3) : n])
            if not machine:  # "a nightly report, light on CPU": what the job uses
                mark.tags = ()
                continue
            if mark.text == "light":
                mark.tags = (Tag("concept", "idle"),)  # "a box that's light on CPU"
                continue
        after = marks[n + 1].text if n + 1 < len(marks) else ""
        if mark.text == "light" and n and marks[n - 1].has("res") and after in MACHINE_NOUNS:
            mark.tags = (Tag("concept", level),)  # "the memory-light node"
            continue
        for k in range(n + 1, min(n + 5, len(marks))):
            other = marks[k]
            if other.punct:
                break
            if other.text in ("already", "currently"):
                continue  # "the least CPU already requested"
            if other.has("load"):
                mark.tags = (Tag("concept", level),)
                other.tags = tuple(t for t in other.tags if t.role == "res")
                break
            if not (other.has("res") or other.has("filler")):
                break


def _word_before(marks: Sequence[Mark], n: int) -> Mark | None:
    """The mark before `n`, past up to two articles or fillers ("near the <name>")."""
    k = n - 1
    while k >= 0 and (marks[k].text in _SKIP or marks[k].has("filler")) and n - k < 4:
        k -= 1
    return marks[k] if k >= 0 else None


def _cue_before(marks: Sequence[Mark], n: int) -> bool:
    m = _word_before(marks, n)
    if m is not None and m.has("neg") and n > 0 and marks[n - 1].text in _BE:
        return False  # "the batch cannot be half-done": what it is, not who it keeps away from
    return m is not None and (m.has("cue", "colo") or m.has("cue", "samezone") or m.has("neg"))


_BE = COPULAS | {"be", "been"}


def _join_words(tokens: Sequence[Token], marks: Sequence[Mark]) -> str:
    return "-".join(tokens[m.start].text for m in marks)


# Software people run beside their jobs, named without a head noun ("near postgres"): a name the
# cluster's context does not list is still a workload when it is one of these.
_WELL_KNOWN_WORDS = (
    "postgres postgresql mysql mariadb mongodb mongo redis memcached valkey kafka zookeeper rabbitmq "
    "nats pulsar elasticsearch opensearch solr clickhouse cassandra scylla cockroachdb etcd consul vault "
    "nginx haproxy envoy traefik prometheus grafana loki jaeger tempo fluentd fluentbit vector minio ceph "
    "spark flink airflow dask ray jupyter jupyterhub triton vllm ollama milvus qdrant weaviate pgbouncer "
    "celery sidekiq keycloak gitlab jenkins argocd istio linkerd coredns"
)
_WELL_KNOWN = frozenset(_WELL_KNOWN_WORDS.split())


_CODE_LIKE = re.compile(r"^[a-z]+\d+[a-z0-9]*$")  # "hg19", "grch38"
_SERVICE_NOUNS = frozenset({"cache", "db", "database", "broker", "queue", "cluster", "instance", "server"})


def _ends_phrase(after: Mark | None) -> bool:
    return after is None or bool(after.punct) or any(after.has(r) for r in ("conj", "mod", "split"))


def _workload_name(marks: Sequence[Mark], n: int, app_words: Mapping[str, str]) -> bool:
    """A lone unknown word after a placement cue is a workload when it is well known, ends one app's
    name ("next to the scheduler"), or follows "same <node/zone word> as" (nothing but a workload can
    be there)."""
    if marks[n].text in _WELL_KNOWN or marks[n].text in app_words:
        return True
    m = _word_before(marks, n)
    return m is not None and m.text.startswith("same ") and m.text.endswith(" as")


def _stored_after(marks: Sequence[Mark], k: int) -> bool:
    return any(m.has("cue", "locality") for m in marks[k : k + 2])


def _unknown_names(marks: list[Mark], tokens: Sequence[Token], app_words: Mapping[str, str]) -> list[Mark]:
    out: list[Mark] = []
    n = 0
    while n < len(marks):
        run_end = n
        while run_end < len(marks) and _is_plain(marks[run_end]) and run_end - n < 3:
            run_end += 1
        if run_end == n:
            out.append(marks[n])
            n += 1
            continue
        run = marks[n:run_end]
        after = marks[run_end] if run_end < len(marks) else None
        head_text = " ".join(t.text for t in tokens[after.start : after.end]) if after else ""
        glued = len(run) > 1 and all(tokens[m.start].joined for m in run[1:])
        machines = head_text in MACHINE_NOUNS  # "not the r12 nodes": a group of machines, not an app
        kind = ""
        if after is not None and head_text in _DATASET_HEADS:
            kind = "dataset"
        elif (
            (glued or (len(run) == 1 and _CODE_LIKE.match(run[0].text) is not None))
            and n > 0
            and marks[n - 1].text in ("where", "wherever")
            and _stored_after(marks, run_end)
        ):
            kind = "dataset"  # "run where ifs-hres is cached", "wherever hg19 is cached"
        elif any(m.text in MACHINE_NOUNS for m in run):
            kind = ""  # "no multi-node", "single-node only": how many machines, no app
        elif _cue_before(marks, n) and (glued or (after is not None and after.has("head") and not machines)):
            kind = "app"
        elif (
            len(run) == 1
            and _cue_before(marks, n)
            and (
                _ends_phrase(after)
                or (after is not None and after.text in _SERVICE_NOUNS and run[0].text in _WELL_KNOWN)
            )
            and _workload_name(marks, n, app_words)
        ):
            kind = "app"  # "same box as redis.", "near postgres, pls", "next to the redis cache"
        if kind:
            end = after.end if kind == "app" and after is not None and after.has("head") else run[-1].end
            name = _join_words(tokens, run)
            known = kind == "app" and name in app_words  # "the same box as the trainer": fsdp-trainer
            out.append(
                Mark(run[0].start, end, (Tag("ent", app_words.get(name, name), kind=kind),), known=known)
            )
            n = run_end + (1 if end > run[-1].end else 0)
            continue
        out.extend(run)
        n = run_end
    return out


_AT_LEAST = frozenset({"at least", "at minimum", "minimum", "min", "min of", "a minimum of", "no less than"})


def _bare_counts(marks: list[Mark]) -> None:
    """ "A100s or L4s, with at least 2 free": a count with no unit takes the GPU or CPU named just before."""
    for n, mark in enumerate(marks):
        k = n + 1
        while k < len(marks) and marks[k].text in ("of", "them", "those", "these") and k - n < 3:
            k += 1  # "4 of them free"
        floor = n > 0 and marks[n - 1].text in _AT_LEAST  # "plenty of free cores, at least twelve"
        if mark.tags and not (floor and mark.text in NUMBER_WORDS):
            continue
        if not (mark.text.isdigit() or mark.text in NUMBER_WORDS):
            continue
        if not floor and (k >= len(marks) or not marks[k].has("qadj")):
            continue
        for k in range(n - 1, max(-1, n - 8), -1):
            kinds = {t.kind for t in marks[k].tags if t.role == "ent"} | {
                t.value for t in marks[k].tags if t.role == "res"
            }
            resource = "gpu" if "gpu" in kinds else "cpu" if "cpu" in kinds else ""
            if resource:
                amount = float(mark.text) if mark.text.isdigit() else NUMBER_WORDS[mark.text]
                mark.tags = (Tag("qty", f"{amount:.10g}", kind=resource),)
                break


_NUMBER = re.compile(r"^(\d{1,6}(?:\.\d{1,3})?)(m?)$")
_KEYED_GAP = frozenset({":", "="})


def _keyed_counts(marks: list[Mark]) -> None:
    """ "cpu: 8", "free cpu at least 6", "CPU: min 4000m free": a number with no unit after a resource
    word (and only a colon, "at least" or "free" between) counts that resource; memory in GiB."""
    for n, mark in enumerate(marks):
        m = _NUMBER.match(mark.text) if not mark.tags and not mark.punct else None
        if m is None:
            continue
        for k in range(n - 1, max(-1, n - 5), -1):
            before = marks[k]
            res = next((t.value for t in before.tags if t.role == "res"), "")
            if res:
                amount = float(m.group(1))
                if m.group(2):  # "4000m": Kubernetes milli-units, MiB for memory
                    amount = amount / 1024 if res == "memory" else amount / 1000
                mark.tags = (Tag("qty", f"{amount:.10g}", kind=res),)
                break
            if not (before.punct in _KEYED_GAP or before.has("filler") or before.has("qadj")):
                break


_EACH = frozenset({"each", "apiece", "per"})


def _sizes_said(marks: list[Mark]) -> None:
    """A size that asks for no free memory: "~40MB each", "reads at 3GB/s", "near the logs (~2TB)" (the
    data's size), "they share a 20G shm segment" (a thing's size; "a 64G box" still asks)."""
    for n, mark in enumerate(marks):
        if not mark.has("qty") or not any(t.kind == "memory" for t in mark.tags):
            continue
        after = marks[n + 1] if n + 1 < len(marks) else None
        later = marks[n + 2] if n + 2 < len(marks) else None
        before = marks[n - 1] if n else None
        rate = after is not None and after.punct == "/" and later is not None and later.text in ("s", "sec")
        each = after is not None and after.text in _EACH
        sized = (
            before is not None
            and before.punct == "("
            and n >= 2
            and any(t.kind == "dataset" for t in marks[n - 2].tags)
        )
        thing = (
            before is not None
            and before.text in ("a", "an")
            and after is not None
            and after.entity() is None
            and not after.has("res")
            and after.text.isalpha()
            and after.text not in MACHINE_NOUNS
        )
        heap = after is not None and after.text == "heap"  # "a Java monolith with 32Gi heap"
        if rate or each or sized or thing or heap:
            mark.tags = (Tag("filler"),)
    _own_requests(marks)
    _own_size_bracketed(marks)


_SMALL = frozenset({"light", "small", "tiny", "lightweight", "lean", "little", "smol"})


def _own_size_bracketed(marks: list[Mark]) -> None:
    """ "It's pretty light (250m cpu, 512Mi)": figures in brackets after how small the job is are its
    own size, no free capacity asked."""
    for n, mark in enumerate(marks[:-1]):
        if mark.punct != "(" or n == 0 or marks[n - 1].text not in _SMALL:
            continue
        for inner in marks[n + 1 :]:
            if inner.punct == ")":
                break
            if inner.has("qty") and any(t.kind in ("cpu", "memory") for t in inner.tags):
                inner.tags = (Tag("filler"),)


_REQUESTS = frozenset({"requests", "request", "requesting", "requested", "limits", "limit"})
_FREE = frozenset(
    {"free", "spare", "idle", "unused", "unallocated", "available", "headroom", "room", "margin"}
)


def _own_requests(marks: list[Mark]) -> None:
    """ "requests 4 CPU / 8Gi": what the pod itself requests is its size, not free room on a node (unless
    the hint asks for room: "requests 4 CPU; find a node that still has that much unrequested")."""
    if any(w in _FREE or w == "unrequested" for m in marks for w in m.text.split(" ")):
        return
    stated = False
    for n, mark in enumerate(marks):
        if not mark.has("qty"):
            stated = stated and (mark.punct in ("/", ",") or mark.has("conj") or mark.has("filler"))
            continue
        before = {m.text for m in marks[max(0, n - 3) : n]}
        after = marks[n + 1].text if n + 1 < len(marks) else ""
        stated = (stated or bool(before & _REQUESTS)) and after not in _FREE
        if stated:
            mark.tags = (Tag("filler"),)


_NOT_MONEY = frozenset(
    {"power", "latency", "time", "error", "errors", "thermal", "heat", "cooling", "memory"}
)
_NOT_MONEY_UNIT = re.compile(r"^\d+(\.\d+)?(ms|s|sec|w|kw|us|µs)$")


_TRAFFIC = frozenset(
    {"egress", "traffic", "latency", "hops", "hop", "bandwidth", "transfer", "calls", "chatter", "charges"}
)


def _purpose_avoid(marks: list[Mark]) -> None:
    """ "..., to avoid shipping tables across the network": what the request is for, no refusal."""
    for n in range(1, len(marks) - 1):
        purpose = marks[n].text in ("avoid", "avoiding") and marks[n - 1].text in ("to", "so as to")
        if purpose and marks[n + 1].text.endswith("ing") and not marks[n + 1].tags:
            marks[n].tags = (Tag("filler"),)


_OVER_BUDGET_SAID = COPULAS | {"way", "already"}  # "we're way over budget", "is already over budget"


def _other_budgets(marks: list[Mark]) -> None:
    """ "a 10ms budget end to end", "the power budget of the quay cabinets": no money is meant; and
    "cross-az egress" is traffic between zones, no spread."""
    for n in range(len(marks) - 1):
        between = marks[n].has("concept", "spread_zones") and marks[n].text.startswith(("cross", "inter"))
        if between and marks[n + 1].text in _TRAFFIC:
            marks[n].tags = (Tag("filler"),)
    for n in range(1, len(marks)):
        mark, before = marks[n], marks[n - 1]
        if not mark.text.startswith("budget"):
            continue
        other = before.text in _NOT_MONEY or _NOT_MONEY_UNIT.match(before.text) is not None
        if before.text in ("that", "this", "the") and not other:  # "within 200 ms ..., most of that budget"
            other = any(
                _NOT_MONEY_UNIT.match(m.text) or m.text in ("ms", "latency")
                for m in marks[max(0, n - 25) : n]
            )
        if mark.has("concept", "cheap") and other:
            mark.tags = (Tag("filler"),)
        # "we're over budget on EC2 this month": how the money stands, told ("stay under budget" asks)
        said = n >= 2 and (marks[n - 2].has("subj") or marks[n - 2].text in _OVER_BUDGET_SAID)
        if mark.text == "budget" and mark.has("concept", "cheap") and before.text == "over" and said:
            before.tags, mark.tags = (), (Tag("bg"),)


_DWELLS = frozenset({"runs", "run", "lives", "live", "sits", "sit", "resides", "running", "hosted"})


def _where_it_runs(marks: list[Mark]) -> None:
    """ "put it where the headend already runs", "where the-pile lives": the place of that workload
    or data is asked for (the app by the last word of its name, as after any placement cue)."""
    for n, mark in enumerate(marks):
        if not mark.text.startswith("where") or mark.has("cue", "colo") or n == 0:
            continue  # "Where does telstate live now?" asks to be told
        if not (marks[n - 1].has("verb") or marks[n - 1].text in ("it", "there")):
            continue  # "don't mind where the lab wiki runs": no placement verb before it
        k = n + 1
        while k < len(marks) and k - n < 3 and (marks[k].has("filler") or marks[k].text == "the"):
            k += 1
        name = k
        while k < len(marks) and k - name < 3 and not (marks[k].text in _DWELLS or marks[k].has("bg")):
            k += 1
        while k < len(marks) and marks[k].has("bg") and marks[k].text in ("already", "currently"):
            k += 1
        if name < k < len(marks) and marks[k].text in _DWELLS:
            mark.tags = (Tag("cue", "colo"),)


_PEOPLE_VERBS = frozenset(
    {"wants", "want", "says", "said", "asked", "asks", "decided", "reported", "thinks", "told", "agreed"}
)
# What a hint is about, after a label value: "the PCI audit", "a PCI incident report".
_ABOUT_NOUNS = frozenset(
    {"audit", "incident", "report", "review", "scope", "ticket", "meeting", "deadline", "checklist"}
)


_ASKED_FOR = frozenset(
    {"points", "point", "preference", "preferences", "need", "asked", "ask", "asks", "request", "requested"}
    | {"go", "going", "looking", "vote", "opt", "wish", "hope", "hoping", "bonus", "plus", "extra"}
)
_WORK_NOUNS = frozenset(
    {"job", "jobs", "workload", "workloads", "export", "exports", "dashboard", "dashboards", "share"}
    | {"run", "runs", "pipeline", "pipelines", "stuff", "team", "teams", "team's"}
)


def _heading(marks: list[Mark]) -> None:
    """ "ETA shadow eval: spot nodes preferred", "caption-corpus training: needs an L4": the words before
    an opening colon name the job; a label value or a dataset there asks for nothing."""
    colon = next((k for k, m in enumerate(marks[:7]) if m.punct), None)
    if colon is None or marks[colon].punct != ":" or colon == 0 or colon + 1 >= len(marks):
        return
    asks = ("verb", "mod", "neg", "cue", "perm", "qty", "concept")
    if any(m.has(role) for m in marks[:colon] for role in asks):
        return
    if marks[colon - 1].has("head") and marks[colon - 1].text in MACHINE_NOUNS:
        return  # "open-rack nodes: avoid if you can": the machines the heading names
    # "submissions-2025 scan: data locality is a must": a later ask for the data keeps the dataset
    local = any(m.has("cue", "locality") for m in marks[colon + 1 :])
    kinds = ("label",) if local else ("label", "dataset")
    for m in marks[:colon]:
        if any(t.role == "ent" and t.kind in kinds for t in m.tags) and "=" not in m.text:
            m.tags = (Tag("filler"),)


def _label_topics(marks: list[Mark]) -> None:
    """ "OCR: prefer T4 or L4", "Trading wants the odds engine in nj-secaucus", "given the PCI audit": a
    label value that names the team, the workload or the topic the hint is about asks for no label."""
    for n, mark in enumerate(marks[:-1]):
        if not any(t.role == "ent" and t.kind == "label" for t in mark.tags) or "=" in mark.text:
            continue
        after = marks[n + 1]
        opening = all(m.has("filler") or m.text in ("hi", "hey", "re", "for", "the") for m in marks[:n])
        topic = opening and after.punct == ":" and any(m.entity() is not None for m in marks[n + 2 :])
        # "the reduction of a full night takes 9 hours": the word as a plain noun, no machines
        noun = n > 0 and marks[n - 1].text == "the" and after.text == "of" and " " not in mark.text
        # "the research exports", "a retryable batch job", "the locomotion team's big run": the value
        # says which work or whose; "the dispatch team nodes" still names machines
        work = after.text in _WORK_NOUNS and not any(m.text in MACHINE_NOUNS for m in marks[n + 2 : n + 5])
        # "L4, for inference it is more than enough": what the work is for ("bonus points for gen5",
        # "a preference for EDR" ask for it)
        k = n - 1 if n and marks[n - 1].text == "the" else n
        purpose = (
            k > 0
            and marks[k - 1].text == "for"
            and (k < 2 or not (marks[k - 2].text.split(" ")[-1] in _ASKED_FOR or marks[k - 2].has("mod")))
            and not (after.has("head") or after.has("lhead") or after.text in MACHINE_NOUNS)
        )
        if topic or noun or work or purpose or after.text in _PEOPLE_VERBS or after.text in _ABOUT_NOUNS:
            mark.tags = (Tag("filler"),)


_KEY_WORDS = frozenset({"key", "topology", "topologykey", "level", "domain"})


def _zone_keyed(marks: list[Mark]) -> None:
    """ "pod affinity with X on topology key zone", "affinity with X at zone level": affinity over the
    zone topology key is the same zone, not the same node."""
    for n, mark in enumerate(marks):
        if not mark.has("cue", "colo") or mark.has("neg"):
            continue
        for k in range(n + 1, min(len(marks), n + 10)):
            if marks[k].punct in (".", ";", "\n"):
                break
            word = marks[k]
            near = {m.text for m in marks[max(0, k - 2) : k + 3]}
            if word.has("zoneword") and word.entity() is None and near & _KEY_WORDS:
                mark.tags = (Tag("cue", "samezone"),)
                break


_LEAVE = frozenset({"leave", "leaves", "leaving", "exit", "exits"})


def _leaving(marks: list[Mark]) -> None:
    """ "must not leave mt-valletta", "never leave the vault room": leaving a place is going off it, so
    a refusal to leave keeps it there."""
    for n, mark in enumerate(marks[:-1]):
        if mark.text not in _LEAVE or any(t.role != "verb" for t in mark.tags):
            continue
        k = n + 1
        while k < len(marks) - 1 and marks[k].text in ("the", "our", "this", "that", "these", "those"):
            k += 1  # "can't leave that AZ"
        place, after = marks[k], marks[k + 1].text if k + 1 < len(marks) else ""
        j = k + 1
        while j < len(marks) and (marks[j].has("head") or marks[j].text in ("ones", "one")):
            j += 1
        kept = j < len(marks) and marks[j].text == "for" and not (n > 0 and marks[n - 1].has("neg"))
        if kept and any(t.role == "ent" and t.kind in ("zone", "node", "label", "gpu") for t in place.tags):
            mark.tags = (Tag("neg"), Tag("verb"))  # "leave the 25GbE ones for search": kept for others
            for m in marks[j + 1 : j + 4]:
                if m.entity() is not None and not m.has("qty"):
                    m.tags = ()
            continue
        if after in ("clear", "alone", "free", "empty", "untouched", "be", "for"):
            continue  # "leave comb-roof clear": keep off it
        if any(t.role == "ent" and t.kind in ("zone", "node") for t in place.tags) or place.has("zoneword"):
            mark.tags = (Tag("neg"), Tag("verb"))


_PLACING_VERBS = frozenset({"run", "put", "deploy", "schedule", "move", "place", "pin", "land", "start"})


_DOES = frozenset({"runs", "takes", "lasts", "writes", "reads", "spends", "churns", "crunches", "streams"})


def _app_subjects(marks: list[Mark]) -> None:
    """ "the token-vault service shall be rescheduled away from thm-bm03", "matchmaker pods should move
    off osk-rt02": an app that opens its clause before a modal is the subject, not where to go, when
    the clause names somewhere else after it."""
    for n, mark in enumerate(marks):
        if not mark.tags or not any(t.role == "ent" and t.kind == "app" for t in mark.tags):
            continue
        j = n - 1
        while j >= 0 and marks[j].text in ("the", "our", "this", "all"):
            j -= 1
        if j >= 0 and marks[j].has("mod") and marks[j].text.startswith((*_MODALS, "may", "can")):
            mark.tags = (Tag("filler"),)  # "under no circumstances should ledger-db run on spot"
            continue
        if j >= 0 and marks[j].punct not in (":", ".", ";", "\n") and not marks[j].has("filler"):
            continue
        k = n + 1
        while k < len(marks) and (marks[k].has("head") or marks[k].has("replicas")):
            k += 1
        modal = k < len(marks) and marks[k].has("mod") and marks[k].text.startswith(_MODALS)
        # "fraud-engine is pinned to ash-gen-02": a copula after it makes it the subject as well
        copula = (  # "fraud-engine is pinned to ...", as a decision record states it
            k + 1 < len(marks) and marks[k].text in ("is", "are") and marks[k + 1].text.endswith("ed")
        )
        each_other = any(m.text in ("each other", "one another") for m in marks[k + 1 :])
        if (modal or copula) and each_other:
            mark.tags = (Tag("replicas"),)  # "the X pods must be on the same node as each other"
            continue
        # "jupyterhub pods should stick together on one node": its own pods, kept together or apart
        grouped = any(
            m.has("concept", "together") or m.has("concept", "spread_nodes") for m in marks[k + 1 :]
        )
        if (
            (modal or copula)
            and grouped
            and mark.text.split(" ")[-1] in ("replicas", "pods", "copies", "instances")
        ):
            mark.tags = (Tag("replicas"),)
            continue
        if (modal or copula) and any(m.entity() is not None and m.has("ent") for m in marks[k + 1 :]):
            # "tile-cache replicas are packed ...": its replicas stay the replicas
            own = mark.text.split(" ")[-1] in ("replicas", "pods", "copies", "instances", "workers")
            mark.tags = (Tag("replicas"),) if own else (Tag("filler"),)
    for n, mark in enumerate(marks):  # "jackhmmer runs for 30h without checkpoints": the app does something
        if not any(t.role == "ent" and t.kind == "app" for t in mark.tags) or n + 1 >= len(marks):
            continue
        opens = n == 0 or marks[n - 1].punct in (".", ";", "\n", "\u2014", ":") or marks[n - 1].text == "the"
        verb = marks[n + 1].text
        told = verb in _DOES and (not marks[n + 1].tags or marks[n + 1].has("verb"))
        rest: list[Mark] = []
        for m in marks[n + 2 :]:
            if m.punct in (".", ";", "\n", ",", "\u2014"):
                break
            rest.append(m)
        asks = any(m.has("cue") or m.has("mod") or m.entity() is not None or m.has("pron") for m in rest)
        if opens and told and not asks:
            mark.tags = (Tag("filler"),)
    for n, mark in enumerate(marks):  # "let's run the sync API on spot": the object of the verb is the job
        if not any(t.role == "ent" and t.kind == "app" for t in mark.tags):
            continue
        j = n - 1
        while j >= 0 and marks[j].text in ("the", "our", "this", "my", "hot", "new"):
            j -= 1
        k = n + 1
        while k < len(marks) and (marks[k].has("head") or marks[k].has("replicas")):
            k += 1
        # "put the recipe-mgr next to X", "schedule GATK anywhere near Y": what is placed is the job
        placed = k < len(marks) and (marks[k].text in ("on", "in", "onto", "into") or marks[k].has("cue"))
        placed = placed or (k + 1 < len(marks) and marks[k].text == "anywhere" and marks[k + 1].has("cue"))
        if j >= 0 and marks[j].text in _PLACING_VERBS and placed:
            mark.tags = (Tag("filler"),)
        # "give the eta predictor a node with L4s": who is given the machine is the job
        given = k < len(marks) and marks[k].text in ("a", "an", "some", "one", "its own", "their own")
        if j >= 0 and marks[j].text in ("give", "get", "find", "assign", "allocate") and given:
            mark.tags = (Tag("filler"),)
        # "keep anticheat away from replay-encoder": what is kept away from something else is the job
        refused = k + 1 < len(marks) and marks[k].has("neg") and marks[k + 1].text == "from"
        named_after = any(m.has("ent") for m in marks[k + 2 : k + 6]) if refused else False
        if j >= 0 and marks[j].text in ("keep", "keep it") and refused and named_after:
            mark.tags = (Tag("filler"),)


def _spread_over(marks: list[Mark]) -> None:
    """ "spread over different nodes": "over" after a spread word is where, not a comparison; nor is
    "than" after "same" ("the same zone than feature-store", as "as" is said in several languages);
    "so" after "not" is a degree."""
    for n in range(1, len(marks)):
        before = marks[n - 1]
        if marks[n].has("drop") and marks[n].text == "over" and before.has("concept", "spread"):
            marks[n].tags = (Tag("filler"),)
        if marks[n].text in ("than", "like") and before.text.startswith("same "):
            marks[n].tags = (Tag("filler"),)
        if marks[n].text == "so" and (before.has("neg") or before.has("negpost")):
            marks[n].tags = (Tag("filler"),)  # "not so busy": a degree, no clause


_FEW = frozenset({"few", "fewest", "fewer", "least", "low", "lowest", "minimal", "rare", "little", "zero"})
_TROUBLE = frozenset(
    [
        "incident",
        "incidents",
        "outage",
        "outages",
        "restart",
        "restarts",
        "reboot",
        "reboots",
        "crash",
        "crashes",
        "failure",
        "failures",
        "eviction",
        "evictions",
        "interruption",
        "interruptions",
        "preemptions",
        "errors",
        "fault",
        "faults",
        "hiccups",
    ]
)
_RECENT = frozenset({"recent", "past", "prior", "previous", "known", "hardware", "node", "unplanned"})


# what a machine did when it let its jobs down, after "hasn't been" / "didn't"
_TROUBLE_VERBS = frozenset(
    [
        "flapping",
        "flapped",
        "flap",
        "crashing",
        "crashed",
        "crash",
        "failing",
        "failed",
        "fail",
        "rebooting",
        "rebooted",
        "reboot",
        "flaking",
        "flaked",
        "flake",
        "dying",
        "died",
        "die",
        "restarting",
        "restarted",
        "misbehaving",
        "misbehaved",
        "acting",
    ]
)
_PERFECT = frozenset({"been", "had", "recently", "lately", "ever", "really"})
_RELATIVE = frozenset({"that", "which", "who", "where"})
_LESSER = frozenset({"least", "less"})


def _trouble(mark: Mark) -> bool:
    return mark.text in _TROUBLE or mark.has("concept", "unreliable")


def _few_troubles(marks: list[Mark]) -> list[Mark]:
    """ "a host with few incidents", "fewest recent hardware faults": asks for a reliable node. So do
    "nodes that haven't been flapping" and "hw that didnt crash recently" (a relative clause, or a
    node word, before the negation), while "the least reliable nodes" is the unreliable ones."""
    out: list[Mark] = []
    n = 0
    while n < len(marks):
        mark = marks[n]
        if mark.text in _FEW and mark.entity() is None:
            k = n + 1
            while k < len(marks) and marks[k].text in _RECENT and k - n < 3:
                k += 1
            if k < len(marks) and _trouble(marks[k]):
                out.append(_joined(marks[n : k + 1], Tag("concept", "reliable")))
                n = k + 1
                continue
            if mark.text in _LESSER and k == n + 1 and k < len(marks) and marks[k].has("concept", "reliable"):
                out.append(_joined(marks[n : k + 1], Tag("concept", "unreliable")))
                n = k + 1
                continue
        if mark.has("neg") and n and (marks[n - 1].text in _RELATIVE or marks[n - 1].has("head")):
            k = n + 1
            while k < len(marks) and marks[k].text in _PERFECT and k - n < 3:
                k += 1
            if k < len(marks) and (marks[k].text in _TROUBLE_VERBS or _trouble(marks[k])):
                out.append(_joined(marks[n : k + 1], Tag("concept", "reliable")))
                n = k + 1
                continue
        # "avoid nodes that crashed this week": machines that had trouble, to be avoided
        relative = n >= 2 and marks[n - 1].text in _RELATIVE and marks[n - 2].text in MACHINE_NOUNS
        plain = all(t.role == "bg" for t in mark.tags)
        if relative and plain and mark.text in _TROUBLE_VERBS and mark.text.endswith("ed"):
            out[-2:] = [_joined([*out[-2:], mark], Tag("concept", "unreliable"))]
            n += 1
            continue
        out.append(mark)
        n += 1
    return out


_RANGE_WORDS = frozenset({"through", "thru", "to", "till", "until", "\u2014", ".."})
_TRAILING_NUMBER = re.compile(r"^(.*?)(\d{1,4})$")


def _node_ranges(marks: list[Mark], tokens: Sequence[Token]) -> list[Mark]:
    """ "render-b01 through render-b04", "r01 through r03", "gpu015-gpu017": the nodes between two
    of one family are meant too (at most 32)."""
    out: list[Mark] = []
    for mark in marks:
        sibling = _slash_sibling(out, mark)
        if sibling is not None:  # "edge-crw01/02": edge-crw02 as well
            if out[-1].punct == "\u2014":
                out.pop()  # "trolley-gpu-01 and -02": the hyphen stood for the stem, it ends no clause
            out.append(sibling)
            continue
        hyphen = bool(out) and mark.entity() is not None and tokens[mark.start].joined
        if hyphen:
            first, between = out[-1].entity(), mark  # "gpu015-gpu017"
        elif len(out) >= 2 and (out[-1].text in _RANGE_WORDS or out[-1].punct == "\u2014"):
            first, between = out[-2].entity(), out[-1]
        else:
            first, between = None, mark
        bounds = _range_bounds(first, mark)
        if bounds is None:
            out.append(mark)
            continue
        prefix, lo, hi, width = bounds
        if between is not mark:
            between.tags = (Tag("conj"),)
        for k in range(lo + 1, hi + 1):
            name = f"{prefix}{k:0{width}d}"
            known = k < hi or mark.entity() is not None
            tag = Tag("ent", name, kind="node")
            out.append(Mark(between.start, mark.end, (tag,), text=name, known=known))
    return out


_SIBLING_SEPARATORS = frozenset({"/", ",", "+", "&"})
_SHAPE = str.maketrans("0123456789abcdefghijklmnopqrstuvwxyz", "9999999999" + "a" * 26)


def _slash_sibling(out: Sequence[Mark], mark: Mark) -> Mark | None:
    """ "nvx-host01/02", "tooledge-01, -02", "sem-gpu-a1 or -a2", "ops-core-a/b/c": a short id of the
    same shape as a node's last part, after a slash, a comma or "or", names its sibling."""
    if len(out) >= 3 and out[-1].punct == "\u2014":
        out = out[:-1]  # "-02": the hyphen that stood for the shared stem
    if len(out) < 2 or mark.tags or not mark.text.isalnum() or len(mark.text) > 4:
        return None
    if out[-1].punct not in _SIBLING_SEPARATORS and out[-1].text not in ("or", "and"):
        return None
    node = out[-2].entity()
    if node is None or node.kind != "node":
        return None
    number = _TRAILING_NUMBER.match(node.value)
    if mark.text.isdigit() and number is not None and len(number.group(2)) == len(mark.text):
        name = number.group(1) + mark.text
    else:
        stem, _, last = node.value.rpartition("-")
        if not stem or last.translate(_SHAPE) != mark.text.translate(_SHAPE):
            return None
        name = f"{stem}-{mark.text}"
    return Mark(mark.start, mark.end, (Tag("ent", name, kind="node"),), text=name)


def _range_bounds(first: Tag | None, mark: Mark) -> tuple[str, int, int, int] | None:
    """(prefix, low, high, width) when `mark` ends a range that `first` (a node) starts: a node of
    the same family, or a bare suffix of it ("r03" after edge-mad-c1-r01); None otherwise."""
    low = _TRAILING_NUMBER.match(first.value) if first is not None and first.kind == "node" else None
    if low is None:
        return None
    ent = mark.entity()
    if ent is not None and ent.kind == "node":
        high = _TRAILING_NUMBER.match(ent.value)
        same = high is not None and high.group(1) == low.group(1)
    elif not mark.tags and not mark.punct:
        high = _TRAILING_NUMBER.match(mark.text)  # "r03", or "0103" written as wide as the first
        same = high is not None and low.group(1).endswith(high.group(1))
        same = same and high is not None and (bool(high.group(1)) or len(high.group(2)) == len(low.group(2)))
    else:
        return None
    if high is None or not same or not 1 <= int(high.group(2)) - int(low.group(2)) <= 32:
        return None
    return low.group(1), int(low.group(2)), int(high.group(2)), len(low.group(2))


_AVAILABLE = frozenset({"free", "available", "idle", "empty", "up", "around", "unused", "there"})


def _conditions(marks: list[Mark]) -> None:
    """ "if gpu-srv-01 is free, use it": an order on a condition of availability is a hedge; "I'm
    running the grasp experiments" is what someone does, not a pod running there."""
    for n, mark in enumerate(marks):
        if mark.text == "if" and not mark.tags:
            for k in range(n + 1, min(n + 6, len(marks))):
                if marks[k].punct:
                    break
                if marks[k].text in _AVAILABLE and marks[k - 1].text in ("is", "are", "has", "have"):
                    mark.tags = (Tag("mod", "weak"),)
                    break
        if mark.has("cue", "colo") and mark.text == "running" and n > 0 and marks[n - 1].has("subj"):
            mark.tags = (Tag("filler"),)


_PREVENT = frozenset({"keep", "stop", "prevent", "avoid"})


def _prevented(marks: list[Mark]) -> None:
    """ "keep my tasks from all piling onto one node": "from" + a verb in -ing after "keep" is a no."""
    for n, mark in enumerate(marks):
        if mark.text != "from":
            continue
        k = n + 1
        while k < len(marks) and marks[k].text in ("all", "ever", "just") and k - n < 3:
            k += 1
        gerund = k < len(marks) and not marks[k].tags and marks[k].text.endswith("ing")
        if gerund and any(m.text in _PREVENT for m in marks[max(0, n - 5) : n]):
            mark.tags = (Tag("neg"),)


def _negated_permission(marks: list[Mark]) -> None:
    """ "cannot tolerate preemption": a negated permission word is no permission; the negation stays."""
    for n in range(1, len(marks)):
        if marks[n].has("perm") and (marks[n - 1].has("neg") or marks[n - 1].has("negpost")):
            kept = tuple(t for t in marks[n].tags if t.role not in ("perm", "permverb"))
            marks[n].tags = kept or (Tag("filler"),)


_ONLY = frozenset({"only", "exclusively"})
_CONTENT = ("ent", "concept", "qty", "head", "lhead", "replicas", "zoneword", "res")


def _content_next_to(marks: Sequence[Mark], n: int) -> bool:
    for step in (-1, 1):
        k = n + step
        # "Intel/AMD only": a vendor word and a slash between
        while 0 <= k < len(marks) and (
            (marks[k].has("filler") and not marks[k].punct) or marks[k].punct == "/"
        ):
            k += step
        if 0 <= k < len(marks) and any(marks[k].has(r) for r in _CONTENT):
            return True
    return False


def _loose_only(marks: list[Mark]) -> None:
    """ "A100 only", "only the nvme boxes" ask for something; "those are for training only" does not:
    "only" is a modifier when it stands next to a mention. "possible" hedges ("if its possible"),
    except after a superlative ("cheapest possible")."""
    for n, mark in enumerate(marks):
        if mark.text in _ONLY and mark.has("mod") and not _content_next_to(marks, n):
            mark.tags = (Tag("filler"),)
        before = marks[n - 1] if n > 0 else None
        if before is not None and before.has("head") and n >= 2:
            before = marks[n - 2]  # "cheapest nodes possible"
        if (
            mark.text == "possible"
            and before is not None
            and (before.has("concept") or before.text.endswith("est"))
        ):
            mark.tags = (Tag("filler"),)  # "the cheapest possible": a superlative, not a hedge
        # "is (it) possible to run on nvme?" asks plainly; "would it be possible" hedges
        asked = (
            n >= 1 and marks[n - 1].text in ("is", "it") and (n < 2 or marks[n - 2].text not in ("be", "if"))
        )
        if (
            mark.text == "possible"
            and mark.has("mod")
            and asked
            and n + 1 < len(marks)
            and marks[n + 1].text == "to"
        ):
            mark.tags = (Tag("filler"),)


_SPREAD_LEADS = frozenset(
    {"across", "over", "different", "separate", "distinct", "multiple", "several", "each", "every", "per"}
    | {"both", "two", "all", "span", "spans", "spanning"}
)
_QUANTIFIERS = frozenset(
    {"both", "all", "the", "two", "three", "different", "multiple", "our", "separate", "all three", "all the"}
    | {"all two", "all four", "all 3", "all 4", "four"}
)
_LOSS_BEFORE = frozenset({"lose", "losing", "survive", "surviving", "tolerate", "withstand", "outlive"})
_LOSS_AFTER = frozenset({"outage", "outages", "failure", "failures", "loss"})
_SHARE = frozenset({"share", "shares", "sharing"})
_LINKS = frozenset({"network", "link", "links", "backbone", "wan", "lan", "fabric", "traffic", "connection"})
_ONE_OF_SEVERAL = frozenset({"each", "every", "per", "different", "separate", "distinct"})
_APART_OVER = frozenset({"across", "over", "different", "separate", "distinct"})
_ONE = frozenset(
    {"a", "an", "one", "the", "whole", "entire", "single", "full", "complete", "loss", "of", "to", "fall"}
)


def _zone_words(marks: list[Mark]) -> list[Mark]:
    """Phrases built on the word a hint uses for zones (zone, az, site, datacenter, or the cluster's own
    such as "bay"): "same bay as" is a same-zone cue; "across both DCs", "different sites" and
    "survive losing a datacenter" ask to spread over zones. A named zone ("zone-b had an outage")
    is left to the entity rules."""
    out: list[Mark] = []
    n = 0
    while n < len(marks):
        mark = marks[n]
        which = mark.text in ("whatever", "whichever") and n + 2 < len(marks) and marks[n + 1].has("zoneword")
        if which and any(t.kind == "app" for m in marks[n + 2 : n + 5] for t in m.tags):
            out.append(_joined(marks[n : n + 2], Tag("cue", "samezone")))  # "whatever DC the nwdaf is in"
            n += 2
            continue
        if mark.text == "same" and not mark.tags:
            k = n + 1
            if k < len(marks) and marks[k].has("zoneword") and marks[k].entity() is None:
                end = k + 1
                if end < len(marks) and marks[end].text in ("as", "with", "that", "than", "like", "of"):
                    end += 1
                out.append(_joined(marks[n:end], Tag("cue", "samezone")))
                n = end
                continue
        if mark.text in _SHARE and n + 3 < len(marks) and marks[n + 1].text in ("a", "the", "one"):
            word, after = marks[n + 2], marks[n + 3]
            if word.has("zoneword") and word.entity() is None and after.text == "with":
                out.append(_joined(marks[n : n + 4], Tag("cue", "samezone")))  # "share a comb with X"
                n += 4
                continue
        if (mark.text in _SPREAD_LEADS or mark.text in _LOSS_BEFORE) and mark.entity() is None:
            skip = _QUANTIFIERS if mark.text in _SPREAD_LEADS else _ONE
            k = n + 1
            while k < len(marks) and k - n < 6 and marks[k].text in skip:
                k += 1
            if k < len(marks) and k > n + (mark.text in ("both", "two", "all")) - 1:
                word = marks[k]
                # "one replica per cage", "each in a different site": one of several, said in the singular
                plural = word.text.endswith("s") or mark.text in _LOSS_BEFORE or mark.text in _ONE_OF_SEVERAL
                wired = k + 1 < len(marks) and marks[k + 1].text in _LINKS  # "across the campus network"
                machines = word.text in MACHINE_NOUNS and not word.has("concept") and word.text.endswith("s")
                if machines and mark.text in _APART_OVER:  # "on different units": the lexicon lacks the noun
                    out.append(_joined(marks[n : k + 1], Tag("concept", "spread_nodes")))
                    n = k + 1
                    continue
                if (
                    word.has("zoneword")
                    and word.entity() is None
                    and plural
                    and not wired
                    and not _named_zone_next(marks, k)
                ):
                    end = k + 2 if k + 1 < len(marks) and marks[k + 1].text in _LOSS_AFTER else k + 1
                    out.append(_joined(marks[n:end], Tag("concept", "spread_zones")))
                    n = end
                    continue
        lost = n + 1 < len(marks) and marks[n + 1].text in _LOSS_AFTER
        if mark.has("zoneword") and mark.entity() is None and lost and not _named_zone_next(marks, n):
            out.append(_joined(marks[n : n + 2], Tag("concept", "spread_zones")))
            n += 2
            continue
        out.append(mark)
        n += 1
    return out


_ALL_IN = frozenset(
    {"be", "been", "all", "put", "sit", "land", "end", "up", "go", "run", "placed", "scheduled"}
)
_IN_ONE = frozenset({"in", "on", "into", "onto", "at", "inside", "within", "the"})
_SINGLE = frozenset({"one", "a", "single", "a single", "just one", "only one"})


def _one_kind_of_node(marks: list[Mark]) -> list[Mark]:
    """ "keep both replicas on one edge node": one machine of a kind is one machine."""
    out: list[Mark] = []
    n = 0
    while n < len(marks):
        if (
            n + 2 < len(marks)
            and marks[n].text in ("one", "a single", "single")
            and marks[n + 2].text in MACHINE_NOUNS
        ):
            kind = marks[n + 1]
            if (not kind.tags and kind.text.isalpha()) or any(t.kind == "label" for t in kind.tags):
                out.append(_joined(marks[n : n + 3], Tag("concept", "together")))
                n += 3
                continue
        out.append(marks[n])
        n += 1
    return out


_MEANT = frozenset({"i meant", "i mean", "sorry i meant", "sorry i mean", "correction"})
_HAPPEN = frozenset({"happen", "work", "possible", "so", "stick", "fit"})


def _states(marks: list[Mark]) -> None:
    """ "that one's busy with the nightly re-encode", "cheap enough", "healthy again": how a thing is,
    said, not asked for."""
    for n, mark in enumerate(marks[:-1]):
        after = marks[n + 1]
        concept = next((t.value for t in mark.tags if t.role == "concept"), "")
        said = n > 0 and (marks[n - 1].text in COPULAS or marks[n - 1].text.endswith("'s"))
        if (concept == "busy" and said and after.text.startswith("with")) or (
            concept and (after.text == "enough" or (after.text == "again" and concept == "reliable"))
        ):
            mark.tags = (Tag("bg"),)
            if after.has("cue"):
                after.tags = ()


def _able_to(marks: list[Mark]) -> None:
    """ "the cheapest unit that can run it": what a machine is able to do, no permission."""
    for n in range(2, len(marks)):
        mark, rel, noun = marks[n], marks[n - 1], marks[n - 2]
        able = mark.has("perm") and mark.text.startswith("can ") and rel.text in ("that", "which")
        if able and (noun.text in MACHINE_NOUNS or noun.has("head")):
            mark.tags = ()


def _corrections_said(marks: list[Mark]) -> None:
    """Words that look like a correction and are none ("can you make that happen?", "they wait for the
    result", the "4.40 NVM" firmware, no "never mind"), and a "no" that is one ("Sorry, no: ...")."""
    for mark, after in pairwise(marks):
        if mark.has("corr") and mark.text in ("make that", "make it") and after.text in _HAPPEN:
            mark.tags = after.tags = (Tag("filler"),)
        if mark.has("corr") and mark.text == "wait" and after.text in ("for", "until", "till", "on"):
            mark.tags = ()
    for before, mark in pairwise(marks):
        if mark.text == "nvm" and mark.has("retract") and (before.text[:1].isdigit() or before.text == "the"):
            mark.tags = ()
    for n in range(1, len(marks) - 1):
        words = [m for m in marks[max(0, n - 2) : n] if not m.punct]
        if marks[n].text == "no" and words and words[-1].text in ("sorry", "oops") and marks[n + 1].punct:
            marks[n].tags = (Tag("corr"),)


def _made_that(marks: list[Mark]) -> None:
    """ "6 free cores. Sorry, make that 12": a bare figure after "make that" corrects the last figure."""
    for n in range(1, len(marks)):
        if marks[n].tags or not marks[n].text.isdigit():
            continue
        said = marks[n - 1].has("corr") and marks[n - 1].text in ("make that", "make it")
        # "32 cores spare. Sorry, I meant 24.": a bare figure that ends the correction
        ends = n + 1 == len(marks) or marks[n + 1].punct != ""
        said = said or (marks[n - 1].has("corr") and marks[n - 1].text in _MEANT and ends)
        # "256 GB headroom — wait, 128 is enough": a bare figure right after a correction word
        prev = marks[n - 2] if marks[n - 1].punct and n >= 2 else marks[n - 1]
        said = said or (
            prev.has("corr") and n + 1 < len(marks) and marks[n + 1].text in ("is", "will", "should")
        )
        split = n >= 2 and marks[n - 2].text == "make" and marks[n - 1].text in ("it", "that")
        if split:  # "no wait, make it 12"
            split = any(m.has("corr") for m in marks[max(0, n - 5) : n - 2])
        if not (said or split):
            continue
        last = next((t for m in reversed(marks[: n - 1]) for t in m.tags if t.role == "qty"), None)
        if last is not None:
            marks[n].tags = (Tag("qty", f"{float(marks[n].text):.10g}", kind=last.kind),)


_FIGURE = re.compile(r"^\d{1,4}(?:\.\d{1,2})?$")
_FIRST_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_FIGURE_WORDS = frozenset(
    {"preferred", "preferably", "ideally", "ideal", "better", "lovely", "nice", "floor", "minimum", "min"}
)


def _more_figures(marks: list[Mark]) -> None:
    """ "3 cores at minimum, preferably 6", "20G spare at least, 40 ideally": a bare figure next to a
    preference word, after a figure with a unit in the same sentence, is another figure of that kind
    and unit; each value asks on its own."""
    for n, mark in enumerate(marks):
        if mark.tags or not _FIGURE.match(mark.text):
            continue
        near = marks[max(0, n - 1) : n] + marks[n + 1 : n + 5]
        if not any(m.has("mod") or m.text in _FIGURE_WORDS for m in near):
            continue
        for k in range(n - 1, max(-1, n - 10), -1):
            if marks[k].punct in (".", "!", "?") or marks[k].text == "\n":
                break
            last = next((t for t in marks[k].tags if t.role == "qty"), None)
            if last is None:
                continue
            written = _FIRST_NUMBER.search(marks[k].text)
            scale = float(last.value) / float(written.group()) if written and float(written.group()) else 1.0
            mark.tags = (Tag("qty", f"{float(mark.text) * scale:.10g}", kind=last.kind),)
            break


_RUN_OUT = ("full", "busy", "gone", "down", "unavailable", "taken", "out", "maxed", "saturated")


def _one_free(marks: list[Mark]) -> None:
    """ "doesn't matter which GPU, as long as there's one free": a count and "free" after a resource
    named earlier in the sentence counts that resource."""
    for n in range(1, len(marks) - 1):
        count = NUMBER_WORDS.get(marks[n].text) if marks[n].text in NUMBER_WORDS else None
        if count is None and marks[n].text.isdigit():
            count = float(marks[n].text)
        if count is None or not marks[n + 1].has("qadj") or any(t.role == "qty" for t in marks[n].tags):
            continue
        for k in range(n - 1, max(-1, n - 10), -1):
            if marks[k].punct in (".", "!", "?"):
                break
            res = next((t.value for t in marks[k].tags if t.role == "res"), None)
            if res is not None:
                marks[n].tags = (Tag("qty", f"{count:.10g}", kind=res),)
                break


def _fallbacks(marks: list[Mark]) -> None:
    """ "gsx-iad-102 if 101 is full", "westeurope-1 if both are full": a name, then the case it is
    for; the fallback is still asked for, the other place's state is no report."""
    for n in range(1, len(marks)):
        named = marks[n - 1].entity()
        if marks[n].text != "if" or named is None or named.kind not in ("zone", "node"):
            continue
        for k in range(n + 1, min(n + 5, len(marks))):
            if marks[k].has("bg") and marks[k].text.endswith(_RUN_OUT):
                marks[k].tags = (Tag("filler"),)
                break


_BEATS = frozenset(
    {"beats", "beat", "trumps", "trump", "outweighs", "wins over", "more important than", "matters more than"}
)
_LOSES = frozenset({"matters less than", "less important than", "comes second to", "is secondary to"})


def _losers(marks: list[Mark]) -> None:
    """ "latency beats cost here": what is beaten is not asked for; "I'd rather wait in the queue
    than run on preemptible nodes": what comes after "rather ... than" is refused; "the cheapest
    thing you've got, even spot": "even" and a name last allows it, asks nothing."""
    for n, mark in enumerate(marks):
        if mark.text in _BEATS and n + 1 < len(marks) and marks[n + 1].has("concept"):
            marks[n + 1].tags = ()
        elif mark.text in _LOSES and n and marks[n - 1].has("concept"):
            marks[n - 1].tags = ()  # "cost matters less than reliability here"
        elif mark.text == "matters" and n and marks[n - 1].has("concept") and n + 1 < len(marks):
            if marks[n + 1].text == "less than":
                marks[n - 1].tags = ()
                mark.tags = marks[n + 1].tags = (Tag("filler"),)
        elif mark.text == "than" and mark.has("drop"):
            rather = next((k for k in range(n - 1, max(-1, n - 9), -1) if "rather" in marks[k].text), None)
            between = rather is not None and all(m.entity() is None for m in marks[rather + 1 : n])
            if between and any(m.entity() is not None for m in marks[n + 1 : n + 6]):
                mark.tags = (Tag("neg"),)
        elif mark.text == "even" and n + 1 < len(marks) and marks[n + 1].entity() is not None:
            last = n + 2 >= len(marks) or bool(marks[n + 2].punct)
            if last and n and marks[n - 1].punct:
                mark.tags = (Tag("perm"),)


def _tag_questions(marks: list[Mark]) -> None:
    """ "Put it alongside the bridge can or not?", "overnight pool or not?": "or not" before the
    question mark asks yes or no, it refuses nothing."""
    for n in range(1, len(marks) - 1):
        if marks[n].text == "not" and marks[n - 1].text in ("or", "can or") and marks[n + 1].punct == "?":
            marks[n].tags = marks[n - 1].tags = (Tag("filler"),)


def _it_avoided(marks: list[Mark]) -> None:
    """ "it'd be lovely if it avoided betacam-04", "the job is not placed on thin nodes": the verb
    after its subject refuses what follows, where alone ("spot is avoided") it refuses what came
    before."""
    for n in range(1, len(marks) - 1):
        mark, nxt = marks[n], marks[n + 1]
        if not mark.has("negpost"):
            continue
        subject = marks[n - 1].text in ("it", "they", "this", "job", "the job", "pod", "the pod")
        if mark.text == "avoided" and subject and nxt.entity() is None and n + 2 < len(marks):
            nxt = marks[n + 2] if nxt.has("filler") else nxt
        if mark.text == "avoided" and subject and nxt.entity() is not None:
            mark.tags = (Tag("neg"), Tag("verb"))
        elif mark.text in ("is not", "are not") and (nxt.has("verb") or nxt.text in ("on", "in")):
            mark.tags = (Tag("neg"),)  # "the job is not placed on thin nodes"


_ONE_OF = frozenset({"the", "that", "this", "which", "other", "another", "any", "each", "every", "no", "a"})


def _named_ones(marks: list[Mark]) -> None:
    """ "clickhouse ones too", "the sata ones": "ones" after a name is that name's nodes, no pronoun."""
    for n in range(1, len(marks)):
        if marks[n].text == "ones" and marks[n].has("pron") and marks[n - 1].entity() is not None:
            marks[n].tags = (Tag("head"),)


def _closing_one(marks: list[Mark]) -> None:
    """ "the run is 14 days one": "one" closing a clause after a noun is a particle, no pronoun."""
    for n in range(1, len(marks)):
        last = n + 1 >= len(marks) or bool(marks[n + 1].punct)
        before = marks[n - 1]
        plain = not before.tags and before.text.isalpha() and before.text not in _ONE_OF
        if marks[n].text == "one" and marks[n].has("pron") and last and plain:
            marks[n].tags = (Tag("filler"),)


def _split_between(marks: list[Mark]) -> None:
    """ "split the copies between the buildings": splitting them over places spreads them; "can't
    wait" is no correction."""
    for n, mark in enumerate(marks):
        if (
            mark.text == "wait"
            and mark.has("corr")
            and n
            and marks[n - 1].text in ("can't", "cannot", "can not")
        ):
            mark.tags = (Tag("filler"),)
        if mark.text not in ("split", "divide", "distribute") or mark.has("concept"):
            continue
        for k in range(n + 1, min(n + 5, len(marks) - 1)):
            if marks[k].text in ("between", "across", "over", "among", "amongst"):
                place = marks[k + 1] if not marks[k + 1].has("filler") else marks[min(k + 2, len(marks) - 1)]
                if place.has("zoneword") or place.text in MACHINE_NOUNS:
                    mark.tags = (Tag("concept", "spread"), Tag("verb"))
                break


def _corrected_as(marks: list[Mark]) -> None:
    """ "same zone as loki, no wait, as fleet-manager": the corrected "as" keeps the cue it corrects."""
    for n in range(2, len(marks) - 1):
        if marks[n].text != "as" or marks[n + 1].entity() is None:
            continue
        before = [m for m in marks[max(0, n - 3) : n] if not m.punct]
        if not before or not before[-1].has("corr"):
            continue
        cue = next((m for m in reversed(marks[:n]) if m.has("cue")), None)
        if cue is not None:
            marks[n].tags = tuple(t for t in cue.tags if t.role == "cue")


def _cost_as_verb(marks: list[Mark]) -> None:
    """ "losing a node should cost us at most one match", "for cost reasons", "a $0 marginal cost": the
    word cost as a verb, a reason or a figure asks for no low cost."""
    for n, mark in enumerate(marks):
        if not mark.has("concept", "cheap") or mark.text not in ("cost", "costs", "costing"):
            continue
        nxt = marks[n + 1].text if n + 1 < len(marks) else ""
        prev = marks[n - 1].text if n else ""
        if nxt in ("us", "me", "them", "you", "reasons", "reason") or prev in ("marginal", "zero", "0", "$0"):
            mark.tags = ()


_SAVED = frozenset(
    {"save that", "save those", "save them", "save it", "leave that", "leave those", "leave them"}
)


_POWERED_DOWN = frozenset(
    {"power down", "powered down", "power off", "shut down", "switch off", "turn off", "reserved for"}
    | {"dedicated to", "set aside for", "earmarked for"}  # "elm-gpu-01 is reserved for translate-bot"
)


def _saved_for(marks: list[Mark]) -> None:
    """ "avoid premium networking, save that for the realtime stuff": who it is saved for is no place;
    nor what is to be powered down ("we want to power down the gallery nodes at night")."""
    for n, mark in enumerate(marks):
        reserved = mark.text in ("is reserved", "are reserved", "reserved") and n + 1 < len(marks)
        if mark.text in _POWERED_DOWN or (reserved and marks[n + 1].text == "for"):
            for m in marks[n + 1 : n + 3]:
                if m.entity() is not None and not m.has("qty"):
                    m.tags = ()
    for n, mark in enumerate(marks):  # "not vault-01 or vault-02 those are for the archive"
        if mark.text in ("those are for", "these are for", "they are for", "they're for"):
            for m in marks[n + 1 : n + 4]:
                if m.entity() is not None and not m.has("qty"):
                    m.tags = ()
    for n in range(len(marks) - 2):
        saved = marks[n].text in _SAVED or (
            marks[n].text in ("save", "leave") and marks[n + 1].text in ("that", "those", "them", "it")
        )
        if not saved:
            continue
        k = n + 1 if marks[n].text in _SAVED else n + 2
        if k < len(marks) and marks[k].text == "for":
            for m in marks[k + 1 : k + 4]:
                if m.entity() is not None:
                    m.tags = ()


_SIZE_VERBS = frozenset(
    {"is", "it's", "its", "are", "'s", "only", "syncing", "pulling", "copying", "transferring", "moving"}
    | {"sync", "pull", "copy", "transfer", "download", "downloading", "upload", "uploading", "weighs"}
)
_ROOM_WORDS = ("free", "spare", "headroom", "available", "room", "idle", "unused")


def _sizes_told(marks: list[Mark]) -> None:
    """ "the grasp-demos set is 3TB", "it's only 512Mi, put it anywhere", "syncing 200GB over the
    WAN": a size told or moved, with no word of room, asks for no free memory."""
    for n in range(1, len(marks)):
        qty = next((t for t in marks[n].tags if t.role == "qty" and t.kind == "memory"), None)
        if qty is None or any(w in marks[n].text for w in _ROOM_WORDS):
            continue
        before = [m for m in marks[max(0, n - 2) : n] if not m.punct]
        after = marks[n + 1].text if n + 1 < len(marks) else ""
        if any(b.text in _SIZE_VERBS for b in before) and after not in _ROOM_WORDS:
            marks[n].tags = ()
            gerund = next((b for b in before if b.text in _SIZE_VERBS and b.text.endswith("ing")), None)
            k = marks.index(gerund) if gerund is not None else -1
            if gerund is not None and (k == 0 or marks[k - 1].punct):
                # "Copying 4TB over LTE from the camp is not happening": the transfer told of, whole
                for m in marks[k:]:
                    if m.punct:
                        break
                    m.tags = (Tag("bg"),) if m is gerund else ()


def _fallback_choice(marks: list[Mark]) -> None:
    """ "arm if possible, x86 otherwise", "prefer spot, fall back to on-demand": of two exclusive
    choices, the fallback is no request."""
    for n, mark in enumerate(marks):
        nxt = marks[n + 1] if n + 1 < len(marks) else None
        binary = any(
            t.kind == "arch" or t.value in ("spot", "ondemand") for t in mark.tags if t.role != "mod"
        )
        if not binary:
            continue
        earlier = any(
            any(t.kind == "arch" or t.value in ("spot", "ondemand") for t in m.tags) for m in marks[:n]
        )
        before = " ".join(m.text for m in marks[max(0, n - 3) : n])
        fallback = before.endswith(("fall back to", "fallback to", "falling back to", "fall back on"))
        if earlier and ((nxt is not None and nxt.text == "otherwise") or fallback):
            mark.tags = ()


def _nothing_of(marks: list[Mark]) -> None:
    """ "nothing x86 please", "nothing flaky, nothing on spot": "nothing" before a name refuses it."""
    for n in range(len(marks) - 1):
        if marks[n].text == "nothing" and not marks[n].tags and marks[n + 1].entity() is not None:
            marks[n].tags = (Tag("neg"),)


_VERDICTS = ("ok", "okay", "fine", "alright", "acceptable", "allowed", "good")


def _not_fine_to(marks: list[Mark]) -> None:
    """ "it isn't fine to be near redline-diff", "not ok to land on spot": a refusal of what follows."""
    for mark, nxt in pairwise(marks):
        if mark.has("negpost") and mark.text.endswith(_VERDICTS) and nxt.text in ("to", "to be"):
            mark.tags = (Tag("neg"),)


_FEELINGS = frozenset(
    {"nervous", "worried", "anxious", "scared", "wary", "concerned", "paranoid", "uneasy", "twitchy", "jumpy"}
    | {"upset", "annoyed", "frustrated", "spooked", "burned", "burnt", "sad", "tired"}
)


def _when_busy(marks: list[Mark]) -> None:
    """ "latency goes up when the node is busy": a busy node as the time something happens, told."""
    for n, mark in enumerate(marks):
        if mark.text not in ("when", "whenever", "once"):
            continue
        for k in range(n + 1, min(len(marks), n + 6)):
            later = marks[k]
            if later.punct or any(later.has(r) for r in ("verb", "mod", "neg")):
                break
            if later.has("concept", "busy") and marks[k - 1].text in _BE:
                later.tags = (Tag("bg"),)
                break


_PLURAL_WORKLOAD = ("pods", "jobs", "workers", "replicas", "runners", "instances")


def _we_are_they(marks: list[Mark]) -> None:
    """ "these are the ocr-worker pods, they need an A10G": "they" is the workload just named, not a
    third party."""
    named = False
    for n, mark in enumerate(marks):
        if mark.punct in (".", "!", "?", "\n"):
            named = False
        nxt = marks[n + 1 : n + 5]
        if mark.text in ("these", "those") and nxt and nxt[0].text in ("are", "'re"):
            named = named or any(m.text.split(" ")[-1] in _PLURAL_WORKLOAD for m in nxt[1:])
        elif named and mark.text == "they":
            mark.tags = (Tag("pron"), Tag("filler"))


_OFF_NOT_AWAY = frozenset(
    {"runs", "run", "running", "ran", "straight", "reads", "feeds", "lives", "works", "pulls"}
)


def _off_as_from(marks: list[Mark]) -> None:
    """ "it runs off a generator", "reads positions straight off the stream": "off" says from what,
    it keeps nothing away."""
    for n in range(1, len(marks)):
        mark, before = marks[n], marks[n - 1]
        if mark.text != "off" or not mark.has("neg") or before.text not in _OFF_NOT_AWAY:
            continue
        subject = marks[n - 2].text if n >= 2 else ""
        if before.text in ("runs", "run", "running", "ran") and subject not in (
            "it",
            "which",
            "that",
            "this",
        ):
            continue  # "keep long runs off drone-01": the runs are kept away
        mark.tags = ()
        before.tags = tuple(t for t in before.tags if t.role != "verb")


def _stacks_of_things(marks: list[Mark]) -> None:
    """ "the image stacks stream off the scope", "the rest of the ingest stack": a stack of things
    or of software, no packing."""
    for before, mark in pairwise(marks):
        if not mark.has("concept", "binpack") or mark.text not in ("stack", "stacks"):
            continue
        if (not before.tags and before.text.isalpha()) or before.entity() is not None or before.text == "the":
            mark.tags = ()


def _like_the_rest(marks: list[Mark]) -> None:
    """ "keep it in harbourside like the rest of the ingest stack": what the others are is the
    reason, not another request."""
    for n, mark in enumerate(marks):
        after = [m.text for m in marks[n + 1 : n + 3]]
        if mark.text != "like" or after not in (
            ["the", "rest"],
            ["the", "others"],
            ["the", "other"],
            ["all", "the"],
        ):
            continue
        for later in marks[n + 1 :]:
            if later.punct:
                break
            later.tags = (Tag("filler"),) if later.tags else ()


def _otherwise_fine(marks: list[Mark]) -> None:
    """ "Cheap nodes otherwise fine.": what else will do is allowed, not a new clause."""
    for before, mark in pairwise(marks):
        if before.text == "otherwise" and before.has("split") and mark.has("perm") and mark.text in _VERDICTS:
            before.tags = (Tag("filler"),)


def _one_off(marks: list[Mark]) -> None:
    """ "a one-off job": once, nothing kept off ("this one off X" refuses)."""
    for n in range(2, len(marks)):
        one, off = marks[n - 1], marks[n]
        if marks[n - 2].text in ("a", "the") and one.text == "one" and off.text == "off" and off.has("neg"):
            one.tags, off.tags = (Tag("filler"),), (Tag("filler"),)


def _teams_and_code(marks: list[Mark]) -> None:
    """ "reserved for the patrol team": an app's short name before "team" names people; "the OCR lib"
    names code, not the ocr nodes."""
    for mark, nxt in pairwise(marks):
        ent = mark.entity()
        if ent is None or ent.role != "ent":
            continue
        if (ent.kind == "app" and ent.ambiguous and nxt.text in _WHO) or (
            ent.kind == "label" and nxt.text in _CODE_NOUNS and not nxt.has("lhead")
        ):
            mark.tags = (Tag("filler"),)


_CODE_NOUNS = frozenset({"lib", "libs", "library", "libraries", "sdk", "binary", "binaries", "codebase"})


_PLACED = ("deployed", "hosted", "located", "installed", "running", "placed", "scheduled", "pinned")


def _is_deployed_in(marks: list[Mark]) -> None:
    """ "Loan-origination is deployed in site-bayview": where something is, told ("it should be
    deployed in X" asks, through its modifier)."""
    for before, mark in pairwise(marks):
        placed = before.text in ("is", "are", "was", "were") and mark.text.split(" ")[0] in _PLACED
        if placed and not mark.has("verb") and not mark.has("cue"):
            mark.tags = (Tag("bg"),)


_HABITUAL = frozenset({"normally", "usually", "typically", "generally", "currently"})


def _habitual(marks: list[Mark]) -> None:
    """ "We normally run the appraisal-api in fairmont": what is usually done, told."""
    for n in range(1, len(marks) - 1):
        if marks[n].text in _HABITUAL and marks[n - 1].has("subj") and marks[n + 1].has("verb"):
            marks[n].tags = (Tag("bg"),)
            marks[n + 1].tags = tuple(t for t in marks[n + 1].tags if t.role != "verb")


_CANNOT_FIND = frozenset({"find", "see", "locate", "spot"})


def _cannot_find(marks: list[Mark]) -> None:
    """ "can't find them in grafana": a search that failed, told; no refusal."""
    for mark, nxt in pairwise(marks):
        if (
            mark.has("neg")
            and mark.text in ("can't", "cannot", "couldn't", "can not")
            and nxt.text in _CANNOT_FIND
        ):
            mark.tags, nxt.tags = (Tag("bg"),), ()


def _there_are_none(marks: list[Mark]) -> None:
    """ "there are no spot nodes": what the cluster lacks, told."""
    for n in range(2, len(marks)):
        none = marks[n].text == "no" and marks[n].has("neg") and marks[n - 1].text in ("are", "is", "'re")
        if not (none and marks[n - 2].text == "there"):
            continue
        if not any(m.has("verb") or m.has("mod") for m in marks[max(0, n - 5) : n]):  # asked for nothing
            marks[n].tags = (Tag("bg"),)


_HAVERS = MACHINE_NOUNS | {"one", "ones"}
_COLLEAGUES = frozenset({"team", "teams", "folks", "people", "colleagues", "guys", "vendor", "engineers"})


def _with_people(marks: list[Mark]) -> None:
    """ "we benchmarked it together with the data team": work done with people, no colocation; "the box
    with the newest NVIDIA driver" says what the box has, and so does "the one with" a thing that is no
    app."""
    for n, mark in enumerate(marks):
        # "the box with the newest driver", "the one with the HSM tunnel", "..., with the stamp"
        having = (
            mark.text == "with the" and n > 0 and (marks[n - 1].text in _HAVERS or marks[n - 1].punct == ",")
        )
        if (
            having
            and mark.has("cue", "colo")
            and not any(_ent_kind(m) == "app" for m in marks[n + 1 : n + 4])
        ):
            mark.tags = (Tag("filler"),)
            continue
        if not (mark.has("cue", "colo") and mark.text.endswith("with")):
            continue
        for after in marks[n + 1 : n + 4]:
            if after.text in _COLLEAGUES:
                mark.tags = (Tag("filler"),)
                break
            if after.tags and not after.has("filler"):
                break


_SPANS = frozenset(
    {"day", "days", "week", "weeks", "month", "months", "year", "years", "hour", "hours", "minutes"}
)
_SPANS_OF_DAY = _SPANS | {"morning", "afternoon"}
_SINCE_WHEN = frozenset(
    {"yesterday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "then"}
    | {"last", "january", "february", "march", "april", "june", "july", "august", "september"}
    | {"october", "november", "december", "early", "tonight", "today"}
)


def _since_when(marks: list[Mark]) -> None:
    """ "three OOM kills since two weeks", "flaky since monday": "since" before a time says from when,
    and opens no reason."""
    for n, mark in enumerate(marks[:-1]):
        if mark.text != "since" or not mark.has("split"):
            continue
        after = marks[n + 1]
        counted = after.text.isdigit() or after.text in NUMBER_WORDS or after.text in ("a", "an", "few")
        spanned = counted or after.text == "this"  # "since this morning"
        spans = spanned and n + 2 < len(marks) and marks[n + 2].text in _SPANS_OF_DAY
        if spans or after.text in _SINCE_WHEN or after.text[:1].isdigit():
            mark.tags = (Tag("bg"),)


_GONE = frozenset({"went", "goes", "gone", "going", "disappeared", "vanished"})


def _went_away(marks: list[Mark]) -> None:
    """ "when a spot node went away": what became of something, told; no "away from"."""
    for before, mark in pairwise(marks):
        if mark.text == "away" and before.text in _GONE:
            mark.tags = (Tag("bg"),)


def _rather_than(marks: list[Mark]) -> None:
    """ "I'd much rather they spread out one per host than pile onto one": what comes after "than" is
    the option turned down, no request ("I'd rather wait in the queue than run on spot" asked
    nothing before "than", so its "than" is left to the refusal rules)."""
    rather = asked = False
    for mark in marks:
        if mark.punct in (".", "!", "?", ";"):
            rather = asked = False
        if "rather" in mark.text and mark.has("mod"):
            rather = True
        elif rather and mark.entity() is not None:
            asked = True
        elif rather and asked and mark.text == "than" and not mark.tags[1:]:
            mark.tags = (Tag("drop"),)


def _allowed_to_be(marks: list[Mark]) -> None:
    """ "the route-optimizer is ok to be preempted": "be" after a permission is no order."""
    for n in range(2, len(marks)):
        if marks[n].text == "be" and marks[n - 1].text == "to" and marks[n - 2].has("perm"):
            marks[n].tags = (Tag("filler"),)


_TROUBLE_NOUNS = frozenset(
    {"problems", "problem", "issues", "issue", "trouble", "troubles", "hassle", "fuss"}
)


def _without_trouble(marks: list[Mark]) -> None:
    """ "it can restart without problems": how well it goes, no refusal."""
    for n, mark in enumerate(marks[:-1]):
        k = n + 1
        if marks[k].text in ("any", "a", "an", "much", "major") and k + 1 < len(marks):
            k += 1
        if mark.text == "without" and mark.has("neg") and marks[k].text in _TROUBLE_NOUNS:
            mark.tags = (Tag("filler"),)


_WHEN_WORDS = frozenset({"when", "whenever", "each time", "every time", "after", "before", "once", "until"})


def _s_forms(marks: list[Mark]) -> None:
    """A verb in -s is no order: "it restarts cleanly" says what the job does (an order says "restart
    it"), and in "restarts are cheap" the plural before "are" is a noun, the subject."""
    for n, mark in enumerate(marks):
        if not (mark.has("verb") and mark.text.endswith("s") and " " not in mark.text):
            continue
        before = marks[n - 1] if n else None
        # "... that it stays away" still orders; "when it restarts" tells what happens then
        opens = n == 1 or (n > 1 and (bool(marks[n - 2].punct) or marks[n - 2].text in _WHEN_WORDS))
        does = before is not None and before.text == "it" and opens and not mark.text.endswith("ss")
        subject = n + 1 < len(marks) and marks[n + 1].text in ("are", "were")
        if does or subject:
            mark.tags = tuple(t for t in mark.tags if t.role != "verb")


_OWN_HEADS = frozenset({"job", "tool", "service", "app", "workload", "program"})


def _this_job(marks: list[Mark]) -> None:
    """ "This new tool just has to be reachable": "this" before the job's own head noun is the job,
    no pointer back at what was named before."""
    for n, mark in enumerate(marks):
        if mark.text == "this" and mark.has("pron"):
            ahead = [m.text for m in marks[n + 1 : n + 3]]
            if ahead[:1] and (ahead[0] in _OWN_HEADS or (len(ahead) == 2 and ahead[1] in _OWN_HEADS)):
                mark.tags = (Tag("filler"),)


def _only_described(marks: list[Mark]) -> None:
    """ "The rabbitmq runs in a and b only", "That building is on the research network only": "only"
    in what a thing is said to be or do describes it."""
    for n, mark in enumerate(marks):
        if not (mark.text == "only" and mark.has("mod")):
            continue
        for k in range(n - 1, 0, -1):  # back to the clause's told verb, not past punctuation
            if marks[k].has("bg") and _described(marks[k - 1]):
                mark.tags = (Tag("bg"),)
                break
            if marks[k].punct:
                break


def _described(mark: Mark) -> bool:
    """A thing other than the job that a clause can describe: an app, a zone, a node, "that building"."""
    return _ent_kind(mark) in ("app", "zone", "node") or mark.has("zoneword") or mark.text in MACHINE_NOUNS


def _until(marks: list[Mark]) -> None:
    """ "avoid mrs-dpdk-01 until the e810 firmware is rolled back": what the clause after "until" names
    says when the order ends, and is asked for by nothing."""
    for n, mark in enumerate(marks):
        if mark.text not in ("until", "till", "til") or not any(_ent_kind(m) for m in marks[:n]):
            continue
        for later in marks[n + 1 : n + 8]:
            if later.punct or later.has("conj"):
                break
            if _ent_kind(later) in ("label", "gpu", "app"):
                later.tags = ()


def _got_busy(marks: list[Mark]) -> None:
    """ "guest services got swamped": what happened under load, told."""
    for before, mark in pairwise(marks):
        if mark.has("concept", "busy") and before.text in ("got", "get", "gets", "getting"):
            mark.tags = (Tag("bg"),)


def _cheaper_to(marks: list[Mark]) -> None:
    """ "sata disks, cheaper to replace when they wear out": what a kind of machine costs, the reason."""
    for n in range(len(marks) - 2):
        mark, to, verb = marks[n], marks[n + 1], marks[n + 2]
        if mark.has("concept", "cheap") and to.text == "to" and not verb.tags and verb.text.isalpha():
            mark.tags = (Tag("bg"),)


_SHUT = (
    "power down",
    "powered down",
    "shut down",
    "turn off",
    "switch off",
    "drain",
    "decommission",
    "retire",
)


def _shut_down(marks: list[Mark]) -> None:
    """ "we want to power down the spare rackmounts at night": what gets switched off is no place."""
    for n, mark in enumerate(marks):
        if mark.text not in _SHUT:
            continue
        for later in marks[n + 1 : n + 4]:
            if later.punct:
                break
            tag = later.entity()
            if tag is not None and tag.role == "ent" and tag.kind in ("label", "node"):
                later.tags = (Tag("filler"),)


def _most_possible(marks: list[Mark]) -> None:
    """ "Cheapest node possible": "possible" after a superlative says as much as can be, no hedge."""
    for n, mark in enumerate(marks):
        if mark.text != "possible" or not mark.has("mod", "weak"):
            continue
        before = [m for m in marks[max(0, n - 2) : n] if not m.punct]
        if any(m.has("concept") and m.text.split(" ")[0].endswith("est") for m in before):
            mark.tags = (Tag("filler"),)


def _so_is(marks: list[Mark]) -> None:
    """ "pier-south is fine, so is pier-north": the second is allowed the same way."""
    allowed = False
    for n, mark in enumerate(marks):
        allowed = allowed or mark.has("perm")
        if allowed and mark.text == "so" and n + 1 < len(marks) and marks[n + 1].text in ("is", "are"):
            mark.tags = (Tag("perm"),)


def _during(marks: list[Mark]) -> None:
    """ "during ticket sales", "during the elite finish": a time, not the app or zone a word shortens."""
    for n, mark in enumerate(marks):
        if mark.text != "during":
            continue
        k = n + 1 if n + 1 < len(marks) and marks[n + 1].text != "the" else n + 2
        tag = marks[k].entity() if k < len(marks) else None
        if tag is not None and tag.role == "ent" and tag.ambiguous:
            marks[k].tags = ()


_COST_NOUNS = frozenset(
    {"review", "report", "reports", "centre", "center", "code", "model", "analysis", "dashboard"}
    | {"experiment", "audit", "meeting", "estimate", "estimates", "figures", "numbers", "tracking"}
)


def _cost_compounds(marks: list[Mark]) -> None:
    """ "cost review is next week", "cheaper per watt": cost as a thing or a measure, said in passing."""
    for mark, nxt in pairwise(marks):
        if not mark.has("concept", "cheap"):
            continue
        if (mark.text == "cost" and nxt.text in _COST_NOUNS) or nxt.text == "per":
            mark.tags = (Tag("bg"),)


def _kept_with_own(marks: list[Mark]) -> None:
    """ "keep it with its own replicas": the replicas together."""
    for n in range(1, len(marks) - 2):
        if marks[n].text != "with" or marks[n - 1].text not in ("it", "keep it"):
            continue
        k = n + 1
        if marks[k].text not in ("its", "their"):
            continue
        k += 1
        if k < len(marks) and marks[k].text == "own":
            k += 1
        if k < len(marks) and (marks[k].has("replicas") or marks[k].text.endswith("replicas")):
            marks[n].tags = (Tag("concept", "together"),)


def _asked_supported(marks: list[Mark]) -> None:
    """ "is arm64 supported on this cluster?": asks what the cluster offers."""
    for n, mark in enumerate(marks):
        if mark.text != "supported" or mark.tags:
            continue
        if (
            n >= 2
            and marks[n - 2].text in ("is", "are")
            and any(m.punct == "?" for m in marks[n + 1 : n + 6])
        ):
            mark.tags = (Tag("bg"),)


def _demand_as_noun(marks: list[Mark]) -> None:
    """ "the demand forecast", "peak demand": the noun, no insisting."""
    for n, mark in enumerate(marks):
        if mark.text != "demand" or not mark.has("mod"):
            continue
        before = marks[n - 1].text if n else ""
        after = marks[n + 1] if n + 1 < len(marks) else None
        if before in ("the", "a", "of", "peak", "high", "low", "for") or (
            after is not None and not after.tags and after.text.isalpha()
        ):
            mark.tags = (Tag("filler"),)


def _idles(marks: list[Mark]) -> None:
    """ "This job runs hourly and idles between runs": what the job does, told."""
    for mark in marks:
        if mark.has("concept", "idle") and mark.text in ("idles", "idled"):
            mark.tags = (Tag("bg"),)


def _rather_than_after(marks: list[Mark]) -> None:
    """ "keep replicas together, rather than scattered": what follows "rather than" after a comma is
    turned down, not asked."""
    for n in range(1, len(marks)):
        if marks[n].has("drop") and marks[n].text in ("rather than", "instead of") and marks[n - 1].punct:
            for later in marks[n + 1 : n + 4]:
                if later.punct:
                    break
                if later.has("concept"):
                    later.tags = ()


def _weather(marks: list[Mark]) -> None:
    """ "too hot in summer": heat, not load."""
    for n, mark in enumerate(marks):
        if mark.text != "hot" or not mark.has("concept", "busy") or n == 0:
            continue
        if marks[n - 1].text in ("too", "so", "very", "really") and not any(
            m.text in MACHINE_NOUNS for m in marks[n + 1 : n + 3]
        ):
            mark.tags = (Tag("bg"),)


_TIMES = re.compile(r"x(\d{1,2})")


def _idle_count(marks: list[Mark]) -> list[Mark]:
    """ "4 x V100 idle": "idle" says the counted GPUs are free, no second wish for low load; "idle GPU
    x2" is two free GPUs."""
    out: list[Mark] = []
    n = 0
    while n < len(marks):
        mark = marks[n]
        if mark.has("concept", "idle"):
            near = out[-3:]
            if any(m.has("qty") for m in near) and not any(m.punct or m.has("conj") for m in near[-2:]):
                mark.tags = tuple(t for t in mark.tags if t.role != "concept") or (Tag("filler"),)
        idle = mark.has("concept", "idle") or (mark.has("qadj") and mark.text in ("free", "idle", "spare"))
        times = _TIMES.fullmatch(marks[n + 2].text) if idle and n + 2 < len(marks) else None
        if times and marks[n + 1].has("res", "gpu"):
            out.append(_joined(marks[n : n + 3], Tag("qty", times.group(1), kind="gpu")))
            n += 3
            continue
        out.append(mark)
        n += 1
    return out


def _event_told(marks: list[Mark]) -> None:
    """ "Preemption mid-underwriting corrupts the packet": the event as a subject of what it does."""
    for n, mark in enumerate(marks):
        if mark.text not in _EVENT_NOUNS or (n and not marks[n - 1].punct):
            continue
        if any(m.has("tells") for m in marks[n + 1 : n + 4]):
            mark.tags = ()


def _the_only(marks: list[Mark]) -> None:
    """ "mogul is the only one with the RS-485 card": "the only" picks one out; it insists on nothing."""
    for before, mark in pairwise(marks):
        if before.text == "the" and mark.text == "only" and mark.has("mod"):
            mark.tags = (Tag("filler"),)


def _job_priority(marks: list[Mark]) -> None:
    """ "low-priority batch: bin pack + spot": the job's priority describes the job, no wish for less."""
    for mark, nxt in pairwise(marks):
        job = nxt.text in _WORKLOAD_NOUNS or nxt.text in _JOB_NOUNS or nxt.text in ("batch", "backfill")
        if mark.has("mod") and mark.text.startswith("low") and "prio" in mark.text and job:
            mark.tags = (Tag("filler"),)


def _feelings(marks: list[Mark]) -> None:
    """ "we're all a bit nervous": how people feel, told; "a bit" measures the feeling, not a wish."""
    for n, (mark, nxt) in enumerate(pairwise(marks)):
        if not mark.has("mod"):
            continue
        # "should we be worried that ...": a modal before who feels what asks nothing either
        between = marks[n + 1 : n + 4]
        felt = next(
            (m for m in between if not (m.has("subj") or m.text in ("be", "feel", "get", "all"))), None
        )
        if nxt.text in _FEELINGS or (felt is not None and felt.text in _FEELINGS):
            mark.tags = ()
            for m in between:
                if m.text == "be":
                    m.tags = (Tag("filler"),)
            continue
        degree = mark.text in ("a bit", "a little", "slightly", "somewhat")
        if degree and not nxt.tags and nxt.text in WORSE_WORDS:
            mark.tags = ()  # "the new arm nodes are a bit slower": how much slower, told


_RELATIVE_SUBJECTS = frozenset({"we", "they", "i", "you"})
_MAIN_VERBS = frozenset(
    {"has", "have", "had", "is", "are", "was", "were", "lacks", "needs", "does", "doesn't"}
)


def _relative_verbs(marks: list[Mark]) -> None:
    """ "the XGBoost wheel we pin has no arm build": "we pin" says which wheel; the clause's own verb
    comes after it, and "pin" orders nothing."""
    for n in range(2, len(marks) - 1):
        mark, subject, noun = marks[n], marks[n - 1], marks[n - 2]
        if not mark.has("verb") or subject.text not in _RELATIVE_SUBJECTS or noun.tags or noun.punct:
            continue
        if n < 3 or marks[n - 3].punct:
            continue  # "Memory we need, ..." opens with the noun
        if any(m.text.split(" ")[0] in _MAIN_VERBS for m in marks[n + 1 : n + 3]):
            mark.tags = tuple(t for t in mark.tags if t.role != "verb")


WORSE_WORDS = frozenset(
    {"slower", "older", "pricier", "noisier", "flakier", "worse", "hotter", "louder", "laggier"}
)
_MERELY_WORKS = frozenset({"run", "runs", "ran", "works", "work", "worked", "be", "goes", "go"})


def _works_fine(marks: list[Mark]) -> None:
    """ "the model runs fine on L4 or A100", "galaxy would also be fine": how well it works is a
    permission, not an order to run somewhere."""
    for mark, nxt in pairwise(marks):
        if mark.has("verb") and mark.text in _MERELY_WORKS and nxt.has("perm") and nxt.text in _VERDICTS:
            mark.tags = tuple(t for t in mark.tags if t.role != "verb")


def _bracketed(marks: list[Mark]) -> list[Mark]:
    """One mention in brackets that belongs to the clause: "quiet node (CPU)", "least loaded (mem)":
    the resource is the load's; "the same site as the license server (flexlm)": the app names what
    the cue points at. The brackets do not end the clause."""
    out: list[Mark] = []
    n = 0
    while n < len(marks):
        lone = n + 2 < len(marks) and marks[n].punct == "(" and marks[n + 2].punct == ")"
        inside = marks[n + 1] if lone else None
        before = out[-6:]
        load = inside is not None and inside.has("res") and any(m.has("concept") for m in out[-3:])
        app = inside is not None and any(t.role == "ent" and t.kind == "app" for t in inside.tags)
        cued = app and any(m.has("cue") for m in before) and not any(m.punct or m.entity() for m in before)
        if inside is not None and (load or cued):
            out.append(inside)
            n += 3
            continue
        out.append(marks[n])
        n += 1
    return out


_PEOPLE = frozenset(
    {"users", "customers", "tenants", "viewers", "players", "clients", "audience", "callers", "traffic"}
    | {"user", "customer", "tenant", "viewer", "player", "client", "caller", "subscribers", "visitors"}
)
_PLACE_NOUNS = frozenset(
    {"dc", "dcs", "datacenter", "datacenters", "datacentre", "datacentres", "data center", "data centers"}
    | {"zone", "zones", "az", "azs", "region", "regions", "site", "sites", "pop", "pops", "location"}
    | {"locations", "data centre", "data centres", "hosting", "soil", "territory", "jurisdiction"}
)
_NEAR_PEOPLE = frozenset({"near", "close to", "closer to", "nearer", "nearer to", "next to", "anywhere"})


def _demonyms(marks: list[Mark]) -> None:
    """ "Swiss DCs", "close to our Japanese users", "anywhere European": a people's name is a place
    before a zone word, or after "near" / "close to" with the people it names; "our German customers
    must stay in the EU" says who the customers are, no place."""
    for n, mark in enumerate(marks):
        if not any(t.key == "demonym" for t in mark.tags):
            continue
        nxt = marks[n + 1] if n + 1 < len(marks) else None
        before = [m for m in marks[max(0, n - 3) : n] if m.text not in ("our", "the", "my", "their")]
        zoned = nxt is not None and (nxt.has("zoneword") or nxt.text in _PLACE_NOUNS)
        near = bool(before) and (before[-1].text in _NEAR_PEOPLE or before[-1].has("cue", "colo"))
        if not (zoned or (near and (nxt is None or nxt.text in _PEOPLE or not nxt.tags))):
            mark.tags = ()


# Words that may follow a place named as a placement ("Tokyo ideally", "Zürich is preferred").
_AFTER_PLACE = frozenset(
    [
        "is",
        "are",
        "was",
        "were",
        "has",
        "have",
        "had",
        "would",
        "will",
        "should",
        "could",
        "can",
        "may",
        "might",
        "must",
        "does",
        "do",
        "did",
        "be",
        "been",
        "being",
        "or",
        "and",
        "if",
        "then",
        "for",
        "with",
        "so",
        "but",
        "please",
        "pls",
        "ideally",
        "only",
        "too",
        "also",
        "first",
        "preferred",
        "it",
        "its",
        "it's",
        "because",
        "since",
        "as",
        "where",
        "when",
        "which",
        "that",
        "this",
        "though",
        "though",
        "if",
        "either",
        "both",
        "please",
        "plz",
        "thx",
        "thanks",
        "is",
    ]
)


_NOUN_ROLES = frozenset({"head", "replicas", "cue", "res", "lhead", "subj"})


def _place_as_adjective(marks: list[Mark]) -> None:
    """ "EU data residency", "the London office", "for the EU workers": a place before a noun of its
    own says whose or which thing, no placement; "the EU zones", "close to our London users" are
    places."""
    for n in range(len(marks) - 1):
        mark, nxt = marks[n], marks[n + 1]
        tag = mark.entity()
        if tag is None:
            continue
        nounish = not nxt.tags or all(t.role in _NOUN_ROLES for t in nxt.tags)  # "EU workers", "EU data"
        # "the gate barrier controller" where a zone is gate-complex: a zone's first part as an adjective
        short = tag.kind == "zone" and tag.ambiguous and " " not in mark.text
        if short:  # "mercer hal", "kestrel hill stations": the rest of its name, misspelt
            rest = tag.value.split("-")[1:2]
            short = not (rest and rest[0][:2] == nxt.text[:2])
        if not (short or any(t.key == "place" for t in mark.tags)) or not nounish or nxt.punct:
            continue
        word = nxt.text
        if word in _AFTER_PLACE or len(word) < 3 or word.endswith("ly") or word in _PLACE_NOUNS:
            continue
        before = [m for m in marks[max(0, n - 3) : n] if m.text not in ("our", "the", "my", "their")]
        near = bool(before) and (before[-1].text in _NEAR_PEOPLE or before[-1].has("cue", "colo"))
        if not (word in _PEOPLE and near):
            mark.tags = ()


def _left_alone(marks: list[Mark]) -> None:
    """ "leave Paris alone", "leave the A100s alone if you can": what is left alone is refused."""
    for n, mark in enumerate(marks):
        if mark.text not in ("leave", "leave it", "let") or mark.has("neg"):
            continue
        for k in range(n + 1, min(n + 6, len(marks))):
            if marks[k].text == "alone":
                named = any(m.entity() is not None for m in marks[n + 1 : k])
                if named:
                    mark.tags = (Tag("neg"), Tag("verb"))
                    marks[k].tags = (Tag("filler"),)
                break


def _capped(marks: list[Mark]) -> None:
    """ "no more than one per host": a cap on a spread is the spread itself, no refusal of it."""
    for n in range(2, len(marks)):
        spread = marks[n].has("concept", "spread_nodes") or marks[n].has("concept", "spread_zones")
        if spread and marks[n - 1].text == "than" and marks[n - 2].text in ("no more", "not more"):
            marks[n - 2].tags = (Tag("filler"),)
        elif spread and marks[n - 1].text == "more than":
            # "never more than one per node", "Not allowed: more than one replica per node": the cap is
            # the spread; the refusal keeps its strength
            refusal = marks[n - 3] if marks[n - 2].punct == ":" and n >= 3 else marks[n - 2]
            if refusal.has("neg"):
                marks[n - 1].tags = (Tag("filler"),)
                refusal.tags = tuple(t for t in refusal.tags if t.role != "neg") or (Tag("filler"),)


def _both_levels(marks: list[Mark]) -> None:
    """ "spread across rooms and nodes", "across nodes and zones": a spread over one level, "and" the
    other level's word, spreads over both."""
    for n in range(len(marks) - 2):
        spread, conj, word = marks[n], marks[n + 1], marks[n + 2]
        if conj.text not in ("and", "&", "as well as", "plus") or word.entity() is not None:
            continue
        if spread.has("concept", "spread_zones") and word.text in MACHINE_NOUNS:
            word.tags = (Tag("concept", "spread_nodes"),)
        elif (spread.has("concept", "spread_nodes") or spread.has("concept", "apart")) and word.has(
            "zoneword"
        ):
            if word.entity() is None:  # "different nodes and zones"
                word.tags = (Tag("concept", "spread_zones"),)
        elif spread.text in MACHINE_NOUNS and word.has("zoneword") and _spread_before(marks, n):
            spread.tags = (Tag("concept", "spread_nodes"),)  # "spread across nodes and sites"
            word.tags = (Tag("concept", "spread_zones"),)


def _spread_before(marks: Sequence[Mark], n: int) -> bool:
    return marks[n + 2].entity() is None and any(m.has("concept", "spread") for m in marks[max(0, n - 3) : n])


def _not_all_in_one(marks: list[Mark]) -> list[Mark]:
    """ "the replicas weren't all in one building", "shouldn't all be on the same node", "not all in the
    same zone": not all of them in one place asks to spread them over such places."""
    out: list[Mark] = []
    n = 0
    while n < len(marks):
        mark = marks[n]
        if mark.has("neg") or mark.has("negpost"):
            k = n + 1
            every = False
            while k < len(marks) and k - n < 6 and (marks[k].text in _ALL_IN or _listless(marks[k])):
                every = every or marks[k].text == "all"
                if marks[k].text in _IN_ONE and marks[k].text != "the":
                    break
                k += 1
            words = marks[k].text.split(" ") if k < len(marks) else []
            if every and len(words) == 2 and words[0] in _ALL_IN and words[1] in _IN_ONE:
                k += 1  # "must not all sit in one zone": the scanner read "sit in" as one mark
            while k < len(marks) and k - n < 7 and marks[k].text in _IN_ONE:
                k += 1
            place = _one_place(marks, k) if every else None
            if place is not None:
                end, kind = place
                mods = tuple(t for t in mark.tags if t.role == "mod")  # "must not": critical
                out.append(_joined(marks[n:end], Tag("concept", kind), *mods))
                n = end
                continue
        out.append(mark)
        n += 1
    return out


def _listless(mark: Mark) -> bool:
    """Words between "not all" and "in one place": fillers, and the replicas named ("the player-api
    replicas")."""
    return mark.has("filler") or mark.has("replicas") or any(t.kind == "app" for t in mark.tags)


def _one_place(marks: Sequence[Mark], k: int) -> tuple[int, str] | None:
    """Where "one place" starts at k: its end and the spread it negates."""
    if k >= len(marks):
        return None
    word = marks[k]
    if word.has("cue", "samezone"):
        return k + 1, "spread_zones"
    if word.has("concept", "together") and word.text.split(" ")[-1] in MACHINE_NOUNS:
        return k + 1, "spread"
    if word.text in _SINGLE and k + 1 < len(marks):
        place = marks[k + 1]
        if place.has("zoneword") and place.entity() is None:
            return k + 2, "spread_zones"
        if place.text in MACHINE_NOUNS:
            return k + 2, "spread"
    return None


def _named_zone_next(marks: Sequence[Mark], k: int) -> bool:
    nxt = marks[k + 1] if k + 1 < len(marks) else None
    return nxt is not None and any(t.role == "ent" and t.kind == "zone" for t in nxt.tags)


def _joined(run: Sequence[Mark], tag: Tag, *more: Tag) -> Mark:
    return Mark(run[0].start, run[-1].end, (tag, *more), text=" ".join(m.text for m in run))


_GET = frozenset({"get", "gets", "got", "getting", "gotten"})


_KEEPS = frozenset({"keeps", "kept", "keep", "keeps on", "kept on"})


def _passives(marks: list[Mark]) -> None:
    """ "the macOS runners get reimaged on Sundays": "get" and a participle the lexicon does not know
    tell what happens to something; no placement is asked. So does "keeps throwing XID errors"."""
    for mark, nxt in pairwise(marks):
        if mark.text in _KEEPS and not nxt.tags and nxt.text.endswith("ing") and len(nxt.text) >= 5:
            mark.tags = (Tag("bg"),)
            continue
        if mark.text.endswith("being") and nxt.has("verb") and nxt.text.endswith("ed"):
            nxt.tags = (Tag("bg"),)  # "the Frankfurt DC is being migrated": what happens to it
            continue
        participle = nxt.text.endswith(("ed", "en")) and (not nxt.tags or nxt.has("concept") or nxt.has("bg"))
        if mark.text in _GET and mark.has("verb") and participle:
            mark.tags = (Tag("bg"),)


_WHICHEVER = frozenset({"whatever", "whichever", "whatever's", "whichever's", "wherever"})


def _whichever_best(marks: list[Mark]) -> None:
    """ "whatever nodes are cheapest", "whichever is least loaded": a choice by a quality asks for it."""
    for n, mark in enumerate(marks):
        if mark.text not in _WHICHEVER or not mark.has("perm"):
            continue
        for later in marks[n + 1 : n + 5]:
            if later.punct:
                break
            # "whichever has 12 cores idle", "whichever node has the least GPU load"
            if any(later.has(r) for r in ("concept", "qty", "low", "high")):
                mark.tags = (Tag("filler"),)
                break
        before = marks[max(0, n - 6) : n]
        figure = any(m.has("qty") for m in before) and not any(m.punct for m in before[-3:])
        if figure and n + 1 < len(marks) and marks[n + 1].text in MACHINE_NOUNS:
            mark.tags = (Tag("filler"),)  # "2 GPUs free on whatever node it picks": wherever it goes
    for n, mark in enumerate(marks):  # "settlement runs overnight, whichever node is emptiest"
        choice = mark.text in ("whichever", "whatever") and n + 3 < len(marks)
        if choice and marks[n + 1].text in MACHINE_NOUNS and marks[n + 3].has("concept"):
            marks[n + 2].tags = (
                (Tag("verb"),) if marks[n + 2].text in ("is", "are", "'s") else marks[n + 2].tags
            )


_REPLICA_WORDS = ("replicas", "pods", "workers", "members", "copies", "instances")


def _packed_together(marks: list[Mark]) -> None:
    """ "keep the replicas packed on one node": packing the replicas together, not bin-packing the node;
    "one node per replica" sets them apart."""
    for n, mark in enumerate(marks[:-1]):
        if not (mark.has("concept", "together") and mark.text.startswith(("one ", "single "))):
            continue
        after = marks[n + 1].text
        later = marks[n + 2 : n + 4]  # "one host for every replica", "one box for each pod"
        each = after == "for" and bool(later) and later[0].text.startswith(("each", "every"))
        if after in _EACH or (each and any(m.has("replicas") or m.has("head") for m in later)):
            mark.tags = (Tag("concept", "apart"),)
    for n, mark in enumerate(marks):
        if not mark.has("concept", "binpack"):
            continue
        near = marks[max(0, n - 4) : n + 4]
        replicas = any(m.has("replicas") or m.text.endswith(_REPLICA_WORDS) for m in near)
        # "keep the replicas together and bin-pack": two requests joined by "and"
        together = [
            k for k in range(max(0, n - 4), min(len(marks), n + 5)) if marks[k].has("concept", "together")
        ]
        joined = all(any(m.has("conj") for m in marks[min(k, n) + 1 : max(k, n)]) for k in together)
        if replicas and together and not joined:
            mark.tags = tuple(t for t in mark.tags if not (t.role == "concept" and t.value == "binpack"))


_EACH = frozenset({"per", "each", "apiece"})
# Nouns that name the workload, not the machines: "the inference replicas", "the batch jobs".
_WORKLOAD_NOUNS = frozenset(
    {"pods", "pod", "job", "jobs", "workload", "workloads", "service", "services", "deployment"}
    | {"deployments", "pipeline", "pipelines", "replicas", "replica", "copies", "run", "runs", "team"}
    | {"backlog", "workers", "worker", "tasks", "task", "queue", "rebuild", "reindex", "migration", "image"}
    | {"harness", "suite"}
)
_POSSESSIVES = frozenset({"our", "my", "their", "your"})


def _label_value(mark: Mark) -> bool:
    return any(t.role == "ent" and t.kind == "label" for t in mark.tags)


def _names_workload(marks: Sequence[Mark], n: int) -> bool:
    """A label value that names the workload, not the machines: "the inference replicas", "our 70B
    pretrain", "two replicas of the ingest relay", a heading "Operational forecast: must ..."."""
    after = marks[n + 1] if n + 1 < len(marks) else None
    machines = after is not None and (after.has("head") or after.has("lhead"))
    if after is not None and after.text in _WORKLOAD_NOUNS:
        return True
    k = n - 1
    while k >= 0 and (marks[k].has("qty") or any(c.isdigit() for c in marks[k].text)) and n - k < 3:
        k -= 1  # "our 70B pretrain"
    if k >= 0 and marks[k].text in _POSSESSIVES and not machines:
        return True
    if n >= 3 and [m.text for m in marks[n - 2 : n]] == ["of", "the"] and marks[n - 3].has("replicas"):
        return True
    if [m.text for m in marks[max(0, n - 3) : n]] == ["this", "is", "the"] or [
        m.text for m in marks[max(0, n - 2) : n]
    ] == ["it's", "the"]:
        return after is not None and _plain_noun(after)  # "This is the deidentified export"
    served = n >= 2 and [m.text for m in marks[n - 2 : n]] in (
        ["for", "the"],
        ["for", "our"],
        ["for", "this"],
    )
    if served and after is not None and _plain_noun(after):
        return True  # "no spot for the signalling feed"
    start = n - 1 if n and marks[n - 1].text in ("the", "our", "my") else n
    opens = start == 0 or marks[start - 1].punct in (".", "!", "?", "\n", ":", ",")
    workers = after is not None and after.has("replicas")
    if opens and n + 2 < len(marks) and not marks[n + 1].punct and (workers or not machines):
        if marks[n + 2].punct == ":":
            return True  # a heading: "Operational forecast:", "shader workers:"
        # the subject of a clause: "forecast retrain wants an A100", "the shader validation suite times out"
        k = n + 1
        while k < len(marks) and k - n <= 2 and _plain_noun(marks[k]):
            k += 1
        if k > n + 1 and k < len(marks) and _predicate(marks[k]):
            return True
    return False


_AUXILIARIES = frozenset({"would", "will", "should", "could", "can", "may", "might", "is", "are", "be"})


def _plain_noun(mark: Mark) -> bool:
    text = mark.text
    return (
        not mark.tags
        and not mark.punct
        and text.isalpha()
        and text not in MACHINE_NOUNS
        and text not in PLURAL_NOUNS
        and text not in _AUXILIARIES
    )


def _third_person(mark: Mark) -> bool:
    return mark.text.isalpha() and mark.text.endswith("s") and not mark.text.endswith("ss")


def _predicate(mark: Mark) -> bool:
    """A verb in the third person: one the lexicon knows ("wants", "needs") or an unknown one ("times",
    "thrashes"); "strongly preferred" after "disks" is no verb."""
    if mark.has("verb"):
        return True
    if mark.has("mod") and mark.text.startswith(_MODALS):
        return True  # "privileged documents must never leave ...": a modal after the subject
    if mark.text in ("pls", "thanks", "thx", "cheers"):
        return False  # "e810 vf pls": a courtesy, not a verb
    return (mark.has("mod") or not mark.tags) and _third_person(mark) and mark.text not in PLURAL_NOUNS


_MODALS = ("must", "should", "shall", "has to", "have to", "needs to", "need to", "cannot", "can't", "will")


def _own_names(marks: list[Mark]) -> None:
    for n, mark in enumerate(marks):
        if _label_value(mark) and _names_workload(marks, n):
            mark.tags = tuple(t for t in mark.tags if not (t.role == "ent" and t.kind == "label"))


# Verbs that tell what a thing does to the job ("a preemption costs us hours", "a preempted spooler
# loses the queue"); "costs" only with an object after it ("cut costs," asks).
_TELLING_VERBS = frozenset(
    {
        "costs",
        "cost",
        "loses",
        "kills",
        "wastes",
        "eats",
        "burns",
        "ruins",
        "breaks",
        "corrupts",
        "interrupts",
    }
)
_COST_OBJECTS = frozenset(
    {"us", "me", "them", "a", "hours", "days", "money", "fortune", "lots", "time", "about", "minutes", "an"}
)


_NEEDED_BY = frozenset({"needed", "required", "wanted", "used", "claimed"})
_WHO = frozenset({"team", "teams", "group", "folks", "people", "squad", "department", "dept", "crew", "org"})


def _telling_verbs(marks: list[Mark]) -> None:
    for n, mark in enumerate(marks):
        if mark.text in _NEEDED_BY and n + 1 < len(marks) and marks[n + 1].text == "by":
            # "the nvenc ones are needed by the transcoder team": theirs; "x86_64 required by the
            # proprietary lib" is what this job's own code needs
            by = marks[n + 2 : n + 6]
            if any(m.text in _WHO or any(t.kind == "app" for t in m.tags) for m in by):
                mark.tags = (Tag("tells"),)
            continue
        if mark.text not in _TELLING_VERBS or n == 0:
            continue
        before, after = marks[n - 1], marks[n + 1] if n + 1 < len(marks) else None
        if before.punct or any(before.has(r) for r in ("verb", "mod", "neg", "filler")):
            continue
        if mark.text in ("costs", "cost") and (after is None or after.text not in _COST_OBJECTS):
            continue
        mark.tags = (Tag("tells"),)


_ONE_EACH = frozenset({"1", "one", "max 1", "max one", "at most 1", "at most one"})
_A_REPLICA = frozenset({"pod", "replica", "copy", "instance", "pods", "replicas"})


def _one_of(mark: Mark) -> bool:
    plain = not mark.tags and mark.text.isalpha() and mark.text != "per"
    of = mark.text == "of"  # "one replica of webhook-relay per node"
    return mark.text in _A_REPLICA or plain or of or any(t.kind == "app" for t in mark.tags)


def _one_per(marks: list[Mark]) -> list[Mark]:
    """ "1/node", "1 pod/node", "1 per terminal": one each per machine or per zone spreads them."""
    out: list[Mark] = []
    n = 0
    while n < len(marks):
        k = n + 1
        # "1 pod/node", "one indexer per node": a word or two for what there is one of
        while marks[n].text in _ONE_EACH and k < len(marks) and k - n <= 3 and _one_of(marks[k]):
            k += 1
        if (
            marks[n].text in _ONE_EACH
            and k + 1 < len(marks)
            and (marks[k].punct == "/" or marks[k].text == "per")
        ):
            kind_of = k + 2 < len(marks) and (marks[k + 1].entity() is not None or not marks[k + 1].tags)
            if kind_of and marks[k + 2].text in MACHINE_NOUNS:
                k += 1  # "one replica per edge box": a kind of machine
            place = marks[k + 1]
            kind = "spread_nodes" if place.text in MACHINE_NOUNS else ""
            if place.has("zoneword") and place.entity() is None:
                kind = "spread_zones"
            if kind:
                start = _uncapped(out, marks[n].start)
                out.append(Mark(start, marks[k + 1].end, (Tag("concept", kind),), text="one per"))
                n = k + 2
                continue
        out.append(marks[n])
        n += 1
    return out


def _uncapped(out: list[Mark], start: int) -> int:
    """ "no more than one per host", "never more than one replica per node": the cap is the spread, no
    refusal of it. Drops the cap words before a spread starting at `start`; returns the spread's start.
    A "never" keeps its strength."""
    if len(out) >= 2 and out[-1].text == "than" and out[-2].text in ("no more", "not more"):
        start = out[-2].start
        del out[-2:]
    elif len(out) >= 2 and out[-1].text == "more than" and out[-2].has("neg"):
        out[-2].tags = tuple(t for t in out[-2].tags if t.role != "neg") or (Tag("filler"),)
        del out[-1]
    return start


def _one_app_per(marks: list[Mark]) -> list[Mark]:
    """ "one l0-processor per node", "one sorter replica per host": the app's replicas spread over nodes."""
    out: list[Mark] = []
    n = 0
    while n < len(marks):
        if marks[n].text != "one":
            out.append(marks[n])
            n += 1
            continue
        k = n + 2
        if k < len(marks) and marks[k].has("replicas"):
            k += 1
        app = n + 1 < len(marks) and any(t.kind == "app" for t in marks[n + 1].tags)
        if n + 1 < len(marks) and marks[n + 1].has("replicas"):
            app, k = True, n + 2  # "one replica per machine"
        if app and k + 1 < len(marks) and marks[k].text == "per" and marks[k + 1].text in MACHINE_NOUNS:
            _uncapped(out, marks[n].start)
            out.append(_joined(marks[n : k + 2], Tag("concept", "spread_nodes")))
            n = k + 2
            continue
        per_node = n + 2 < len(marks) and marks[n + 2].has("concept", "spread_nodes")
        if app and per_node and marks[n + 2].text.startswith(("replica", "pod", "copy")):
            _uncapped(out, marks[n].start)  # "never more than one esign-service replica per node"
            out.append(_joined(marks[n : n + 3], Tag("concept", "spread_nodes")))
            n += 3
            continue
        out.append(marks[n])
        n += 1
    return out


_KEPT_FREE = frozenset({"free", "clear", "empty", "spare"})


def _kept_free(marks: list[Mark]) -> None:
    """ "keep awa-edge-1 free for the demod", "leave zone-c clear": the place is kept from this job."""
    for n in range(2, len(marks)):
        p = n - 1 - (1 if marks[n - 1].has("head") and n >= 3 else 0)  # "keep the accel nodes free"
        place = marks[p].entity()
        if (
            marks[n].text not in _KEPT_FREE
            or place is None
            or place.kind not in ("node", "zone", "label", "gpu")
        ):
            continue
        verb = marks[p - 1] if not marks[p - 1].has("filler") or p < 2 else marks[p - 2]
        if verb.text in ("keep", "leave", "keep it", "leave it"):
            marks[n].tags = (Tag("negpost"),)
    for n in range(2, len(marks)):  # "we're trying to free up gpu-seg-01 for the new scanner"
        place = marks[n].entity()
        freeing = marks[n - 2].text in ("free", "freeing") and marks[n - 1].text == "up"
        if place is not None and place.kind in ("node", "zone") and freeing:
            marks[n - 2].tags = (Tag("neg"),)


_TAKING_BACK = frozenset({"actually", "sorry", "rather", "oops", "scratch", "strike"})


def _no_taken_back(marks: list[Mark]) -> None:
    """ "zone-a or zone-b... no actually just zone-a": a "no" before words that take something back
    corrects, it refuses nothing."""
    for n, mark in enumerate(marks[:-1]):
        after = marks[n + 2] if marks[n + 1].punct == "," and n + 2 < len(marks) else marks[n + 1]
        if mark.text in ("no", "nope", "nah") and mark.has("neg") and after.text in _TAKING_BACK:
            mark.tags = ()  # "no, actually, just put it in jade"


_SELDOM = frozenset({"rarely", "seldom", "never", "hardly", "barely", "least", "less"})
_HAD_NONE = frozenset({"has no", "had no", "have no", "has had no", "having no"})


def _seldom_failing(marks: list[Mark]) -> None:
    """ "nodes that rarely crash", "seldom flaky", "a node that's had no hardware failures": trouble
    that seldom happens is reliability."""
    for n, mark in enumerate(marks):
        if n == 0 or not mark.has("concept", "unreliable"):
            continue
        before = marks[n - 1]
        if n >= 2 and not before.tags and before.text.isalpha() and marks[n - 2].text in _HAD_NONE:
            before = marks[n - 2]  # "had no hardware failures"
        seldom = before.text in _SELDOM or (before.text in _HAD_NONE and before.has("bg"))
        if seldom and not before.punct:
            before.tags, mark.tags = (Tag("filler"),), (Tag("concept", "reliable"),)


def _replicas_of(marks: Sequence[Mark], k: int) -> bool:
    """ "replicas", or an app's name with its replicas ("the glaze-mixer replicas", "two eval pods")."""
    mark = marks[k]
    if mark.has("replicas"):
        return True
    own = mark.text.endswith((" replicas", " copies", " instances"))  # "the X pods" are often another's
    counted = k > 0 and marks[k - 1].text in ("two", "2", "both", "several", "multiple")
    own = own or (counted and mark.text.endswith(" pods"))
    return own and any(t.role == "ent" and t.kind == "app" for t in mark.tags)


def _replicas_together(marks: list[Mark]) -> None:
    """ "colocate replicas", "the X replicas must never share a host": a placement cue about the
    replicas themselves, with nobody else named after it, keeps them together (or, refused, apart). An
    app named right before the replicas is whose they are."""
    for n, mark in enumerate(marks):
        if not mark.has("cue", "colo"):
            continue
        own = [m.text for m in marks[n + 1 : n + 3]]  # "keep it together with its replicas"
        if (mark.text.endswith((" with", " as", " to")) or mark.text == "with") and not (
            len(own) == 2 and own[0] in ("its", "their", "own") and marks[n + 2].has("replicas")
        ):
            continue
        near = [k for k in range(max(0, n - 5), min(len(marks), n + 3)) if _replicas_of(marks, k)]
        if not near:
            continue
        k = n + 1
        while k < len(marks) and not (marks[k].punct or marks[k].has("split")) and marks[k].entity() is None:
            k += 1
        if k < len(marks) and marks[k].entity() is not None and not marks[k].has("replicas"):
            continue  # "co-locate the replicas with X"
        mark.tags = (*(t for t in mark.tags if t.role != "cue"), Tag("concept", "together"))
        at = near[0]
        if marks[at].entity() is not None:  # "the glaze-mixer replicas": whose replicas
            marks[at].tags = (Tag("replicas"), Tag("head"))
            continue
        for j in (at - 1, at - 2):
            if j >= 0 and any(t.role == "ent" and t.kind == "app" for t in marks[j].tags):
                marks[j].tags = ()  # "airflow scheduler replicas": whose replicas
                break


def _per_machine(marks: list[Mark]) -> list[Mark]:
    """ "spread per zone and per node": "per <machine>" after a spread spreads over machines too."""
    out: list[Mark] = []
    n = 0
    while n < len(marks):
        mark = marks[n]
        machine = mark.text == "per" and n + 1 < len(marks) and marks[n + 1].text in MACHINE_NOUNS
        if machine and any(m.has("concept") and m.tags[-1].value.startswith("spread") for m in out[-6:]):
            out.append(_joined(marks[n : n + 2], Tag("concept", "spread_nodes")))
            n += 2
            continue
        out.append(mark)
        n += 1
    return out


# "is enough", "is plenty": said of a kind of machine it allows; said of a figure, the figure is the need.
ENOUGH_WORDS = frozenset({"enough", "sufficient", "plenty", "adequate"})
_IS_BE = frozenset({"is", "are", "'s", "be", "'re"})


def _good_enough(marks: list[Mark]) -> None:
    """ "standard compliance nodes are enough", "std-mem is enough for this": a kind of machine that
    will do is allowed, not asked for ("16Gi is enough" still states a need)."""
    for n in range(1, len(marks)):
        mark = marks[n]
        if mark.text not in ENOUGH_WORDS or mark.has("mod"):
            continue
        be = n - 2 if marks[n - 1].text in ("good", "big", "fast") and n >= 2 else n - 1
        if marks[be].text not in _IS_BE:
            continue
        before: list[Mark] = []
        for m in reversed(marks[max(0, be - 5) : be]):
            if m.punct or m.has("split"):
                break
            before.append(m)
        kinds = {t.kind for m in before for t in m.tags if t.role in ("ent", "qty")}
        if kinds and not kinds - {"label", "zone", "node", "arch"}:  # "T4 is enough" picks the T4
            mark.tags = (Tag("perm"),)


_CHAT_THINGS = frozenset(
    {"paste", "thread", "message", "messages", "dm", "post", "convo", "conversation", "chat", "reply"}
    | {"replies", "huddle", "ping", "channel"}
)


def _chat_tools(marks: list[Mark]) -> None:
    """ "ping me on Slack": the chat tool, no slack capacity."""
    for before, mark in pairwise(marks):
        if mark.text == "slack" and before.text in ("on", "in", "via", "over", "me on", "the"):
            mark.tags = ()
    for n, mark in enumerate(marks):  # "owner: subs team, slack #subtitles-oncall": a channel
        if mark.text != "slack":
            continue
        if n + 1 < len(marks) and marks[n + 1].text in _CHAT_THINGS:  # "Slack paste from Priya"
            mark.tags = ()
            continue
        after = " ".join(m.text for m in marks[n + 1 : n + 3])
        if any(w in after for w in ("oncall", "channel", "alerts", "support", "help")):
            mark.tags = ()


def _name_as_adjective(marks: list[Mark]) -> None:
    """ "source extraction is IO heavy": a short name before "heavy"/"bound" is what the job leans on."""
    for mark, after in pairwise(marks):
        short = len(mark.text) <= 3 and any(t.role == "ent" and t.kind in ("node", "zone") for t in mark.tags)
        if short and after.text in ("heavy", "bound", "intensive", "hungry", "wise", "sensitive"):
            mark.tags = ()


def _short_name_compounds(marks: list[Mark]) -> None:
    """ "the booking confirmation path can't blip": an app's shortened name that opens a run of plain
    nouns is part of a subject, not the app (the full name, "booking-api", still is); so does one
    before a zone word ("across the lift stations")."""
    for mark, after in pairwise(marks):
        tag = mark.entity()
        short = tag is not None and tag.kind == "app" and tag.ambiguous and " " not in mark.text
        if short and after.has("zoneword") and after.entity() is None:
            mark.tags = ()
    for n in range(len(marks) - 2):
        mark, a, b = marks[n], marks[n + 1], marks[n + 2]
        tag = mark.entity()
        short = tag is not None and tag.kind == "app" and tag.ambiguous and " " not in mark.text
        # "the tokyo launch slipped": a zone's short name between "the" and a noun
        place = (
            tag is not None
            and tag.kind == "zone"
            and " " not in mark.text
            and n > 0
            and marks[n - 1].text == "the"
        )
        if place and a.has("verb") and not a.punct and not b.tags and not b.punct and b.text.isalpha():
            mark.tags = ()
            continue
        if not short or (n > 0 and marks[n - 1].has("cue")):
            continue
        plain = not a.tags and not a.punct and a.text.isalpha() and not b.punct
        if plain and ((not b.tags and b.text.isalpha()) or b.has("neg") or b.has("mod")):
            mark.tags = ()


def _no_preference_on(marks: list[Mark]) -> None:
    """ "no cost preference", "no zone preference": indifference about that, no refusal of it; "I not
    know where X lives" is no refusal either."""
    for n in range(len(marks) - 2):
        first, topic, last = marks[n], marks[n + 1], marks[n + 2]
        wants = ("preference", "preferences", "needs", "requirements", "requirement", "constraints")
        if first.text == "no" and last.text in wants and not topic.punct:
            first.tags, topic.tags, last.tags = (Tag("perm"),), (), ()
    for mark, after in pairwise(marks):
        if mark.text in ("not", "no") and mark.has("neg") and after.text in ("know", "sure", "knowing"):
            mark.tags = ()


_EVENT_NOUNS = frozenset(
    {"preemption", "preemptions", "reclaim", "reclaims", "eviction", "evictions", "reboot", "reboots"}
    | {"preempted", "evicted", "reclaimed"}  # "a preempted 14-hour sim is a wasted night"
)


def _one_event(marks: list[Mark]) -> None:
    """ "A preemption during a shift stops the belt", "a preempted sim is a wasted night": one such
    event, told, asks for no spot."""
    for before, mark in pairwise(marks):
        if mark.text in _EVENT_NOUNS and before.text in ("a", "an", "one", "each", "every", "any", "single"):
            mark.tags = ()


_ENOUGH_SAID = frozenset({"plenty", "enough", "is plenty", "is enough", "should do", "will do", "would do"})


def _figure_enough(marks: list[Mark]) -> None:
    """ "2 cores spare is plenty": the figure is the need, said modestly; no permission."""
    for n, mark in enumerate(marks):
        if not mark.has("perm") or mark.text not in _ENOUGH_SAID:
            continue
        before = marks[max(0, n - 3) : n]
        if any(m.has("qty") for m in before) and not any(m.punct for m in before):
            mark.tags = ()


_THIS_IS = frozenset({"this is the", "this is our", "this is a", "this is my", "this is", "this's"})
_NAMING_HEADS = frozenset(
    {"service", "job", "app", "pipeline", "worker", "deployment", "pod", "cronjob", "api", "run", "batch"}
    | {"export", "import", "backup", "build", "sync", "report", "migration"}
    | {"path", "workload", "system", "tool", "component", "instance", "process", "daemon", "consumer", "task"}
)


def _keep_company(marks: list[Mark]) -> None:
    """ "keep specimen-tracker company": stay beside it."""
    for n in range(2, len(marks)):
        app = any(t.kind == "app" for t in marks[n - 1].tags)
        if marks[n].text == "company" and not marks[n].tags and marks[n - 2].text == "keep" and app:
            marks[n].tags = (Tag("cue", "colo"),)


def _this_is_the(marks: list[Mark]) -> None:
    """ "This is the chat fan-out service": the words that name the workload place nothing."""
    for n in range(len(marks) - 3):
        opens = n == 0 or marks[n - 1].punct in (".", "\n", "!", ";", ",", "\u2014")
        if not opens or marks[n].text != "this" or marks[n + 1].text not in ("is", "'s"):
            continue
        k = n + 2
        while k < len(marks) and marks[k].text in ("the", "our", "a", "an", "my"):
            k += 1
        end = next((j for j in range(k, min(len(marks), k + 5)) if marks[j].text in _NAMING_HEADS), None)
        if end is None:  # "This is the live tracker fan-out.": the whole sentence is the name
            end = next(
                (j for j in range(k + 1, min(len(marks), k + 5)) if marks[j].punct in (".", "\n", "!")), None
            )
            if end is None or not any(
                t.role == "ent" and t.kind == "app" for m in marks[k:end] for t in m.tags
            ):
                continue
        if any(m.punct for m in marks[k:end]):
            continue
        for m in marks[k:end]:
            tag = m.entity()
            if m.has("concept") or (tag is not None and tag.kind != "app"):
                m.tags = ()
        if marks[end].has("verb"):
            marks[end].tags = (Tag("head"),)  # "this is the overnight ocr run": a noun


_DATA_NOUNS = frozenset(
    {"dataset", "datasets", "data", "cache", "cached", "files", "table", "tables", "corpus"}
)


def _dataset_stems(marks: list[Mark]) -> None:
    """ "the meter history dataset" names meter-history-2019; "the wafer map model" does not name
    wafer-map-2024: a dataset's name without its year needs a data noun after it or a cue before it."""
    for n, mark in enumerate(marks):
        tag = mark.entity()
        if tag is None or tag.kind != "dataset" or tag.role != "ent":
            continue
        words = tag.value.replace("-", " ").replace("_", " ").split(" ")
        if not words[-1].isdigit() or mark.text != " ".join(words[:-1]):
            continue  # the whole name, or another short form
        after = marks[n + 1].text if n + 1 < len(marks) else ""
        cued = n > 0 and (marks[n - 1].has("cue") or (n > 1 and marks[n - 2].has("cue")))
        if after not in _DATA_NOUNS and not after.startswith(tuple(_DATA_NOUNS)) and not cued:
            mark.tags = ()


def _use_as_load(marks: list[Mark]) -> None:
    """ "low CPU use": use after a resource is its load; "put it wherever." at the end is anywhere."""
    for before, mark in pairwise(marks):
        if mark.text == "use" and before.has("res"):
            mark.tags = (Tag("load"),)
    for n, mark in enumerate(marks):
        last = n + 1 == len(marks) or marks[n + 1].punct in (".", "!", "\n", ";", ",")
        if mark.text == "wherever" and last:
            mark.tags = (Tag("perm"),)


_DETERMINERS = frozenset({"the", "a", "an", "each", "every", "our", "my", "whole"})


def _run_as_noun(marks: list[Mark]) -> None:
    """ "one preemption kills the whole coupled run": "run" after a determiner and words of no reading
    is a noun, not an order to run."""
    for n, mark in enumerate(marks):
        if mark.text not in ("run", "runs") or not mark.has("verb"):
            continue
        k = n - 1
        while k >= 0 and n - k <= 3 and not marks[k].tags and marks[k].text.isalpha():
            k -= 1
        if k >= 0 and marks[k].text in _DETERMINERS:
            mark.tags = tuple(t for t in mark.tags if t.role != "verb")


_AFTER_ONE = frozenset({"that", "which", "with", "where", "who", "more", "less", "else", "thing", "than"})


def _one_as_number(marks: list[Mark]) -> None:
    """ "they share one hostPath": "one" before a noun of no reading counts it, and points back at
    nothing."""
    for n, (mark, after) in enumerate(pairwise(marks)):
        if mark.text != "one" or not mark.has("pron") or after.tags or after.punct:
            continue
        if n > 0 and marks[n - 1].text in ("this", "that", "the", "which", "each", "every"):
            continue  # "this one belongs in dc-oslo"
        if after.text.isalpha() and len(after.text) >= 4 and after.text not in _AFTER_ONE:
            mark.tags = tuple(t for t in mark.tags if t.role != "pron")


def _label_stems(marks: list[Mark]) -> None:
    """ "the copper uplinks", "PCI nodes": a label value by its first word needs a head noun after it."""
    for n, mark in enumerate(marks):
        tag = mark.entity()
        if tag is None or tag.kind != "label" or not tag.ambiguous or " " in mark.text:
            continue
        words = tag.value.lower().replace("_", "-").split("-")
        if len(words) < 2 or mark.text not in (words[0], words[-1]):
            continue
        after = marks[n + 1] if n + 1 < len(marks) else None
        if _owned(marks, n):
            continue  # "must have UPS": what a node has, named at the end of its phrase
        if after is None or not (after.has("head") or after.has("lhead") or after.text in MACHINE_NOUNS):
            mark.tags = ()


def _owned(marks: Sequence[Mark], n: int) -> bool:
    """ "must have UPS", "make sure it's on nvme", "not on a Jetson": a value a node has or a job is
    placed on, at the end of its phrase; or the whole hint ("nvme pref")."""
    if n == 0 and all(m.punct or m.text in ALONE_WORDS for m in marks[1:]):
        return True
    after = marks[n + 1] if n + 1 < len(marks) else None
    closes = after is None or bool(after.punct) or after.text in ("and", "or", "please", "pls")
    k = n - 2 if n >= 2 and marks[n - 1].text in ("a", "an") else n - 1
    owner = k >= 0 and marks[k].text.rsplit(" ", 1)[-1] in _OWNED_BY
    return closes and owner and len(marks[n].text) >= 3


_OWNED_BY = HAVING | {"on", "onto"}


def _its_node(marks: list[Mark]) -> list[Mark]:
    """ "definitely not on its node": the node an app just named runs on ("8 free cores on its node" is
    the job's own)."""
    out: list[Mark] = []
    n = 0
    while n < len(marks):
        mark = marks[n]
        if (
            mark.text in ("its", "their")
            and n + 1 < len(marks)
            and marks[n + 1].text in MACHINE_NOUNS
            and not any(m.has("qty") for m in out[-4:])  # a figure before it: the job's own node
        ):
            out.append(_joined(marks[n : n + 2], Tag("cue", "colo"), Tag("pron")))
            n += 2
            continue
        out.append(mark)
        n += 1
    return out


def _said_twice_or_ever(marks: list[Mark]) -> None:
    """ "please, please don't": please said twice insists; "No spot, ever." and "Don't run on spot.
    Ever." never allow it; "as few
    machines as possible" wants it as much as can be."""
    for n, mark in enumerate(marks):
        if mark.text == "please" and mark.has("mod"):
            later = next((m for m in marks[n + 1 : n + 3] if not m.punct), None)
            if later is not None and later.text == "please":
                mark.tags, later.tags = (Tag("filler"),), (Tag("mod", "strong"),)
        if mark.text == "ever" and not mark.tags and n > 0 and marks[n - 1].punct in (",", ".", "!"):
            last = n + 1 == len(marks) or marks[n + 1].punct != ""
            if last and any(m.has("neg") for m in marks[max(0, n - 6) : n]):
                mark.tags = (Tag("mod", "critical"),)
        if mark.has("concept") and mark.text.endswith(" as possible") and not mark.has("mod"):
            mark.tags = (*mark.tags, Tag("mod", "strong"))


_MOVES = frozenset({"moves", "goes", "lands", "ends up", "runs", "is"})


def _follow_zone_wise(marks: list[Mark]) -> list[Mark]:
    """ "wherever it moves, follow it zone-wise": the same zone as what "it" names; "wherever it moves"
    is when, not where. A "target" that ends a bracket is a noun ("(statutory uptime target)")."""
    out: list[Mark] = []
    n = 0
    while n < len(marks):
        mark = marks[n]
        nxt = marks[n + 1] if n + 1 < len(marks) else None
        moving = n + 2 < len(marks) and marks[n + 2].text in _MOVES
        if mark.text == "wherever" and nxt is not None and nxt.has("pron") and moving:
            mark.tags = (Tag("filler"),)
        if mark.text == "wherever" and nxt is not None and nxt.text in ("is", "'s", "are"):
            mark.tags = (Tag("filler"),)  # "run it wherever is cheapest": the quality asked for
        if mark.text in ("follow", "follow it") and n + 2 < len(marks):
            k = n + 1 if mark.text == "follow" and nxt is not None and nxt.text in ("it", "them") else n
            if marks[k + 1].has("zoneword") and k + 2 < len(marks) and marks[k + 2].text == "wise":
                out.append(_joined(marks[n : k + 3], Tag("cue", "samezone"), Tag("pron")))
                n = k + 3
                continue
        ending = nxt is None or nxt.punct in (")", ".")
        noun_before = n > 0 and (marks[n - 1].has("concept") or not marks[n - 1].tags)
        if mark.text in ("target", "targets") and mark.has("verb") and ending and noun_before:
            mark.tags = ()
        out.append(mark)
        n += 1
    return out


_IT_WAS = frozenset(
    {"it's", "it is", "it has", "its", "they're", "they are", "they have", "it was", "they were"}
)


def _said_of_it(marks: list[Mark]) -> None:
    """ "skip enc-03 it's been flaky": trouble said of the machine just named says why it is refused."""
    for n, mark in enumerate(marks):
        if not mark.has("concept", "unreliable") or n < 2:
            continue
        k = n - 1
        if marks[k].text in ("been", "so", "very", "too", "really"):
            k -= 1
        if marks[k].text not in _IT_WAS:
            continue
        named = any(
            t.role == "ent" and t.kind in ("node", "zone") for m in marks[max(0, k - 4) : k] for t in m.tags
        )
        if named:
            mark.tags = ()


_ALLOWING = frozenset(
    {"allowed", "permitted", "acceptable", "forbidden", "banned", "is never allowed", "never allowed"}
)
_LANDS = frozenset(
    {"lands", "goes", "ends up", "sits", "runs", "gets scheduled", "is scheduled", "is placed", "runs in"}
    | {"runs on", "lands on", "lands in", "goes to", "sits in", "sits on", "stays in", "stays on"}
)


def _whose_rule(marks: list[Mark]) -> None:
    """ "I'd much rather the fraud engine avoided single-feed racks": "avoided" before what it names
    refuses it; "spot is never allowed for alarm-router", "make sure customer-api lands on ...": the
    app a rule is for, or that is to land somewhere, is the job."""
    for n in range(len(marks) - 1):
        mark, nxt = marks[n], marks[n + 1]
        if mark.text == "avoided" and nxt.entity() is not None:
            mark.tags = (Tag("neg"), Tag("verb"))
        if not any(t.role == "ent" and t.kind == "app" for t in nxt.tags):
            continue
        ends = n + 2 >= len(marks) or marks[n + 2].punct != ""
        if mark.text == "for" and ends and any(m.text in _ALLOWING for m in marks[max(0, n - 3) : n]):
            nxt.tags = (Tag("filler"),)
        sure = mark.has("mod") and mark.text in ("make sure", "please make sure", "ensure", "please ensure")
        sure = sure or (mark.text == "that" and any(m.has("mod") for m in marks[max(0, n - 4) : n]))
        if sure and n + 2 < len(marks) and marks[n + 2].text in _LANDS:
            nxt.tags = (Tag("filler"),)  # "it matters a lot that storefront runs in ..."


def _spread_over_named(marks: list[Mark]) -> None:
    """ "run in edge-leeds and edge-york, with replicas spread over both": over the zones just named."""
    for n in range(len(marks) - 2):
        mark = marks[n]
        if not mark.has("concept", "spread") or marks[n + 1].text not in ("over", "across", "between"):
            continue
        if marks[n + 2].text not in ("both", "them", "the two", "all three", "those", "these"):
            continue
        if any(t.role == "ent" and t.kind == "zone" for m in marks[max(0, n - 12) : n] for t in m.tags):
            mark.tags = (*(t for t in mark.tags if t.role != "concept"), Tag("concept", "spread_zones"))


def _plural_subjects(marks: list[Mark]) -> None:
    """ "gen11 if you can, the gen9s throttle": machines of a kind doing something, told as a reason."""
    for n in range(1, len(marks) - 1):
        mark, verb = marks[n], marks[n + 1]
        tag = mark.entity()
        if tag is None or tag.kind != "label" or not mark.text.endswith("s") or marks[n - 1].text != "the":
            continue
        ends = n + 2 >= len(marks) or marks[n + 2].punct != ""
        if (
            not verb.tags
            and verb.text.isalpha()
            and not verb.punct
            and ends
            and verb.text not in MACHINE_NOUNS
        ):
            mark.tags = ()


_ROOM_IN = (
    "free",
    "spare",
    "headroom",
    "available",
    "unrequested",
    "unallocated",
    "idle",
    "unused",
    "margin",
)
_DATA_THINGS = frozenset(
    {
        "cache",
        "dataset",
        "file",
        "files",
        "index",
        "model",
        "table",
        "volume",
        "db",
        "database",
        "blob",
        "image",
    }
)


_JOB_NOUNS = frozenset(
    {"export", "re", "reencode", "transcode", "backfill", "reprocess", "import", "rebuild", "reindex", "job"}
    | {"exports", "jobs", "training", "fine tuning", "fine tune", "finetune", "finetuning", "aggregation"}
    | {"etl", "replay", "reprocessing", "backfills", "pipeline", "batch"}
)


_SIZE = re.compile(r"^(\d+(?:\.\d+)?) ?([a-z]+)$")


def _memory_said(mark: Mark) -> str | None:
    """The GiB of a memory figure, read or left as told ("a 40G model")."""
    tag = next((t for t in mark.tags if t.role == "qty" and t.kind == "memory"), None)
    if tag is not None:
        return tag.value
    m = _SIZE.match(mark.text)
    if m is None or m.group(2) not in MEMORY_UNITS:
        return None
    return f"{float(m.group(1)) * MEMORY_UNITS[m.group(2)]:.10g}"


def _ent_kind(mark: Mark) -> str:
    tag = mark.entity()
    return tag.kind if tag is not None and tag.role == "ent" else ""


_TOLD_BEFORE = frozenset({"to", "around", "about", "approx", "approximately", "roughly", "~"})


def _that_much(marks: list[Mark]) -> None:
    """ "loads a 40G model, so give it that much memory free": the size told before it, asked for."""
    for n in range(len(marks) - 2):
        if marks[n].text != "that" or marks[n + 1].text != "much":
            continue
        if any(w in _ROOM_IN or w in ("memory", "ram") for w in (m.text for m in marks[n + 2 : n + 4])):
            said = next((v for m in reversed(marks[:n]) if (v := _memory_said(m)) is not None), None)
            if said is not None:
                marks[n].tags, marks[n + 1].tags = (Tag("qty", said, kind="memory"),), (Tag("filler"),)


def _told_sizes(marks: list[Mark]) -> None:
    """ "needs 12 gigs free, the cache warms to ~11G", "(around 90 GB resident) ... 96GiB free": where
    one memory figure is said to be free, the others are sizes told; so is "a 200 GB tile cache", and
    a dataset's size in brackets ("the city-graph dataset at startup (~40GB)")."""
    memory = [m for m in marks if any(t.role == "qty" and t.kind == "memory" for t in m.tags)]
    roomy = [m for m in memory if any(w in m.text.split(" ") for w in _ROOM_IN)]
    for n, mark in enumerate(marks):
        if mark not in memory:
            continue
        before = marks[n - 1] if n > 0 else None
        if roomy and mark not in roomy:
            told = before is not None and before.text in _TOLD_BEFORE
            if told or (n + 1 < len(marks) and marks[n + 1].text == "resident"):
                mark.tags = ()
        data_before = any(t.kind == "dataset" for m in marks[max(0, n - 6) : n] for t in m.tags)
        if before is not None and before.punct == "(" and data_before:
            mark.tags = ()
        thing = any(m.text in _DATA_THINGS for m in marks[n + 1 : n + 3])
        if before is not None and before.text in ("a", "an") and thing:
            mark.tags = ()


# "data" before these is a compound noun ("the data loader", "a data scientist"), no ask for locality
_DATA_COMPOUNDS = frozenset(
    {"scientist", "scientists", "science", "team", "teams", "loader", "loaders", "protection", "engineer"}
    | {"engineers", "engineering", "analyst", "analysts", "governance", "privacy", "retention", "office"}
    | {"officer", "department", "group", "quality", "entry", "loss", "plane", "agreement", "transfer"}
)


_DATA_LIVES = frozenset(
    {"is", "'s", "are", "only", "already", "currently", "all", "cached", "lives", "sits", "stored"}
    | {"mirrored", "resides", "located", "replicated", "kept", "held"}
)


def _where_data_lives(marks: list[Mark]) -> None:
    """ "depot-floorplans is only on the core nodes", "the-pile is cached on kgn017 and kgn018": where a
    dataset lives is told; what is asked is locality, if anything."""
    for n, mark in enumerate(marks):
        if _ent_kind(mark) != "dataset":
            continue
        k = n + 1
        while (
            k < len(marks)
            and (
                (marks[k].text in _DATA_LIVES and (marks[k].text == "only" or not marks[k].has("mod")))
                # "is 3 TB and lives on ...": its size, then where it lives
                or (marks[k].text[:1].isdigit() and k + 1 < len(marks) and marks[k + 1].text == "and")
                or (marks[k].text == "and" and marks[k - 1].text[:1].isdigit())
            )
        ):
            k += 1
        if k == n + 1 or k >= len(marks) or marks[k].text not in ("on", "in", "at"):
            continue
        # "librispeech is cached in europe-west4-b so run in that zone": the place is pointed back at
        if any(
            a.text in ("that", "those", "these") and (b.text in MACHINE_NOUNS or b.has("zoneword"))
            for a, b in pairwise(marks[k:])
        ):
            continue
        for place in marks[k + 1 :]:
            if place.text == "only":
                place.tags = (Tag("filler"),)  # "lives on the batch nodes only": where, no insistence
                continue
            if place.punct or place.has("verb") or place.has("mod") or place.text in ("so", "but"):
                break
            if any(t.role == "ent" and t.kind in ("node", "zone", "label") for t in place.tags):
                place.tags = (Tag("bg"),)
        for said in marks[n + 1 : k]:
            if said.text == "only":
                said.tags = (Tag("filler"),)


def _data_compounds(marks: list[Mark]) -> None:
    """ "the data loader was slow", "a data scientist here": "data" in a compound noun asks for no
    locality."""
    for mark, after in pairwise(marks):
        if mark.text == "data" and mark.has("cue", "locality") and after.text in _DATA_COMPOUNDS:
            mark.tags = (Tag("filler"),)


def _data_naming_job(marks: list[Mark]) -> None:
    """ "the forum-dump export", "the lecture-captures re-encode": a dataset naming the job asks for no
    locality."""
    for n, mark in enumerate(marks):
        if _ent_kind(mark) != "dataset":
            continue
        after = marks[n + 1].text if n + 1 < len(marks) else ""
        # "the nightly aggregation of gps-traces": the job again, named by what it works on
        of = n >= 2 and marks[n - 1].text == "of" and marks[n - 2].text in _JOB_NOUNS
        if not (after in _JOB_NOUNS or of):
            continue
        # "raw-iq reprocessing: run where that archive is cached": a later ask for locality that names
        # no dataset of its own points back at it
        later = marks[n + 1 :]
        if not any(m.has("cue", "locality") for m in later) or any(_ent_kind(m) == "dataset" for m in later):
            mark.tags = ()


def _spare_resource(marks: list[Mark]) -> None:
    """ "a node with spare CPU": spare, with no figure, asks for low load on that resource."""
    for n, mark in enumerate(marks[:-1]):
        if not (mark.has("qadj") and mark.text in ("spare", "free", "idle", "unused")):
            continue
        before = marks[n - 1] if n > 0 else None
        bare = before is None or (
            not any(t.role == "qty" or t.value.isdigit() for t in before.tags)
            and before.text not in ("any", "no", "hardly", "little", "without", "hardly any")
            and not before.text[:1].isdigit()
        )
        if bare and marks[n + 1].has("res"):
            mark.tags = (Tag("concept", "idle"),)


def refine_marks(
    marks: list[Mark], tokens: Sequence[Token], app_words: Mapping[str, str] | None = None
) -> list[Mark]:
    """Apply the window rules; marks stay in token order. `app_words`: the context's apps by the last
    word of their name (PhraseTable.app_words)."""
    for mark in marks:  # "latency-critical", "time-critical": the second half of a compound adjective
        if mark.has("mod") and mark.start < len(tokens) and tokens[mark.start].joined:
            mark.tags = (Tag("filler"),)
    _passives(marks)
    _own_names(marks)
    _telling_verbs(marks)
    _kept_free(marks)
    _packed_together(marks)
    _whichever_best(marks)
    _use_as_load(marks)
    _load_combos(marks)
    _negated_permission(marks)
    _able_to(marks)
    _states(marks)
    _until(marks)
    _this_job(marks)
    _only_described(marks)
    _loose_only(marks)
    _bare_counts(marks)
    _keyed_counts(marks)
    _spread_over(marks)
    _sizes_said(marks)
    _purpose_avoid(marks)
    _other_budgets(marks)
    _where_it_runs(marks)
    _label_topics(marks)
    _heading(marks)
    _zone_keyed(marks)
    _leaving(marks)
    _app_subjects(marks)
    _conditions(marks)
    _prevented(marks)
    marks = _not_all_in_one(_one_per(_one_app_per(_zone_words(_one_kind_of_node(marks)))))
    _both_levels(marks)
    marks = _idle_count(_bracketed(marks))
    _capped(marks)
    _nothing_of(marks)
    _it_avoided(marks)
    _sizes_told(marks)
    _fallback_choice(marks)
    _saved_for(marks)
    _cost_as_verb(marks)
    _corrected_as(marks)
    _split_between(marks)
    _closing_one(marks)
    _named_ones(marks)
    _tag_questions(marks)
    _more_figures(marks)
    _one_free(marks)
    _fallbacks(marks)
    _losers(marks)
    _not_fine_to(marks)
    _works_fine(marks)
    _relative_verbs(marks)
    _feelings(marks)
    _job_priority(marks)
    _the_only(marks)
    _when_busy(marks)
    _we_are_they(marks)
    _off_as_from(marks)
    _s_forms(marks)
    _without_trouble(marks)
    _rather_than(marks)
    _allowed_to_be(marks)
    _went_away(marks)
    _since_when(marks)
    _stacks_of_things(marks)
    _like_the_rest(marks)
    _otherwise_fine(marks)
    _one_off(marks)
    _teams_and_code(marks)
    _is_deployed_in(marks)
    _habitual(marks)
    _cannot_find(marks)
    _there_are_none(marks)
    _got_busy(marks)
    _cheaper_to(marks)
    _shut_down(marks)
    _weather(marks)
    _most_possible(marks)
    _so_is(marks)
    _during(marks)
    _cost_compounds(marks)
    _kept_with_own(marks)
    _asked_supported(marks)
    _idles(marks)
    _demand_as_noun(marks)
    _rather_than_after(marks)
    _event_told(marks)
    _demonyms(marks)
    _left_alone(marks)
    _place_as_adjective(marks)
    _corrections_said(marks)
    _made_that(marks)
    _no_taken_back(marks)
    _seldom_failing(marks)
    _replicas_together(marks)
    marks = _per_machine(marks)
    _good_enough(marks)
    _chat_tools(marks)
    _short_name_compounds(marks)
    _no_preference_on(marks)
    _one_event(marks)
    _figure_enough(marks)
    _this_is_the(marks)
    _keep_company(marks)
    _dataset_stems(marks)
    marks = _its_node(marks)
    _said_twice_or_ever(marks)
    marks = _follow_zone_wise(marks)
    _said_of_it(marks)
    _whose_rule(marks)
    _spread_over_named(marks)
    _plural_subjects(marks)
    _that_much(marks)
    _data_naming_job(marks)
    _data_compounds(marks)
    _where_data_lives(marks)
    _with_people(marks)
    _told_sizes(marks)
    _spare_resource(marks)
    _label_stems(marks)
    _name_as_adjective(marks)
    _run_as_noun(marks)
    _one_as_number(marks)
    marks = _unknown_names(_node_ranges(_few_troubles(marks), tokens), tokens, app_words or {})
    _listed_unknowns(marks)
    return marks


_NOT_LISTED = _NOT_NAMES | frozenset(
    [
        "similar",
        "whatever",
        "anything",
        "something",
        "elsewhere",
        "others",
        "nearby",
        "both",
        "either",
        "neither",
        "less",
        "such",
        "equivalent",
        "better",
        "worse",
        "higher",
        "lower",
        "bigger",
        "smaller",
        "newer",
        "older",
        "whichever",
        "wherever",
        "everything",
        "nothing",
        "somewhere",
        "anywhere",
        "everywhere",
        "none",
        "any",
    ]
)


def _listed_unknowns(marks: list[Mark]) -> None:
    """ "under no circumstances on mandrake or hemlock": a plain word listed by "or"/"and" right after a
    node or zone name, and ending the list, is another of them the context does not have."""
    for n in range(2, len(marks)):
        mark, joiner, before = marks[n], marks[n - 1], marks[n - 2]
        if joiner.text in ("on", "in", "at") and n >= 3:  # "not on skua or on heron"
            joiner, before = marks[n - 2], marks[n - 3]
        if mark.tags or mark.punct or not mark.text.isalpha() or len(mark.text) < 3:
            continue
        if mark.text in _NOT_LISTED or mark.text in MACHINE_NOUNS or mark.text in PLURAL_NOUNS:
            continue
        if joiner.text not in ("or", "and", "nor"):
            continue
        kind = next((t.kind for t in before.tags if t.role == "ent" and t.kind in ("node", "zone")), "")
        after = marks[n + 1] if n + 1 < len(marks) else None
        if kind and (after is None or after.punct or after.has("conj") or after.has("mod")):
            mark.tags = (Tag("ent", mark.text, kind=kind),)
            mark.known = False
