"""A combo box that never asks for the width of its longest row: the current text is cut
in the middle when the box is narrow ("Gefr. Vo…l (axis)" keeps the side), the whole text is
its tool tip, and the drop-down list is as wide as its longest row — so a long unit name
cannot widen a dock past its room (app/room.py) nor be cut to nothing."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QStyle, QStyleOptionComboBox, QStylePainter, QWidget

#: The characters of a row the box asks room for (the rest is elided).
MIN_CHARS = 12


class ElidedComboBox(QComboBox):
    """A QComboBox whose shown text is elided in the middle, with the full text as a tip."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        policy = QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        self.setSizeAdjustPolicy(policy)
        self.setMinimumContentsLength(MIN_CHARS)
        self.currentIndexChanged.connect(self._tip)

    def _tip(self, _index: int = 0) -> None:
        self.setToolTip(self.currentText())

    def shown_text(self) -> str:
        """The current text as painted: elided in the middle to the box's text room."""
        opt = QStyleOptionComboBox()
        self.initStyleOption(opt)
        room = self.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, opt,
                                           QStyle.SubControl.SC_ComboBoxEditField, self)
        return self.fontMetrics().elidedText(self.currentText(), Qt.TextElideMode.ElideMiddle,
                                             room.width())

    def paintEvent(self, _event) -> None:  # noqa: N802 (Qt's name)
        painter = QStylePainter(self)
        opt = QStyleOptionComboBox()
        self.initStyleOption(opt)
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, opt)
        opt.currentText = self.shown_text()
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, opt)

    def showPopup(self) -> None:  # noqa: N802 (Qt's name)
        """The list as wide as its longest row (at least the box's width)."""
        fm = self.view().fontMetrics()
        widest = max((fm.horizontalAdvance(self.itemText(i)) for i in range(self.count())),
                     default=0)
        self.view().setMinimumWidth(max(self.width(), widest + 40))
        super().showPopup()
