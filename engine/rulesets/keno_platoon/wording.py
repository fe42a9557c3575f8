"""How players read a change to a Keno Platoon marker or state key (a resolution's Effects
line, a forum post), in English and Russian: morale states and quality dice by the names
the rules' data gives them. Declared on the ruleset's vocabulary (ruleset.py), read by
engine.wording."""

from __future__ import annotations

from engine.protocol import Said

from . import data


def _named(table: dict) -> tuple[tuple[str, str, str], ...]:
    """(value, English, Russian) of a data table of {value: {name, name_ru}}."""
    return tuple((k, str(v["name"]).lower() if k in data.morale_ladder() else str(v["name"]),
                  str(v.get("name_ru") or v["name"])) for k, v in table.items())


SAID: dict[str, Said] = {
    "suppression": Said("suppression", "подавление", up="suppressed (+{n})",
                        up_ru="подавлено (+{n})", down="{n} suppression removed",
                        down_ru="снято подавления: {n}", off="suppression cleared",
                        off_ru="подавление снято"),
    "spotted": Said(on="spotted", on_ru="обнаружено", off="no longer spotted",
                    off_ru="больше не обнаружено"),
    "able_carriers": Said("able carriers", "носильщики", on="{value} able carriers",
                          on_ru="носильщиков: {value}"),
    "carried": Said(on="carried", on_ru="несут", off="no longer carried",
                    off_ru="больше не несут"),
    "casualties": Said("casualties", "потери", up="{n} {n|casualty|casualties|casualties}",
                       up_ru="потери: {n}", down="{n} casualties back",
                       down_ru="вернулось в строй: {n}", on="{value} casualties",
                       on_ru="потери: {value}"),
    "detached_from": Said(on="detached from {value}", on_ru="отделено от: {value}",
                          off="rejoined", off_ru="вернулось в состав"),
    "figures": Said("figures", "фигуры", down="{n} {n|figure|figures|figures} lost",
                    down_ru="потеряно фигур: {n}", up="{n} {n|figure|figures|figures} more",
                    up_ru="прибавилось фигур: {n}", on="{value} figures",
                    on_ru="фигур: {value}"),
    "heavy_wounded": Said("heavily wounded", "тяжелораненые",
                          up="{n} heavily wounded", up_ru="тяжелораненых: +{n}",
                          down="{n} heavily wounded fewer", down_ru="тяжелораненых: −{n}",
                          on="{value} heavily wounded", on_ru="тяжелораненых: {value}"),
    "in_contact": Said(on="in contact with {value}", on_ru="в контакте с: {value}",
                       off="out of contact", off_ru="вышло из контакта"),
    "in_cover": Said(on="in cover ({value})", on_ru="в укрытии ({value})",
                     off="out of cover", off_ru="вне укрытия",
                     values=(("partial", "partial", "частичном"),
                             ("full", "full", "полном"))),
    "level": Said(on="level {value}", on_ru="уровень {value}"),
    "march_order": Said(on="in march order", on_ru="в походном порядке",
                        off="out of march order", off_ru="вышло из походного порядка"),
    "morale": Said(on="{value}", on_ru="{value}", values=_named(data.rules()["morale"]["names"])),
    "prone": Said(on="goes prone", on_ru="залегло", off="stands up", off_ru="поднялось"),
    "quality": Said(on="quality: {value}", on_ru="качество: {value}",
                    values=_named(data.rules()["quality"])),
    "tow_state": Said(on="towing: {value}", on_ru="буксировка: {value}",
                      off="no longer towing", off_ru="буксировка окончена"),
}
