//===- FeedReader.cpp - CSV and .npy feeds as session Tensors -------------===//
//
// See FeedReader.h.
//===----------------------------------------------------------------------===//
#include "runtime/session/FeedReader.h"

#include "lib/Support/File.h"
#include "lib/Support/Float16.h"
#include "lib/Translate/proto/graph.pb.h"
#include "runtime/lite/Npy.h"

#include "absl/strings/str_cat.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <sstream>

namespace tfmlir::session {
namespace {

using tfmlir::lite::TensorType;

std::optional<DataType> fromLite(TensorType t) {
  switch (t) {
  case TensorType::kFloat32:
    return DT_FLOAT;
  case TensorType::kFloat64:
    return DT_DOUBLE;
  case TensorType::kFloat16:
    return DT_HALF;
  case TensorType::kInt8:
    return DT_INT8;
  case TensorType::kInt16:
    return DT_INT16;
  case TensorType::kInt32:
    return DT_INT32;
  case TensorType::kInt64:
    return DT_INT64;
  case TensorType::kUInt8:
    return DT_UINT8;
  case TensorType::kUInt16:
    return DT_UINT16;
  case TensorType::kUInt32:
    return DT_UINT32;
  case TensorType::kUInt64:
    return DT_UINT64;
  case TensorType::kBool:
    return DT_BOOL;
  default:
    return std::nullopt;
  }
}

/// Parses one CSV value: decimal numbers (nan/inf accepted), True/False.
/// Hexadecimal ("0x10", "0x1p3"), which strtod would take, is refused, as
/// NumPy's and Python's float() refuse it.
bool parseNumber(const std::string &s, double &out) {
  if (s.find_first_of("xX") != std::string::npos)
    return false;
  if (s == "True" || s == "true") {
    out = 1;
    return true;
  }
  if (s == "False" || s == "false") {
    out = 0;
    return true;
  }
  char *end = nullptr;
  out = std::strtod(s.c_str(), &end);
  return end && *end == '\0' && !s.empty();
}

/// The inclusive integer range of an integer dtype, as long double.
std::pair<long double, long double> intRange(DataType dtype) {
  switch (dtype) {
  case DT_INT8:
    return {INT8_MIN, INT8_MAX};
  case DT_INT16:
    return {INT16_MIN, INT16_MAX};
  case DT_INT32:
    return {INT32_MIN, INT32_MAX};
  case DT_UINT8:
    return {0, UINT8_MAX};
  case DT_UINT16:
    return {0, UINT16_MAX};
  case DT_UINT32:
    return {0, UINT32_MAX};
  case DT_UINT64:
    return {0, static_cast<long double>(UINT64_MAX)};
  default:
    return {INT64_MIN, static_cast<long double>(INT64_MAX)};
  }
}

} // namespace

absl::StatusOr<Tensor> parseCsvFeed(std::string text, const std::string &path,
                                    DataType dtype,
                                    std::optional<std::vector<int64_t>> dims,
                                    const std::string &feed) {
  // A UTF-8 byte order mark (spreadsheets write one) is not data, as
  // Python's utf-8-sig codec drops it; a NUL byte means a binary file.
  if (text.compare(0, 3, "\xEF\xBB\xBF") == 0)
    text.erase(0, 3);
  if (size_t nul = text.find('\0'); nul != std::string::npos)
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": byte ", nul,
                     " is a NUL; a CSV feed is text (for binary "
                     "data feed a .npy file)"));
  std::vector<std::string> vals;
  std::vector<int> lines;
  {
    std::istringstream rows(text);
    int line = 0;
    for (std::string row; std::getline(rows, row);) {
      ++line;
      // Values are separated by commas and/or whitespace; an empty field
      // between commas ("1,,3", or a trailing comma) is an error, not a
      // value that vanishes. A row of only commas and blanks holds none.
      std::istringstream fields(row +
                                (!row.empty() && row.back() == ',' ? " " : ""));
      size_t rowStart = vals.size();
      int firstEmpty = 0, k = 0;
      for (std::string field; std::getline(fields, field, ',');) {
        ++k;
        std::istringstream words(field);
        size_t before = vals.size();
        for (std::string w; words >> w;) {
          vals.push_back(w);
          lines.push_back(line);
        }
        if (vals.size() == before && !firstEmpty)
          firstEmpty = k;
      }
      if (firstEmpty && vals.size() > rowStart)
        return absl::InvalidArgumentError(
            absl::StrCat(path, ":", line, ": field ", firstEmpty,
                         " is empty (feed ", feed, ")"));
    }
  }
  if (!dims)
    dims = std::vector<int64_t>{static_cast<int64_t>(vals.size())};
  // Check the count before allocating (a hostile shape must not allocate).
  int64_t want = 1;
  for (int64_t d : *dims)
    want = d == 0 || want <= INT64_MAX / d ? want * d : INT64_MAX;
  if (static_cast<int64_t>(vals.size()) != want)
    return absl::InvalidArgumentError(absl::StrCat(
        path, ": holds ", vals.size(), vals.size() == 1 ? " value" : " values",
        "; the shape ", TensorShape(*dims).DebugString(), " of ", feed,
        " needs ", want));
  auto t = Tensor::Create(dtype, *dims);
  if (!t.ok())
    return absl::InvalidArgumentError(
        absl::StrCat(path, " (", feed, "): ", t.status().message()));
  if (static_cast<int64_t>(vals.size()) != t->NumElements())
    return absl::InvalidArgumentError(absl::StrCat(
        path, ": holds ", vals.size(), " values; the shape ",
        t->shape().DebugString(), " of ", feed, " needs ", t->NumElements()));
  bool isInt = dtype != DT_FLOAT && dtype != DT_DOUBLE && dtype != DT_HALF &&
               dtype != DT_BFLOAT16 && dtype != DT_BOOL;
  for (size_t i = 0; i < vals.size(); ++i) {
    const std::string &v = vals[i];
    auto where = [&] {
      return absl::StrCat(path, ":", lines[i], ": value '", v, "'");
    };
    auto outOfRange = [&] {
      return absl::InvalidArgumentError(
          absl::StrCat(where(), " is out of range for ", DataTypeString(dtype),
                       " (feed ", feed, ")"));
    };
    double d = 0;
    long long ll = 0;
    unsigned long long ull = 0;
    if (isInt) {
      char *end = nullptr;
      errno = 0;
      bool negative = v.find('-') != std::string::npos;
      if (dtype == DT_UINT64 && !negative)
        ull = std::strtoull(v.c_str(), &end, 10);
      else
        ll = std::strtoll(v.c_str(), &end, 10);
      if (end && *end == '\0' && !v.empty() && errno == ERANGE)
        return outOfRange();
      if (!end || *end != '\0' || v.empty() || errno) {
        // "3.00000000": an integral value printed as a float.
        if (!parseNumber(v, d) || d != std::floor(d))
          return absl::InvalidArgumentError(
              absl::StrCat(where(), " is not a valid ", DataTypeString(dtype)));
        auto [lo, hi] = intRange(dtype);
        if (!(static_cast<long double>(d) >= lo &&
              static_cast<long double>(d) <= hi))
          return outOfRange();
        if (dtype == DT_UINT64)
          ull = static_cast<unsigned long long>(d);
        else
          ll = static_cast<long long>(d);
      } else if (dtype != DT_UINT64 || negative) {
        auto [lo, hi] = intRange(dtype);
        if (static_cast<long double>(ll) < lo ||
            static_cast<long double>(ll) > hi)
          return outOfRange();
        ull = static_cast<unsigned long long>(ll);
      }
    } else {
      errno = 0;
      if (!parseNumber(v, d))
        return absl::InvalidArgumentError(
            absl::StrCat(where(), " is not a number"));
      // strtod reports overflow as ERANGE with +-HUGE_VAL (underflow to a
      // denormal or zero is fine); a finite double beyond the dtype's range
      // would become inf.
      if (errno == ERANGE && std::isinf(d))
        return outOfRange();
      double maxFinite = dtype == DT_FLOAT || dtype == DT_BFLOAT16
                             ? 3.4028234663852886e38
                         : dtype == DT_HALF ? 65504.0
                                            : 1.7976931348623157e308;
      if (std::isfinite(d) && std::fabs(d) > maxFinite && dtype != DT_BOOL)
        return outOfRange();
    }
    switch (dtype) {
    case DT_FLOAT:
      t->flat<float>()[i] = static_cast<float>(d);
      break;
    case DT_DOUBLE:
      t->flat<double>()[i] = d;
      break;
    case DT_HALF:
      t->flat<uint16_t>()[i] = tfmlir::floatToHalf(static_cast<float>(d));
      break;
    case DT_BFLOAT16:
      t->flat<uint16_t>()[i] = tfmlir::floatToBfloat16(static_cast<float>(d));
      break;
    case DT_BOOL:
      t->flat<uint8_t>()[i] = d != 0;
      break;
    case DT_INT8:
      t->flat<int8_t>()[i] = static_cast<int8_t>(ll);
      break;
    case DT_INT16:
      t->flat<int16_t>()[i] = static_cast<int16_t>(ll);
      break;
    case DT_INT32:
      t->flat<int32_t>()[i] = static_cast<int32_t>(ll);
      break;
    case DT_INT64:
      t->flat<int64_t>()[i] = static_cast<int64_t>(ll);
      break;
    case DT_UINT8:
      t->flat<uint8_t>()[i] = static_cast<uint8_t>(ll);
      break;
    case DT_UINT16:
      t->flat<uint16_t>()[i] = static_cast<uint16_t>(ll);
      break;
    case DT_UINT32:
      t->flat<uint32_t>()[i] = static_cast<uint32_t>(ll);
      break;
    case DT_UINT64:
      t->flat<uint64_t>()[i] = ull;
      break;
    default:
      return absl::UnimplementedError(absl::StrCat(
          path, ": cannot read ", DataTypeString(dtype), " values"));
    }
  }
  return *t;
}

absl::StatusOr<Tensor> readCsvFeed(const std::string &path, DataType dtype,
                                   std::optional<std::vector<int64_t>> dims,
                                   const std::string &feed) {
  absl::StatusOr<std::string> bytes =
      tfmlir::readFileBounded(path, tfmlir::kDefaultMaxFileBytes, "CSV feed");
  if (!bytes.ok())
    return bytes.status();
  return parseCsvFeed(std::move(*bytes), path, dtype, std::move(dims), feed);
}

namespace {
/// The session Tensor of a parsed .npy array (or its error).
absl::StatusOr<Tensor> npyToTensor(absl::StatusOr<tfmlir::lite::NpyArray> a,
                                   const std::string &path) {
  if (!a.ok())
    return a.status();
  std::optional<DataType> dt = fromLite(a->type);
  if (!dt)
    return absl::UnimplementedError(path + ": unsupported .npy dtype");
  std::vector<int64_t> dims(a->shape.begin(), a->shape.end());
  auto t = Tensor::Create(*dt, dims);
  if (!t.ok())
    return absl::InvalidArgumentError(path + ": " +
                                      std::string(t.status().message()));
  if (a->bytes.size() != t->TotalBytes())
    return absl::InvalidArgumentError(path + ": data size does not match");
  if (!a->bytes.empty())
    std::memcpy(t->data(), a->bytes.data(), a->bytes.size());
  return *t;
}

} // namespace

absl::StatusOr<Tensor> parseNpyFeed(const std::vector<uint8_t> &bytes,
                                    const std::string &path) {
  return npyToTensor(tfmlir::lite::parseNpy(bytes, path), path);
}

absl::StatusOr<Tensor> readNpyFeed(const std::string &path) {
  return npyToTensor(tfmlir::lite::readNpy(path), path);
}

absl::StatusOr<Tensor> readFeedFile(const tensorflow::GraphDef &graph,
                                    const std::string &name,
                                    const std::string &file) {
  const std::string spec = name + "=" + file;
  size_t csv = file.rfind(".csv");
  if (file.size() >= 4 && file.compare(file.size() - 4, 4, ".npy") == 0)
    return readNpyFeed(file);
  if (csv == std::string::npos ||
      (csv + 4 != file.size() && file[csv + 4] != ':'))
    return absl::InvalidArgumentError("--input " + spec +
                                      ": the file must be .npy or .csv");
  std::string path = file.substr(0, csv + 4);
  std::optional<std::vector<int64_t>> dims;
  // The fed node: dtype and (without dims) shape.
  std::string node = name;
  int idx = 0;
  if (size_t c = name.rfind(':'); c != std::string::npos) {
    node = name.substr(0, c);
    idx = std::atoi(name.c_str() + c + 1);
  }
  const tensorflow::NodeDef *nd = nullptr;
  for (const auto &n : graph.node())
    if (n.name() == node)
      nd = &n;
  if (!nd)
    return absl::InvalidArgumentError(absl::StrCat(
        "--input ", name, ": FeedInputs: unable to find feed output ", name));
  const std::string &op = nd->op();
  if (idx != 0 && (op == "Placeholder" || op == "PlaceholderV2" ||
                   op == "PlaceholderWithDefault" || op == "Const"))
    return absl::InvalidArgumentError(absl::StrCat(
        "--input ", name, ": FeedInputs: ", name,
        " should have output index < 1 (node ", node, " is a ", op, ")"));
  auto dt = nd->attr().find("dtype");
  if (dt == nd->attr().end())
    dt = nd->attr().find("T");
  if (dt == nd->attr().end() || idx != 0)
    return absl::InvalidArgumentError(absl::StrCat(
        "--input ", name, ": cannot tell the dtype of ",
        idx ? absl::StrCat("output ", idx, " of ") : std::string(), "node ",
        node, " (", op, ") for a .csv feed; feed a .npy file instead"));
  if (csv + 4 < file.size()) {
    dims.emplace();
    if (file.back() == ',')
      return absl::InvalidArgumentError("--input " + spec +
                                        ": bad dimension '' (trailing comma)");
    std::stringstream ds(file.substr(csv + 5));
    for (std::string tok; std::getline(ds, tok, ',');) {
      char *end = nullptr;
      errno = 0;
      long long v = std::strtoll(tok.c_str(), &end, 10);
      if (tok.empty() || !end || *end || v < 0 || errno == ERANGE)
        return absl::InvalidArgumentError("--input " + spec +
                                          ": bad dimension '" + tok + "'");
      dims->push_back(v);
    }
  } else if (auto sh = nd->attr().find("shape");
             sh != nd->attr().end() && !sh->second.shape().unknown_rank()) {
    std::vector<int64_t> ds;
    bool known = true;
    for (const auto &d : sh->second.shape().dim()) {
      known &= d.size() >= 0;
      ds.push_back(d.size());
    }
    if (known)
      dims = ds;
  }
  return readCsvFeed(path, static_cast<DataType>(dt->second.type()), dims,
                     name);
}

} // namespace tfmlir::session
