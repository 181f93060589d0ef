#!/usr/bin/env bash
# The main job: differentiate a sample with the plugin and print the
# gradient, its finite-difference check and the tape memory. Builds only what
# the demo and the README's "Using it" need (target tangent_demo: the plugin,
# build/bin/tangent-clang++, build/bin/tangent-rewrite and the demo program);
# scripts/test.sh builds everything.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [[ ! -f build/lib/TangentPlugin.so || ! -f build/bin/tangent-rewrite ]]; then
  echo "tangent: first build of the plugin and tools: about 6 minutes on 2 idle cores" \
       "(seconds when ccache already holds it); later runs take seconds."
fi
scripts/setup.sh tangent_demo
build/demo/rollout
echo "generated code: build/demo/rollout.cpp.tangent.cpp"
