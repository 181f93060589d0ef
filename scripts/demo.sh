#!/usr/bin/env bash
# The main job: differentiate a sample with the plugin and print the
# gradient, its finite-difference check and the tape memory.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/setup.sh
mkdir -p build/demo
build/bin/tangent-clang++ -O2 samples/demo/rollout.cpp -o build/demo/rollout \
  -fplugin-arg-tangent-dump-dir=build/demo
build/demo/rollout
echo "generated code: build/demo/rollout.cpp.tangent.cpp"
