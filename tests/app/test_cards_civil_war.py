"""`warboard cards` on the Civil War sample scenario (Qt: the cards are painted)."""

from __future__ import annotations

import shutil

from app import cli
from resources.loader import resource


def test_cards_of_the_sample(qapp, capsys, tmp_path):
    sample = tmp_path / "vasylivka.json"
    shutil.copy(resource("scenarios", "civil-war-vasylivka.json"), sample)
    out_pdf = tmp_path / "cards.pdf"
    code = cli.run(["cards", str(sample), "-o", str(out_pdf)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out.startswith(f"{out_pdf}: 7 cards")      # one per profile on the table
    assert out_pdf.stat().st_size > 1000
