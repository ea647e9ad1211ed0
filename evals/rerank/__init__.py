"""A measured experiment, not part of the product: a learned filter over the CPU parser's intents.

A gradient-boosted model reads generic features of each predicted intent (class, strength,
confidence, where and how its value is mentioned, the function words around it) and drops the
intents it judges spurious. The figures and the decision not to adopt it are in docs/decisions.md
(D29). It needs scikit-learn, which is not a project dependency; install it beside the project:

    python -m pip install --target /tmp/rerank-site scikit-learn
    export PYTHONPATH=/tmp/rerank-site RERANK_DIR=/tmp/semsched-rerank
    uv run python -m evals.rerank.dump      # parse every labelled set once
    uv run python -m evals.rerank.cv 7      # nested grouped CV of the chosen model
    uv run python -m evals.rerank.final     # fit on study1..53, score study54..56 once
    uv run python -m evals.rerank.analyse   # per-set gains and the classes dropped
"""
