//===- GenerationPoint.cpp - where generated code enters a TU -------------===//
#include "clang/GenerationPoint.h"
#include "clang/CheckpointAttr.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace tangent {

namespace {

/// The main file's last token outside conditional groups, and the `endif`
/// closing its last top-level conditional group (raw offsets, -1: none).
void findPoint(const SourceManager &sm, const LangOptions &lo, FileID fid,
               long &last_token, long &last_endif) {
  llvm::StringRef buf = sm.getBufferData(fid);
  Lexer lex(sm.getLocForStartOfFile(fid), lo, buf.begin(), buf.begin(),
            buf.end());
  int depth = 0;
  bool in_directive = false, directive_name = false;
  Token tok;
  for (bool more = true; more;) {
    more = !lex.LexFromRawLexer(tok);
    if (tok.is(tok::eof))
      break;
    if (tok.isAtStartOfLine()) {
      in_directive = directive_name = tok.is(tok::hash);
      if (in_directive)
        continue;
    }
    if (in_directive) {
      if (directive_name && tok.is(tok::raw_identifier)) {
        llvm::StringRef name = tok.getRawIdentifier();
        if (name == "if" || name == "ifdef" || name == "ifndef")
          ++depth;
        else if (name == "endif" && --depth == 0)
          last_endif = long(sm.getFileOffset(tok.getLocation()));
      }
      directive_name = false;
      continue;
    }
    if (depth == 0)
      last_token = long(sm.getFileOffset(tok.getLocation()));
  }
}

/// Forwards `#endif` directives while the trigger lives.
class EndifWatcher : public PPCallbacks {
public:
  EndifWatcher(std::function<void(SourceLocation)> on_endif,
               std::shared_ptr<bool> alive)
      : on_endif_(std::move(on_endif)), alive_(std::move(alive)) {}
  void Endif(SourceLocation loc, SourceLocation) override {
    if (*alive_)
      on_endif_(loc);
  }

private:
  std::function<void(SourceLocation)> on_endif_;
  std::shared_ptr<bool> alive_;
};

} // namespace

GenerationTrigger::GenerationTrigger(CompilerInstance &ci,
                                     std::function<void(SourceLocation)> fire)
    : ci_(ci), fire_(std::move(fire)) {
  SourceManager &sm = ci_.getSourceManager();
  main_ = sm.getMainFileID();
  long last_token = -1, last_endif = -1;
  findPoint(sm, ci_.getLangOpts(), main_, last_token, last_endif);
  Preprocessor &pp = ci_.getPreprocessor();
  if (last_endif > last_token) {
    endif_offset_ = last_endif;
    pp.addPPCallbacks(std::make_unique<EndifWatcher>(
        [this](SourceLocation loc) { onEndif(loc); }, alive_));
  } else if (last_token >= 0) {
    token_offset_ = last_token;
    pp.setTokenWatcher([this](const Token &tok) { onToken(tok); });
  }
}

GenerationTrigger::~GenerationTrigger() {
  *alive_ = false;
  if (token_offset_ >= 0 && !reached_)
    ci_.getPreprocessor().setTokenWatcher(nullptr);
}

void GenerationTrigger::onToken(const Token &tok) {
  if (reached_ || !tok.getLocation().isFileID())
    return;
  SourceManager &sm = ci_.getSourceManager();
  if (sm.getFileID(tok.getLocation()) != main_ ||
      long(sm.getFileOffset(tok.getLocation())) != token_offset_)
    return;
  // Tentative parsing caches tokens and replays them: wait for the replay.
  if (ci_.getPreprocessor().isBacktrackEnabled())
    return;
  ci_.getPreprocessor().setTokenWatcher(nullptr);
  reach(tok.getLocation());
}

void GenerationTrigger::onEndif(SourceLocation loc) {
  if (reached_)
    return;
  SourceManager &sm = ci_.getSourceManager();
  SourceLocation at = sm.getFileLoc(loc);
  if (sm.getFileID(at) != main_ || long(sm.getFileOffset(at)) != endif_offset_)
    return;
  reach(at);
}

void GenerationTrigger::reach(SourceLocation at) {
  reached_ = true;
  // After an error the compile fails anyway, and error recovery may be
  // skipping tokens: do not generate.
  if (ci_.getDiagnostics().hasErrorOccurred())
    return;
  fire_(at);
}

namespace {

bool inTangentNamespace(const Decl *d) {
  for (const DeclContext *dc = d->getDeclContext(); dc; dc = dc->getParent())
    if (const auto *ns = dyn_cast<NamespaceDecl>(dc))
      if (ns->getName() == "tangent" &&
          ns->getParent()->getRedeclContext()->isTranslationUnit())
        return true;
  return false;
}

/// Clang instantiates the bodies of function templates at the end of the
/// translation unit, after the generation point; a request inside one
/// (`template <auto F> void check() { tangent::grad<F>()(...); }`) would not
/// exist yet. Instantiate the pending user templates now, leaving tangent's
/// own (the markers, whose bodies must bind to the generated code) for the
/// end of the translation unit.
void instantiateUserTemplates(Sema &sema) {
  for (int round = 0; round < 64; ++round) {
    std::deque<Sema::PendingImplicitInstantiation> pending;
    pending.swap(sema.PendingInstantiations);
    std::deque<Sema::PendingImplicitInstantiation> kept;
    bool progress = false;
    for (auto &entry : pending) {
      auto *fd = dyn_cast<FunctionDecl>(entry.first);
      if (!fd || inTangentNamespace(fd) || fd->isDefined()) {
        kept.push_back(entry);
        continue;
      }
      // Not recursive: what this instantiation needs joins the queue and is
      // sorted in the next round.
      sema.InstantiateFunctionDefinition(entry.second, fd,
                                         /*Recursive=*/false,
                                         /*DefinitionRequired=*/false,
                                         /*AtEndOfTU=*/true);
      progress = true;
    }
    for (auto &entry : kept)
      sema.PendingInstantiations.push_back(entry);
    if (!progress)
      return;
  }
}

} // namespace

DriverInput pipelineInput(CompilerInstance &ci, Diagnoser &diags,
                          SourceLocation at) {
  // Only translation units that use tangent pay for anything.
  if (ci.hasSema() && declaresGradient(ci.getASTContext()))
    instantiateUserTemplates(ci.getSema());
  DriverInput input;
  input.ctx = &ci.getASTContext();
  input.diags = &diags;
  input.requests = findRequests(ci.getASTContext());
  input.checkpoint_marks = checkpointMarks();
  input.fixed_point_marks = fixedPointMarks();
  if (ci.hasSema()) {
    Sema &sema = ci.getSema();
    input.instantiate = [&sema, at](const FunctionDecl *fd) {
      sema.InstantiateFunctionDefinition(at, const_cast<FunctionDecl *>(fd),
                                         /*Recursive=*/true,
                                         /*DefinitionRequired=*/false,
                                         /*AtEndOfTU=*/false);
    };
  }
  return input;
}

} // namespace tangent
