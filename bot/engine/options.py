"""Match options: a small schema each game declares, parsed with player-readable errors."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine.errors import BadOptions
from bot.engine.said import Said, said
from bot.engine.usertext import quoted


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One match option: ``kind`` is ``bool``, ``int`` or ``choice``."""

    name: str
    kind: str
    default: Any
    help: Said
    """What the option does, said in the reader's language (``/play`` offers it)."""
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None

    def parse(self, raw: Any) -> Any:
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            if isinstance(raw, str) and raw.lower() in ("true", "yes", "on", "1", "false", "no",
                                                        "off", "0"):
                return raw.lower() in ("true", "yes", "on", "1")
            raise BadOptions(said("Option `{name}` must be true or false.", name=self.name))
        if self.kind == "int":
            if isinstance(raw, bool) or (isinstance(raw, float) and not raw.is_integer()):
                raise BadOptions(said("Option `{name}` must be a whole number.", name=self.name))
            try:
                value = int(raw)
            except (TypeError, ValueError):
                raise BadOptions(said("Option `{name}` must be a whole number.",
                                      name=self.name)) from None
            if (self.low is not None and value < self.low) or (
                self.high is not None and value > self.high
            ):
                raise BadOptions(said("Option `{name}` must be between {low} and {high}.",
                                      name=self.name, low=str(self.low), high=str(self.high)))
            return value
        if self.kind == "choice":
            if not isinstance(raw, str) or raw not in self.choices:
                raise BadOptions(said("Option `{name}` must be one of: {choices}.",
                                      name=self.name, choices=tuple(self.choices)))
            return raw
        raise BadOptions(said("Option `{name}` has an unknown kind.", name=self.name))


def parse_options(schema: Sequence[OptionSpec], raw: Mapping[str, Any] | None) -> dict[str, Any]:
    """Validate ``raw`` against ``schema``; unknown names and bad values raise ``BadOptions``."""
    raw = dict(raw or {})
    known = {spec.name: spec for spec in schema}
    unknown = sorted(set(raw) - set(known))
    if unknown:
        names = tuple(quoted(n) for n in unknown)
        if not known:
            raise BadOptions(said("Unknown option {names}. This game has no options.",
                                  names=names))
        raise BadOptions(said("Unknown option {names}. Valid options: {valid}.", names=names,
                              valid=tuple(known)))
    return {name: spec.parse(raw[name]) if name in raw else spec.default
            for name, spec in known.items()}
