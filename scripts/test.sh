#!/usr/bin/env bash
# Builds everything and runs the whole test suite (what CI runs).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/setup.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"
