//===- Passes.cpp - the pass list, its switches and its manager -----------===//
#include "ir/Passes.h"
#include "ir/IR.h"
#include "ir/Support.h"
#include "ir/Verify.h"
#include <sstream>

namespace tangent {

const std::vector<PassInfo> &passList() {
  static const std::vector<PassInfo> list = {
#define TANGENT_PASS(Id, name, stage, kind, what)                              \
  {Pass::Id, name, PassStage::stage, PassKind::kind, what},
#include "ir/Passes.def"
  };
  return list;
}

const PassInfo &passInfo(Pass p) {
  const PassInfo &info = passList().at(static_cast<std::size_t>(p));
  TANGENT_ASSERT(info.id == p, "the pass list is out of order");
  return info;
}

// The number of passes in Passes.def: PassSet has one bit for each.
constexpr unsigned pass_count = 0
#define TANGENT_PASS(Id, name, stage, kind, what) +1
#include "ir/Passes.def"
    ;
static_assert(pass_count <= 64, "PassSet holds 64 passes");

bool PassSet::disable(Pass p) {
  if (passInfo(p).kind == PassKind::Required)
    return false;
  off_ |= std::uint64_t(1) << static_cast<unsigned>(p);
  return true;
}

PassSet PassSet::requiredOnly() const {
  PassSet out = *this;
  for (const PassInfo &info : passList())
    out.disable(info.id);
  return out;
}

bool PassSet::disable(const std::string &names, std::string &error) {
  PassSet out = *this;
  std::stringstream in(names);
  std::string name;
  bool any = false;
  while (std::getline(in, name, ',')) {
    any = true;
    if (name == "all") {
      out = out.requiredOnly();
      continue;
    }
    // `-name` switches a pass back on (`all,-loop-accumulate`).
    const bool back_on = !name.empty() && name[0] == '-';
    if (back_on)
      name.erase(0, 1);
    const PassInfo *found = nullptr;
    for (const PassInfo &info : passList())
      if (name == info.name)
        found = &info;
    if (!found) {
      error = "unknown pass '" + name + "'";
    } else if (back_on) {
      out.off_ &= ~(std::uint64_t(1) << static_cast<unsigned>(found->id));
      continue;
    } else if (!out.disable(found->id)) {
      error = "the pass '" + name + "' is required";
    } else {
      continue;
    }
    error +=
        " (passes that can be switched off: all, " + optionalPassNames() + ")";
    return false;
  }
  if (!any) {
    error = "no pass named (passes that can be switched off: all, " +
            optionalPassNames() + ")";
    return false;
  }
  *this = out;
  return true;
}

std::string PassSet::str() const {
  std::string out;
  for (const PassInfo &info : passList())
    if (!on(info.id))
      out += (out.empty() ? "" : ",") + std::string(info.name);
  return out;
}

std::string optionalPassNames() {
  std::string out;
  for (const PassInfo &info : passList())
    if (info.kind != PassKind::Required)
      out += (out.empty() ? "" : ", ") + std::string(info.name);
  return out;
}

std::string passListText() {
  static const char *stages[] = {"analysis", "tangent", "adjoint"};
  static const char *kinds[] = {"required", "optional", "rule"};
  std::ostringstream out;
  for (const PassInfo &info : passList())
    out << info.name << "  [" << stages[static_cast<int>(info.stage)] << ", "
        << kinds[static_cast<int>(info.kind)] << "]  " << info.what << "\n";
  return out.str();
}

PassManager::PassManager(Function &fn, std::function<void(const char *)> after)
    : fn_(fn), after_(std::move(after)) {}

bool PassManager::run(Pass p, const std::function<void()> &body) {
  const int index = static_cast<int>(p);
  TANGENT_ASSERT(index > last_, "a pass ran out of the order of Passes.def");
  TANGENT_ASSERT(passInfo(p).kind != PassKind::Rule,
                 "a rule is consulted by its pass, not run");
  last_ = index;
  if (!fn_.passes.on(p))
    return false;
  body();
  verifyOrThrow(fn_, passInfo(p).name);
  if (after_)
    after_(passInfo(p).name);
  return true;
}

void PassManager::restartAt(Pass p) { last_ = static_cast<int>(p) - 1; }

} // namespace tangent
