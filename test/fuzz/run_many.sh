#!/usr/bin/env bash
# A fuzz campaign: N random functions, in translation units of 20, each
# generated, compiled with build/bin/tangent-clang++ -O1 -ffp-contract=off
# and run (niced), then a summary. Every function gets a random strategy
# (the options of its request, [[tangent::checkpoint]] on some loops); see
# test/fuzz/README.md.
#
#   test/fuzz/run_many.sh [-b build] [-o outdir] [-s first_seed] [-f per_unit]
#                         [-d feature,feature] [-j jobs] [-O level] [-r] N
#
#   -b  build directory with bin/tangent-clang++ and bin/tangent_fuzz_gen
#       (default: build/ of this checkout)
#   -o  where sources, logs and results.tsv go (default: <build>/fuzz-campaign)
#   -s  seed of the first unit (default 1000; unit i uses seed s + i)
#   -f  functions per unit (default 20)
#   -d  generator features to disable (tangent_fuzz_gen --list-features)
#   -j  units compiled and run at once (default 1; at most 2 on 2 cores)
#   -O  optimization level of the compiles (default 1: -O1)
#   -r  rewrite mode: also run every unit that ran through
#       <build>/bin/tangent-rewrite on a copy, compile that with the plain
#       clang++-19 (same flags, runtime/include), run it, and require each
#       function's DIGEST line (the bits of every value, gradient and other
#       result the harness computed) to be the plugin build's
#
# A unit that tangent refuses is compiled again without the refused
# functions (the errors' lines name them; tangent_fuzz_gen --skip), so one
# refusal costs one more compile. A unit that does not compile otherwise,
# that crashes or hangs, or whose refusal is in a helper, is retried
# function by function (--only k), so every failure is attributed to its
# function. results.tsv has one row per function: seed, function, status
# (ok, wrong, unchecked, refused, compile-error, compiler-crash, crash,
# timeout), points checked, skipped (nonfinite, huge, branch, fd), wrong, a
# detail, the strategy, the kinds of wrong results (value, memory,
# bitwise, fd, pullback, jvp, hvp, jacobian, budget, exception, probe, size;
# all kinds the function showed, comma-separated) and the points compared
# bitwise with the fully taped gradient, under memory budgets what the
# loops chose (full_tape:N,binomial:N,...) and the largest peak/bound
# (budget-peak), and the request besides grad (jvp, hvp, jacobian,
# pullback; empty for grad alone). units.tsv has one row per compile:
# seed, functions, compile and run CPU seconds (GNU time), outcome. With -r,
# rewrite.tsv has one row per function: seed, function, outcome (same,
# differs, missing, rewrite-error, compile-error), detail.
# Exit status: 0 when no function failed (nor differed in rewrite mode).
set -u

here=$(cd "$(dirname "$0")" && pwd)
build=$here/../../build
out=
first=1000
per=20
disable=
jobs=1
opt=1
rewrite=0
usage() { sed -n '2,43p' "$0" >&2; exit 2; }
while getopts "b:o:s:f:d:j:O:r" opt_name; do
  case $opt_name in
  b) build=$OPTARG ;;
  o) out=$OPTARG ;;
  s) first=$OPTARG ;;
  f) per=$OPTARG ;;
  d) disable=$OPTARG ;;
  j) jobs=$OPTARG ;;
  O) opt=$OPTARG ;;
  r) rewrite=1 ;;
  *) usage ;;
  esac
done
shift $((OPTIND - 1))
if [ $# -ne 1 ] || ! [ "$1" -gt 0 ] 2>/dev/null; then
  usage
fi
total=$1
build=$(cd "$build" && pwd)
out=${out:-$build/fuzz-campaign}
gen=$build/bin/tangent_fuzz_gen
cxx=$build/bin/tangent-clang++
rewriter=$build/bin/tangent-rewrite
plain=${TANGENT_FUZZ_PLAIN_CXX:-clang++-19}
tools=("$gen" "$cxx")
[ "$rewrite" = 1 ] && tools+=("$rewriter")
for tool in "${tools[@]}"; do
  [ -x "$tool" ] || { echo "run_many.sh: $tool not found (build first)" >&2; exit 2; }
done
if [ "$rewrite" = 1 ] && ! command -v "$plain" >/dev/null; then
  echo "run_many.sh: $plain not found (rewrite mode compiles with it)" >&2
  exit 2
fi
mkdir -p "$out"
results=$out/results.tsv
rm -f "$out"/unit_*.tsv "$out"/unit_*.times "$out"/unit_*.rw
# -ffp-contract=off: values and gradients are compared bitwise (see
# run_fuzz.cmake).
flags=("-O$opt" -ffp-contract=off -D_GLIBCXX_ASSERTIONS -Wall -Wno-unused-variable
       -Wno-unused-but-set-variable -Wno-self-assign "-I$here")
gen_extra=()
[ -n "$disable" ] && gen_extra=(--disable "$disable")

# The timer of compiles and runs: GNU time writes user + system seconds to a
# file; without it, none are measured.
if [ -x /usr/bin/time ]; then
  timer=(/usr/bin/time -q -f '%U %S' -o)
else
  timer=(sh -c 'shift; exec "$@"' sh)
fi
cpu_seconds() {
  awk '/^[0-9.]+ [0-9.]+$/ { s = $1 + $2 } END { printf "%.1f", s + 0 }' "$1" 2>/dev/null || echo 0
}

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

# refused_functions SRC LOG: for each `error: tangent:` located in SRC, the
# function it is in: `f07<TAB>message` for a checked function (also its taped
# twin), `helper<TAB>message` for a helper or the struct.
refused_functions() {
  awk -v src="$1" '
    FNR == NR {
      text[FNR] = $0
      if (match($0, /^[a-zA-Z:<> ]+ [fhg][0-9][0-9](_rows)?\(/)) {
        name = substr($0, RSTART, RLENGTH - 1); sub(/.* /, "", name)
        sub(/_rows$/, "", name)
        owner[FNR] = name
      } else if ($0 ~ /^namespace pts/) owner[FNR] = "helper"
      else if ($0 ~ /^int main/) owner[FNR] = "main"
      else owner[FNR] = ""
      next
    }
    index($0, src ":") == 1 && /error: tangent:/ {
      split(substr($0, length(src) + 2), pos, ":")
      line = pos[1] + 0
      f = ""
      for (l = line; l > 0; --l) if (owner[l] != "") { f = owner[l]; break }
      if (f == "main") {
        # At a request (an error of the request itself, or an internal
        # error while differentiating it): the function it requests.
        f = ""
        if (match(text[line], /(grad|jvp|hvp|jacobian)<(taped::)?f[0-9][0-9]/)) {
          f = substr(text[line], RSTART, RLENGTH); sub(/.*f/, "f", f)
        }
      }
      if (f == "" || f ~ /^[hg]/) f = "helper"
      msg = $0; sub(/.*error: tangent: /, "", msg)
      print f "\t" substr(msg, 1, 200)
    }' "$1" "$2"
}

# record SEED LOG TSV: one row per function result line of a run log.
record() {
  awk -v seed="$1" '
    /^WRONG / {
      match($0, /function=[^ ]+/); f = substr($0, RSTART + 9, RLENGTH - 9)
      if (!(f in why)) { w = $0; sub(/^[^:]*: /, "", w); why[f] = w }
      if (match($0, /kind=[^:]+/)) {
        k = substr($0, RSTART + 5, RLENGTH - 5)
        if (index("," kind[f] ",", "," k ",") == 0)
          kind[f] = kind[f] (kind[f] == "" ? "" : ",") k
      }
    }
    /^f[0-9]+: checked / {
      f = $1; sub(/:$/, "", f)
      line = $0; gsub(/[()]/, "", line); split(line, a, " ")
      checked = a[3]; skipped = a[5]; nonfinite = a[7]; huge = a[9]
      branch = a[11]; fd = a[13]; wrong = a[15]; bitwise = a[17]
      strategy = ""; if (match($0, /strategy=[^ ]+/)) strategy = substr($0, RSTART + 9, RLENGTH - 9)
      loops = ""; if (match($0, /loops=[^ ]+/)) loops = substr($0, RSTART + 6, RLENGTH - 6)
      if (match($0, / peak=[^ ]+/)) loops = loops (loops == "" ? "" : ",") substr($0, RSTART + 1, RLENGTH - 1)
      request = ""; if (match($0, /request=[^ ]+/)) request = substr($0, RSTART + 8, RLENGTH - 8)
      status = wrong > 0 ? "wrong" : (checked > 0 ? "ok" : "unchecked")
      printf "%s\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%s\t%s\t%d\t%s\t%s\n", seed, f,
        status, checked, skipped, nonfinite, huge, branch, fd, wrong, why[f],
        strategy, kind[f], bitwise, loops, request
    }' "$2" >>"$3"
}

# failed TSV SEED FUNCTION STATUS DETAIL: a row for a function with no result.
failed() {
  printf '%s\t%s\t%s\t0\t0\t0\t0\t0\t0\t0\t%s\t\t\t0\t\t\n' "$2" "$3" "$4" "$5" >>"$1"
}

# rewrite_unit SEED NAME SRC LOG RW: rewrite mode. Runs tangent-rewrite on a
# copy of SRC, compiles it with the plain compiler, runs it, and appends to
# RW one row per DIGEST line of LOG (the plugin build's run): the function's
# outcome, same when the rewritten build printed the same digest.
rewrite_unit() {
  local seed=$1 name=$2 src=$3 log=$4 rw=$5
  local dir=$out/rewrite_$name
  rm -rf "$dir"
  mkdir -p "$dir"
  cp "$src" "$dir/$name.cpp"
  local outcome="" detail=""
  if ! timeout 900 nice "$rewriter" "$dir/$name.cpp" -- -std=c++20 "-I$here" \
      -D_GLIBCXX_ASSERTIONS >"$dir/rewrite.log" 2>&1; then
    outcome=rewrite-error
    detail=$(grep -m1 'error' "$dir/rewrite.log" | sed "s|^$dir/||" | cut -c1-200)
  elif ! timeout 900 nice "$plain" -std=c++20 "-I$here/../../runtime/include" \
      "${flags[@]}" -Wno-unknown-attributes "$dir/$name.cpp" -o "$dir/exe" \
      >"$dir/compile.log" 2>&1; then
    outcome=compile-error
    detail=$(grep -m1 'error' "$dir/compile.log" | sed "s|^$dir/||" | cut -c1-200)
  else
    timeout 600 nice "$dir/exe" >"$dir/run.log" 2>&1
    rm -f "$dir/exe"
  fi
  touch "$dir/run.log"
  awk -v seed="$seed" -v outcome="$outcome" -v detail="$detail" '
    FILENAME == ARGV[1] { if ($1 == "DIGEST") mine[$2] = $3; next }
    $1 == "DIGEST" {
      o = outcome; d = detail
      if (o == "") {
        if (!($2 in mine)) { o = "missing"; d = "no DIGEST line in the rewritten build (crash?)" }
        else if (mine[$2] == $3) o = "same"
        else { o = "differs"; d = "digest " mine[$2] " instead of " $3 }
      }
      printf "%s\t%s\t%s\t%s\n", seed, $2, o, d
    }' "$dir/run.log" "$log" >>"$rw" 2>/dev/null
  # Kept only when something differs.
  if [ -z "$outcome" ] && ! awk -F'\t' -v seed="$seed" \
      '$1 == seed && ($3 == "differs" || $3 == "missing") { f = 1 } END { exit !f }' "$rw"; then
    rm -rf "$dir"
  fi
}

# compile_and_run SEED COUNT TSV TIMES ONLY SKIP: generate, compile, run one
# unit (ONLY: one function, or ""; SKIP: functions left out, or ""). Sets
# unit_status: ok (rows recorded) or refused / compile-error /
# compiler-crash / crash / timeout, with unit_detail; unit_log, unit_src.
compile_and_run() {
  local seed=$1 count=$2 tsv=$3 times=$4 only=$5 skip=$6
  local name=fuzz_$seed${only:+_f$only}${skip:+_skip}
  local nf=$count
  [ -n "$only" ] && nf=1
  unit_src=$out/$name.cpp
  local exe=$out/$name
  local args=(--seed "$seed" --functions "$count" "${gen_extra[@]}")
  [ -n "$only" ] && args+=(--only "$only")
  [ -n "$skip" ] && args+=(--skip "$skip")
  "$gen" "${args[@]}" -o "$unit_src" || { echo "generator failed: seed $seed" >&2; exit 2; }
  unit_log=$out/$name.compile.log
  # CPU seconds (user + system) of the compile and of the run: wall time
  # depends on what else the machine runs.
  local cpu=$out/$name.cpu
  if ! timeout 900 nice "${timer[@]}" "$cpu" "$cxx" "${flags[@]}" "$unit_src" -o "$exe" >"$unit_log" 2>&1; then
    unit_status=$(classify_compile "$unit_log")
    unit_detail=$(grep -m1 'error' "$unit_log" | sed "s|^$out/||" | cut -c1-200)
    printf '%s\t%s\t%s\t0\t%s\n' "$seed" "$nf" "$(cpu_seconds "$cpu")" "$unit_status" >>"$times"
    rm -f "$cpu"
    return
  fi
  local compile_cpu
  compile_cpu=$(cpu_seconds "$cpu")
  timeout 600 nice "${timer[@]}" "$cpu" "$exe" >"$out/$name.log" 2>&1
  local rc=$?
  printf '%s\t%s\t%s\t%s\t' "$seed" "$nf" "$compile_cpu" "$(cpu_seconds "$cpu")" >>"$times"
  rm -f "$cpu"
  rm -f "$exe"
  record "$seed" "$out/$name.log" "$tsv"
  if [ "$rewrite" = 1 ] && grep -q '^SUMMARY' "$out/$name.log"; then
    rewrite_unit "$seed" "$name" "$unit_src" "$out/$name.log" "${tsv%.tsv}.rw"
  fi
  if [ $rc -eq 124 ]; then
    unit_status=timeout
    unit_detail="no result after 600 s"
  elif [ $rc -ne 0 ] && ! grep -q '^SUMMARY' "$out/$name.log"; then
    unit_status=crash
    unit_detail=$( (grep -m1 '^CRASH' "$out/$name.log" || echo "exit status $rc") | cut -c1-200)
  else
    unit_status=ok
    [ $rc -eq 0 ] && rm -f "$unit_src" "$unit_log"
  fi
  echo "$unit_status" >>"$times"
}

# run_unit U: unit number U of the campaign, into unit_U.tsv; prints one line.
run_unit() {
  local u=$1
  local seed=$((first + u))
  local count=$((total - u * per < per ? total - u * per : per))
  local tsv=$out/unit_$u.tsv times=$out/unit_$u.times
  : >"$tsv"
  : >"$times"
  : >"${tsv%.tsv}.rw"
  local skip="" note=""
  local round
  for round in 1 2 3 4 5; do
    compile_and_run "$seed" "$count" "$tsv" "$times" "" "$skip"
    [ "$unit_status" = ok ] && break
    # Refused (or crashed after located refusals): leave the functions out.
    if [ "$unit_status" = refused ] || [ "$unit_status" = compiler-crash ]; then
      local refusals
      refusals=$(refused_functions "$unit_src" "$unit_log" | sort -u)
      if [ -n "$refusals" ] && ! grep -q '^helper' <<<"$refusals"; then
        # Record each refused function once (its first message), then
        # compile the rest again.
        local f msg
        while IFS=$'\t' read -r f msg; do
          grep -q "^$seed	$f	" "$tsv" && continue
          failed "$tsv" "$seed" "$f" "$unit_status" "$msg"
          skip=${skip:+$skip,}$((10#${f#f}))
        done <<<"$refusals"
        note="$note $unit_status:$(cut -f1 <<<"$refusals" | sort -u | tr '\n' ',' | sed 's/,$//')"
        continue
      fi
    fi
    break
  done
  if [ "$unit_status" = ok ]; then
    echo "[$((u + 1))/$units] seed $seed:$note $(tail -n1 "$out/fuzz_$seed${skip:+_skip}.log" | cut -c9-)"
    return
  fi
  echo "[$((u + 1))/$units] seed $seed:$note $unit_status ($unit_detail); retrying function by function"
  local k
  for ((k = 0; k < count; ++k)); do
    local f
    f=$(printf 'f%02d' "$k")
    grep -q "^$seed	$f	" "$tsv" && continue
    compile_and_run "$seed" "$count" "$tsv" "$times" "$k" ""
    grep -q "^$seed	$f	" "$tsv" && [ "$unit_status" = ok ] && continue
    if grep -q 'error: tangent:' "$unit_log" 2>/dev/null; then
      unit_detail=$(grep -m1 'error: tangent:' "$unit_log" | sed 's/.*error: tangent: //' | cut -c1-200)
    fi
    grep -q "^$seed	$f	" "$tsv" || failed "$tsv" "$seed" "$f" "$unit_status" "$unit_detail"
    echo "  $f: $unit_status: $unit_detail"
  done
}

units=$(((total + per - 1) / per))
start=$(date +%s)
running=0
for ((u = 0; u < units; ++u)); do
  if [ "$jobs" -le 1 ]; then
    run_unit "$u"
    continue
  fi
  run_unit "$u" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n
    running=$((running - 1))
  fi
done
wait
elapsed=$(($(date +%s) - start))
: >"$results"
: >"$out/units.tsv"
: >"$out/rewrite.tsv"
for ((u = 0; u < units; ++u)); do
  cat "$out/unit_$u.tsv" >>"$results"
  cat "$out/unit_$u.times" >>"$out/units.tsv"
  cat "$out/unit_$u.rw" >>"$out/rewrite.tsv"
  rm -f "$out/unit_$u.tsv" "$out/unit_$u.times" "$out/unit_$u.rw"
done
[ "$rewrite" = 1 ] || rm -f "$out/rewrite.tsv"

rewrite_file=
[ "$rewrite" = 1 ] && rewrite_file=$out/rewrite.tsv
awk -F'\t' -v elapsed="$elapsed" -v out="$out" -v jobs="$jobs" -v rewrite="$rewrite" \
    -v units="$out/units.tsv" -v rwfile="$rewrite_file" '
  FILENAME == units {
    # units.tsv: compile and run times of the full units (not retries).
    if ($2 > 1) { compile += $3; run += $4; unitsfull++; unitfunctions += $2 }
    if ($4 > 60) slow[++nslow] = "seed " $1 " (" $2 " function(s)): " $4 " s CPU, " $5
    next
  }
  FILENAME == rwfile {
    # rewrite.tsv: the rewritten build against the plugin build.
    rw[$3]++
    if ($3 != "same") rwbad[++nrwbad] = $1 " " $2 " rewrite " $3 ": " $4
    next
  }
  { n++; status[$3]++; checked += $4; skipped += $5; nonfinite += $6
    huge += $7; branch += $8; fd += $9; wrong += $10; bitwise += $14
    if ($12 != "") strategies[$12]++
    requests[$16 == "" ? "grad" : $16]++
    nl = split($15, ls, ",")
    for (i = 1; i <= nl; ++i) {
      if (ls[i] ~ /^peak=/) continue
      split(ls[i], kv, ":"); loops[kv[1]] += kv[2]
    }
    if ($3 == "wrong") {
      nk = split($13, ks, ","); for (i = 1; i <= nk; ++i) kinds[ks[i]]++
      wrongby[$12]++
      wrongreq[$16 == "" ? "grad" : $16]++
    }
    if ($3 == "refused") {
      m = $11; gsub(/\047[^\047]*\047/, "\047.\047", m); refusal[m]++
    }
    if ($3 != "ok" && $3 != "unchecked")
      bad[++nbad] = $1 " " $2 " " $3 (($12 != "") ? " [" $12 ($13 != "" ? " " $13 : "") "]" : "") ": " $11 }
  END {
    printf "\nfuzz campaign: %d functions in %d s with %d job(s) (logs: %s)\n", n, elapsed, jobs, out
    if (unitfunctions > 0)
      printf "  per function: %.2f s compile, %.2f s run, CPU time (%d units compiled whole)\n",
        compile / unitfunctions, run / unitfunctions, unitsfull
    printf "  functions checked (>= 1 point):  %d\n", status["ok"] + status["wrong"]
    printf "  functions with no checkable point: %d\n", status["unchecked"]
    printf "  points checked: %d, skipped: %d (nonfinite %d, huge %d, branch %d, fd %d)\n",
      checked, skipped, nonfinite, huge, branch, fd
    printf "  points compared bitwise with the fully taped gradient: %d\n", bitwise
    line = ""; for (s in strategies) line = line " " s " " strategies[s]; print "  strategies:" line
    line = ""; for (s in requests) line = line " " s " " requests[s]; print "  requests:" line
    line = ""; for (l in loops) line = line " " l " " loops[l]
    if (line != "") print "  loops run under memory budgets, by what they chose:" line
    printf "  WRONG RESULTS: %d points in %d functions\n", wrong, status["wrong"]
    if (status["wrong"] > 0) {
      line = ""; for (k in kinds) line = line " " k " " kinds[k]; print "    functions by kind of wrong result:" line
      line = ""; for (s in wrongby) line = line " " s " " wrongby[s]; print "    by strategy:" line
      line = ""; for (s in wrongreq) line = line " " s " " wrongreq[s]; print "    by request:" line
    }
    printf "  compile failures: %d refused by tangent (located errors), %d compile errors, %d compiler crashes\n",
      status["refused"], status["compile-error"], status["compiler-crash"]
    for (m in refusal) printf "    refused %d x: %s\n", refusal[m], m
    printf "  crashes: %d, timeouts: %d\n", status["crash"], status["timeout"]
    for (i = 1; i <= nslow; ++i) print "  slow run: " slow[i]
    if (rewrite) {
      line = ""; for (o in rw) line = line " " o " " rw[o]
      print "  rewrite mode (tangent-rewrite, plain clang++), functions by outcome:" line
    }
    for (i = 1; i <= nbad; ++i) print "  " bad[i]
    for (i = 1; i <= nrwbad; ++i) print "  " rwbad[i]
    exit nbad + nrwbad > 0 ? 1 : 0
  }' "$out/units.tsv" "$results" $rewrite_file
