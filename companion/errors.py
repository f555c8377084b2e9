"""One error tree for the whole product.

Every leaf also subclasses the builtin it resembles, and its message names the
file, the field, the cell or the pin that is wrong, so that a command line can
print it as one line and stop without a traceback.
"""

from __future__ import annotations


class CompanionError(Exception):
    """Root of every error this product raises on purpose."""


class BadFileError(CompanionError, ValueError):
    """A file (tableau, session, layout, catalog...) is malformed.

    The message names the file and the field or cell that is wrong.
    """


class ConfigError(CompanionError, ValueError):
    """The config file has an unknown key, a wrong type or a bad value."""


class StoreError(CompanionError, OSError):
    """The session store cannot be opened or written."""


class UnknownGameError(CompanionError, KeyError):
    """A session names a game this product does not know."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class UnknownSessionError(CompanionError, KeyError):
    """No session has the asked id."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class EventRefusedError(CompanionError, ValueError):
    """The game cannot take this event at all (for example play after the game ended).

    Illegal moves on the table are never refused: they are flagged as
    violations and the table decides. Refusal is for events that make no sense
    in the current state.
    """


class HardwareError(CompanionError, RuntimeError):
    """A camera, pin or other device is missing, misconfigured or failing."""


class PinConfigError(HardwareError, ValueError):
    """A GPIO pin is misconfigured; the message names the pin."""
