"""A section of the Actions dock that folds to its title line (issue 39): the facts measured
on the board, the options, the modifiers agreed at the table and the return fire are read
less often than the action, its target, the odds, the roll and Apply, which must all fit a
1280×800 screen without scrolling. A folded section says how many rows it holds; a click on
its title opens it, and it stays open (or folded) for the rest of the session. And how the
dock shares its height between the set-up, the chart and the results (`share_height`)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSizePolicy, QToolButton, QVBoxLayout, QWidget

from app.i18n import tr


class Fold(QWidget):
    """A title button (an arrow and `title`) over `body`, whose layout is `body_layout`.
    `count` (shown folded) is set by the dock when it fills the section."""

    def __init__(self, title: str, *, open_: bool = False,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self.count = 0
        self.head = QToolButton()
        self.head.setCheckable(True)
        self.head.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.head.setAutoRaise(True)
        self.head.setStyleSheet("QToolButton { font-weight: bold; border: none; }")
        self.head.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.body = QWidget()
        self.body_layout = QVBoxLayout(self.body)
        self.body_layout.setContentsMargins(12, 0, 0, 0)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        lay.addWidget(self.head)
        lay.addWidget(self.body)
        self.head.toggled.connect(self._toggled)
        self.head.setChecked(open_)
        self._toggled(open_)

    @property
    def is_open(self) -> bool:
        return self.head.isChecked()

    def set_open(self, open_: bool) -> None:
        self.head.setChecked(open_)

    def set_count(self, count: int) -> None:
        """How many rows the section holds (said in its title while folded)."""
        self.count = count
        self._show_title()

    def _toggled(self, open_: bool) -> None:
        self.head.setArrowType(Qt.ArrowType.DownArrow if open_ else Qt.ArrowType.RightArrow)
        self.body.setVisible(open_)
        self._show_title()

    def _show_title(self) -> None:
        if self.is_open or not self.count:
            self.head.setText(self.title)
        else:
            self.head.setText(tr("{title} ({count})").format(title=self.title,
                                                             count=self.count))


#: The least height the set-up part (unit, action, roles) is given.
SETUP_MIN_PX = 120
#: The most the odds chart takes before the set-up has its rows.
CHART_MAX_PX = 160


def share_height(panel) -> None:
    """Share the Actions dock's height: the set-up its rows' height (scrolling only what
    does not fit), the chart its own, the results — dice, steps, Apply — the rest, at
    least their smallest for the width (a 1280×800 screen shows them all)."""
    if not panel.built or not panel.isVisible():
        return
    splitter = panel.splitter
    total = sum(splitter.sizes())
    if total <= 0:
        return
    panel.setup_scroll.widget().adjustSize()
    want = panel.setup_scroll.widget().sizeHint().height() + 2
    width = splitter.width()
    chart = min(splitter.widget(1).sizeHint().height(), CHART_MAX_PX)
    # a wrapped message takes more lines than the smallest size says
    rest = max(panel.results.minimumSizeHint().height(),
               panel.results.layout().minimumHeightForWidth(width))
    setup = max(SETUP_MIN_PX, min(want, total - chart - rest))
    chart = max(0, min(chart, total - setup - rest))
    splitter.setSizes([setup, chart, total - setup - chart])
