#!/usr/bin/env bash
# Installs what tangent needs from Debian (when run as root) and configures
# and builds build/. Sourced by demo.sh and test.sh; safe to run on its own.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

packages=(clang-19 libclang-19-dev libclang-rt-19-dev llvm-19-dev libgtest-dev
          libbenchmark-dev nlohmann-json3-dev cmake ninja-build g++-12 ccache)
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

build_type=${TANGENT_BUILD_TYPE:-Release}
if [[ ! -f build/build.ninja ]]; then
  cmake -S . -B build -G Ninja -DCMAKE_CXX_COMPILER=clang++-19 \
    -DCMAKE_BUILD_TYPE="$build_type" >/dev/null
fi
cmake --build build -j "$(nproc)"
