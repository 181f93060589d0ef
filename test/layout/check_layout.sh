#!/bin/sh
# The layout's rules, checked (label `layout`):
#  1. plugin/ is layered: ir < rules < analysis < forward < codegen <
#     frontend < clang < tools. A file may include its own layer and the layers below it,
#     never one above (the IR and the rules know nothing of the analyses,
#     the analyses nothing of code generation, and so on).
#  2. No source file of the tool (plugin/) or of the runtime
#     (runtime/include/) is longer than 600 lines.
#
#   check_layout.sh <repository root>
set -u
root=${1:?usage: check_layout.sh <repository root>}
cd "$root" || exit 2
status=0

layer() {
  case $1 in
  ir/*) echo 0 ;;
  rules/*) echo 1 ;;
  analysis/*) echo 2 ;;
  forward/*) echo 3 ;;
  codegen/*) echo 4 ;;
  frontend/*) echo 5 ;;
  clang/*) echo 6 ;;
  tools/*) echo 7 ;;
  *) echo -1 ;;
  esac
}

checked=0
for file in $(cd plugin && find . -name '*.h' -o -name '*.cpp' -o -name '*.def' | sed 's|^\./||' | sort); do
  own=$(layer "$file")
  if [ "$own" -lt 0 ]; then
    echo "FAIL plugin/$file is in no layer (ir, rules, analysis, forward, codegen, frontend, clang, tools)"
    status=1
    continue
  fi
  for inc in $(sed -n 's|^#include "\([a-z]*/[^"]*\)".*|\1|p' "plugin/$file"); do
    case $inc in
    clang/AST/* | clang/Basic/* | clang/Frontend/* | clang/Lex/* | clang/Sema/* | clang/Tooling/*) continue ;; # Clang's own
    esac
    [ -f "plugin/$inc" ] || continue
    target=$(layer "$inc")
    checked=$((checked + 1))
    if [ "$target" -gt "$own" ]; then
      echo "FAIL plugin/$file includes $inc: a layer above its own"
      status=1
    fi
  done
done
echo "layers: $checked includes checked"

for file in $(find plugin runtime/include -name '*.h' -o -name '*.cpp' -o -name '*.hpp' -o -name '*.def' | sort); do
  lines=$(wc -l <"$file")
  if [ "$lines" -gt 600 ]; then
    echo "FAIL $file has $lines lines (at most 600)"
    status=1
  fi
done
[ $status -eq 0 ] && echo "PASS the layout"
exit $status
