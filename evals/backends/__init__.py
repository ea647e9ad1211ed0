"""Accuracy and latency of the parser backends (cpu, llm, hybrid) on one sample of hints."""
