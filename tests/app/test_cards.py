"""Unit cards: every field of the Sherman's card and an infantry card in the PDF's text,
demo/PROPOSED marks, the unit's state, page planning, true-scale templates, the CLI.

The PDF's text is read with pdftotext and its shapes with pdftocairo -svg (poppler-utils),
which the set-up installs; a missing tool fails with a message saying so.
"""

from __future__ import annotations

import math
import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest

from app.cards import CardData, CardError, cards_for_scenario
from app.cards.layout import FACE_H, FACE_W, PlainLayout, layout_for, register_layout
from app.cards.printing import SheetOptions, plan_pages, write_pdf
from app.cli import run
from engine.library import Library
from engine.scenario_io import load_demo

DEMO = Path(__file__).resolve().parents[2] / "resources" / "scenarios" / "crossroads.json"


def tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} not found: install poppler-utils (apt-get install poppler-utils); "
                    f"the card tests read the PDFs with it")
    return path


def pdf_text(pdf: Path, first: int | None = None, last: int | None = None) -> str:
    cmd = [tool("pdftotext"), "-layout"]
    if first:
        cmd += ["-f", str(first)]
    if last:
        cmd += ["-l", str(last)]
    out = subprocess.run([*cmd, str(pdf), "-"], capture_output=True, text=True, check=True)
    text = unicodedata.normalize("NFKC", out.stdout)    # "ﬁ" ligatures → "fi"
    return re.sub(r"[ \t]+", " ", text)


def has(text: str, pattern: str) -> bool:
    """`pattern` with any run of spaces allowed between its words."""
    rx = r"\s*".join(re.escape(w) for w in pattern.split())
    return re.search(rx, text) is not None


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    with Library(tmp_path_factory.mktemp("lib") / "library.sqlite") as lib:
        yield lib


@pytest.fixture
def scenario():
    return load_demo()


# ------------------------------------------------------------------ the Sherman


def test_sherman_card_shows_every_field(qapp, tmp_path, library, scenario):
    cards = cards_for_scenario(scenario, library, ["sherman-1"])
    pdf = tmp_path / "sherman.pdf"
    assert write_pdf(pdf, cards, SheetOptions("sleeve")) == 2      # front and back
    front, back = pdf_text(pdf, 1, 1), pdf_text(pdf, 2, 2)
    sherman = library.get("iron-hearts", "vehicle", "m4a1-sherman").data
    # name, model, unit, cost, class, DM received (demo values marked d)
    for p in ("M4 Sherman", "M4A1", "Sherman 1 'Anvil' (Lt. Brooks)", "100 pts d",
              "Class Medium tank d", "DM 0 d"):
        assert has(front, p), p
    # speeds for 1/2/3 AP, in metres and inches at 2.5 m/in; the third is PROPOSED
    assert has(front, '10 m (4") 30 m (12") 45 m (18") P')
    assert "P" not in front.split("10 m")[1].split("45 m")[0]     # 10 and 30 are the seed's
    # crew and positions with their stats
    for post, name in (("Commander", "Cmdr. Walker"), ("Gunner", "Cpl. Dunn"),
                       ("Loader", "Pvt. Ricci"), ("Driver", "Pvt. Hale"),
                       ("Co-driver", "Pvt. Novak (radio)")):
        m = sherman["crew"][post.lower().replace("-", "_")]
        te = f"+{m['training_experience']}" if m["training_experience"] > 0 else (
            "0" if m["training_experience"] == 0 else f"−{-m['training_experience']}")
        assert has(front, f"{post} {name} {m['accuracy']} {m['guts']} {te}"), post
    assert has(front, "advanced optics") and has(front, "of day); radio")
    for box in ("Penetrations", "Damaged gun engine radio", "shaken knocked out",
                "Ammunition"):
        assert has(front, box), box
    # armour by facing and hit location (the d10 faces of the PROPOSED location table)
    assert has(back, "tracks 1–2 P hull 3–6 P turret 7–9 P weak 10 P")
    for face, values in (("Front", "6 8 9 6"), ("Side", "4 5 6 4"), ("Rear", "3 4 5 3")):
        assert has(back, f"{face} {values}"), face
    # weapons: range, RoF, damage to men, MM, DM, crew post (roof HMG's post PROPOSED)
    assert has(back, "Range RoF Dmg MM DM crew")
    for name, row in (("75 mm M3", "200 m 1 6 2 0 gunner · AP, HE"),
                      ("7.62 mm M1919A4 (coaxial)", "300 m 5 7 2 0 gunner"),
                      ("7.62 mm M1919A4 (hull)", "300 m 5 7 2 0 co-drv"),
                      (".50 cal M2HB (turret roof)", "400 m 3 8 2 0 cmdr P")):
        assert has(back, f"{name} {row}"), name
    # penetration by range step: the card's table, one row per step with its range
    for step, row in enumerate(sherman["weapons"]["main_gun"]["penetration_table"]):
        reach = 200 * (step + 1)
        assert has(back, f"{step + 1} (≤{reach} m) " + " ".join(map(str, row))), step
    # the marks are explained on both faces
    for text in (front, back):
        assert has(text, "d demo value, not from the rules")
        assert has(text, "P PROPOSED default, not from the rules")


def test_vehicle_without_table_prints_penetration_per_step(qapp, tmp_path, library):
    e = library.get("iron-hearts", "vehicle", "pz4-h")
    from app.cards import card_for_entry

    pdf = tmp_path / "pz4.pdf"
    write_pdf(pdf, [card_for_entry(library, e)], SheetOptions("sleeve"))
    back = pdf_text(pdf, 2, 2)
    # pen. 4, one step less per range step; step = the gun's Range 250 m
    assert has(back, "up to 250 m 500 m 750 m 1000 m 1250 m")
    assert has(back, "d10 + +4 +3 +2 +1 0")
    assert has(pdf_text(pdf, 1, 1), '10 m (4") P 25 m (10") P 40 m (16") P')


def test_vehicle_state_is_printed(qapp, tmp_path, library, scenario):
    u = scenario.unit("sherman-2")
    u.state.update({"crew": {"loader": {"status": "killed"},
                             "driver": {"status": "wounded"}},
                    "systems": ["engine"], "penetrations": 2})
    pdf = tmp_path / "hurt.pdf"
    write_pdf(pdf, cards_for_scenario(scenario, library, ["sherman-2"]), SheetOptions("sleeve"))
    front = pdf_text(pdf, 1, 1)
    # killed (KIA, struck through) and wounded (WIA) crew
    assert has(front, "Pvt. Ricci KIA") and has(front, "Pvt. Hale WIA")


# ------------------------------------------------------------------ infantry


def test_infantry_card_shows_every_field(qapp, tmp_path, library, scenario):
    scenario.unit("us-1-1").markers["suppression"] = 2
    pdf = tmp_path / "rifleman.pdf"
    write_pdf(pdf, cards_for_scenario(scenario, library, ["us-1-1"]), SheetOptions("sleeve"))
    text = pdf_text(pdf)
    for p in ("US rifleman", "Private · NPC · Pfc. Dawson",
              "5d 5d 6d 0d 1d", "Accuracy Melee Guts T&E HP",
              # 3 AP moves at 2.5 m to the inch
              '15 m (6") 30 m (12") 50 m (20")',
              # weapons: range, RoF, damage, MM; the Garand's numbers are demo values
              "Range RoF Dmg MM", 'M1 Garand rifle 100 m (40") d 2d 7d 0d',
              # the hand grenade is the seed's: no marks
              'Hand grenade 50 m (20") 1 1 0',
              "Wounds (HP)", "Suppression", "Ammunition",
              "d demo value, not from the rules"):
        assert has(text, p), p
    assert "PROPOSED" not in text


def test_seed_values_are_unmarked(qapp, tmp_path, library):
    from app.cards import card_for_entry

    e = library.get("iron-hearts", "character", "us-lieutenant")
    pdf = tmp_path / "lt.pdf"
    write_pdf(pdf, [card_for_entry(library, e)], SheetOptions("sleeve"))
    # Guts 9, T&E +2 and 2 HP echo the seed; Accuracy and Melee are demo values
    assert has(pdf_text(pdf), "6d 6d 9 +2 2")


def test_scenario_profile_and_missing_profile(qapp, library, scenario):
    scenario.profiles = {"ace": dict(library.get("iron-hearts", "character", "grenadier").data,
                                     name="Ace", accuracy=9)}
    scenario.unit("gren-1").profile = "ace"
    card = cards_for_scenario(scenario, library, ["gren-1"])[0]
    assert (card.kind, card.record["accuracy"], card.title) == ("character", 9, "Ace")
    assert "kar98k" in card.related
    scenario.unit("gren-2").profile = "nobody"
    with pytest.raises(CardError, match=r"units\[gren-2\]\.profile: no profile 'nobody'"):
        cards_for_scenario(scenario, library, ["gren-2"])
    with pytest.raises(CardError, match="--units: no unit or group 'zz'"):
        cards_for_scenario(scenario, library, ["zz"])


# ------------------------------------------------------------------ layouts and pages


class OneBox:
    """A layout from outside the rulesets: it writes with the ink it is given."""

    faces = 1

    def draw_face(self, ink, card, face, options):
        ink.y += 20
        ink.line(f"TOY {card.id}")


def test_layout_registry_is_open_to_other_rulesets(qapp, tmp_path):
    assert isinstance(layout_for("toy-ruleset", "trooper"), PlainLayout)
    register_layout("toy-ruleset", "trooper", OneBox())
    assert isinstance(layout_for("toy-ruleset", "trooper"), OneBox)
    card = CardData("toy-ruleset", "trooper", "t1", {"name": "T"})
    pdf = tmp_path / "toy.pdf"
    write_pdf(pdf, [card], SheetOptions("a4"))
    assert "TOY t1" in pdf_text(pdf)


def test_sheet_plan(qapp, library, scenario):
    # the demo without its Panzer IV (added for the tank duel, issue 16): one full sheet
    scenario.units = [u for u in scenario.units if u.profile != "pz4-h"]
    cards = cards_for_scenario(scenario, library)    # 1 vehicle (2 faces) + 7 infantry
    assert [c.kind for c in cards].count("vehicle") == 1 and len(cards) == 8
    pages = plan_pages(cards, SheetOptions("a4"))
    assert len(pages) == 1 and len(pages[0].placements) == 9   # 3 × 3 cells, all used
    xs, ys = pages[0].grid
    assert [round(b - a, 6) for a, b in zip(xs, xs[1:], strict=False)] == [FACE_W] * 3
    assert [round(b - a, 6) for a, b in zip(ys, ys[1:], strict=False)] == [FACE_H] * 3
    assert xs[0] == (595 - 540) / 2              # centred on A4 (Qt: 595 × 842 pt)
    assert pages[0].folds == [(xs[1], ys[0])]                   # the vehicle's fold
    letter = plan_pages(cards, SheetOptions("letter"))[0]
    assert round(letter.grid[1][0], 3) == 18.0                  # 792 − 3 × 252 = 36
    assert len(plan_pages(cards, SheetOptions("a4", per_page=3))) == 3
    one = plan_pages(cards, SheetOptions("letter", one_per_page=True))
    assert len(one) == 8 and len(one[0].placements) == 2
    assert len(plan_pages(cards, SheetOptions("sleeve"))) == 9
    with_t = plan_pages(cards, SheetOptions("sleeve", templates=True))
    assert [p.size for p in with_t[-3:]] == ["a4"] * 3
    with pytest.raises(ValueError, match="per_page: expected a whole number ≥ 1"):
        SheetOptions("a4", per_page=0)


# ------------------------------------------------------------------ templates, true scale


def svg_shapes(pdf: Path, page: int) -> list[list[tuple[float, float]]]:
    """The points of each filled shape on a PDF page, in page points: pdftocairo's SVG
    writes each path in points with its transform matrix, which is applied here."""
    svg = pdf.with_suffix(f".{page}.svg")
    subprocess.run([tool("pdftocairo"), "-svg", "-f", str(page), "-l", str(page), str(pdf),
                    str(svg)], check=True, capture_output=True)
    text = svg.read_text()
    head = re.search(r'<svg[^>]*width="([\d.]+)(pt)?"[^>]*height="([\d.]+)(pt)?"', text)
    assert head and abs(float(head.group(1)) - 595.28) < 0.5     # A4 in points
    shapes = []
    for m in re.finditer(r'<path style="fill-rule[^"]*" d="([^"]+)"(?: transform="([^"]+)")?',
                         text):
        a, b, c, d, e, f = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0) if m.group(2) is None else \
            map(float, re.findall(r"-?\d+\.?\d*(?:e-?\d+)?", m.group(2)))
        nums = [float(v) for v in re.findall(r"-?\d+\.?\d*", m.group(1))]
        shapes.append([(a * x + c * y + e, b * x + d * y + f)
                       for x, y in zip(nums[0::2], nums[1::2], strict=False)])
    return shapes


def extent(points: list[tuple[float, float]]) -> tuple[float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return round(max(xs) - min(xs), 2), round(max(ys) - min(ys), 2)


def test_templates_are_true_scale(qapp, tmp_path):
    pdf = tmp_path / "templates.pdf"
    assert write_pdf(pdf, [], SheetOptions("a4", templates=True)) == 3
    sizes = [extent(s) for s in svg_shapes(pdf, 1)]
    assert (216.0, 216.0) in sizes            # 3" blast: 3 × 72 pt across
    assert (360.0, 360.0) in sizes            # 5" blast
    assert (18.0, 18.0) in sizes              # its centre hole, 0.25"
    flamer = [wh for wh in map(extent, svg_shapes(pdf, 2)) if wh[1] > 500]
    assert flamer == [(216.0, 576.0)]          # 3" wide, 8" long
    # the 12" ruler, drawn on the diagonal: its outline's sides are 12" and 0.6"
    ruler = [s for s in svg_shapes(pdf, 3) if extent(s)[1] > 600]
    assert len(ruler) == 1
    corners = list(dict.fromkeys((round(x, 3), round(y, 3)) for x, y in ruler[0]))[:4]
    sides = sorted(round(math.dist(corners[i], corners[(i + 1) % 4]), 2) for i in range(4))
    assert sides == [43.2, 43.2, 864.0, 864.0]


# ------------------------------------------------------------------ command line


def test_cli_cards(qapp, tmp_path, capsys):
    out = tmp_path / "cards.pdf"
    lib = tmp_path / "lib.sqlite"
    Library(lib).close()
    code = run(["cards", str(DEMO), "--units", "sherman-1", "gren-1", "--size", "letter",
                "--templates", "--library", str(lib), "-o", str(out)])
    assert code == 0
    assert capsys.readouterr().out.strip() == f"{out}: 2 cards, 4 pages"
    text = pdf_text(out, 1, 1)
    assert has(text, "M4 Sherman") and has(text, "Grenadier")


def test_cli_cards_errors(qapp, tmp_path, capsys):
    out = tmp_path / "x.pdf"
    assert run(["cards", str(DEMO), "--units", "nope", "-o", str(out)]) == 2
    assert "--units: no unit or group 'nope'" in capsys.readouterr().err
    assert run(["cards", str(DEMO), "--per-page", "0", "-o", str(out)]) == 2
    assert "--per-page: expected a whole number ≥ 1" in capsys.readouterr().err
    assert run(["cards", str(DEMO), "--library", str(tmp_path / "none.sqlite"),
                "-o", str(out)]) == 2
    assert "--library: no such file" in capsys.readouterr().err
    assert not out.exists()


def test_printing_to_a_printer_prints_the_same_cards(qapp, tmp_path, library, scenario):
    """The print path (QPrinter, as a print dialog hands it over) gives the PDF's pages."""
    from PySide6.QtPrintSupport import QPrinter

    from app.cards.printing import print_cards

    cards = cards_for_scenario(scenario, library)
    options = SheetOptions(size="a4")
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    out = tmp_path / "printed.pdf"
    printer.setOutputFileName(str(out))
    pages = print_cards(printer, cards, options)
    assert pages == len(plan_pages(cards, options))
    text = pdf_text(out)
    assert has(text, "M4 Sherman") and has(text, "Grenadier")


def test_print_preview_paints_every_page(qapp, qtbot, library, scenario):
    """The preview dialog asks for the pages and gets exactly what print_cards prints."""
    from app.cards.printing import preview

    cards = cards_for_scenario(scenario, library)
    options = SheetOptions(size="letter")
    dialog = preview(None, cards, options)
    qtbot.addWidget(dialog)
    asked = []
    dialog.paintRequested.connect(lambda printer: asked.append(printer))
    dialog.show()
    qtbot.waitUntil(lambda: bool(asked))
    from PySide6.QtPrintSupport import QPrintPreviewWidget

    widget = dialog.findChild(QPrintPreviewWidget)
    qtbot.waitUntil(lambda: widget.pageCount() > 0)
    assert widget.pageCount() == len(plan_pages(cards, options))


def test_group_cards_come_from_a_registered_group_layout(qapp, library, scenario):
    """A layout registered under "group:<kind>" gives every such group a card after the
    profile cards, with its unit members' data; asked for by id, a group gets its card."""
    from app.cards import group_kind
    from app.cards.layout import _LAYOUTS, PlainLayout, register_layout

    before = cards_for_scenario(scenario, library)
    assert all(not c.kind.startswith("group:") for c in before)
    register_layout(scenario.ruleset, group_kind("squad"), PlainLayout())
    try:
        cards = cards_for_scenario(scenario, library)
        squads = [g for g in scenario.groups if g.kind == "squad"]
        assert len(cards) == len(before) + len(squads) > len(before)
        card = cards_for_scenario(scenario, library, [squads[0].id])[0]
        assert card.group is squads[0] and card.title == squads[0].label
        assert [m.unit_name for m in card.members] == [
            scenario.unit(m).label for m in squads[0].members
            if m in {u.id for u in scenario.units}]
    finally:
        _LAYOUTS.pop((scenario.ruleset, group_kind("squad")))


def test_a_russian_card_says_its_own_words_where_the_rules_texts_say_others(
        qapp, tmp_path, russian_cli):
    """The glossary's [cards] table comes first on a card: the tank's side is "Борт" and
    the weapons' 30 pt range head "Дальн." on the Panzer IV's back, where the rules' texts
    (the log, the panels) say "Сторона" and "Дальность"."""
    from engine.i18n import localized

    pdf = tmp_path / "ru.pdf"
    assert run(["--lang", "ru", "cards", str(DEMO), "--units", "pz4-1", "-o",
                str(pdf), "--size", "sleeve"]) == 0
    back = pdf_text(pdf, 2, 2)
    assert has(back, "Борт") and has(back, "Дальн.") and "Дальность" not in back
    # the main gun's shells in Russian abbreviations: "AP" on a Russian card would read
    # as the action points' "ОД"
    assert has(back, "ББ, ОФ") and "AP, HE" not in back
    assert localized("Side", "ru", "iron-hearts") == "Сторона"
    assert localized("Side", "ru", "iron-hearts", context="cards") == "Борт"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_sample_card_keeps_its_words_in_their_places(lang, qapp, tmp_path, monkeypatch,
                                                           russian_cli):
    """On every face of every sample scenario's cards: a row of tick boxes begins after its
    label, no text runs past the face's edge, a heading's note (a rule in brief) is not cut
    short, and the content ends above the footnote's rule. The Russian words are longer:
    "Потеряно взводов" ran 10 pt into the boxes of a 52 pt label column, "принятие
    командования провалено" 27 pt off a Боец card, a Keno card's comm table 17 pt under its
    footnote, and "отход на 2" за каждый …" lost what it is for."""
    from app.cards import layout

    found: list[tuple[str, str, float]] = []
    boxes, text, footnote = layout.Ink.boxes, layout.Ink.text, layout.Ink.footnote
    heading, fit = layout.Ink.heading, layout.Ink.fit
    notes: list[str] = []

    def recording_heading(self, title, mark="", note=""):
        notes.append(note)
        try:
            return heading(self, title, mark, note)
        finally:
            notes.pop()

    def recording_fit(self, words, font, width):
        out = fit(self, words, font, width)
        if out != words and notes and words == notes[-1]:
            found.append(("note cut", words, round(self.text_width(words, font) - width, 1)))
        return out

    def recording_boxes(self, label, n, filled=0, **kw):
        room = kw.get("label_w", 48.0) - self.text_width(label, self.font(6.6, bold=True))
        if room < 1.0:
            found.append(("label into its boxes", label, round(room, 1)))
        return boxes(self, label, n, filled, **kw)

    def recording_text(self, x, y, words, font, **kw):
        end = text(self, x, y, words, font, **kw)
        if end > self.rect.right() - self.pad / 2:
            found.append(("past the edge", words, round(end - self.rect.right(), 1)))
        return end

    def recording_footnote(self, extra=""):
        lines, y = self.footnote_lines(extra)
        if lines and self.y > y - 7.5 + 2.0:  # the rule; a table's y is its last row's foot
            found.append(("under the footnote", self.ruleset, round(self.y - (y - 7.5), 1)))
        return footnote(self, extra)

    monkeypatch.setattr(layout.Ink, "boxes", recording_boxes)
    monkeypatch.setattr(layout.Ink, "text", recording_text)
    monkeypatch.setattr(layout.Ink, "footnote", recording_footnote)
    monkeypatch.setattr(layout.Ink, "heading", recording_heading)
    monkeypatch.setattr(layout.Ink, "fit", recording_fit)
    for scenario in sorted(DEMO.parent.glob("*.json")):
        assert run(["--lang", lang, "cards", str(scenario), "-o",
                    str(tmp_path / f"{scenario.stem}.pdf"), "--size", "sleeve"]) == 0
    assert not found, f"cramped (what, where, pt): {sorted(set(found))}"
