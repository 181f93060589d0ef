#!/bin/sh
# The light path (docs/api.md, "Include cost"): a unit with plain and
# checkpointed requests that includes <tangent/grad.hpp>, compiled with the
# plugin, reads no header of the schedules, spilling, snapshots, threads or
# the umbrella, and none of the heavy standard headers the light runtime
# headers avoid. Fails (1) naming the first such header.
#
#   check_light_includes.sh <tangent-clang++> <source> [<flag>...]
set -u
compiler=${1:?usage: check_light_includes.sh <tangent-clang++> <source>}
source=${2:?usage: check_light_includes.sh <tangent-clang++> <source>}
shift 2
headers=$("$compiler" -fsyntax-only -H "$@" "$source" 2>&1 >/dev/null) || {
  echo "check_light_includes.sh: $source does not compile:"
  echo "$headers"
  exit 2
}
heavy=$(echo "$headers" | grep -E \
  'tangent/(tangent|schedules|snapshots|spill|checkpoint|openmp)\.hpp|tangent/schedule/|/c\+\+/[0-9]+/(thread|mutex|condition_variable|filesystem|random|functional|memory|map)$' |
  head -n 1)
if [ -n "$heavy" ]; then
  echo "check_light_includes.sh: $source reads a heavy header:$heavy"
  exit 1
fi
echo "check_light_includes.sh: $source reads only light headers"
