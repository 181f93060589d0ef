#!/usr/bin/env bash
# Installs what tangent needs from Debian (when run as root), configures
# build/ and builds the given targets (none given: everything). Run by
# demo.sh (the plugin, the tools and the demo) and test.sh (everything);
# safe to run on its own:
#
#   scripts/setup.sh                       # every target
#   scripts/setup.sh TangentPlugin tangent_demo
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

packages=(clang-19 libclang-19-dev libclang-rt-19-dev llvm-19-dev libgtest-dev
          libbenchmark-dev nlohmann-json3-dev cmake ninja-build g++-12 ccache
          clang-format-19 libomp-19-dev libopenmpi-dev openmpi-bin)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done
if ((${#missing[@]})); then
  if [[ $(id -u) -eq 0 ]]; then
    echo "tangent: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "tangent: missing packages. Run:" >&2
    echo "  sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

# ccache (the build's compiler launcher when installed) keys its cache on the
# compile commands; with the repository as base directory, the paths in them
# are relative, so another clone or a moved checkout reuses the same entries.
# The cache directory stays ccache's default.
export CCACHE_BASEDIR=$PWD

build_type=${TANGENT_BUILD_TYPE:-Release}
if [[ ! -f build/build.ninja ]]; then
  cmake -S . -B build -G Ninja -DCMAKE_CXX_COMPILER=clang++-19 \
    -DCMAKE_BUILD_TYPE="$build_type" >/dev/null
fi
if (($#)); then
  cmake --build build -j "$(nproc)" --target "$@"
else
  cmake --build build -j "$(nproc)"
fi
