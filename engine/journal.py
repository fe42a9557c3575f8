"""Whose rollback journal is this? A `<game>-journal` is rolled back into `<game>` by
SQLite whenever it looks hot, whatever file wrote it: a journal left beside a path by a
killed save of one game, with another game copied to that path since, would be applied
to the wrong game and destroy it. SQLite's journal header carries no database identity,
so Warboard gives its files one and makes every journal show it:

- every write transaction starts by writing `PRAGMA user_version` (a random per-file id,
  given on the file's first write) — so the first page a journal saves is the file's
  page 1 as it was, header included;
- a journal is another file's when its page 1 (a complete record, checksum right) has
  another page size, application_id or file id than the database, or a change counter
  that is neither the database's nor one behind it (a transaction raises it by one).

Such a journal is never applied: it is renamed beside the game
(`<name>.not-its-journal-<time>`) and the game opens as it is. A journal that cannot be
told (no page-1 record: not written by this version, or still being written by a live
writer) is left to SQLite, as before.
"""

from __future__ import annotations

import os
import secrets
from datetime import UTC, datetime
from pathlib import Path

#: The first 8 bytes of a rollback journal's header (SQLite's aJournalMagic).
JOURNAL_MAGIC = bytes.fromhex("d9d505f920a163d7")
#: Records scanned for page 1 in a journal's first segment (our own put it first).
_MAX_RECORDS = 4096


def _u32(b: bytes) -> int:
    return int.from_bytes(b, "big")


def _power_of_two(n: int, low: int, high: int) -> bool:
    return low <= n <= high and n & (n - 1) == 0


def page_one_image(journal: Path) -> bytes | None:
    """Page 1 as the journal saved it (the database before the transaction), or None when
    the journal holds no complete page-1 record."""
    try:
        with open(journal, "rb") as f:
            head = f.read(28)
            if len(head) < 28 or head[:8] != JOURNAL_MAGIC:
                return None
            count, nonce = _u32(head[8:12]), _u32(head[12:16])
            sector, page_size = _u32(head[20:24]), _u32(head[24:28])
            if not (_power_of_two(sector, 32, 65536) and _power_of_two(page_size, 512, 65536)):
                return None
            records = _MAX_RECORDS if count in (0, 0xFFFFFFFF) else min(count, _MAX_RECORDS)
            for i in range(records):
                f.seek(sector + i * (page_size + 8))
                number = f.read(4)
                if len(number) < 4:
                    return None
                if _u32(number) == 1:
                    page, check = f.read(page_size), f.read(4)
                    if len(page) < page_size or len(check) < 4:
                        return None
                    total = nonce + sum(page[j] for j in range(page_size - 200, 0, -200))
                    return page if total % 2**32 == _u32(check) else None
    except OSError:
        return None
    return None


def is_foreign(path: Path) -> bool:
    """The hot journal beside `path` is positively another file's (see the module doc)."""
    journal = Path(str(path) + "-journal")
    if not journal.is_file():
        return False
    image = page_one_image(journal)
    if image is None:
        return False
    try:
        with open(path, "rb") as f:
            head = f.read(100)
    except OSError:
        return False
    if len(head) < 100:
        return False
    if image[16:18] != head[16:18] or image[68:72] != head[68:72] or \
            image[60:64] != head[60:64]:
        return True                          # page size, application or file id differ
    return (_u32(head[24:28]) - _u32(image[24:28])) % 2**32 not in (0, 1)


def set_aside(path: Path) -> Path | None:
    """Rename another file's journal beside `path` out of SQLite's way (its new path), or
    None when the journal there is not positively another file's."""
    if not is_foreign(path):
        return None
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-%f")
    target = path.with_name(f"{path.name}.not-its-journal-{stamp}")
    try:
        os.replace(str(path) + "-journal", target)
    except OSError:
        return None
    return target


def new_file_id() -> int:
    """A random non-zero id for `PRAGMA user_version` (a signed 32-bit field)."""
    return secrets.randbelow(2**31 - 1) + 1
