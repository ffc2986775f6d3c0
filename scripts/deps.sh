#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages the game needs, only when some are missing.
#   scripts/deps.sh build   -> what compiling and running the game needs
#   scripts/deps.sh test    -> the same plus a virtual X server and a software
#                              Vulkan driver for the windowed smoke test
set -euo pipefail

packages=(pkg-config libasound2-dev libudev-dev libwayland-dev libxkbcommon-dev)
if [ "${1:-build}" = test ]; then
    packages+=(xvfb xauth mesa-vulkan-drivers libvulkan1)
fi

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
