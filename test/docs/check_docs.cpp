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
//  3. docs/api.md's table of `tangent::stats` lists exactly the functions
//     declared in namespace tangent::stats by the runtime headers.
//  4. docs/api.md's pullback table has a row for each kind of parameter that
//     takes an adjoint argument (the param_traits members that
//     selection::adjoint_flags of grad.hpp tests), every row is of a known
//     kind, and each row's adjoint argument is the one grad.hpp passes for
//     that kind (`T*` for a scalar or a raw array, `std::span<T>` for a
//     span, a reference to the parameter's type otherwise), then a last
//     row `anything else`.
//
//   check_docs <repository root> [options|refusals|stats|pullback]...
//
// With checks named, only those run (a control tree holds only what they
// read).
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <set>
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
/// a newline, into `out`; with `code`, the source without its comments,
/// literals and preprocessor lines into `*code`.
void literals(const std::string &src, std::string &out,
              std::string *code = nullptr) {
  std::size_t i = 0;
  bool open = false;      // the last token was a literal
  bool directive = false; // in a preprocessor line
  while (i < src.size()) {
    const char c = src[i];
    if (c == '#' && (i == 0 || src[i - 1] == '\n'))
      directive = true;
    else if (c == '\n' && (i == 0 || src[i - 1] != '\\')) // not continued
      directive = false;
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
    if (code != nullptr && !directive)
      *code += c;
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

/// The section of a document whose heading (`## ...`) starts with
/// `title`, up to the next section.
std::string section(const std::string &doc, const std::string &title) {
  const std::string text = "\n" + doc;
  const auto at = text.find("\n## " + title);
  if (at == std::string::npos)
    return "";
  return text.substr(at, text.find("\n## ", at + 1) - at);
}

/// The functions declared at namespace scope in namespace `ns` (`a::b`) of
/// `code`, a source without comments, literals and preprocessor lines.
void namespaceFunctions(const std::string &code, const std::string &ns,
                        std::set<std::string> &out) {
  std::vector<std::string> scopes; // per open brace: a namespace, or ""
  auto in = [&] {
    std::string path;
    for (const auto &s : scopes) {
      if (s.empty())
        return false; // inside a class or a function
      path += (path.empty() ? "" : "::") + s;
    }
    return path == ns;
  };
  static const std::regex opens(R"(\bnamespace\s*([\w:]*)\s*$)");
  static const std::regex function(R"(\b(\w+)\s*\([^()]*\)[\s\w]*$)");
  std::string pending; // the text since the last `;`, `{` or `}`
  std::smatch m;
  for (char c : code) {
    if (c != '{' && c != '}' && c != ';') {
      pending += c;
      continue;
    }
    const bool is_namespace = c == '{' && std::regex_search(pending, m, opens);
    if (is_namespace) {
      scopes.push_back(m[1].length() ? std::string(m[1]) : "(anonymous)");
    } else if (c != '}') {
      if (in() && std::regex_search(pending, m, function) &&
          m[1] != "static_assert")
        out.insert(m[1]);
      if (c == '{')
        scopes.emplace_back();
    } else if (!scopes.empty()) {
      scopes.pop_back();
    }
    pending.clear();
  }
}

/// api.md's table of tangent::stats against the functions the runtime
/// headers declare in that namespace.
void checkStats(const fs::path &root) {
  std::set<std::string> declared, listed;
  if (!fs::is_directory(root / "runtime/include"))
    return fail("no directory runtime/include");
  for (const auto &e :
       fs::recursive_directory_iterator(root / "runtime/include")) {
    if (!e.is_regular_file() || e.path().extension() != ".hpp")
      continue;
    std::string ignored, code;
    literals(read(e.path()), ignored, &code);
    namespaceFunctions(code, "tangent::stats", declared);
  }
  if (declared.empty())
    return fail("no function declared in namespace tangent::stats "
                "(runtime/include)");
  const std::string table =
      section(read(root / "docs/api.md"), "Memory accounting");
  static const std::regex row(R"(\n\| `tangent::stats::(\w+)\()");
  for (std::sregex_iterator i(table.begin(), table.end(), row), e; i != e; ++i)
    listed.insert((*i)[1]);
  for (const auto &f : declared)
    if (!listed.count(f))
      fail("docs/api.md's tangent::stats table has no row for "
           "tangent::stats::" +
           f + "(), which the runtime declares");
  for (const auto &f : listed)
    if (!declared.count(f))
      fail("docs/api.md's tangent::stats table lists tangent::stats::" + f +
           "(), which no runtime header declares");
  std::cout << "checked " << declared.size()
            << " functions of tangent::stats\n";
}

/// The param_traits members that decide, in grad.hpp's
/// selection::adjoint_flags, whether a parameter takes an adjoint argument
/// in pullback (`differentiable` replaced by its own terms).
std::set<std::string> adjointKinds(const std::string &grad) {
  std::set<std::string> kinds;
  const auto begin = grad.find("adjoint_flags(");
  auto end = grad.find('{', begin);
  if (begin == std::string::npos || end == std::string::npos)
    return kinds;
  for (int depth = 0; end < grad.size(); ++end) { // to the body's end
    depth += grad[end] == '{' ? 1 : grad[end] == '}' ? -1 : 0;
    if (depth == 0)
      break;
  }
  const std::string flags = grad.substr(begin, end - begin);
  static const std::regex member(R"(param_traits<\w+>::(\w+))");
  for (std::sregex_iterator i(flags.begin(), flags.end(), member), e; i != e;
       ++i) {
    if ((*i)[1] != "differentiable") {
      kinds.insert((*i)[1]);
      continue;
    }
    const auto d = grad.find("bool differentiable =");
    if (d == std::string::npos)
      continue;
    const std::string terms = grad.substr(d, grad.find(';', d) - d);
    static const std::regex term(R"(\bis_\w+)");
    for (std::sregex_iterator t(terms.begin(), terms.end(), term), te; t != te;
         ++t)
      kinds.insert(t->str());
  }
  return kinds;
}

/// The first `code` span of a table cell ("" if none).
std::string firstCode(const std::string &cell) {
  const auto open = cell.find('`');
  if (open == std::string::npos)
    return "";
  return cell.substr(open + 1, cell.find('`', open + 1) - open - 1);
}

/// api.md's pullback table: one row per kind of parameter that takes an
/// adjoint, each with the adjoint grad.hpp passes for it (adjoint_for).
void checkPullback(const fs::path &root) {
  const auto kinds =
      adjointKinds(read(root / "runtime/include/tangent/grad.hpp"));
  if (kinds.empty())
    return fail("grad.hpp: no parameter kinds found in adjoint_flags");
  // A row's kind, from the first parameter it names.
  static const std::map<std::string, std::string> kind_of{
      {"T", "is_scalar"},
      {"std::vector<T>", "is_container"},
      {"std::array<T, N>", "is_container"},
      {"S", "is_object"},
      {"std::vector<S>", "is_object"},
      {"std::array<S, N>", "is_object"},
      {"T*", "is_pointer"},
      {"std::span<T>", "is_span"}};
  const std::string table = section(read(root / "docs/api.md"), "`pullback`");
  const auto head = table.find("\n| parameter | adjoint argument |");
  if (head == std::string::npos)
    return fail("docs/api.md has no pullback table (| parameter | adjoint "
                "argument |)");
  std::istringstream rows(table.substr(head + 1));
  std::string line, last;
  std::set<std::string> documented;
  std::getline(rows, line); // header
  std::getline(rows, line); // |---|---|
  while (std::getline(rows, line) && line.rfind("| ", 0) == 0) {
    const auto bar = line.find(" | ", 2);
    if (bar == std::string::npos)
      break;
    const std::string param = line.substr(2, bar - 2);
    const std::string adjoint = firstCode(line.substr(bar + 3));
    last = param;
    if (param == "anything else")
      continue;
    const auto kind = kind_of.find(firstCode(param));
    if (kind == kind_of.end()) {
      fail("docs/api.md's pullback table: row " + param +
           " is of no parameter kind the check knows");
      continue;
    }
    documented.insert(kind->second);
    const std::string want =
        kind->second == "is_scalar" || kind->second == "is_pointer" ? "T*"
        : kind->second == "is_span" ? "std::span<T>"
                                    : kind->first + "&";
    if (adjoint != want)
      fail("docs/api.md's pullback table: row " + param + " gives `" + adjoint +
           "`, grad.hpp passes `" + want + "`");
  }
  for (const auto &k : kinds)
    if (!documented.count(k))
      fail("docs/api.md's pullback table has no row for the parameters "
           "that grad.hpp's param_traits<P>::" +
           k + " accepts");
  if (last != "anything else")
    fail("docs/api.md's pullback table does not end with `anything else`");
  std::cout << "checked the pullback table against " << kinds.size()
            << " parameter kinds\n";
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::cerr << "usage: check_docs <repository root> "
                 "[options|refusals|stats|pullback]...\n";
    return 2;
  }
  const fs::path root = argv[1];
  const std::vector<std::string> named(argv + 2, argv + argc);
  const std::map<std::string, void (*)(const fs::path &)> checks{
      {"options", checkOptions},
      {"refusals", checkRefusals},
      {"stats", checkStats},
      {"pullback", checkPullback}};
  for (const auto &n : named)
    if (!checks.count(n)) {
      std::cerr << "check_docs: no check named " << n << "\n";
      return 2;
    }
  for (const auto &[name, check] : checks)
    if (named.empty() ||
        std::find(named.begin(), named.end(), name) != named.end())
      check(root);
  if (failures)
    std::cout << failures << " disagreement(s) between docs and code\n";
  return failures ? 1 : 0;
}
