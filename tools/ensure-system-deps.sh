#!/usr/bin/env bash
# System packages Warboard needs beyond PyPI: the libraries Qt loads (GL, EGL, fontconfig,
# xkbcommon; xcb ones for a real window), poppler-utils (pdftotext/pdftoppm, which the
# card tests read printed PDFs with) and librsvg2-bin (rsvg-convert, which the picture
# tests draw exported SVGs with: a renderer other than Qt's). On Debian as root, install
# what is missing; elsewhere say what is missing and fail.
set -u
py=${1:-python3}
qt_ok() { QT_QPA_PLATFORM=offscreen "$py" -c 'from PySide6.QtWidgets import QApplication; QApplication([])' >/dev/null 2>&1; }
missing=""
qt_ok || missing="$missing libgl1 libegl1 libfontconfig1 libxkbcommon0 libdbus-1-3 libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0 libxcb-render-util0 libxcb-xinerama0 libxcb-xkb1 libxcb-shape0"
command -v pdftotext >/dev/null || missing="$missing poppler-utils"
command -v rsvg-convert >/dev/null || missing="$missing librsvg2-bin"
[ -z "$missing" ] && exit 0
if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
fi
qt_ok || { echo "Qt cannot start: install the system packages:$missing" >&2; exit 1; }
command -v pdftotext >/dev/null || { echo "pdftotext missing: install poppler-utils" >&2; exit 1; }
command -v rsvg-convert >/dev/null || { echo "rsvg-convert missing: install librsvg2-bin" >&2; exit 1; }
