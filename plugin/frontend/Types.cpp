//===- Types.cpp - Clang types and names as the IR sees them --------------===//
#include "frontend/Types.h"
#include "frontend/AstShapes.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace tangent {

const ClassTemplateSpecializationDecl *stdTemplate(QualType qt,
                                                   llvm::StringRef name) {
  const auto *rd = qt->getAsCXXRecordDecl();
  const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(rd);
  if (!spec || !spec->isInStdNamespace() || spec->getName() != name)
    return nullptr;
  return spec;
}

bool lowerType(ASTContext &ctx, QualType qt, Type &out) {
  out = Type{};
  // An MPI request (and an array of them): a handle generated code only
  // passes to MPI, an inactive scalar of its own spelling.
  auto isRequest = [](QualType t) {
    const auto *td = t->getAs<TypedefType>();
    return td && td->getDecl()->getName() == "MPI_Request";
  };
  QualType sugared = qt.getNonReferenceType().getUnqualifiedType();
  if (isRequest(sugared)) {
    out.kind = TypeKind::Int;
    out.spelling = "MPI_Request";
    return true;
  }
  if (const auto *arr = ctx.getAsConstantArrayType(sugared);
      arr && isRequest(arr->getElementType())) {
    out.kind = TypeKind::CArray;
    out.elem_spelling = out.spelling = "MPI_Request";
    out.extent = arr->getSize().getZExtValue();
    return true;
  }
  qt = qt.getNonReferenceType().getUnqualifiedType().getCanonicalType();
  if (qt->isVoidType()) {
    out.kind = TypeKind::Void;
    out.spelling = "void";
    return true;
  }
  if (qt->isBooleanType()) {
    out.kind = TypeKind::Bool;
    out.spelling = "bool";
    return true;
  }
  if (qt->isRealFloatingType()) {
    out.kind = TypeKind::Real;
    out.spelling = typeSpelling(ctx, qt);
    return true;
  }
  if (qt->isIntegralOrEnumerationType()) {
    out.kind = TypeKind::Int;
    out.spelling = typeSpelling(ctx, qt);
    out.is_unsigned = qt->isUnsignedIntegerOrEnumerationType();
    return true;
  }
  auto element = [&](QualType elem) {
    Type e;
    if (!lowerType(ctx, elem, e) || !(e.isReal() || e.isIntegral()))
      return false;
    out.elem_spelling = e.spelling;
    out.elem_real = e.isReal();
    return true;
  };
  if (const auto *spec = stdTemplate(qt, "vector")) {
    QualType elem = spec->getTemplateArgs()[0].getAsType();
    Type row;
    if (stdTemplate(elem.getCanonicalType(), "vector") &&
        lowerType(ctx, elem, row) && !row.isNested()) {
      // A vector of vectors of numbers: a matrix as rows.
      out.kind = TypeKind::Vector;
      out.elem_spelling = row.spelling;
      out.elem_real = row.elem_real;
      out.spelling = "std::vector<" + row.spelling + ">";
      out.row = std::make_shared<const Type>(row);
      return true;
    }
    out.kind = TypeKind::Vector;
    if (!element(elem))
      return false;
    out.spelling = "std::vector<" + out.elem_spelling + ">";
    return true;
  }
  if (const auto *spec = stdTemplate(qt, "span")) {
    // std::span<T> (dynamic extent): a pointer with its size.
    QualType elem = spec->getTemplateArgs()[0].getAsType();
    const llvm::APSInt extent = spec->getTemplateArgs()[1].getAsIntegral();
    if (extent != llvm::APSInt::getMaxValue(extent.getBitWidth(), true))
      return false;
    out.kind = TypeKind::Pointer;
    out.span = true;
    out.pointee_const = elem.isConstQualified();
    if (!element(elem.getUnqualifiedType()))
      return false;
    out.spelling = "std::span<" +
                   std::string(out.pointee_const ? "const " : "") +
                   out.elem_spelling + ">";
    return true;
  }
  if (const auto *spec = stdTemplate(qt, "array")) {
    out.kind = TypeKind::Array;
    if (!element(spec->getTemplateArgs()[0].getAsType()))
      return false;
    out.extent = spec->getTemplateArgs()[1].getAsIntegral().getExtValue();
    out.spelling = "std::array<" + out.elem_spelling + ", " +
                   std::to_string(out.extent) + ">";
    return true;
  }
  // A variable-length array of numbers (`double a[n]`, a compiler
  // extension in C++): a std::vector sized where it is declared.
  if (const auto *vla = ctx.getAsVariableArrayType(qt)) {
    out.kind = TypeKind::Vector;
    if (!element(vla->getElementType()))
      return false;
    out.spelling = "std::vector<" + out.elem_spelling + ">";
    return true;
  }
  if (const auto *arr = ctx.getAsConstantArrayType(qt)) {
    out.kind = TypeKind::CArray;
    if (!element(arr->getElementType()))
      return false;
    out.extent = arr->getSize().getZExtValue();
    out.spelling = out.elem_spelling; // declarator adds [N]
    return true;
  }
  if (qt->isPointerType()) {
    QualType pointee = qt->getPointeeType();
    // A table of pointers to integers (`int **`, an index set per region):
    // data read by index, its rows pointers.
    if (Type row; pointee->isPointerType() &&
                  pointee->getPointeeType()->isIntegralOrEnumerationType() &&
                  lowerType(ctx, pointee, row)) {
      out.kind = TypeKind::Pointer;
      out.pointee_const = pointee.isConstQualified();
      out.elem_spelling = row.spelling;
      out.spelling = row.spelling + (out.pointee_const ? " const*" : "*");
      out.row = std::make_shared<const Type>(row);
      return true;
    }
    out.kind = TypeKind::Pointer;
    out.pointee_const = pointee.isConstQualified();
    if (!element(pointee.getUnqualifiedType()))
      return false;
    out.spelling =
        (out.pointee_const ? "const " : "") + out.elem_spelling + "*";
    return true;
  }
  return false;
}

bool isStdTuple(QualType qt) {
  qt = qt.getNonReferenceType().getUnqualifiedType().getCanonicalType();
  return stdTemplate(qt, "tuple") != nullptr;
}

bool tupleElements(QualType qt, llvm::SmallVectorImpl<QualType> &out) {
  out.clear();
  qt = qt.getNonReferenceType().getUnqualifiedType().getCanonicalType();
  const ClassTemplateSpecializationDecl *spec = stdTemplate(qt, "pair");
  if (!spec)
    spec = stdTemplate(qt, "tuple");
  if (!spec)
    return false;
  for (const TemplateArgument &arg : spec->getTemplateArgs().asArray()) {
    if (arg.getKind() == TemplateArgument::Pack) {
      for (const TemplateArgument &each : arg.pack_elements())
        out.push_back(each.getAsType());
    } else if (arg.getKind() == TemplateArgument::Type) {
      out.push_back(arg.getAsType());
    }
  }
  for (QualType t : out)
    if (!t->isRealFloatingType() && !t->isIntegralOrEnumerationType())
      return false;
  return !out.empty();
}

bool isNumberTuple(QualType qt) {
  llvm::SmallVector<QualType, 4> elements;
  return tupleElements(qt, elements);
}

const CXXRecordDecl *splitClass(QualType qt) {
  qt = qt.getNonReferenceType().getUnqualifiedType().getCanonicalType();
  const auto *rd = qt->getAsCXXRecordDecl();
  if (rd && isNumberTuple(qt))
    return rd; // first and second
  if (!rd || rd->isUnion() || rd->isInStdNamespace())
    return nullptr;
  // Library classes (iterators, strings, ...) are not the user's values.
  const SourceManager &sm = rd->getASTContext().getSourceManager();
  if (sm.isInSystemHeader(rd->getLocation()))
    return nullptr;
  return rd;
}

QualType objectPointee(QualType qt) {
  qt = qt.getNonReferenceType();
  const CXXRecordDecl *rd =
      qt->isPointerType() ? splitClass(qt->getPointeeType()) : nullptr;
  if (!rd || !rd->hasDefinition()) // MPI_Comm: a pointer to an opaque struct
    return QualType();
  return qt->getPointeeType();
}

namespace {

bool addLeaves(ASTContext &ctx, const CXXRecordDecl *rd, Leaf prefix,
               bool accessible, std::vector<Leaf> &out, std::string &problem);

/// A container of objects: one container per leaf of the element class.
bool addElementLeaves(ASTContext &ctx, QualType container, Leaf prefix,
                      std::vector<Leaf> &out, std::string &problem) {
  container =
      container.getNonReferenceType().getUnqualifiedType().getCanonicalType();
  const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      container->getAsCXXRecordDecl());
  const auto *c_array = dyn_cast<ConstantArrayType>(container.getTypePtr());
  // A pointer parameter indexed (objectArrayParam): a pointer per field.
  const QualType pointee = objectPointee(container);
  const CXXRecordDecl *elem =
      pointee.isNull() ? splitElement(container) : splitClass(pointee);
  std::vector<Leaf> inner;
  if (!addLeaves(ctx, elem, Leaf{}, true, inner, problem))
    return false;
  bool vector = spec ? spec->getName() == "vector"
                     : isa<IncompleteArrayType>(container.getTypePtr());
  for (Leaf &leaf : inner) {
    // A vector field in the elements of a vector: a vector of vectors.
    const bool rows = vector && pointee.isNull() &&
                      leaf.type.kind == TypeKind::Vector &&
                      !leaf.type.isNested();
    if (leaf.path.back().owned) {
      problem = "the elements of a '" + typeSpelling(ctx, container) +
                "' hold a pointer field that owns its array ('" +
                leaf.path.back().name +
                "'), which is not supported (arrays owned by the elements "
                "of a container)";
      return false;
    }
    if (leaf.type.kind == TypeKind::Pointer) {
      problem = "the elements of a '" + typeSpelling(ctx, container) +
                "' hold a pointer ('" + leaf.type.spelling +
                "'), which is not supported (a pointer field is a view "
                "that objects built in the function or given to it hold)";
      return false;
    }
    if (!leaf.path.back().c_array.empty()) {
      problem = "the elements of a '" + typeSpelling(ctx, container) +
                "' hold a C array field ('" + leaf.path.back().name +
                "'), which is not supported (containers of arrays); give "
                "the class a field per number (double x, y, z) or keep the "
                "numbers in one flat std::vector<double> indexed i * " +
                std::to_string(leaf.type.extent) + " + k";
      return false;
    }
    if (!(leaf.type.isReal() || leaf.type.isIntegral() || rows)) {
      problem = "the elements of a '" + typeSpelling(ctx, container) +
                "' hold a container ('" + leaf.type.spelling +
                "'), which is not supported (containers of containers)";
      return false;
    }
    Leaf part = prefix;
    part.fields.insert(part.fields.end(), leaf.fields.begin(),
                       leaf.fields.end());
    FieldStep each;
    each.name = "[]";
    each.element = true;
    part.path.push_back(each);
    part.path.insert(part.path.end(), leaf.path.begin(), leaf.path.end());
    part.suffix += (part.suffix.empty() ? "" : "_") + leaf.suffix;
    Type t;
    t.kind = vector ? TypeKind::Vector : TypeKind::Array;
    t.elem_spelling = leaf.type.spelling;
    t.elem_real = rows ? leaf.type.elem_real : leaf.type.isReal();
    if (rows)
      t.row = std::make_shared<const Type>(leaf.type);
    if (!pointee.isNull()) {
      t.kind = TypeKind::Pointer;
      t.pointee_const = pointee.isConstQualified();
      t.spelling = (t.pointee_const ? "const " : "") + t.elem_spelling + "*";
    } else if (vector) {
      t.spelling = "std::vector<" + t.elem_spelling + ">";
    } else {
      t.extent = c_array
                     ? c_array->getSize().getSExtValue()
                     : spec->getTemplateArgs()[1].getAsIntegral().getExtValue();
      t.spelling = "std::array<" + t.elem_spelling + ", " +
                   std::to_string(t.extent) + ">";
    }
    part.type = t;
    out.push_back(std::move(part));
  }
  if (inner.empty()) {
    problem = "the elements of a '" + typeSpelling(ctx, container) +
              "' have no fields";
    return false;
  }
  return true;
}

/// A lambda's closure: one part per capture, in order (its fields). A
/// closure inside another (a lambda capturing a lambda) is expanded in place
/// under `prefix`.
bool addCaptures(ASTContext &ctx, const CXXRecordDecl *rd, const Leaf &prefix,
                 std::vector<Leaf> &out, std::string &problem) {
  size_t first = out.size();
  auto field = rd->field_begin();
  for (const LambdaCapture &c : rd->captures()) {
    if (!c.capturesVariable() || field == rd->field_end()) {
      problem = "a lambda that captures 'this' is not supported; copy the "
                "fields it uses into locals before it and capture those "
                "(`const double k0 = k; [k0](double v) { ... }`)";
      return false;
    }
    const auto *var = dyn_cast<VarDecl>(c.getCapturedVar());
    QualType type = (*field)->getType();
    Leaf leaf;
    std::string name = var ? var->getNameAsString() : "capture";
    leaf.fields.push_back(*field);
    leaf.suffix = name;
    leaf.path.push_back({name, "", typeSpelling(ctx, type), false});
    leaf.captured = c.getCapturedVar();
    leaf.reference = c.getCaptureKind() == LCK_ByRef;
    leaf.const_reference =
        leaf.reference && type.getNonReferenceType().isConstQualified();
    ++field;
    if (const CXXRecordDecl *nested = splitClass(type)) {
      if (nested->isLambda()) { // a captured closure: under this capture
        if (!addCaptures(ctx, nested, leaf, out, problem))
          return false;
        continue;
      }
      size_t from = out.size();
      if (!addLeaves(ctx, nested, leaf, false, out, problem))
        return false;
      for (size_t i = from; i < out.size(); ++i) {
        out[i].captured = leaf.captured;
        out[i].reference = leaf.reference;
        out[i].const_reference = leaf.const_reference;
      }
      continue;
    }
    Type t;
    if (!lowerType(ctx, type, t) || t.kind == TypeKind::Pointer ||
        t.kind == TypeKind::CArray) {
      problem = "the lambda captures '" + name + "' of type '" +
                type.getNonReferenceType().getAsString() +
                "', which is not supported";
      return false;
    }
    leaf.type = t;
    out.push_back(std::move(leaf));
  }
  if (!prefix.fields.empty())
    for (size_t i = first; i < out.size(); ++i) {
      Leaf &leaf = out[i];
      leaf.fields.insert(leaf.fields.begin(), prefix.fields.begin(),
                         prefix.fields.end());
      leaf.path.insert(leaf.path.begin(), prefix.path.begin(),
                       prefix.path.end());
      leaf.suffix = prefix.suffix + "_" + leaf.suffix;
      leaf.captured = prefix.captured;
      // Through a capture by reference, even a closure's copies are
      // references (never written: closures do not change).
      if (prefix.reference) {
        leaf.const_reference = !leaf.reference || leaf.const_reference;
        leaf.reference = true;
      }
    }
  return true;
}

/// A std::tuple of numbers: one leaf per element, reached by std::get.
bool addTupleLeaves(ASTContext &ctx, QualType tuple, const Leaf &prefix,
                    std::vector<Leaf> &out, std::string &problem) {
  llvm::SmallVector<QualType, 4> elements;
  if (!tupleElements(tuple, elements)) {
    problem = "'" + typeSpelling(ctx, tuple) +
              "' is not supported: tangent splits a std::tuple whose "
              "elements are all numbers";
    return false;
  }
  for (size_t i = 0; i < elements.size(); ++i) {
    Leaf leaf = prefix;
    std::string name = std::to_string(i);
    leaf.suffix += (leaf.suffix.empty() ? "" : "_") + name;
    FieldStep step;
    step.name = name;
    step.type = typeSpelling(ctx, elements[i]);
    step.position = int(i);
    leaf.path.push_back(step);
    if (!lowerType(ctx, elements[i], leaf.type)) {
      problem = "the element type '" + step.type + "' is not supported";
      return false;
    }
    out.push_back(std::move(leaf));
  }
  return true;
}

bool addLeaves(ASTContext &ctx, const CXXRecordDecl *rd, Leaf prefix,
               bool accessible, std::vector<Leaf> &out, std::string &problem) {
  if (rd->isLambda()) {
    if (!prefix.fields.empty()) {
      problem = "a lambda inside an object is not supported";
      return false;
    }
    return addCaptures(ctx, rd, prefix, out, problem);
  }
  if (!rd->hasDefinition()) {
    problem = "the class '" + rd->getNameAsString() + "' is incomplete";
    return false;
  }
  // `typedef struct { ... } Wishart;`: named by its typedef.
  if (rd->isLocalClass() ||
      (rd->getName().empty() && !rd->getTypedefNameForAnonDecl())) {
    problem = "a class defined inside a function or without a name is not "
              "supported; give it a name and define it at namespace scope "
              "(struct Params { ... };)";
    return false;
  }
  if (rd->isPolymorphic() || rd->getNumVBases()) {
    problem = "the class '" + rd->getNameAsString() +
              "' has virtual functions or virtual bases, which are not "
              "supported; differentiate a class without them";
    return false;
  }
  std::string owner = typeSpelling(ctx, ctx.getRecordType(rd));
  if (isStdTuple(ctx.getRecordType(rd)))
    return addTupleLeaves(ctx, ctx.getRecordType(rd), prefix, out, problem);
  const bool pair = isNumberTuple(ctx.getRecordType(rd));
  for (const CXXBaseSpecifier &base : rd->bases()) {
    if (pair)
      break; // std::pair's bases are empty helpers of the library
    const CXXRecordDecl *b = splitClass(base.getType());
    if (!b) {
      problem = "the base class '" + base.getType().getAsString() + "' of '" +
                rd->getNameAsString() + "' is not supported";
      return false;
    }
    if (!addLeaves(ctx, b, prefix,
                   accessible && base.getAccessSpecifier() == AS_public, out,
                   problem))
      return false;
  }
  for (const FieldDecl *f : rd->fields()) {
    Leaf leaf = prefix;
    std::string name = f->getNameAsString();
    leaf.fields.push_back(f);
    leaf.suffix += (leaf.suffix.empty() ? "" : "_") + name;
    bool visible = accessible && f->getAccess() == AS_public;
    leaf.path.push_back(
        {name, owner, typeSpelling(ctx, f->getType()), visible});
    // A const field of a number type is read only; a pointer field may be
    // const itself (`double *const p`).
    // An object held const (`const WeightOrBias weight;`) is accepted when
    // it holds only views and integers, checked below: set where it is
    // built, never written.
    const CXXRecordDecl *nested = splitClass(f->getType());
    const bool const_ok =
        f->getType().isConstQualified() &&
        (f->getType()->isIntegralOrEnumerationType() ||
         f->getType()->isRealFloatingType() || f->getType()->isPointerType() ||
         (nested && !isNumberTuple(f->getType())));
    if (f->isBitField() || f->getType()->isReferenceType() ||
        (f->getType().isConstQualified() && !const_ok) ||
        (f->getType()->isArrayType() &&
         ctx.getBaseElementType(f->getType()).isConstQualified())) {
      problem = "the field '" + name + "' of '" + rd->getNameAsString() +
                "' is a " +
                (f->isBitField()                   ? "bit-field"
                 : f->getType()->isReferenceType() ? "reference"
                                                   : "const field") +
                ", which is not supported";
      return false;
    }
    // Written by const member functions: state the adjoint's const view
    // of the object cannot hold.
    if (f->isMutable()) {
      problem = "the field '" + name + "' of '" + rd->getNameAsString() +
                "' is mutable, which is not supported (const member "
                "functions would write it); keep counters and caches out "
                "of the object tangent differentiates, or drop `mutable` "
                "and make the function non-const";
      return false;
    }
    if (nested) {
      const size_t first = out.size();
      if (!addLeaves(ctx, nested, leaf, visible, out, problem))
        return false;
      if (f->getType().isConstQualified() &&
          !std::all_of(out.begin() + first, out.end(), [](const Leaf &l) {
            return l.type.kind == TypeKind::Pointer || l.type.isIntegral();
          })) {
        problem = "the field '" + name + "' of '" + rd->getNameAsString() +
                  "' is a const object holding numbers or containers, which "
                  "is not supported (a const object may hold pointers and "
                  "integers); drop the field's const";
        return false;
      }
      continue;
    }
    if (splitElement(f->getType())) {
      leaf.path.back().accessible = visible;
      if (!addElementLeaves(ctx, f->getType(), leaf, out, problem))
        return false;
      continue;
    }
    Type t;
    // A pointer field that owns its array: a vector of the generated code.
    if (ownedField(f) && lowerType(ctx, f->getType()->getPointeeType(), t)) {
      Type v;
      v.kind = TypeKind::Vector;
      v.elem_spelling = t.spelling;
      v.elem_real = t.isReal();
      v.spelling = "std::vector<" + t.spelling + ">";
      leaf.type = v;
      leaf.path.back().owned = true;
      out.push_back(std::move(leaf));
      continue;
    }
    // A string, a map, a vector of strings (Types.h, passThrough): data
    // carried with the object, read only (`m.label == "x"`,
    // `m.names.size()`), never differentiated.
    if (passThroughType(ctx, f->getType(), t)) {
      leaf.read_only = true;
      leaf.path.back().read_only = true;
      leaf.type = t;
      out.push_back(std::move(leaf));
      continue;
    }
    if (cArrayField(ctx, f->getType(), t, leaf.path.back().c_array)) {
      leaf.type = t; // `type Owner::*` of a private one: a member pointer
      leaf.path.back().type =
          "std::type_identity_t<" + leaf.path.back().type + ">";
      out.push_back(std::move(leaf));
      continue;
    }
    if (!lowerType(ctx, f->getType().getUnqualifiedType(), t) ||
        t.kind == TypeKind::CArray || t.kind == TypeKind::Void) {
      problem = "the field '" + name + "' of '" + rd->getNameAsString() +
                "' has the type '" + f->getType().getAsString() +
                "', which is not supported in a class tangent differentiates "
                "through (fields may be numbers, std::vector or std::array of "
                "numbers, C arrays of numbers, pointers to numbers, tables of "
                "pointers to integers (`int **`), and such classes)";
      return false;
    }
    leaf.read_only = f->getType().isConstQualified();
    leaf.path.back().read_only = leaf.read_only;
    leaf.type = t;
    out.push_back(std::move(leaf));
  }
  return true;
}

} // namespace

bool classLeaves(ASTContext &ctx, const CXXRecordDecl *rd,
                 std::vector<Leaf> &out, std::string *problem) {
  out.clear();
  std::string why;
  bool ok = addLeaves(ctx, rd, Leaf{}, true, out, why);
  if (problem)
    *problem = why;
  return ok;
}

bool typeLeaves(ASTContext &ctx, QualType qt, std::vector<Leaf> &out,
                std::string *problem) {
  if (const CXXRecordDecl *rd = splitClass(qt))
    return classLeaves(ctx, rd, out, problem);
  out.clear();
  std::string why;
  bool ok = (splitElement(qt) || !objectPointee(qt).isNull()) &&
            addElementLeaves(ctx, qt, Leaf{}, out, why);
  if (problem)
    *problem = why;
  return ok;
}

} // namespace tangent
