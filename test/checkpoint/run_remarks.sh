#!/bin/sh
# The remarks test: every loop of every requested function gets one remark
# with its strategy and reason, at its line.
#
#   run_remarks.sh <compiler> <file.cpp> [compiler arguments...]
#
# Runs `<compiler> -fsyntax-only -fplugin-arg-tangent-remarks [arguments...]
# <file.cpp>`. Each line of <file.cpp> that ends in "// REMARK: <text>" must
# get exactly one remark "<file.cpp>:<line>:<column>: remark: tangent: <text>"
# (the text compared literally and completely), and no other line may get a
# tangent remark. Prints one PASS/FAIL line per expectation and
# "N passed, M failed"; exits non-zero on any failure.
set -u

if [ $# -lt 2 ]; then
  echo "usage: $0 <compiler> <file.cpp> [compiler arguments...]" >&2
  exit 2
fi
compiler=$1
file=$2
shift 2
name=$(basename "$file")

err=$(mktemp)
trap 'rm -f "$err"' EXIT
"$compiler" -fsyntax-only -fplugin-arg-tangent-remarks "$@" "$file" 2>"$err"
status=$?
if [ "$status" -ne 0 ]; then
  cat "$err"
  echo "FAIL $name: the compile failed ($status)"
  echo "0 passed, 1 failed"
  exit 1
fi

# Expected: "<line>\t<text>" per marker. Got: "<line>\t<text>" per remark.
awk -v name="$name" '
  FILENAME == ARGV[1] {
    if (match($0, /\/\/ REMARK: /)) {
      text = substr($0, RSTART + RLENGTH)
      sub(/[ \t]+$/, "", text)
      want[FNR] = text
      wanted++
    }
    next
  }
  {
    # [<dir>/]<name>:<line>:<col>: remark: tangent: <text>
    line = $0
    marker = ": remark: tangent: "
    at = index(line, marker)
    if (at == 0)
      next
    where = substr(line, 1, at - 1)
    text = substr(line, at + length(marker))
    n = split(where, part, ":")
    if (n < 3)
      next
    file = part[1]
    for (i = 2; i <= n - 2; i++)
      file = file ":" part[i]
    sub(/.*\//, "", file)
    if (file != name)
      next
    ln = part[n - 1] + 0
    count[ln]++
    got[ln, count[ln]] = text
  }
  END {
    passed = 0
    failed = 0
    for (ln in want) {
      if (count[ln] == 1 && got[ln, 1] == want[ln]) {
        printf "PASS %s:%d: %s\n", name, ln, want[ln]
        passed++
      } else {
        printf "FAIL %s:%d: expected remark: %s\n", name, ln, want[ln]
        if (count[ln] == 0)
          printf "     got no remark on this line\n"
        for (k = 1; k <= count[ln]; k++)
          printf "     got: %s\n", got[ln, k]
        failed++
      }
    }
    for (ln in count) {
      if (ln in want)
        continue
      for (k = 1; k <= count[ln]; k++)
        printf "FAIL %s:%d: unexpected remark: %s\n", name, ln, got[ln, k]
      failed++
    }
    if (wanted == 0) {
      printf "FAIL %s: no REMARK markers\n", name
      failed++
    }
    printf "%d passed, %d failed\n", passed, failed
    exit failed > 0 ? 1 : 0
  }
' "$file" "$err"
