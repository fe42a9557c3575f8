"""A compiled Qt translation (.qm) read without Qt, for the command line.

The command line prints text through `app.i18n.tr` but starts no Qt application: loading
QtCore for its QTranslator alone costs more than most commands' own work. This reads the
same file Qt reads (lrelease's output: the messages with their source texts, and the
language's plural rules as Qt's byte code) and answers `translate` as QTranslator does:
the message of (context, source, disambiguation), else of (context, source) with no
disambiguation; for `n >= 0` the plural form chosen by the file's rules; "" when the file
has no translation. tests/app/test_qm_reader.py holds it to QTranslator message by message.
"""

from __future__ import annotations

import struct
from pathlib import Path

#: The 16 bytes every .qm file starts with.
MAGIC = bytes.fromhex("3cb86418caef9c95cd211cbf60a1bddd")
# Section tags of the file (Qt's qtranslator.cpp)
_MESSAGES, _NUMERUS_RULES = 0x69, 0x88
# Field tags inside a message
_END, _TRANSLATION, _OBSOLETE1, _SOURCE, _CONTEXT, _COMMENT = 1, 3, 5, 6, 7, 8
# The plural rules' byte code (Qt's qtranslator_p.h)
_EQ, _LT, _LEQ, _BETWEEN, _OP_MASK = 0x01, 0x02, 0x03, 0x04, 0x07
_NOT, _MOD_10, _MOD_100, _LEAD_1000 = 0x08, 0x10, 0x20, 0x40
_AND, _OR = 0xFD, 0xFE

Key = tuple[str, str, str]  # (context, source text, disambiguation)


class QmError(ValueError):
    """The file is not a compiled Qt translation this reader understands."""


class QmCatalogue:
    """The messages of one .qm file, looked up as QTranslator.translate does."""

    def __init__(self, messages: dict[Key, tuple[str | None, ...]], rules: bytes) -> None:
        self._messages = messages
        self._rules = rules

    @classmethod
    def load(cls, path: str | Path) -> QmCatalogue:
        """Read `path`; QmError when it is not a .qm file (or one stripped of its source
        texts, which only Qt's hash lookup could read)."""
        data = Path(path).read_bytes()
        if not data.startswith(MAGIC):
            raise QmError(f"{path}: not a compiled Qt translation")
        sections: dict[int, bytes] = {}
        at = len(MAGIC)
        while at + 5 <= len(data):
            tag, size = data[at], struct.unpack_from(">I", data, at + 1)[0]
            sections[tag] = data[at + 5:at + 5 + size]
            at += 5 + size
        return cls(_messages(sections.get(_MESSAGES, b""), path),
                   sections.get(_NUMERUS_RULES, b""))

    def translate(self, context: str, source: str, disambiguation: str | None = None,
                  n: int = -1) -> str:
        """The translation of `source`, or "" when the file has none."""
        forms = self._messages.get((context, source, disambiguation or ""))
        if forms is None and disambiguation:
            forms = self._messages.get((context, source, ""))
        if not forms:
            return ""
        index = plural_index(n, self._rules) if n >= 0 else 0
        if not 0 <= index < len(forms):
            return ""
        return forms[index] or ""


def _messages(blob: bytes, path: str | Path) -> dict[Key, tuple[str | None, ...]]:
    """Every message of the Messages section by (context, source, disambiguation); a
    translation of odd length or marked absent (Qt's -1) is kept as None, as Qt skips it."""
    out: dict[Key, tuple[str | None, ...]] = {}
    at, end = 0, len(blob)
    context = source = comment = ""
    forms: list[str | None] = []
    while at < end:
        tag = blob[at]
        at += 1
        if tag == _END:
            out.setdefault((context, source, comment), tuple(forms))
            context = source = comment = ""
            forms = []
            continue
        if tag == _OBSOLETE1:
            at += 4
            continue
        if tag not in (_TRANSLATION, _SOURCE, _CONTEXT, _COMMENT):
            raise QmError(f"{path}: message field {tag:#x} is not understood")
        size = struct.unpack_from(">I", blob, at)[0]
        at += 4
        if tag == _TRANSLATION:
            if size == 0xFFFFFFFF or size & 1:
                forms.append(None)
                continue
            forms.append(blob[at:at + size].decode("utf-16-be"))
        else:
            text = blob[at:at + size].rstrip(b"\0").decode("utf-8")
            if tag == _SOURCE:
                source = text
            elif tag == _CONTEXT:
                context = text
            else:
                comment = text
        at += size
    return out


def plural_index(n: int, rules: bytes) -> int:
    """Which plural form `n` takes under `rules` (Qt's numerus byte code: rules separated
    by NEWRULE, each an OR of ANDs of comparisons); the first rule that holds, else the
    form after the last rule."""
    if not rules:
        return 0
    i, result, size = 0, 0, len(rules)
    while True:
        any_true = False
        while True:
            all_true = True
            while True:
                opcode, right = rules[i], rules[i + 1]
                i += 2
                left = n
                if opcode & _MOD_10:
                    left %= 10
                elif opcode & _MOD_100:
                    left %= 100
                elif opcode & _LEAD_1000:
                    while left >= 1000:
                        left //= 1000
                op = opcode & _OP_MASK
                if op == _EQ:
                    truth = left == right
                elif op == _LT:
                    truth = left < right
                elif op == _LEQ:
                    truth = left <= right
                else:  # _BETWEEN: a second operand follows
                    truth = right <= left <= rules[i]
                    i += 1
                if opcode & _NOT:
                    truth = not truth
                all_true = all_true and truth
                if i == size or rules[i] != _AND:
                    break
                i += 1
            any_true = any_true or all_true
            if i == size or rules[i] != _OR:
                break
            i += 1
        if any_true:
            return result
        result += 1
        if i == size:
            return result
        i += 1  # NEWRULE
