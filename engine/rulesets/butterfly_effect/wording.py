"""How players read a change to a Butterfly Effect state key (a resolution's Effects line,
a forum post), in English and Russian; the sides' names. Declared on the ruleset's
vocabulary (ruleset.py), read by engine.wording."""

from __future__ import annotations

from engine.protocol import Said

#: (side, English name, Russian name) of the sides the rules' missions name
SIDES = (("operatives", "Operatives", "Оперативники"), ("guards", "Guards", "Охрана"))

SAID: dict[str, Said] = {
    "alarm": Said(on="raises the alarm", on_ru="поднимает тревогу", off="alarm over",
                  off_ru="тревога снята"),
    "armour": Said("armour", "броня", down="armour −{n}", down_ru="броня −{n}",
                   up="armour +{n}", up_ru="броня +{n}", on="armour {value}",
                   on_ru="броня: {value}"),
    "camouflage_broken": Said(on="camouflage broken", on_ru="маскировка сорвана",
                              off="camouflaged again", off_ru="снова замаскирован"),
    "dashing": Said(on="dashing", on_ru="в рывке", off="stops dashing",
                    off_ru="рывок окончен"),
    "dead_pending": Said(on="dies at the end of the turn", on_ru="погибнет в конце хода",
                         off="saved", off_ru="спасён"),
    "detected": Said(on="detected", on_ru="обнаружен", off="no longer detected",
                     off_ru="больше не обнаружен"),
    "duel_tie": Said(hidden=True),
    "duel_won": Said(hidden=True),
    "full_defence": Said(on="in full defence", on_ru="в глухой обороне",
                         off="leaves full defence", off_ru="выходит из глухой обороны"),
    "gear": Said(on="gear changed", on_ru="снаряжение изменилось"),
    "heavily_armoured": Said(on="heavily armoured", on_ru="в тяжёлой броне",
                             off="no longer heavily armoured",
                             off_ru="больше не в тяжёлой броне"),
    "hostage": Said(on="taken hostage", on_ru="взят в заложники", off="freed",
                    off_ru="освобождён"),
    "hp": Said("HP", "HP", down="{n} HP lost", down_ru="потеряно HP: {n}",
               up="{n} HP back", up_ru="восстановлено HP: {n}", on="{value} HP",
               on_ru="HP: {value}"),
    "in_cover": Said(on="in cover ({value})", on_ru="в укрытии ({value})",
                     off="out of cover", off_ru="вне укрытия",
                     values=(("partial", "partial", "частичном"),
                             ("full", "full", "полном"))),
    "neutralised": Said(on="stunned", on_ru="оглушён", off="comes to", off_ru="пришёл в себя"),
    "stealth": Said(on="in stealth", on_ru="скрытен", off="out of stealth",
                    off_ru="скрытность потеряна"),
    "wound": Said(on="{value} wound", on_ru="ранение: {value}", off="wound healed",
                  off_ru="ранение излечено",
                  values=(("light", "light", "лёгкое"), ("heavy", "heavy", "тяжёлое"),
                          ("critical", "critical", "критическое"))),
}
