//===- CompileCache.cpp - persistent on-disk cache of compiled executables ===//
#include "runtime/session/CompileCache.h"

#include "lib/Support/File.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/SHA256.h"
#include "llvm/TargetParser/Host.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace tfmlir::session {
namespace {

constexpr char kMagic[8] = {'T', 'F', 'M', 'L', 'I', 'R', 'C', 'C'};
constexpr uint32_t kFormatVersion = 1;
constexpr size_t kHeaderBytes = 8 + 4 + 8 + 32;

std::atomic<int64_t> gHits{0}, gMisses{0}, gRejected{0}, gWrites{0},
    gWriteFailures{0};

void warn(const std::string &msg) {
  std::fprintf(stderr, "tfmlir: warning: compile cache: %s\n", msg.c_str());
}

/// LLVM's version and the size and mtime of the object file (executable or
/// shared library) that holds this code.
const std::string &compilerIdentity() {
  static const std::string id = [] {
    std::string path = "/proc/self/exe";
    Dl_info info;
    if (dladdr(reinterpret_cast<void *>(&compilerIdentity), &info) &&
        info.dli_fname && info.dli_fname[0])
      path = info.dli_fname;
    struct stat st{};
    std::string s = "tfmlir-cc/" + std::to_string(kFormatVersion) +
                    " llvm/" LLVM_VERSION_STRING;
    if (::stat(path.c_str(), &st) == 0)
      s += " bin/" + std::to_string(st.st_size) + "/" +
           std::to_string(st.st_mtim.tv_sec) + "." +
           std::to_string(st.st_mtim.tv_nsec);
    else
      s += " bin/unknown-" + path;
    return s;
  }();
  return id;
}

/// LLVM's host CPU name and its enabled features, sorted.
const std::string &hostCpuIdentity() {
  static const std::string id = [] {
    std::string s = llvm::sys::getHostCPUName().str();
    std::vector<std::string> feats;
    for (const auto &f : llvm::sys::getHostCPUFeatures())
      if (f.second)
        feats.push_back(f.first().str());
    std::sort(feats.begin(), feats.end());
    for (const std::string &f : feats)
      s += "," + f;
    return s;
  }();
  return id;
}

void putU64(std::string &out, uint64_t v) {
  for (int i = 0; i < 8; ++i)
    out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}
void putBytes(std::string &out, const void *p, size_t n) {
  putU64(out, n);
  out.append(static_cast<const char *>(p), n);
}
void putString(std::string &out, const std::string &s) {
  putBytes(out, s.data(), s.size());
}
void putSpec(std::string &out, DType d, const std::vector<int64_t> &shape) {
  putU64(out, static_cast<uint64_t>(d));
  putU64(out, shape.size());
  for (int64_t x : shape)
    putU64(out, static_cast<uint64_t>(x));
}

/// A bounds-checked reader over the payload.
struct Reader {
  const char *p, *end;
  bool ok = true;
  uint64_t u64() {
    if (end - p < 8) {
      ok = false;
      return 0;
    }
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i)
      v |= static_cast<uint64_t>(static_cast<unsigned char>(p[i])) << (8 * i);
    p += 8;
    return v;
  }
  std::string str() {
    uint64_t n = u64();
    if (!ok || static_cast<uint64_t>(end - p) < n) {
      ok = false;
      return {};
    }
    std::string s(p, n);
    p += n;
    return s;
  }
  bool spec(DType &d, std::vector<int64_t> &shape) {
    uint64_t dt = u64(), rank = u64();
    if (!ok || dt > static_cast<uint64_t>(DType::kU64) || rank > 64)
      return ok = false;
    d = static_cast<DType>(dt);
    shape.clear();
    for (uint64_t i = 0; i < rank && ok; ++i) {
      uint64_t x = u64();
      if (x > (uint64_t(1) << 40))
        ok = false;
      shape.push_back(static_cast<int64_t>(x));
    }
    return ok;
  }
};

std::string sha256(const std::string &data) {
  llvm::SHA256 h;
  h.update(llvm::StringRef(data));
  auto r = h.final();
  return std::string(reinterpret_cast<const char *>(r.data()), r.size());
}

std::string entryPath(const std::string &dir, const std::string &key) {
  return dir + "/" + key + ".tfmlir-cache";
}

} // namespace

std::string compileCacheKey(const std::string &mlirText,
                            const std::string &entry,
                            const std::vector<HostTensor> &constants) {
  llvm::SHA256 h;
  auto field = [&](llvm::StringRef s) {
    std::string len;
    putU64(len, s.size());
    h.update(llvm::StringRef(len));
    h.update(s);
  };
  field(compilerIdentity());
  field(hostCpuIdentity());
  field(entry);
  field(mlirText);
  for (const HostTensor &c : constants) {
    std::string spec;
    putSpec(spec, c.dtype(), c.shape());
    field(spec);
    field(llvm::StringRef(static_cast<const char *>(c.raw()), c.byteSize()));
  }
  auto r = h.final();
  static const char *hex = "0123456789abcdef";
  std::string out;
  for (uint8_t b : r) {
    out += hex[b >> 4];
    out += hex[b & 15];
  }
  return out;
}

std::optional<CompileCacheEntry> readCompileCache(const std::string &dir,
                                                  const std::string &key) {
  std::string path = entryPath(dir, key);
  auto reject =
      [&](const std::string &why) -> std::optional<CompileCacheEntry> {
    gRejected.fetch_add(1, std::memory_order_relaxed);
    warn("ignoring " + path + ": " + why + " (compiling again)");
    return std::nullopt;
  };
  // Bounded and regular files only: an entry that is a link to /dev/zero
  // or a FIFO is rejected, never read until memory runs out.
  struct stat st;
  if (::stat(path.c_str(), &st) != 0)
    return std::nullopt; // a plain miss (no entry, or no directory)
  absl::StatusOr<std::string> bytes = readFileBounded(path);
  if (!bytes.ok()) {
    gRejected.fetch_add(1, std::memory_order_relaxed);
    warn("ignoring " + std::string(bytes.status().message()) +
         " (compiling again)");
    return std::nullopt;
  }
  std::string data = std::move(*bytes);
  if (data.size() < kHeaderBytes || std::memcmp(data.data(), kMagic, 8) != 0)
    return reject("not a tfmlir compile cache entry");
  uint32_t version = 0;
  for (int i = 0; i < 4; ++i)
    version |= static_cast<uint32_t>(static_cast<unsigned char>(data[8 + i]))
               << (8 * i);
  if (version != kFormatVersion)
    return reject("format version " + std::to_string(version) +
                  ", this build reads " + std::to_string(kFormatVersion));
  Reader hdr{data.data() + 12, data.data() + 20};
  uint64_t size = hdr.u64();
  if (size != data.size() - kHeaderBytes)
    return reject("truncated or oversized (payload " +
                  std::to_string(data.size() - kHeaderBytes) +
                  " bytes, header says " + std::to_string(size) + ")");
  std::string payload = data.substr(kHeaderBytes);
  if (sha256(payload) != data.substr(20, 32))
    return reject("checksum mismatch (corrupt)");
  Reader r{payload.data(), payload.data() + payload.size()};
  CompileCacheEntry e;
  if (r.str() != key || !r.ok)
    return reject("entry of another key");
  e.entry = r.str();
  for (auto *specs : {&e.inputs, &e.outputs}) {
    uint64_t n = r.u64();
    if (!r.ok || n > 100000)
      return reject("bad spec count");
    for (uint64_t i = 0; i < n; ++i) {
      TensorSpec s;
      if (!r.spec(s.dtype, s.shape))
        return reject("bad tensor spec");
      specs->push_back(std::move(s));
    }
  }
  uint64_t nc = r.u64();
  if (!r.ok || nc > 100000)
    return reject("bad constant count");
  for (uint64_t i = 0; i < nc; ++i) {
    DType d;
    std::vector<int64_t> shape;
    if (!r.spec(d, shape))
      return reject("bad constant spec");
    uint64_t bytes = r.u64();
    uint64_t want = dtypeSize(d);
    for (int64_t x : shape)
      want *= static_cast<uint64_t>(x);
    if (!r.ok || bytes != want || static_cast<uint64_t>(r.end - r.p) < bytes)
      return reject("constant size does not match its shape");
    absl::StatusOr<HostTensor> t = HostTensor::create(d, shape);
    if (!t.ok())
      return reject(std::string(t.status().message()));
    std::memcpy(t->raw(), r.p, bytes);
    r.p += bytes;
    e.constants.push_back(std::move(*t));
  }
  e.object = r.str();
  if (!r.ok || r.p != r.end || e.object.empty())
    return reject("malformed payload");
  return e;
}

std::string makeCompileCacheDir(const std::string &dir) {
  std::error_code ec;
  // A symbolic link to a missing target would report only "File exists".
  if (std::filesystem::is_symlink(std::filesystem::symlink_status(dir, ec)) &&
      !std::filesystem::exists(dir, ec))
    return "it is a symbolic link to a missing target";
  std::filesystem::create_directories(dir, ec);
  return ec ? ec.message() : std::string();
}

bool writeCompileCache(const std::string &dir, const std::string &key,
                       const CompileCacheEntry &e) {
  auto fail = [&](const std::string &why) {
    noteCompileCacheWriteFailure(dir, why);
    return false;
  };
  std::error_code ec;
  if (std::string why = makeCompileCacheDir(dir); !why.empty())
    return fail(why);
  std::string payload;
  putString(payload, key);
  putString(payload, e.entry);
  for (auto *specs : {&e.inputs, &e.outputs}) {
    putU64(payload, specs->size());
    for (const TensorSpec &s : *specs)
      putSpec(payload, s.dtype, s.shape);
  }
  putU64(payload, e.constants.size());
  for (const HostTensor &c : e.constants) {
    putSpec(payload, c.dtype(), c.shape());
    putBytes(payload, c.raw(), c.byteSize());
  }
  putString(payload, e.object);
  std::string data(kMagic, 8);
  for (int i = 0; i < 4; ++i)
    data.push_back(static_cast<char>((kFormatVersion >> (8 * i)) & 0xff));
  putU64(data, payload.size());
  data += sha256(payload);
  data += payload;
  std::string path = entryPath(dir, key);
  std::string tmp = path + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f)
      return fail("cannot create " + tmp + ": " + std::strerror(errno));
    f.write(data.data(), static_cast<std::streamsize>(data.size()));
    f.flush();
    if (!f) {
      std::filesystem::remove(tmp, ec);
      return fail("short write to " + tmp);
    }
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::filesystem::remove(tmp, ec);
    return fail("cannot rename into " + path);
  }
  gWrites.fetch_add(1, std::memory_order_relaxed);
  return true;
}

CompileCacheCounters compileCacheCounters() {
  CompileCacheCounters c;
  c.hits = gHits.load();
  c.misses = gMisses.load();
  c.rejected = gRejected.load();
  c.writes = gWrites.load();
  c.writeFailures = gWriteFailures.load();
  return c;
}

void noteCompileCacheWriteFailure(const std::string &dir,
                                  const std::string &why) {
  gWriteFailures.fetch_add(1, std::memory_order_relaxed);
  warn("cannot write an entry to '" + dir + "': " + why +
       " (compiled code is not cached)");
}

void noteCompileCacheHit() { gHits.fetch_add(1, std::memory_order_relaxed); }
void noteCompileCacheMiss() { gMisses.fetch_add(1, std::memory_order_relaxed); }
void noteCompileCacheRejected() {
  gRejected.fetch_add(1, std::memory_order_relaxed);
}

} // namespace tfmlir::session
