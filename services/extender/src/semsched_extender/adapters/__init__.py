"""NATS and HTTP adapters of the extender."""
