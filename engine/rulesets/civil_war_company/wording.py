"""How players read a change to a Civil War Company marker or state key (a resolution's
Effects line, a forum post), in English and Russian; the sides' names. Declared on the
ruleset's vocabulary (ruleset.py), read by engine.wording."""

from __future__ import annotations

from engine.protocol import Said

#: (side, English name, Russian name) of the sides the rules name
SIDES = (("reds", "Reds", "Красные"), ("whites", "Whites", "Белые"))

SAID: dict[str, Said] = {
    "terror": Said("terror", "ужас", up="terror (+{n})", up_ru="ужас (+{n})",
                   down="terror −{n}", down_ru="ужас −{n}", on="terror {value}",
                   on_ru="ужас: {value}", off="terror removed", off_ru="ужас снят"),
    "suppressed": Said(on="suppressed", on_ru="подавлена огнём", off="no longer suppressed",
                       off_ru="больше не подавлена"),
    "prone": Said(on="goes prone", on_ru="залегла", off="stands up", off_ru="поднялась"),
    "routing": Said(on="routs", on_ru="бежит", off="stops routing",
                    off_ru="больше не бежит"),
    "ammo": Said("ammunition", "боезапас", down="{n} ammunition used",
                 down_ru="израсходовано боезапаса: {n}", up="{n} ammunition more",
                 up_ru="пополнено боезапаса: {n}", on="{value} ammunition",
                 on_ru="боезапас: {value}", off="ammunition not counted",
                 off_ru="боезапас не считается"),
    "ammo_rolled": Said(hidden=True),
    "aim_points": Said(hidden=True),
    "cover": Said("cover", "укрытие", on="cover {value}", on_ru="укрытие: {value}",
                  off="out of cover", off_ru="вне укрытия"),
    "last_shot": Said(hidden=True),
    "platoons": Said("platoons", "взводы", down="{n} {n|platoon|platoons|platoons} lost",
                     down_ru="{n|потерян|потеряно|потеряно} {n} {n|взвод|взвода|взводов}",
                     up="{n} {n|platoon|platoons|platoons} back",
                     up_ru="{n|вернулся|вернулись|вернулись} {n} "
                           "{n|взвод|взвода|взводов}",
                     on="{value} platoons", on_ru="взводов: {value}"),
    "under_fire": Said(on="under fire", on_ru="под огнём", off="no longer under fire",
                       off_ru="больше не под огнём"),
    "formation": Said(on="forms {value}", on_ru="строй: {value}",
                      values=(("line", "line", "линия"), ("column", "column", "колонна"),
                              ("close_order", "close order", "сомкнутый строй"),
                              ("open_order", "open order", "рассыпной строй"))),
    "moved": Said(on="has moved", on_ru="двигалась", off="may move again",
                  off_ru="снова может двигаться"),
    "officer": Said(on="officer back", on_ru="офицер вернулся", off="officer lost",
                    off_ru="офицер выбыл"),
    "turn_start": Said(hidden=True),
}
