//===- OpRegistry.cpp - TensorFlow op signatures without a TF runtime -----===//
//
// Parses the op table (OpRegistry/*.inc, DSL described in OpRegistry.h)
// into tensorflow::OpDef protos on first use, and resolves the dtypes of a
// node's inputs and outputs from an OpDef and the node's attrs.
//
//===----------------------------------------------------------------------===//

#include "lib/Translate/OpRegistry.h"

#include "lib/Translate/proto/attr_value.pb.h"
#include "lib/Translate/proto/tensor.pb.h"
#include "lib/Translate/proto/tensor_shape.pb.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <optional>

using tensorflow::AttrValue;
using tensorflow::DataType;
using tensorflow::NodeDef;
using tensorflow::OpDef;

namespace tfmlir {
namespace {

//===----------------------------------------------------------------------===//
// The built-in table
//===----------------------------------------------------------------------===//

struct TableSource {
  const char *name;
  const char *text;
};

// Each .inc file holds one raw string literal: the named dtype sets, then one
// table per tf family (the ops of dialects/tf/TFOps<Family>.td and the ops
// without an ODS definition TF groups with them; scripts/check-registry-ods.py
// checks that an op's entry and its ODS definition share the family).
const TableSource kTables[] = {
    {
        "OpRegistry/TypeSets.inc",
#include "lib/Translate/OpRegistry/TypeSets.inc"
    },
    {
        "OpRegistry/Control.inc",
#include "lib/Translate/OpRegistry/Control.inc"
    },
    {
        "OpRegistry/Image.inc",
#include "lib/Translate/OpRegistry/Image.inc"
    },
    {
        "OpRegistry/Indexing.inc",
#include "lib/Translate/OpRegistry/Indexing.inc"
    },
    {
        "OpRegistry/Linalg.inc",
#include "lib/Translate/OpRegistry/Linalg.inc"
    },
    {
        "OpRegistry/Math.inc",
#include "lib/Translate/OpRegistry/Math.inc"
    },
    {
        "OpRegistry/NN.inc",
#include "lib/Translate/OpRegistry/NN.inc"
    },
    {
        "OpRegistry/Quant.inc",
#include "lib/Translate/OpRegistry/Quant.inc"
    },
    {
        "OpRegistry/RNN.inc",
#include "lib/Translate/OpRegistry/RNN.inc"
    },
    {
        "OpRegistry/Random.inc",
#include "lib/Translate/OpRegistry/Random.inc"
    },
    {
        "OpRegistry/Reduce.inc",
#include "lib/Translate/OpRegistry/Reduce.inc"
    },
    {
        "OpRegistry/Shape.inc",
#include "lib/Translate/OpRegistry/Shape.inc"
    },
    {
        "OpRegistry/TensorArray.inc",
#include "lib/Translate/OpRegistry/TensorArray.inc"
    },
    {
        "OpRegistry/Variables.inc",
#include "lib/Translate/OpRegistry/Variables.inc"
    },
};

using TypeSets = llvm::StringMap<std::vector<DataType>>;

//===----------------------------------------------------------------------===//
// dtype names
//===----------------------------------------------------------------------===//

/// Maps a lower-case DSL dtype name ("float", "int32", "resource", ...) to its
/// DataType. Reference dtypes are not nameable.
std::optional<DataType> parseDTypeName(llvm::StringRef name) {
  if (name.empty() || !llvm::all_of(name, [](char c) {
        return llvm::isLower(c) || llvm::isDigit(c) || c == '_';
      }))
    return std::nullopt;
  std::string enumName = "DT_" + name.upper();
  DataType dt = tensorflow::DT_INVALID;
  if (!tensorflow::DataType_Parse(enumName, &dt))
    return std::nullopt;
  if (dt == tensorflow::DT_INVALID || static_cast<int>(dt) > 100)
    return std::nullopt;
  return dt;
}

//===----------------------------------------------------------------------===//
// Lexer
//===----------------------------------------------------------------------===//

enum class TokKind { Ident, Int, Float, String, Punct, End };

struct Token {
  TokKind kind = TokKind::End;
  std::string text; // identifier, number text, unescaped string, punctuation
};

/// Splits one logical entry into tokens. Returns an error message on failure.
std::optional<std::string> tokenize(llvm::StringRef s,
                                    std::vector<Token> &toks) {
  size_t i = 0, n = s.size();
  while (i < n) {
    char c = s[i];
    if (llvm::isSpace(c)) {
      ++i;
      continue;
    }
    if (llvm::isAlpha(c) || c == '_') {
      size_t j = i;
      while (j < n && (llvm::isAlnum(s[j]) || s[j] == '_'))
        ++j;
      toks.push_back({TokKind::Ident, s.substr(i, j - i).str()});
      i = j;
      continue;
    }
    bool signedNum = (c == '-' || c == '+') && i + 1 < n &&
                     (llvm::isDigit(s[i + 1]) || s[i + 1] == '.');
    if (llvm::isDigit(c) || signedNum ||
        (c == '.' && i + 1 < n && llvm::isDigit(s[i + 1]))) {
      size_t j = i + (signedNum ? 1 : 0);
      bool isFloat = false;
      while (j < n && llvm::isDigit(s[j]))
        ++j;
      if (j < n && s[j] == '.') {
        isFloat = true;
        ++j;
        while (j < n && llvm::isDigit(s[j]))
          ++j;
      }
      if (j < n && (s[j] == 'e' || s[j] == 'E')) {
        size_t k = j + 1;
        if (k < n && (s[k] == '-' || s[k] == '+'))
          ++k;
        if (k < n && llvm::isDigit(s[k])) {
          isFloat = true;
          j = k;
          while (j < n && llvm::isDigit(s[j]))
            ++j;
        }
      }
      toks.push_back(
          {isFloat ? TokKind::Float : TokKind::Int, s.substr(i, j - i).str()});
      i = j;
      continue;
    }
    if (c == '\'' || c == '"') {
      char quote = c;
      std::string val;
      size_t j = i + 1;
      bool closed = false;
      while (j < n) {
        char d = s[j];
        if (d == quote) {
          closed = true;
          ++j;
          break;
        }
        if (d == '\\' && j + 1 < n) {
          char e = s[j + 1];
          switch (e) {
          case 'n':
            val += '\n';
            break;
          case 't':
            val += '\t';
            break;
          case 'r':
            val += '\r';
            break;
          case '0':
            val += '\0';
            break;
          default:
            val += e; // \\ \' \"
          }
          j += 2;
          continue;
        }
        val += d;
        ++j;
      }
      if (!closed)
        return std::string("unterminated string literal");
      toks.push_back({TokKind::String, val});
      i = j;
      continue;
    }
    if (s.substr(i).starts_with("->") || s.substr(i).starts_with(">=")) {
      toks.push_back({TokKind::Punct, s.substr(i, 2).str()});
      i += 2;
      continue;
    }
    if (llvm::StringRef("(),:;*=[]{}").contains(c)) {
      toks.push_back({TokKind::Punct, std::string(1, c)});
      ++i;
      continue;
    }
    return "unexpected character '" + std::string(1, c) + "'";
  }
  toks.push_back({TokKind::End, ""});
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Entry parser
//===----------------------------------------------------------------------===//

/// A parsed but not yet typed default value.
struct RawValue {
  enum Kind { Ident, Int, Float, String, List, Tensor } kind = Ident;
  std::string text;            // Ident/Int/Float/String; dtype for Tensor
  std::vector<RawValue> elems; // List and Tensor elements
};

struct RawArg {
  std::string name;
  bool isRef = false;
  std::string count; // number attr, or empty
  std::string type;  // dtype name or attr name
};

/// Thrown-free error channel: the first error message wins.
class EntryParser {
public:
  EntryParser(std::vector<Token> toks, const TypeSets &sets)
      : toks(std::move(toks)), sets(sets) {}

  /// Parses a typeset definition "typeset NAME = {...}".
  bool parseTypeSet(std::string &name, std::vector<DataType> &types) {
    if (!expectIdent("typeset"))
      return false;
    if (!ident(name))
      return false;
    if (parseDTypeName(name))
      return fail("type set name '" + name + "' is a dtype name");
    if (!expectPunct("="))
      return false;
    AttrValue allowed;
    bool isString = false;
    if (!parseSet(allowed, isString))
      return false;
    if (isString)
      return fail("a type set must list dtypes, not strings");
    for (int t : allowed.list().type())
      types.push_back(static_cast<DataType>(t));
    return expectEnd();
  }

  /// Parses one op entry into `op`.
  bool parseOp(OpDef &op) {
    std::string name;
    if (!ident(name))
      return false;
    op.set_name(name);
    std::vector<RawArg> ins, outs;
    if (!expectPunct("(") || !parseArgs(ins) || !expectPunct("->") ||
        !expectPunct("(") || !parseArgs(outs))
      return false;
    while (!atEnd()) {
      if (!expectPunct(";"))
        return false;
      if (atEnd())
        break; // trailing ';'
      if (!parseItem(op))
        return false;
    }
    llvm::StringSet<> argNames;
    for (const RawArg &a : ins)
      if (!argNames.insert(a.name).second)
        return fail("duplicate input '" + a.name + "'");
    argNames.clear();
    for (const RawArg &a : outs)
      if (!argNames.insert(a.name).second)
        return fail("duplicate output '" + a.name + "'");
    for (const RawArg &a : ins)
      if (!finishArg(op, a, *op.add_input_arg()))
        return false;
    for (const RawArg &a : outs)
      if (!finishArg(op, a, *op.add_output_arg()))
        return false;
    return true;
  }

  const std::string &error() const { return err; }

private:
  std::vector<Token> toks;
  const TypeSets &sets;
  size_t pos = 0;
  std::string err;

  const Token &peek(size_t ahead = 0) const {
    return toks[std::min(pos + ahead, toks.size() - 1)];
  }
  bool atEnd() const { return peek().kind == TokKind::End; }
  bool isPunct(llvm::StringRef p, size_t ahead = 0) const {
    return peek(ahead).kind == TokKind::Punct && peek(ahead).text == p;
  }
  bool fail(const std::string &msg) {
    if (err.empty())
      err = msg;
    return false;
  }
  std::string describe(const Token &t) const {
    if (t.kind == TokKind::End)
      return "end of entry";
    if (t.kind == TokKind::String)
      return "'" + t.text + "'";
    return "'" + t.text + "'";
  }
  bool expectPunct(llvm::StringRef p) {
    if (!isPunct(p))
      return fail("expected '" + p.str() + "' but found " + describe(peek()));
    ++pos;
    return true;
  }
  bool expectIdent(llvm::StringRef word) {
    if (peek().kind != TokKind::Ident || peek().text != word)
      return fail("expected '" + word.str() + "' but found " +
                  describe(peek()));
    ++pos;
    return true;
  }
  bool ident(std::string &out) {
    if (peek().kind != TokKind::Ident)
      return fail("expected a name but found " + describe(peek()));
    out = peek().text;
    ++pos;
    return true;
  }
  bool expectEnd() {
    if (!atEnd())
      return fail("unexpected " + describe(peek()));
    return true;
  }

  // args := '' | arg (',' arg)* ; ends at ')'
  bool parseArgs(std::vector<RawArg> &args) {
    if (isPunct(")")) {
      ++pos;
      return true;
    }
    while (true) {
      RawArg a;
      if (!ident(a.name) || !expectPunct(":"))
        return false;
      bool ref = peek().kind == TokKind::Ident && peek().text == "Ref" &&
                 isPunct("(", 1);
      if (ref) {
        a.isRef = true;
        pos += 2;
      }
      std::string first;
      if (!ident(first))
        return false;
      if (isPunct("*")) {
        ++pos;
        a.count = first;
        if (!ident(a.type))
          return false;
      } else {
        a.type = first;
      }
      if (ref && !expectPunct(")"))
        return false;
      args.push_back(std::move(a));
      if (isPunct(",")) {
        ++pos;
        continue;
      }
      return expectPunct(")");
    }
  }

  OpDef::AttrDef *findAttr(OpDef &op, llvm::StringRef name) {
    for (auto &a : *op.mutable_attr())
      if (a.name() == name)
        return &a;
    return nullptr;
  }

  bool finishArg(OpDef &op, const RawArg &raw, OpDef::ArgDef &arg) {
    arg.set_name(raw.name);
    arg.set_is_ref(raw.isRef);
    if (!raw.count.empty()) {
      OpDef::AttrDef *n = findAttr(op, raw.count);
      if (!n)
        return fail("argument '" + raw.name + "' uses undeclared attr '" +
                    raw.count + "' as its length");
      if (n->type() != "int")
        return fail("length attr '" + raw.count + "' of argument '" + raw.name +
                    "' must have type int");
      if (!n->has_minimum()) { // OpDefBuilder's default
        n->set_has_minimum(true);
        n->set_minimum(1);
      } else if (n->minimum() < 0) {
        return fail("length attr '" + raw.count + "' has a negative minimum");
      }
      arg.set_number_attr(raw.count);
    }
    if (OpDef::AttrDef *t = findAttr(op, raw.type)) {
      if (t->type() == "type") {
        arg.set_type_attr(raw.type);
      } else if (t->type() == "list(type)" && raw.count.empty()) {
        arg.set_type_list_attr(raw.type);
        if (!t->has_minimum()) { // OpDefBuilder's default
          t->set_has_minimum(true);
          t->set_minimum(1);
        }
      } else {
        return fail("argument '" + raw.name + "' refers to attr '" + raw.type +
                    "' of type " + t->type() +
                    (raw.count.empty() ? "; expected type or list(type)"
                                       : "; expected type"));
      }
    } else if (auto dt = parseDTypeName(raw.type)) {
      arg.set_type(*dt);
      if (*dt == tensorflow::DT_RESOURCE)
        op.set_is_stateful(true); // as TensorFlow's OpDefBuilder does
    } else {
      return fail("argument '" + raw.name + "' has type '" + raw.type +
                  "', which is neither a dtype nor a declared attr");
    }
    return true;
  }

  // item := flag | NAME ':' attrtype ['>=' INT] ['=' value]
  bool parseItem(OpDef &op) {
    std::string name;
    if (!ident(name))
      return false;
    if (!isPunct(":")) {
      if (name == "stateful")
        op.set_is_stateful(true);
      else if (name == "commutative")
        op.set_is_commutative(true);
      else if (name == "aggregate")
        op.set_is_aggregate(true);
      else if (name == "allows_uninitialized_input")
        op.set_allows_uninitialized_input(true);
      else if (name == "distributed_communication")
        op.set_is_distributed_communication(true);
      else
        return fail("unknown flag '" + name + "' (an attr needs ': type')");
      return true;
    }
    ++pos;
    if (findAttr(op, name))
      return fail("duplicate attr '" + name + "'");
    OpDef::AttrDef attr;
    attr.set_name(name);
    if (!parseAttrType(attr))
      return false;
    if (isPunct(">=")) {
      ++pos;
      if (peek().kind != TokKind::Int)
        return fail("expected an integer after '>=' for attr '" + name + "'");
      long long m = 0;
      if (llvm::StringRef(peek().text).getAsInteger(10, m))
        return fail("bad minimum '" + peek().text + "'");
      ++pos;
      if (attr.type() != "int" &&
          !llvm::StringRef(attr.type()).starts_with("list("))
        return fail("attr '" + name + "' of type " + attr.type() +
                    " cannot have a minimum");
      attr.set_has_minimum(true);
      attr.set_minimum(m);
    }
    if (isPunct("=")) {
      ++pos;
      RawValue v;
      if (!parseValue(v))
        return false;
      if (!convertDefault(attr, v, *attr.mutable_default_value()))
        return false;
      if (!checkDefault(attr))
        return false;
    }
    *op.add_attr() = std::move(attr);
    return true;
  }

  static bool isBaseKind(llvm::StringRef k) {
    return k == "string" || k == "int" || k == "float" || k == "bool" ||
           k == "type" || k == "shape" || k == "tensor" || k == "func";
  }

  bool parseAttrType(OpDef::AttrDef &attr) {
    if (isPunct("{")) {
      bool isString = false;
      if (!parseSet(*attr.mutable_allowed_values(), isString))
        return false;
      attr.set_type(isString ? "string" : "type");
      return true;
    }
    std::string kind;
    if (!ident(kind))
      return false;
    if (kind == "list") {
      if (!expectPunct("("))
        return false;
      if (isPunct("{")) {
        bool isString = false;
        if (!parseSet(*attr.mutable_allowed_values(), isString))
          return false;
        attr.set_type(isString ? "list(string)" : "list(type)");
      } else {
        std::string elem;
        if (!ident(elem))
          return false;
        if (!isBaseKind(elem))
          return fail("unknown list element type '" + elem + "'");
        attr.set_type("list(" + elem + ")");
      }
      return expectPunct(")");
    }
    if (!isBaseKind(kind))
      return fail("unknown attr type '" + kind + "' for attr '" + attr.name() +
                  "'");
    attr.set_type(kind);
    return true;
  }

  /// Parses "{a, b, ...}": either quoted strings, or dtype / type set names.
  bool parseSet(AttrValue &allowed, bool &isString) {
    if (!expectPunct("{"))
      return false;
    auto *list = allowed.mutable_list();
    bool sawString = false, sawType = false;
    llvm::SmallVector<int> seen;
    while (!isPunct("}")) {
      const Token &t = peek();
      if (t.kind == TokKind::String) {
        sawString = true;
        list->add_s(t.text);
      } else if (t.kind == TokKind::Ident) {
        sawType = true;
        auto addType = [&](DataType dt) {
          if (!llvm::is_contained(seen, static_cast<int>(dt))) {
            seen.push_back(static_cast<int>(dt));
            list->add_type(dt);
          }
        };
        auto it = sets.find(t.text);
        if (it != sets.end()) {
          for (DataType dt : it->second)
            addType(dt);
        } else if (auto dt = parseDTypeName(t.text)) {
          addType(*dt);
        } else {
          return fail("'" + t.text + "' is neither a dtype nor a type set");
        }
      } else {
        return fail("expected a dtype or a quoted string in a set but found " +
                    describe(t));
      }
      ++pos;
      if (isPunct(","))
        ++pos;
      else if (!isPunct("}"))
        return fail("expected ',' or '}' in a set but found " +
                    describe(peek()));
    }
    ++pos;
    if (sawString && sawType)
      return fail("a set mixes strings and dtypes");
    if (!sawString && !sawType)
      return fail("empty set");
    isString = sawString;
    return true;
  }

  bool parseValue(RawValue &v) {
    const Token &t = peek();
    if (isPunct("[")) {
      ++pos;
      v.kind = RawValue::List;
      while (!isPunct("]")) {
        RawValue e;
        if (!parseValue(e))
          return false;
        v.elems.push_back(std::move(e));
        if (isPunct(","))
          ++pos;
        else if (!isPunct("]"))
          return fail("expected ',' or ']' but found " + describe(peek()));
      }
      ++pos;
      return true;
    }
    switch (t.kind) {
    case TokKind::Ident:
      v.text = t.text;
      ++pos;
      if (isPunct("[")) { // tensor literal: dtype[v, ...]
        RawValue list;
        if (!parseValue(list))
          return false;
        v.kind = RawValue::Tensor;
        v.elems = std::move(list.elems);
      } else {
        v.kind = RawValue::Ident;
      }
      return true;
    case TokKind::Int:
      v.kind = RawValue::Int;
      break;
    case TokKind::Float:
      v.kind = RawValue::Float;
      break;
    case TokKind::String:
      v.kind = RawValue::String;
      break;
    default:
      return fail("expected a value but found " + describe(t));
    }
    v.text = t.text;
    ++pos;
    return true;
  }

  bool toInt(const RawValue &v, int64_t &out) {
    long long x = 0;
    if (v.kind != RawValue::Int || llvm::StringRef(v.text).getAsInteger(10, x))
      return fail("expected an integer but found '" + v.text + "'");
    out = x;
    return true;
  }
  bool toDouble(const RawValue &v, double &out) {
    if ((v.kind != RawValue::Int && v.kind != RawValue::Float) ||
        llvm::StringRef(v.text).getAsDouble(out))
      return fail("expected a number but found '" + v.text + "'");
    return true;
  }

  bool convertShape(const RawValue &v, tensorflow::TensorShapeProto &shape) {
    if (v.kind == RawValue::Ident && v.text == "unknown") {
      shape.set_unknown_rank(true);
      return true;
    }
    if (v.kind != RawValue::List)
      return fail("a shape default is 'unknown' or a list of dims");
    for (const RawValue &e : v.elems) {
      int64_t d = 0;
      if (!toInt(e, d))
        return false;
      shape.add_dim()->set_size(d);
    }
    return true;
  }

  bool convertTensor(const RawValue &v, tensorflow::TensorProto &t) {
    auto dt = parseDTypeName(v.text);
    if (!dt)
      return fail("unknown tensor dtype '" + v.text + "'");
    t.set_dtype(*dt);
    t.mutable_tensor_shape()->add_dim()->set_size(v.elems.size());
    for (const RawValue &e : v.elems) {
      int64_t i = 0;
      double d = 0;
      switch (*dt) {
      case tensorflow::DT_FLOAT:
        if (!toDouble(e, d))
          return false;
        t.add_float_val(static_cast<float>(d));
        break;
      case tensorflow::DT_DOUBLE:
        if (!toDouble(e, d))
          return false;
        t.add_double_val(d);
        break;
      case tensorflow::DT_INT64:
        if (!toInt(e, i))
          return false;
        t.add_int64_val(i);
        break;
      case tensorflow::DT_INT32:
      case tensorflow::DT_INT16:
      case tensorflow::DT_INT8:
      case tensorflow::DT_UINT16:
      case tensorflow::DT_UINT8:
        if (!toInt(e, i))
          return false;
        t.add_int_val(static_cast<int32_t>(i));
        break;
      case tensorflow::DT_BOOL:
        if (e.kind != RawValue::Ident ||
            (e.text != "true" && e.text != "false"))
          return fail("expected true or false in a bool tensor");
        t.add_bool_val(e.text == "true");
        break;
      case tensorflow::DT_STRING:
        if (e.kind != RawValue::String)
          return fail("expected a quoted string in a string tensor");
        t.add_string_val(e.text);
        break;
      default:
        return fail("tensor literals of dtype " + v.text +
                    " are not supported");
      }
    }
    return true;
  }

  /// Converts `v` to an AttrValue of kind `kind` ("int", "type", ...).
  bool convertScalar(llvm::StringRef kind, const RawValue &v, AttrValue &out) {
    if (kind == "string") {
      if (v.kind != RawValue::String)
        return fail("expected a quoted string but found '" + v.text + "'");
      out.set_s(v.text);
    } else if (kind == "int") {
      int64_t i = 0;
      if (!toInt(v, i))
        return false;
      out.set_i(i);
    } else if (kind == "float") {
      double d = 0;
      if (!toDouble(v, d))
        return false;
      out.set_f(static_cast<float>(d));
    } else if (kind == "bool") {
      if (v.kind != RawValue::Ident || (v.text != "true" && v.text != "false"))
        return fail("expected true or false but found '" + v.text + "'");
      out.set_b(v.text == "true");
    } else if (kind == "type") {
      auto dt =
          v.kind == RawValue::Ident ? parseDTypeName(v.text) : std::nullopt;
      if (!dt)
        return fail("expected a dtype but found '" + v.text + "'");
      out.set_type(*dt);
    } else if (kind == "shape") {
      return convertShape(v, *out.mutable_shape());
    } else if (kind == "tensor") {
      if (v.kind != RawValue::Tensor)
        return fail("a tensor default is written dtype[v, ...]");
      return convertTensor(v, *out.mutable_tensor());
    } else {
      return fail("attrs of type " + kind.str() + " cannot have a default");
    }
    return true;
  }

  bool convertDefault(const OpDef::AttrDef &attr, const RawValue &v,
                      AttrValue &out) {
    llvm::StringRef type = attr.type();
    if (!type.consume_front("list(")) {
      if (!convertScalar(type, v, out))
        return fail("bad default for attr '" + attr.name() + "'");
      return true;
    }
    type.consume_back(")");
    if (v.kind != RawValue::List)
      return fail("the default of list attr '" + attr.name() +
                  "' must be written [...]");
    auto *list = out.mutable_list();
    for (const RawValue &e : v.elems) {
      AttrValue one;
      if (!convertScalar(type, e, one))
        return fail("bad default for attr '" + attr.name() + "'");
      if (type == "string")
        list->add_s(one.s());
      else if (type == "int")
        list->add_i(one.i());
      else if (type == "float")
        list->add_f(one.f());
      else if (type == "bool")
        list->add_b(one.b());
      else if (type == "type")
        list->add_type(one.type());
      else if (type == "shape")
        *list->add_shape() = one.shape();
      else if (type == "tensor")
        *list->add_tensor() = one.tensor();
    }
    return true;
  }

  /// Checks a default against the allowed values and the minimum.
  bool checkDefault(const OpDef::AttrDef &attr) {
    const AttrValue &d = attr.default_value();
    if (attr.has_allowed_values()) {
      const auto &allowed = attr.allowed_values().list();
      auto okType = [&](int t) {
        return llvm::is_contained(allowed.type(), t);
      };
      auto okStr = [&](const std::string &s) {
        return llvm::is_contained(allowed.s(), s);
      };
      bool ok = true;
      if (attr.type() == "type")
        ok = okType(d.type());
      else if (attr.type() == "string")
        ok = okStr(d.s());
      else if (attr.type() == "list(type)")
        ok = llvm::all_of(d.list().type(), okType);
      else if (attr.type() == "list(string)")
        ok = llvm::all_of(d.list().s(), okStr);
      if (!ok)
        return fail("the default of attr '" + attr.name() +
                    "' is not among its allowed values");
    }
    if (attr.has_minimum()) {
      int64_t have =
          attr.type() == "int" ? d.i()
          : d.has_list()
              ? std::max({d.list().s_size(), d.list().i_size(),
                          d.list().f_size(), d.list().b_size(),
                          d.list().type_size(), d.list().shape_size(),
                          d.list().tensor_size(), d.list().func_size()})
              : 0;
      if (have < attr.minimum())
        return fail("the default of attr '" + attr.name() +
                    "' is below its minimum " + std::to_string(attr.minimum()));
    }
    return true;
  }
};

//===----------------------------------------------------------------------===//
// Table parsing
//===----------------------------------------------------------------------===//

struct Entry {
  unsigned line = 0;
  std::string text;
};

/// Removes a '#' comment (outside quotes) from `line`.
llvm::StringRef stripComment(llvm::StringRef line) {
  char quote = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quote) {
      if (c == '\\')
        ++i;
      else if (c == quote)
        quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '#') {
      return line.substr(0, i);
    }
  }
  return line;
}

/// Splits a table into logical entries: a line starting with whitespace
/// continues the previous entry.
std::vector<Entry> splitEntries(llvm::StringRef text) {
  std::vector<Entry> entries;
  unsigned lineNo = 0;
  bool open = false;
  while (!text.empty()) {
    auto [line, rest] = text.split('\n');
    text = rest;
    ++lineNo;
    llvm::StringRef body = stripComment(line).rtrim();
    if (body.trim().empty()) {
      // Blank lines and comments neither start nor end an entry, so a
      // comment may sit between an entry and its continuation lines.
      continue;
    }
    if (llvm::isSpace(body.front()) && open) {
      entries.back().text += " ";
      entries.back().text += body.trim().str();
      continue;
    }
    entries.push_back({lineNo, body.trim().str()});
    open = true;
  }
  return entries;
}

/// Parses `text` into `ops`, adding type sets to `sets` and messages to
/// `errors`.
void parseTable(llvm::StringRef text, llvm::StringRef tableName, TypeSets &sets,
                std::vector<OpDef> &ops, std::vector<std::string> &errors) {
  for (const Entry &e : splitEntries(text)) {
    auto report = [&](llvm::StringRef what, llvm::StringRef msg) {
      std::string s;
      llvm::raw_string_ostream os(s);
      os << tableName << ":" << e.line << ": " << what << ": " << msg;
      errors.push_back(os.str());
    };
    llvm::StringRef head = llvm::StringRef(e.text).split('(').first.trim();
    std::vector<Token> toks;
    if (auto msg = tokenize(e.text, toks)) {
      report(head, *msg);
      continue;
    }
    EntryParser p(std::move(toks), sets);
    if (llvm::StringRef(e.text).starts_with("typeset ")) {
      std::string name;
      std::vector<DataType> types;
      if (!p.parseTypeSet(name, types)) {
        report("typeset", p.error());
        continue;
      }
      if (!sets.insert({name, std::move(types)}).second)
        report("typeset " + name, "defined twice");
      continue;
    }
    OpDef op;
    if (!p.parseOp(op)) {
      report(head, p.error());
      continue;
    }
    ops.push_back(std::move(op));
  }
}

//===----------------------------------------------------------------------===//
// The registry
//===----------------------------------------------------------------------===//

struct Registry {
  llvm::StringMap<OpDef> ops; // entries are never moved
  std::vector<llvm::StringRef> names;
  std::vector<std::string> errors;
  TypeSets sets;
};

const Registry &registry() {
  // Built once, on first use; C++ guarantees thread-safe initialization of
  // function-local statics. Never destroyed, so lookups stay valid at exit.
  static const Registry *reg = [] {
    auto *r = new Registry();
    for (const TableSource &t : kTables) {
      std::vector<OpDef> ops;
      parseTable(t.text, t.name, r->sets, ops, r->errors);
      for (OpDef &op : ops) {
        std::string name = op.name();
        if (!r->ops.try_emplace(name, std::move(op)).second)
          r->errors.push_back(std::string(t.name) + ": " + name +
                              ": registered twice");
      }
    }
    for (const auto &entry : r->ops)
      r->names.push_back(entry.getKey());
    llvm::sort(r->names);
    return r;
  }();
  return *reg;
}

//===----------------------------------------------------------------------===//
// Resolution
//===----------------------------------------------------------------------===//

/// The value of attr `name` for `node`: the node's own, else the default.
const AttrValue *attrOrDefault(const NodeDef &node, const OpDef &def,
                               const std::string &name) {
  auto it = node.attr().find(name);
  if (it != node.attr().end())
    return &it->second;
  for (const auto &a : def.attr())
    if (a.name() == name && a.has_default_value())
      return &a.default_value();
  return nullptr;
}

/// Upper bound on the number of tensors a list argument may expand to; a
/// guard against corrupt or hostile attr values.
constexpr int64_t kMaxListLength = 1 << 20;

llvm::Error resolveArgTypes(const NodeDef &node, const OpDef &def, bool inputs,
                            llvm::SmallVectorImpl<DataType> &types,
                            const AttrMap *placeholderValues) {
  types.clear();
  const auto &args = inputs ? def.input_arg() : def.output_arg();
  const char *kind = inputs ? "input" : "output";
  auto error = [&](const OpDef::ArgDef &arg, const std::string &attr,
                   const std::string &what) {
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "node '" + node.name() + "' (op '" + node.op() + "'): " + kind + " '" +
            arg.name() + "' needs attr '" + attr + "', " + what);
  };
  auto valueOf = [&](const OpDef::ArgDef &arg, const std::string &attr,
                     AttrValue::ValueCase want, const AttrValue *&out,
                     const char *wantName) -> llvm::Error {
    out = attrOrDefault(node, def, attr);
    if (!out)
      return error(arg, attr,
                   "which the node does not set and which has no "
                   "default");
    if (out->value_case() == AttrValue::kPlaceholder) {
      // Inside a function body: the value of the enclosing function's attr.
      llvm::StringRef ref = out->placeholder();
      ref.consume_front("$");
      auto it = placeholderValues ? placeholderValues->find(ref.str())
                                  : AttrMap::const_iterator();
      if (!placeholderValues || it == placeholderValues->end())
        return error(arg, attr,
                     "which is the unresolved placeholder '" +
                         out->placeholder() + "'");
      out = &it->second;
    }
    if (out->value_case() != want &&
        !(want == AttrValue::kList &&
          out->value_case() == AttrValue::VALUE_NOT_SET))
      return error(arg, attr, std::string("which must be ") + wantName);
    return llvm::Error::success();
  };

  for (const OpDef::ArgDef &arg : args) {
    llvm::SmallVector<DataType, 4> argTypes;
    if (!arg.type_list_attr().empty()) {
      const AttrValue *v = nullptr;
      if (auto e = valueOf(arg, arg.type_list_attr(), AttrValue::kList, v,
                           "a list of types"))
        return e;
      if (v->list().type_size() > kMaxListLength)
        return error(arg, arg.type_list_attr(), "whose list is too long");
      for (int t : v->list().type())
        argTypes.push_back(static_cast<DataType>(t));
    } else {
      DataType dt = arg.type();
      if (!arg.type_attr().empty()) {
        const AttrValue *v = nullptr;
        if (auto e =
                valueOf(arg, arg.type_attr(), AttrValue::kType, v, "a type"))
          return e;
        dt = v->type();
      }
      if (dt == tensorflow::DT_INVALID) {
        if (arg.type_attr().empty())
          return llvm::createStringError(
              llvm::inconvertibleErrorCode(),
              "node '" + node.name() + "' (op '" + node.op() + "'): " + kind +
                  " '" + arg.name() + "' has no dtype in the op signature");
        return error(arg, arg.type_attr(), "which is DT_INVALID");
      }
      int64_t count = 1;
      if (!arg.number_attr().empty()) {
        const AttrValue *v = nullptr;
        if (auto e =
                valueOf(arg, arg.number_attr(), AttrValue::kI, v, "an int"))
          return e;
        count = v->i();
        if (count < 0)
          return error(arg, arg.number_attr(),
                       "which is negative (" + std::to_string(count) + ")");
        if (count > kMaxListLength)
          return error(arg, arg.number_attr(),
                       "which is too large (" + std::to_string(count) + ")");
      }
      argTypes.append(static_cast<size_t>(count), dt);
    }
    for (DataType dt : argTypes) {
      if (dt == tensorflow::DT_INVALID)
        return error(arg, arg.type_list_attr(), "which lists DT_INVALID");
      if (arg.is_ref() && static_cast<int>(dt) < 100)
        dt = static_cast<DataType>(static_cast<int>(dt) + 100);
      types.push_back(dt);
    }
  }
  return llvm::Error::success();
}

/// Length of input `arg` when the attrs already tell it, else nullopt.
std::optional<int64_t> knownLength(const OpDef::ArgDef &arg,
                                   const AttrMap &attrs) {
  if (!arg.number_attr().empty()) {
    auto it = attrs.find(arg.number_attr());
    if (it == attrs.end() || it->second.value_case() != AttrValue::kI)
      return std::nullopt;
    return it->second.i();
  }
  if (!arg.type_list_attr().empty()) {
    auto it = attrs.find(arg.type_list_attr());
    if (it == attrs.end() || it->second.value_case() != AttrValue::kList)
      return std::nullopt;
    return it->second.list().type_size();
  }
  return 1;
}

/// The attr that sizes `arg` (number or type-list attr), or "".
const std::string &sizeAttr(const OpDef::ArgDef &arg) {
  return arg.number_attr().empty() ? arg.type_list_attr() : arg.number_attr();
}

DataType baseType(DataType dt) {
  int v = static_cast<int>(dt);
  return static_cast<DataType>(v > 100 ? v - 100 : v);
}

} // namespace

//===----------------------------------------------------------------------===//
// Public API
//===----------------------------------------------------------------------===//

const OpDef *lookupOpDef(llvm::StringRef opName) {
  const Registry &r = registry();
  auto it = r.ops.find(opName);
  return it == r.ops.end() ? nullptr : &it->second;
}

llvm::Error resolveOutputTypes(const NodeDef &node, const OpDef &def,
                               llvm::SmallVectorImpl<DataType> &outTypes,
                               const AttrMap *placeholderValues) {
  return resolveArgTypes(node, def, /*inputs=*/false, outTypes,
                         placeholderValues);
}

llvm::Error resolveInputTypes(const NodeDef &node, const OpDef &def,
                              llvm::SmallVectorImpl<DataType> &inTypes,
                              const AttrMap *placeholderValues) {
  return resolveArgTypes(node, def, /*inputs=*/true, inTypes,
                         placeholderValues);
}

llvm::Error inferAttrsFromInputTypes(const OpDef &def,
                                     llvm::ArrayRef<DataType> inTypes,
                                     AttrMap &attrs) {
  auto error = [&](const std::string &msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "op '" + def.name() + "': " + msg);
  };
  auto setOrCheckType = [&](const OpDef::ArgDef &arg, const std::string &attr,
                            DataType dt) -> llvm::Error {
    auto it = attrs.find(attr);
    if (it == attrs.end()) {
      attrs[attr].set_type(dt);
      return llvm::Error::success();
    }
    if (it->second.value_case() != AttrValue::kType)
      return error("attr '" + attr + "' must be a type");
    if (it->second.type() != dt)
      return error("input '" + arg.name() + "' has dtype " +
                   tensorflow::DataType_Name(dt) + " but attr '" + attr +
                   "' is " + tensorflow::DataType_Name(it->second.type()));
    return llvm::Error::success();
  };

  const auto &args = def.input_arg();
  size_t pos = 0;
  for (int i = 0; i < args.size(); ++i) {
    const OpDef::ArgDef &arg = args[i];
    std::optional<int64_t> len = knownLength(arg, attrs);
    if (!len) {
      // Solve for this arg's length from the inputs left over once the
      // later args with known lengths are accounted for. Later args sized by
      // the same attr have the same length.
      const std::string &attr = sizeAttr(arg);
      int64_t sharing = 0, rest = 0;
      for (int j = i; j < args.size(); ++j) {
        if (sizeAttr(args[j]) == attr) {
          ++sharing;
          continue;
        }
        std::optional<int64_t> other = knownLength(args[j], attrs);
        if (!other)
          return error("cannot infer both '" + attr + "' and '" +
                       sizeAttr(args[j]) + "' from " +
                       std::to_string(inTypes.size()) + " inputs");
        rest += *other;
      }
      int64_t left = static_cast<int64_t>(inTypes.size() - pos) - rest;
      if (left < 0 || left % sharing != 0)
        return error("cannot infer '" + attr + "' from " +
                     std::to_string(inTypes.size()) + " inputs");
      len = left / sharing;
      if (!arg.number_attr().empty())
        attrs[attr].set_i(*len);
    }
    if (*len < 0 ||
        static_cast<int64_t>(pos) + *len > static_cast<int64_t>(inTypes.size()))
      return error("has " + std::to_string(inTypes.size()) +
                   " inputs, too few for input '" + arg.name() + "'");
    llvm::ArrayRef<DataType> slice = inTypes.slice(pos, *len);
    pos += *len;
    if (!arg.type_list_attr().empty()) {
      auto it = attrs.find(arg.type_list_attr());
      if (it == attrs.end() || it->second.value_case() != AttrValue::kList) {
        auto *list = attrs[arg.type_list_attr()].mutable_list();
        list->clear_type();
        for (DataType dt : slice)
          list->add_type(baseType(dt));
      } else {
        for (auto [k, dt] : llvm::enumerate(slice))
          if (it->second.list().type(k) != baseType(dt))
            return error("input '" + arg.name() + "' does not match attr '" +
                         arg.type_list_attr() + "'");
      }
      continue;
    }
    for (DataType dt : slice) {
      if (!arg.type_attr().empty()) {
        if (auto e = setOrCheckType(arg, arg.type_attr(), baseType(dt)))
          return e;
      } else if (arg.type() != baseType(dt)) {
        return error("input '" + arg.name() + "' must be " +
                     tensorflow::DataType_Name(arg.type()) + " but is " +
                     tensorflow::DataType_Name(dt));
      }
    }
  }
  if (pos != inTypes.size())
    return error("has " + std::to_string(inTypes.size()) +
                 " inputs but its signature takes " + std::to_string(pos));
  return llvm::Error::success();
}

void addDefaultAttrs(NodeDef &node, const OpDef &def) {
  auto *attrs = node.mutable_attr();
  for (const auto &a : def.attr())
    if (a.has_default_value() && attrs->find(a.name()) == attrs->end())
      (*attrs)[a.name()] = a.default_value();
}

bool isStateful(llvm::StringRef opName) {
  const OpDef *def = lookupOpDef(opName);
  return def && def->is_stateful();
}

size_t numRegisteredOps() { return registry().ops.size(); }

std::vector<llvm::StringRef> registeredOpNames() { return registry().names; }

const std::vector<std::string> &opRegistryErrors() { return registry().errors; }

llvm::Expected<std::vector<OpDef>> parseOpDefTable(llvm::StringRef text,
                                                   llvm::StringRef tableName) {
  TypeSets sets = registry().sets; // built-in sets, plus any the text adds
  std::vector<OpDef> ops;
  std::vector<std::string> errors;
  parseTable(text, tableName, sets, ops, errors);
  if (!errors.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   llvm::join(errors, "\n"));
  return ops;
}

} // namespace tfmlir
