"""Rules help per game and topic, written for Discord in our own words, with diagrams.

Every phase, card type and keyword of the three games has a topic. The rulebooks (and the
house rules) stay the authority, and the bot enforces them whatever these texts say.

A topic may name a moment of play that illustrates it (``shows``): a test on the public view
that returns a caption when the moment is there. ``find_moments`` finds such a moment in
seeded AI games, and ``/rules`` (``cogs.rules``) draws that table as the topic's diagram.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final

from bot.engine import Game, Rng, View, parse_options, play

Shows = Callable[[View], str | None]


@dataclass(frozen=True)
class Topic:
    text: str
    shows: Shows | None = None
    players: int = 2


# -- finding moments in a public view ----------------------------------------------------------

def _dicts(data: Any) -> Iterator[Mapping[str, Any]]:
    if isinstance(data, Mapping):
        yield data
        for value in data.values():
            yield from _dicts(value)
    elif isinstance(data, list):
        for value in data:
            yield from _dicts(value)


def first_phase(view: View) -> str | None:
    return "The table as the game begins."


def phase(name: str, caption: str) -> Shows:
    return lambda view: caption if view.get("phase") == name else None


def card_with(word: str, field: str = "keywords") -> Shows:
    """A face-up card whose keywords (or type, or text) name ``word``."""
    def shows(view: View) -> str | None:
        for d in _dicts(view):
            if "name" not in d or "type" not in d:
                continue
            value = d.get(field)
            found = (word in value if isinstance(value, list)
                     else isinstance(value, str) and word.lower() in value.lower())
            if found:
                return f"{d['name']} ({word}) is in view."
        return None
    return shows


def dict_where(test: Callable[[Mapping[str, Any]], bool], caption: str) -> Shows:
    return lambda view: caption if any(test(d) for d in _dicts(view)) else None


def aura_table(test: Callable[[Mapping[str, Any]], Any], caption: str) -> Shows:
    return lambda view: caption if view.get("table") and test(view["table"]) else None


def aura_card(test: Callable[[Mapping[str, Any]], bool], caption: str) -> Shows:
    """A card on the table (not among the draws for the starting player)."""
    return lambda view: caption if any(test(d) for d in _dicts(view.get("table"))) else None


def zura_stacks(test: Callable[[Mapping[str, Any]], bool], caption: str) -> Shows:
    return lambda view: caption if any(test(s) for s in view.get("stacks") or []) else None


def zura_stack_top(ability: str) -> Shows:
    def shows(view: View) -> str | None:
        for stack in view.get("stacks") or []:
            top = stack.get("top") or {}
            if top.get("ability") == ability:
                return f"Seat {stack['seat'] + 1} has {top['name']} on top of their stack."
        return None
    return shows


RATINGS = Topic(
    "Ratings are per server and per game, computed with openskill's Plackett–Luce model, "
    "which handles any number of players and ties.\n"
    "• Only finished matches count; a cancelled match changes nothing.\n"
    "• Only people are rated, and only against each other: AI seats are left out and the "
    "people are ranked by their placings among themselves. Playing alone against the AI "
    "changes no rating.\n"
    "• Whoever resigns or forfeits on time is placed after everyone still playing, and is "
    "rated on that place.\n"
    "• Ties share a place and count as draws.\n"
    "The rating shown is μ − 3σ: it starts at 0 and rises as the system grows sure of a "
    "player's strength. See /leaderboard and /stats.")

UNDO = Topic(
    "When the host opens the lobby with `undo: True`, a player may use /undo to take back "
    "their latest move (and anything played after it). Every other person at the table must "
    "agree; AI seats are not asked. It is refused once anything was drawn or shuffled, or a "
    "hidden card was shown to anyone since that move: nobody may learn a card and then "
    "play the turn again. The log keeps the move and the undo, and replays show both.")

AI = Topic(
    "AI players come in three levels, chosen with `ai_level` in /play:\n"
    "• random: any legal move, for testing.\n"
    "• normal: plays at once by rules of thumb about its own cards and the table.\n"
    "• strong: thinks before each move (a second unless the bot's host set longer). It "
    "imagines many ways the cards it cannot see might lie, plays each out to the end, and "
    "picks what wins most often. It never looks at hidden cards: only at what its seat may "
    "see.")


ZURA: dict[str, Topic] = {
    "overview": Topic(
        "Travel through three landscapes (forest, mountain, cave) to free the Tzerzurians "
        "sealed in the search area. Freed cards go on a stack in front of you; only the top "
        "one's power works for you. Most adventure points at the end wins.", first_phase),
    "setup": Topic(
        "Each player gets 5 travel cards; one travel card starts the face-up discard pile. "
        "Eight sealed Tzerzurians lie face down in two rows of four (A1–A4, B1–B4): the "
        "search area. The rest of the Tzerzurians wait face down in their own deck.",
        first_phase),
    "turn": Topic(
        "Two steps, both required: draw back up to 6 travel cards (see `draw`), then discard "
        "one or more cards of a single landscape (see `discard`). How many you discard "
        "decides what happens in the search area.",
        phase("draw", "A player is about to draw.")),
    "draw": Topic(
        "Refill your hand to 6. Your first card may be the top of the discard pile; the rest "
        "come from the travel deck. When the deck runs dry, the discard pile is shuffled "
        "into a new deck.", phase("draw", "A player is about to draw.")),
    "discard": Topic(
        "Throw away cards of one landscape: 1–2 cards do nothing (but thin your hand), 3 "
        "flip one search card, 4 flip two, 5 peek at one first and then flip two, 6 also let "
        "you steal the top card of an opponent's stack.",
        dict_where(lambda d: d.get("discarded") is not None and "peeks_left" in d,
                   "A player has just discarded.")),
    "flips": Topic(
        "A flipped Tzerzurian of the landscape you discarded is yours; the Hermit and a pair "
        "of Imps come along whatever you discarded. Unclaimed cards are turned face down "
        "again at the end of the turn and the area is refilled to eight.",
        dict_where(lambda d: d.get("state") == "up", "A search card lies face up.")),
    "peek": Topic(
        "Look at one face-down search card without showing it. Everyone sees which slot you "
        "looked at, not what is there.",
        dict_where(lambda d: bool(d.get("peeked_by")), "Someone has peeked at a slot.")),
    "steal": Topic(
        "Take the top card of an opponent's stack and put it on yours (with a 6-card discard, "
        "or with a steal power). Their next card becomes their top card again.",
        zura_stacks(lambda s: s["size"] >= 2,
                    "A stack with several cards: only the top one counts for powers.")),
    "stack": Topic(
        "Claimed Tzerzurians pile up in front of you, newest on top. Only the top card's "
        "power is yours, but every card scores. When you claim several at once, you choose "
        "which ends on top.",
        zura_stacks(lambda s: s["size"] >= 2, "A stack with several cards.")),
    "hermit": Topic(
        "The Hermit (1 point) is no Tzerzurian, but whoever flips him takes him, whatever "
        "they discarded. His power: draw up to 7 cards instead of 6.",
        dict_where(lambda d: d.get("name") == "The Hermit", "The Hermit is in view.")),
    "imps": Topic(
        "Zuran Imps cost 2 points each and only come in pairs: a lone Imp stays face up in "
        "the search area until someone flips the second; that player takes both, along with "
        "whatever else they found. An Imp's power lets you look at the top travel card.",
        dict_where(lambda d: bool(d.get("lone_imp")), "A lone Imp waits face up.")),
    "variable": Topic(
        "Each landscape has one card worth X: the number of players plus one per card of its "
        "colour in its owner's collection, itself included.",
        dict_where(lambda d: d.get("points") == "X" or d.get("variable") is True,
                   "A variable card is in view.")),
    "abilities": Topic(
        "Eight powers, used only while the card is on top of your stack: `peek4`, `steal5`, "
        "`extra12`, `restack`, `hand7`, `discard2`, `scry`, `swap` (each has its own topic). "
        "They come on top of the normal effects of your discard.",
        zura_stacks(lambda s: s["top"] is not None, "A stack shows its top card's power.")),
    "peek4": Topic("When you discard 4 or more cards, you also peek at one search card.",
                   zura_stack_top("peek4")),
    "steal5": Topic("When you discard 5 or more cards, you may also steal the top card of an "
                    "opponent's stack.", zura_stack_top("steal5")),
    "extra12": Topic("When you discard only 1 or 2 cards, you may throw away one more card "
                     "of another landscape (it does not count towards flips).",
                     zura_stack_top("extra12")),
    "restack": Topic("Once in your turn, before discarding, move any card of your stack to "
                     "its top (and so choose which power you have).",
                     zura_stack_top("restack")),
    "hand7": Topic("You refill your hand to 7 cards instead of 6.", zura_stack_top("hand7")),
    "discard2": Topic("When you draw, up to 2 of your cards may come from the discard pile.",
                      zura_stack_top("discard2")),
    "scry": Topic("At the start of your turn, look at the top travel card and leave it there "
                  "or send it to the bottom of the deck.", zura_stack_top("scry")),
    "swap": Topic("Once in your turn, before discarding: pick an opponent; you each give the "
                  "other one travel card of your choice.", zura_stack_top("swap")),
    "end": Topic(
        "When the Tzerzurian deck can no longer refill the search area, the game is about to "
        "end: the player who emptied it is done, and everyone else plays one last turn. Then "
        "add up your points (Imps count −2 each); the most points wins.",
        lambda view: "The final table." if view.get("over") else None),
    "ai": AI,
    "ratings": RATINGS,
    "undo": UNDO,
}

AURA: dict[str, Topic] = {
    "overview": Topic(
        "Make the others throw cards out of the game and keep your own. At the end, the "
        "player with the most cards left in deck and hand wins.", first_phase, 3),
    "setup": Topic(
        "Everyone plays their own deck (40 numbers in five colours, 5 wilds, 5 actions) with "
        "the Aura card at the bottom, and draws 8. The starting player is found by drawing "
        "a card each: highest first (an action counts 9, a wild 8).", first_phase, 3),
    "turn": Topic(
        "Five phases: play (the active player), block (everyone else), reveal, discard, and "
        "cleanup with drawing. Each has its own topic.",
        phase("play", "The active player is choosing cards."), 3),
    "play": Topic(
        "The active player lays 2–5 cards face down: either all one colour, or all different "
        "colours. The backs (and so which deck they came from) are public.",
        aura_table(lambda t: not t.get("revealed"), "Cards lie face down."), 3),
    "blocking": Topic(
        "In turn order, each other player may put up to as many cards face down, each in "
        "front of one of the active player's cards. Any cards will do; only some will block. "
        "A block works for its owner alone.",
        aura_table(lambda t: any(any(c for c in r.get("cells") or []) for r in t["blockers"])
                   and not t.get("revealed"), "Blocks lie face down in front of the cards."),
        3),
    "trumps": Topic(
        "A card is blocked by a higher card of its own colour, or by any card of the colour "
        "that trumps it: red over purple, purple over green, green over beige, beige over "
        "blue, blue over red. Actions count as 9 of their colour: only a trump beats them.",
        aura_table(lambda t: t.get("revealed") and any(
            (c or {}).get("beats") == "trump" for r in t["blockers"] for c in r["cells"]),
            "A block by trump colour."), 3),
    "chains": Topic(
        "Active cards with the same number form a chain. If any card of a chain gets through "
        "a player's blocks, the whole chain counts as unblocked for that player.",
        aura_table(lambda t: t.get("revealed") and any(
            s.get("chain") is not None for s in t["cards"]), "Cards of one number chain."),
        3),
    "reveal": Topic(
        "All played cards turn face up. In turn order from the active player, each player "
        "resolves their own actions (in the order they like) and names the number of each "
        "of their wilds.",
        phase("reveal", "Cards are revealed and effects resolve."), 3),
    "wilds": Topic(
        "A wild has its colour but no number until its owner names one (1–8) after the "
        "reveal, choosing whatever suits them best: a chain, or a higher block.",
        aura_card(lambda d: d.get("kind") == "wild" and d.get("value") is not None,
                   "A wild with its chosen number."), 3),
    "actions": Topic(
        "Five action cards, one per colour: Return (red), Trade (purple), Double (green), "
        "Reverse (beige), Block (blue). They work when revealed; each has its own topic. "
        "They are left out in the beginner variant.",
        aura_card(lambda d: d.get("kind") == "action",
                   "An action card is on the table."), 3),
    "return": Topic("Revealed, it lets you send any one card on the table (even itself) back "
                    "to its owner's hand. That can leave an active player fully blocked.",
                    aura_card(lambda d: d.get("action") == "return", "Return in play."), 3),
    "trade": Topic("Revealed, it swaps places with a card from your own discard pile, which "
                   "comes into play where Trade was (its effect happens at once). With an "
                   "empty pile nothing happens. It is the one way around the colour rule.",
                   aura_card(lambda d: d.get("action") == "trade", "Trade in play."), 3),
    "double": Topic("While revealed, every blocking player discards twice as many cards this "
                    "turn. Two Doubles still only double.",
                    aura_card(lambda d: d.get("action") == "double", "Double in play."), 3),
    "reverse": Topic("While revealed, blocked and unblocked swap for everyone: you discard for "
                     "the cards you stopped. Two Reverses cancel out. With a chain, you only "
                     "pay for it if you blocked every card of it.",
                     aura_card(lambda d: d.get("action") == "reverse", "Reverse in play."),
                     3),
    "block": Topic("Revealed by a blocking player, it stops all of the active player's cards "
                   "for that player (under Reverse, that means paying for all of them). "
                   "Played by the active player it is just a blue 9.",
                   aura_card(lambda d: d.get("action") == "block", "Block in play."), 3),
    "discard": Topic(
        "Each blocking player discards one card per active card that got through (not its "
        "value): from their blocks on the table, their hand, or the top of their deck (pick "
        "how many first, then see them). Discards leave the game. The active player never "
        "discards.", phase("discard", "Blocking players discard."), 3),
    "cleanup": Topic(
        "Cards still on the table go to the bottom of their owner's deck. Then everyone draws "
        "up to 5 cards, never above 8 in hand, and never fewer than they can."),
    "aura-card": Topic(
        "The Aura card starts at the bottom of your deck. The first time it comes to the "
        "top, it goes aside, your deck is shuffled (not in the advanced variant) and it goes "
        "back to the bottom. The second time ends the game after that turn.",
        dict_where(lambda d: d.get("aura_surfaced") == 1, "An Aura card has surfaced once."),
        3),
    "additional-turn": Topic(
        "If some player blocked every one of the active player's cards, the active player "
        "plays again at once (no drawing in between), but never twice in a row.",
        lambda view: "An additional turn." if view.get("additional_turn") else None, 3),
    "end": Topic(
        "The game ends after the turn in which an Aura card shows up a second time, or "
        "someone cannot draw. Most cards in deck and hand wins; ties go to fewer action and "
        "wild cards discarded, then to the lower total of discarded numbers (wilds and "
        "actions count 0).", phase("over", "The final table."), 3),
    "variants": Topic(
        "Match options at /play: `beginner` (no action cards), `advanced` (no shuffle when "
        "the Aura card surfaces, so you can stack your deck), `simultaneous_blocks` (everyone "
        "blocks at once: quicker in play-by-post).", first_phase, 3),
    "ai": AI,
    "ratings": RATINGS,
    "undo": UNDO,
}


def _auroria_keyword(word: str, text: str) -> Topic:
    return Topic(text, card_with(word))


AURORIA: dict[str, Topic] = {
    "overview": Topic(
        "A duel of leaders. Bring your opponent's Influence to 0, or make them start a Draw "
        "Phase with an empty deck.", first_phase),
    "mulligan": Topic(
        "Both players draw 7. Once, for free, you may keep any of them, shuffle the rest back "
        "and draw back to 7. Every further mulligan draws one card fewer.",
        phase("mulligan", "Opening hands are being chosen.")),
    "turn": Topic(
        "Ready step, Draw, Energy, Main, Battle, End. Each phase has its own topic.",
        phase("main", "A turn in its Main Phase.")),
    "ready": Topic(
        "At the start of your turn, everything you control that was exhausted stands up "
        "again. A ready creature can no longer be attacked by creatures.", first_phase),
    "draw": Topic(
        "Draw a card. Starting this phase with an empty deck loses the game, even if you "
        "would skip the draw.", phase("draw", "A Draw Phase.")),
    "energy": Topic(
        "Once per turn you may put one Energy card from your hand face down into your Energy "
        "Zone. Energy is turned sideways to pay for cards and stands up next turn.",
        phase("energy", "An Energy Phase.")),
    "main": Topic(
        "Play creatures, spells, Aura Spells and items you can pay for, use Activate: Main "
        "effects, and move one creature between your lines.",
        phase("main", "A Main Phase.")),
    "battle": Topic(
        "Attack with ready creatures from your Frontline (and your leader). The target is "
        "the enemy leader or an exhausted enemy creature. The other player may block or "
        "respond, never attack.", phase("battle", "A Battle Phase.")),
    "end-phase": Topic(
        "Temporary power changes end, damage is wiped from every creature except Structures, "
        "and the turn passes."),
    "mirrored": Topic(
        "When the active player draws, places Energy or takes a Main Phase action, the other "
        "player may do the same kind of thing in answer. Skipping the action denies that "
        "answer. Slow Mode turns this off.",
        lambda view: None if view.get("slow") else (
            "Two waiting players: a mirrored window." if len(view.get("waiting") or []) > 1
            else None)),
    "slow-mode": Topic(
        "A match option: no mirrored windows, like a classic card game. Counters, blocks and "
        "responses still work.", first_phase),
    "lines": Topic(
        "Each side has a Frontline (attacks) and a Backline (guards the leader), five slots "
        "each. A creature has one power per line, e.g. 5 ~ 0: placed or moved where its "
        "power is 0, it is destroyed.",
        dict_where(lambda d: d.get("kind") == "creature", "Creatures in their lines.")),
    "moving": Topic(
        "Once per turn in your Main Phase, move one creature to your other line. Moving does "
        "not ready or exhaust it, and it may still attack. Moving into a full line forces "
        "you to destroy cards there to make room.",
        dict_where(lambda d: d.get("kind") == "creature", "Creatures in their lines.")),
    "exhausted": Topic(
        "Attacking or blocking turns a creature sideways (exhausted) at once. Exhausted "
        "creatures cannot attack or block, but can be attacked, and still hit back.",
        dict_where(lambda d: d.get("kind") == "creature" and bool(d.get("exhausted")),
                   "An exhausted creature (turned sideways).")),
    "attacking": Topic(
        "A ready creature attacks once per turn, not on the turn it arrived (unless it has "
        "Quickness). Leaders attack once per turn without exhausting and can always be "
        "attacked.", lambda view: "An attack." if view.get("combat") else None),
    "blocking": Topic(
        "The defender may block with one ready creature, which exhausts. Backline creatures "
        "only guard the leader; Defender also guards creatures. Planted cards never block.",
        lambda view: "A blocked attack." if (view.get("combat") or {}).get("blocker")
        is not None else None),
    "combat": Topic(
        "Both sides deal damage at once with their current power in their line, minus damage "
        "already marked. Higher power survives, equal powers both die. Only unblocked hits "
        "on a leader, Piercing and card effects take Influence.",
        lambda view: "Combat under way." if view.get("combat") else None),
    "influence": Topic(
        "Your leader's life, starting at its printed value (20–25). Losses are permanent; "
        "reaching 0 loses the game. Effects may raise it above the start.", first_phase),
    "chain": Topic(
        "Spells, effects and responses stack up and resolve last in, first out. A Counter "
        "negates what it answers and closes the chain to anything but other Counters.",
        lambda view: "A chain is open." if view.get("chain") else None),
    "zones": Topic(
        "Deck, hand (private), Frontline and Backline, Energy Zone, five Aura Spell zones, "
        "graveyard (face up) and the leader zone.", first_phase),
    "creatures": Topic("Played into either line; they attack, block and carry items.",
                       card_with("creature", "type")),
    "spells": Topic("Cast from hand in your Main Phase; they resolve and go to the graveyard.",
                    card_with("spell", "type")),
    "aura-spells": Topic("Stay in one of your five Aura Spell zones and keep working until "
                         "removed.", card_with("aura", "type")),
    "counters": Topic("Only played in answer to an opponent's action: they negate it, and "
                      "only another Counter may answer them.", card_with("counter", "type")),
    "items": Topic("Weapons and tools: equipped to a creature or your leader, or placed under "
                   "your leader, as the card says. They give their bonus only while equipped.",
                   card_with("item", "type")),
    "dropped": Topic("When an equipped creature dies, its item drops onto that slot and does "
                     "nothing until its owner's creature Discovers it (no cost), equipping "
                     "it. Leaders do not Discover.",
                     dict_where(lambda d: d.get("kind") == "dropped", "A dropped item.")),
    "gold-coin": Topic("Placed under your leader rather than equipped; it cannot be "
                       "Discovered, but item removal can destroy it.",
                       dict_where(lambda d: bool(d.get("under")), "An item under a leader.")),
    "energy-cards": Topic("Only Energy cards go to the Energy Zone; each pays 1. Empowered "
                          "Energy (at most 4 per deck) also has a bonus.",
                          dict_where(lambda d: "potion" in d and "exhausted" in d,
                                     "Energy in the Energy Zone.")),
    "potions": Topic("Potions enter the Energy Zone face up and exhausted. Spent to pay, a "
                     "Potion goes to the graveyard instead of standing up again. When Energy "
                     "and Potions could both pay, you choose (the default spends Energy and "
                     "keeps your Potions).",
                     dict_where(lambda d: d.get("potion") is True, "A Potion.")),
    "planted": Topic("A face-down card in a line, in the colour of its leader. It cannot "
                     "attack, block, be attacked or carry items; Bloom cards spend it.",
                     dict_where(lambda d: d.get("kind") == "planted", "A Planted card.")),
    "bloom": _auroria_keyword("Bloom", "Only Bloom cards may spend Planted cards: each one "
                              "sent to the graveyard pays 1 of the cost, alongside Energy."),
    "overgrowth": Topic("Overgrowth N plants N cards from the graveyard, ready for Bloom.",
                        card_with("Overgrowth", "text")),
    "on-play": Topic("Triggers when the card is played from hand and arrives; a negated card "
                     "never arrived.", card_with("On Play", "text")),
    "on-death": Topic("Triggers when the card is destroyed on the field, before it reaches "
                      "the graveyard.", card_with("On Death", "text")),
    "discarded": Topic("Triggers when a discard effect sends the card from hand to the "
                       "graveyard (not when played or destroyed).",
                       card_with("Discarded", "text")),
    "activate": Topic("Activate: Main works once per turn in your Main Phase, or in a "
                      "mirrored window.", card_with("Activate", "text")),
    "quickness": _auroria_keyword("Quickness", "May attack on the turn it arrives (still "
                                  "only if ready, and only legal targets)."),
    "ranger": _auroria_keyword("Ranger", "May attack from the Backline."),
    "stealth": _auroria_keyword("Stealth", "Cannot be attacked or blocked by creatures "
                                "without Stealth, even while exhausted."),
    "structure": _auroria_keyword("Structure", "Keeps its damage between turns. It may block "
                                  "while exhausted and stands up again after blocking, so it "
                                  "can block again that turn."),
    "swift": _auroria_keyword("Swift", "After attacking and surviving it moves to the "
                              "Backline; after blocking and surviving, to the Frontline."),
    "defender": _auroria_keyword("Defender", "May also block attacks aimed at your "
                                 "creatures, once per turn."),
    "dual-attack": _auroria_keyword("Dual Attack", "Attacks twice in a turn: it readies after "
                                    "the first attack and, after the second, stays exhausted "
                                    "and moves to the Backline."),
    "piercing": _auroria_keyword("Piercing", "Damage beyond what kills the creature it hits "
                                 "(or the blocker of a leader attack) is taken from the "
                                 "defending player's Influence."),
    # Text only: being enhanced is a deck-building limit, nothing a table picture shows.
    "enhanced": Topic("Enhanced cards have an extra effect when their condition is met; a "
                      "deck holds at most 4."),
    "deck-building": Topic(
        "51–61 cards with one leader; at most 4 of each card (basic Energy free, Empowered "
        "Energy 4). Creatures must share the leader's colour, race or trait, and keep a "
        "common one among them; spells and Energy match the leader's colour.", first_phase),
    "ai": AI,
    "ratings": RATINGS,
    "undo": UNDO,
}

TOPICS: dict[str, dict[str, Topic]] = {"zura": ZURA, "aura": AURA, "auroria": AURORIA}


# -- finding each topic's moment in seeded games ------------------------------------------

SEEDS: Final = range(1, 25)
"""Seeded AI games searched for a topic's moment (every shipped topic is found in these)."""

Moment = tuple[View, str]


def public_views(game: Game[Any], players: int, seed: int) -> Iterator[View]:
    """The public table after the deal and after each move of a seeded random-AI game."""
    state = game.setup(players, parse_options(game.options, {}), seed)
    rng = Rng(seed)
    yield game.view(state, None)
    for _ in range(game.max_steps):
        if game.result(state) is not None:
            return
        decision = game.pending(state)[0]
        action = game.ai_choose("random", game.view(state, decision.player), decision, rng)
        state, _ = play(game, state, decision.player, action)
        yield game.view(state, None)


def find_moments(game: Game[Any], topics: Mapping[str, Topic]) -> dict[str, Moment]:
    """For each topic with a ``shows`` test, the first public view passing it, and its
    caption; one pass over the seeded games serves every topic."""
    todo = {name: (t.shows, t.players) for name, t in topics.items() if t.shows is not None}
    found: dict[str, Moment] = {}
    for seed in SEEDS:
        for players in sorted({n for _, n in todo.values()}):
            for view in public_views(game, players, seed):
                for name, (shows, n) in list(todo.items()):
                    caption = shows(view) if n == players else None
                    if caption is not None:
                        found[name] = (view, caption)
                        del todo[name]
                if all(n != players for _, n in todo.values()):
                    break
        if not todo:
            break
    return found
