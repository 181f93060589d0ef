#!/bin/bash
# Tests of tangent-rewrite. One case per ctest test:
#
#   rewrite_test.sh <case>
#
# with the environment (set by CMakeLists.txt):
#   TOOL      build/bin/tangent-rewrite
#   WRAPPER   build/bin/tangent-clang++ (plugin mode)
#   RUNTIME   runtime/include
#   INPUTS    test/rewrite/inputs (never modified: each case works on copies)
#   WORK      a scratch directory for this case (emptied first)
#   GXX       g++-12 (or another C++20 compiler that is not Clang + plugin)
#   CMAKE     cmake, to validate the JSON report (validate_report.cmake)
#   VALIDATOR test/rewrite/validate_report.cmake
#   E2E       test/e2e (read only)
set -u

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# run <expected status> <command...>: runs it, keeps stdout/stderr in
# $WORK/out and $WORK/err, and checks the exit status.
run() {
  local expected=$1
  shift
  echo "+ $*" >&2
  "$@" >"$WORK/out" 2>"$WORK/err"
  local status=$?
  cat "$WORK/err" >&2
  if [ "$status" != "$expected" ]; then
    cat "$WORK/out" >&2
    fail "exit status $status, expected $expected: $*"
  fi
}

contains() { grep -qF -- "$2" "$1" || fail "'$1' does not contain '$2'"; }
lacks() { ! grep -qF -- "$2" "$1" || fail "'$1' contains '$2'"; }
same() { cmp -s "$1" "$2" || fail "'$1' and '$2' differ"; }
differ() { ! cmp -s "$1" "$2" || fail "'$1' and '$2' are identical"; }
count() { grep -cF -- "$2" "$1" || true; }

BEGIN_MARK='// ---- tangent: generated adjoints (do not edit) ----'
END_MARK='// ---- tangent: end of generated adjoints ----'

# Compiles with the plain compiler (no plugin) and runs: output in $1.
plain_build_run() {
  local out=$1
  shift
  run 0 "$GXX" -std=c++20 -Wall -I"$RUNTIME" "$@" -o "$WORK/plain.exe"
  run 0 "$WORK/plain.exe"
  cp "$WORK/out" "$out"
}
# Compiles with the plugin and runs: output in $1.
plugin_build_run() {
  local out=$1
  shift
  run 0 "$WRAPPER" -Wall "$@" -o "$WORK/plugin.exe"
  run 0 "$WORK/plugin.exe"
  cp "$WORK/out" "$out"
}

setup() {
  rm -rf "$WORK"
  mkdir -p "$WORK/src" "$WORK/orig"
  cp -R "$INPUTS/." "$WORK/src/"
  cp -R "$INPUTS/." "$WORK/orig/"
  cd "$WORK/src" || fail "cd $WORK/src"
}

# A compile_commands.json for the given files of $WORK/src.
database() {
  local dir=$1
  shift
  {
    echo "["
    local sep=""
    for f in "$@"; do
      printf '%s  {"directory": "%s", "file": "%s", "arguments": ["clang++-19", "-std=c++20", "-I%s", "-c", "%s", "-o", "%s.o"]}' \
        "$sep" "$WORK/src" "$f" "$WORK/src" "$f" "$f"
      sep=$',\n'
    done
    echo
    echo "]"
  } >"$dir/compile_commands.json"
}

case_idempotent() {
  setup
  run 0 "$TOOL" single.cpp
  contains single.cpp "$BEGIN_MARK"
  contains single.cpp "$END_MARK"
  [ "$(count single.cpp "$BEGIN_MARK")" = 1 ] || fail "one region expected"
  contains single.cpp "// tangent: block adjoint<&sim::loss"
  cp single.cpp "$WORK/first.cpp"
  run 0 "$TOOL" single.cpp
  same single.cpp "$WORK/first.cpp"
  contains "$WORK/err" "up to date"
  run 0 "$TOOL" single.cpp
  same single.cpp "$WORK/first.cpp"
  # Stripping gives back the original exactly.
  begin_line=$(grep -nF "$BEGIN_MARK" single.cpp | cut -d: -f1)
  head -n $((begin_line - 2)) single.cpp >"$WORK/stripped.cpp"
  same "$WORK/stripped.cpp" "$WORK/orig/single.cpp"
}

case_forward() {
  setup
  run 0 "$TOOL" forward.cpp
  contains forward.cpp "template <> struct adjoint<&energy"
  contains forward.cpp "template <> struct tangent_linear<&energy"
  contains forward.cpp "template <> struct second_order<&energy"
  contains forward.cpp "template <> struct tangent_linear<&forces"
  cp forward.cpp "$WORK/first.cpp"
  run 0 "$TOOL" forward.cpp
  same forward.cpp "$WORK/first.cpp"
  contains "$WORK/err" "up to date"
  plain_build_run "$WORK/plain.txt" forward.cpp
  plugin_build_run "$WORK/plugin.txt" forward.cpp
  same "$WORK/plain.txt" "$WORK/plugin.txt"
}

case_trailing_conditional() {
  setup
  lacks trailing_conditional.cpp "$BEGIN_MARK"
  run 0 "$TOOL" trailing_conditional.cpp
  contains trailing_conditional.cpp "// tangent: block adjoint<&sq"
  cp trailing_conditional.cpp "$WORK/first.cpp"
  run 0 "$TOOL" trailing_conditional.cpp
  same trailing_conditional.cpp "$WORK/first.cpp"
  run 0 "$GXX" -std=c++20 -I"$RUNTIME" trailing_conditional.cpp -o "$WORK/tc"
  run 0 "$WORK/tc"
}

case_regenerate() {
  setup
  run 0 "$TOOL" single.cpp
  cp single.cpp "$WORK/first.cpp"
  # Edit f: its block is regenerated (new hash), still one region.
  sed -i 's|s += v \* v + std::sin(x\[i\]) \* c; // EDIT-ME|s += v * v * c + std::cos(x[i]); // EDITED|' single.cpp
  contains single.cpp "// EDITED"
  run 0 "$TOOL" single.cpp
  differ single.cpp "$WORK/first.cpp"
  [ "$(count single.cpp "$BEGIN_MARK")" = 1 ] || fail "one region expected"
  [ "$(count single.cpp "template <> struct adjoint<&sim::loss")" = 1 ] ||
    fail "one specialization expected"
  lacks single.cpp "$(grep -F 'source_hash =' "$WORK/first.cpp")"
  cp single.cpp "$WORK/second.cpp"
  run 0 "$TOOL" single.cpp
  same single.cpp "$WORK/second.cpp"
  # The new block computes the new gradient (checked by finite differences).
  plain_build_run "$WORK/plain.txt" single.cpp
  plugin_build_run "$WORK/plugin.txt" single.cpp
  same "$WORK/plain.txt" "$WORK/plugin.txt"
}

case_remove_request() {
  setup
  run 0 "$TOOL" single.cpp
  contains single.cpp "$BEGIN_MARK"
  # Remove the request: the block goes, and the file is exactly the
  # original without those lines.
  sed -i '/\/\/ REQUEST$/d' single.cpp
  run 0 "$TOOL" single.cpp
  lacks single.cpp "$BEGIN_MARK"
  lacks single.cpp "tangent::generated"
  sed '/\/\/ REQUEST$/d' "$WORK/orig/single.cpp" >"$WORK/expected.cpp"
  same single.cpp "$WORK/expected.cpp"
}

case_plain_compiler() {
  setup
  plugin_build_run "$WORK/plugin.txt" "$WORK/orig/single.cpp"
  run 0 "$TOOL" single.cpp
  plain_build_run "$WORK/plain.txt" single.cpp
  same "$WORK/plain.txt" "$WORK/plugin.txt"
  contains "$WORK/plain.txt" "loss "
  # Without the rewrite the plain compiler refuses, with the plugin's advice.
  run 1 "$GXX" -std=c++20 -I"$RUNTIME" -fsyntax-only "$WORK/orig/single.cpp"
  contains "$WORK/err" "needs the tangent plugin"
}

case_plugin_already_bound() {
  setup
  plugin_build_run "$WORK/plugin-original.txt" "$WORK/orig/single.cpp"
  run 0 "$TOOL" single.cpp
  # The plugin finds the up-to-date blocks and generates nothing: no dump
  # file, no redefinition, same gradient.
  mkdir -p "$WORK/dump"
  plugin_build_run "$WORK/plugin-rewritten.txt" \
    -fplugin-arg-tangent-dump-dir="$WORK/dump" single.cpp
  same "$WORK/plugin-rewritten.txt" "$WORK/plugin-original.txt"
  [ -z "$(ls -A "$WORK/dump")" ] || fail "the plugin generated code again"
  # A stale block is an error in plugin mode.
  sed -i 's|s += v \* v + std::sin(x\[i\]) \* c; // EDIT-ME|s += v * v * c; // EDITED|' single.cpp
  run 1 "$WRAPPER" -fsyntax-only single.cpp
  contains "$WORK/err" "stale"
}

case_check() {
  setup
  cp single.cpp "$WORK/before.cpp"
  run 1 "$TOOL" --check single.cpp
  contains "$WORK/err" "missing or out of date"
  same single.cpp "$WORK/before.cpp"
  run 0 "$TOOL" single.cpp
  cp single.cpp "$WORK/after.cpp"
  run 0 "$TOOL" --check single.cpp
  same single.cpp "$WORK/after.cpp"
  sed -i 's|std::sin(x\[i\]) \* c; // EDIT-ME|std::sin(x[i]) * c * c; // EDITED|' single.cpp
  cp single.cpp "$WORK/edited.cpp"
  run 1 "$TOOL" --check single.cpp
  same single.cpp "$WORK/edited.cpp"
  # A block whose request is gone is reported too.
  run 0 "$TOOL" single.cpp
  sed -i '/\/\/ REQUEST$/d' single.cpp
  run 1 "$TOOL" --check single.cpp
}

case_check_stamp() {
  # --check says which command updates the files, and with --stamp (for
  # build systems) writes a stamp and its dependency file when up to date.
  setup
  run 2 "$TOOL" --stamp "$WORK/s" single.cpp
  contains "$WORK/err" "--stamp needs --check"
  run 1 "$TOOL" --check --stamp="$WORK/s" use_a.cpp -- -I. -DNAME='"a b"'
  [ ! -e "$WORK/s" ] || fail "a stamp was written for out-of-date files"
  contains "$WORK/err" "to update them, run:"
  cmd=$(grep -A1 -F "to update them, run:" "$WORK/err" | tail -n 1)
  case "$cmd" in *--check*|*--stamp*) fail "the advice keeps --check: $cmd" ;; esac
  case "$cmd" in *" use_a.cpp -- -I. '-DNAME=\"a b\"'") ;;
    *) fail "the advice lost the compile flags: $cmd" ;; esac
  run 0 eval "$cmd"
  contains model.h "$BEGIN_MARK"
  run 0 "$TOOL" --check --stamp "$WORK/s" use_a.cpp -- -I. -DNAME='"a b"'
  [ -e "$WORK/s" ] || fail "no stamp"
  contains "$WORK/s.d" "$WORK/s:"
  contains "$WORK/s.d" "$WORK/src/use_a.cpp"
  contains "$WORK/src/model.h" "$BEGIN_MARK"
  contains "$WORK/s.d" "$WORK/src/model.h"
  contains "$WORK/s.d" "tangent/tangent.hpp"
  # Out of date again: the stamp goes.
  sed -i 's|return 0.5 \* d \* d;|return 0.25 * d * d;|' model.h
  contains model.h "0.25 * d * d"
  run 1 "$TOOL" --check --stamp "$WORK/s" use_a.cpp -- -I. -DNAME='"a b"'
  [ ! -e "$WORK/s" ] || fail "the stamp of an out-of-date check stayed"
}

case_dry_run() {
  setup
  cp single.cpp "$WORK/before.cpp"
  run 0 "$TOOL" --dry-run single.cpp
  same single.cpp "$WORK/before.cpp"
  contains "$WORK/out" "--- $WORK/src/single.cpp"
  contains "$WORK/out" "+++ $WORK/src/single.cpp"
  contains "$WORK/out" "@@ -"
  contains "$WORK/out" "+$BEGIN_MARK"
  cp "$WORK/out" "$WORK/change.diff"
  # The diff is the change the tool makes.
  run 0 "$TOOL" single.cpp
  cp single.cpp "$WORK/rewritten.cpp"
  if command -v patch >/dev/null; then
    cp "$WORK/before.cpp" "$WORK/patched.cpp"
    run 0 patch "$WORK/patched.cpp" "$WORK/change.diff"
    same "$WORK/patched.cpp" "$WORK/rewritten.cpp"
  fi
  run 0 "$TOOL" --dry-run single.cpp
  [ ! -s "$WORK/out" ] || fail "dry run of an up-to-date file printed a diff"
}

case_header_two_units() {
  setup
  run 0 "$TOOL" use_a.cpp use_b.cpp -- -I.
  # One block, in the header, inside its include guard; the units untouched.
  [ "$(count model.h "$BEGIN_MARK")" = 1 ] || fail "one region expected"
  [ "$(count model.h "template <> struct adjoint<&model::energy")" = 1 ] ||
    fail "one specialization expected"
  same use_a.cpp "$WORK/orig/use_a.cpp"
  same use_b.cpp "$WORK/orig/use_b.cpp"
  [ "$(tail -n 1 model.h)" = "#endif // TANGENT_TEST_MODEL_H" ] ||
    fail "the guard's #endif must stay last"
  end_line=$(grep -nF "$END_MARK" model.h | cut -d: -f1)
  endif_line=$(grep -n '^#endif // TANGENT_TEST_MODEL_H' model.h | cut -d: -f1)
  [ "$end_line" -lt "$endif_line" ] || fail "the region must be inside the guard"
  cp model.h "$WORK/model.first.h"
  # Idempotent, also when one unit is rewritten alone.
  run 0 "$TOOL" use_a.cpp use_b.cpp -- -I.
  same model.h "$WORK/model.first.h"
  run 0 "$TOOL" use_b.cpp -- -I.
  same model.h "$WORK/model.first.h"
  # Two units, one program: no duplicate symbols, gradients agree.
  run 0 "$GXX" -std=c++20 -Wall -I"$RUNTIME" -I. use_a.cpp use_b.cpp -o "$WORK/ab"
  run 0 "$WORK/ab"
  # The plugin sees the header's block and generates nothing.
  run 0 "$WRAPPER" -I. use_a.cpp use_b.cpp -o "$WORK/ab-plugin"
  run 0 "$WORK/ab-plugin"
  # A unit that includes the header without requesting f: the block stays
  # (other units need it), unless --prune.
  run 0 "$TOOL" model_user.cpp -- -I.
  same model.h "$WORK/model.first.h"
  contains "$WORK/err" "kept the block for adjoint<&model::energy"
  run 0 "$TOOL" --prune model_user.cpp -- -I.
  same model.h "$WORK/orig/model.h"
  # A #pragma once header gets its block at its end.
  run 0 "$TOOL" use_once.cpp -- -I.
  contains once.h "// tangent: block adjoint<&bump"
  [ "$(tail -n 1 once.h)" = "$END_MARK" ] || fail "the block ends once.h"
  same use_once.cpp "$WORK/orig/use_once.cpp"
  run 0 "$GXX" -std=c++20 -I"$RUNTIME" -I. use_once.cpp -o "$WORK/once"
  run 0 "$WORK/once"
}

case_outside_root() {
  setup
  cd proj || fail "cd proj"
  # Default root: the current directory (proj); ../ext is outside.
  run 0 "$TOOL" uses_ext.cpp -- -I../ext
  same ../ext/ext.h "$WORK/orig/ext/ext.h"
  contains uses_ext.cpp "// tangent: block adjoint<&ext::softplus"
  contains "$WORK/err" "outside the --root directories"
  run 0 "$GXX" -std=c++20 -I"$RUNTIME" -I../ext uses_ext.cpp -o "$WORK/ext.exe"
  run 0 "$WORK/ext.exe"
  # Explicit --root: the same.
  cp "$WORK/orig/proj/uses_ext.cpp" uses_ext.cpp
  run 0 "$TOOL" --root . uses_ext.cpp -- -I../ext
  same ../ext/ext.h "$WORK/orig/ext/ext.h"
  # A main file outside the roots: named on the command line, so it may be
  # written; its block goes to the header, which is under the root.
  run 0 "$TOOL" --root ../ext uses_ext.cpp -- -I../ext
  same uses_ext.cpp "$WORK/orig/proj/uses_ext.cpp"
  contains ../ext/ext.h "// tangent: block adjoint<&ext::softplus"
  cp "$WORK/orig/ext/ext.h" ../ext/ext.h
  # With the parent as root the header gets the block, and the main file's
  # block moves there.
  run 0 "$TOOL" --root .. uses_ext.cpp -- -I../ext
  contains ../ext/ext.h "// tangent: block adjoint<&ext::softplus"
  lacks uses_ext.cpp "$BEGIN_MARK"
  same uses_ext.cpp "$WORK/orig/proj/uses_ext.cpp"
}

case_explicit_outside_root() {
  # Files named on the command line are the user's choice: written even
  # outside --root, which then guards the headers only.
  setup
  mkdir -p "$WORK/elsewhere"
  run 0 "$TOOL" --root "$WORK/elsewhere" proj/uses_ext.cpp -- -Iext
  contains "$WORK/err" "outside the --root directories"
  contains proj/uses_ext.cpp "// tangent: block adjoint<&ext::softplus"
  same ext/ext.h "$WORK/orig/ext/ext.h"
  cp proj/uses_ext.cpp "$WORK/first.cpp"
  run 0 "$TOOL" --root "$WORK/elsewhere" --check proj/uses_ext.cpp -- -Iext
  run 0 "$TOOL" --root "$WORK/elsewhere" proj/uses_ext.cpp -- -Iext
  same proj/uses_ext.cpp "$WORK/first.cpp"
  run 0 "$GXX" -std=c++20 -I"$RUNTIME" -Iext proj/uses_ext.cpp -o "$WORK/ext.exe"
  run 0 "$WORK/ext.exe"
  # The same with the default root (the current directory).
  cp "$WORK/orig/proj/uses_ext.cpp" proj/uses_ext.cpp
  cd "$WORK/elsewhere" || fail "cd $WORK/elsewhere"
  run 0 "$TOOL" ../src/proj/uses_ext.cpp -- -I../src/ext
  same ../src/proj/uses_ext.cpp "$WORK/first.cpp"
  same ../src/ext/ext.h "$WORK/orig/ext/ext.h"
  # A header under no root stays unwritten: its block goes to the named
  # file; with -p too.
  cd "$WORK/src" || fail "cd $WORK/src"
  run 0 "$TOOL" --root "$WORK/elsewhere" use_a.cpp -- -I.
  same model.h "$WORK/orig/model.h"
  contains use_a.cpp "// tangent: block adjoint<&model::energy"
  cp "$WORK/orig/use_a.cpp" use_a.cpp
  mkdir -p "$WORK/build"
  database "$WORK/build" use_a.cpp use_b.cpp
  run 0 "$TOOL" -p "$WORK/build" --root "$WORK/elsewhere" use_b.cpp
  same model.h "$WORK/orig/model.h"
  same use_a.cpp "$WORK/orig/use_a.cpp"
  contains use_b.cpp "// tangent: block adjoint<&model::energy"
}

case_batch() {
  setup
  mkdir -p "$WORK/build"
  database "$WORK/build" single.cpp use_a.cpp use_b.cpp loops.cpp plain.cpp
  run 0 "$TOOL" -p "$WORK/build" -j 2 --report "$WORK/report.json"
  for k in 1 2 3 4 5; do contains "$WORK/err" "[$k/5] "; done
  contains "$WORK/err" "single.cpp"
  # [[tangent::checkpoint]] is registered in the tool too.
  lacks "$WORK/err" "unknown attribute"
  run 0 "$CMAKE" -DREPORT="$WORK/report.json" -DUNITS=5 -DREQUESTS=5 \
    -P "$VALIDATOR"
  [ "$(count model.h "template <> struct adjoint<&model::energy")" = 1 ] ||
    fail "one block in the header"
  same use_a.cpp "$WORK/orig/use_a.cpp"
  same plain.cpp "$WORK/orig/plain.cpp"
  contains single.cpp "$BEGIN_MARK"
  contains loops.cpp "adjoint<&sweep"
  for f in single.cpp model.h loops.cpp; do cp "$f" "$WORK/$f.first"; done
  run 0 "$TOOL" -p "$WORK/build" -j 2 --check --report "$WORK/check.json"
  run 0 "$CMAKE" -DREPORT="$WORK/check.json" -DUNITS=5 -DREQUESTS=5 \
    -P "$VALIDATOR"
  run 0 "$TOOL" -p "$WORK/build" -j 2
  for f in single.cpp model.h loops.cpp; do same "$f" "$WORK/$f.first"; done
  # Only the listed files of the database.
  run 0 "$TOOL" -p "$WORK/build" single.cpp --report "$WORK/one.json"
  run 0 "$CMAKE" -DREPORT="$WORK/one.json" -DUNITS=1 -DREQUESTS=1 \
    -P "$VALIDATOR"
  # The results compile without the plugin.
  run 0 "$GXX" -std=c++20 -I"$RUNTIME" loops.cpp -o "$WORK/loops.exe"
  run 0 "$WORK/loops.exe"
  run 0 "$GXX" -std=c++20 -I"$RUNTIME" -I. use_a.cpp use_b.cpp -o "$WORK/ab"
  run 0 "$WORK/ab"
  # A file that is not in the database.
  run 2 "$TOOL" -p "$WORK/build" refused.cpp
  contains "$WORK/err" "no compile command"
}

case_all_skipped() {
  # A batch in which every unit is outside --root processed nothing: exit 2,
  # and the report (always written when asked for) lists the skipped units
  # and why.
  setup
  mkdir -p "$WORK/build" "$WORK/elsewhere" "$WORK/outside"
  database "$WORK/build" single.cpp loops.cpp
  run 2 "$TOOL" -p "$WORK/build" --root "$WORK/elsewhere" \
    --report "$WORK/report.json"
  contains "$WORK/err" "no translation unit was processed"
  contains "$WORK/err" "--root"
  same single.cpp "$WORK/orig/single.cpp"
  same loops.cpp "$WORK/orig/loops.cpp"
  run 0 "$CMAKE" -DREPORT="$WORK/report.json" -DUNITS=0 -DSKIPPED=2 \
    -DEXPECT_OK=OFF -P "$VALIDATOR"
  contains "$WORK/report.json" "outside the --root directories"
  contains "$WORK/report.json" "$WORK/src/loops.cpp"
  # --check too: nothing checked is not "up to date".
  run 2 "$TOOL" -p "$WORK/build" --root "$WORK/elsewhere" --check
  # Some skipped: the others are processed, and the report lists the rest.
  cp single.cpp "$WORK/outside/other.cpp"
  # A stale entry (its file is gone) is skipped too.
  database "$WORK/build" single.cpp "$WORK/outside/other.cpp" gone.cpp
  run 0 "$TOOL" -p "$WORK/build" --report "$WORK/some.json"
  contains "$WORK/err" "skipping"
  contains single.cpp "$BEGIN_MARK"
  same "$WORK/outside/other.cpp" "$WORK/orig/single.cpp"
  run 0 "$CMAKE" -DREPORT="$WORK/some.json" -DUNITS=1 -DSKIPPED=2 \
    -P "$VALIDATOR"
  contains "$WORK/some.json" "$WORK/outside/other.cpp"
  contains "$WORK/some.json" "the file does not exist"
  # An empty database: nothing to process either.
  echo '[]' >"$WORK/build/compile_commands.json"
  run 2 "$TOOL" -p "$WORK/build" --report "$WORK/empty.json"
  contains "$WORK/err" "no entries"
  run 0 "$CMAKE" -DREPORT="$WORK/empty.json" -DUNITS=0 -DSKIPPED=0 \
    -DEXPECT_OK=OFF -P "$VALIDATOR"
}

case_e2e_corpus() {
  # Four programs of the end-to-end corpus (test/e2e: many requests,
  # callees, options, [[tangent::checkpoint]], objects with private fields
  # and member-function requests, custom rules of functions defined after
  # the requests), rewritten in one batch, then built by the plain compiler:
  # every gradient check in them must pass.
  setup
  mkdir -p "$WORK/e2e" "$WORK/build"
  cp "$E2E"/check.hpp "$E2E"/check_strategies.hpp "$E2E"/calls.cpp "$E2E"/options.cpp "$E2E"/objects.cpp \
    "$E2E"/custom_void.cpp "$WORK/e2e/"
  cd "$WORK/e2e" || fail "cd $WORK/e2e"
  {
    echo "["
    for f in calls options objects custom_void; do
      [ $f = calls ] || echo ","
      echo "  {\"directory\": \"$WORK/e2e\", \"file\": \"$f.cpp\", \"command\": \"clang++-19 -std=c++20 -O1 -c $f.cpp\"}"
    done
    echo "]"
  } >"$WORK/build/compile_commands.json"
  run 0 "$TOOL" -p "$WORK/build" -j 2
  for f in calls options objects custom_void; do
    contains $f.cpp "$BEGIN_MARK"
    run 0 "$GXX" -std=c++20 -O1 -I"$RUNTIME" $f.cpp -o "$WORK/$f.exe"
    run 0 "$WORK/$f.exe"
  done
  run 0 "$TOOL" -p "$WORK/build" -j 2 --check
}

case_bad_database() {
  setup
  cp single.cpp "$WORK/before.cpp"
  run 2 "$TOOL" -p "$WORK/missing-build"
  contains "$WORK/err" "compilation database"
  mkdir -p "$WORK/bad"
  echo '[{"directory": "x", "file": ' >"$WORK/bad/compile_commands.json"
  run 2 "$TOOL" -p "$WORK/bad" --report "$WORK/r.json"
  contains "$WORK/err" "cannot load the compilation database"
  [ ! -e "$WORK/r.json" ] || fail "a report was written"
  echo '{ "not": "a list" }' >"$WORK/bad/compile_commands.json"
  run 2 "$TOOL" -p "$WORK/bad"
  contains "$WORK/err" "compilation database"
  # A command whose directory does not exist: an error, not a crash.
  printf '[{"directory": "%s/nowhere", "file": "%s/single.cpp", "command": "c++ -c single.cpp"}]\n' \
    "$WORK" "$WORK/src" >"$WORK/bad/compile_commands.json"
  run 2 "$TOOL" -p "$WORK/bad"
  contains "$WORK/err" "does not exist"
  same single.cpp "$WORK/before.cpp"
  # -p and -- together.
  run 2 "$TOOL" -p "$WORK/bad" single.cpp -- -I.
  same single.cpp "$WORK/before.cpp"
}

case_bad_inputs() {
  setup
  # A directory: one clear error, not the compiler driver's.
  mkdir -p "$WORK/src/adir"
  run 2 "$TOOL" adir
  contains "$WORK/err" "'adir' is a directory"
  lacks "$WORK/err" "compiler job"
  # An unreadable file (root reads anything: checked as another user only).
  if [ "$(id -u)" != 0 ]; then
    cp single.cpp "$WORK/src/locked.cpp"
    chmod 000 "$WORK/src/locked.cpp"
    run 2 "$TOOL" locked.cpp
    contains "$WORK/err" "cannot read 'locked.cpp': "
    chmod 600 "$WORK/src/locked.cpp"
  fi
  same single.cpp "$WORK/orig/single.cpp"
}

case_parse_error() {
  setup
  run 2 "$TOOL" broken.cpp
  contains "$WORK/err" "broken.cpp:4:34: error:"
  same broken.cpp "$WORK/orig/broken.cpp"
  # In a batch, one broken unit means no writes at all.
  mkdir -p "$WORK/build"
  database "$WORK/build" single.cpp broken.cpp
  run 2 "$TOOL" -p "$WORK/build" -j 2 --report "$WORK/report.json"
  contains "$WORK/err" "no file was written"
  same single.cpp "$WORK/orig/single.cpp"
  same broken.cpp "$WORK/orig/broken.cpp"
  run 0 "$CMAKE" -DREPORT="$WORK/report.json" -DUNITS=2 -DREQUESTS=-1 \
    -DEXPECT_OK=OFF -P "$VALIDATOR"
}

case_refused() {
  setup
  run 2 "$TOOL" refused.cpp --report "$WORK/report.json"
  contains "$WORK/err" "refused.cpp:7:5: error: tangent:"
  same refused.cpp "$WORK/orig/refused.cpp"
  # The report has the error, for the unit and for the request.
  run 0 "$CMAKE" -DREPORT="$WORK/report.json" -DUNITS=1 -DREQUESTS=1 \
    -DEXPECT_OK=OFF -P "$VALIDATOR"
  [ "$(count "$WORK/report.json" "'goto' is not supported")" = 2 ] ||
    fail "the refusal is not reported for the unit and the request"
  # Its file is listed, not written.
  contains "$WORK/report.json" '"status": "not_written"'
  contains "$WORK/report.json" '"file": "'"$WORK/src/refused.cpp"'"'
  ( cd "$WORK/src" && grep -A2 '"file": "'"$WORK/src/refused.cpp"'"' "$WORK/report.json" |
    grep -q not_written ) || fail "refused.cpp is not listed as not_written"
  # A malformed region is an error too, and the file is left alone.
  run 0 "$TOOL" single.cpp
  grep -vF "$END_MARK" single.cpp >"$WORK/unterminated.cpp"
  cp "$WORK/unterminated.cpp" single.cpp
  run 2 "$TOOL" single.cpp
  contains "$WORK/err" "single.cpp:$(grep -nF "$BEGIN_MARK" single.cpp | cut -d: -f1): generated adjoints begin here but never end"
  contains "$WORK/err" "restore that line"
  same single.cpp "$WORK/unterminated.cpp"
}

case_report_unwritable() {
  setup
  run 2 "$TOOL" single.cpp --report "$WORK/src/plain.cpp/report.json"
  contains "$WORK/err" "cannot write the report"
  same single.cpp "$WORK/orig/single.cpp"
  run 2 "$TOOL" single.cpp --report "$WORK/no/such/dir/report.json"
  same single.cpp "$WORK/orig/single.cpp"
  mkdir -p "$WORK/report-is-a-dir.json"
  run 2 "$TOOL" single.cpp --report "$WORK/report-is-a-dir.json"
  same single.cpp "$WORK/orig/single.cpp"
}

# mode <file>: its permission bits in octal (e.g. 444).
mode() { stat -c %a "$1"; }

case_read_only() {
  # A read-only file is never replaced without --force (the rename would
  # succeed, even for root): the refusal is decided by the mode bits.
  setup
  chmod 0444 single.cpp
  run 2 "$TOOL" loops.cpp single.cpp --report "$WORK/report.json"
  contains "$WORK/err" "single.cpp': it is read-only (mode 0444)"
  contains "$WORK/err" "--force"
  contains "$WORK/err" "no file was written"
  same single.cpp "$WORK/orig/single.cpp"
  same loops.cpp "$WORK/orig/loops.cpp"
  [ "$(mode single.cpp)" = 444 ] || fail "the mode of single.cpp changed"
  run 0 "$CMAKE" -DREPORT="$WORK/report.json" -DUNITS=2 -DREQUESTS=-1 \
    -DEXPECT_OK=OFF -P "$VALIDATOR"
  contains "$WORK/report.json" "is read-only"
  # A read-only header that would get a block: the same.
  chmod 0444 model.h
  run 2 "$TOOL" use_a.cpp -- -I.
  contains "$WORK/err" "model.h': it is read-only"
  same model.h "$WORK/orig/model.h"
  same use_a.cpp "$WORK/orig/use_a.cpp"
  # --check and --dry-run write nothing: no refusal.
  run 1 "$TOOL" --check single.cpp
  run 0 "$TOOL" --dry-run single.cpp
  contains "$WORK/err" "read-only"
  # A read-only report is refused too, before any work.
  touch "$WORK/ro.json"
  chmod 0444 "$WORK/ro.json"
  run 2 "$TOOL" loops.cpp --report "$WORK/ro.json"
  contains "$WORK/err" "ro.json': it is read-only"
  same loops.cpp "$WORK/orig/loops.cpp"
  # --force replaces them and keeps their mode.
  run 0 "$TOOL" --force loops.cpp single.cpp
  contains single.cpp "$BEGIN_MARK"
  contains loops.cpp "$BEGIN_MARK"
  [ "$(mode single.cpp)" = 444 ] || fail "--force changed the mode of single.cpp"
  run 0 "$TOOL" --force use_a.cpp -- -I.
  contains model.h "$BEGIN_MARK"
  [ "$(mode model.h)" = 444 ] || fail "--force changed the mode of model.h"
  run 0 "$GXX" -std=c++20 -I"$RUNTIME" single.cpp -o "$WORK/single.exe"
  run 0 "$WORK/single.exe"
  # Up to date: nothing to replace, no refusal.
  run 0 "$TOOL" loops.cpp single.cpp
}

case_disable_pass() {
  # --disable-pass: an unknown or required pass is an error before anything
  # is written; every optional pass off still gives code that compiles and
  # whose gradient is right.
  setup
  run 2 "$TOOL" --disable-pass=no-such-pass single.cpp
  contains "$WORK/err" "--disable-pass: unknown pass 'no-such-pass'"
  same single.cpp "$WORK/orig/single.cpp"
  run 2 "$TOOL" --disable-pass=activity single.cpp
  contains "$WORK/err" "the pass 'activity' is required"
  same single.cpp "$WORK/orig/single.cpp"
  run 0 "$TOOL" --disable-pass=all loops.cpp
  contains loops.cpp "$BEGIN_MARK"
  run 0 "$GXX" -std=c++20 -I"$RUNTIME" loops.cpp -o "$WORK/loops.exe"
  run 0 "$WORK/loops.exe"
}

case_stale_callees() {
  # An edit of a member function the function calls, or of the function of
  # a gradient it calls, makes its block stale (an error in plugin mode),
  # as an edit of a free callee does.
  setup
  run 0 "$TOOL" stale_callees.cpp
  cp stale_callees.cpp "$WORK/rewritten.cpp"
  run 0 "$WRAPPER" -fsyntax-only stale_callees.cpp
  sed -i 's|return k \* x \* x; } // EDIT-MEMBER|return k * x * x * x; }|' stale_callees.cpp
  run 1 "$WRAPPER" -fsyntax-only stale_callees.cpp
  contains "$WORK/err" "stale"
  cp "$WORK/rewritten.cpp" stale_callees.cpp
  sed -i 's|return a \* x \* x; } // EDIT-NESTED|return a * x * x * x; }|' stale_callees.cpp
  run 1 "$WRAPPER" -fsyntax-only stale_callees.cpp
  contains "$WORK/err" "stale"
  run 0 "$TOOL" stale_callees.cpp
  run 0 "$WRAPPER" -fsyntax-only stale_callees.cpp
}

name=${1:?usage: rewrite_test.sh <case>}
"case_${name//-/_}"
echo "PASS: $name"
