#!/usr/bin/env bash
# Builds and starts the game. Installs the system packages it needs first.
set -euo pipefail
cd "$(dirname "$0")"
scripts/deps.sh build
echo "Building the game (the first build compiles the Bevy engine: 10-30 minutes on a small machine)..."
exec cargo run --locked --bin gomoku -- "$@"
