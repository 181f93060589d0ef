//===- ValidateOwned.cpp - arrays owned by pointer fields, in order ------===//
//
// A pointer field that owns its array (AstShapes.h, ownedField: `Real_t
// *m_dxx;` set by `m_dxx = Allocate<Real_t>(n)`, freed by
// `Release(&m_dxx)`) is a vector of the generated code, and a request
// gives it one of its own, empty (BindingFields.cpp): the user's pointer
// is neither read nor written. That is the program's meaning only if every
// use of the array inside the requested function comes after an
// allocation into it, and the array is released before the function
// returns. This file checks it in the order the program runs: the state of
// each owned field of each object (released, allocated, either) is carried
// along statements, joined where paths meet, to a fixed point around
// loops, and into callees with their objects mapped to the caller's. A use
// where the array may be released, a copy of an object whose array may be
// allocated (the copied pointer shares the array, a copied vector would
// not) or a return with an array that may be allocated is refused.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/Diagnostics.h"
#include "frontend/Types.h"
#include "frontend/Validate.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include <map>
#include <optional>
#include <set>

using namespace clang;

namespace tangent {

namespace {

/// Where an owned array may be: released (also at the start), allocated,
/// either (paths disagree); `Unreached`: no path gets here (a return).
enum class Held { Unreached, Released, Allocated, Either };

Held join(Held a, Held b) {
  return a == Held::Unreached             ? b
         : b == Held::Unreached || a == b ? a
                                          : Held::Either;
}

/// An object of the program: a variable (a local, or a parameter of the
/// requested function) or the object a member function is called on
/// (`base` null only for the requested function's `this`), and the
/// fields that lead from it to a nested object.
struct Place {
  const void *base = nullptr;
  std::vector<const FieldDecl *> path;
  auto operator<=>(const Place &) const = default;
};

/// The states of the owned fields of every object: absent means released
/// (the requested function's objects start so; an object built inside it
/// starts empty). `reached` false: no path gets here.
struct State {
  bool reached = true;
  std::map<std::pair<Place, const FieldDecl *>, Held> held;

  Held at(const Place &p, const FieldDecl *f) const {
    auto it = held.find({p, f});
    return it == held.end() ? Held::Released : it->second;
  }
  void joinWith(const State &o) {
    if (!o.reached)
      return;
    if (!reached) {
      *this = o;
      return;
    }
    std::map<std::pair<Place, const FieldDecl *>, Held> out;
    for (const auto &[k, v] : held)
      out[k] = join(v, o.at(k.first, k.second));
    for (const auto &[k, v] : o.held)
      if (!held.count(k))
        out[k] = join(Held::Released, v);
    held = std::move(out);
  }
  bool operator==(const State &) const = default;
};

/// A function being walked: what its `this` and its parameters (and its
/// references and pointers to objects) are in the caller's terms; none
/// for an object that cannot be followed.
struct Frame {
  const FunctionDecl *fd = nullptr;
  std::optional<Place> self;
  std::map<const ValueDecl *, std::optional<Place>> names;
};

class OwnedFields {
public:
  OwnedFields(ASTContext &ctx, Diagnoser &diags) : ctx_(ctx), diags_(diags) {}

  bool run(const FunctionDecl *top) {
    const FunctionDecl *def = nullptr;
    if (!top->hasBody(def) || !def)
      return true;
    Frame frame;
    frame.fd = def;
    if (const auto *md = dyn_cast<CXXMethodDecl>(def); md && !md->isStatic())
      frame.self = Place{};
    State s;
    State exit;
    exit.reached = false;
    exits_.push_back(&exit);
    walk(def->getBody(), frame, s);
    exits_.pop_back();
    exit.joinWith(s);
    if (exit.reached)
      for (const auto &[key, held] : exit.held)
        if (held != Held::Released) {
          const FieldDecl *f = key.second;
          refuse(def->getLocation(),
                 "when '" + def->getNameAsString() + "' returns, the field '" +
                     f->getNameAsString() +
                     "' may still hold the array allocated at " +
                     makeLoc(ctx_, allocated_at_[f]).str() +
                     ": tangent keeps an array a pointer field owns only "
                     "inside the differentiated function; release it before "
                     "the function returns, or differentiate a function "
                     "that allocates and releases it");
        }
    return ok_;
  }

private:
  ASTContext &ctx_;
  Diagnoser &diags_;
  bool ok_ = true;
  std::set<std::pair<unsigned, unsigned>> said_;
  std::map<const FieldDecl *, SourceLocation> allocated_at_;
  std::vector<State *> exits_, breaks_, continues_;
  std::set<const FunctionDecl *> active_; ///< being walked (recursion)
  int depth_ = 0;

  /// Refused at `loc`, with the calls that lead there from the requested
  /// function (innermost first): once per place and outermost call.
  void refuse(SourceLocation loc, const std::string &what) {
    ok_ = false;
    const unsigned outer =
        calls_.empty() ? 0 : calls_.front().second.getRawEncoding();
    if (!said_.insert({loc.getRawEncoding(), outer}).second)
      return;
    diags_.error(loc, "tangent: " + what);
    for (size_t k = calls_.size(), shown = 0; k-- > 0 && shown < 4; ++shown)
      diags_.note(calls_[k].second,
                  "'" + calls_[k].first->getNameAsString() + "' called here");
  }
  std::vector<std::pair<const FunctionDecl *, SourceLocation>> calls_;

  /// The object `e` is, in the terms of the walk; none if it cannot be
  /// followed (an element of a container, a call's result).
  std::optional<Place> place(const clang::Expr *e, const Frame &frame) {
    e = e->IgnoreParenImpCasts();
    if (isa<CXXThisExpr>(e))
      return frame.self;
    if (const auto *u = dyn_cast<UnaryOperator>(e);
        u && (u->getOpcode() == UO_Deref || u->getOpcode() == UO_AddrOf))
      return place(u->getSubExpr(), frame);
    if (const auto *dre = dyn_cast<DeclRefExpr>(e)) {
      auto it = frame.names.find(dre->getDecl());
      if (it != frame.names.end())
        return it->second;
      return Place{dre->getDecl(), {}};
    }
    if (const auto *me = dyn_cast<MemberExpr>(e)) {
      const auto *f = dyn_cast<FieldDecl>(me->getMemberDecl());
      std::optional<Place> p = f ? place(me->getBase(), frame) : std::nullopt;
      if (p)
        p->path.push_back(f);
      return p;
    }
    return std::nullopt;
  }

  /// Whether objects of `t` (or the objects they hold) have owned fields.
  bool holdsOwned(QualType t) {
    const CXXRecordDecl *rd = splitClass(t);
    if (!rd || !rd->hasDefinition())
      return false;
    auto [it, added] = holds_.try_emplace(rd, false);
    if (!added)
      return it->second;
    bool any = false;
    for (const FieldDecl *f : rd->fields())
      any |= ownedField(f) || holdsOwned(f->getType());
    for (const CXXBaseSpecifier &b : rd->bases())
      any |= holdsOwned(b.getType());
    return holds_[rd] = any;
  }
  std::map<const CXXRecordDecl *, bool> holds_;

  /// A copy of the object `from` (of a class holding owned fields): refused
  /// where one of its arrays (of any object, if `from` cannot be followed)
  /// may be allocated.
  void copied(const clang::Expr *from, const Frame &frame, const State &s,
              SourceLocation loc) {
    std::optional<Place> p = place(from, frame);
    for (const auto &[key, held] : s.held) {
      const Place &at = key.first;
      if (held == Held::Released ||
          (p && (at.base != p->base || at.path.size() < p->path.size() ||
                 !std::equal(p->path.begin(), p->path.end(), at.path.begin()))))
        continue;
      return refuse(loc, "copying an object whose field '" +
                             key.second->getNameAsString() +
                             "' may hold an array it owns is not supported "
                             "(the copy of the pointer shares the array; the "
                             "generated code's copy would not): copy it "
                             "before the allocation or after the release");
    }
  }

  void walk(const clang::Stmt *st, Frame &frame, State &s) {
    if (!st)
      return;
    if (const auto *e = dyn_cast<clang::Expr>(st))
      return expr(e, frame, s);
    if (const auto *is = dyn_cast<IfStmt>(st)) {
      walk(is->getInit(), frame, s);
      walk(is->getConditionVariableDeclStmt(), frame, s);
      walk(is->getCond(), frame, s);
      State other = s;
      walk(is->getThen(), frame, s);
      walk(is->getElse(), frame, other);
      s.joinWith(other);
      return;
    }
    if (const auto *fs = dyn_cast<ForStmt>(st)) {
      walk(fs->getInit(), frame, s);
      return loop(fs->getCond(), fs->getBody(), fs->getInc(), false, frame, s,
                  fs->getConditionVariableDeclStmt());
    }
    if (const auto *ws = dyn_cast<WhileStmt>(st))
      return loop(ws->getCond(), ws->getBody(), nullptr, false, frame, s,
                  ws->getConditionVariableDeclStmt());
    if (const auto *ds = dyn_cast<DoStmt>(st))
      return loop(ds->getCond(), ds->getBody(), nullptr, true, frame, s);
    if (const auto *rs = dyn_cast<CXXForRangeStmt>(st)) {
      walk(rs->getInit(), frame, s);
      walk(rs->getRangeStmt(), frame, s);
      return loop(nullptr, rs->getBody(), nullptr, false, frame, s,
                  rs->getLoopVarStmt());
    }
    if (isa<ReturnStmt>(st)) {
      for (const clang::Stmt *c : st->children())
        walk(c, frame, s);
      if (!exits_.empty())
        exits_.back()->joinWith(s);
      s.reached = false;
      return;
    }
    if (isa<BreakStmt>(st) || isa<ContinueStmt>(st)) {
      auto &targets = isa<BreakStmt>(st) ? breaks_ : continues_;
      if (!targets.empty())
        targets.back()->joinWith(s);
      s.reached = false;
      return;
    }
    if (const auto *ss = dyn_cast<SwitchStmt>(st)) {
      walk(ss->getInit(), frame, s);
      walk(ss->getCond(), frame, s);
      const State entry = s;
      State after;
      after.reached = false;
      breaks_.push_back(&after);
      switch_entries_.push_back(&entry);
      s.reached = false; // reached through its labels
      walk(ss->getBody(), frame, s);
      switch_entries_.pop_back();
      breaks_.pop_back();
      s.joinWith(after);
      bool has_default = false;
      for (const SwitchCase *c = ss->getSwitchCaseList(); c;
           c = c->getNextSwitchCase())
        has_default |= isa<DefaultStmt>(c);
      if (!has_default)
        s.joinWith(entry);
      return;
    }
    if (isa<SwitchCase>(st) && !switch_entries_.empty()) {
      s.joinWith(*switch_entries_.back());
      return walk(cast<SwitchCase>(st)->getSubStmt(), frame, s);
    }
    if (const auto *ds = dyn_cast<DeclStmt>(st)) {
      for (const Decl *d : ds->decls())
        if (const auto *vd = dyn_cast<VarDecl>(d))
          declaration(vd, frame, s);
      return;
    }
    for (const clang::Stmt *c : st->children())
      walk(c, frame, s);
  }
  std::vector<const State *> switch_entries_;

  void declaration(const VarDecl *vd, Frame &frame, State &s) {
    // A new object each time it is declared: nothing allocated yet.
    for (auto it = s.held.begin(); it != s.held.end();)
      it = it->first.first.base == vd ? s.held.erase(it) : std::next(it);
    const clang::Expr *init = vd->getInit();
    QualType t = vd->getType();
    // A reference or pointer to an object: another name for it.
    if (init && (t->isReferenceType() || t->isPointerType()) &&
        holdsOwned(t->isPointerType() ? t->getPointeeType()
                                      : t.getNonReferenceType())) {
      expr(init, frame, s);
      frame.names[vd] = place(init, frame);
      return;
    }
    if (!init)
      return;
    // An object built from another: a copy (or, moved, the same).
    if (holdsOwned(t) && !t->isReferenceType())
      if (const auto *ce = dyn_cast<CXXConstructExpr>(init->IgnoreImplicit());
          ce && ce->getConstructor()->isCopyOrMoveConstructor() &&
          ce->getNumArgs() == 1) {
        expr(ce->getArg(0), frame, s);
        copied(ce->getArg(0), frame, s, vd->getLocation());
        return;
      }
    construct(init, vd, frame, s);
  }

  /// An object `vd` built by `init`: its constructor walked as a member
  /// function of it.
  void construct(const clang::Expr *init, const VarDecl *vd, Frame &frame,
                 State &s) {
    const auto *ce = dyn_cast<CXXConstructExpr>(init->IgnoreImplicit());
    if (!ce || !holdsOwned(vd->getType())) {
      expr(init, frame, s);
      return;
    }
    for (const clang::Expr *a : ce->arguments())
      expr(a, frame, s);
    callee(ce->getConstructor(), Place{vd, {}},
           llvm::ArrayRef<const clang::Expr *>(ce->getArgs(), ce->getNumArgs()),
           frame, s, ce->getBeginLoc());
  }

  void loop(const clang::Expr *cond, const clang::Stmt *body,
            const clang::Expr *inc, bool body_first, Frame &frame, State &s,
            const clang::Stmt *per_iteration = nullptr) {
    // The state at the head: the entry's joined with every iteration's
    // end, to a fixed point (the states only grow: at most a few rounds).
    State head = s;
    State out;
    for (;;) { // the states only grow, in a finite lattice: it ends
      State at = head;
      State leave, next;
      leave.reached = next.reached = false;
      if (!body_first) {
        walk(per_iteration, frame, at);
        walk(cond, frame, at);
        leave.joinWith(at);
      }
      breaks_.push_back(&leave);
      continues_.push_back(&next);
      walk(body, frame, at);
      breaks_.pop_back();
      continues_.pop_back();
      at.joinWith(next);
      walk(inc, frame, at);
      if (body_first) {
        walk(cond, frame, at);
        leave.joinWith(at);
      }
      State widened = head;
      widened.joinWith(at);
      out = leave;
      if (widened == head)
        break;
      head = widened;
    }
    s = out;
  }

  void expr(const clang::Expr *e, Frame &frame, State &s) {
    if (!e || !s.reached)
      return;
    const clang::Expr *bare = e->IgnoreParens();
    if (OwnedArray oa; const MemberExpr *me = fieldAllocation(bare, oa)) {
      if (oa.count)
        expr(oa.count, frame, s);
      const auto *f = cast<FieldDecl>(me->getMemberDecl());
      allocated_at_.try_emplace(f, me->getBeginLoc());
      if (std::optional<Place> p = place(me->getBase(), frame))
        s.held[{*p, f}] = Held::Allocated;
      else
        refuse(me->getBeginLoc(), "allocating into '" + f->getNameAsString() +
                                      "' of an object tangent cannot follow "
                                      "(an element of a container, a "
                                      "call's result) is not supported");
      return;
    }
    if (const MemberExpr *me = releasedField(bare)) {
      if (std::optional<Place> p = place(me->getBase(), frame))
        s.held[{*p, cast<FieldDecl>(me->getMemberDecl())}] = Held::Released;
      return;
    }
    if (const auto *c = dyn_cast<CallExpr>(bare))
      return call(c, frame, s);
    if (const auto *me = dyn_cast<MemberExpr>(bare))
      if (const auto *f = dyn_cast<FieldDecl>(me->getMemberDecl());
          f && ownedField(f)) {
        expr(me->getBase(), frame, s);
        std::optional<Place> p = place(me->getBase(), frame);
        if (!p || s.at(*p, f) != Held::Allocated)
          refuse(me->getMemberLoc(),
                 "'" + f->getNameAsString() + "' owns the arrays its class " +
                     "allocates into it, and may be used here before an " +
                     "allocation (or after its release) in '" +
                     frame.fd->getNameAsString() +
                     "': tangent keeps such an array only between an "
                     "allocation and its release inside the differentiated "
                     "function; allocate it there first");
        return;
      }
    if (const auto *co = dyn_cast<ConditionalOperator>(bare)) {
      expr(co->getCond(), frame, s);
      State other = s;
      expr(co->getTrueExpr(), frame, s);
      expr(co->getFalseExpr(), frame, other);
      s.joinWith(other);
      return;
    }
    if (const auto *b = dyn_cast<BinaryOperator>(bare); b && b->isLogicalOp()) {
      expr(b->getLHS(), frame, s);
      State skipped = s;
      expr(b->getRHS(), frame, s);
      s.joinWith(skipped);
      return;
    }
    if (const auto *ce = dyn_cast<CXXConstructExpr>(bare)) {
      for (const clang::Expr *a : ce->arguments())
        expr(a, frame, s);
      if (ce->getConstructor()->isCopyOrMoveConstructor() &&
          ce->getNumArgs() == 1 && holdsOwned(ce->getType()))
        copied(ce->getArg(0), frame, s, ce->getBeginLoc());
      return;
    }
    if (const auto *le = dyn_cast<LambdaExpr>(bare)) {
      // Its body where it is made, as if called there; where and how often
      // it is called is not followed, so it may not allocate or release.
      State inside = s, exit;
      exit.reached = false;
      exits_.push_back(&exit); // its returns are its own
      walk(le->getBody(), frame, inside);
      exits_.pop_back();
      exit.joinWith(inside);
      if (exit.reached && !(exit == s))
        refuse(le->getBeginLoc(), "a lambda that allocates or releases an "
                                  "array a pointer field owns is not "
                                  "supported; allocate and release outside "
                                  "it");
      return;
    }
    for (const clang::Stmt *c : bare->children())
      walk(c, frame, s);
  }

  void call(const CallExpr *c, Frame &frame, State &s) {
    // A member function's object, then the arguments, in order.
    const clang::Expr *object = nullptr;
    llvm::ArrayRef<const clang::Expr *> args(c->getArgs(), c->getNumArgs());
    if (const auto *mc = dyn_cast<CXXMemberCallExpr>(c))
      object = mc->getImplicitObjectArgument();
    const auto *op = dyn_cast<CXXOperatorCallExpr>(c);
    const auto *opm =
        op ? dyn_cast_or_null<CXXMethodDecl>(op->getDirectCallee()) : nullptr;
    if (opm && !opm->isStatic() && !args.empty()) {
      object = args.front();
      args = args.drop_front();
    }
    const FunctionDecl *fd = c->getDirectCallee();
    if (opm && opm->isCopyAssignmentOperator() && holdsOwned(object->getType()))
      copied(args.front(), frame, s, c->getBeginLoc());
    if (object && !isa<CXXThisExpr>(object->IgnoreParenImpCasts()))
      expr(object, frame, s);
    if (!fd) {
      expr(c->getCallee(), frame, s);
    }
    for (const clang::Expr *a : args)
      expr(a, frame, s);
    if (!fd)
      return;
    std::optional<Place> self;
    if (object)
      self = place(object, frame);
    callee(fd, self, args, frame, s, c->getBeginLoc());
  }

  /// A call of `fd` (a constructor's when `self` is the object built):
  /// its body walked with its objects mapped to the caller's.
  void callee(const FunctionDecl *fd, std::optional<Place> self,
              llvm::ArrayRef<const clang::Expr *> args, Frame &frame, State &s,
              SourceLocation loc) {
    const FunctionDecl *def = nullptr;
    if (!fd->hasBody(def) || !def ||
        ctx_.getSourceManager().isInSystemHeader(def->getLocation()))
      return;
    Frame inner;
    inner.fd = def;
    inner.self = self;
    for (unsigned i = 0; i < def->getNumParams() && i < args.size(); ++i) {
      const ParmVarDecl *p = def->getParamDecl(i);
      QualType t = p->getType();
      QualType object =
          t->isPointerType() ? t->getPointeeType() : t.getNonReferenceType();
      if (!holdsOwned(object))
        continue;
      if (t->isReferenceType() || t->isPointerType())
        inner.names[p] = place(args[i], frame);
      else // by value: a copy (checked where the argument was built)
        inner.names[p] = Place{p, {}};
    }
    if (!reaches(def))
      return;
    if (active_.count(def) || depth_ > 64)
      return refuse(loc, "a recursive call of a function that uses an array "
                         "a pointer field owns is not supported");
    active_.insert(def);
    ++depth_;
    State exit;
    exit.reached = false;
    exits_.push_back(&exit);
    std::vector<State *> saved_breaks, saved_continues;
    std::swap(saved_breaks, breaks_);
    std::swap(saved_continues, continues_);
    calls_.push_back({def, loc});
    if (const auto *ctor = dyn_cast<CXXConstructorDecl>(def))
      for (const CXXCtorInitializer *init : ctor->inits())
        expr(init->getInit(), inner, s);
    walk(def->getBody(), inner, s);
    calls_.pop_back();
    std::swap(saved_breaks, breaks_);
    std::swap(saved_continues, continues_);
    exits_.pop_back();
    --depth_;
    active_.erase(def);
    exit.joinWith(s);
    s = exit;
  }

  /// Whether `fd` or a function it calls names an owned field or builds
  /// an object holding one: the functions the walk must follow.
  bool reaches(const FunctionDecl *fd) {
    if (auto it = reaches_.find(fd); it != reaches_.end())
      return it->second;
    if (!open_.insert(fd).second) { // recursion: no answer yet
      provisional_ = true;
      return false;
    }
    const bool outer = provisional_;
    provisional_ = false;
    std::function<bool(const clang::Stmt *)> any =
        [&](const clang::Stmt *st) -> bool {
      if (!st)
        return false;
      const auto *me = dyn_cast<MemberExpr>(st);
      const auto *f = me ? dyn_cast<FieldDecl>(me->getMemberDecl()) : nullptr;
      const auto *ce = dyn_cast<CXXConstructExpr>(st);
      const auto *call = dyn_cast<CallExpr>(st);
      const FunctionDecl *callee = call ? call->getDirectCallee()
                                   : ce ? ce->getConstructor()
                                        : nullptr;
      const FunctionDecl *def = nullptr;
      if ((f && ownedField(f)) || (ce && holdsOwned(ce->getType())) ||
          (callee && callee->hasBody(def) && def && reaches(def)))
        return true;
      for (const clang::Stmt *c : st->children())
        if (any(c))
          return true;
      return false;
    };
    const bool found = any(fd->getBody());
    open_.erase(fd);
    if (found || !provisional_) // a "no" that leaned on an open one is not
      reaches_[fd] = found;     // kept: asked again, it is found again
    provisional_ = outer || provisional_;
    return found;
  }
  std::map<const FunctionDecl *, bool> reaches_;
  std::set<const FunctionDecl *> open_;
  bool provisional_ = false;
};

} // namespace

bool ownedFieldsInOrder(const FunctionDecl *top, ASTContext &ctx,
                        Diagnoser &diags) {
  return OwnedFields(ctx, diags).run(top);
}

} // namespace tangent
