// Unit tests of tangent-rewrite's text handling (RewriteText) and of the
// merge of blocks into files (RewritePlan).
#include "codegen/Binding.h"
#include "tools/rewrite/RewritePlan.h"
#include "tools/rewrite/RewriteText.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

using namespace tangent::rewrite;

namespace {

Block block(const std::string &fn, const std::string &body = "") {
  std::string key = "adjoint<&" + fn + ", tangent::options{}>";
  std::string text = "#ifndef G_" + fn + "\n#define G_" + fn + "\n" + body +
                     "#endif\nnamespace tangent {\ntemplate <> struct " + key +
                     " {\n};\n} // namespace tangent\n";
  return {key, text};
}

std::string rewrite(const std::string &text, bool header,
                    const std::vector<Block> &blocks) {
  Stripped s = stripRegions(text);
  EXPECT_EQ(s.error, "");
  return insertRegion(s.text, anchorOffset(s.text, header),
                      buildRegion(blocks));
}

TEST(RewriteText, StripIsTheInverseOfInsert) {
  const std::vector<std::string> sources = {
      "int f();\n", "int f();\n\n\n",        "\n",
      "",           "// only a comment\n\n", "int f();\r\nint g();\r\n",
  };
  for (const std::string &s : sources) {
    for (bool header : {false, true}) {
      std::string once = rewrite(s, header, {block("f"), block("g")});
      Stripped back = stripRegions(once);
      EXPECT_EQ(back.text, s) << "source: '" << s << "'";
      EXPECT_EQ(back.regions, 1u);
      ASSERT_EQ(back.blocks.size(), 2u);
      EXPECT_EQ(back.blocks[0].key, block("f").key);
      EXPECT_EQ(back.blocks[0].text, block("f").text);
      EXPECT_EQ(back.blocks[1].text, block("g").text);
      // Idempotent.
      EXPECT_EQ(rewrite(once, header, {block("f"), block("g")}), once);
    }
  }
}

TEST(RewriteText, LastLineWithoutNewlineConverges) {
  std::string once = rewrite("int f();", false, {block("f")});
  EXPECT_EQ(once.rfind("int f();\n\n", 0), 0u);
  EXPECT_EQ(rewrite(once, false, {block("f")}), once);
  EXPECT_EQ(stripRegions(once).text, "int f();\n");
}

TEST(RewriteText, NoBlocksNoRegion) {
  EXPECT_EQ(buildRegion({}), "");
  std::string once = rewrite("int f();\n", false, {block("f")});
  EXPECT_EQ(rewrite(once, false, {}), "int f();\n");
}

TEST(RewriteText, RegionGoesInsideTheIncludeGuard) {
  std::string h = "// header\n#ifndef H\n#define H\nint f();\n\n#endif // H\n";
  std::string out = rewrite(h, true, {block("f")});
  EXPECT_NE(out.find("int f();\n\n" + std::string(tangent::generatedBegin())),
            std::string::npos);
  EXPECT_NE(
      out.find(std::string(tangent::generatedEnd()) + "\n\n#endif // H\n"),
      std::string::npos);
  EXPECT_EQ(stripRegions(out).text, h);
  // The main file (not a header): at the end.
  std::string main = rewrite(h, false, {block("f")});
  EXPECT_EQ(main.substr(main.size() -
                        std::string(tangent::generatedEnd()).size() - 1),
            std::string(tangent::generatedEnd()) + "\n");
}

TEST(RewriteText, GuardShapes) {
  EXPECT_TRUE(guardShape("#ifndef A\n#define A\nx\n#endif\n").guarded);
  EXPECT_TRUE(
      guardShape("/* c */\n#ifndef A // c\n# define A\nx\n#endif /* A */\n"
                 "/* trailing\n comment */\n")
          .guarded);
  EXPECT_TRUE(guardShape("#if !defined(A)\n#define A\nx\n#endif\n").guarded);
  EXPECT_TRUE(guardShape("#if !defined A\n#define A\nx\n#endif\n").guarded);
  EXPECT_FALSE(guardShape("#pragma once\nint x;\n").guarded);
  EXPECT_FALSE(guardShape("#ifndef A\n#define B\nx\n#endif\n").guarded);
  EXPECT_FALSE(guardShape("#ifndef A\n#define A\nx\n#endif\nint y;\n").guarded);
  EXPECT_FALSE(guardShape("#ifdef A\n#define A\nx\n#endif\n").guarded);
  std::string h = "#ifndef A\n#define A\nx\n#endif\n";
  GuardShape g = guardShape(h);
  EXPECT_EQ(h.substr(g.endif_offset), "#endif\n");
  // A string that looks like a comment does not hide the #endif.
  std::string s = "#ifndef A\n#define A\nconst char *p = \"/*\";\n#endif\n";
  EXPECT_TRUE(guardShape(s).guarded);
}

TEST(RewriteText, MalformedRegions) {
  std::string begin = std::string(tangent::generatedBegin()) + "\n";
  std::string end = std::string(tangent::generatedEnd()) + "\n";
  EXPECT_NE(stripRegions("int x;\n" + begin + "int y;\n").error, "");
  EXPECT_NE(stripRegions("int x;\n" + end).error, "");
  EXPECT_NE(stripRegions(begin + begin + end).error, "");
  EXPECT_EQ(stripRegions(begin + end).error, "");
  EXPECT_FALSE(hasRegion("int x;\n"));
}

TEST(RewriteText, BlockKey) {
  EXPECT_EQ(blockKey(block("ns::f").text), block("ns::f").key);
  EXPECT_EQ(blockKey("namespace tangent::generated {}\n"), "");
}

TEST(RewriteText, UnifiedDiff) {
  EXPECT_EQ(unifiedDiff("a\n", "a\n", "f"), "");
  std::string d = unifiedDiff("1\n2\n3\n4\n5\n", "1\n2\n3\n4\nX\n5\n", "f");
  EXPECT_EQ(d, "--- f\n+++ f\n@@ -2,4 +2,5 @@\n 2\n 3\n 4\n+X\n 5\n");
  d = unifiedDiff("", "a\n", "f");
  EXPECT_EQ(d, "--- f\n+++ f\n@@ -0,0 +1,1 @@\n+a\n");
  d = unifiedDiff("a", "a\nb\n", "f");
  EXPECT_EQ(d, "--- f\n+++ f\n@@ -1,1 +1,2 @@\n-a\n\\ No newline at end of "
               "file\n+a\n+b\n");
  d = unifiedDiff("a\nb\n", "", "f");
  EXPECT_EQ(d, "--- f\n+++ f\n@@ -1,2 +0,0 @@\n-a\n-b\n");
}

TEST(RewriteText, WithoutOptions) {
  using V = std::vector<std::string>;
  V args{"tool",     "--check", "-check", "--check=true", "--stamp", "s",
         "-stamp=t", "--root",  "r",      "a.cpp",        "--",      "--check",
         "--stamp",  "x"};
  EXPECT_EQ(
      withoutOptions(args, {"check"}, {"stamp"}),
      (V{"tool", "--root", "r", "a.cpp", "--", "--check", "--stamp", "x"}));
  // The program name and near misses stay.
  EXPECT_EQ(withoutOptions({"check", "---check", "--checked"}, {"check"}, {}),
            (V{"check", "---check", "--checked"}));
}

TEST(RewriteText, ShellCommand) {
  EXPECT_EQ(shellCommand({"/bin/tool", "--root=/a/b", "-I.", "x.cpp"}),
            "/bin/tool --root=/a/b -I. x.cpp");
  EXPECT_EQ(shellCommand({"t", "a b", "", "it's", "$HOME", "-DX=\"y\""}),
            "t 'a b' '' 'it'\\''s' '$HOME' '-DX=\"y\"'");
}

TEST(RewriteText, DepfileRule) {
  EXPECT_EQ(
      depfileRule("/b/s.stamp", {"/a/x.cpp", "/a/my dir/h#1.h", "/a/$.h"}),
      "/b/s.stamp: \\\n  /a/$$.h \\\n  /a/my\\ dir/h\\#1.h \\\n"
      "  /a/x.cpp\n");
  EXPECT_EQ(depfileRule("s", {}), "s:\n");
}

class RewritePlanTest : public ::testing::Test {
protected:
  std::filesystem::path dir;
  void SetUp() override {
    dir = std::filesystem::temp_directory_path() /
          ("tangent_plan_test_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
  }
  void TearDown() override { std::filesystem::remove_all(dir); }
  std::string write(const std::string &name, const std::string &text) {
    std::ofstream(dir / name, std::ios::binary) << text;
    return (dir / name).string();
  }
  static RequestRecord request(const Block &b, const std::string &target) {
    RequestRecord r;
    r.ok = true;
    r.key = b.key;
    r.block = b.text;
    r.target = target;
    return r;
  }
};

TEST_F(RewritePlanTest, HeaderBlocksAreMergedAndKept) {
  std::string h_text = "#ifndef H\n#define H\nint f();\n#endif\n";
  // The header already holds g's block (from a run over other units).
  std::string h = write("h.h", rewrite(h_text, true, {block("g")}));
  std::string a = write("a.cpp", "#include \"h.h\"\n");
  std::string b = write("b.cpp", "#include \"h.h\"\n");
  FileStore store({dir.string()});
  UnitResult ua, ub;
  ua.file = a;
  ub.file = b;
  ua.files = ub.files = {a, b, h};
  ua.requests.push_back(request(block("f", "// from a\n"), h));
  ub.requests.push_back(request(block("f", "// from b\n"), h));
  std::vector<PlannedFile> planned;
  std::string error;
  ASSERT_TRUE(planWrites({ua, ub}, store, false, planned, error)) << error;
  const PlannedFile *ph = nullptr;
  for (const PlannedFile &p : planned)
    if (p.path == h)
      ph = &p;
  ASSERT_TRUE(ph);
  Stripped s = stripRegions(ph->planned);
  EXPECT_EQ(s.text, h_text);
  ASSERT_EQ(s.blocks.size(), 2u); // f once (deduplicated), g kept
  EXPECT_EQ(s.blocks[0].text, block("f", "// from a\n").text);
  EXPECT_EQ(ph->kept, std::vector<std::string>{block("g").key});
  // With prune, g goes.
  planned.clear();
  ASSERT_TRUE(planWrites({ua, ub}, store, true, planned, error)) << error;
  for (const PlannedFile &p : planned)
    if (p.path == h)
      EXPECT_EQ(stripRegions(p.planned).blocks.size(), 1u);
}

TEST_F(RewritePlanTest, ExistingTextIsPreferredAndOrphansLeaveMainFiles) {
  // The main file holds f's block as b generated it, and an orphan (g).
  std::string m =
      write("m.cpp", rewrite("int main();\n", false,
                             {block("f", "// from b\n"), block("g")}));
  FileStore store({dir.string()});
  UnitResult u;
  u.file = m;
  u.requests.push_back(request(block("f", "// from a\n"), m));
  u.requests.push_back(request(block("f", "// from b\n"), m));
  std::vector<PlannedFile> planned;
  std::string error;
  ASSERT_TRUE(planWrites({u}, store, false, planned, error)) << error;
  ASSERT_EQ(planned.size(), 1u);
  Stripped s = stripRegions(planned[0].planned);
  ASSERT_EQ(s.blocks.size(), 1u);
  EXPECT_EQ(s.blocks[0].text, block("f", "// from b\n").text);
  EXPECT_TRUE(planned[0].changed);
}

TEST_F(RewritePlanTest, FilesOutsideTheRootsAreNeverPlanned) {
  std::string m = write("m.cpp", "int main();\n");
  FileStore store({(dir / "elsewhere").string()});
  UnitResult u;
  u.file = m;
  u.requests.push_back(request(block("f"), m));
  std::vector<PlannedFile> planned;
  std::string error;
  ASSERT_TRUE(planWrites({u}, store, false, planned, error)) << error;
  EXPECT_TRUE(planned.empty());
  EXPECT_FALSE(store.underRoot((dir / "elsewhere-too" / "x.h").string()));
  EXPECT_TRUE(store.underRoot((dir / "elsewhere" / "x.h").string()));
  // Named on the command line: planned, though outside the roots.
  store.addNamed(m);
  EXPECT_TRUE(store.inScope(m));
  EXPECT_FALSE(store.underRoot(m));
  ASSERT_TRUE(planWrites({u}, store, false, planned, error)) << error;
  ASSERT_EQ(planned.size(), 1u);
  EXPECT_EQ(planned[0].path, m);
  EXPECT_TRUE(planned[0].changed);
}

TEST_F(RewritePlanTest, ReadOnlyFilesAreRefusedByTheirMode) {
  namespace fs = std::filesystem;
  std::string f = write("ro.cpp", "int x;\n");
  EXPECT_EQ(writeRefusal(f, false), "");
  fs::permissions(f, fs::perms::owner_read | fs::perms::group_read |
                         fs::perms::others_read);
  // Decided by the mode bits, so also when the tests run as root.
  std::string why = writeRefusal(f, false);
  EXPECT_NE(why.find("it is read-only (mode 0444)"), std::string::npos) << why;
  EXPECT_NE(why.find("--force"), std::string::npos) << why;
  EXPECT_EQ(writeRefusal(f, true), "");
  EXPECT_EQ(writeRefusal((dir / "new.json").string(), false), "");
  EXPECT_EQ(writeRefusal((dir / "no" / "new.json").string(), true),
            "its directory '" + (dir / "no").string() + "' does not exist");
  EXPECT_EQ(writeRefusal(dir.string(), true), "it is a directory");
  // --force replaces it and keeps its mode.
  std::string message;
  ASSERT_TRUE(replaceFile(f, "int y;\n", message)) << message;
  EXPECT_EQ(fs::status(f).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::group_read |
                fs::perms::others_read);
  std::ifstream in(f);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "int y;");
}

} // namespace
