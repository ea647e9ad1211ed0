"""Backend routing; no I/O here beyond the ports it is given."""
