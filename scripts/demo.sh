#!/usr/bin/env bash
# The main job: differentiate a sample with the plugin and print the
# gradient, its finite-difference check and the tape memory. Builds only what
# the demo needs (the plugin, build/bin/tangent-clang++ and the demo program,
# target tangent_demo); scripts/test.sh builds everything.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [[ ! -f build/lib/TangentPlugin.so ]]; then
  echo "tangent: first build of the plugin: about 5 minutes on 2 idle cores" \
       "(seconds when ccache already holds it); later runs take seconds."
fi
scripts/setup.sh tangent_demo
build/demo/rollout
echo "generated code: build/demo/rollout.cpp.tangent.cpp"
