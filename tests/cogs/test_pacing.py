"""The bot keeps under its token's global rate limit on its own (``bot.discord.pacing``):
a manual clock, no real sleeps."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord.pacing import BUSY, WINDOW, Pacer, limited, share


class Clock:
    """Monotonic seconds that move only when the pacer sleeps."""

    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds
        await asyncio.sleep(0)


def pacer(per_second: int, clock: Clock) -> Pacer:
    return Pacer(per_second, clock=clock, sleep=clock.sleep)


async def test_no_more_than_the_limit_leaves_in_any_second() -> None:
    clock = Clock()
    paced = pacer(3, clock)
    sent: list[float] = []
    for _ in range(7):
        await paced.take()
        sent.append(clock.now)
        clock.now += 0.1
    assert sent[:3] == pytest.approx([100.0, 100.1, 100.2]), "within the budget: at once"
    assert sent[3] == pytest.approx(100 + WINDOW), "the fourth waits for the first to leave"
    for i in range(3, 7):  # never three others in the window before a request
        assert sent[i] - sent[i - 3] >= WINDOW - 1e-9
    assert paced.waited >= 1


async def test_waiting_requests_leave_in_the_order_they_came() -> None:
    clock = Clock()
    paced = pacer(2, clock)
    order: list[int] = []

    async def send(n: int) -> None:
        await paced.take()
        order.append(n)

    await asyncio.gather(*(send(n) for n in range(6)))
    assert order == list(range(6))
    assert paced.waited == 2, "two waits: each frees the window for the one after it"


async def test_a_request_given_up_while_waiting_takes_no_place() -> None:
    clock = Clock()
    paced = pacer(1, clock)
    await paced.take()
    gone = asyncio.create_task(paced.take())
    await asyncio.sleep(0)
    kept = asyncio.create_task(paced.take())
    gone.cancel()
    await kept
    assert clock.now == pytest.approx(100 + WINDOW), "the place went to the request still there"
    assert len(paced._sent) == 1


async def test_the_bot_is_busy_while_more_than_its_share_of_the_budget_went_out() -> None:
    clock = Clock()
    paced = pacer(10, clock)
    for _ in range(int(BUSY * 10)):
        await paced.take()
    assert not paced.busy(), "up to the share: not busy"
    await paced.take()
    assert paced.busy()
    clock.now += WINDOW
    assert not paced.busy(), "a window later the requests are forgotten"


@pytest.mark.parametrize(("path", "counted"), [
    ("/api/v10/channels/1/messages", True),
    ("/api/v10/channels/1/messages/2", True),
    ("/api/v10/users/@me/channels", True),
    ("/api/v10/oauth2/applications/@me", True),
    ("/api/v10/interactions/1/token/callback", False),
    ("/api/v10/webhooks/1/token/messages/@original", False),
    ("/gateway", False),
    ("/", False),
])
def test_interaction_endpoints_and_the_gateway_are_outside_the_budget(
        path: str, counted: bool) -> None:
    assert limited(path) is counted


def test_each_process_takes_its_shards_share_of_the_budget() -> None:
    assert share(50, None, None) == pytest.approx(45.0), "a tenth kept for the network"
    assert share(50, (0, 1), 4) == pytest.approx(22.5)
    assert share(50, (3,), 100) == 1.0, "never below one a second"
