"""What an image file is and how big it decodes, from its first bytes alone.

A picture comes from outside (a forum map, a phone photo, a game file someone sent): its
size is checked here before anything decodes it, so a 20,000 × 20,000 image or a file that
only claims to be one is refused by name and never allocated. PNG and JPEG only — what
phones, scanners and forums give, and what the game file stores.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

from engine.i18n import msg

__all__ = ["ImageRefused", "ImageInfo", "image_info", "read_image_file", "MAX_IMAGE_BYTES",
           "MAX_SIDE_PX", "MAX_PIXELS"]

#: The largest image file read (a 50-megapixel phone JPEG is ~25 MB).
MAX_IMAGE_BYTES = 64 * 2**20
#: The longest side and the most pixels an image may decode to (a 108-megapixel phone
#: photo is 12,000 × 9,000); decoded as 8-bit colour that is ~330 MB at most.
MAX_SIDE_PX = 16_384
MAX_PIXELS = 110_000_000

_PNG = b"\x89PNG\r\n\x1a\n"
_JPEG = b"\xff\xd8\xff"
#: JPEG markers that start a frame and carry its size (SOF0–SOF15 but DHT, JPG, DAC).
_SOF = frozenset({0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE,
                  0xCF})


class ImageRefused(ValueError):
    """An image that is not read; the message says why (a `Text`)."""


@dataclass(frozen=True, slots=True)
class ImageInfo:
    """An image's format ("png" | "jpeg") and the size it decodes to, in pixels."""

    fmt: str
    width: int
    height: int


def image_info(data: bytes) -> ImageInfo:
    """The format and size of a whole PNG or JPEG file, checked against the limits; a
    file of another kind, cut short, or too big is refused (ImageRefused)."""
    if len(data) > MAX_IMAGE_BYTES:
        raise ImageRefused(msg("the image file is {mb:.0f} MB, more than {cap} MB",
                               mb=len(data) / 2**20, cap=MAX_IMAGE_BYTES // 2**20))
    if data.startswith(_PNG):
        info = _png(data)
    elif data.startswith(_JPEG):
        info = _jpeg(data)
    else:
        raise ImageRefused(msg("not a PNG or JPEG image"))
    if info.width < 1 or info.height < 1:
        raise ImageRefused(msg("the image says it is {w} × {h} pixels", w=info.width,
                               h=info.height))
    if max(info.width, info.height) > MAX_SIDE_PX or info.width * info.height > MAX_PIXELS:
        raise ImageRefused(msg("the image is {w} × {h} pixels, more than {side} on a side "
                               "or {mp} megapixels", w=info.width, h=info.height,
                               side=MAX_SIDE_PX, mp=MAX_PIXELS // 1_000_000))
    return info


def _png(data: bytes) -> ImageInfo:
    if len(data) < 33 or data[12:16] != b"IHDR":
        raise ImageRefused(msg("a damaged PNG image (no header)"))
    width, height = struct.unpack(">II", data[16:24])
    if b"IEND" not in data[-16:]:
        raise ImageRefused(msg("a PNG image cut short (it has no end)"))
    return ImageInfo("png", width, height)


def _jpeg(data: bytes) -> ImageInfo:
    """Walk the JPEG's segments to its frame header (SOF), which holds the size."""
    i, n = 2, len(data)
    size = None
    scan = -1
    while i + 4 <= n:
        if data[i] != 0xFF:
            raise ImageRefused(msg("a damaged JPEG image (bad segment at byte {at})", at=i))
        marker = data[i + 1]
        if marker == 0xFF:                      # fill byte
            i += 1
            continue
        if marker == 0x01 or 0xD0 <= marker <= 0xD7:  # segments without a length
            i += 2
            continue
        if marker in (0xD9, 0xDA):              # the end, or the first scan's data
            scan = i if marker == 0xDA else -1
            break
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        if marker in _SOF and i + 9 <= n:
            height, width = struct.unpack(">HH", data[i + 5:i + 9])
            size = (width, height)
        i += 2 + length
    if size is None:
        raise ImageRefused(msg("a damaged JPEG image (no frame header)"))
    # the end marker cannot occur inside the coded data (a 0xFF there is always followed by
    # 0x00 or a restart marker), so it is searched from the first scan on: phones that
    # append their own records after it are read, a file cut short is not
    if scan < 0 or data.find(b"\xff\xd9", scan) < 0:
        raise ImageRefused(msg("a JPEG image cut short (it has no end)"))
    return ImageInfo("jpeg", *size)


def read_image_file(path) -> bytes:
    """An image file's bytes, read only if it is a regular file within the size limit
    (ImageRefused saying why not), and checked by `image_info`."""
    from engine.safe_json import NotARegularFile, read_regular

    try:
        data = read_regular(path, MAX_IMAGE_BYTES)
    except FileNotFoundError:
        raise ImageRefused(msg("no such file")) from None
    except IsADirectoryError:
        raise ImageRefused(msg("is a folder, not an image")) from None
    except NotARegularFile:
        raise ImageRefused(msg("not a regular file (a pipe, device or socket)")) from None
    except OSError as e:
        raise ImageRefused(msg("cannot be read ({why})", why=e.strerror or str(e))) from None
    image_info(data)
    return data
