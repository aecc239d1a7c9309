"""What a database backend must provide so the store's queries are written once (``sql.py``).

A store call is a *body*: a generator that yields statements (``Fetch``, ``Count``, ``Many``,
``Gated``) and receives each one's answer, then returns the call's result. The SQL in it uses
``?`` placeholders and syntax both SQLite and PostgreSQL accept. A ``Dialect`` runs bodies
its own way: SQLite runs a whole body on aiosqlite's thread in one hop (one transaction, one
hand-over between threads); PostgreSQL sends each statement over a pooled connection, in a
transaction when the body writes. ``Gated`` is the move's shape: a compare-and-swap and the
rows that must be written only if it matched, which PostgreSQL sends as one statement.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from bot.store.schema import Migration

T = TypeVar("T")
Params = Sequence[Any]


@dataclass(frozen=True, slots=True)
class Fetch:
    """One statement; the answer is its rows (a list, empty for most writes)."""

    sql: str
    params: Params = ()


@dataclass(frozen=True, slots=True)
class Count:
    """One statement; the answer is how many rows it changed."""

    sql: str
    params: Params = ()


@dataclass(frozen=True, slots=True)
class Many:
    """One statement for each parameter row (none: nothing runs); the answer is None."""

    sql: str
    rows: Sequence[Params]


@dataclass(frozen=True, slots=True)
class Gated:
    """``gate`` (a change with ``RETURNING``), then each of ``then`` only if the gate returned
    a row; the answer is the gate's rows. Each ``then`` statement reads ``FROM gate`` so that,
    sent as one statement (PostgreSQL), it writes nothing when the gate matched nothing."""

    gate: Fetch
    then: Sequence[Fetch]


Op = Fetch | Count | Many | Gated
Body = Callable[[], Generator[Op, Any, T]]
"""A store call: yields statements, receives their answers, returns the call's result."""


def one(op: Op) -> Body[Any]:
    """A body of the single statement ``op``, answering what it answers."""
    def body() -> Generator[Op, Any, Any]:
        return (yield op)
    return body


class Dialect(Protocol):
    """One backend: its connection, transactions, migrations and the SQL that differs."""

    def seat_list(self, columns: str, source: str) -> str:
        """A scalar subquery: the JSON text of a list of ``[columns…]`` lists, one per row
        of ``source`` (``"seats WHERE …"``), ``[]`` when there is none."""

    async def open(self, migrations: Sequence[Migration] | None) -> None:
        """Connect and apply the missing migrations (the backend's own when None)."""

    async def close(self) -> None: ...

    async def schema_version(self) -> int: ...

    async def run(self, body: Body[T], write: bool) -> T:
        """Run ``body``; a write as one transaction, committed when the body returns and
        rolled back if it raises. Driver errors become ``StoreError``."""

    async def single(self, op: Op, write: bool) -> Any:
        """``op`` alone (a write in a transaction of its own), in the fewest round trips."""
