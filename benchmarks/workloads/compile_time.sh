#!/usr/bin/env bash
# compile_time.sh BUILD_DIR [REPS]
#
# Compile cost of the tangent plugin (docs/benchmarks.md): for each
# workload's translation unit (tu_w1.cpp .. tu_w4.cpp) times
#   plain    clang++ -std=c++20 -O2 -c, without the plugin, with -DNO_REQUEST
#            (the gradient requests left out, so it compiles without plugin);
#   no req.  the plugin wrapper BUILD_DIR/bin/tangent-clang++ -O2 -c with
#            -DNO_REQUEST: the plugin's cost on a file without requests;
#   1 req.   the plugin wrapper -O2 -c with -DONE_REQUEST: one request (full
#            tape), as docs/benchmarks.md describes;
#   plugin   the plugin wrapper -O2 -c with all requests (full tape and
#            checkpointed);
# REPS times each (default 5), interleaved, after one warm-up compile, and
# prints the medians and the ratio plugin / plain. Then the same for the
# field's objectives (benchmarks/objectives/tu_objective.cpp, one
# -DOBJECTIVE_<name> each), whose single request is the "1 req." and "all"
# configuration both. Needs the plugin built
# (cmake --build BUILD_DIR --target TangentPlugin).
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 ]]; then
  echo "usage: $0 BUILD_DIR [REPS]" >&2
  exit 2
fi
build=$(cd "$1" && pwd)
reps=${2:-5}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
wrapper=$build/bin/tangent-clang++
plugin=$build/lib/TangentPlugin.so

if [[ ! -x $wrapper ]]; then
  echo "$0: no $wrapper: configure the project into $build first" >&2
  exit 1
fi
if [[ ! -f $plugin ]]; then
  echo "$0: no $plugin: cmake --build $build --target TangentPlugin" >&2
  exit 1
fi
# The compiler the wrapper runs, so that both sides use the same one.
cxx=$(sed -n 's/^exec "\([^"]*\)".*/\1/p' "$wrapper")
cxx=${cxx:-clang++-19}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# compile NAME CMD...: runs CMD, prints its wall time in ms; on failure
# prints "failed" and shows the compiler's messages on stderr.
compile() {
  local name=$1 start end
  shift
  start=$(date +%s%N)
  if ! "$@" >"$tmp/$name.log" 2>&1; then
    echo "$0: failed: $*" >&2
    head -n 20 "$tmp/$name.log" >&2
    echo failed
    return
  fi
  end=$(date +%s%N)
  echo $(((end - start) / 1000000))
}

median() {
  sort -n | awk '{ v[NR] = $1 } END {
    if (NR == 0) print "failed";
    else if (NR % 2) print v[(NR + 1) / 2];
    else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

command_for() { # CONFIG TU: sets cmd to the compile command
  local tu=$here/$2.cpp out=$tmp/$1-$2.o extra=()
  if [[ $2 == objective_* ]]; then # tu_objective.cpp for one objective
    tu=$root/benchmarks/objectives/tu_objective.cpp
    extra=("-DOBJECTIVE_${2#objective_}" "-I$root/benchmarks/objectives")
  fi
  case $1 in
  plain) cmd=("$cxx" -std=c++20 -O2 "-I$root/runtime/include" "${extra[@]}" -DNO_REQUEST -c "$tu" -o "$out") ;;
  noreq) cmd=("$wrapper" -O2 "${extra[@]}" -DNO_REQUEST -c "$tu" -o "$out") ;;
  one) cmd=("$wrapper" -O2 "${extra[@]}" -DONE_REQUEST -c "$tu" -o "$out") ;;
  plugin) cmd=("$wrapper" -O2 "${extra[@]}" -c "$tu" -o "$out") ;;
  esac
}

status=0
printf 'compile time of the workload translation units (median of %d, ms)\n' "$reps"
printf 'compiler: %s; plugin: %s\n' "$cxx" "$plugin"
printf '%-16s %10s %16s %14s %14s %12s %12s\n' "TU" "plain" "plugin, no req." "plugin, 1 req." "plugin, all" "1 / plain" "all / plain"
objectives=(gmm ba lstm ht llsq lse det ode kmeans)
for tu in tu_w1 tu_w2 tu_w3 tu_w4 "${objectives[@]/#/objective_}"; do
  configs=(plain noreq one plugin)
  [[ $tu != objective_* ]] || configs=(plain noreq one) # one request only
  for c in "${configs[@]}"; do
    : >"$tmp/$c.times"
    command_for "$c" "$tu"
    compile "$c" "${cmd[@]}" >/dev/null # warm-up
  done
  for ((r = 0; r < reps; ++r)); do
    for c in "${configs[@]}"; do
      command_for "$c" "$tu"
      t=$(compile "$c" "${cmd[@]}")
      [[ $t == failed ]] || echo "$t" >>"$tmp/$c.times"
    done
  done
  plain=$(median <"$tmp/plain.times")
  noreq=$(median <"$tmp/noreq.times")
  one=$(median <"$tmp/one.times")
  full=$one
  [[ $tu == objective_* ]] || full=$(median <"$tmp/plugin.times")
  if [[ $plain == failed || $full == failed || $one == failed ]]; then
    ratio=-
    ratio1=-
    status=1
  else
    ratio=$(awk -v a="$full" -v b="$plain" 'BEGIN { printf "%.2f", a / b }')
    ratio1=$(awk -v a="$one" -v b="$plain" 'BEGIN { printf "%.2f", a / b }')
  fi
  [[ $noreq != failed ]] || status=1
  printf '%-16s %10s %16s %14s %14s %12s %12s\n' "$tu" "$plain" "$noreq" "$one" "$full" "$ratio1" "$ratio"
done
exit $status
