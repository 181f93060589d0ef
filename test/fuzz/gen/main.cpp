//===- test/fuzz/gen/main.cpp - tangent_fuzz_gen command line -------------===//
///
/// \file
///   tangent_fuzz_gen --seed S [--functions 20] [--helpers 8] [--points 4]
///                    [--only K] [--skip K,...] [--no-probe]
///                    [--disable a,b,...]
///                    [-o out.cpp]
///   tangent_fuzz_gen --list-features
///
/// Writes one translation unit (see test/fuzz/README.md); the same arguments
/// always give the same text.
//===----------------------------------------------------------------------===//
#include "Generator.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace {

int usage(const char *message) {
  std::fprintf(stderr,
               "tangent_fuzz_gen: %s\nusage: tangent_fuzz_gen --seed S "
               "[--functions N] [--helpers N] [--points N] [--only K]\n"
               "                        [--skip K,...] [--no-probe] "
               "[--disable a,b,...] [-o out.cpp]\n"
               "       tangent_fuzz_gen --list-features\n",
               message);
  return 2;
}

bool number(const char *text, long long lo, long long hi, long long &out) {
  char *end = nullptr;
  out = std::strtoll(text, &end, 10);
  return end && *end == '\0' && end != text && out >= lo && out <= hi;
}

/// The non-empty items of a comma-separated list.
std::vector<std::string> commaList(const std::string &list) {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (start <= list.size()) {
    std::size_t comma = list.find(',', start);
    if (comma == std::string::npos)
      comma = list.size();
    if (comma > start)
      items.push_back(list.substr(start, comma - start));
    start = comma + 1;
  }
  return items;
}

} // namespace

int main(int argc, char **argv) {
  fuzzgen::UnitOptions options;
  std::string output;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--list-features") {
      for (const auto &[name, what] : fuzzgen::Features::all())
        std::printf("%-22s %s\n", name.c_str(), what.c_str());
      return 0;
    }
    if (arg == "--no-probe") {
      options.probes = false;
      continue;
    }
    if (i + 1 >= argc)
      return usage(("missing value after " + arg).c_str());
    const char *value = argv[++i];
    long long n = 0;
    if (arg == "--seed") {
      char *end = nullptr;
      options.seed = std::strtoull(value, &end, 10);
      if (!end || *end != '\0' || end == value)
        return usage("--seed takes a non-negative integer");
    } else if (arg == "--functions") {
      if (!number(value, 1, 100, n))
        return usage("--functions takes 1..100");
      options.functions = static_cast<int>(n);
    } else if (arg == "--helpers") {
      if (!number(value, 0, 50, n))
        return usage("--helpers takes 0..50");
      options.helpers = static_cast<int>(n);
    } else if (arg == "--points") {
      if (!number(value, 1, 100, n))
        return usage("--points takes 1..100");
      options.points = static_cast<int>(n);
    } else if (arg == "--only") {
      if (!number(value, 0, 99, n))
        return usage("--only takes a function index");
      options.only = static_cast<int>(n);
    } else if (arg == "--skip") {
      for (const std::string &item : commaList(value)) {
        if (!number(item.c_str(), 0, 99, n))
          return usage("--skip takes function indices");
        options.skip.insert(static_cast<int>(n));
      }
    } else if (arg == "--disable") {
      for (const std::string &name : commaList(value))
        if (!options.features.disable(name))
          return usage(
              ("unknown feature '" + name + "' (see --list-features)").c_str());
    } else if (arg == "-o") {
      output = value;
    } else {
      return usage(("unknown argument " + arg).c_str());
    }
  }
  if (options.only >= options.functions)
    return usage("--only must be below --functions");

  const std::string text = fuzzgen::writeUnit(options);
  if (output.empty()) {
    std::cout << text;
    return 0;
  }
  std::ofstream file(output, std::ios::binary);
  file << text;
  file.close();
  if (!file) {
    std::fprintf(stderr, "tangent_fuzz_gen: cannot write %s\n", output.c_str());
    return 1;
  }
  return 0;
}
