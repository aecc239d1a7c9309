"""Structured log lines: ``key=value`` pairs, one record per line, tagged with the match.

Every line written while a match is being handled carries ``match=<id>`` (and, while a move
is checked and committed, ``decision=<id>``), so ``grep 'match=12 '`` finds a whole match's
story. The ids ride in context variables: discord.py runs each interaction in its own task,
so a tag set while handling one click never leaks into another. Tracebacks are escaped onto
the same line, so a line is always a whole record. Secrets given to ``setup`` (the bot
token) are blanked from every line, whatever put them there.
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import TextIO

REDACTED = "[redacted]"

_match: ContextVar[int | None] = ContextVar("parlor_log_match", default=None)
_decision: ContextVar[str | None] = ContextVar("parlor_log_decision", default=None)


def bind_match(match_id: int | None) -> None:
    """Tag the rest of the current task's lines with ``match_id`` (one task = one request)."""
    _match.set(match_id)


def bind_decision(decision_id: str | None) -> None:
    """Tag the rest of the current task's lines with ``decision_id`` (a click on a prompt)."""
    _decision.set(decision_id)


@contextmanager
def about(match_id: int | None, decision_id: str | None = None) -> Iterator[None]:
    """Tag the lines written inside the block; the previous tags come back after it."""
    match_token = _match.set(match_id)
    decision_token = _decision.set(decision_id)
    try:
        yield
    finally:
        _decision.reset(decision_token)
        _match.reset(match_token)


class MatchContext(logging.Filter):
    """Copies the current match and decision ids onto each record (``extra`` wins)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "match", None) is None:
            record.match = _match.get()
        if getattr(record, "decision", None) is None:
            record.decision = _decision.get()
        return True


def _value(text: str) -> str:
    """Bare when unambiguous, else a JSON string (quotes, spaces and newlines escaped)."""
    if text and all(c.isprintable() and c not in ' "=\\' for c in text):
        return text
    return json.dumps(text, ensure_ascii=False)


class LineFormatter(logging.Formatter):
    """``time=… level=… logger=… match=… decision=… msg="…" exc="…"`` on one line."""

    def __init__(self, secrets: Sequence[str] = ()) -> None:
        super().__init__()
        self.secrets = tuple(s for s in secrets if s)

    def format(self, record: logging.LogRecord) -> str:
        when = datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds")
        fields = [("time", when.replace("+00:00", "Z")), ("level", record.levelname),
                  ("logger", record.name)]
        for key in ("match", "decision"):
            value = getattr(record, key, None)
            if value is not None:
                fields.append((key, str(value)))
        fields.append(("msg", record.getMessage()))
        if record.exc_info:
            fields.append(("exc", self.formatException(record.exc_info)))
        if record.stack_info:
            fields.append(("stack", self.formatStack(record.stack_info)))
        line = " ".join(f"{key}={_value(value)}" for key, value in fields)
        for secret in self.secrets:
            line = line.replace(secret, REDACTED)
        return line


def handler(stream: TextIO | None = None, secrets: Sequence[str] = ()) -> logging.Handler:
    """A stream handler writing structured lines (tests attach one to capture output)."""
    out = logging.StreamHandler(stream if stream is not None else sys.stderr)
    out.addFilter(MatchContext())
    out.setFormatter(LineFormatter(secrets))
    return out


def setup(level: int, secrets: Sequence[str] = (), stream: TextIO | None = None) -> None:
    """Send every logger's records (discord.py's too) through one structured handler."""
    logging.basicConfig(level=level, handlers=[handler(stream, secrets)], force=True)
