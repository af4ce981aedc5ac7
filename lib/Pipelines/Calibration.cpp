//===- Calibration.cpp - representative data, calibration, model runs -----===//
#include "lib/Pipelines/Calibration.h"
#include "lib/Support/File.h"

#include "dialects/tfl/TFLOps.h"
#include "lib/Transforms/Quantization/QuantUtils.h"
#include "lib/Translate/TFLiteExporter.h"
#include "runtime/lite/Interpreter.h"
#include "runtime/lite/Kernel.h"
#include "runtime/lite/Model.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <map>
#include <tuple>

using namespace mlir;

namespace tfmlir::quantutil {

std::vector<std::string> inputNamesOf(func::FuncOp main) {
  std::vector<std::string> names;
  for (BlockArgument a : main.getArguments()) {
    if (auto n = dyn_cast<NameLoc>(a.getLoc()))
      names.push_back(n.getName().str());
    else
      names.push_back("input_" + std::to_string(a.getArgNumber()));
  }
  return names;
}

namespace {

std::string shapeStr(llvm::ArrayRef<int64_t> s) {
  std::string out = "[";
  for (size_t i = 0; i < s.size(); ++i)
    out +=
        (i ? "," : "") + (s[i] < 0 ? std::string("?") : std::to_string(s[i]));
  return out + "]";
}

std::vector<std::string> fileNameCandidates(const std::string &name) {
  std::vector<std::string> c = {name};
  std::string u = name;
  for (char &ch : u)
    if (ch == '/' || ch == ':')
      ch = '_';
  if (u != name)
    c.push_back(u);
  // "x:0" may be given for a tensor named "x".
  if (auto p = name.rfind(':'); p != std::string::npos)
    c.push_back(name.substr(0, p));
  return c;
}

uint32_t rd16(const uint8_t *p) { return p[0] | (p[1] << 8); }
uint32_t rd32(const uint8_t *p) {
  return p[0] | (p[1] << 8) | (p[2] << 16) | (uint32_t(p[3]) << 24);
}
uint64_t rd64(const uint8_t *p) {
  return rd32(p) | (uint64_t(rd32(p + 4)) << 32);
}

/// The members of a (stored, not deflated) zip archive `b` read from
/// `path`: name -> bytes.
absl::StatusOr<std::map<std::string, std::vector<uint8_t>>>
readZip(const std::string &path, const std::vector<uint8_t> &b) {
  auto bad = [&](const std::string &why) {
    return absl::InvalidArgumentError(path + ": not a readable .npz: " + why);
  };
  if (b.size() < 22)
    return bad("too short");
  size_t eocd = std::string::npos;
  for (size_t i = b.size() - 22 + 1; i-- > 0 && b.size() - i < 22 + 65536;)
    if (rd32(&b[i]) == 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd == std::string::npos)
    return bad("no end of central directory");
  uint32_t entries = rd16(&b[eocd + 10]);
  uint64_t cd = rd32(&b[eocd + 16]);
  std::map<std::string, std::vector<uint8_t>> out;
  for (uint32_t e = 0; e < entries; ++e) {
    if (cd > b.size() || b.size() - cd < 46 || rd32(&b[cd]) != 0x02014b50)
      return bad("bad central directory entry");
    uint32_t method = rd16(&b[cd + 10]);
    uint64_t csize = rd32(&b[cd + 20]), usize = rd32(&b[cd + 24]);
    uint32_t nlen = rd16(&b[cd + 28]), xlen = rd16(&b[cd + 30]),
             clen = rd16(&b[cd + 32]);
    uint64_t loff = rd32(&b[cd + 42]);
    if (cd + 46 + nlen + xlen > b.size())
      return bad("truncated central directory");
    std::string name(b.begin() + cd + 46, b.begin() + cd + 46 + nlen);
    // ZIP64 extra field: the 0xFFFFFFFF fields in order.
    for (size_t x = cd + 46 + nlen; x + 4 <= cd + 46 + nlen + xlen;) {
      uint32_t id = rd16(&b[x]), sz = rd16(&b[x + 2]);
      size_t p = x + 4, end = x + 4 + sz;
      if (id == 1) {
        if (usize == 0xFFFFFFFF && p + 8 <= end) {
          usize = rd64(&b[p]);
          p += 8;
        }
        if (csize == 0xFFFFFFFF && p + 8 <= end) {
          csize = rd64(&b[p]);
          p += 8;
        }
        if (loff == 0xFFFFFFFF && p + 8 <= end) {
          loff = rd64(&b[p]);
          p += 8;
        }
      }
      x = end;
    }
    if (method != 0)
      return bad("member '" + name +
                 "' is compressed; write the archive with np.savez, not "
                 "np.savez_compressed");
    if (loff > b.size() || b.size() - loff < 30 || rd32(&b[loff]) != 0x04034b50)
      return bad("bad local header of '" + name + "'");
    uint64_t data = loff + 30 + rd16(&b[loff + 26]) + rd16(&b[loff + 28]);
    if (data > b.size() || csize > b.size() - data || csize != usize)
      return bad("truncated member '" + name + "'");
    out[name] =
        std::vector<uint8_t>(b.begin() + data, b.begin() + data + csize);
    cd += 46 + nlen + xlen + clen;
  }
  return out;
}

lite::TensorType liteTypeOf(Type e) {
  if (e.isF32())
    return lite::TensorType::kFloat32;
  if (e.isInteger(32))
    return lite::TensorType::kInt32;
  if (e.isInteger(64))
    return lite::TensorType::kInt64;
  if (e.isInteger(8))
    return lite::TensorType::kInt8;
  if (e.isInteger(1))
    return lite::TensorType::kBool;
  return lite::TensorType::kFloat32;
}

/// Checks `a` against the argument type `t` and splits it into samples.
absl::Status splitSamples(const lite::NpyArray &a, RankedTensorType t,
                          const std::string &input, const std::string &file,
                          std::vector<lite::NpyArray> &out) {
  std::vector<int64_t> got(a.shape.begin(), a.shape.end());
  ArrayRef<int64_t> want = t.getShape();
  lite::TensorType wantType = liteTypeOf(t.getElementType());
  if (a.type != wantType)
    return absl::InvalidArgumentError(absl::StrCat(
        file, ": input '", input, "' has dtype ", lite::typeName(wantType),
        " but the data has ", lite::typeName(a.type)));
  auto matches = [&](ArrayRef<int64_t> s) {
    if (s.size() != want.size())
      return false;
    for (size_t i = 0; i < s.size(); ++i)
      if (!ShapedType::isDynamic(want[i]) && want[i] != s[i])
        return false;
    return true;
  };
  size_t elemBytes = lite::elementSize(a.type);
  if (matches(got)) {
    out.push_back(a);
    return absl::OkStatus();
  }
  if (!got.empty() && matches(ArrayRef<int64_t>(got).drop_front())) {
    int64_t n = got[0];
    size_t per = n ? a.bytes.size() / n : 0;
    for (int64_t s = 0; s < n; ++s) {
      lite::NpyArray one;
      one.type = a.type;
      one.shape.assign(a.shape.begin() + 1, a.shape.end());
      one.bytes.assign(a.bytes.begin() + s * per,
                       a.bytes.begin() + (s + 1) * per);
      out.push_back(std::move(one));
    }
    (void)elemBytes;
    return absl::OkStatus();
  }
  return absl::InvalidArgumentError(absl::StrCat(
      file, ": input '", input, "' has shape ", shapeStr(want),
      " but the representative data has shape ", shapeStr(got),
      " (expected the input shape, or [samples] + the input shape)"));
}

} // namespace

absl::StatusOr<std::vector<Sample>>
loadRepresentativeData(const std::string &path, func::FuncOp main) {
  std::vector<std::string> names = inputNamesOf(main);
  std::vector<std::vector<lite::NpyArray>> perInput(names.size());
  bool isDir = llvm::sys::fs::is_directory(path);
  std::map<std::string, std::vector<uint8_t>> members;
  if (!isDir) {
    if (!llvm::sys::fs::exists(path))
      return absl::NotFoundError(path + ": representative data not found");
    // A regular file only, bounded (/dev/zero or a FIFO would never end).
    absl::StatusOr<std::string> bytes =
        readFileBounded(path, kDefaultMaxFileBytes, "representative data");
    if (!bytes.ok())
      return bytes.status();
    std::vector<uint8_t> b(bytes->begin(), bytes->end());
    bytes->clear();
    if (b.size() >= 6 && std::memcmp(b.data(), "\x93NUMPY", 6) == 0) {
      // One .npy holds one array: the data of a one-input model.
      if (names.size() != 1)
        return absl::InvalidArgumentError(absl::StrCat(
            path,
            ": a .npy file holds the data of one input, but the model "
            "has ",
            names.size(),
            " inputs; give an .npz (np.savez) or a folder with one "
            "<input>.npy per input"));
      members[names[0] + ".npy"] = std::move(b);
    } else {
      auto z = readZip(path, b);
      if (!z.ok())
        return z.status();
      members = std::move(*z);
    }
  }
  for (size_t i = 0; i < names.size(); ++i) {
    auto t = dyn_cast<RankedTensorType>(main.getArgument(i).getType());
    if (!t)
      return absl::InvalidArgumentError("input '" + names[i] +
                                        "' has no ranked type");
    absl::StatusOr<lite::NpyArray> arr = absl::NotFoundError("");
    std::string file;
    std::vector<std::string> tried;
    for (const std::string &c : fileNameCandidates(names[i])) {
      if (isDir) {
        llvm::SmallString<256> p(path);
        llvm::sys::path::append(p, c + ".npy");
        tried.push_back(std::string(p));
        if (llvm::sys::fs::exists(p)) {
          file = std::string(p);
          arr = lite::readNpy(file);
          break;
        }
      } else {
        auto it = members.find(c + ".npy");
        if (it == members.end())
          it = members.find(c);
        tried.push_back(path + ":" + c + ".npy");
        if (it != members.end()) {
          file = path + ":" + it->first;
          arr = lite::parseNpy(it->second, file);
          break;
        }
      }
    }
    if (file.empty()) {
      std::string list;
      for (auto &s : tried)
        list += (list.empty() ? "" : ", ") + s;
      return absl::NotFoundError("representative data for input '" + names[i] +
                                 "' not found (looked for " + list + ")");
    }
    if (!arr.ok())
      return arr.status();
    if (auto st = splitSamples(*arr, t, names[i], file, perInput[i]); !st.ok())
      return st;
  }
  std::vector<Sample> samples;
  size_t n = perInput.empty() ? 0 : perInput[0].size();
  for (size_t i = 1; i < perInput.size(); ++i)
    if (perInput[i].size() != n)
      return absl::InvalidArgumentError(absl::StrCat(
          path, ": input '", names[0], "' has ", n, " samples but input '",
          names[i], "' has ", perInput[i].size()));
  if (n == 0)
    return absl::InvalidArgumentError(path +
                                      ": the representative dataset is empty");
  for (size_t s = 0; s < n; ++s) {
    Sample smp;
    for (auto &in : perInput)
      smp.inputs.push_back(in[s]);
    samples.push_back(std::move(smp));
  }
  return samples;
}

absl::StatusOr<std::vector<Sample>>
samplesFromArrays(const std::vector<std::vector<lite::NpyArray>> &perSample,
                  func::FuncOp main, const std::string &what) {
  std::vector<std::string> names = inputNamesOf(main);
  std::vector<Sample> samples;
  for (size_t k = 0; k < perSample.size(); ++k) {
    const std::vector<lite::NpyArray> &arrays = perSample[k];
    std::string entry = absl::StrCat(what, " entry ", k);
    if (arrays.size() != names.size())
      return absl::InvalidArgumentError(absl::StrCat(
          entry, ": has ", arrays.size(), " arrays but the model has ",
          names.size(), " inputs (", absl::StrJoin(names, ", "), ")"));
    std::vector<std::vector<lite::NpyArray>> perInput(names.size());
    for (size_t i = 0; i < names.size(); ++i) {
      auto t = dyn_cast<RankedTensorType>(main.getArgument(i).getType());
      if (!t)
        return absl::InvalidArgumentError("input '" + names[i] +
                                          "' has no ranked type");
      if (auto st = splitSamples(arrays[i], t, names[i], entry, perInput[i]);
          !st.ok())
        return st;
      if (perInput[i].size() != perInput[0].size())
        return absl::InvalidArgumentError(absl::StrCat(
            entry, ": input '", names[0], "' has ", perInput[0].size(),
            " samples but input '", names[i], "' has ", perInput[i].size()));
    }
    size_t n = perInput.empty() ? 1 : perInput[0].size();
    for (size_t s = 0; s < n; ++s) {
      Sample smp;
      for (auto &in : perInput)
        smp.inputs.push_back(std::move(in[s]));
      samples.push_back(std::move(smp));
    }
  }
  if (samples.empty())
    return absl::InvalidArgumentError(what +
                                      ": the representative dataset is empty");
  return samples;
}

absl::StatusOr<std::vector<std::vector<std::vector<float>>>>
runTFLite(const std::string &bytes, const std::vector<Sample> &samples,
          const std::string &name,
          const lite::Interpreter::OpObserver &observer) {
  auto model =
      lite::FlatBufferModel::buildFromBuffer(bytes.data(), bytes.size(), name);
  if (!model.ok())
    return model.status();
  lite::BuiltinOpResolver resolver;
  auto interp = lite::Interpreter::create(**model, resolver);
  if (!interp.ok())
    return interp.status();
  lite::Interpreter &it = **interp;
  it.setOpObserver(observer);
  if (auto st = it.allocateTensors(); !st.ok())
    return st;
  std::vector<std::vector<std::vector<float>>> results;
  for (const Sample &s : samples) {
    if (s.inputs.size() != it.inputs().size())
      return absl::InvalidArgumentError(
          absl::StrCat(name, ": model has ", it.inputs().size(),
                       " inputs, sample has ", s.inputs.size()));
    bool resized = false;
    for (size_t i = 0; i < s.inputs.size(); ++i)
      if (it.inputTensor(i)->shape != s.inputs[i].shape) {
        if (auto st = it.resizeInputTensor(i, s.inputs[i].shape); !st.ok())
          return st;
        resized = true;
      }
    if (resized)
      if (auto st = it.allocateTensors(); !st.ok())
        return st;
    for (size_t i = 0; i < s.inputs.size(); ++i) {
      lite::Tensor *t = it.inputTensor(i);
      const lite::NpyArray &a = s.inputs[i];
      if (t->type == a.type) {
        if (a.bytes.size() != t->bytes)
          return absl::InvalidArgumentError(name + ": input size mismatch");
        std::memcpy(t->data, a.bytes.data(), a.bytes.size());
      } else if (a.type == lite::TensorType::kFloat32 &&
                 (t->type == lite::TensorType::kInt8 ||
                  t->type == lite::TensorType::kUInt8) &&
                 !t->quant.scale.empty()) {
        const float *src = reinterpret_cast<const float *>(a.bytes.data());
        double scale = t->quant.scale[0];
        int64_t zp = t->quant.zeroPoint.empty() ? 0 : t->quant.zeroPoint[0];
        bool u8 = t->type == lite::TensorType::kUInt8;
        int64_t lo = u8 ? 0 : -128, hi = u8 ? 255 : 127;
        for (int64_t k = 0; k < t->numElements(); ++k) {
          double q = std::round(src[k] / scale) + zp;
          int64_t v = std::isnan(q)
                          ? zp
                          : static_cast<int64_t>(std::clamp<double>(q, lo, hi));
          if (u8)
            t->as<uint8_t>()[k] = static_cast<uint8_t>(v);
          else
            t->as<int8_t>()[k] = static_cast<int8_t>(v);
        }
      } else {
        return absl::InvalidArgumentError(absl::StrCat(
            name, ": input ", i, " has type ", lite::typeName(t->type),
            " but the data has ", lite::typeName(a.type)));
      }
    }
    if (auto st = it.invoke(); !st.ok())
      return st;
    std::vector<std::vector<float>> outs;
    for (size_t o = 0; o < it.outputs().size(); ++o) {
      const lite::Tensor *t = it.outputTensor(o);
      std::vector<float> v(t->numElements());
      double scale = t->quant.scale.empty() ? 1.0 : t->quant.scale[0];
      int64_t zp = t->quant.zeroPoint.empty() ? 0 : t->quant.zeroPoint[0];
      for (int64_t k = 0; k < t->numElements(); ++k) {
        switch (t->type) {
        case lite::TensorType::kFloat32:
          v[k] = t->as<float>()[k];
          break;
        case lite::TensorType::kInt8:
          v[k] = static_cast<float>(scale * (t->as<int8_t>()[k] - zp));
          break;
        case lite::TensorType::kUInt8:
          v[k] = static_cast<float>(scale * (t->as<uint8_t>()[k] - zp));
          break;
        case lite::TensorType::kInt16:
          v[k] = static_cast<float>(scale * (t->as<int16_t>()[k] - zp));
          break;
        case lite::TensorType::kInt32:
          v[k] = static_cast<float>(t->as<int32_t>()[k]);
          break;
        default:
          return absl::UnimplementedError(absl::StrCat(
              name, ": output ", o, " has type ", lite::typeName(t->type)));
        }
      }
      outs.push_back(std::move(v));
    }
    results.push_back(std::move(outs));
  }
  return results;
}

absl::StatusOr<std::vector<std::vector<std::vector<float>>>>
runTFLite(const std::string &bytes, const std::vector<Sample> &samples,
          const std::string &name) {
  return runTFLite(bytes, samples, name, {});
}

LogicalResult calibrate(ModuleOp module, const std::vector<Sample> &samples,
                        std::string &error) {
  auto main = module.lookupSymbol<func::FuncOp>("main");
  if (!main || main.isExternal()) {
    error = "the module has no @main to calibrate";
    return failure();
  }
  auto isF32 = [](Type t) {
    auto st = dyn_cast<TensorType>(t);
    return st && st.getElementType().isF32();
  };
  // A float input whose representative values are all NaN or infinite has
  // no range: everything it feeds would silently stay float. Refuse it,
  // naming the input.
  {
    std::vector<std::string> names = inputNamesOf(main);
    for (size_t i = 0; i < names.size(); ++i) {
      bool anyFloat = false, anyFinite = false;
      for (const Sample &smp : samples) {
        if (i >= smp.inputs.size() ||
            smp.inputs[i].type != lite::TensorType::kFloat32)
          continue;
        anyFloat = true;
        const lite::NpyArray &a = smp.inputs[i];
        size_t n = a.bytes.size() / sizeof(float);
        for (size_t k = 0; k < n && !anyFinite; ++k) {
          float v;
          std::memcpy(&v, a.bytes.data() + k * sizeof(float), sizeof(float));
          anyFinite = std::isfinite(v);
        }
        if (anyFinite)
          break;
      }
      if (anyFloat && !anyFinite) {
        error = "representative data for input '" + names[i] +
                "' has no finite value (all NaN or infinite in " +
                std::to_string(samples.size()) +
                " samples): its range cannot be calibrated";
        return failure();
      }
    }
  }
  // Values to observe, in body order (the clone keeps the same order).
  auto collect = [&](func::FuncOp fn) {
    std::vector<Value> vals;
    for (Operation &op : fn.getBody().front()) {
      StringRef n = op.getName().getStringRef();
      if (n == "tfl.pseudo_const" || n == "tfl.no_value" ||
          op.hasTrait<OpTrait::IsTerminator>())
        continue;
      for (Value r : op.getResults())
        if (isF32(r.getType()))
          vals.push_back(r);
    }
    return vals;
  };
  std::vector<Value> orig = collect(main);
  OwningOpRef<ModuleOp> clone = module.clone();
  auto cmain = clone->lookupSymbol<func::FuncOp>("main");
  // The float interpreter runs the calibration model: QAT quantize /
  // dequantize pairs are bypassed and quantized constants dequantized (the
  // op results observed are the same ones, in the same order).
  SmallVector<Operation *> dqs;
  cmain.walk([&](Operation *op) {
    if (op->getName().getStringRef() == "tfl.dequantize")
      dqs.push_back(op);
  });
  for (Operation *dq : dqs) {
    Value in = dq->getOperand(0);
    Operation *def = in.getDefiningOp();
    auto qt = quantElementType(in.getType());
    if (!def || !qt)
      continue;
    if (def->getName().getStringRef() == "tfl.quantize" &&
        isF32(def->getOperand(0).getType())) {
      dq->getResult(0).replaceAllUsesWith(def->getOperand(0));
    } else if (def->getName().getStringRef() == "tfl.pseudo_const") {
      auto st = dyn_cast<RankedTensorType>(in.getType());
      DenseElementsAttr f =
          st ? dequantizeValues(def->getAttr("value"), qt, st.getShape())
             : DenseElementsAttr();
      if (!f)
        continue;
      OpBuilder b(dq);
      dq->getResult(0).replaceAllUsesWith(
          makeConst(b, dq->getLoc(), f.getType(), f));
    }
  }
  std::vector<Value> cvals = collect(cmain);
  Operation *ret = cmain.getBody().front().getTerminator();
  std::vector<int> outputIndex(cvals.size());
  SmallVector<Value> retVals(ret->getOperands());
  for (size_t i = 0; i < cvals.size(); ++i) {
    auto it = llvm::find(retVals, cvals[i]);
    if (it != retVals.end()) {
      outputIndex[i] = static_cast<int>(it - retVals.begin());
    } else {
      outputIndex[i] = static_cast<int>(retVals.size());
      retVals.push_back(cvals[i]);
    }
  }
  ret->setOperands(retVals);
  SmallVector<Type> rtypes;
  for (Value v : retVals)
    rtypes.push_back(v.getType());
  cmain.setFunctionType(
      FunctionType::get(module.getContext(), cmain.getArgumentTypes(), rtypes));
  cmain.setAllResultAttrs(ArrayRef<DictionaryAttr>{});
  cmain->removeAttr("tfl.signature_key");
  std::string bytes;
  if (failed(exportTFLite(*clone, bytes))) {
    error = "cannot export the float model for calibration";
    return failure();
  }
  // Ops of the other functions (WHILE / IF / CALL_ONCE bodies, subgraphs
  // 1..n in module order) cannot be returned by @main: the interpreter's op
  // observer records their float results, and the float inputs of each
  // subgraph, over every execution (every loop iteration).
  struct Range {
    float lo = std::numeric_limits<float>::infinity();
    float hi = -std::numeric_limits<float>::infinity();
  };
  // Key: (subgraph, op index or -1 for the subgraph inputs, result index).
  std::map<std::tuple<int, int, int>, Range> bodyRanges;
  auto observe = [&](const lite::Tensor &t, Range &r) {
    if (t.type != lite::TensorType::kFloat32 || !t.data)
      return;
    const float *v = t.as<float>();
    for (int64_t k = 0, n = t.numElements(); k < n; ++k)
      if (std::isfinite(v[k])) {
        r.lo = std::min(r.lo, v[k]);
        r.hi = std::max(r.hi, v[k]);
      }
  };
  lite::Interpreter::OpObserver observer = [&](lite::Subgraph &sg, int k) {
    if (sg.index() == 0)
      return;
    const lite::OperatorDef &op = sg.def().ops[k];
    for (size_t r = 0; r < op.outputs.size(); ++r)
      if (op.outputs[r] >= 0)
        observe(*sg.tensor(op.outputs[r]),
                bodyRanges[{sg.index(), k, static_cast<int>(r)}]);
    if (k == 0)
      for (size_t i = 0; i < sg.inputs().size(); ++i)
        observe(*sg.tensor(sg.inputs()[i]),
                bodyRanges[{sg.index(), -1, static_cast<int>(i)}]);
  };
  auto outs = runTFLite(bytes, samples, "<calibration model>", observer);
  if (!outs.ok()) {
    error = "calibration run failed: " + std::string(outs.status().message());
    return failure();
  }
  constexpr float inf = std::numeric_limits<float>::infinity();
  auto update = [](float &lo, float &hi, const float *v, size_t n) {
    for (size_t k = 0; k < n; ++k)
      if (std::isfinite(v[k])) {
        lo = std::min(lo, v[k]);
        hi = std::max(hi, v[k]);
      }
  };
  std::vector<float> lo(orig.size(), inf), hi(orig.size(), -inf);
  for (auto &sampleOuts : *outs)
    for (size_t i = 0; i < orig.size(); ++i) {
      const auto &v = sampleOuts[outputIndex[i]];
      update(lo[i], hi[i], v.data(), v.size());
    }
  Builder b(module.getContext());
  auto dict = [&](float l, float h) {
    return b.getDictionaryAttr(
        {b.getNamedAttr("min", b.getDenseF32ArrayAttr({l})),
         b.getNamedAttr("max", b.getDenseF32ArrayAttr({h}))});
  };
  std::map<Operation *, SmallVector<Attribute>> perOp;
  for (size_t i = 0; i < orig.size(); ++i) {
    auto r = cast<OpResult>(orig[i]);
    auto &list = perOp[r.getOwner()];
    if (list.empty())
      list.assign(r.getOwner()->getNumResults(), b.getDictionaryAttr({}));
    if (lo[i] <= hi[i])
      list[r.getResultNumber()] = dict(lo[i], hi[i]);
  }
  // Body functions: the exporter makes one subgraph per function in module
  // order and one operator per op other than pseudo_const / no_value /
  // pseudo_tensor / return, in body order.
  int g = 0;
  for (Operation &top : module.getBody()->getOperations()) {
    auto fn = dyn_cast<func::FuncOp>(top);
    if (!fn)
      continue;
    const int sgIndex = g++;
    if (fn == main || fn.isExternal())
      continue;
    int k = 0;
    for (Operation &op : fn.getBody().front()) {
      StringRef n = op.getName().getStringRef();
      if (n == "tfl.pseudo_const" || n == "tfl.no_value" ||
          n == "tfl.pseudo_tensor" || op.hasTrait<OpTrait::IsTerminator>())
        continue;
      const int opIndex = k++;
      SmallVector<Attribute> list;
      bool any = false;
      for (OpResult r : op.getResults()) {
        auto it = bodyRanges.find(
            {sgIndex, opIndex, static_cast<int>(r.getResultNumber())});
        if (isF32(r.getType()) && it != bodyRanges.end() &&
            it->second.lo <= it->second.hi) {
          list.push_back(dict(it->second.lo, it->second.hi));
          any = true;
        } else {
          list.push_back(b.getDictionaryAttr({}));
        }
      }
      if (any)
        perOp[&op] = std::move(list);
    }
    for (BlockArgument a : fn.getArguments()) {
      auto it =
          bodyRanges.find({sgIndex, -1, static_cast<int>(a.getArgNumber())});
      if (isF32(a.getType()) && it != bodyRanges.end() &&
          it->second.lo <= it->second.hi)
        fn.setArgAttr(a.getArgNumber(), "tfl.min_max",
                      dict(it->second.lo, it->second.hi));
    }
  }
  for (auto &[op, list] : perOp)
    op->setAttr("tfl.min_max", b.getArrayAttr(list));
  // Inputs: their range is the data's.
  for (BlockArgument a : main.getArguments()) {
    if (!isF32(a.getType()))
      continue;
    float l = inf, h = -inf;
    for (const Sample &s : samples) {
      const auto &arr = s.inputs[a.getArgNumber()];
      update(l, h, reinterpret_cast<const float *>(arr.bytes.data()),
             arr.bytes.size() / sizeof(float));
    }
    if (l <= h)
      main.setArgAttr(a.getArgNumber(), "tfl.min_max", dict(l, h));
  }
  return success();
}

} // namespace tfmlir::quantutil
