"""New Kongbots files: what `gridsmith new kongbots.KIND` writes and the editor's File > New opens
(formats.templates finds `TEMPLATES` here). Saved games are made by the engine (a new game of the
scenario template), not here."""
from __future__ import annotations

from typing import Annotated

from annotated_types import Interval

from . import arena, bot, ruleset, scenario
from .arena import CLASSIC_SIZE, MAX_SIDE, Arena, diamond
from .bot import Bot
from .ruleset import Ruleset
from .scenario import BotEntry, Scenario, Team

def new_ruleset() -> Ruleset:
    return Ruleset(kind=ruleset.KIND, version=ruleset.VERSION, name="my rules",
                   description="The manual's numbers; change any value to make a variant.")


DiamondSize = Annotated[int, Interval(ge=2, le=MAX_SIDE)]
EntryHexes = Annotated[int, Interval(ge=1, le=12)]


def new_arena(size: DiamondSize = CLASSIC_SIZE, entries: EntryHexes = 3) -> Arena:
    """A diamond of `size` x `size` hexes with `entries` entry hexes at each end."""
    return Arena(kind=arena.KIND, version=arena.VERSION, name="new arena",
                 description="A diamond; team A enters at the top corner, team B at the bottom one.",
                 rows=diamond(size, min(entries, size * size // 2)))


def new_bot() -> Bot:
    return Bot(kind=bot.KIND, version=bot.VERSION, name="new scout", chassis="scout",
               description="A balanced scout: two lasers, an aimer, two retros and a shield.",
               tenders=[["Lr", "Lr", "LA", "Ro", "Ro", "Ls"]])


def new_scenario() -> Scenario:
    return Scenario(kind=scenario.KIND, version=scenario.VERSION, name="new battle",
                    description="Two scouts on the classic diamond.",
                    teams=[Team(name="Red", bots=[BotEntry(build="scout-brawler")]),
                           Team(name="Blue", bots=[BotEntry(build="scout-sniper")])])


TEMPLATES = {ruleset.KIND: new_ruleset, arena.KIND: new_arena, bot.KIND: new_bot, scenario.KIND: new_scenario}
