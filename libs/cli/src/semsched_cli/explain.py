"""Why a node won: the per-intent breakdown of a pod's view, best node against runner-up."""

from __future__ import annotations

from semsched_proto import PodScores


def ranking(view: PodScores) -> list[tuple[str, float]]:
    return sorted(zip(view.nodes, view.scores, strict=True), key=lambda item: (-item[1], item[0]))


def _label(intent_type: str, params: dict[str, object], strength: str) -> str:
    shown = ", ".join(f"{k}={v}" for k, v in params.items())
    return f"{intent_type}({shown}) [{strength}]" if shown else f"{intent_type} [{strength}]"


def summary(view: PodScores, node: str) -> str:
    """One line: each intent's satisfaction on `node`."""
    if node not in view.nodes:
        return "no view for this node"
    i = view.nodes.index(node)
    parts = [f"{e.intent.type}={e.satisfaction[i]:.2f}" for e in view.intents]
    return f"utility {view.scores[i]:.1f}/100" + (" · " + ", ".join(parts) if parts else " · no intents")


def explain(view: PodScores, top: int = 5) -> list[str]:
    ranked = ranking(view)
    lines = [f"pod {view.pod_key}: {len(view.intents)} intent(s), {len(view.nodes)} nodes scored"]
    for e in view.intents:
        lines.append(
            f"  intent {_label(e.intent.type, dict(e.intent.params), e.intent.strength)} "
            f"confidence {e.intent.confidence:.2f} weight {e.weight:.3f}"
        )
    lines.append("ranking (utility 0-100, extender score 0-10):")
    for node, score in ranked[:top]:
        lines.append(f"  {node:<24} {score:6.1f}  -> {int(score / 10 + 0.5)}")
    if len(ranked) >= 2:
        lines.extend(_versus(view, ranked[0][0], ranked[1][0]))
    for warning in view.warnings:
        lines.append(f"warning: {warning}")
    return lines


def _versus(view: PodScores, best: str, runner_up: str) -> list[str]:
    b, r = view.nodes.index(best), view.nodes.index(runner_up)
    lines = [f"why {best} and not {runner_up}:"]
    total_weight = max(sum(e.weight for e in view.intents), 1.0)
    for e in view.intents:
        delta = 100.0 * e.weight * (e.satisfaction[b] - e.satisfaction[r]) / total_weight
        verdict = "ties" if abs(delta) < 1e-9 else ("favours " + (best if delta > 0 else runner_up))
        lines.append(
            f"  {e.intent.type:<24} {e.satisfaction[b]:.2f} vs {e.satisfaction[r]:.2f}  "
            f"{delta:+6.1f} pts  {verdict}"
        )
    if view.scores[b] == view.scores[r]:
        lines.append("  the two are tied for semsched; kube-scheduler's own plugins decide")
    return lines
