"""Measured experiments, not part of the product: learned readers of entity roles beside the rules.

For every zone, node, app, label, GPU or dataset the CPU parser finds in a hint, a logistic
regression over the words around it (names replaced by their kind) predicts the role the gold gives
it: the intent class it belongs to, or none. Trained on the 76 study sets, it is compared with the
rules out of fold (grouped by set) and, once, on the blind sets, in counts only. The figures and
what they say are in docs/decisions.md (D33). It needs scikit-learn, which is not a project
dependency; install it beside the project:

    python -m pip install --target /tmp/rerank-site scikit-learn
    export PYTHONPATH=/tmp/rerank-site PROPOSE_DIR=/tmp/semsched-propose
    uv run python -m evals.propose.dump          # parse every study set and the blind sets once
    uv run python -m evals.propose.cv            # grouped 10-fold CV on the study sets
    uv run python -m evals.propose.blind         # fit on the study sets, count on the blind sets once
    uv run python -m evals.propose.prestudy      # each study set read by the parser it first met
    uv run python -m evals.propose.arbiter       # the reader, those readings and an arbiter between them

The encoder reader (`evals.propose.encoder`) needs torch and the MiniLM weights instead; see its
docstring. `evals.propose.routed` sets it beside the current rules at hint level, with an arbiter
trained on study77-80, sets kept unstudied for it (D35).

Delete $PROPOSE_DIR/blind.jsonl after counting: it holds the blind hints' words.

The encoder reader is now in the product (D36): `semsched_intents.reader` runs it, and `evals.reader`
trains (`task train:reader`) and evaluates (`task eval:reader`) it, reusing `encoder` and `export`.
"""
