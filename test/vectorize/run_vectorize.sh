#!/bin/sh
# Checks that the reverse sweep of a benchmark workload vectorizes: every
# innermost reversed loop of its generated adjoint (reverse_loops.awk) gets
# no "loop not vectorized" remark from clang's loop vectorizer, and at least
# MIN of them are vectorized (the others become memset or are unrolled).
#
#   run_vectorize.sh <tangent-clang++> <source dir> <work dir> <w2|w4> <MIN>
#
# The adjoint is dumped (-fplugin-arg-tangent-dump-dir) from the workload's
# translation unit with one request (benchmarks/workloads/tu_<w>.cpp), then
# compiled on its own at -O2 with -Rpass=loop-vectorize and line tables, so
# that the remarks point at lines of the dump.
set -eu
tc=$1 src=$2 work=$3 w=$4 min=$5
here=$(dirname "$0")
rm -rf "$work"
mkdir -p "$work"
"$tc" -O2 -DNDEBUG -DONE_REQUEST -I "$src/benchmarks/workloads" \
  -c "$src/benchmarks/workloads/tu_$w.cpp" -o "$work/tu.o" \
  -fplugin-arg-tangent-dump-dir="$work/dump"
dump="$work/dump/tu_$w.cpp.tangent.cpp"
# A TU that emits every generated function (each is inline).
{
  printf '#include "workloads.hpp"\n#include "%s"\nvoid *keep[] = {\n' "$dump"
  grep -oE '^inline [^(]* [a-z0-9_]+\(' "$dump" |
    sed -E 's/.* ([a-z0-9_]+)\($/  (void *)\&tangent::generated::\1,/'
  echo '};'
} >"$work/emit.cpp"
"$tc" -O2 -DNDEBUG -gline-tables-only -I "$src/benchmarks/workloads" \
  -Rpass=loop-vectorize -Rpass-missed=loop-vectorize \
  -c "$work/emit.cpp" -o "$work/emit.o" 2>"$work/remarks.txt"
awk -f "$here/reverse_loops.awk" "$dump" | sort -n >"$work/loops.txt"
vectorized=0 failed=0
while read -r line; do
  at="tu_$w.cpp.tangent.cpp:$line:"
  if grep -F "$at" "$work/remarks.txt" | grep -q "loop not vectorized"; then
    echo "FAIL: not vectorized: line $line: $(sed -n "${line}p" "$dump" | sed 's/^ *//')"
    failed=1
  elif grep -F "$at" "$work/remarks.txt" | grep -q "vectorized loop"; then
    vectorized=$((vectorized + 1))
  fi
done <"$work/loops.txt"
total=$(wc -l <"$work/loops.txt")
echo "$w: $total innermost reversed loops, $vectorized vectorized (at least $min expected)"
if [ "$vectorized" -lt "$min" ]; then
  echo "FAIL: fewer vectorized reversed loops than $min"
  failed=1
fi
exit $failed
