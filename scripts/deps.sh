#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages the game needs, only when some are missing.
#   scripts/deps.sh build   -> what compiling and running the game needs
#   scripts/deps.sh test    -> the same plus a virtual X server and a software
#                              Vulkan driver for the windowed smoke test
#   scripts/deps.sh window  -> the test packages plus a small window manager
#                              and xdotool, for scripts/window-memory-check.sh
#                              only (the tests in test.sh do not need them)
#   scripts/deps.sh mold    -> the build packages plus mold, to try it as the
#                              linker (`mold -run cargo ...`, see README.md)
set -euo pipefail

packages=(pkg-config libasound2-dev libudev-dev libwayland-dev libxkbcommon-dev)
case "${1:-build}" in
build) ;;
test) packages+=(xvfb xauth mesa-vulkan-drivers libvulkan1) ;;
window) packages+=(xvfb xauth mesa-vulkan-drivers libvulkan1 openbox xdotool x11-utils) ;;
mold) packages+=(mold) ;;
*) echo "usage: scripts/deps.sh [build|test|window|mold]" >&2; exit 2 ;;
esac

if ! command -v cargo >/dev/null 2>&1; then
    echo "error: cargo is not installed. Install Rust first: https://rustup.rs" >&2
    exit 1
fi

if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "note: not a Debian/Ubuntu system; make sure these are installed: ${packages[*]}" >&2
    exit 0
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "error: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
fi
echo "Installing system packages: ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
