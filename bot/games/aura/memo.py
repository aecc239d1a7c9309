"""Small helpers that keep views and menus cheap (the leak test builds thousands per game)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, NoReturn, TypeVar, cast

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


class ByIdentity(Generic[K, T]):
    """Results of a pure function for the last few argument *objects* (compared by ``is``).

    States are immutable, so a result computed for one state object stays right; holding a
    reference to each key keeps its id from being reused while it is cached. The latest key
    is checked first: callers mostly ask again about the object they asked about last.
    """

    __slots__ = ("items", "key", "make", "size", "value")

    def __init__(self, make: Callable[[K], T], size: int = 8) -> None:
        self.make = make
        self.size = size
        self.items: dict[int, tuple[K, T]] = {}
        self.key: K | None = None
        self.value: T | None = None

    def __call__(self, key: K) -> T:
        if key is self.key:
            return cast(T, self.value)
        hit = self.items.get(id(key))
        if hit is not None and hit[0] is key:
            value = hit[1]
        else:
            value = self.make(key)
            if len(self.items) >= self.size:
                del self.items[next(iter(self.items))]
            self.items[id(key)] = (key, value)
        self.key, self.value = key, value
        return value
