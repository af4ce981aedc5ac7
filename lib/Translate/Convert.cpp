//===- Convert.cpp - TF DataType/AttrValue/TensorProto <-> MLIR -----------===//
#include "lib/Translate/Convert.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include "dialects/tf/TFTypes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstring>

using namespace mlir;
using namespace tfmlir;
using llvm::Expected;
using tensorflow::DataType;

static llvm::Error err(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

//===----------------------------------------------------------------------===//
// DataType
//===----------------------------------------------------------------------===//

Expected<Type> tfmlir::convertDataType(DataType dt, Builder &b) {
  MLIRContext *ctx = b.getContext();
  int v = static_cast<int>(dt);
  if (v > 100 && v < 200) {
    // X_REF = X + 100; a ref of a ref does not exist.
    auto base = convertDataType(static_cast<DataType>(v - 100), b);
    if (!base)
      return base.takeError();
    return Type(tf_type::RefType::get(ctx, *base));
  }
  switch (dt) {
  case tensorflow::DT_FLOAT:
    return b.getF32Type();
  case tensorflow::DT_DOUBLE:
    return b.getF64Type();
  case tensorflow::DT_INT32:
    return b.getIntegerType(32);
  case tensorflow::DT_UINT8:
    return b.getIntegerType(8, false);
  case tensorflow::DT_INT16:
    return b.getIntegerType(16);
  case tensorflow::DT_INT8:
    return b.getIntegerType(8);
  case tensorflow::DT_STRING:
    return Type(tf_type::StringType::get(ctx));
  case tensorflow::DT_COMPLEX64:
    return Type(ComplexType::get(b.getF32Type()));
  case tensorflow::DT_INT64:
    return b.getIntegerType(64);
  case tensorflow::DT_BOOL:
    return b.getI1Type();
  case tensorflow::DT_QINT8:
    return Type(tf_type::Qint8Type::get(ctx));
  case tensorflow::DT_QUINT8:
    return Type(tf_type::Quint8Type::get(ctx));
  case tensorflow::DT_QINT32:
    return Type(tf_type::Qint32Type::get(ctx));
  case tensorflow::DT_BFLOAT16:
    return b.getBF16Type();
  case tensorflow::DT_QINT16:
    return Type(tf_type::Qint16Type::get(ctx));
  case tensorflow::DT_QUINT16:
    return Type(tf_type::Quint16Type::get(ctx));
  case tensorflow::DT_UINT16:
    return b.getIntegerType(16, false);
  case tensorflow::DT_COMPLEX128:
    return Type(ComplexType::get(b.getF64Type()));
  case tensorflow::DT_HALF:
    return b.getF16Type();
  case tensorflow::DT_RESOURCE:
    return Type(tf_type::ResourceType::get(ctx));
  case tensorflow::DT_VARIANT:
    return Type(tf_type::VariantType::get(ctx));
  case tensorflow::DT_UINT32:
    return b.getIntegerType(32, false);
  case tensorflow::DT_UINT64:
    return b.getIntegerType(64, false);
  case tensorflow::DT_FLOAT8_E5M2:
    return Type(Float8E5M2Type::get(ctx));
  case tensorflow::DT_FLOAT8_E4M3FN:
    return Type(Float8E4M3FNType::get(ctx));
  case tensorflow::DT_FLOAT8_E4M3FNUZ:
    return Type(Float8E4M3FNUZType::get(ctx));
  case tensorflow::DT_FLOAT8_E4M3B11FNUZ:
    return Type(Float8E4M3B11FNUZType::get(ctx));
  case tensorflow::DT_FLOAT8_E5M2FNUZ:
    return Type(Float8E5M2FNUZType::get(ctx));
  case tensorflow::DT_INT4:
    return b.getIntegerType(4);
  case tensorflow::DT_UINT4:
    return b.getIntegerType(4, false);
  case tensorflow::DT_INT2:
    return b.getIntegerType(2);
  case tensorflow::DT_UINT2:
    return b.getIntegerType(2, false);
  default:
    break;
  }
  return err(llvm::formatv("unsupported or invalid DataType value {0}", v));
}

Expected<DataType> tfmlir::convertToDataType(Type t) {
  if (auto r = dyn_cast<tf_type::RefType>(t)) {
    auto base = convertToDataType(r.getBase());
    if (!base)
      return base.takeError();
    return static_cast<DataType>(static_cast<int>(*base) + 100);
  }
  if (t.isF32())
    return tensorflow::DT_FLOAT;
  if (t.isF64())
    return tensorflow::DT_DOUBLE;
  if (t.isF16())
    return tensorflow::DT_HALF;
  if (t.isBF16())
    return tensorflow::DT_BFLOAT16;
  if (isa<Float8E5M2Type>(t))
    return tensorflow::DT_FLOAT8_E5M2;
  if (isa<Float8E4M3FNType>(t))
    return tensorflow::DT_FLOAT8_E4M3FN;
  if (isa<Float8E4M3FNUZType>(t))
    return tensorflow::DT_FLOAT8_E4M3FNUZ;
  if (isa<Float8E4M3B11FNUZType>(t))
    return tensorflow::DT_FLOAT8_E4M3B11FNUZ;
  if (isa<Float8E5M2FNUZType>(t))
    return tensorflow::DT_FLOAT8_E5M2FNUZ;
  if (auto it = dyn_cast<IntegerType>(t)) {
    bool u = it.isUnsigned();
    switch (it.getWidth()) {
    case 1:
      return tensorflow::DT_BOOL;
    case 2:
      return u ? tensorflow::DT_UINT2 : tensorflow::DT_INT2;
    case 4:
      return u ? tensorflow::DT_UINT4 : tensorflow::DT_INT4;
    case 8:
      return u ? tensorflow::DT_UINT8 : tensorflow::DT_INT8;
    case 16:
      return u ? tensorflow::DT_UINT16 : tensorflow::DT_INT16;
    case 32:
      return u ? tensorflow::DT_UINT32 : tensorflow::DT_INT32;
    case 64:
      return u ? tensorflow::DT_UINT64 : tensorflow::DT_INT64;
    default:
      break;
    }
  }
  if (auto c = dyn_cast<ComplexType>(t)) {
    if (c.getElementType().isF32())
      return tensorflow::DT_COMPLEX64;
    if (c.getElementType().isF64())
      return tensorflow::DT_COMPLEX128;
  }
  if (isa<tf_type::StringType>(t))
    return tensorflow::DT_STRING;
  if (isa<tf_type::ResourceType>(t))
    return tensorflow::DT_RESOURCE;
  if (isa<tf_type::VariantType>(t))
    return tensorflow::DT_VARIANT;
  if (isa<tf_type::Qint8Type>(t))
    return tensorflow::DT_QINT8;
  if (isa<tf_type::Quint8Type>(t))
    return tensorflow::DT_QUINT8;
  if (isa<tf_type::Qint16Type>(t))
    return tensorflow::DT_QINT16;
  if (isa<tf_type::Quint16Type>(t))
    return tensorflow::DT_QUINT16;
  if (isa<tf_type::Qint32Type>(t))
    return tensorflow::DT_QINT32;
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return err("type " + s + " has no TensorFlow DataType");
}

std::string tfmlir::dataTypeName(DataType dt) {
  int v = static_cast<int>(dt);
  bool ref = v > 100;
  DataType base = ref ? static_cast<DataType>(v - 100) : dt;
  if (!tensorflow::DataType_IsValid(base))
    return llvm::formatv("<invalid dtype {0}>", v).str();
  std::string n =
      llvm::StringRef(tensorflow::DataType_Name(base)).drop_front(3).lower();
  if (n == "half")
    n = "half";
  return ref ? n + "_ref" : n;
}

std::optional<DataType> tfmlir::parseDataTypeName(llvm::StringRef name) {
  std::string upper = name.upper();
  if (!llvm::StringRef(upper).starts_with("DT_"))
    upper = "DT_" + upper;
  if (upper == "DT_FLOAT32")
    upper = "DT_FLOAT";
  if (upper == "DT_FLOAT64")
    upper = "DT_DOUBLE";
  if (upper == "DT_FLOAT16")
    upper = "DT_HALF";
  DataType dt;
  if (tensorflow::DataType_Parse(upper, &dt) && dt != tensorflow::DT_INVALID)
    return dt;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Shapes
//===----------------------------------------------------------------------===//

Expected<std::optional<SmallVector<int64_t>>>
tfmlir::convertShape(const tensorflow::TensorShapeProto &shape) {
  if (shape.unknown_rank()) {
    if (shape.dim_size() != 0)
      return err("shape has unknown_rank set but also lists dims");
    return std::optional<SmallVector<int64_t>>();
  }
  SmallVector<int64_t> dims;
  for (const auto &d : shape.dim()) {
    // -1 is TF's unknown dim; other negative sizes are invalid and read as
    // unknown too (TF's shape functions do the same for partial shapes).
    dims.push_back(d.size() < 0 ? ShapedType::kDynamic : d.size());
  }
  return std::optional<SmallVector<int64_t>>(std::move(dims));
}

TensorType tfmlir::makeTensorType(std::optional<ArrayRef<int64_t>> dims,
                                  Type elt) {
  if (!dims)
    return UnrankedTensorType::get(elt);
  return RankedTensorType::get(*dims, elt);
}

Expected<Type> tfmlir::attachHandleData(Type elt,
                                        ArrayRef<HandleDataEntry> entries,
                                        Builder &b) {
  // Every entry is checked (TF rejects a malformed one whatever the
  // argument's dtype); only resources and variants carry subtypes.
  SmallVector<TensorType> subtypes;
  for (auto [i, e] : llvm::enumerate(entries)) {
    DataType dt = e.dtype;
    bool isRef = static_cast<int>(dt) > 100;
    auto t =
        isRef ? Expected<Type>(err("reference dtype")) : convertDataType(dt, b);
    if (!t) {
      llvm::consumeError(t.takeError());
      return err("invalid dtype for handle_data entry #" + llvm::Twine(i) +
                 " (" + dataTypeName(dt) + ")");
    }
    std::optional<SmallVector<int64_t>> dims;
    if (e.shape) {
      auto d = convertShape(*e.shape);
      if (!d)
        return err("invalid shape for handle_data entry #" + llvm::Twine(i) +
                   ": " + llvm::toString(d.takeError()));
      dims = std::move(*d);
    }
    subtypes.push_back(makeTensorType(
        dims ? std::optional<ArrayRef<int64_t>>(*dims) : std::nullopt, *t));
  }
  if (subtypes.empty())
    return elt;
  if (isa<tf_type::ResourceType>(elt))
    return Type(tf_type::ResourceType::get(b.getContext(), subtypes));
  if (isa<tf_type::VariantType>(elt))
    return Type(tf_type::VariantType::get(b.getContext(), subtypes));
  return elt;
}

llvm::Error tfmlir::getHandleData(
    Type elt,
    SmallVectorImpl<std::pair<DataType, tensorflow::TensorShapeProto>> &out) {
  out.clear();
  ArrayRef<TensorType> subtypes;
  if (auto r = dyn_cast<tf_type::ResourceType>(elt))
    subtypes = r.getSubtypes();
  else if (auto v = dyn_cast<tf_type::VariantType>(elt))
    subtypes = v.getSubtypes();
  for (TensorType t : subtypes) {
    auto dt = convertToDataType(t.getElementType());
    if (!dt)
      return dt.takeError();
    tensorflow::TensorShapeProto shape;
    convertToShapeProto(t, &shape);
    out.push_back({*dt, std::move(shape)});
  }
  return llvm::Error::success();
}

void tfmlir::convertToShapeProto(Type type, tensorflow::TensorShapeProto *out) {
  out->Clear();
  auto st = dyn_cast<ShapedType>(type);
  if (!st || !st.hasRank()) {
    out->set_unknown_rank(true);
    return;
  }
  for (int64_t d : st.getShape())
    out->add_dim()->set_size(ShapedType::isDynamic(d) ? -1 : d);
}

static void shapeAttrToProto(tf_type::ShapeAttr s,
                             tensorflow::TensorShapeProto *out) {
  out->Clear();
  if (s.getUnranked()) {
    out->set_unknown_rank(true);
    return;
  }
  for (int64_t d : s.getDims())
    out->add_dim()->set_size(d);
}

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

namespace {
/// A tensor given by fewer values than elements (TF repeats the last one)
/// is expanded only up to this many bytes; bigger ones are accepted only as
/// splats. (A GraphDef cannot exceed 2 GB, so only such expansions exceed
/// it; this keeps a 150-byte file from allocating many GB.)
constexpr int64_t kMaxMaterializedBytes = int64_t(1) << 30;

/// Byte width of a TF dtype in tensor_content, 0 if not a fixed-width type.
int contentByteWidth(DataType dt) {
  switch (dt) {
  case tensorflow::DT_FLOAT:
  case tensorflow::DT_INT32:
  case tensorflow::DT_UINT32:
  case tensorflow::DT_QINT32:
    return 4;
  case tensorflow::DT_DOUBLE:
  case tensorflow::DT_INT64:
  case tensorflow::DT_UINT64:
  case tensorflow::DT_COMPLEX64:
    return 8;
  case tensorflow::DT_COMPLEX128:
    return 16;
  case tensorflow::DT_HALF:
  case tensorflow::DT_BFLOAT16:
  case tensorflow::DT_INT16:
  case tensorflow::DT_UINT16:
  case tensorflow::DT_QINT16:
  case tensorflow::DT_QUINT16:
    return 2;
  case tensorflow::DT_INT8:
  case tensorflow::DT_UINT8:
  case tensorflow::DT_BOOL:
  case tensorflow::DT_QINT8:
  case tensorflow::DT_QUINT8:
  case tensorflow::DT_FLOAT8_E5M2:
  case tensorflow::DT_FLOAT8_E4M3FN:
  case tensorflow::DT_FLOAT8_E4M3FNUZ:
  case tensorflow::DT_FLOAT8_E4M3B11FNUZ:
  case tensorflow::DT_FLOAT8_E5M2FNUZ:
  case tensorflow::DT_INT4:
  case tensorflow::DT_UINT4:
  case tensorflow::DT_INT2:
  case tensorflow::DT_UINT2:
    return 1;
  default:
    return 0;
  }
}

/// Appends `n` copies, filling to `count` elements with the last value, as
/// TF's MakeTensorFromProto does when a typed list is shorter than the shape.
template <typename T, typename Src>
bool expandValues(const Src &src, int64_t count, std::vector<T> &out) {
  if (src.size() > count)
    return false;
  // Zero or one value: a splat. Keep one element; the caller builds a splat
  // attribute without materializing `count` copies.
  if (src.size() <= 1) {
    out.assign(1, src.size() == 1 ? static_cast<T>(*src.begin()) : T());
    if (count == 0)
      out.clear();
    return true;
  }
  if (count > kMaxMaterializedBytes / static_cast<int64_t>(sizeof(T)))
    return false;
  out.reserve(count);
  for (const auto &v : src)
    out.push_back(static_cast<T>(v));
  while (static_cast<int64_t>(out.size()) < count)
    out.push_back(out.back());
  return true;
}

bool isHostLittleEndian() { return llvm::sys::IsLittleEndianHost; }
} // namespace

Expected<TypedAttr> tfmlir::convertTensorProto(const tensorflow::TensorProto &t,
                                               Builder &b) {
  DataType dt = t.dtype();
  auto eltOr = convertDataType(dt, b);
  if (!eltOr)
    return eltOr.takeError();
  auto dimsOr = convertShape(t.tensor_shape());
  if (!dimsOr)
    return dimsOr.takeError();
  if (!*dimsOr)
    return err("tensor has unknown rank");
  SmallVector<int64_t> dims = **dimsOr;
  int64_t count = 1;
  for (int64_t d : dims) {
    if (ShapedType::isDynamic(d))
      return err("tensor shape has an unknown (-1) dimension");
    if (d != 0 && count > (int64_t(1) << 40) / d)
      return err("tensor has too many elements");
    count *= d;
  }
  Type elt = *eltOr;
  auto type = RankedTensorType::get(dims, elt);

  // Types that builtin attributes cannot hold: keep the proto bytes.
  if (isa<tf_type::ResourceType, tf_type::VariantType, tf_type::Qint8Type,
          tf_type::Quint8Type, tf_type::Qint16Type, tf_type::Quint16Type,
          tf_type::Qint32Type, tf_type::RefType>(elt)) {
    std::string bytes;
    if (!serializeDeterministic(t, &bytes))
      return err("cannot serialize tensor");
    return TypedAttr(
        tf_type::TensorProtoAttr::get(b.getContext(), type, bytes));
  }

  if (dt == tensorflow::DT_STRING) {
    std::vector<std::string> vals;
    if (!t.tensor_content().empty()) {
      // TF's encoding: `count` varint32 lengths, then the bytes of each.
      llvm::StringRef c = t.tensor_content();
      std::vector<uint64_t> lens;
      size_t pos = 0;
      for (int64_t i = 0; i < count; ++i) {
        uint64_t v = 0;
        int shift = 0;
        while (true) {
          if (pos >= c.size() || shift > 28)
            return err("string tensor_content has a malformed length prefix");
          uint8_t byte = c[pos++];
          v |= uint64_t(byte & 0x7f) << shift;
          shift += 7;
          if (!(byte & 0x80))
            break;
        }
        lens.push_back(v);
      }
      for (uint64_t l : lens) {
        if (pos + l > c.size())
          return err("string tensor_content is shorter than its lengths say");
        vals.push_back(c.substr(pos, l).str());
        pos += l;
      }
      if (pos != c.size())
        return err("string tensor_content has trailing bytes");
    } else if (!expandValues(t.string_val(), count, vals)) {
      return err(llvm::formatv("tensor has {0} string values but its shape "
                               "holds {1} elements",
                               t.string_val_size(), count));
    }
    SmallVector<StringRef> refs(vals.begin(), vals.end());
    return TypedAttr(DenseStringElementsAttr::get(type, refs));
  }

  int width = contentByteWidth(dt);
  if (width == 0)
    return err("unsupported tensor dtype " + dataTypeName(dt));

  // Raw little-endian bytes, one element per `width` bytes.
  std::string raw;
  if (!t.tensor_content().empty()) {
    if (static_cast<int64_t>(t.tensor_content().size()) != count * width)
      return err(llvm::formatv("tensor_content has {0} bytes but shape and "
                               "dtype {1} need {2}",
                               t.tensor_content().size(), dataTypeName(dt),
                               count * width));
    raw = t.tensor_content();
  } else {
    auto mismatch = [&](int64_t have) {
      if (have > 1 && have <= count)
        return err(llvm::formatv(
            "tensor of {0} elements is given by {1} values; TF repeats the "
            "last one, but the expanded tensor ({2} bytes) exceeds the "
            "importer's limit of {3} bytes",
            count, have, count * width, kMaxMaterializedBytes));
      return err(llvm::formatv("tensor has {0} values but its shape holds {1} "
                               "elements",
                               have, count));
    };
    auto pack = [&](const auto &vec) {
      raw.resize(vec.size() * width);
      using E = typename std::decay_t<decltype(vec)>::value_type;
      for (size_t i = 0; i < vec.size(); ++i) {
        E v = vec[i];
        std::memcpy(&raw[i * width], &v, width);
      }
    };
    switch (dt) {
    case tensorflow::DT_FLOAT: {
      std::vector<float> v;
      if (!expandValues(t.float_val(), count, v))
        return mismatch(t.float_val_size());
      pack(v);
      break;
    }
    case tensorflow::DT_DOUBLE: {
      std::vector<double> v;
      if (!expandValues(t.double_val(), count, v))
        return mismatch(t.double_val_size());
      pack(v);
      break;
    }
    case tensorflow::DT_INT32: {
      std::vector<int32_t> v;
      if (!expandValues(t.int_val(), count, v))
        return mismatch(t.int_val_size());
      pack(v);
      break;
    }
    case tensorflow::DT_INT16:
    case tensorflow::DT_UINT16: {
      std::vector<uint16_t> v;
      if (!expandValues(t.int_val(), count, v))
        return mismatch(t.int_val_size());
      pack(v);
      break;
    }
    case tensorflow::DT_INT8:
    case tensorflow::DT_UINT8:
    case tensorflow::DT_INT4:
    case tensorflow::DT_UINT4:
    case tensorflow::DT_INT2:
    case tensorflow::DT_UINT2: {
      std::vector<uint8_t> v;
      if (!expandValues(t.int_val(), count, v))
        return mismatch(t.int_val_size());
      pack(v);
      break;
    }
    case tensorflow::DT_INT64: {
      std::vector<int64_t> v;
      if (!expandValues(t.int64_val(), count, v))
        return mismatch(t.int64_val_size());
      pack(v);
      break;
    }
    case tensorflow::DT_UINT32: {
      std::vector<uint32_t> v;
      if (!expandValues(t.uint32_val(), count, v))
        return mismatch(t.uint32_val_size());
      pack(v);
      break;
    }
    case tensorflow::DT_UINT64: {
      std::vector<uint64_t> v;
      if (!expandValues(t.uint64_val(), count, v))
        return mismatch(t.uint64_val_size());
      pack(v);
      break;
    }
    case tensorflow::DT_BOOL: {
      std::vector<uint8_t> v;
      if (!expandValues(t.bool_val(), count, v))
        return mismatch(t.bool_val_size());
      pack(v);
      break;
    }
    case tensorflow::DT_HALF:
    case tensorflow::DT_BFLOAT16: {
      std::vector<uint16_t> v;
      if (!expandValues(t.half_val(), count, v))
        return mismatch(t.half_val_size());
      pack(v);
      break;
    }
    case tensorflow::DT_COMPLEX64:
    case tensorflow::DT_COMPLEX128: {
      bool is64 = dt == tensorflow::DT_COMPLEX64;
      int n = is64 ? t.scomplex_val_size() : t.dcomplex_val_size();
      if (n % 2 != 0 || n / 2 > count)
        return mismatch(n / 2);
      std::vector<std::pair<double, double>> v;
      for (int i = 0; i < n; i += 2)
        v.push_back(
            is64 ? std::make_pair<double, double>(t.scomplex_val(i),
                                                  t.scomplex_val(i + 1))
                 : std::make_pair(t.dcomplex_val(i), t.dcomplex_val(i + 1)));
      if (count > 0 && v.empty())
        v.push_back({0, 0});
      if (v.size() > 1) {
        if (count > kMaxMaterializedBytes / width)
          return mismatch(n / 2);
        while (static_cast<int64_t>(v.size()) < count)
          v.push_back(v.back());
      }
      raw.resize(v.size() * width);
      for (size_t i = 0; i < v.size(); ++i) {
        if (is64) {
          float re = v[i].first, im = v[i].second;
          std::memcpy(&raw[i * 8], &re, 4);
          std::memcpy(&raw[i * 8 + 4], &im, 4);
        } else {
          std::memcpy(&raw[i * 16], &v[i].first, 8);
          std::memcpy(&raw[i * 16 + 8], &v[i].second, 8);
        }
      }
      break;
    }
    case tensorflow::DT_FLOAT8_E5M2:
    case tensorflow::DT_FLOAT8_E4M3FN:
    case tensorflow::DT_FLOAT8_E4M3FNUZ:
    case tensorflow::DT_FLOAT8_E4M3B11FNUZ:
    case tensorflow::DT_FLOAT8_E5M2FNUZ: {
      const std::string &f8 = t.float8_val();
      if (static_cast<int64_t>(f8.size()) > count)
        return mismatch(f8.size());
      std::vector<uint8_t> v(f8.begin(), f8.end());
      if (count > 0 && v.empty())
        v.push_back(0);
      if (v.size() > 1) {
        if (count > kMaxMaterializedBytes / width)
          return mismatch(f8.size());
        while (static_cast<int64_t>(v.size()) < count)
          v.push_back(v.back());
      }
      pack(v);
      break;
    }
    default:
      return err("unsupported tensor dtype " + dataTypeName(dt));
    }
  }
  if (!isHostLittleEndian())
    return err("big-endian hosts are not supported");

  // `raw` holds either `count` elements or a single (splat) element.
  int64_t have = width ? static_cast<int64_t>(raw.size()) / width : 0;
  if (count == 0)
    return TypedAttr(DenseElementsAttr::get(type, ArrayRef<Attribute>{}));
  if (have != count && have != 1)
    return err("internal: tensor data has the wrong size");
  // Bool and sub-byte integers go through bool/APInt lists; everything else
  // is a raw buffer in MLIR's storage layout (which matches TF's for these).
  if (dt == tensorflow::DT_BOOL) {
    SmallVector<bool> bools(have);
    for (int64_t i = 0; i < have; ++i)
      bools[i] = raw[i] != 0;
    return TypedAttr(DenseElementsAttr::get(type, bools));
  }
  if (auto it = dyn_cast<IntegerType>(elt); it && it.getWidth() < 8) {
    SmallVector<APInt> ints;
    ints.reserve(have);
    for (int64_t i = 0; i < have; ++i)
      ints.push_back(APInt(it.getWidth(), static_cast<uint8_t>(raw[i]),
                           /*isSigned=*/false, /*implicitTrunc=*/true));
    return TypedAttr(DenseElementsAttr::get(type, ints));
  }
  ArrayRef<char> buf(raw.data(), raw.size());
  // A buffer whose elements are all equal is stored as a splat.
  bool splat = have == 1;
  if (!splat) {
    splat = true;
    for (int64_t i = 1; i < count && splat; ++i)
      splat = std::memcmp(raw.data(), raw.data() + i * width, width) == 0;
  }
  if (splat)
    buf = buf.take_front(width);
  bool detectedSplat = false;
  if (!DenseElementsAttr::isValidRawBuffer(type, buf, detectedSplat))
    return err("internal: invalid raw buffer for " + dataTypeName(dt));
  return TypedAttr(DenseElementsAttr::getFromRawBuffer(type, buf));
}

llvm::Error tfmlir::convertToTensorProto(Attribute attr,
                                         tensorflow::TensorProto *out) {
  out->Clear();
  if (auto tp = dyn_cast<tf_type::TensorProtoAttr>(attr)) {
    if (!out->ParseFromString(tp.getBytes().str()))
      return err("#tf_type.tensor_proto holds invalid bytes");
    return llvm::Error::success();
  }
  auto dense = dyn_cast<DenseElementsAttr>(attr);
  if (!dense) {
    if (auto elts = dyn_cast<ElementsAttr>(attr)) {
      (void)elts;
      return err("only dense elements attributes can be exported as tensors");
    }
    return err("attribute is not a tensor");
  }
  auto type = cast<ShapedType>(dense.getType());
  auto dtOr = convertToDataType(type.getElementType());
  if (!dtOr)
    return dtOr.takeError();
  DataType dt = *dtOr;
  out->set_dtype(dt);
  convertToShapeProto(type, out->mutable_tensor_shape());
  int64_t count = type.getNumElements();

  if (auto strs = dyn_cast<DenseStringElementsAttr>(attr)) {
    if (strs.isSplat() && count > 0) {
      out->add_string_val(strs.getRawStringData()[0].str());
    } else {
      for (StringRef s : strs.getRawStringData())
        out->add_string_val(s.str());
    }
    return llvm::Error::success();
  }
  if (count == 0)
    return llvm::Error::success();

  Type elt = type.getElementType();
  if (dense.isSplat()) {
    // One typed value; TF repeats it to fill the shape.
    if (auto ft = dyn_cast<FloatType>(elt)) {
      APFloat v = dense.getSplatValue<APFloat>();
      switch (dt) {
      case tensorflow::DT_FLOAT:
        out->add_float_val(v.convertToFloat());
        break;
      case tensorflow::DT_DOUBLE:
        out->add_double_val(v.convertToDouble());
        break;
      case tensorflow::DT_HALF:
      case tensorflow::DT_BFLOAT16:
        out->add_half_val(v.bitcastToAPInt().getZExtValue());
        break;
      default: {
        char c = static_cast<char>(v.bitcastToAPInt().getZExtValue());
        out->set_float8_val(std::string(1, c));
      }
      }
      return llvm::Error::success();
    }
    if (auto it = dyn_cast<IntegerType>(elt)) {
      APInt v = dense.getSplatValue<APInt>();
      switch (dt) {
      case tensorflow::DT_BOOL:
        out->add_bool_val(!v.isZero());
        break;
      case tensorflow::DT_INT64:
        out->add_int64_val(v.getSExtValue());
        break;
      case tensorflow::DT_UINT64:
        out->add_uint64_val(v.getZExtValue());
        break;
      case tensorflow::DT_UINT32:
        out->add_uint32_val(v.getZExtValue());
        break;
      default:
        out->add_int_val(it.isUnsigned()
                             ? static_cast<int32_t>(v.getZExtValue())
                             : static_cast<int32_t>(v.getSExtValue()));
      }
      return llvm::Error::success();
    }
    if (auto ct = dyn_cast<ComplexType>(elt)) {
      auto v = dense.getSplatValue<std::complex<APFloat>>();
      if (dt == tensorflow::DT_COMPLEX64) {
        out->add_scomplex_val(v.real().convertToFloat());
        out->add_scomplex_val(v.imag().convertToFloat());
      } else {
        out->add_dcomplex_val(v.real().convertToDouble());
        out->add_dcomplex_val(v.imag().convertToDouble());
      }
      return llvm::Error::success();
    }
    return err("unsupported splat element type");
  }

  if (dt == tensorflow::DT_BOOL) {
    std::string content;
    content.reserve(count);
    for (bool v : dense.getValues<bool>())
      content.push_back(v ? 1 : 0);
    out->set_tensor_content(content);
    return llvm::Error::success();
  }
  if (auto it = dyn_cast<IntegerType>(elt); it && it.getWidth() < 8) {
    for (APInt v : dense.getValues<APInt>())
      out->add_int_val(it.isUnsigned()
                           ? static_cast<int32_t>(v.getZExtValue())
                           : static_cast<int32_t>(v.getSExtValue()));
    return llvm::Error::success();
  }
  ArrayRef<char> raw = dense.getRawData();
  out->set_tensor_content(std::string(raw.data(), raw.size()));
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// AttrValue
//===----------------------------------------------------------------------===//

static Attribute shapeAttr(const tensorflow::TensorShapeProto &s, Builder &b,
                           llvm::Error &e) {
  if (s.unknown_rank()) {
    if (s.dim_size() != 0) {
      e = err("shape has unknown_rank set but also lists dims");
      return {};
    }
    return tf_type::ShapeAttr::get(b.getContext(), std::nullopt);
  }
  // Dims are kept verbatim (also invalid negative sizes) so that export
  // reproduces the attr exactly.
  SmallVector<int64_t> dims;
  for (const auto &d : s.dim())
    dims.push_back(d.size());
  return tf_type::ShapeAttr::get(b.getContext(), ArrayRef<int64_t>(dims));
}

static Expected<Attribute> funcAttr(const tensorflow::NameAttrList &f,
                                    Builder &b) {
  SmallVector<NamedAttribute> attrs;
  // Sort keys: protobuf maps are unordered.
  std::vector<std::string> keys;
  for (const auto &kv : f.attr())
    keys.push_back(kv.first);
  std::sort(keys.begin(), keys.end());
  for (const auto &k : keys) {
    auto a = convertAttrValue(f.attr().at(k), b);
    if (!a)
      return a.takeError();
    attrs.push_back(b.getNamedAttr(k, *a));
  }
  return Attribute(tf_type::FuncAttr::get(
      b.getContext(), FlatSymbolRefAttr::get(b.getContext(), f.name()),
      b.getDictionaryAttr(attrs)));
}

Expected<Attribute> tfmlir::convertAttrValue(const tensorflow::AttrValue &v,
                                             Builder &b) {
  using AV = tensorflow::AttrValue;
  llvm::Error e = llvm::Error::success();
  switch (v.value_case()) {
  case AV::kS:
    return Attribute(b.getStringAttr(v.s()));
  case AV::kI:
    return Attribute(b.getI64IntegerAttr(v.i()));
  case AV::kF:
    return Attribute(b.getF32FloatAttr(v.f()));
  case AV::kB:
    return Attribute(b.getBoolAttr(v.b()));
  case AV::kType: {
    auto t = convertDataType(v.type(), b);
    if (!t)
      return t.takeError();
    return Attribute(TypeAttr::get(*t));
  }
  case AV::kShape: {
    Attribute a = shapeAttr(v.shape(), b, e);
    if (e)
      return std::move(e);
    return a;
  }
  case AV::kTensor: {
    auto t = convertTensorProto(v.tensor(), b);
    if (!t)
      return t.takeError();
    return Attribute(*t);
  }
  case AV::kFunc:
    return funcAttr(v.func(), b);
  case AV::kPlaceholder:
    return Attribute(
        tf_type::PlaceholderAttr::get(b.getContext(), v.placeholder()));
  case AV::kList: {
    const auto &l = v.list();
    SmallVector<Attribute> elts;
    for (const auto &s : l.s())
      elts.push_back(b.getStringAttr(s));
    for (int64_t i : l.i())
      elts.push_back(b.getI64IntegerAttr(i));
    for (float f : l.f())
      elts.push_back(b.getF32FloatAttr(f));
    for (bool x : l.b())
      elts.push_back(b.getBoolAttr(x));
    for (int t : l.type()) {
      auto ty = convertDataType(static_cast<tensorflow::DataType>(t), b);
      if (!ty)
        return ty.takeError();
      elts.push_back(TypeAttr::get(*ty));
    }
    for (const auto &s : l.shape()) {
      Attribute a = shapeAttr(s, b, e);
      if (e)
        return std::move(e);
      elts.push_back(a);
    }
    for (const auto &t : l.tensor()) {
      auto a = convertTensorProto(t, b);
      if (!a)
        return a.takeError();
      elts.push_back(*a);
    }
    for (const auto &f : l.func()) {
      auto a = funcAttr(f, b);
      if (!a)
        return a.takeError();
      elts.push_back(*a);
    }
    return Attribute(b.getArrayAttr(elts));
  }
  case AV::VALUE_NOT_SET:
    // An AttrValue with nothing set; TF treats it as an empty list.
    return Attribute(b.getArrayAttr({}));
  }
  return err("unknown AttrValue kind");
}

static llvm::Error funcToProto(tf_type::FuncAttr f,
                               tensorflow::NameAttrList *out) {
  out->set_name(f.getName().getRootReference().str());
  for (NamedAttribute na : f.getAttrs()) {
    tensorflow::AttrValue v;
    if (auto e = convertToAttrValue(na.getValue(), &v))
      return e;
    (*out->mutable_attr())[na.getName().str()] = v;
  }
  return llvm::Error::success();
}

llvm::Error tfmlir::convertToAttrValue(Attribute attr,
                                       tensorflow::AttrValue *out) {
  out->Clear();
  if (auto ba = dyn_cast<BoolAttr>(attr)) {
    out->set_b(ba.getValue());
  } else if (auto ia = dyn_cast<IntegerAttr>(attr)) {
    out->set_i(ia.getValue().getSExtValue());
  } else if (auto fa = dyn_cast<FloatAttr>(attr)) {
    out->set_f(static_cast<float>(fa.getValueAsDouble()));
  } else if (auto sa = dyn_cast<StringAttr>(attr)) {
    out->set_s(sa.getValue().str());
  } else if (auto ta = dyn_cast<TypeAttr>(attr)) {
    Type t = ta.getValue();
    if (auto st = dyn_cast<ShapedType>(t))
      t = st.getElementType();
    auto dt = convertToDataType(t);
    if (!dt)
      return dt.takeError();
    out->set_type(*dt);
  } else if (auto sh = dyn_cast<tf_type::ShapeAttr>(attr)) {
    shapeAttrToProto(sh, out->mutable_shape());
  } else if (auto fn = dyn_cast<tf_type::FuncAttr>(attr)) {
    return funcToProto(fn, out->mutable_func());
  } else if (auto sym = dyn_cast<SymbolRefAttr>(attr)) {
    out->mutable_func()->set_name(sym.getRootReference().str());
  } else if (auto ph = dyn_cast<tf_type::PlaceholderAttr>(attr)) {
    out->set_placeholder(ph.getName().str());
  } else if (isa<DenseElementsAttr, tf_type::TensorProtoAttr>(attr)) {
    return convertToTensorProto(attr, out->mutable_tensor());
  } else if (auto arr = dyn_cast<ArrayAttr>(attr)) {
    auto *l = out->mutable_list();
    for (Attribute a : arr) {
      if (auto ba = dyn_cast<BoolAttr>(a)) {
        l->add_b(ba.getValue());
      } else if (auto ia = dyn_cast<IntegerAttr>(a)) {
        l->add_i(ia.getValue().getSExtValue());
      } else if (auto fa = dyn_cast<FloatAttr>(a)) {
        l->add_f(static_cast<float>(fa.getValueAsDouble()));
      } else if (auto sa = dyn_cast<StringAttr>(a)) {
        l->add_s(sa.getValue().str());
      } else if (auto ta = dyn_cast<TypeAttr>(a)) {
        auto dt = convertToDataType(ta.getValue());
        if (!dt)
          return dt.takeError();
        l->add_type(*dt);
      } else if (auto sh = dyn_cast<tf_type::ShapeAttr>(a)) {
        shapeAttrToProto(sh, l->add_shape());
      } else if (auto fn = dyn_cast<tf_type::FuncAttr>(a)) {
        if (auto e = funcToProto(fn, l->add_func()))
          return e;
      } else if (auto sym = dyn_cast<SymbolRefAttr>(a)) {
        l->add_func()->set_name(sym.getRootReference().str());
      } else if (isa<DenseElementsAttr, tf_type::TensorProtoAttr>(a)) {
        if (auto e = convertToTensorProto(a, l->add_tensor()))
          return e;
      } else {
        return err("list element attribute has no AttrValue kind");
      }
    }
  } else if (isa<UnitAttr>(attr)) {
    out->set_b(true);
  } else {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << attr;
    return err("attribute " + s + " has no AttrValue kind");
  }
  return llvm::Error::success();
}

bool tfmlir::serializeDeterministic(const google::protobuf::MessageLite &msg,
                                    std::string *out) {
  out->clear();
  {
    google::protobuf::io::StringOutputStream stream(out);
    google::protobuf::io::CodedOutputStream coded(&stream);
    coded.SetSerializationDeterministic(true);
    if (!msg.SerializeToCodedStream(&coded))
      return false;
  }
  return true;
}
