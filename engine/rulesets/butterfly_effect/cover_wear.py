"""Cover destroyed by heavy fire (04 §4.5-4, §4.5-5, §8-9): every heavy shot (a heavy
weapon's attack or a grenade) that hits a character in cover counts against the board
pieces giving it; a piece stands its own `heavy_shots`, else partial cover 1, full cover
3 (ruleset.toml [cover], PROPOSED), then loses its cover — an EditTerrain of the board's
terrain in the shot's Change, undone with it. Cover with no piece wears on the character."""

from __future__ import annotations

from engine.edits import EditTerrain
from engine.i18n import join, msg
from engine.measure import measure_pair
from engine.model import Effect, SetGameState, SetState
from engine.options import SchemaError
from engine.protocol import Context
from engine.scenario import Unit
from geometry.terrain import TerrainPiece

from .common import cover_class, rn

__all__ = ["SHOTS_KEY", "shots_to_destroy", "full_cover_pieces", "heavy_fire_wear"]

#: game.state key: heavy shots each terrain piece has taken so far (§4.5-4, §8-9).
SHOTS_KEY = "cover_heavy_shots"


def shots_to_destroy(piece: TerrainPiece | None, cover: str) -> int:
    """Heavy shots the cover stands (§4.5-4 "one or several … depending on the type of
    cover", §8-9 PROPOSED): the piece's own `heavy_shots`, else partial 1 / full 3."""
    own = None if piece is None else piece.extra.get("heavy_shots")
    if own is not None:
        if isinstance(own, bool) or not isinstance(own, int) or own < 1:
            raise SchemaError(f"terrain {piece.id!r}.heavy_shots: expected a whole number "
                              f"≥ 1, got {own!r}")
        return own
    return int(rn(f"cover.{cover}_heavy_shots"))


def _pieces_giving(ctx: Context, target: Unit, cover: str) -> list[TerrainPiece]:
    """The board's pieces that give `target` this cover against the actor."""
    game = ctx.game
    if game is None or ctx.actor is None or not game.on_table(target.id):
        return []
    m = measure_pair(game.scenario, ctx.actor.id, target.id)
    return [p for p in game.scenario.terrain
            if p.id in m.cover_terrain and cover_class(p.eff_cover()) == cover]


def full_cover_pieces(ctx: Context, target: Unit) -> list[TerrainPiece]:
    """The board's pieces giving `target` full cover against the actor (none when his full
    cover is typed or taken without a piece)."""
    return _pieces_giving(ctx, target, "full")


def heavy_fire_wear(ctx: Context, shots: list[tuple[Unit, str]]) -> tuple[list[Effect], str]:
    """Effects of heavy shots (a heavy weapon's attack or a grenade that hit) on the cover
    of each target, as (target, cover) pairs: each counts one shot against every board
    piece that gave that cover, and a piece that has taken its `shots_to_destroy` loses its
    cover (EditTerrain cover 0: an undoable board edit) — the characters behind it are in
    the open. Cover with no board piece (typed, or taken by the action) wears on the
    character (state `cover_heavy_shots`). Returns (effects, note)."""
    game = ctx.game
    counts = dict((game.state.get(SHOTS_KEY) or {}) if game is not None else {})
    effects: list[Effect] = []
    said: list[str] = []
    touched = False
    for target, cover in shots:
        if cover == "none":
            continue
        pieces = _pieces_giving(ctx, target, cover)
        if not pieces:
            n = int(target.state.get(SHOTS_KEY) or 0) + 1
            limit = shots_to_destroy(None, cover)
            if n >= limit:
                effects += [SetState(target.id, SHOTS_KEY, None),
                            SetState(target.id, "in_cover", None),
                            SetState(target.id, "full_defence", None)]
                said.append(msg("{unit}'s {cover} cover destroyed ({n}/{limit} heavy shots, "
                                "§4.5-4)", unit=target.label, cover=cover, n=n, limit=limit))
            else:
                effects.append(SetState(target.id, SHOTS_KEY, n))
                said.append(msg("{unit}'s {cover} cover: {n}/{limit} heavy shots",
                                unit=target.label, cover=cover, n=n, limit=limit))
            continue
        for p in pieces:
            n = counts.get(p.id, 0) + 1
            limit = shots_to_destroy(p, cover)
            touched = True
            name = p.name or p.id
            if n >= limit:
                counts.pop(p.id, None)
                effects.append(EditTerrain(p.id, {"cover": 0}))
                effects += [SetState(target.id, "in_cover", None),
                            SetState(target.id, "full_defence", None)]
                said.append(msg("{piece} destroyed by heavy fire ({n}/{limit}, §4.5-4): "
                                "{unit} is in the open", piece=name, n=n, limit=limit,
                                unit=target.label))
            else:
                counts[p.id] = n
                said.append(msg("{piece}: {n}/{limit} heavy shots taken (§4.5-4)", piece=name,
                                n=n, limit=limit))
    if touched:
        effects.insert(0, SetGameState(SHOTS_KEY, counts or None))
    return effects, join("; ", said)
