"""Adapters of the intent parser: the OpenAI-compatible LLM client."""
