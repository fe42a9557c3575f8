"""Game ▸ Rules readings…'s dialog (the game's readings, one editor each): imported when
it is first opened (app/panels/readings_dialog.py's action), so the start-up creates none
of its dialog classes."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
)

from app.i18n import loc


class ReadingsDialog(QDialog):
    """The game's readings. `options_view` holds one editor per option; `apply()` stores
    them (what OK does) and returns whether anything changed."""

    def __init__(self, window) -> None:
        from engine.readings import readings_for, stored_reading_problems
        from engine.rulesets.registry import get_ruleset

        from .options_view import OptionsView  # with the dialog: not needed at start-up
        super().__init__(window)
        self.window_ = window
        game = window.editor.game
        self.ruleset = get_ruleset(game.scenario.ruleset)
        name = loc(self.ruleset, self.ruleset.id)
        self.setWindowTitle(self.tr("Rules readings — {0}").format(name))
        self.resize(620, 640)
        lay = QVBoxLayout(self)
        intro = QLabel(self.tr(
            "How this game reads the points the rules leave open. Each reading is saved "
            "in the game; a PROPOSED default is ours, not the rules'."))
        intro.setWordWrap(True)
        lay.addWidget(intro)
        self.options_view = OptionsView()
        self.options_view.set_options(self.ruleset.options, readings_for(self.ruleset, game),
                                      explain=True,
                                      empty=self.tr("This ruleset has no readings to choose."))
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.options_view)
        lay.addWidget(scroll, 1)
        self.message = QLabel()
        self.message.setStyleSheet("color: #b3261e;")
        self.message.setWordWrap(True)
        set_aside = stored_reading_problems(self.ruleset, game)  # shown until OK or Cancel
        self.message.setText("\n".join(loc(p) for p in set_aside))
        self.message.setVisible(bool(set_aside))
        lay.addWidget(self.message)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        self.defaults_button = QPushButton(self.tr("Defaults"))
        self.defaults_button.setToolTip(self.tr("Set every reading to the ruleset's default"))
        self.defaults_button.clicked.connect(self.reset)
        buttons.addButton(self.defaults_button, QDialogButtonBox.ButtonRole.ResetRole)
        buttons.accepted.connect(self._ok)
        buttons.rejected.connect(self.reject)
        self.buttons = buttons
        lay.addWidget(buttons)

    def reset(self) -> None:
        self.options_view.set_values({o.id: o.default for o in self.ruleset.options})

    def apply(self) -> bool:
        """Store the readings shown as one undoable change and log it; False when they
        are the game's already. SchemaError for a value the ruleset refuses."""
        from engine.readings import (
            readings_change,
            readings_for,
            readings_log_entry,
            stored_reading_problems,
        )
        editor = self.window_.editor
        game = editor.game
        before = readings_for(self.ruleset, game)
        values = self.options_view.values()
        after = self.ruleset.option_values(values)
        if after == before and not stored_reading_problems(self.ruleset, game):
            return False  # (a value set aside is replaced by the one shown)
        editor.push(readings_change(self.ruleset, game, values))
        editor.log(readings_log_entry(self.ruleset, game, before, after))
        return True

    def _ok(self) -> None:
        from engine.options import SchemaError

        try:
            self.apply()
        except (SchemaError, ValueError) as err:
            from engine.i18n import said

            self.message.setText(loc(said(err)))
            self.message.show()
            return
        self.accept()
