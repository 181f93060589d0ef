// The documentation agrees with the code where a program can tell (label
// `docs`):
//  1. docs/api.md lists the fields of tangent::options (options.hpp) in
//     their declaration order, in its table and in the sentence giving the
//     order of designated initializers.
//  2. Every message quoted in the first column of a table of
//     docs/limitations.md is a message of the code: each of its literal
//     fragments (the text between quoted names such as 'x') occurs in a
//     string literal of plugin/ or runtime/include/ (adjacent literals
//     joined).
//
//   check_docs <repository root>
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

int failures = 0;

void fail(const std::string &what) {
  std::cout << "FAIL " << what << "\n";
  ++failures;
}

std::string read(const fs::path &p) {
  std::ifstream in(p);
  if (!in) {
    fail("cannot read " + p.string());
    return "";
  }
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// The fields of `struct options` in declaration order.
std::vector<std::string> optionFields(const std::string &header) {
  std::vector<std::string> out;
  const auto begin = header.find("struct options {");
  if (begin == std::string::npos)
    return out;
  const auto end = header.find("\n};", begin);
  std::istringstream body(header.substr(begin, end - begin));
  static const std::regex field(
      R"(^\s+[A-Za-z_][\w:<> ]*\s(\w+)\s*=\s*[^;]+;)");
  std::string line;
  std::smatch m;
  while (std::getline(body, line))
    if (line.find('(') == std::string::npos &&
        std::regex_search(line, m, field))
      out.push_back(m[1]);
  return out;
}

/// api.md: the option table's first column, in order, and the sentence
/// "Designated initializers must follow this field order (...)".
void checkOptions(const fs::path &root) {
  const auto fields =
      optionFields(read(root / "runtime/include/tangent/options.hpp"));
  if (fields.empty())
    return fail("no fields found in struct options (options.hpp)");
  const std::string api = read(root / "docs/api.md");

  std::vector<std::string> rows;
  static const std::regex row(R"(\n\| `(\w+)` \| `[^`|]+` \|)");
  for (std::sregex_iterator i(api.begin(), api.end(), row), e; i != e; ++i)
    rows.push_back((*i)[1]);
  std::vector<std::string> in_table;
  for (const auto &r : rows)
    if (std::find(fields.begin(), fields.end(), r) != fields.end())
      in_table.push_back(r);
  if (in_table != fields)
    fail("docs/api.md's options table does not list the fields of "
         "tangent::options in their order");

  const auto at = api.find("must follow this field order (");
  if (at == std::string::npos)
    return fail("docs/api.md does not give the designated-initializer order");
  const auto close = api.find(')', at + 29);
  const std::string list = api.substr(at, close - at);
  std::vector<std::string> named;
  static const std::regex dotted(R"(`\.(\w+)`)");
  for (std::sregex_iterator i(list.begin(), list.end(), dotted), e; i != e; ++i)
    named.push_back((*i)[1]);
  if (named != fields) {
    std::string want;
    for (const auto &f : fields)
      want += " ." + f;
    fail("docs/api.md's designated-initializer order is not the order of "
         "the fields of tangent::options:" +
         want);
  }
}

/// The string literals of a C++ source, adjacent ones joined, each ended by
/// a newline.
void literals(const std::string &src, std::string &out) {
  std::size_t i = 0;
  bool open = false; // the last token was a literal
  while (i < src.size()) {
    const char c = src[i];
    if (c == '/' && i + 1 < src.size() && src[i + 1] == '/') {
      i = src.find('\n', i);
      if (i == std::string::npos)
        break;
      continue;
    }
    if (c == '/' && i + 1 < src.size() && src[i + 1] == '*') {
      i = src.find("*/", i + 2);
      if (i == std::string::npos)
        break;
      i += 2;
      continue;
    }
    if (c == '\'') { // a character literal
      i += (i + 2 < src.size() && src[i + 1] == '\\') ? 4 : 3;
      continue;
    }
    if (c == 'R' && i + 1 < src.size() && src[i + 1] == '"') { // raw
      const auto paren = src.find('(', i);
      const std::string end = ")" + src.substr(i + 2, paren - i - 2) + "\"";
      const auto stop = src.find(end, paren);
      if (stop == std::string::npos)
        break;
      out += src.substr(paren + 1, stop - paren - 1);
      open = true;
      i = stop + end.size();
      continue;
    }
    if (c == '"') {
      for (++i; i < src.size() && src[i] != '"'; ++i) {
        if (src[i] == '\\' && i + 1 < src.size()) {
          ++i;
          out += src[i] == 'n' ? '\n' : src[i];
        } else {
          out += src[i];
        }
      }
      ++i;
      open = true;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    if (open)
      out += '\n';
    open = false;
    ++i;
  }
  out += '\n';
}

std::string codeLiterals(const fs::path &root) {
  std::string out;
  for (const char *dir : {"plugin", "runtime/include"}) {
    if (!fs::exists(root / dir))
      continue;
    for (const auto &e : fs::recursive_directory_iterator(root / dir)) {
      const auto ext = e.path().extension();
      if (e.is_regular_file() &&
          (ext == ".cpp" || ext == ".h" || ext == ".hpp" || ext == ".def"))
        literals(read(e.path()), out);
    }
  }
  return out;
}

/// The length of the longest run of `piece` from `from` that occurs in
/// `code` (containment is monotone in the run's length).
std::size_t longestRun(const std::string &code, const std::string &piece,
                       std::size_t from) {
  std::size_t lo = 0, hi = piece.size() - from;
  while (lo < hi) {
    const std::size_t mid = (lo + hi + 1) / 2;
    if (code.find(piece.substr(from, mid)) != std::string::npos)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

/// Whether a literal of `code` starts or ends with `run`, as whole words
/// (`come` is not the end of "become").
bool literalEdge(const std::string &code, const std::string &run) {
  auto letter = [](char c) { return std::isalnum((unsigned char)c) != 0; };
  const std::string starts = "\n" + run, ends = run + "\n";
  for (auto at = code.find(starts); at != std::string::npos;
       at = code.find(starts, at + 1)) {
    const std::size_t after = at + starts.size();
    if (!letter(run.back()) || after == code.size() || !letter(code[after]))
      return true;
  }
  for (auto at = code.find(ends); at != std::string::npos;
       at = code.find(ends, at + 1))
    if (!letter(run.front()) || at == 0 || !letter(code[at - 1]))
      return true;
  return false;
}

/// Whether `piece` of a quoted message is text of the code: covered by
/// runs that occur in `code` (runs of at least 10 characters, or shorter
/// ones that start or end a literal), but for words that look like code
/// (`std::memset`, `'int'`,
/// `*p`): messages are built from literals and names, and such a word may
/// come from a variable. At least half of the rest must be covered. Else
/// `missing` is the text from the first word not found.
bool covered(const std::string &code, const std::string &piece, bool last,
             std::string &missing) {
  std::size_t pos = 0, found = 0, letters = 0;
  for (char c : piece)
    letters += c != ' ';
  bool prose_missing = false;
  while (pos < piece.size()) {
    if (piece[pos] == ' ') {
      ++pos;
      continue;
    }
    // The longest run from pos that occurs in code; a run may also start
    // up to 3 characters back (into the text already covered: `"...): " +
    // ": such a ..."`).
    // A run counts if it is long, or if a literal of the code starts or
    // ends with it (`"pass " + name`); the one reaching furthest is taken.
    std::size_t end = pos;
    for (std::size_t back = 0; back <= 3 && back <= pos; ++back) {
      const std::size_t from = pos - back;
      const std::string run = piece.substr(from, longestRun(code, piece, from));
      // (Not a short word ending the message: a literal ending the
      // message would hold more of it.)
      const bool ends = last && from + run.size() == piece.size();
      const bool counts =
          run.size() >= 10 || (!run.empty() && !ends && literalEdge(code, run));
      if (std::getenv("CHECK_DOCS_TRACE"))
        std::cerr << "  [" << run << "]" << (counts ? " counts\n" : "\n");
      if (counts && from + run.size() > end)
        end = from + run.size();
    }
    if (end > pos) {
      for (std::size_t k = pos; k < end; ++k)
        found += piece[k] != ' ';
      pos = end;
      continue;
    }
    // Not text of the code: skip one word.
    const auto next = piece.find(' ', pos + 1);
    const std::size_t stop = next == std::string::npos ? piece.size() : next;
    const std::string word = piece.substr(pos, stop - pos);
    const bool code_like =
        word.find("::") != std::string::npos ||
        word.find_first_not_of("abcdefghijklmnopqrstuvwxyz,.;:") !=
            std::string::npos;
    if (code_like)
      letters -= word.size();
    if (!code_like && !prose_missing) {
      prose_missing = true;
      missing = piece.substr(pos, 48);
    }
    pos = stop;
  }
  if (!prose_missing && found * 2 < letters)
    missing = piece;
  return !prose_missing && found * 2 >= letters;
}

/// The first cells of the tables of limitations.md that quote a message.
void checkRefusals(const fs::path &root) {
  const std::string code = codeLiterals(root);
  std::istringstream doc(read(root / "docs/limitations.md"));
  std::string line;
  int checked = 0, lineno = 0;
  while (std::getline(doc, line)) {
    ++lineno;
    if (line.rfind("| `", 0) != 0)
      continue;
    // The first cell: a quoted message, possibly followed by prose; a
    // message that ends the cell may quote code itself (`(`p = x`)`).
    const auto bar = line.find(" | ", 2);
    if (bar == std::string::npos)
      continue;
    const std::string cell = line.substr(3, bar - 3);
    const std::string message = cell.back() == '`'
                                    ? cell.substr(0, cell.size() - 1)
                                    : cell.substr(0, cell.find('`'));
    ++checked;
    // Literal fragments: the text between placeholders (quoted names such
    // as 'x' or 'f<double>', a count N, a type T, a one-letter function
    // name f or std::f) and ellipses, split further at inline code quotes.
    static const std::regex holes(
        R"('[^']{1,40}'|\.\.\.|`|\b[A-Z]\b|\b[a-z]\b|\bstd::[a-z]\b)");
    std::sregex_token_iterator i(message.begin(), message.end(), holes, -1), e;
    for (; i != e; ++i) {
      std::string piece = *i;
      const bool last = message.size() >= piece.size() &&
                        message.compare(message.size() - piece.size(),
                                        piece.size(), piece) == 0;
      while (!piece.empty() && piece.front() == ' ')
        piece.erase(0, 1);
      while (!piece.empty() && piece.back() == ' ')
        piece.pop_back();
      if (piece.size() < 12)
        continue; // too short to tell
      std::string missing;
      if (!covered(code, piece, last, missing)) {
        fail("docs/limitations.md:" + std::to_string(lineno) +
             ": no message of the code reads \"..." + missing + "...\"");
        break;
      }
    }
  }
  if (checked < 1)
    fail("docs/limitations.md quotes no message");
  std::cout << "checked " << checked << " messages of docs/limitations.md\n";
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: check_docs <repository root>\n";
    return 2;
  }
  const fs::path root = argv[1];
  checkOptions(root);
  checkRefusals(root);
  if (failures)
    std::cout << failures << " disagreement(s) between docs and code\n";
  return failures ? 1 : 0;
}
