"""Cut names stay distinct (issue 39): zoomed out, long unit names are cut to the label's
width, and names that would then read the same ("1st UNR company, plato…" four times) are
cut in the middle or at the start instead, so each platoon's number survives."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt

from app.board.items import LabelItem
from app.board.labels import keep_distinct
from engine.scenario_io import load_demo
from tests.app.helpers import show_window


def test_the_civil_war_platoons_keep_their_numbers_on_the_fitted_board(qtbot):
    win = show_window(qtbot, load_demo("civil-war-vasylivka.json"), (1280, 800), fit=True)
    assert win.view.px_per_inch() < LabelItem.WHOLE_AT_PX_PER_INCH  # names are cut
    win.scene.layout_labels(win.view.px_per_inch())
    labels = [i.label for i in win.scene.unit_items.values()]
    shown = [lab.shown for lab in labels]
    assert len(set(shown)) == len(shown), shown  # no two read the same
    platoons = [lab for lab in labels if re.search(r"platoon \d$", lab.text)]
    assert len(platoons) == 13
    for lab in platoons:
        assert "…" in lab.shown and lab.shown.endswith(lab.text[-9:]), lab.shown
        assert lab.size_px[0] <= LabelItem.MAX_WIDTH_PX + 2 * LabelItem.PAD_PX + 1
    # a name alone keeps its start: cut at the end as before
    stand = next(lab for lab in labels if lab.text == "1st UNR company, command stand")
    assert stand.shown.startswith("1st UNR company, c") and stand.shown.endswith("…")
    # zoomed in, every name whole again
    win.scene.layout_labels(LabelItem.WHOLE_AT_PX_PER_INCH)
    assert [lab.shown for lab in labels] == [lab.text for lab in labels]


def test_names_alike_keep_their_tails_and_a_renamed_one_is_cut_at_its_end_again(qtbot):
    long = "The very long name of the company of the battalion, "
    a, b, c = (LabelItem(long + "platoon 1"), LabelItem(long + "platoon 2"),
               LabelItem("Short"))
    changed = keep_distinct([a, b, c])
    assert a.shown != b.shown and a.shown.endswith("platoon 1") and b.shown.endswith("platoon 2")
    assert {lab.shown for lab in changed} == {a.shown, b.shown} and c.shown == "Short"
    a.set_text("Alone now")  # renamed: no longer alike, its cut goes back to the end
    keep_distinct([a, b, c])
    assert b.shown.startswith("The very long") and b.shown.endswith("…")
    assert b.elided(Qt.TextElideMode.ElideRight) == b.shown
