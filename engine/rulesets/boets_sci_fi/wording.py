"""How players read a change to a Boets state key (a resolution's Effects line, a forum
post), in English and Russian. Declared on the ruleset's vocabulary (ruleset.py), read by
engine.wording."""

from __future__ import annotations

from engine.protocol import Said

SAID: dict[str, Said] = {
    "wounds": Said("wounds", "раны", up="{n} {n|wound|wounds|wounds}",
                   up_ru="{n} {n|рана|раны|ран}", down="{n} {n|wound|wounds|wounds} healed",
                   down_ru="{n|вылечена|вылечены|вылечено} {n} {n|рана|раны|ран}",
                   on="{value} wounds", on_ru="ран: {value}", off="no wounds",
                   off_ru="ран нет"),
    "holds": Said(on="holds its ground", on_ru="держит позицию", off="no longer holds",
                  off_ru="больше не держит позицию"),
    "melee_modifier": Said("melee modifier", "модификатор ББ", on="melee modifier {value}",
                           on_ru="модификатор ББ {value}", off="melee modifier cleared",
                           off_ru="модификатор ББ снят"),
    "only_shoot": Said(on="may only shoot this turn", on_ru="в этот ход может только стрелять",
                       off="may act freely again", off_ru="снова действует свободно"),
    "prone": Said(on="goes to ground", on_ru="залёг", off="stands up", off_ru="поднялся"),
    "rank": Said(on="rank: {value}", on_ru="звание: {value}"),
    "fire_target": Said(hidden=True),
    "fired_at": Said(hidden=True),
    "panic_tested": Said(on="Panic tested", on_ru="прошёл тест на Панику",
                         off="Panic test due again", off_ru="тест на Панику снова нужен"),
    "panicking": Said(on="in Panic", on_ru="в Панике", off="recovers from Panic",
                      off_ru="вышел из Паники"),
    "takeover": Said(on="command takeover {value}", on_ru="перехват командования: {value}",
                     off="command takeover settled", off_ru="перехват командования решён",
                     values=(("failed", "failed", "провален"), ("done", "done", "завершён"))),
    "tally": Said(hidden=True),
}
