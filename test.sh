#!/usr/bin/env bash
# Runs every test: the engine's rules/AI/format tests, the game's headless
# tests, and a smoke test that opens a real window under a virtual X server
# (software Vulkan) and checks the screenshot it takes.
# Installs the system packages it needs first.
set -euo pipefail
cd "$(dirname "$0")"
scripts/deps.sh test
export CARGO_INCREMENTAL=0
cargo test --locked --workspace
