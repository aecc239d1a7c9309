"""An event through Discord: /tournament create posts the announcement with Join / Leave,
players join by the button, the organiser starts it, each table gets a thread and each
player a DM, the round after opens by itself when the matches are over, and the standings
come as a picture with the table in its alt text."""

from __future__ import annotations

from bot.events import Entrant, Game, Standing, is_ai, pod_games, standings
from bot.store import NewMatch, RatingRecord, SeatRecord
from bot.store.events import EventStore
from tests.e2e.conftest import RENDERING, World
from tests.e2e.players import Players
from tests.e2e.test_clock import clocked_bot, settle
from tests.e2e.test_community import resign
from tests.fakediscord import FakeMessage, FakeUser
from tests.fakediscord.state import DEFAULT_MEMBER_PERMISSIONS
from tests.match.clocks import START, Now

MANAGE_EVENTS = 1 << 33


def shown_standings(world: World, expected: list[Standing]) -> list[str]:
    """The standings post's alt text, a line a player, checked against ``expected``: the
    ranks in order, each with its points."""
    fake = world.fake
    shown = next(m for m in fake.messages(world.table) if m.content.endswith("standings**"))
    (picture,) = fake.message(shown).attachments
    lines = (picture.description or "").split("\n")[1:]
    assert [line.split(".")[0] for line in lines] == [str(s.rank) for s in expected]
    for line, s in zip(lines, expected, strict=True):
        assert f"{s.points:g} point" in line
    return lines


async def event_over(world: World, title: str) -> None:
    """Wait for the post that ends the event ``title``."""
    await world.fake.wait_until(
        lambda: any(m.content.startswith(f"**{title}** is over.")
                    for m in world.fake.messages(world.table)),
        RENDERING, what=f"{title} to end")


def organiser(world: World) -> FakeUser:
    olga = world.fake.add_user("olga")
    world.fake.add_member(world.guild, olga,
                          permissions=DEFAULT_MEMBER_PERMISSIONS | MANAGE_EVENTS)
    return olga


async def test_a_three_player_swiss_runs_through_discord(world: World) -> None:
    fake = world.fake
    olga = organiser(world)
    async with world.bot():
        refused = await fake.slash(world.alice, "tournament create", {"game": "zura"},
                                   channel=world.table)
        assert "Manage Events" in (await refused.reply()).content
        post: FakeMessage = await (await fake.slash(
            olga, "tournament create", {"game": "zura"}, channel=world.table)).reply()
        assert post.content.startswith("**Zura Swiss #1** · organised by")
        for user in (world.alice, world.bob, world.cat):
            await (await fake.click(user, post, label="Join")).callback()
        twice = await (await fake.click(world.alice, post, label="Join")).reply()
        assert twice.ephemeral and twice.content == "You have already joined this event."
        await fake.wait_until(lambda: "Entrants (3/512)" in fake.message(post).content,
                              what="the announcement to list three entrants")
        nope = await (await fake.slash(world.alice, "tournament start", {"event": 1},
                                       channel=world.table)).reply()
        assert nope.content == "Only the organiser of this event can start it."
        await (await fake.slash(olga, "tournament start", {"event": 1},
                                channel=world.table)).reply(RENDERING)
        (thread,) = await fake.wait_until(lambda: fake.threads(world.table),
                                          what="the table's thread")
        pairings = await fake.wait_until(
            lambda: next((m for m in fake.messages(world.table)
                          if "· round 1" in m.content), None), what="round 1's pairings")
        assert "has a bye (a win)" in pairings.content
        paired = [u for u in (world.alice, world.bob, world.cat)
                  if f"<@{u.id}> (moves first)" in pairings.content
                  or f"v <@{u.id}>" in pairings.content]
        assert len(paired) == 2
        for user in paired:
            if user.dm_open:
                dms = await fake.wait_until(
                    lambda u=user: [m for m in fake.dms(u) if "round 1: you play" in m.content],
                    what="the pairing DM")
                assert len(dms) == 1 and f"<#{thread.id}>" in dms[0].content
        await resign(world, paired[1], thread)
        await fake.wait_until(
            lambda: any("· round 2" in m.content for m in fake.messages(world.table)),
            RENDERING, what="round 2 to open by itself")
        posted = await fake.wait_until(
            lambda: [m for m in fake.messages(world.table) if m.content.endswith("standings**")],
            RENDERING, what="the standings post after the first result")
        assert len(posted) == 1 and posted[0].attachments
        table = await (await fake.slash(world.cat, "tournament standings", {"event": 1},
                                        channel=world.table)).reply(RENDERING)
        (picture,) = table.attachments
        assert picture.filename == "standings.png"
        assert "1. " in (picture.description or "") and " point," in (picture.description or "")


async def test_a_restart_inside_a_round_resumes_the_event(world: World) -> None:
    fake = world.fake
    olga = organiser(world)
    dan = world.user("dan")
    async with world.bot():
        post = await (await fake.slash(olga, "tournament create",
                                       {"game": "zura", "format": "single_elimination"},
                                       channel=world.table)).reply()
        for user in (world.alice, world.bob, world.cat, dan):
            await (await fake.click(user, post, label="Join")).callback()
        await (await fake.slash(olga, "tournament start", {"event": 1},
                                channel=world.table)).reply(RENDERING)
        threads = await fake.wait_until(lambda: len(fake.threads(world.table)) == 2
                                        and fake.threads(world.table), what="two threads")
        pairings = next(m for m in fake.messages(world.table) if "· round 1" in m.content)
    tables = pairings.content.split("\n")[1:]  # "1. <@a> (moves first) v <@b>", in table order
    async with world.bot():  # the bot stopped inside round 1 and comes back
        for thread, line in zip(threads, tables, strict=True):
            second = next(u for u in (world.alice, world.bob, world.cat, dan)
                          if line.endswith(f"v <@{u.id}>"))
            await resign(world, second, thread)
        await fake.wait_until(
            lambda: any("· round 2" in m.content for m in fake.messages(world.table)),
            RENDERING, what="the final to open after the restart")
        final = next(m for m in fake.messages(world.table) if "· round 2" in m.content)
        assert final.content.count("(moves first)") == 1
        posts = [m for m in fake.messages(world.table) if m.content.endswith("standings**")]
        assert len(posts) == 1, "one standings post, edited as results come in"
        assert len(fake.threads(world.table)) == 3


async def test_a_seven_player_swiss_with_a_no_show_a_drop_and_a_restart_at_the_deadline(
        world: World) -> None:
    """Zura, live clock (2 min a turn, a no-show forfeits after 3 missed turns), 2 rounds of
    an hour; five people and two AI players the organiser enters (unrated, the AI seed
    first: each meets a person in round 1). Round 1: the people's table is resigned, one
    person drops against an AI (resigning), the other never shows up and is decided by the
    clock ladder. Nobody plays round 2; the bot stops and comes back after the round's
    deadline: the overdue clocks forfeit the no-shows, a table of two AI plays itself, the
    round closes, and the event ends with the standings the recorded results imply. (A
    game still running at a deadline is decided by its ladder: ``tests/match/
    test_tournaments``.)"""
    fake, now = world.fake, Now()
    olga = organiser(world)
    people = [world.alice, world.bob, world.cat, *(world.user(n) for n in "de")]
    async with clocked_bot(world, now):
        post = await (await fake.slash(olga, "tournament create",
                                       {"game": "zura", "clock": "live", "rounds": 2},
                                       channel=world.table)).reply()
        for user in people:
            await (await fake.click(user, post, label="Join")).callback()
        added = await (await fake.slash(olga, "tournament ai", {"event": 1, "count": 3},
                                        channel=world.table)).reply()
        assert added.ephemeral and added.content == "3 AI players join Zura Swiss #1."
        vague = await (await fake.slash(olga, "tournament remove", {"event": 1},
                                        channel=world.table)).reply()
        assert vague.content == "Name one player or one AI entrant to take out."
        out = await (await fake.slash(olga, "tournament remove", {"event": 1, "ai": 3},
                                      channel=world.table)).reply()
        assert out.ephemeral and out.content == "AI 3 (normal) is out of Zura Swiss #1."
        await fake.wait_until(lambda: "AI 3" not in fake.message(post).content
                              and "Entrants (7/512)" in fake.message(post).content,
                              what="the announcement without AI 3")
        await (await fake.slash(olga, "tournament start", {"event": 1},
                                channel=world.table)).reply(RENDERING)
        first = await fake.wait_until(lambda: next(
            (m for m in fake.messages(world.table) if "· round 1" in m.content), None),
            what="round 1's pairings")
        tables = [line for line in first.content.split("\n")[1:] if " v " in line]
        threads = await fake.wait_until(lambda: len(fake.threads(world.table)) == 3
                                        and fake.threads(world.table), what="three threads")
        pairs = [[u for u in people if f"<@{u.id}>" in line] for line in tables]
        assert sorted(map(len, pairs)) == [1, 1, 2] and all("AI " in line for line, pair
                                                            in zip(tables, pairs, strict=True)
                                                            if len(pair) == 1)
        (both,) = [n for n, pair in enumerate(pairs) if len(pair) == 2]
        await resign(world, pairs[both][1], threads[both])
        dropping, absent = [pair[0] for pair in pairs if len(pair) == 1]
        left = await (await fake.slash(dropping, "tournament leave", {"event": 1},
                                       channel=world.table)).reply()
        assert left.content == "You have left Zura Swiss #1."
        await now.run_to(START + 40 * 60)  # the absent one never moves: the ladder decides
        second = await fake.wait_until(lambda: next(
            (m for m in fake.messages(world.table) if "· round 2" in m.content), None),
            RENDERING, what="round 2 to open once the no-show forfeited")
        assert f"<@{dropping.id}>" not in second.content, "a dropped player is never paired"
    now.to(START + 40 * 60 + 2 * 3600)  # the bot is down past round 2's deadline
    async with clocked_bot(world, now):
        await settle(now)
        await event_over(world, "Zura Swiss #1")
    async with world.store() as store:
        events = EventStore(store)
        pairings = await events.pairings(1)
        entrants = await events.entrants(1)
        assert all(p.score is not None for p in pairings)
        reasons, seated = {}, {}
        for p in pairings:
            if p.second_id is not None and p.match_id is not None:
                result = await store.get_result(p.match_id)
                match = await store.get_match(p.match_id)
                assert match is not None
                reasons[p.round, p.table_no] = result and result.reason
                seated[p.round, p.table_no] = [s.is_ai for s in match.seats]
        expected = standings([Entrant(e.user_id, e.rating) for e in entrants],
                             [Game(p.round, p.first_id, p.second_id, p.score)
                              for p in pairings])
    by_table = {(p.round, p.table_no): p for p in pairings}
    assert reasons[1, both + 1] == "resignation"

    def table_of(user: FakeUser) -> int:
        return next(t for t in (1, 2, 3) if user.id in (by_table[1, t].first_id,
                                                        by_table[1, t].second_id))

    assert reasons[1, table_of(dropping)] == "resignation"
    assert reasons[1, table_of(absent)] == "forfeit", "the no-show was decided by the ladder"
    for t in (1, 2, 3):
        if (2, t) in reasons:
            ai_seats = seated[2, t]
            if all(ai_seats):
                assert reasons[2, t] != "forfeit", "two AI seats play their game out"
            else:
                assert reasons[2, t] == "forfeit", "a person's clock ran out at the deadline"
    assert any(seated[k] == [True, False] or seated[k] == [False, True] for k in seated), \
        "AI and people met at a table"
    lines = shown_standings(world, expected)
    assert any(line.startswith(f"{s.rank}. AI ") for line, s in zip(lines, expected,
                                                                     strict=True))


async def test_a_role_the_server_chose_may_organise(world: World) -> None:
    fake = world.fake
    role = world.guild.bot_role_id  # a role the fake guild has
    async with world.store() as store:
        await EventStore(store).set_organiser_role(world.guild.id, role)
    rita = fake.add_user("rita")
    fake.state.add_member(world.guild, rita, roles=[role])
    async with world.bot():
        post = await (await fake.slash(rita, "tournament create", {"game": "aura"},
                                       channel=world.table)).reply()
        assert post.content.startswith("**Aura Swiss #1** · organised by")
        refused = await (await fake.slash(world.alice, "tournament create", {"game": "aura"},
                                          channel=world.table)).reply()
        assert refused.ephemeral
        assert refused.content == ("Creating an event needs the Manage Events permission or "
                                   f"the <@&{role}> role.")


async def rate(world: World, ratings: dict[FakeUser, float]) -> None:
    """The server's Auroria ratings (mu; sigma 2) before the event: they seed the bracket."""
    async with world.store() as store:
        for n, (user, mu) in enumerate(ratings.items()):
            match = await store.create_match(NewMatch(
                "auroria", {}, n, user.id, guild_id=world.guild.id,
                channel_id=world.table.id, seats=[SeatRecord(0, user.id)]))
            await store.save_ratings(match.id, [RatingRecord(world.guild.id, "auroria",
                                                             user.id, mu, 2.0, 1)])


async def test_an_eight_player_auroria_knockout_with_ai_seats_and_two_restarts(
        world: World) -> None:
    """Five people (four rated: they are seeds 1–4) and three AI players the start fills
    in (seeds 5–7, unrated like Eve, seed 8). Round 1: Eve drops (her game is resigned),
    Cat never shows up against an AI and the clock ladder forfeits her, the bot restarts
    inside the round, then Bob plays a move and resigns, Dan resigns. Round 2: the two AI
    play their semi-final out by themselves; Alice does not play hers, and the bot is down
    past the round's deadline: back up, her overdue clock forfeits her. The AI final plays
    itself and the event ends with the standings the recorded results imply."""
    fake, now = world.fake, Now()
    olga = organiser(world)
    dan, eve = world.user("dan"), world.user("eve")
    alice, bob, cat = world.alice, world.bob, world.cat
    await rate(world, {alice: 30.0, bob: 28.0, cat: 26.0, dan: 24.0})
    people = [alice, bob, cat, dan, eve]
    async with clocked_bot(world, now):
        post = await (await fake.slash(olga, "tournament create", {
            "game": "auroria", "format": "single_elimination", "clock": "live",
            "max_players": 8}, channel=world.table)).reply()
        for user in people:
            await (await fake.click(user, post, label="Join")).callback()
        await (await fake.slash(olga, "tournament start", {"event": 1, "fill": "normal"},
                                channel=world.table)).reply(RENDERING)
        first = await fake.wait_until(lambda: next(
            (m for m in fake.messages(world.table) if "· round 1" in m.content), None),
            what="round 1's pairings")
        ai = [f"AI {n} (normal)" for n in (1, 2, 3)]
        assert first.content.split("\n")[1:] == [  # seeds 1v8, 4v5, 2v7, 3v6
            f"1. <@{alice.id}> (moves first) v <@{eve.id}>",
            f"2. <@{dan.id}> (moves first) v {ai[2]}",
            f"3. <@{bob.id}> (moves first) v {ai[0]}",
            f"4. <@{cat.id}> (moves first) v {ai[1]}"]
        assert all(f"{name}" in fake.message(post).content for name in ai)
        threads = await fake.wait_until(lambda: len(fake.threads(world.table)) == 4
                                        and fake.threads(world.table), what="four threads")
        dm = next(m for m in fake.dms(dan) if "round 1: you play" in m.content)
        assert f"you play {ai[2]}. You move first." in dm.content
        left = await (await fake.slash(eve, "tournament leave", {"event": 1},
                                       channel=world.table)).reply()
        assert left.content == "You have left Auroria Codex Knockout #1."
        await fake.wait_until(lambda: Players(fake, threads[0], []).over(),
                              what="Eve's game to be resigned")
    async with clocked_bot(world, now):  # a restart inside round 1
        await settle(now)
        bobs = Players(fake, threads[2], [bob])
        await bobs.move(bob)  # a person's seat plays against the AI's
        await resign(world, bob, threads[2])
        await resign(world, dan, threads[1])
        await now.run_to(now.t + 40 * 60)  # Cat never moves: the ladder forfeits her
        second = await fake.wait_until(lambda: next(
            (m for m in fake.messages(world.table) if "· round 2" in m.content), None),
            RENDERING, what="round 2 to open once Cat forfeited")
        assert second.content.split("\n")[1:] == [
            f"1. <@{alice.id}> (moves first) v {ai[2]}", f"2. {ai[0]} (moves first) v {ai[1]}"]
    async with world.store() as store:
        (deadline,) = [r.deadline for r in await EventStore(store).rounds(1) if r.number == 2]
    now.to(deadline + 60)  # the bot is down at round 2's deadline
    async with clocked_bot(world, now):
        await settle(now)
        over = await fake.wait_until(lambda: next(
            (m for m in fake.messages(world.table)
             if m.content.startswith("**Auroria Codex Knockout #1** is over.")), None),
            RENDERING, what="the event to end after the restart")
        await fake.wait_until(lambda: len(fake.threads(world.table)) == 7, RENDERING,
                              what="a thread for every table, the AI-only ones too")
    async with world.store() as store:
        events = EventStore(store)
        pairings = await events.pairings(1)
        entrants = await events.entrants(1)
        reasons = {}
        for p in pairings:
            assert p.score is not None and p.match_id is not None
            result = await store.get_result(p.match_id)
            reasons[p.round, p.table_no] = result and result.reason
        expected = standings([Entrant(e.user_id, e.rating) for e in entrants],
                             [Game(p.round, p.first_id, p.second_id, p.score)
                              for p in pairings])
    assert [(p.round, p.table_no) for p in pairings] == [
        (1, 1), (1, 2), (1, 3), (1, 4), (2, 1), (2, 2), (3, 1)]
    assert reasons[1, 1] == reasons[1, 2] == reasons[1, 3] == "resignation"
    assert reasons[1, 4] == reasons[2, 1] == "forfeit", "the no-show and the deadline"
    assert [p.score for p in pairings[:5]] == [1.0, 0.0, 0.0, 0.0, 0.0]
    assert {e.user_id: e.rating for e in entrants}[alice.id] == 30.0 - 3 * 2.0
    champion = expected[0].player
    assert is_ai(champion) and expected[0].points == 3
    assert over.content.startswith("**Auroria Codex Knockout #1** is over. 1st ")
    shown_standings(world, expected)


async def test_posts_speak_the_servers_language_and_answers_and_dms_the_readers(
        world: World) -> None:
    """A Brazilian server (/settings language): the announcement, its buttons and the
    round's pairings are in Portuguese; Alice's Discord is German, so her answer and her
    pairing DM are in German."""
    fake = world.fake
    olga = fake.add_user("olga")
    fake.add_member(world.guild, olga,
                    permissions=DEFAULT_MEMBER_PERMISSIONS | MANAGE_EVENTS | 1 << 5)
    async with world.bot():
        await (await fake.slash(olga, "settings", {"language": "pt_BR"},
                                channel=world.table)).reply()
        post = await (await fake.slash(olga, "tournament create", {"game": "zura"},
                                       channel=world.table, locale="de")).reply()
        assert post.content.startswith(f"**Zura Suíço nº 1** · organizado por <@{olga.id}>")
        assert [b.label for b in post.buttons] == ["Entrar", "Sair"]
        joined = await (await fake.click(world.alice, post, label="Entrar",
                                         locale="de")).reply()
        assert joined.ephemeral and joined.content == "Du bist bei Zura Schweizer System #1 " \
                                                      "dabei."
        await (await fake.click(world.bob, post, label="Entrar")).callback()
        await (await fake.slash(olga, "tournament start", {"event": 1},
                                channel=world.table)).reply(RENDERING)
        pairings = await fake.wait_until(lambda: next(
            (m for m in fake.messages(world.table) if "· rodada 1" in m.content), None),
            what="round 1's pairings")
        assert "(joga primeiro) contra" in pairings.content
        dm = await fake.wait_until(lambda: next(
            (m for m in fake.dms(world.alice) if "Runde 1: du spielst gegen" in m.content),
            None), what="Alice's pairing DM, in German")
        assert dm.content.startswith("**Zura Schweizer System #1** · Runde 1: du spielst "
                                     f"gegen <@{world.bob.id}>.")


async def test_a_six_player_zura_round_robin_in_pods_of_three_with_ai_entrants(
        world: World) -> None:
    """Zura, live clock, a round robin in pods of three: three people and three AI
    entrants, so everyone meets everyone over four rounds (two pods a round, each an
    ordinary match of three seats). Round 1: one person resigns and the others never show
    up (the clock ladder decides); the bot stops inside round 2 and comes back past its
    deadline; the rounds run on by themselves. The final standings are the ones the pods'
    recorded placings imply, each pod scored as placement points (1 to the winner, 0 to
    the last, ½ to the middle)."""
    fake, now = world.fake, Now()
    olga = organiser(world)
    people = [world.alice, world.bob, world.cat]
    async with clocked_bot(world, now):
        refused = await (await fake.slash(olga, "tournament create",
                                          {"game": "zura", "table_size": 3},
                                          channel=world.table)).reply()
        assert refused.content == ("Tables of 3 or 4 are for a round robin; the other "
                                   "formats play two at a table.")
        auroria = await (await fake.slash(olga, "tournament create",
                                          {"game": "auroria", "format": "round_robin",
                                           "table_size": 3}, channel=world.table)).reply()
        assert auroria.content == "Auroria Codex seats at most 2 players at a table."
        post = await (await fake.slash(olga, "tournament create",
                                       {"game": "zura", "format": "round_robin",
                                        "table_size": 3, "clock": "live"},
                                       channel=world.table)).reply()
        assert "Tables of 3: everyone meets everyone" in post.content
        for user in people:
            await (await fake.click(user, post, label="Join")).callback()
        await (await fake.slash(olga, "tournament ai", {"event": 1, "count": 3},
                                channel=world.table)).reply()
        await (await fake.slash(olga, "tournament start", {"event": 1},
                                channel=world.table)).reply(RENDERING)
        first = await fake.wait_until(lambda: next(
            (m for m in fake.messages(world.table) if "· round 1" in m.content), None),
            what="round 1's pairings")
        pods = first.content.split("\n")[1:]
        assert len(pods) == 2 and all(". Table of 3: " in line for line in pods)
        threads = await fake.wait_until(lambda: len(fake.threads(world.table)) == 2
                                        and fake.threads(world.table), what="two threads")
        for user in [u for u in people if u.dm_open]:
            (dm,) = await fake.wait_until(
                lambda u=user: [m for m in fake.dms(u) if "round 1: you play" in m.content],
                what="one pairing DM")
            assert "at a table of 3" in dm.content and "moves first" in dm.content
        resigner = people[0]
        (where,) = [t for t, line in zip(threads, pods, strict=True)
                    if f"<@{resigner.id}>" in line]
        ask = await (await fake.slash(resigner, "resign", channel=where)).reply()
        await (await fake.click(resigner, ask, label="Resign")).callback()
        await now.run_to(START + 50 * 60)  # the rest never move: the ladder decides
        await fake.wait_until(
            lambda: any("· round 2" in m.content for m in fake.messages(world.table)),
            RENDERING, what="round 2 to open")
    now.to(START + 4 * 3600)  # the bot is down past round 2's deadline
    async with clocked_bot(world, now):
        for _ in range(3):
            await now.run_to(now.t + 3600)
        await event_over(world, "Zura Round robin #1")
    async with world.store() as store:
        events = EventStore(store)
        pairings = await events.pairings(1)
        entrants = await events.entrants(1)
        for p in pairings:
            match = await store.get_match(p.match_id) if p.match_id is not None else None
            assert match is not None and len(match.seats) == 3
            assert all(s.is_ai for s, u in zip(match.seats, p.seats, strict=True)
                       if is_ai(u)), "an AI entrant sits in an AI seat"
            assert [s.user_id for s, u in zip(match.seats, p.seats, strict=True)
                    if not is_ai(u)] == [u for u in p.seats if not is_ai(u)], "seat order"
            result = await store.get_result(match.id)
            assert result is not None and tuple(result.placings) == p.places
    assert [p.round for p in pairings] == [1, 1, 2, 2, 3, 3, 4, 4]
    ids = sorted(e.user_id for e in entrants)
    met: set[frozenset[int]] = set()
    for number in (1, 2, 3, 4):
        seated = [u for p in pairings if p.round == number for u in p.seats]
        assert sorted(seated) == ids, "everyone at one pod a round"
        met |= {frozenset((a, b)) for p in pairings if p.round == number
                for a in p.seats for b in p.seats if a != b}
    assert len(met) == 15, "everyone met everyone"
    expected = standings([Entrant(e.user_id, e.rating) for e in entrants],
                         [g for p in pairings for g in pod_games(p.round, p.seats, p.places)])
    assert sum(s.points for s in expected) == 4 * 2 * 1.5, "each pod hands out 1.5 points"
    shown_standings(world, expected)
