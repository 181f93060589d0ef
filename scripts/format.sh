#!/usr/bin/env bash
# Formats tangent's C++ with clang-format-19 (.clang-format: LLVM style), or
# checks that it is formatted (--check, what the `format` test runs).
#
#   scripts/format.sh            reformat every file in scope, in place
#   scripts/format.sh --check    list the files that differ; fails if any
#   scripts/format.sh --check F...   the same for the given files only
#
# In scope: the tool, the runtime, the samples, the benchmarks and the C++ of
# the tests. Out of scope: inputs whose text is the test (golden inputs and
# outputs, must-fail programs (also test/openmp/mustfail, test/mpi/mustfail), diagnostics and remark programs that name their
# own lines, tangent-rewrite inputs and projects) and the rule table (Rules.def, laid out
# as a table).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
format=${CLANG_FORMAT:-clang-format-19}
if ! command -v "$format" >/dev/null; then
  echo "format.sh: $format not found (apt-get install clang-format-19)" >&2
  exit 2
fi

files() {
  git ls-files --cached --others --exclude-standard -- \
    'plugin/*.cpp' 'plugin/*.h' 'runtime/include/*.hpp' \
    'samples/*.cpp' 'samples/*.hpp' 'benchmarks/*.cpp' 'benchmarks/*.hpp' \
    'test/*.cpp' 'test/*.h' 'test/*.hpp' |
    grep -v -E '^test/(golden|mustfail|openmp/mustfail|mpi/mustfail|diagnostics|rewrite/inputs|checkpoint/remarks|layout/controls|package)/'
}

if [[ ${1:-} == --check ]]; then
  shift
  bad=0
  while read -r f; do
    if ! "$format" --dry-run --Werror "$f" >/dev/null 2>&1; then
      echo "not formatted: $f (run scripts/format.sh)"
      bad=1
    fi
  done < <(if (($#)); then printf '%s\n' "$@"; else files; fi)
  exit $bad
fi
files | xargs "$format" -i
