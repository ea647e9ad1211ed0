"""semsched intent parser: natural-language hints into soft scheduling intents."""
