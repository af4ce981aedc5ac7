//===- TensorBundleTest.cpp - CRC-32C, tables, tensor bundles, SavedModels
//-===//
//
// lib/Support/Crc32c against the standard check value and TF's stored
// checksums; readSortedStringTable on tables written here (several blocks,
// prefix-compressed keys, restart points) and on damaged ones (each damage
// a DataLoss naming the file, never a crash, also for 20,000 random
// mutants); TensorBundleReader and loadSavedModel on a bundle and a
// SavedModel built in the test.
//===----------------------------------------------------------------------===//
#include "lib/Translate/TensorBundle.h"
#include "lib/Support/Crc32c.h"
#include "lib/Translate/SavedModel.h"
#include "lib/Translate/proto/saved_model.pb.h"

#include "gtest/gtest.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>

using namespace tfmlir;
namespace fs = std::filesystem;

namespace {

void putVarint(std::string &out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(char(v | 0x80));
    v >>= 7;
  }
  out.push_back(char(v));
}

void putFixed32(std::string &out, uint32_t v) {
  for (int i = 0; i < 4; ++i)
    out.push_back(char(v >> (8 * i)));
}

/// One block: prefix-compressed entries, a restart every `interval`.
std::string
makeBlock(const std::vector<std::pair<std::string, std::string>> &kv,
          int interval = 16) {
  std::string out, prev;
  std::vector<uint32_t> restarts;
  for (size_t i = 0; i < kv.size(); ++i) {
    size_t shared = 0;
    if (i % interval == 0)
      restarts.push_back(out.size());
    else
      while (shared < prev.size() && shared < kv[i].first.size() &&
             prev[shared] == kv[i].first[shared])
        ++shared;
    putVarint(out, shared);
    putVarint(out, kv[i].first.size() - shared);
    putVarint(out, kv[i].second.size());
    out += kv[i].first.substr(shared) + kv[i].second;
    prev = kv[i].first;
  }
  if (restarts.empty())
    restarts.push_back(0);
  for (uint32_t r : restarts)
    putFixed32(out, r);
  putFixed32(out, restarts.size());
  return out;
}

/// Appends `contents` and its trailer; returns its handle.
std::string appendBlock(std::string &file, const std::string &contents) {
  std::string handle;
  putVarint(handle, file.size());
  putVarint(handle, contents.size());
  file += contents;
  file.push_back(0); // type: no compression
  uint32_t crc =
      crc32c::extend(crc32c::value(contents.data(), contents.size()), "\0", 1);
  putFixed32(file, crc32c::mask(crc));
  return handle;
}

/// Re-computes the trailer checksum of the block at [offset, offset+size).
void fixTrailer(std::string &file, size_t offset, size_t size) {
  uint32_t crc = crc32c::value(file.data() + offset, size + 1);
  std::string fixed;
  putFixed32(fixed, crc32c::mask(crc));
  file.replace(offset + size + 1, 4, fixed);
}

/// A table of sorted `kv`, `perBlock` entries per data block. `blocks`
/// receives every block's (offset, size).
std::string
makeTable(std::vector<std::pair<std::string, std::string>> kv,
          size_t perBlock = 4,
          std::vector<std::pair<size_t, size_t>> *blocks = nullptr) {
  std::sort(kv.begin(), kv.end());
  std::string file;
  std::vector<std::pair<std::string, std::string>> index;
  for (size_t i = 0; i < kv.size(); i += perBlock) {
    std::vector<std::pair<std::string, std::string>> chunk(
        kv.begin() + i, kv.begin() + std::min(kv.size(), i + perBlock));
    std::string contents = makeBlock(chunk);
    if (blocks)
      blocks->push_back({file.size(), contents.size()});
    index.push_back({chunk.back().first, appendBlock(file, contents)});
  }
  std::string meta = appendBlock(file, makeBlock({}));
  std::string indexContents = makeBlock(index, 1);
  if (blocks)
    blocks->push_back({file.size(), indexContents.size()});
  std::string idx = appendBlock(file, indexContents);
  std::string footer = meta + idx;
  footer.resize(40, '\0');
  putFixed32(footer, 0x8b80fb57u);
  putFixed32(footer, 0xdb477524u);
  return file + footer;
}

std::string entryBytes(tensorflow::DataType dtype, std::vector<int64_t> dims,
                       int64_t offset, const std::string &data) {
  tensorflow::BundleEntryProto e;
  e.set_dtype(dtype);
  for (int64_t d : dims)
    e.mutable_shape()->add_dim()->set_size(d);
  e.set_offset(offset);
  e.set_size(data.size());
  e.set_crc32c(crc32c::mask(crc32c::value(data.data(), data.size())));
  return e.SerializeAsString();
}

std::string floats(std::vector<float> v) {
  return std::string(reinterpret_cast<const char *>(v.data()), v.size() * 4);
}

fs::path tempDir(const std::string &name) {
  fs::path d =
      fs::temp_directory_path() /
      ("tfmlir-bundle-test-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

void writeFile(const fs::path &p, const std::string &bytes) {
  std::ofstream(p, std::ios::binary) << bytes;
}

/// A bundle at `prefix` with "w" = [1.5, -2] and "b" = 0.25 (float32).
void writeBundle(const std::string &prefix) {
  std::string data = floats({1.5f, -2.0f}) + floats({0.25f});
  tensorflow::BundleHeaderProto h;
  h.set_num_shards(1);
  writeFile(
      prefix + ".index",
      makeTable(
          {{"", h.SerializeAsString()},
           {"w", entryBytes(tensorflow::DT_FLOAT, {2}, 0, data.substr(0, 8))},
           {"b", entryBytes(tensorflow::DT_FLOAT, {}, 8, data.substr(8))}}));
  writeFile(prefix + ".data-00000-of-00001", data);
}

} // namespace

TEST(Crc32c, StandardCheckValueAndTFsMask) {
  EXPECT_EQ(crc32c::value("123456789", 9), 0xE3069283u);
  // extend() continues a checksum.
  EXPECT_EQ(crc32c::extend(crc32c::value("1234", 4), "56789", 5), 0xE3069283u);
  // half_plus_two's variable a = 0.5f is stored with masked crc 0x1f273806.
  float half = 0.5f;
  EXPECT_EQ(crc32c::mask(crc32c::value(&half, 4)), 0x1f273806u);
  for (uint32_t v : {0u, 1u, 0xdeadbeefu, 0xffffffffu})
    EXPECT_EQ(crc32c::unmask(crc32c::mask(v)), v);
}

TEST(SortedStringTable, RoundTripsManyBlocksWithSharedPrefixes) {
  std::vector<std::pair<std::string, std::string>> kv;
  for (int i = 0; i < 100; ++i)
    kv.push_back({"layer_" + std::to_string(1000 + i) + "/kernel",
                  std::string(i % 7, char('a' + i % 26))});
  std::string t = makeTable(kv, 37);
  auto got = readSortedStringTable(t, "t.index");
  ASSERT_TRUE(got.ok()) << got.status();
  std::sort(kv.begin(), kv.end());
  EXPECT_EQ(*got, kv);
}

TEST(SortedStringTable, DamageIsDataLossNamingTheFile) {
  std::string good = makeTable({{"a", "1"}, {"ab", "2"}, {"b", "3"}});
  auto expectLoss = [](const std::string &bytes, const std::string &what) {
    auto r = readSortedStringTable(bytes, "dir/x.index");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.status().code(), absl::StatusCode::kDataLoss) << r.status();
    EXPECT_NE(r.status().message().find("dir/x.index"), std::string::npos);
    EXPECT_NE(r.status().message().find(what), std::string::npos) << r.status();
  };
  expectLoss(good.substr(0, 20), "shorter than the 48-byte footer");
  expectLoss(good.substr(0, good.size() - 1), "bad magic");
  std::string flipped = good;
  flipped[2] ^= 1;
  expectLoss(flipped, "checksum mismatch");
  // Entries whose structure is wrong, with valid checksums.
  std::string bad;
  putVarint(bad, 5); // shares 5 bytes with an empty previous key
  putVarint(bad, 1);
  putVarint(bad, 0);
  bad += "k";
  putFixed32(bad, 0);
  putFixed32(bad, 1);
  std::string file;
  std::string h = appendBlock(file, bad);
  std::string meta = appendBlock(file, makeBlock({}));
  std::string idx = appendBlock(file, makeBlock({{"k", h}}, 1));
  std::string footer = meta + idx;
  footer.resize(40, '\0');
  putFixed32(footer, 0x8b80fb57u);
  putFixed32(footer, 0xdb477524u);
  expectLoss(file + footer, "shares 5 bytes");
  // Unsorted keys inside a block.
  std::string unsorted;
  std::string h2 = appendBlock(unsorted, makeBlock({{"b", ""}, {"a", ""}}));
  std::string meta2 = appendBlock(unsorted, makeBlock({}));
  std::string idx2 = appendBlock(unsorted, makeBlock({{"b", h2}}, 1));
  std::string footer2 = meta2 + idx2;
  footer2.resize(40, '\0');
  putFixed32(footer2, 0x8b80fb57u);
  putFixed32(footer2, 0xdb477524u);
  expectLoss(unsorted + footer2, "does not sort after");
}

TEST(SortedStringTable, RandomMutantsNeverCrash) {
  std::vector<std::pair<std::string, std::string>> kv;
  for (int i = 0; i < 20; ++i)
    kv.push_back({"v" + std::to_string(i) + "/.ATTRIBUTES/VARIABLE_VALUE",
                  std::string(i, 'x')});
  std::vector<std::pair<size_t, size_t>> blocks;
  const std::string good = makeTable(kv, 6, &blocks);
  std::mt19937 rng(1234);
  int ok = 0, errors = 0;
  for (int m = 0; m < 20000; ++m) {
    std::string t = good;
    int kind = rng() % 3;
    if (kind == 0) {
      t.resize(rng() % t.size());
    } else if (kind == 1) {
      for (int k = 1 + rng() % 4; k > 0; --k)
        t[rng() % t.size()] = char(rng());
    } else {
      // Damage inside one block and fix its checksum: the block parser
      // (entry headers, shared prefixes, restarts, handles) must catch it.
      auto [off, size] = blocks[rng() % blocks.size()];
      for (int k = 1 + rng() % 3; k > 0; --k)
        t[off + rng() % size] = char(rng());
      fixTrailer(t, off, size);
    }
    auto r = readSortedStringTable(t, "m.index");
    if (r.ok()) {
      ++ok;
    } else {
      ++errors;
      EXPECT_NE(r.status().message().find("m.index"), std::string::npos);
    }
  }
  EXPECT_EQ(ok + errors, 20000);
  EXPECT_GT(errors, 10000);
}

TEST(TensorBundleReader, ReadsVerifiesAndNamesTensors) {
  fs::path d = tempDir("reader");
  std::string prefix = (d / "variables").string();
  writeBundle(prefix);
  auto r = TensorBundleReader::open(prefix);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->keys(), (std::vector<std::string>{"b", "w"}));
  auto w = r->read("w");
  ASSERT_TRUE(w.ok()) << w.status();
  EXPECT_EQ(w->dtype(), tensorflow::DT_FLOAT);
  EXPECT_EQ(w->tensor_content(), floats({1.5f, -2.0f}));
  EXPECT_EQ(r->read("nope").status().code(), absl::StatusCode::kNotFound);

  // Flip one bit of "b" in the data file: a checksum mismatch naming it.
  std::string data = floats({1.5f, -2.0f}) + floats({0.25f});
  data[9] ^= 1;
  writeFile(prefix + ".data-00000-of-00001", data);
  auto r2 = TensorBundleReader::open(prefix);
  ASSERT_TRUE(r2.ok());
  auto b = r2->read("b");
  ASSERT_FALSE(b.ok());
  EXPECT_EQ(b.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_NE(b.status().message().find("'b'"), std::string::npos) << b.status();
  EXPECT_NE(b.status().message().find(".data-00000-of-00001"),
            std::string::npos);
  fs::remove_all(d);
}

TEST(LoadSavedModel, FreezesVariablesAndMapsSignatures) {
  fs::path d = tempDir("savedmodel");
  fs::create_directories(d / "variables");
  writeBundle((d / "variables" / "variables").string());
  tensorflow::SavedModel sm;
  auto *mg = sm.add_meta_graphs();
  mg->mutable_meta_info_def()->add_tags("serve");
  auto *g = mg->mutable_graph_def();
  auto node = [&](const std::string &name, const std::string &op,
                  std::vector<std::string> inputs) {
    auto *n = g->add_node();
    n->set_name(name);
    n->set_op(op);
    for (auto &i : inputs)
      n->add_input(i);
    (*n->mutable_attr())["dtype"].set_type(tensorflow::DT_FLOAT);
    return n;
  };
  node("x", "Placeholder", {});
  node("w", "VarHandleOp", {});
  node("w/read", "ReadVariableOp", {"w"});
  node("b", "VariableV2", {});
  auto *add = node("y", "AddV2", {"x", "w/read"});
  (*add->mutable_attr())["T"].set_type(tensorflow::DT_FLOAT);
  auto *mul = node("z", "Mul", {"y", "b"});
  (*mul->mutable_attr())["T"].set_type(tensorflow::DT_FLOAT);
  auto &sig = (*mg->mutable_signature_def())["serving_default"];
  sig.set_method_name("tensorflow/serving/predict");
  (*sig.mutable_inputs())["in"].set_name("x:0");
  (*sig.mutable_outputs())["out"].set_name("z:0");
  writeFile(d / "saved_model.pb", sm.SerializeAsString());

  auto m = loadSavedModel(d.string(), {});
  ASSERT_TRUE(m.ok()) << m.status();
  ASSERT_EQ(m->signatures.size(), 1u);
  EXPECT_EQ(m->signatures[0].inputs[0].tensor, "x");
  EXPECT_EQ(m->signatures[0].outputs[0].tensor, "z");
  EXPECT_TRUE(m->initTargets.empty());
  std::map<std::string, const tensorflow::NodeDef *> byName;
  for (const auto &n : m->graph.node())
    byName[n.name()] = &n;
  ASSERT_TRUE(byName.count("w/frozen_value"));
  EXPECT_EQ(
      byName["w/frozen_value"]->attr().at("value").tensor().tensor_content(),
      floats({1.5f, -2.0f}));
  EXPECT_EQ(byName["w/read"]->op(), "Identity");
  EXPECT_EQ(byName["w/read"]->input(0), "w/frozen_value");
  EXPECT_EQ(byName["z"]->input(1), "b/frozen_value");

  ModelLoadOptions gpu;
  gpu.tags = {"gpu"};
  auto e = loadSavedModel(d.string(), gpu);
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.status().code(), absl::StatusCode::kNotFound);
  EXPECT_NE(e.status().message().find("{serve}"), std::string::npos)
      << e.status();
  fs::remove_all(d);
}
