"""Small helpers that keep views and menus cheap (the leak test builds thousands per game)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

K = TypeVar("K")
T = TypeVar("T")


class Face(dict[str, Any]):
    """A read-only dict, shared by every view that shows the same card face or back."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("view card faces are read-only; copy with dict(card) to change one")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse
    __ior__ = _refuse

    def __copy__(self) -> Face:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Face:
        return self

    def __reduce__(self) -> tuple[type[Face], tuple[dict[str, Any]]]:
        return (Face, (dict(self),))


def by_identity(make: Callable[[K], T], size: int = 8) -> Callable[[K], T]:
    """``make`` remembered for the last few argument *objects* (compared by ``is``).

    States are immutable, so a result computed for one state object stays right; holding a
    reference to each key keeps its id from being reused while it is cached. The latest key
    is checked first: callers mostly ask again about the object they asked about last. A
    closure rather than a class with ``__call__``: calling an instance costs several times
    a plain function call, and views ask a few of these per step.
    """
    items: dict[int, tuple[K, T]] = {}
    last: K | None = None
    last_value: T | None = None

    def cached(key: K) -> T:
        nonlocal last, last_value
        if key is last:
            return last_value  # type: ignore[return-value]
        hit = items.get(id(key))
        if hit is not None and hit[0] is key:
            value = hit[1]
        else:
            value = make(key)
            if len(items) >= size:
                del items[next(iter(items))]
            items[id(key)] = (key, value)
        last, last_value = key, value
        return value

    return cached
