"""The root of semsched's own exceptions; adapters translate library errors into these."""


class SemschedError(Exception):
    """Base of every error semsched raises on purpose."""


class ConfigError(SemschedError):
    """Settings or input files are unusable; the message says what to fix."""


class BusError(SemschedError):
    """NATS / JetStream could not do what was asked (after the library's own retries)."""


class EmbeddedNatsError(SemschedError):
    """The embedded nats-server binary is missing or did not start."""
