"""The command line's .qm reader (app.i18n.qm) answers as Qt's QTranslator does, message by
message, for every plural count that picks a different Russian form — so the Russian
command line prints the same words without loading QtCore."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QTranslator

from app.i18n import qm_path
from app.i18n.qm import QmCatalogue, QmError, plural_index

TS = Path(__file__).resolve().parents[2] / "app" / "i18n" / "warboard_ru.ts"
#: Counts that reach each Russian form and the edges between them (11-14, 21, 111, 1001).
COUNTS = (-1, 0, 1, 2, 4, 5, 11, 12, 14, 15, 21, 22, 25, 101, 111, 112, 1001, 1005)


def _messages() -> list[tuple[str, str, str | None]]:
    root = ET.parse(TS).getroot()
    return [(ctx.findtext("name") or "", m.findtext("source") or "", m.findtext("comment"))
            for ctx in root.iter("context") for m in ctx.iter("message")]


@pytest.fixture(scope="module")
def both() -> tuple[QTranslator, QmCatalogue]:
    path = qm_path("ru")
    if path is None:
        pytest.skip("warboard_ru.qm is not built (pyside6-lrelease)")
    qt = QTranslator()
    assert qt.load(str(path))
    return qt, QmCatalogue.load(path)


def test_every_message_reads_as_qt_reads_it(both):
    qt, ours = both
    messages = _messages()
    assert len(messages) > 500
    differ = []
    for context, source, comment in messages:
        for disambiguation in {comment, None, "no such comment"}:
            for n in COUNTS:
                want = qt.translate(context, source, disambiguation, n)
                if ours.translate(context, source, disambiguation, n) != want:
                    differ.append((context, source, disambiguation, n, want))
    assert differ == []


def test_plural_messages_take_the_three_russian_forms(both):
    _qt, ours = both
    forms = {n: ours.translate("", "%n entries", None, n) for n in (1, 3, 5, 21, 11)}
    assert forms == {1: "%n запись", 3: "%n записи", 5: "%n записей", 21: "%n запись",
                     11: "%n записей"}


def test_unknown_text_has_no_translation(both):
    _qt, ours = both
    assert ours.translate("", "no such text in the catalogue") == ""


def test_plural_rules_without_a_file():
    # Qt's byte code for "n == 1, else": EQ 1, then the other form
    assert [plural_index(n, bytes([0x01, 1])) for n in (0, 1, 2)] == [1, 0, 1]
    assert plural_index(7, b"") == 0


def test_a_file_that_is_not_a_translation_is_refused(tmp_path):
    bad = tmp_path / "warboard_ru.qm"
    bad.write_bytes(b"not a qm file at all")
    with pytest.raises(QmError):
        QmCatalogue.load(bad)
