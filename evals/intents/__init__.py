"""Intent parser evaluation: `python -m evals.intents` (see __main__)."""
