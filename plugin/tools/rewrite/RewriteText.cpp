//===- RewriteText.cpp - generated regions in source text -----------------===//
#include "tools/rewrite/RewriteText.h"
#include "codegen/Binding.h"
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>

namespace tangent::rewrite {

namespace {

const char kBlockPrefix[] = "// tangent: block ";
const char kPragmaPop[] = "#pragma GCC diagnostic pop";

/// A line of a text: [begin, end) without its newline, `next` after it.
struct Line {
  std::size_t begin, end, next;
};

std::vector<Line> splitLines(const std::string &text) {
  std::vector<Line> lines;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) {
      lines.push_back({pos, text.size(), text.size()});
      break;
    }
    lines.push_back({pos, nl, nl + 1});
    pos = nl + 1;
  }
  return lines;
}

/// The line without trailing blanks (and a CR).
std::string trimmedRight(const std::string &text, const Line &l) {
  std::size_t e = l.end;
  while (e > l.begin && std::isspace((unsigned char)text[e - 1]))
    --e;
  return text.substr(l.begin, e - l.begin);
}

std::string trimmed(const std::string &s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace((unsigned char)s[b]))
    ++b;
  while (e > b && std::isspace((unsigned char)s[e - 1]))
    --e;
  return s.substr(b, e - b);
}

bool isBlank(const std::string &text, const Line &l) {
  for (std::size_t i = l.begin; i < l.end; ++i)
    if (!std::isspace((unsigned char)text[i]))
      return false;
  return true;
}

bool startsWith(const std::string &s, const char *prefix) {
  return s.rfind(prefix, 0) == 0;
}

/// The blocks of one region, from the lines strictly inside it.
void splitBlocks(const std::string &text, const std::vector<Line> &lines,
                 std::size_t first, std::size_t last, std::vector<Block> &out) {
  Block *current = nullptr;
  for (std::size_t i = first; i < last; ++i) {
    std::string line = trimmedRight(text, lines[i]);
    if (startsWith(line, kBlockPrefix)) {
      out.push_back({trimmed(line.substr(sizeof kBlockPrefix - 1)), ""});
      current = &out.back();
      continue;
    }
    if (line == kPragmaPop) {
      current = nullptr;
      continue;
    }
    if (current)
      current->text +=
          text.substr(lines[i].begin, lines[i].next - lines[i].begin);
  }
}

/// Text with comments replaced by spaces (newlines kept), so that
/// directives can be found line by line. String literals are respected.
std::string withoutComments(const std::string &text) {
  std::string out = text;
  enum { Code, Line, Block, String, Char } state = Code;
  for (std::size_t i = 0; i < out.size(); ++i) {
    char c = out[i], n = i + 1 < out.size() ? out[i + 1] : '\0';
    switch (state) {
    case Code:
      if (c == '/' && n == '/') {
        state = Line;
        out[i] = out[i + 1] = ' ';
        ++i;
      } else if (c == '/' && n == '*') {
        state = Block;
        out[i] = out[i + 1] = ' ';
        ++i;
      } else if (c == '"') {
        state = String;
      } else if (c == '\'') {
        state = Char;
      }
      break;
    case Line:
      if (c == '\n')
        state = Code;
      else
        out[i] = ' ';
      break;
    case Block:
      if (c == '*' && n == '/') {
        out[i] = out[i + 1] = ' ';
        ++i;
        state = Code;
      } else if (c != '\n') {
        out[i] = ' ';
      }
      break;
    case String:
    case Char:
      if (c == '\\')
        ++i;
      else if (c == (state == String ? '"' : '\'') || c == '\n')
        state = Code;
      break;
    }
  }
  return out;
}

/// The directive of a line (`ifndef`, `define`, `endif`, ...) and the rest.
bool directive(const std::string &line, std::string &name, std::string &rest) {
  std::size_t i = 0;
  while (i < line.size() && std::isspace((unsigned char)line[i]))
    ++i;
  if (i >= line.size() || line[i] != '#')
    return false;
  ++i;
  while (i < line.size() && std::isspace((unsigned char)line[i]))
    ++i;
  std::size_t b = i;
  while (i < line.size() &&
         (std::isalnum((unsigned char)line[i]) || line[i] == '_'))
    ++i;
  name = line.substr(b, i - b);
  rest = trimmed(line.substr(i));
  return true;
}

std::string identifierAt(const std::string &s, std::size_t i = 0) {
  std::size_t b = i;
  while (i < s.size() && (std::isalnum((unsigned char)s[i]) || s[i] == '_'))
    ++i;
  return s.substr(b, i - b);
}

} // namespace

bool hasRegion(const std::string &content) {
  return content.find(generatedBegin()) != std::string::npos;
}

Stripped stripRegions(const std::string &content) {
  Stripped out;
  std::vector<Line> lines = splitLines(content);
  const std::string begin = generatedBegin(), end = generatedEnd();
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string line = trimmedRight(content, lines[i]);
    if (line == end) {
      out.error =
          std::to_string(i + 1) +
          ": end of generated adjoints without a beginning (expected '" +
          begin +
          "' before it); restore that line, or delete the "
          "generated code and run tangent-rewrite again";
      return out;
    }
    if (line != begin) {
      out.text +=
          content.substr(lines[i].begin, lines[i].next - lines[i].begin);
      continue;
    }
    std::size_t j = i + 1;
    while (j < lines.size() && trimmedRight(content, lines[j]) != end) {
      if (trimmedRight(content, lines[j]) == begin)
        break;
      ++j;
    }
    if (j >= lines.size() || trimmedRight(content, lines[j]) != end) {
      out.error = std::to_string(i + 1) +
                  ": generated adjoints begin here but never end (expected '" +
                  end +
                  "'); restore that line, or delete the generated code "
                  "and run tangent-rewrite again";
      return out;
    }
    // The blank line that insertion puts before the region.
    std::size_t n = out.text.size();
    if (n >= 1 && out.text[n - 1] == '\n' &&
        (n == 1 || out.text[n - 2] == '\n'))
      out.text.pop_back();
    splitBlocks(content, lines, i + 1, j, out.blocks);
    ++out.regions;
    i = j;
  }
  return out;
}

std::string blockKey(const std::string &block_text) {
  // The specialization a block ends with (one of naming::bindings()).
  std::size_t at = std::string::npos;
  for (const char *binding : naming::bindings())
    at = std::min(at, block_text.find("template <> struct " +
                                      std::string(binding) + "<"));
  if (at == std::string::npos)
    return "";
  std::size_t eol = block_text.find('\n', at);
  std::string line = block_text.substr(at, eol - at);
  std::size_t close = line.rfind("> {");
  if (close == std::string::npos)
    return "";
  return line.substr(std::string("template <> struct ").size(),
                     close + 1 - std::string("template <> struct ").size());
}

GuardShape guardShape(const std::string &text) {
  GuardShape shape;
  std::string code = withoutComments(text);
  std::vector<Line> lines = splitLines(code);
  std::vector<std::size_t> significant;
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (!isBlank(code, lines[i]))
      significant.push_back(i);
  if (significant.size() < 3)
    return shape;
  auto lineText = [&](std::size_t k) {
    const Line &l = lines[significant[k]];
    return code.substr(l.begin, l.end - l.begin);
  };
  std::string name, rest, macro;
  if (!directive(lineText(0), name, rest))
    return shape;
  if (name == "ifndef") {
    macro = identifierAt(rest);
  } else if (name == "if") {
    // #if !defined(X) / #if !defined X
    std::string r = rest;
    r.erase(
        std::remove_if(r.begin(), r.end(),
                       [](char c) { return std::isspace((unsigned char)c); }),
        r.end());
    if (r.rfind("!defined", 0) != 0)
      return shape;
    r = r.substr(8);
    if (!r.empty() && r.front() == '(' && r.back() == ')')
      r = r.substr(1, r.size() - 2);
    macro = identifierAt(r);
    if (macro.size() != r.size())
      return shape;
  } else {
    return shape;
  }
  if (macro.empty())
    return shape;
  if (!directive(lineText(1), name, rest) || name != "define" ||
      identifierAt(rest) != macro)
    return shape;
  if (!directive(lineText(significant.size() - 1), name, rest) ||
      name != "endif")
    return shape;
  shape.guarded = true;
  shape.endif_offset = lines[significant.back()].begin;
  return shape;
}

std::size_t anchorOffset(const std::string &stripped, bool inside_guard) {
  std::size_t limit = stripped.size();
  if (inside_guard) {
    GuardShape g = guardShape(stripped);
    if (g.guarded)
      limit = g.endif_offset;
  }
  // Back up over the blank lines before the limit.
  std::vector<Line> lines = splitLines(stripped.substr(0, limit));
  std::size_t k = lines.size();
  while (k > 0 && isBlank(stripped, lines[k - 1]))
    --k;
  if (k == 0)
    return 0;
  return lines[k - 1].next;
}

std::string buildRegion(const std::vector<Block> &blocks) {
  if (blocks.empty())
    return "";
  std::string r = std::string(generatedBegin()) + "\n";
  r += "#pragma GCC diagnostic push\n"
       "#pragma GCC diagnostic ignored \"-Wunused-variable\"\n"
       "#pragma GCC diagnostic ignored \"-Wunused-parameter\"\n"
       "#pragma GCC diagnostic ignored \"-Wunused-but-set-variable\"\n";
  std::string code;
  for (const Block &b : blocks)
    code += b.text;
  for (const std::string &h : runtimeIncludes(code))
    r += "#include <" + h + ">\n";
  for (const Block &b : blocks) {
    r += kBlockPrefix + b.key + "\n";
    r += b.text;
    if (!b.text.empty() && b.text.back() != '\n')
      r += "\n";
  }
  r += std::string(kPragmaPop) + "\n";
  r += std::string(generatedEnd()) + "\n";
  return r;
}

std::string insertRegion(const std::string &stripped, std::size_t offset,
                         const std::string &region) {
  if (region.empty())
    return stripped;
  std::string head = stripped.substr(0, offset);
  if (!head.empty() && head.back() != '\n')
    head += '\n'; // a last line without a newline
  return head + "\n" + region + stripped.substr(offset);
}

std::string unifiedDiff(const std::string &before, const std::string &after,
                        const std::string &label) {
  if (before == after)
    return "";
  std::vector<Line> a = splitLines(before), b = splitLines(after);
  auto text = [](const std::string &s, const Line &l) {
    return s.substr(l.begin, l.next - l.begin);
  };
  std::size_t prefix = 0;
  while (prefix < a.size() && prefix < b.size() &&
         text(before, a[prefix]) == text(after, b[prefix]))
    ++prefix;
  std::size_t suffix = 0;
  while (suffix < a.size() - prefix && suffix < b.size() - prefix &&
         text(before, a[a.size() - 1 - suffix]) ==
             text(after, b[b.size() - 1 - suffix]))
    ++suffix;
  const std::size_t context = 3;
  std::size_t lead = std::min(prefix, context);
  std::size_t trail = std::min(suffix, context);
  std::size_t a_start = prefix - lead, b_start = prefix - lead;
  std::size_t a_count = a.size() - prefix - suffix + lead + trail;
  std::size_t b_count = b.size() - prefix - suffix + lead + trail;
  auto range = [](std::size_t start, std::size_t count) {
    // An empty range names the line before it.
    std::size_t first = count == 0 ? start : start + 1;
    return std::to_string(first) + "," + std::to_string(count);
  };
  std::string out = "--- " + label + "\n+++ " + label + "\n";
  out += "@@ -" + range(a_start, a_count) + " +" + range(b_start, b_count) +
         " @@\n";
  auto emit = [&](char mark, const std::string &s, const Line &l) {
    out += mark;
    out += s.substr(l.begin, l.end - l.begin);
    out += '\n';
    if (l.next == l.end) // the file's last line has no newline
      out += "\\ No newline at end of file\n";
  };
  for (std::size_t i = a_start; i < prefix; ++i)
    emit(' ', before, a[i]);
  for (std::size_t i = prefix; i < a.size() - suffix; ++i)
    emit('-', before, a[i]);
  for (std::size_t i = prefix; i < b.size() - suffix; ++i)
    emit('+', after, b[i]);
  for (std::size_t i = a.size() - suffix; i < a.size() - suffix + trail; ++i)
    emit(' ', before, a[i]);
  return out;
}

std::vector<std::string> withoutOptions(const std::vector<std::string> &args,
                                        const std::set<std::string> &flags,
                                        const std::set<std::string> &valued) {
  std::vector<std::string> out;
  bool compile_flags = false; // after `--`
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string &a = args[i];
    compile_flags = compile_flags || a == "--";
    std::size_t dashes = a.find_first_not_of('-');
    std::string name =
        a.substr(0, a.find('='))
            .substr(dashes == std::string::npos ? a.size() : dashes);
    bool option = !compile_flags && i > 0 && dashes >= 1 && dashes <= 2;
    if (option && flags.count(name))
      continue;
    if (option && valued.count(name)) {
      i += a.find('=') == std::string::npos;
      continue;
    }
    out.push_back(a);
  }
  return out;
}

std::string shellCommand(const std::vector<std::string> &args) {
  std::string out;
  for (const std::string &a : args) {
    bool plain = !a.empty();
    for (char c : a)
      plain = plain && (std::isalnum(static_cast<unsigned char>(c)) ||
                        (c && std::strchr("_-+=/.,:@%", c)));
    if (!out.empty())
      out += ' ';
    if (plain) {
      out += a;
      continue;
    }
    out += '\'';
    for (char c : a)
      out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    out += '\'';
  }
  return out;
}

std::string depfileRule(const std::string &target,
                        const std::set<std::string> &deps) {
  auto escape = [](const std::string &path) {
    std::string out;
    for (char c : path) {
      if (c == ' ' || c == '#')
        out += '\\';
      else if (c == '$')
        out += '$';
      out += c;
    }
    return out;
  };
  std::string out = escape(target) + ":";
  for (const std::string &d : deps)
    out += " \\\n  " + escape(d);
  return out + "\n";
}

} // namespace tangent::rewrite
