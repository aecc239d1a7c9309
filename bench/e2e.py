"""End to end: a button press in a DM to the next prompt's arrival, through the fake Discord.

Run: ``.venv/bin/python -m bench e2e`` (``--quick`` for a smoke run).

The fake Discord (``tests/fakediscord``) and the players run in this process; the bot runs
in its own process on a SQLite file (see ``bench/_discord.py``). Pairs of players play Zura
by DM, one match after another. For every press that submits a choice, from the moment the
button is pressed:
- acknowledged: Discord holds the bot's answer to the interaction (it defers at once);
- next prompt: the next player's prompt is there (a new DM, or the pressed DM edited into
  the next one; a press that opened none is not counted). That is the whole path: the
  gateway event, the bot's checks, the commit, the pressed prompt closed with the choice,
  the board posted in the thread with its image, the hands and the new prompt sent by DM.
Measured with tiny placeholder images (the bot's own work and Discord's round trips) and
with the real renderers (what players wait for). The fake answers at once; real Discord
adds its own latency to each of the four or five requests in the path.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from bench._discord import Table, Turn
from bench.report import Row, latency_rows
from tests.fakediscord import FakeDiscord

PRESSES = 200


async def _samples(table: Table, presses: int) -> tuple[list[float], list[float]]:
    """(press → acknowledged, press → next prompt) in seconds, over ``presses`` presses. A
    press that opened no new prompt (the other player still had one to answer, or the match
    ended) gives no second figure."""
    acks: list[float] = []
    prompts: list[float] = []
    turns: list[Turn] = []
    while len(acks) < presses:
        if not turns:
            turns = await table.first_turns(table.pair())
        turn = turns.pop(0)
        played = await table.play(turn, {t.prompt.id for t in turns})
        acks.append(played.acknowledged)
        if played.next_prompt is not None:
            prompts.append(played.next_prompt)
        turns += played.turns
    return acks, prompts


async def _measure(quick: bool) -> list[Row]:
    presses = 20 if quick else PRESSES
    rows: list[Row] = []
    for label, images in (("placeholder images", "quick"), ("real images", "real")):
        with tempfile.TemporaryDirectory() as tmp:
            async with FakeDiscord() as fake:
                table = Table(fake, Path(tmp))
                async with table.bot(images=images):
                    acks, prompts = await _samples(table, presses)
                problems, errors = fake.check(), table.errors_logged()
        rows += latency_rows(f"{label}: press → acknowledged", acks)
        rows += latency_rows(f"{label}: press → next prompt", prompts)
        rows.append(Row(f"{label}: errors", len(problems) + errors, "",
                        note=f"{len(acks)} presses, {len(prompts)} opened a prompt; "
                             f"{'; '.join(problems)[:200]}"))
    return rows


def run(quick: bool) -> list[Row]:
    return asyncio.run(_measure(quick))
