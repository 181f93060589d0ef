#!/usr/bin/env python3
"""Shrinks a failing generated program to a small reproducer.

    test/fuzz/reduce.py INPUT OUTPUT --match REGEX [--build build] [--opt -O1]

INPUT is a program written by tangent_fuzz_gen (best with --only K
--no-probe, which keeps one checked function and no probe twins). A candidate
is "still failing" when compiling it with build/bin/tangent-clang++ and running
it prints something matching REGEX (compiler output and program output are
searched together; a run longer than --timeout seconds does not count). The
reducer deletes whole blocks (functions, branches, loops), then chunks of
lines (halving the chunk size down to one line, only chunks whose braces and
parentheses balance), then tries to unwrap blocks
(keep the body of an `if`/loop, drop its head and closing brace), until no
deletion keeps the failure. OUTPUT holds the smallest failing program so far
(rewritten at each improvement); finish by hand (rename, inline constants, write the expected value).

Examples of REGEX: 'pop of m but the last push' (a tape exception),
'WRONG' (a wrong gradient), 'kind=bitwise' (a strategy that differs from
the fully taped gradient), 'error: tangent' (a refusal), 'CRASH'.

The fully taped twins of `namespace taped { ... }` (the references of the
bitwise checks) are not reduced on their own: every candidate gets them
rebuilt from its own definitions of the same functions, without their
[[tangent::checkpoint]] attributes, so that a twin stays the function
without attributes.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TWINS = "//@@ the taped twins, rebuilt for every candidate (reduce.py)\n"
ATTRIBUTE = re.compile(r"\[\[tangent::checkpoint(\(\d+\))?\]\] ")
DEFINITION = re.compile(r"^[A-Za-z][\w:<>, ]* (\w+)\(")


def split_twins(lines):
    """Replaces the taped namespace by the marker TWINS; returns the lines
    and the names of the twins in order (empty without a taped namespace)."""
    try:
        start = lines.index("namespace taped {\n")
        end = lines.index("} // namespace taped\n", start)
    except ValueError:
        return lines, []
    names = []
    for line in lines[start + 1:end]:
        m = DEFINITION.match(line)
        if m:
            names.append(m.group(1))
    return lines[:start] + [TWINS] + lines[end + 1:], names


def definition(lines, name):
    """The first definition of `name` at column 0 outside namespace probe."""
    inside_probe = False
    for i, line in enumerate(lines):
        if line.startswith("namespace probe {"):
            inside_probe = True
        elif line.startswith("} // namespace probe"):
            inside_probe = False
        m = DEFINITION.match(line)
        if inside_probe or not m or m.group(1) != name:
            continue
        for j in range(i, len(lines)):
            if lines[j] == "}\n":
                return lines[i:j + 1]
        return None
    return None


def with_twins(lines, names):
    """The candidate with its twins rebuilt, or None when one is missing."""
    if not names:
        return lines
    if TWINS not in lines:
        return None
    twins = ["namespace taped {\n"]
    for name in names:
        body = definition(lines, name)
        if body is None:
            return None
        twins += [ATTRIBUTE.sub("", line) for line in body] + ["\n"]
    twins.append("} // namespace taped\n")
    i = lines.index(TWINS)
    return lines[:i] + twins + lines[i + 1:]


def balanced(chunk):
    text = "".join(chunk)
    return text.count("{") == text.count("}") and text.count("(") == text.count(")")


class Oracle:
    def __init__(self, args):
        self.compiler = os.path.join(args.build, "bin", "tangent-clang++")
        self.opt = args.opt
        self.pattern = re.compile(args.match)
        self.timeout = args.timeout
        self.dir = tempfile.mkdtemp(prefix="tangent-reduce-")
        self.tries = 0
        self.best = None
        self.output = args.output
        self.twins = []

    def __call__(self, lines):
        lines = with_twins(lines, self.twins)
        if lines is None:
            return False
        self.tries += 1
        src = os.path.join(self.dir, "candidate.cpp")
        exe = os.path.join(self.dir, "candidate")
        with open(src, "w") as f:
            f.writelines(lines)
        if os.path.exists(exe):
            os.remove(exe)
        # No -w: it would also silence the -Werror= below, and a candidate
        # that falls off the end of a function fails by undefined behaviour.
        # The flags of run_many.sh and run_fuzz.cmake.
        compile_cmd = [self.compiler, self.opt, "-ffp-contract=off",
                       "-D_GLIBCXX_ASSERTIONS", "-Werror=return-type",
                       "-Werror=uninitialized", "-Werror=sometimes-uninitialized",
                       "-I" + HERE, src, "-o", exe]
        try:
            c = subprocess.run(compile_cmd, capture_output=True, text=True,
                               timeout=300)
        except subprocess.TimeoutExpired:
            return False
        output = c.stdout + c.stderr
        if c.returncode == 0:
            try:
                r = subprocess.run([exe], capture_output=True, text=True,
                                   timeout=self.timeout)
                output += r.stdout + r.stderr
            except subprocess.TimeoutExpired:
                return False
        if not self.pattern.search(output):
            return False
        if self.output and (self.best is None or len(lines) < len(self.best)):
            self.best = list(lines)
            with open(self.output, "w") as f:
                f.writelines(lines)
        return True


def delete_chunks(lines, oracle):
    size = max(1, len(lines) // 2)
    while True:
        changed = False
        i = 0
        while i < len(lines):
            chunk = lines[i:i + size]
            candidate = lines[:i] + lines[i + size:]
            if balanced(chunk) and oracle(candidate):
                lines = candidate
                changed = True
            else:
                i += size
        if size == 1 and not changed:
            return lines
        if not changed:
            size = max(1, size // 2)


def matching_close(lines, start):
    depth = 0
    for j in range(start, len(lines)):
        depth += lines[j].count("{") - lines[j].count("}")
        if depth == 0:
            return j
    return None


def delete_blocks(lines, oracle):
    i = 0
    while i < len(lines):
        line = lines[i].rstrip()
        if line.endswith("{") and line.count("{") == 1 and "}" not in line:
            j = matching_close(lines, i)
            if j is not None and lines[j].strip() == "}":
                candidate = lines[:i] + lines[j + 1:]
                if oracle(candidate):
                    lines = candidate
                    continue
        i += 1
    return lines


def unwrap_blocks(lines, oracle):
    i = 0
    while i < len(lines):
        line = lines[i].rstrip()
        if line.endswith("{") and line.count("{") == 1 and "}" not in line:
            j = matching_close(lines, i)
            if j is not None and lines[j].strip() == "}":
                candidate = lines[:i] + lines[i + 1:j] + lines[j + 1:]
                if oracle(candidate):
                    lines = candidate
                    continue
        i += 1
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--match", required=True,
                        help="regex that the failing output contains")
    parser.add_argument("--build", default=os.path.join(HERE, "..", "..", "build"))
    parser.add_argument("--opt", default="-O1")
    parser.add_argument("--timeout", type=float, default=20)
    args = parser.parse_args()

    with open(args.input) as f:
        lines = f.readlines()
    oracle = Oracle(args)
    lines, oracle.twins = split_twins(lines)
    if not oracle(lines):
        sys.exit("reduce.py: the input does not fail as described (no match "
                 "for %r)" % args.match)
    while True:
        before = len(lines)
        lines = delete_blocks(lines, oracle)
        lines = delete_chunks(lines, oracle)
        lines = unwrap_blocks(lines, oracle)
        print("reduce.py: %d lines (%d tries)" % (len(lines), oracle.tries),
              flush=True)
        if len(lines) == before:
            break


if __name__ == "__main__":
    main()
