"""Camouflage (04 §4.6, §5.2) and the stealth duel (§4.8, §5.3).

The camouflage class comes from cover (open 0, partial 1, full 2) or, while moving in
stealth with darkness or some vegetation, 1 without cover; items and a prepared position
raise it. Distance lowers it for the static check (medium −1, short −2; close combat always
reveals) and the class is the successes needed to detect (`static_detection`).

The duel is ONE opposed roll when a stealthed operative comes within medium distance of a
scout: the hider's pool (ОП dice, +1 per camouflage class, +1 night unless the scout has
NVG or there is bright light, +N weather, +1 dense undergrowth) against the scout's
(Perception dice, +1 medium / +2 short distance by default (§4.A-10), +1 per extra
sentry); 5–6 a success, more wins (tie: §4.A-13). A portable scanner ends stealth at once
unless the hider's suit is in "Invisible" mode.
"""

from __future__ import annotations

from fractions import Fraction

from engine.dice import D6, Comparison, DiceSource
from engine.i18n import join, msg
from engine.measure import measure_pair
from engine.model import Effect, SetState
from engine.odds import OutcomeDistribution
from engine.options import Modifier, Option
from engine.protocol import (
    Context,
    FactProbe,
    FactSpec,
    Pool,
    Resolution,
    Role,
    info_step,
    make_pool,
    roll_pool,
)
from geometry.distance import edge_distances

from . import bands
from .common import BEAction, cover_class, gear_effects, rn
from .cover import better_cover


def _hider_cover(probe: FactProbe) -> int | None:
    """The hider's cover as the scout sees him (the scout looking at the hider)."""
    if probe.target is None:
        return None
    return measure_pair(probe.scenario, probe.target.id, probe.actor.id).cover


HIDER_COVER = FactSpec("hider_cover", "hider's cover", "cover", "pair", _hider_cover,
                       "the hider's cover seen from the scout (counts when not moving)")

def scouts_in_range(game, unit) -> list[str]:
    """The enemies within medium distance (100 m) of a stealthed operative: the duel falls
    due (§4.8-2, §6-6). Edge to edge on the board at the scenario's scale, every enemy in
    one vectorised distance query (it runs after every move, and during a drag)."""
    if not unit.state.get("stealth"):
        return []
    limit = bands.scheme().bands[2].max           # medium
    enemies = [o for o in game.units if o.side != unit.side
               and not o.state.get("neutralised")]
    if not enemies:
        return []
    metres = edge_distances(unit.polygon(), [o.polygon() for o in enemies]) * \
        game.scenario.table.metres_per_inch
    return [o.id for o, m in zip(enemies, metres, strict=True) if m <= limit + 1e-9]


def duel_due(game, unit) -> bool:
    """Due once (§4.8-2 "only once"): not after the hider has won it; a tie re-rolls next
    round (not again in the round of the tie, §4.A-13)."""
    return not unit.state.get("duel_won") and not unit.state.get("duel_tie") and \
        bool(scouts_in_range(game, unit))


__all__ = ["HIDER_COVER", "scouts_in_range", "duel_due", "camouflage_class",
           "static_detection", "duel_pools", "StealthDuel", "Detect", "WEATHER"]

WEATHER = ("none", "light", "heavy", "fierce")
_REDUCE = {"medium": "camouflage.reduce_medium", "short": "camouflage.reduce_short"}


def camouflage_class(cover: str = "none", *, stealth: bool = False,
                     dark_or_vegetation: bool = True, bonus: int = 0) -> int:
    """§4.6-1, §4.8-1: moving in stealth, cover does not count and the class is 1 with
    darkness or some vegetation (else 0); standing, open 0 / partial 1 / full 2. `bonus`:
    special items, a prepared position, weather (§4.6-2)."""
    if stealth:
        base = rn("camouflage.stealth") if dark_or_vegetation else 0
    else:
        base = rn(f"camouflage.{'open' if cover == 'none' else cover}")
    return max(0, base + bonus)


def static_detection(cls: int, band: str) -> tuple[int, int | None]:
    """(class at this distance, successes needed), needed None = detected by default.
    Close combat always reveals (§4.6-5); medium −1, short −2 (§4.6-3); class 0 is seen
    at any distance below extreme, and needs 1 success at extreme (§4.A-11 PROPOSED)."""
    if band == "close":
        return 0, None
    eff = max(0, cls - (rn(_REDUCE[band]) if band in _REDUCE else 0))
    if eff == 0:
        return 0, (rn("camouflage.extreme_needed") if band == "extreme" else None)
    return eff, eff


def _pool(base: int, mods: list[Modifier]) -> Pool:
    return make_pool(D6, base, rn("stealth.success"), mods, Comparison.GE)


def duel_pools(ctx: Context) -> tuple[Pool, Pool, list[str], bool]:
    """(scout's pool, hider's pool, notes, scanner ends stealth)."""
    hider, scout = ctx.actor, ctx.target
    hp, sp = ctx.profile(hider), ctx.profile(scout)
    notes: list[str] = []
    band = bands.band(ctx) or "medium"
    scout_gear, hider_gear = gear_effects(ctx, scout), gear_effects(ctx, hider)
    sheet = ctx.rule("stat_dice") == "sheet"
    h_base = int(hp.get("stealth_dice", 0)) if sheet else int(hp.get("operative_training", 0))
    s_base = int(sp.get("perception_dice", 0)) if sheet else int(sp.get("perception", 0))
    cls = camouflage_class(stealth=bool(ctx.option("moving")),
                           dark_or_vegetation=bool(ctx.option("dark_or_vegetation")),
                           bonus=int(ctx.option("camouflage_bonus")),
                           cover=cover_class(ctx.fact("hider_cover")))
    scout_dice = ctx.rule("duel_distance") == "scout_dice"
    if not scout_dice and band in _REDUCE:
        cut = rn(_REDUCE[band])
        notes.append(msg("class {camo} − {cut} at {band} distance (§4.A-10 class_reduction)",
                         camo=cls, cut=cut, band=band))
        cls = max(0, cls - cut)
    h_mods: list[Modifier] = []
    if cls:
        h_mods.append(Modifier(msg("camouflage class {camo}", camo=cls), cls,
                               "+1 die per class: the stealth base die (§4.8-2)", to="pool"))
    if ctx.option("night"):
        if "negates_night" in scout_gear or ctx.option("bright_light"):
            notes.append("night die negated by the scout's night vision (§4.8-2)"
                         if "negates_night" in scout_gear else
                         "night die negated by the bright light (§4.8-2)")
        else:
            h_mods.append(Modifier("night", rn("stealth.night"), "darkness (§4.8-2)",
                                   to="pool"))
    weather = ctx.option("weather")
    if weather not in ("none", "fierce") and ctx.rule("weather_scale") == "fierce_only":
        notes.append(msg("{weather} weather: no dice (§4.A-16 fierce_only)", weather=weather))
    elif weather != "none":
        h_mods.append(Modifier(msg("{weather} weather", weather=weather),
                               rn(f"stealth.weather_{weather}"),
                               "bad weather by its fury (§4.A-16)",
                               proposed=weather != "fierce", to="pool"))
    if ctx.option("undergrowth"):
        h_mods.append(Modifier("dense undergrowth", rn("stealth.undergrowth"),
                               "from the example (§4.8-2)", to="pool"))
    s_mods: list[Modifier] = []
    if scout_dice and band in ("medium", "short"):
        s_mods.append(Modifier(msg("{band} distance", band=band), rn(f"stealth.distance_{band}"),
                               "distance dice for the scout (§4.A-10)",
                               proposed=band == "short", to="pool"))
    if ctx.option("sentries"):
        k = int(ctx.option("sentries"))
        s_mods.append(Modifier(msg("{n} extra {n|sentry|sentries|sentries}", n=k),
                               k * rn("stealth.sentry"), "+1d6 per sentry (§4.8-2)",
                               to="pool"))
    scanner = "scanner" in scout_gear
    ended = scanner and "invisible_mode" not in hider_gear
    if scanner and not ended:
        notes.append("portable scanner countered by the suit's \"Invisible\" mode")
    return (_pool(s_base, s_mods + ctx.modifiers("scout")),
            _pool(h_base, h_mods + ctx.modifiers("hider")), notes, ended)


class StealthDuel(BEAction):
    id = "stealth_duel"
    label = "Stealth duel"
    kind = "test"
    roles = (Role("actor", kind="unit", label="hider"), Role("target", kind="unit", label="scout"))
    facts = ("distance_m", bands.RANGE_BAND, HIDER_COVER)
    steps = ("hider", "scout")

    options = (
        Option("moving", "Moving in stealth", "bool", True, reason="§4.8-1",
               help="cover does not count while moving; class 1 with darkness or "
               "vegetation"),
        Option("dark_or_vegetation", "Darkness or some vegetation", "bool", True,
               reason="§4.6-1"),
        Option("camouflage_bonus", "Camouflage bonus", "int", 0, minimum=0, maximum=10,
               reason="§4.6-2", help="special items, a prepared position"),
        Option("night", "Night", "bool", False, reason="§4.8-2"),
        Option("bright_light", "Bright artificial light", "bool", False, reason="§4.8-2"),
        Option("weather", "Bad weather", "choice", "none", choices=WEATHER,
               reason="§4.A-16", help="light 1, heavy 2 (PROPOSED), fierce 3 dice"),
        Option("undergrowth", "Dense undergrowth", "bool", False, reason="§4.8-2"),
        Option("sentries", "Extra sentries", "int", 0, minimum=0, maximum=20,
               reason="§4.8-2", help="+1d6 per real sentry beside the scout"),
    )
    doc = "one opposed d6 pool roll, stealth against detection (04 §4.8)"

    def range_band(self, ctx: Context) -> str | None:
        return bands.band_of(ctx.fact("distance_m"), ctx.rule("band_edges"))

    def _check(self, ctx: Context) -> None:
        band = bands.band(ctx)
        if band in ("long", "extreme", bands.OUT_OF_RANGE):
            self.refuse(msg("{band} distance: the duel comes within medium distance (§4.8-2)",
                            band=band), "target")

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        self._check(ctx)
        hider, scout = ctx.actor, ctx.target
        band = bands.band(ctx)
        if band == "close":
            return ctx.resolution([info_step("close", "Close combat",
                                             "entering close combat always reveals (§4.6-5)")],
                                  self._effects("scout", ctx),
                                  msg("{unit} detected", unit=hider.label))
        s_pool, h_pool, notes, ended = duel_pools(ctx)
        if ended:
            return ctx.resolution([info_step("scanner", "Portable scanner",
                                             "ends stealth at once (§4.8-2)")],
                                  self._effects("scout", ctx),
                                  msg("{unit} detected", unit=hider.label))
        s = roll_pool(dice, s_pool, id="scout", label=msg("Detection: {unit}", unit=scout.label),
                      base=s_pool.base_n, base_label="Perception dice",
                      note=join("; ", (n for n in notes if "scanner" in n)))
        h = roll_pool(dice, h_pool, id="hider", label=msg("Stealth: {unit}", unit=hider.label),
                      base=h_pool.base_n, base_label="ОП dice",
                      note=join("; ", (n for n in notes if "scanner" not in n)))
        ks, kh = s.count("success"), h.count("success")
        result = self._winner(ctx, kh, ks)
        text = {"hider": msg("{hider} slips through {a}–{b}", hider=hider.label, a=kh, b=ks),
                "scout": msg("{scout} detects {hider} {a}–{b}", scout=scout.label,
                             hider=hider.label, a=ks, b=kh),
                "tie": msg("tie {a}–{b}: not detected, no approach this round; re-roll next "
                           "round (§4.A-13)", a=kh, b=ks)}[result]
        return ctx.resolution([s, h, info_step("duel", "Duel", text)],
                              self._effects(result, ctx), text)

    def _winner(self, ctx: Context, kh: int, ks: int) -> str:
        if kh == ks:
            return "tie" if ctx.rule("duel_tie") == "hider_holds" else "scout"
        return "hider" if kh > ks else "scout"

    def _effects(self, result: str, ctx: Context) -> list[Effect]:
        h = ctx.actor.id
        if result == "scout":
            return [SetState(h, "stealth", None), SetState(h, "detected", True)]
        if result == "hider":   # silent elimination at the start of next round (§4.8-6)
            return [SetState(h, "duel_won", ctx.target.id)]
        return [SetState(h, "duel_tie", True)]

    def odds(self, ctx: Context) -> OutcomeDistribution:
        """P(hider wins), P(scout wins), P(tie) (a tie is the scout's under duel_tie =
        scout)."""
        self._check(ctx)
        band = bands.band(ctx)
        if band == "close":
            return OutcomeDistribution("stealth duel", (("scout", Fraction(1)),))
        s_pool, h_pool, _, ended = duel_pools(ctx)
        if ended:
            return OutcomeDistribution("stealth duel", (("scout", Fraction(1)),))
        diff = h_pool.successes() - s_pool.successes()
        win = Fraction(diff.probability(">", 0))
        lose = Fraction(diff.probability("<", 0))
        tie = 1 - win - lose
        if ctx.rule("duel_tie") == "hider_holds":
            out = (("hider", win), ("scout", lose), ("tie", tie))
        else:
            out = (("hider", win), ("scout", lose + tie))
        return OutcomeDistribution("stealth duel", out)





class Detect(BEAction):
    """The static check (§4.6, §4.A-11): a scout looks for a character who is not in a
    duel — his camouflage class (cover, or stealth with darkness / vegetation, + items)
    lowered by the distance band is the successes needed; class 0 is seen without a roll.
    The scout rolls his Perception dice, +1 per extra sentry (and, under the `static_pool`
    reading duel_pool, the duel's distance dice)."""

    id = "detect"
    label = "Detect (static)"
    kind = "test"
    roles = (Role("actor", kind="unit", label="scout"),
             Role("target", kind="unit", label="hidden character"))
    facts = ("distance_m", bands.RANGE_BAND, "cover")
    steps = ("detect",)
    options = (
        Option("stealth", "Hidden one moves in stealth", "bool", False, reason="§4.6-1",
               help="class 1 with darkness or vegetation, whatever the cover"),
        Option("dark_or_vegetation", "Darkness or some vegetation", "bool", True,
               reason="§4.6-1"),
        Option("camouflage_bonus", "Camouflage bonus", "int", 0, minimum=0, maximum=10,
               reason="§4.6-2", help="special items, a prepared position, weather"),
        Option("sentries", "Extra sentries", "int", 0, minimum=0, maximum=20,
               reason="§4.8-2", help="+1d6 per sentry beside the scout"),
        Option("scout_equipment", "Scout's special equipment", "int", 0, minimum=0,
               maximum=10, reason="§4.6-2", help="lowers the class by this much (the text "
               "gives no values: the GM's)"),
    )
    doc = "successes against the camouflage class, lowered by distance (04 §4.6)"

    def range_band(self, ctx: Context) -> str | None:
        return bands.band_of(ctx.fact("distance_m"), ctx.rule("band_edges"))

    def _plan(self, ctx: Context) -> tuple[int, int, int | None, Pool]:
        """(class, class at this distance, successes needed or None, scout's pool)."""
        hidden = ctx.target
        band = bands.band(ctx) or "medium"
        stealth = bool(ctx.option("stealth") or hidden.state.get("stealth"))
        cover = better_cover(cover_class(ctx.fact("cover")), hidden.state.get("in_cover"))
        cls = camouflage_class(cover, stealth=stealth,
                               dark_or_vegetation=bool(ctx.option("dark_or_vegetation")),
                               bonus=int(ctx.option("camouflage_bonus")))
        cls = max(0, cls - int(ctx.option("scout_equipment")))
        eff, needed = static_detection(cls, band)
        sp = ctx.profile(ctx.actor)
        base = int(sp.get("perception_dice", 0)) if ctx.rule("stat_dice") == "sheet" \
            else int(sp.get("perception", 0))
        mods: list[Modifier] = []
        if ctx.option("sentries"):
            k = int(ctx.option("sentries"))
            mods.append(Modifier(msg("{n} extra {n|sentry|sentries|sentries}", n=k),
                                 k * rn("stealth.sentry"), "+1d6 per sentry (§4.8-2)",
                                 to="pool"))
        if ctx.rule("static_pool") == "duel_pool" and band in ("medium", "short"):
            mods.append(Modifier(msg("{band} distance", band=band),
                                 rn(f"stealth.distance_{band}"),
                                 "the duel's distance dice (§4.A-11 duel_pool)",
                                 proposed=True, to="pool"))
        return cls, eff, needed, _pool(base, mods + ctx.modifiers("scout"))

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        cls, eff, needed, pool = self._plan(ctx)
        who = ctx.target.label
        if needed is None:
            text = msg("{unit} detected: camouflage class {camo}, {eff} at this distance "
                       "(§4.6-3), seen without a roll", unit=who, camo=cls, eff=eff)
            return ctx.resolution([info_step("detect", "Detection", text)],
                                  self._seen(ctx), text)
        step = roll_pool(dice, pool, id="detect",
                         label=msg("Detection: {unit}", unit=ctx.actor.label),
                         base=pool.base_n, base_label="Perception dice",
                         note=msg("camouflage class {camo}, {eff} at this distance (§4.6-3): "
                                  "{n} {n|success|successes|successes} needed", camo=cls,
                                  eff=eff, n=needed))
        k = step.count("success")
        seen = k >= needed
        text = (msg("{unit} detected ({k} ≥ {needed})", unit=who, k=k, needed=needed) if seen
                else msg("{unit} not detected ({k} < {needed})", unit=who, k=k, needed=needed))
        return ctx.resolution([step, info_step("result", "Result", text)],
                              self._seen(ctx) if seen else [], text)

    def _seen(self, ctx: Context) -> list[Effect]:
        return [SetState(ctx.target.id, "detected", True),
                SetState(ctx.target.id, "stealth", None)]

    def odds(self, ctx: Context) -> OutcomeDistribution:
        _, _, needed, pool = self._plan(ctx)
        if needed is None:
            return OutcomeDistribution("detection", (("detected", Fraction(1)),))
        p = Fraction(pool.successes().probability(">=", needed))
        return OutcomeDistribution("detection", (("detected", p), ("not detected", 1 - p)))
