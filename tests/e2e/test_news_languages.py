"""Issue 36: what happened in a match is told in the language of who reads it. A player's
private news in their DM is in their own language and in the second person ("Du ziehst
Dornenmantel."); the turn post's lines are in the server's, about the player ("bob compra 1
carta."). The turn post keeps its lines as sentences, never as words in one language, so
whatever says them again after a restart says them in the language of the post."""

from __future__ import annotations

import re

from bot.discord.shows import TURN, showing, shown_lines
from bot.discord.usertext import told
from bot.engine import Event
from bot.engine.said import Said, said_n
from bot.games.auroria import sentences
from bot.games.auroria.pool import POOL
from bot.words import language, said
from tests.e2e.conftest import World
from tests.e2e.pseudo import MANAGE_SERVER, TIMEOUT, pseudo_match
from tests.e2e.untranslated import everything_shown

GERMAN, PORTUGUESE = language("de"), language("pt_BR")
CARDS = {c.name: GERMAN.say(Said(c.name)) for c in POOL.cards.values()}
"""Every Auroria card's English name → its German one."""


def test_the_same_draw_reads_du_ziehst_to_its_player_and_ann_zieht_to_the_table() -> None:
    """A draw as the match service hands it over (``Event.said`` for the reader's seat, as
    ``PrivateUpdate.events`` and ``TurnUpdate.lines`` carry it) and as the front end says
    it: the second person for its player, the third for the table, the card's own name."""
    names = ["Ann", "Bo"]
    drew = Event("draw_private", sentences.DRAW_CARD, {"player": 0, "card": Said("Thorn Cloak")},
                 (0,))
    draws = Event("draw", sentences.DRAW, {"player": 0, "cards": said_n("{n} card", "{n} cards",
                                                                        2)})
    cloak = CARDS["Thorn Cloak"]
    assert cloak != "Thorn Cloak"
    assert told(drew.said(0), names, GERMAN) == f"Du ziehst {cloak}."
    assert told(drew.said(None), names, GERMAN) == f"Ann zieht {cloak}."
    assert told(draws.said(None), names, GERMAN) == "Ann zieht 2 Karten."
    assert told(draws.said(None), names, PORTUGUESE) == "Ann compra 2 cartas."
    # Kept as data and said again: the same words, in whichever language says them.
    again = Said.from_json(drew.said(0).to_json())
    assert told(again, names, GERMAN) == f"Du ziehst {cloak}."
    assert told(again, names, PORTUGUESE) == f"Você compra {PORTUGUESE.say(Said('Thorn Cloak'))}."


def lines_shown(world: World, place: str) -> list[str]:
    """Every line of every version of the bot's messages in ``place`` ("DM", "thread")."""
    return [line for where, text in everything_shown(world.fake) if where.startswith(place)
            for line in text.split("\n")]


async def test_a_german_players_news_and_a_portuguese_servers_turn_posts(world: World) -> None:
    """Bob reads German, the server Portuguese: Auroria against the AI, played out."""
    fake, bob = world.fake, world.bob
    mod = world.user("mod")
    fake.add_member(world.guild, mod, permissions=MANAGE_SERVER)
    async with world.bot():
        await (await fake.slash(bob, "language", {"language": "de"},
                                channel=world.table)).reply(TIMEOUT)
        await (await fake.slash(mod, "settings", {"language": "pt_BR"},
                                channel=world.table)).reply(TIMEOUT)
        agents = await pseudo_match(world, "auroria", [bob], ais=1)
    assert agents.over() is not None
    news = lines_shown(world, "DM")
    drawn = [m.group(1) for line in news if (m := re.fullmatch(r"Du ziehst (.+)\.", line))]
    assert drawn and set(drawn) <= set(CARDS.values()), drawn
    assert not [line for line in news if line.startswith(("You draw", "You play"))]
    posted = [line[2:] for line in lines_shown(world, "thread") if line.startswith("• ")]
    assert "bob compra 1 carta." in posted, posted[:20]
    assert not [line for line in posted if " draws " in line or " plays " in line], posted
    # The live turn post's record keeps sentences; said in Portuguese they are what it shows.
    async with world.store() as store:
        record = {r.slot: r for r in await store.deliveries(1)}[TURN]
    assert showing(record)["lines"] and all(isinstance(line, dict)
                                            for line in showing(record)["lines"])
    names = ["bob", PORTUGUESE.say(said("AI {seat}", seat=2))]
    live = fake.message(next(m for m in fake.messages(agents.thread)
                             if m.id == record.message_id))
    kept = [told(line, names, PORTUGUESE) for line in shown_lines(showing(record), "lines")]
    assert kept and all(f"• {line}" in live.text for line in kept), (kept, live.text)
