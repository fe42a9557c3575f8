#!/usr/bin/env bash
# Qt needs a few system libraries (GL, EGL, fontconfig, xkbcommon; xcb ones for a real
# window). On Debian as root, install whatever is missing; elsewhere just say what failed.
set -u
py=${1:-python3}
probe() { QT_QPA_PLATFORM=offscreen "$py" -c 'from PySide6.QtWidgets import QApplication; QApplication([])' >/dev/null 2>&1; }
probe && exit 0
pkgs="libgl1 libegl1 libfontconfig1 libxkbcommon0 libdbus-1-3 libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0 libxcb-render-util0 libxcb-xinerama0 libxcb-xkb1 libxcb-shape0"
if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $pkgs >/dev/null
fi
probe || { echo "Qt cannot start: install the system packages: $pkgs" >&2; exit 1; }
