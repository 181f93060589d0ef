#!/usr/bin/env bash
# Builds everything and runs the whole test suite (what CI runs).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [[ ! -f build/build.ninja ]]; then
  echo "tangent: first build and test run: about an hour on 2 idle cores."
fi
scripts/setup.sh
# The plugin-compiled test programs do not go through ccache; the base
# directory still matters for the nested projects that the tests build.
export CCACHE_BASEDIR=$PWD
ctest --test-dir build --output-on-failure -j "$(nproc)"
