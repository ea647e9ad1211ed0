"""The extender wire format and score conversion: pure, no I/O."""
