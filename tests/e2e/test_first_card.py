"""A newcomer against AIs plays a first card within 4 interactions of /play (issue 16): the
count is every command, press and select of theirs, /play included, until the thread's log
shows them playing a card."""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import World
from tests.e2e.players import TIMEOUT, Players, settled, stepped
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser, InteractionHandle

PLAYED = {
    "aura": re.compile(r"^(• alice plays |You block .+'s card )"),
    "zura": re.compile(r"^• alice discards "),
    "auroria": re.compile(r"^• alice (plays|places) "),
}
"""How each game says that the person played a card: in the thread's log, or privately (an
Aura block stays face down until the reveal). In Auroria an Energy card placed from the hand
counts: it comes before any spell or creature, which is one press later."""
AIS = {"aura": 1, "zura": 1, "auroria": 1}
NEWCOMER = 4


async def eager_press(fake: FakeDiscord, user: FakeUser,
                      message: FakeMessage) -> InteractionHandle:
    """What a newcomer keen to play does: keep the hand, take a card, confirm."""
    labels = [b.label for b in message.buttons]
    for wanted in ("Keep my hand", "Confirm"):
        if wanted in labels:
            return await fake.click(user, message, label=wanted)
    cards = [b for b in message.buttons if re.match(r"\d+\. |Play ", b.label or "")]
    if cards:
        return await fake.click(user, message, cards[0].custom_id)
    if message.selects:
        menu = message.selects[0]
        return await fake.select(user, message, menu.custom_id,
                                 menu.values[:max(1, menu.min_values)])
    button = next(b for b in message.buttons if b.label not in ("Back", "My hand", "Hint"))
    return await fake.click(user, message, button.custom_id)


async def decide(players: Players, user: FakeUser) -> None:
    """One decision of ``user``, through a confirm step, until its result is shown."""
    message = await players.prompt(user)
    while True:
        handle = await eager_press(players.fake, user, message)
        if not stepped(players.fake, handle, (await handle.callback(TIMEOUT)).type, message):
            break
        message = players.fake.message(message)
    await handle.reply(TIMEOUT)
    await settled(players.fake)


def mine(fake: FakeDiscord, user: FakeUser) -> int:
    return len([i for i in fake.interactions() if i.user_id == user.id])


def played(players: Players, game: str, user: FakeUser) -> bool:
    shown = [*players.boards(), *players.fake.dms(user)]
    return any(PLAYED[game].match(line) for m in shown
               for line in players.fake.message(m).text.split("\n"))


@pytest.mark.parametrize("game", sorted(PLAYED))
async def test_a_newcomer_plays_a_first_card_within_four_interactions(world: World,
                                                                     game: str) -> None:
    fake, alice = world.fake, world.alice
    async with world.bot():
        reply = await (await fake.slash(alice, "play", {"game": game, "ai_players": AIS[game]},
                                        channel=world.table)).reply()
        thread = next(t for t in fake.threads(world.table) if f"<#{t.id}>" in reply.content)
        players = Players(fake, thread, [alice])
        lobby = fake.messages(thread)[0]
        if fake.message(lobby).buttons:  # not started at once: the host presses Start
            await (await fake.click(alice, lobby, label="Start")).callback(TIMEOUT)
            await fake.wait_until(players.boards, TIMEOUT, what="the first turn post")
        while not played(players, game, alice):
            assert mine(fake, alice) < 10, "no card played after ten interactions"
            await decide(players, alice)
        count = mine(fake, alice)
    print(f"{game}: {count} interactions from /play to the first card played")
    assert count <= NEWCOMER
