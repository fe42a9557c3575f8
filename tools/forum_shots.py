"""The README's forum screenshots: a turn of the demo played on an offscreen board, its
picture exported (app.picture) and its turn post (engine.turn_post) shown as a forum shows
it — the BBCode turned into HTML by the `bbcode` package and opened in headless Chromium.

    PYTHONPATH=$PWD QT_QPA_PLATFORM=offscreen .venv/bin/python tools/forum_shots.py

writes docs/screenshots/picture-turn1.png (the exported picture itself) and
docs/screenshots/forum-post.png (the post, with that picture in it). Needs `chromium`
(apt-get install chromium) and the dev extra's `bbcode`.
"""

from __future__ import annotations

import html
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "docs" / "screenshots"
PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
body {{ background: #e9eef2; font: 14px/1.5 Verdana, Arial, sans-serif; margin: 0; }}
.forum {{ max-width: 940px; margin: 0 auto; padding: 16px; }}
.topic {{ background: #12a3eb; color: white; padding: 8px 14px; border-radius: 6px 6px 0 0;
         font-weight: bold; }}
.post {{ display: flex; background: #f5f7fa; border: 1px solid #c9d2da; border-top: 0; }}
.author {{ width: 130px; padding: 12px; border-right: 1px solid #c9d2da; color: #105289;
          font-weight: bold; font-size: 13px; }}
.author small {{ display: block; color: #536482; font-weight: normal; }}
.body {{ padding: 12px 16px; flex: 1; color: #333; }}
.body img {{ max-width: 100%; border: 1px solid #aab; }}
.body ul {{ margin: 4px 0 12px; }} .body li {{ margin-bottom: 6px; }}
</style></head><body><div class="forum">
<div class="topic">{topic}</div>
<div class="post"><div class="author">GM Hartmann<small>Game master</small></div>
<div class="body">{body}</div></div></div></body></html>"""


def bbcode_html(text: str) -> str:
    """BBCode as HTML with the `bbcode` package's formatters, plus the two tags every forum
    has and the package leaves to its user: [img] and [size]."""
    import bbcode

    parser = bbcode.Parser()
    parser.add_simple_formatter("img", '<img src="%(value)s" alt="">', replace_links=False)

    def size(tag_name, value, options, parent, context):
        pct = options.get("size", "100")
        return f'<span style="font-size:{int(pct) if pct.isdigit() else 100}%">{value}</span>'

    parser.add_formatter("size", size)
    return parser.format(text)


def resolve(window, actor: str, action: str, target: str, faces: str) -> None:
    """An action resolved with typed dice and applied, as the Actions dock does."""
    from engine.dice import TypedDice
    from engine.facts import facts_for
    from engine.rulesets.registry import get_ruleset

    game = window.editor.game
    rs = get_ruleset(game.scenario.ruleset)
    facts = facts_for(game.scenario, action, actor, target, ruleset=rs)
    ctx = rs.context(action, actor=game.unit(actor), target=game.unit(target), facts=facts,
                     game=game)
    res = ctx.resolve(TypedDice(faces))
    window.editor.push(res.change)
    window.editor.log(res.log_entry(game.turn))


def main() -> int:
    from app.picture import PictureOptions
    from app.picture_cli import board_window
    from engine.model import Game
    from engine.scenario_io import load_demo
    from engine.turn_post import turn_post

    window = board_window(Game(load_demo()))
    game = window.editor.game
    tools = window.tools.tools
    tools["measure"].finish_pair("sherman-3", "gren-5")
    readout = window.pointer_hint.text()
    resolve(window, "sherman-1", "tank_aim", "gren-3", "1")
    resolve(window, "gren-1", "shoot", "us-1-1", "3 2")
    resolve(window, "sherman-1", "tank_fire", "gren-3", "2 3")
    template = tools["template"]
    template.set_shape("blast-3")
    template.place(41.4, 17.5)
    template.panel.seed.setText("14")
    template.scatter()
    picture = SHOTS / "picture-turn1.png"
    r = window.picture_export.export(picture, PictureOptions(area=(2, 4, 50, 30),
                                                             readout=readout))
    print(f"{picture}: {r.size.width()} × {r.size.height()} px, {picture.stat().st_size} bytes")
    post = turn_post(game, 1, "bbcode")
    (SHOTS / "forum-post.bbcode.txt").write_text(post, encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "post.html"
        shutil.copy(picture, Path(tmp) / picture.name)
        page.write_text(PAGE.format(topic=html.escape(f"{game.scenario.name}: turn 1"),
                                    body=bbcode_html(post)), encoding="utf-8")
        out = SHOTS / "forum-post.png"
        browser = shutil.which("chromium") or shutil.which("chromium-browser")
        if browser is None:
            print("chromium not found: apt-get install chromium", file=sys.stderr)
            return 1
        subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu",
                        "--hide-scrollbars", f"--screenshot={out}",
                        "--window-size=980,1500", page.as_uri()],
                       check=True, capture_output=True, timeout=120)
        print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
