"""`kongbots.bot` v1: a Kongbot build: its chassis class and the module on each interface of each tender.

Manual, "Building Your Kongbot": scouts have one equipment tender, warriors two, marauders three,
each with six module interfaces; "both players must choose their weapons and battle equipment modules
according to the limits adopted for gladiatorial Kongbots". `build_problems` is the one validator of
a build: the file check, the scenario check, the saved-game check and the editor's designer all call
it, so a build valid in one place is valid in all.

    kind: kongbots.bot
    version: 1
    name: Claw brawler
    chassis: scout
    tenders:
      - [Cl, Cl, Ro, Ro, Ro, AP]     # six interfaces; `--` marks an empty one
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any, Literal

from pydantic import Field

from ..diagnostics import Path as DocPath, Problem, Severity
from ..model_base import FileModel, schema_only
from ..identifiers import Ident
from ..registry import CheckContext, KindSpec, register
from .modules import AIMER, CLAW, CODES, EMPTY, EMPTY_LAUNCHER, LASER, OFFENSIVE, RETRO, count_phrase
from ..references import model_of
from ..suggestions import Edit, declare_fix
from .refs import RULESET
from .ruleset import Ruleset

KIND = "kongbots.bot"
VERSION = 1
SLOT_ENUM = [*CODES, EMPTY]

TENDERS_FIELD = dict(
    description="One list per equipment tender (scout 1, warrior 2, marauder 3), six interfaces each, "
    "holding a module code: Ro retro, Cl claw, Lr laser, LA laser aimer, ML missile launcher, AP armor plate, "
    "Ls laser shield, EC ECM; `--` for an empty interface.",
    **schema_only(by="KB401, KB402, KB403", minItems=1, maxItems=6, items={"type": "array", "items": {"enum": SLOT_ENUM}}),
)


class Bot(FileModel):
    """A Kongbot build."""

    kind: Literal["kongbots.bot"] = Field(description="What this file is.")
    version: Literal[1] = Field(description="Format version.")
    name: Ident = Field(min_length=1, max_length=64, description="Build name.")
    description: str = Field(default="", description="The build's doctrine, for the designer.")
    chassis: Literal["scout", "warrior", "marauder"] = Field(description="Chassis class: one, two or three tenders.")
    ruleset: Ident = Field(default="default", description="The ruleset whose gladiatorial limits the build obeys: "
                         "a bundled name or a path to a *.rules.yaml file relative to this file.")
    tenders: list[list[str]] = Field(**TENDERS_FIELD)

    def modules(self) -> list[str]:
        """Every module of the build, in interface order (empty interfaces left out)."""
        return [m for t in self.tenders for m in t if m != EMPTY]

    def counts(self) -> Counter:
        return Counter(self.modules())


def build_problems(bot: Bot, rules: Ruleset, path: tuple = ()) -> list[Problem]:
    """Everything wrong with a build under `rules`; `path` is where the build sits in its file."""
    out: list[Problem] = []
    chassis = bot.chassis
    want = rules.classes.of(chassis).tenders
    per = rules.slots_per_tender
    if len(bot.tenders) != want:
        out.append(Problem("KB401", f"a {chassis} has {want} equipment tender{'s' * (want != 1)}, this build "
                           f"lists {len(bot.tenders)}", (*path, "tenders")))
    seen: Counter = Counter()
    over: set[str] = set()
    for t, tender in enumerate(bot.tenders):
        if len(tender) != per:
            out.append(Problem("KB402", f"tender {t + 1} has {len(tender)} interfaces; every tender has {per} "
                               f"(write `{EMPTY}` for an empty one)", (*path, "tenders", t)))
        for s, code in enumerate(tender):
            where = (*path, "tenders", t, s)
            if code == EMPTY:
                continue
            if code == EMPTY_LAUNCHER:
                out.append(Problem("KB405", "EL is what a missile launcher becomes once fired; a build starts "
                                   "with loaded launchers (ML)", where))
                continue
            if code not in CODES:
                out.append(Problem("KB403", f"unknown module {code!r}; use {', '.join(CODES)} or {EMPTY}", where))
                continue
            seen[code] += 1
            limit = rules.modules.limit(code, chassis)
            if seen[code] > limit and code not in over:
                over.add(code)
                total = bot.counts()[code]
                out.append(Problem("KB404", f"{chassis}: {count_phrase(code, total)}, limit {limit}", where))
    if out:
        return out
    counts = bot.counts()
    if not any(counts[c] for c in OFFENSIVE):
        out.append(Problem("KB501", "no lasers, claws or missile launchers: a team without offensive weapons "
                           "has lost", (*path, "tenders"), Severity.WARNING))
    elif counts[CLAW] and not counts[RETRO] and not (counts.keys() & {"Lr", "ML"}):
        out.append(Problem("KB502", "only claws and no retros: this Kongbot can only claw an enemy that comes "
                           "next to it", (*path, "tenders"), Severity.WARNING))
    if counts[AIMER] and not counts[LASER]:
        out.append(Problem("KB503", "laser aimers without a laser aim nothing", (*path, "tenders"), Severity.WARNING))
    return out


def check_bot(model: Bot, ctx: CheckContext) -> Iterable[Problem]:
    rules = model_of(model.ruleset, RULESET, ctx)
    if rules is None:  # the reference stage says why
        return []
    return build_problems(model, rules)


SPEC = register(
    KindSpec(
        kind=KIND,
        version=VERSION,
        model=Bot,
        suffix=".bot.yaml",
        title="Kongbots build",
        description="A Kongbot build: chassis class and the module on each of its tenders' interfaces, checked "
        "against the gladiatorial limits.",
        checks=(check_bot,),
    )
)


def _empty_beyond_limit(data: Any, path: DocPath) -> list[Edit]:
    """KB404's fix (the designer's one-click fix, as edits): the interface over the limit, where the
    finding is, and every later one holding the same module, emptied."""
    build: Any = data
    try:
        for key in path[:-3]:
            build = build[key]
        tenders = build["tenders"]
        start = (path[-2], path[-1])
        module = tenders[start[0]][start[1]]
    except (KeyError, IndexError, TypeError):
        return []
    return [((*path[:-3], "tenders", t, s), EMPTY) for t, tender in enumerate(tenders) if isinstance(tender, list)
            for s, code in enumerate(tender) if (t, s) >= start and code == module]


declare_fix("KB404", "Empty the modules beyond the limit", _empty_beyond_limit)
