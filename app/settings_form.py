"""Edit ▸ Settings…'s dialog: the settings as fields (app/settings.py's keys), imported
when it is first opened (app/settings_dialog.py's action), so the start-up creates none of
its dialog and spin box classes."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app import settings as st
from app.i18n import tr


def _combo(choices: list[tuple[str, str]], current: str) -> QComboBox:
    box = QComboBox()
    for value, label in choices:
        box.addItem(label, value)
    box.setCurrentIndex(max(0, box.findData(current)))
    return box


class SettingsDialog(QDialog):
    """The settings as fields; `store()` writes what the fields hold."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Settings"))
        self.language = _combo([("system", tr("As the system")), ("en", "English"),
                                ("ru", "Русский")], st.language())
        self.units = _combo([("both", tr("Inches and metres")),
                             ("inches", tr("Inches")), ("metres", tr("Metres"))],
                            st.units_shown())
        self.dice = _combo([("app", tr("App dice")),
                            ("typed", tr("Enter dice (physical dice)"))],
                           st.dice_source())
        self.scale = QDoubleSpinBox()
        self.scale.setRange(0.0, 1000.0)
        self.scale.setDecimals(2)
        self.scale.setSuffix(tr(" m per inch"))
        self.scale.setSpecialValueText(tr("The ruleset's own"))
        self.scale.setValue(st.default_scale())
        self.theme = _combo([("light", tr("Light")), ("dark", tr("Dark"))],
                            st.theme())
        self.backups = QSpinBox()
        self.backups.setRange(0, 1000)
        self.backups.setSpecialValueText(tr("None"))
        self.backups.setValue(st.backup_count())
        form = QFormLayout()
        form.addRow(tr("Language"), self.language)
        form.addRow(tr("Distances shown"), self.units)
        form.addRow(tr("Dice to start with"), self.dice)
        form.addRow(tr("Ground scale of a new table"), self.scale)
        form.addRow(tr("Theme"), self.theme)
        form.addRow(tr("Backups kept beside a game"), self.backups)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def store(self) -> None:
        st.set_language(self.language.currentData())
        st.set_units_shown(self.units.currentData())
        st.set_dice_source(self.dice.currentData())
        st.set_default_scale(self.scale.value())
        st.set_theme(self.theme.currentData())
        st.set_backup_count(self.backups.value())


# --- applying them ------------------------------------------------------------------------
