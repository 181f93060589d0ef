#!/usr/bin/env bash
# A fuzz campaign: N random functions, in translation units of 20, each
# generated, compiled with build/bin/tangent-clang++ -O1 and run one after
# the other (niced), then a summary. See test/fuzz/README.md.
#
#   test/fuzz/run_many.sh [-b build] [-o outdir] [-s first_seed] [-f per_unit]
#                         [-d feature,feature] N
#
#   -b  build directory with bin/tangent-clang++ and bin/tangent_fuzz_gen
#       (default: build/ of this checkout)
#   -o  where sources, logs and results.tsv go (default: <build>/fuzz-campaign)
#   -s  seed of the first unit (default 1000; unit i uses seed s + i)
#   -f  functions per unit (default 20)
#   -d  generator features to disable (tangent_fuzz_gen --list-features)
#
# A unit that does not compile, crashes or hangs is retried function by
# function (--only k), so every failure is attributed to its function.
# results.tsv has one row per function: seed, function, status (ok, wrong,
# unchecked, refused, compile-error, compiler-crash, crash, timeout),
# points checked, skipped (nonfinite, huge, branch, fd), wrong, and a detail.
# Exit status: 0 when no function failed.
set -u

here=$(cd "$(dirname "$0")" && pwd)
build=$here/../../build
out=
first=1000
per=20
disable=
while getopts "b:o:s:f:d:" opt; do
  case $opt in
  b) build=$OPTARG ;;
  o) out=$OPTARG ;;
  s) first=$OPTARG ;;
  f) per=$OPTARG ;;
  d) disable=$OPTARG ;;
  *) sed -n '2,22p' "$0" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
if [ $# -ne 1 ] || ! [ "$1" -gt 0 ] 2>/dev/null; then
  sed -n '2,22p' "$0" >&2
  exit 2
fi
total=$1
build=$(cd "$build" && pwd)
out=${out:-$build/fuzz-campaign}
gen=$build/bin/tangent_fuzz_gen
cxx=$build/bin/tangent-clang++
for tool in "$gen" "$cxx"; do
  [ -x "$tool" ] || { echo "run_many.sh: $tool not found (build first)" >&2; exit 2; }
done
mkdir -p "$out"
results=$out/results.tsv
: >"$results"
flags=(-O1 -D_GLIBCXX_ASSERTIONS -Wall -Wno-unused-variable -Wno-unused-but-set-variable
       -Wno-self-assign "-I$here")
gen_extra=()
[ -n "$disable" ] && gen_extra=(--disable "$disable")

# classify_compile LOG: refused / compiler-crash / compile-error
classify_compile() {
  if grep -q -e 'PLEASE submit a bug report' -e 'Stack dump' "$1"; then
    echo compiler-crash
  elif grep -q 'error: tangent' "$1"; then
    echo refused
  else
    echo compile-error
  fi
}

# record SEED LOG: one row per function result line of a run log; prints the
# names of the functions it recorded.
record() {
  awk -v seed="$1" '
    /^WRONG / {
      match($0, /function=[^ ]+/); f = substr($0, RSTART + 9, RLENGTH - 9)
      if (!(f in why)) { w = $0; sub(/^[^:]*: /, "", w); why[f] = w }
    }
    /^f[0-9]+: checked / {
      f = $1; sub(/:$/, "", f)
      gsub(/[()]/, "")
      checked = $3; skipped = $5; nonfinite = $7; huge = $9; branch = $11
      fd = $13; wrong = $15
      status = wrong > 0 ? "wrong" : (checked > 0 ? "ok" : "unchecked")
      printf "%s\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s\n", seed, f, status,
        checked, skipped, nonfinite, huge, branch, fd, wrong, why[f] \
        >> "'"$results"'"
      print f
    }' "$2"
}

# run_unit SEED COUNT [ONLY]: generate, compile, run; returns 0 when the run
# ended normally (the rows are recorded), 1 otherwise.
run_unit() {
  local seed=$1 count=$2 only=${3:-}
  local name=fuzz_$seed${only:+_f$only}
  local src=$out/$name.cpp exe=$out/$name
  local args=(--seed "$seed" --functions "$count" "${gen_extra[@]}")
  [ -n "$only" ] && args+=(--only "$only")
  "$gen" "${args[@]}" -o "$src" || { echo "generator failed: seed $seed" >&2; exit 2; }
  if ! timeout 900 nice "$cxx" "${flags[@]}" "$src" -o "$exe" >"$out/$name.compile.log" 2>&1; then
    unit_status=$(classify_compile "$out/$name.compile.log")
    unit_detail=$(grep -m1 'error' "$out/$name.compile.log" | cut -c1-200)
    return 1
  fi
  timeout 300 nice "$exe" >"$out/$name.log" 2>&1
  local rc=$?
  if [ $rc -eq 124 ]; then
    unit_status=timeout
    unit_detail="no result after 300 s"
  elif [ $rc -ne 0 ] && ! grep -q '^SUMMARY' "$out/$name.log"; then
    unit_status=crash
    unit_detail=$( (grep -m1 '^CRASH' "$out/$name.log" || echo "exit status $rc") | cut -c1-200)
  else
    recorded=$(record "$seed" "$out/$name.log")
    rm -f "$exe"
    [ $rc -eq 0 ] && rm -f "$out/$name.cpp" "$out/$name.compile.log"
    return 0
  fi
  recorded=$(record "$seed" "$out/$name.log")
  return 1
}

units=$(( (total + per - 1) / per ))
start=$(date +%s)
for ((u = 0; u < units; ++u)); do
  seed=$((first + u))
  count=$(( total - u * per < per ? total - u * per : per ))
  recorded=
  if run_unit "$seed" "$count"; then
    echo "[$((u + 1))/$units] seed $seed: $(tail -n1 "$out/fuzz_$seed.log" | cut -c9-)"
    continue
  fi
  echo "[$((u + 1))/$units] seed $seed: $unit_status ($unit_detail); retrying function by function"
  done_list=" $(echo $recorded) "
  for ((k = 0; k < count; ++k)); do
    f=$(printf 'f%02d' "$k")
    case $done_list in *" $f "*) continue ;; esac
    recorded=
    if ! run_unit "$seed" "$count" "$k"; then
      case " $(echo $recorded) " in *" $f "*) continue ;; esac
      printf '%s\t%s\t%s\t0\t0\t0\t0\t0\t0\t0\t%s\n' "$seed" "$f" \
        "$unit_status" "$unit_detail" >>"$results"
      echo "  $f: $unit_status: $unit_detail"
    fi
  done
done
elapsed=$(( $(date +%s) - start ))

awk -F'\t' -v elapsed="$elapsed" -v out="$out" '
  { n++; status[$3]++; checked += $4; skipped += $5; nonfinite += $6
    huge += $7; branch += $8; fd += $9; wrong += $10
    if ($3 != "ok" && $3 != "unchecked") bad[++nbad] = $1 " " $2 " " $3 ": " $11 }
  END {
    printf "\nfuzz campaign: %d functions in %d s (logs: %s)\n", n, elapsed, out
    printf "  functions checked (>= 1 point):  %d\n", status["ok"] + status["wrong"]
    printf "  functions with no checkable point: %d\n", status["unchecked"]
    printf "  points checked: %d, skipped: %d (nonfinite %d, huge %d, branch %d, fd %d)\n",
      checked, skipped, nonfinite, huge, branch, fd
    printf "  wrong gradients: %d points in %d functions\n", wrong, status["wrong"]
    printf "  compile failures: %d refused, %d compile errors, %d compiler crashes\n",
      status["refused"], status["compile-error"], status["compiler-crash"]
    printf "  crashes: %d, timeouts: %d\n", status["crash"], status["timeout"]
    for (i = 1; i <= nbad; ++i) print "  " bad[i]
    exit nbad > 0 ? 1 : 0
  }' "$results"
