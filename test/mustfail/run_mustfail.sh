#!/bin/sh
# Runs one must-fail test.
#
#   run_mustfail.sh <compiler> <file.cpp> [compiler arguments...]
#
# <file.cpp> marks exactly one line with a trailing comment
# "// TANGENT-ERROR: <substring>". The test passes only if
# `<compiler> -fsyntax-only [arguments...] <file.cpp>` exits non-zero AND its
# standard error holds a diagnostic "<file.cpp>:<that line>:<column>: error: "
# whose text contains both "tangent:" and <substring>.
#
# If <file.cpp> names the macro TANGENT_FIXED, it also holds the rewrite that
# the refusal suggests:
#
#   #ifdef TANGENT_FIXED
#   <the suggested rewrite>
#   #else
#   <the refused code, with the marker>
#   #endif
#
# (or #ifndef TANGENT_FIXED around code the rewrite removes). The test then
# also requires that
# `<compiler> -fsyntax-only -DTANGENT_FIXED [arguments...] <file.cpp>` exits
# with status 0 and prints no "error:". With TANGENT_MUSTFAIL_REQUIRE_FIXED=1
# in the environment (as ctest runs the files of this directory), a file
# without TANGENT_FIXED fails.
set -u

if [ $# -lt 2 ]; then
  echo "usage: $0 <compiler> <file.cpp> [compiler arguments...]" >&2
  exit 2
fi
compiler=$1
file=$2
shift 2
name=$(basename "$file")

marks=$(grep -c 'TANGENT-ERROR:' "$file")
if [ "$marks" -ne 1 ]; then
  echo "FAIL $name: expected exactly one TANGENT-ERROR marker, found $marks"
  exit 2
fi
line=$(grep -n 'TANGENT-ERROR:' "$file" | cut -d: -f1)
want=$(sed -n "${line}s/.*TANGENT-ERROR:[[:space:]]*//p" "$file" |
  sed 's/[[:space:]]*$//')
if [ -z "$want" ]; then
  echo "FAIL $name: the TANGENT-ERROR marker on line $line has no text"
  exit 2
fi

out=$(mktemp)
err=$(mktemp)
fixed=$(mktemp)
trap 'rm -f "$out" "$err" "$fixed"' EXIT
"$compiler" -fsyntax-only "$@" "$file" >"$out" 2>"$err"
status=$?
cat "$out" "$err"

expected="$name:$line:<column>: error: ...tangent: ...$want"
if [ "$status" -eq 0 ]; then
  echo "FAIL $name: compiled without error; expected $expected"
  exit 1
fi
# A line of stderr: [<dir>/]<name>:<line>:<col>: error: <text>, where <text>
# contains "tangent:" and the expected substring (compared literally).
if ! awk -v prefix="$name:$line:" -v want="$want" '
  {
    p = index($0, prefix)
    if (p == 0) next
    if (p > 1 && substr($0, p - 1, 1) != "/") next
    rest = substr($0, p + length(prefix))
    if (rest !~ /^[0-9]+: error: /) next
    sub(/^[0-9]+: error: /, "", rest)
    if (index(rest, "tangent:") > 0 && index(rest, want) > 0) found = 1
  }
  END { exit found ? 0 : 1 }' "$err"; then
  echo "FAIL $name: exit status $status but no diagnostic $expected"
  exit 1
fi

if ! grep -q 'TANGENT_FIXED' "$file"; then
  if [ "${TANGENT_MUSTFAIL_REQUIRE_FIXED:-0}" = 1 ]; then
    echo "FAIL $name: refused at line $line, but the file holds no" \
      "TANGENT_FIXED rewrite (add the code the message suggests under" \
      "#ifdef TANGENT_FIXED)"
    exit 1
  fi
  echo "PASS $name: refused at line $line: $want"
  exit 0
fi

# The suggested rewrite must be accepted.
"$compiler" -fsyntax-only -DTANGENT_FIXED "$@" "$file" >"$fixed" 2>&1
status=$?
if [ "$status" -eq 0 ] && ! grep -q 'error:' "$fixed"; then
  echo "PASS $name: refused at line $line: $want; the suggested rewrite is accepted"
  exit 0
fi
echo "-- with -DTANGENT_FIXED:"
cat "$fixed"
echo "FAIL $name: refused at line $line, but the suggested rewrite" \
  "(-DTANGENT_FIXED) was not accepted (exit status $status)"
exit 1
