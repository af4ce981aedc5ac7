//===- DetectionPostProcessTest.cpp - TFLite_Detection_PostProcess --------===//
//
// The SSD post-processing custom op against a float64 reference written
// here from TFLite's documented semantics (decode in double, class-agnostic
// "fast" NMS and per-class "regular" NMS), on float, uint8 and int8 inputs;
// ties, score thresholds, max_detections smaller than the candidates; and
// bad input (clear Prepare errors naming the op).
//
// Tolerance: boxes within 1e-6 absolute + 1e-6 relative of the float64
// decode (the kernel rounds the double decode to float once, then the
// half-extent subtraction is float); classes, scores and num_detections
// exactly (scores are copied, never recomputed).
//
//===----------------------------------------------------------------------===//
#include "LiteTestUtil.h"

#include "flatbuffers/flexbuffers.h"

#include <algorithm>
#include <numeric>

namespace tfmlir::lite::testing {
namespace {

struct DppOptions {
  int maxDetections = 10;
  int maxClassesPerDetection = 1;
  int detectionsPerClass = 100;
  bool useRegularNms = false;
  float scoreThreshold = 0.3f;
  float iouThreshold = 0.5f;
  int numClasses = 4;
  float yScale = 10.f, xScale = 10.f, hScale = 5.f, wScale = 5.f;
};

std::vector<uint8_t> flexOptions(const DppOptions &o,
                                 const char *skip = nullptr) {
  flexbuffers::Builder fbb;
  size_t m = fbb.StartMap();
  auto i = [&](const char *k, int64_t v) {
    if (!skip || std::string(skip) != k)
      fbb.Int(k, v);
  };
  auto f = [&](const char *k, float v) {
    if (!skip || std::string(skip) != k)
      fbb.Float(k, v);
  };
  i("max_detections", o.maxDetections);
  i("max_classes_per_detection", o.maxClassesPerDetection);
  i("detections_per_class", o.detectionsPerClass);
  fbb.Bool("use_regular_nms", o.useRegularNms);
  f("nms_score_threshold", o.scoreThreshold);
  f("nms_iou_threshold", o.iouThreshold);
  i("num_classes", o.numClasses);
  f("y_scale", o.yScale);
  f("x_scale", o.xScale);
  f("h_scale", o.hScale);
  f("w_scale", o.wScale);
  fbb.EndMap(m);
  fbb.Finish();
  return fbb.GetBuffer();
}

/// Float inputs (already dequantized values for the reference).
struct DppInputs {
  int numBoxes = 0, withBg = 0, boxLen = 4;
  std::vector<float> boxes, scores, anchors;
};

/// The float64 reference outputs.
struct DppResult {
  std::vector<double> boxes, classes, scores;
  double num = 0;
};

std::vector<std::array<double, 4>> refDecode(const DppInputs &in,
                                             const DppOptions &o) {
  std::vector<std::array<double, 4>> out(in.numBoxes);
  for (int b = 0; b < in.numBoxes; ++b) {
    const float *e = &in.boxes[size_t(b) * in.boxLen];
    const float *a = &in.anchors[size_t(b) * 4];
    double yc = e[0] / double(o.yScale) * a[2] + a[0];
    double xc = e[1] / double(o.xScale) * a[3] + a[1];
    double hh = 0.5 * std::exp(e[2] / double(o.hScale)) * a[2];
    double hw = 0.5 * std::exp(e[3] / double(o.wScale)) * a[3];
    out[b] = {yc - hh, xc - hw, yc + hh, xc + hw};
  }
  return out;
}

double refIou(const std::array<double, 4> &a, const std::array<double, 4> &b) {
  double aa = (a[2] - a[0]) * (a[3] - a[1]), ab = (b[2] - b[0]) * (b[3] - b[1]);
  if (aa <= 0 || ab <= 0)
    return 0;
  double ih = std::max(0.0, std::min(a[2], b[2]) - std::max(a[0], b[0]));
  double iw = std::max(0.0, std::min(a[3], b[3]) - std::max(a[1], b[1]));
  return ih * iw / (aa + ab - ih * iw);
}

/// Greedy NMS: candidates with score >= threshold in decreasing score order
/// (ties: lower box first), each kept unless it overlaps a kept one by more
/// than the IoU threshold; at most `limit`.
std::vector<int> refNms(const std::vector<std::array<double, 4>> &dec,
                        const std::vector<float> &s, const DppOptions &o,
                        int limit) {
  std::vector<int> cand;
  for (int i = 0; i < static_cast<int>(s.size()); ++i)
    if (s[i] >= o.scoreThreshold)
      cand.push_back(i);
  std::sort(cand.begin(), cand.end(),
            [&](int a, int b) { return s[a] != s[b] ? s[a] > s[b] : a < b; });
  std::vector<int> kept;
  for (int c : cand) {
    if (static_cast<int>(kept.size()) >= limit)
      break;
    bool ok = true;
    for (int k : kept)
      ok = ok && refIou(dec[k], dec[c]) <= o.iouThreshold;
    if (ok)
      kept.push_back(c);
  }
  return kept;
}

DppResult reference(const DppInputs &in, const DppOptions &o) {
  auto dec = refDecode(in, o);
  const int off = in.withBg - o.numClasses;
  const int n = o.maxDetections * o.maxClassesPerDetection;
  DppResult r;
  r.boxes.assign(size_t(n) * 4, 0.0);
  r.classes.assign(n, 0.0);
  r.scores.assign(n, 0.0);
  auto score = [&](int b, int c) {
    return in.scores[size_t(b) * in.withBg + c + off];
  };
  if (!o.useRegularNms) {
    std::vector<float> best(in.numBoxes);
    for (int b = 0; b < in.numBoxes; ++b) {
      best[b] = score(b, 0);
      for (int c = 1; c < o.numClasses; ++c)
        best[b] = std::max(best[b], score(b, c));
    }
    auto sel = refNms(dec, best, o, o.maxDetections);
    const int per = std::min(o.maxClassesPerDetection, o.numClasses);
    for (size_t k = 0; k < sel.size(); ++k) {
      std::vector<int> cls(o.numClasses);
      std::iota(cls.begin(), cls.end(), 0);
      std::stable_sort(cls.begin(), cls.end(), [&](int a, int b) {
        return score(sel[k], a) > score(sel[k], b);
      });
      for (int c = 0; c < per; ++c) {
        size_t slot = k * o.maxClassesPerDetection + c;
        for (int j = 0; j < 4; ++j)
          r.boxes[slot * 4 + j] = dec[sel[k]][j];
        r.classes[slot] = cls[c];
        r.scores[slot] = score(sel[k], cls[c]);
      }
    }
    r.num = static_cast<double>(sel.size());
    return r;
  }
  struct Det {
    float s;
    int cls, box;
  };
  std::vector<Det> all;
  for (int c = 0; c < o.numClasses; ++c) {
    std::vector<float> cs(in.numBoxes);
    for (int b = 0; b < in.numBoxes; ++b)
      cs[b] = score(b, c);
    for (int b : refNms(dec, cs, o, o.detectionsPerClass))
      all.push_back({cs[b], c, b});
  }
  std::stable_sort(all.begin(), all.end(),
                   [](const Det &a, const Det &b) { return a.s > b.s; });
  if (static_cast<int>(all.size()) > o.maxDetections)
    all.resize(o.maxDetections);
  for (size_t k = 0; k < all.size(); ++k) {
    for (int j = 0; j < 4; ++j)
      r.boxes[k * 4 + j] = dec[all[k].box][j];
    r.classes[k] = all[k].cls;
    r.scores[k] = all[k].s;
  }
  r.num = static_cast<double>(all.size());
  return r;
}

/// Random SSD-like inputs: anchors on a coarse grid with sizes that make
/// neighbours overlap, small encodings, scores in [0, 1).
DppInputs randomInputs(int numBoxes, int withBg, int boxLen, uint32_t seed) {
  DppInputs in;
  in.numBoxes = numBoxes;
  in.withBg = withBg;
  in.boxLen = boxLen;
  in.boxes = randomVec(size_t(numBoxes) * boxLen, seed, -2.f, 2.f);
  in.scores = randomVec(size_t(numBoxes) * withBg, seed + 1, 0.f, 1.f);
  auto sizes = randomVec(size_t(numBoxes) * 2, seed + 2, 0.15f, 0.4f);
  in.anchors.resize(size_t(numBoxes) * 4);
  for (int b = 0; b < numBoxes; ++b) {
    in.anchors[b * 4 + 0] = 0.1f + 0.8f * float((b * 7) % 5) / 4.f;
    in.anchors[b * 4 + 1] = 0.1f + 0.8f * float((b * 3) % 4) / 3.f;
    in.anchors[b * 4 + 2] = sizes[b * 2];
    in.anchors[b * 4 + 3] = sizes[b * 2 + 1];
  }
  return in;
}

/// Runs the op on float inputs fed at Invoke time.
std::vector<std::vector<float>> runFloat(const DppInputs &in,
                                         const std::vector<uint8_t> &opts) {
  ModelBuilder m;
  int b = m.f32({1, in.numBoxes, in.boxLen});
  int s = m.f32({1, in.numBoxes, in.withBg});
  int a = m.f32({in.numBoxes, 4});
  int o0 = m.f32({}), o1 = m.f32({}), o2 = m.f32({}), o3 = m.f32({});
  OperatorDef &op = m.op(kOp_CUSTOM, {b, s, a}, {o0, o1, o2, o3});
  op.customName = "TFLite_Detection_PostProcess";
  op.customOptions = opts;
  m.io({b, s, a}, {o0, o1, o2, o3});
  return runTwice(m.def, {in.boxes, in.scores, in.anchors});
}

void expectMatches(const std::vector<std::vector<float>> &got,
                   const DppResult &want) {
  ASSERT_EQ(got.size(), 4u);
  expectNear(got[0], want.boxes, 1e-6, 1e-6);
  expectNear(got[1], want.classes, 0, 0);
  expectNear(got[2], want.scores, 0, 0);
  expectNear(got[3], {want.num}, 0, 0);
}

TEST(LiteDetectionPostProcess, FastNmsFloat) {
  for (int maxClasses : {1, 3}) {
    DppOptions o;
    o.maxDetections = 6;
    o.maxClassesPerDetection = maxClasses;
    o.numClasses = 4;
    DppInputs in = randomInputs(60, 5, 4, 11 + maxClasses);
    DppResult want = reference(in, o);
    // max_detections < candidates: the reference must be capped.
    ASSERT_EQ(want.num, 6.0);
    expectMatches(runFloat(in, flexOptions(o)), want);
  }
}

TEST(LiteDetectionPostProcess, FastNmsKeypointColumnsNoBackground) {
  DppOptions o;
  o.maxDetections = 40; // more than survive NMS
  o.numClasses = 3;
  o.scoreThreshold = 0.5f;
  o.iouThreshold = 0.3f;
  DppInputs in = randomInputs(50, 3, 6, 5); // box_code_size 6, no background
  DppResult want = reference(in, o);
  ASSERT_LT(want.num, 40.0);
  ASSERT_GT(want.num, 2.0);
  expectMatches(runFloat(in, flexOptions(o)), want);
}

TEST(LiteDetectionPostProcess, RegularNmsFloat) {
  DppOptions o;
  o.useRegularNms = true;
  o.maxDetections = 7;
  o.detectionsPerClass = 4;
  o.numClasses = 5;
  DppInputs in = randomInputs(80, 6, 4, 21);
  DppResult want = reference(in, o);
  ASSERT_EQ(want.num, 7.0);
  expectMatches(runFloat(in, flexOptions(o)), want);
  // Fewer candidates than max_detections: the tail is zero.
  o.maxDetections = 50;
  o.scoreThreshold = 0.9f;
  want = reference(in, o);
  ASSERT_LT(want.num, 50.0);
  expectMatches(runFloat(in, flexOptions(o)), want);
}

/// Equal scores keep the lower box index (TFLite's stable sort); a score
/// equal to the threshold is kept; a box overlapping a better one by more
/// than the IoU threshold is dropped, exactly at the threshold kept.
TEST(LiteDetectionPostProcess, TiesAndThresholds) {
  DppOptions o;
  o.maxDetections = 3;
  o.numClasses = 1;
  o.scoreThreshold = 0.5f;
  o.iouThreshold = 0.5f;
  DppInputs in;
  in.numBoxes = 5;
  in.withBg = 2;
  in.boxes.assign(20, 0.f); // zero encodings: box = anchor
  // anchors (yc, xc, h, w): boxes 0..2 disjoint, box 3 = box 0 shifted by
  // half its width (IoU 1/3: kept), box 4 = box 1 shifted by a quarter of
  // its height (IoU 0.6: dropped).
  in.anchors = {0.2f, 0.2f, 0.2f, 0.3f,  0.5f, 0.5f, 0.2f,  0.2f, 0.8f, 0.8f,
                0.2f, 0.2f, 0.2f, 0.35f, 0.2f, 0.3f, 0.55f, 0.5f, 0.2f, 0.2f};
  // background column first.
  in.scores = {0.9f, 0.7f, 0.9f, 0.7f, 0.9f, 0.7f, 0.9f, 0.5f, 0.9f, 0.8f};
  DppResult want = reference(in, o);
  // Box 4 (0.8) first; box 1 (0.7) overlaps it by 0.6: dropped; then boxes
  // 0 and 2 tie at 0.7 and come in index order; box 3 (0.5, at the
  // threshold) is cut by max_detections.
  ASSERT_EQ(want.num, 3.0);
  EXPECT_EQ(want.scores[0], double(0.8f));
  EXPECT_NEAR(want.boxes[4 * 1 + 1], 0.05, 1e-7); // box 0's xmin
  EXPECT_EQ(want.classes[0], 0.0);
  expectMatches(runFloat(in, flexOptions(o)), want);
  o.maxDetections = 10;
  want = reference(in, o);
  ASSERT_EQ(want.num, 4.0); // box 3 kept: at the score threshold
  expectMatches(runFloat(in, flexOptions(o)), want);
}

template <typename Q> void runQuantized(TensorType type, bool regular) {
  DppOptions o;
  o.useRegularNms = regular;
  o.maxDetections = 5;
  o.maxClassesPerDetection = regular ? 1 : 2;
  o.detectionsPerClass = 3;
  o.numClasses = 3;
  o.scoreThreshold = 0.4f;
  const int numBoxes = 40, withBg = 4;
  DppInputs fin = randomInputs(numBoxes, withBg, 4, 31);
  const int zpOff = type == TensorType::kInt8 ? -128 : 0;
  // Quantize: boxes scale 1/32 zp 128; scores 1/255 zp 0; anchors 1/256 zp 0
  // (shifted by -128 for int8).
  auto quant = [&](const std::vector<float> &v, float scale, int zp) {
    std::vector<Q> q(v.size());
    for (size_t i = 0; i < v.size(); ++i)
      q[i] = static_cast<Q>(std::clamp<long>(
          std::lround(v[i] / scale) + zp + zpOff, zpOff, 255 + zpOff));
    return q;
  };
  auto deq = [&](const std::vector<Q> &q, float scale, int zp) {
    std::vector<float> v(q.size());
    for (size_t i = 0; i < q.size(); ++i)
      v[i] = (float(q[i]) - float(zp + zpOff)) * scale;
    return v;
  };
  auto qb = quant(fin.boxes, 1.f / 32, 128),
       qa = quant(fin.anchors, 1.f / 256, 0);
  // Scores: distinct levels (a shuffled 0..255), so no two candidates tie
  // and the order does not depend on std::partial_sort's tie handling.
  std::vector<int> levels(256);
  std::iota(levels.begin(), levels.end(), 0);
  std::shuffle(levels.begin(), levels.end(), std::mt19937(7));
  std::vector<Q> qs(size_t(numBoxes) * withBg);
  for (size_t i = 0; i < qs.size(); ++i)
    qs[i] = static_cast<Q>(levels[i] + zpOff);
  DppInputs in = fin;
  in.boxes = deq(qb, 1.f / 32, 128);
  in.scores = deq(qs, 1.f / 255, 0);
  in.anchors = deq(qa, 1.f / 256, 0);

  ModelBuilder m;
  auto qtensor = [&](std::vector<int32_t> shape, const std::vector<Q> &v,
                     float scale, int zp) {
    int t = m.constant(type, std::move(shape), v);
    m.def.subgraphs[0].tensors[t].quant.scale = {scale};
    m.def.subgraphs[0].tensors[t].quant.zeroPoint = {zp + zpOff};
    return t;
  };
  int b = qtensor({1, numBoxes, 4}, qb, 1.f / 32, 128);
  int s = qtensor({1, numBoxes, withBg}, qs, 1.f / 255, 0);
  int a = qtensor({numBoxes, 4}, qa, 1.f / 256, 0);
  int o0 = m.f32({}), o1 = m.f32({}), o2 = m.f32({}), o3 = m.f32({});
  OperatorDef &op = m.op(kOp_CUSTOM, {b, s, a}, {o0, o1, o2, o3});
  op.customName = "TFLite_Detection_PostProcess";
  op.customOptions = flexOptions(o);
  m.io({}, {o0, o1, o2, o3});
  DppResult want = reference(in, o);
  ASSERT_EQ(want.num, 5.0);
  expectMatches(runTwice(m.def, {}), want);
}

TEST(LiteDetectionPostProcess, QuantizedUInt8) {
  runQuantized<uint8_t>(TensorType::kUInt8, false);
  runQuantized<uint8_t>(TensorType::kUInt8, true);
}

TEST(LiteDetectionPostProcess, QuantizedInt8) {
  runQuantized<int8_t>(TensorType::kInt8, false);
  runQuantized<int8_t>(TensorType::kInt8, true);
}

/// Prepare (or Eval) must fail with `needle` in the message.
void expectError(const ModelDef &def, const std::string &needle) {
  static BuiltinOpResolver resolver;
  auto in = Interpreter::create(def, resolver, "test");
  ASSERT_TRUE(in.ok()) << in.status();
  absl::Status s = (*in)->allocateTensors();
  if (s.ok())
    s = (*in)->invoke();
  ASSERT_FALSE(s.ok());
  EXPECT_NE(std::string(s.message()).find(needle), std::string::npos) << s;
  EXPECT_NE(std::string(s.message()).find("TFLite_Detection_PostProcess"),
            std::string::npos)
      << s;
}

ModelDef badModel(std::vector<int32_t> boxShape, std::vector<int32_t> clsShape,
                  std::vector<int32_t> anchorShape, std::vector<uint8_t> opts,
                  TensorType clsType = TensorType::kFloat32) {
  ModelBuilder m;
  int b = m.f32(std::move(boxShape));
  int s = m.tensor(clsType, std::move(clsShape));
  int a = m.f32(std::move(anchorShape));
  int o0 = m.f32({}), o1 = m.f32({}), o2 = m.f32({}), o3 = m.f32({});
  OperatorDef &op = m.op(kOp_CUSTOM, {b, s, a}, {o0, o1, o2, o3});
  op.customName = "TFLite_Detection_PostProcess";
  op.customOptions = std::move(opts);
  m.io({b, s, a}, {o0, o1, o2, o3});
  return m.def;
}

TEST(LiteDetectionPostProcess, BadInput) {
  DppOptions o;
  auto good = flexOptions(o);
  expectError(
      badModel({1, 8, 4}, {1, 8, 5}, {8, 4}, flexOptions(o, "num_classes")),
      "lack 'num_classes'");
  expectError(badModel({1, 8, 4}, {1, 8, 5}, {8, 4}, {}), "custom_options");
  expectError(badModel({1, 8, 4}, {1, 8, 5}, {8, 4}, {1, 2, 3}), "FlexBuffer");
  expectError(badModel({8, 4}, {1, 8, 5}, {8, 4}, good), "rank 3");
  expectError(badModel({1, 8, 3}, {1, 8, 5}, {8, 4}, good), "[1, num_boxes");
  expectError(badModel({1, 8, 4}, {1, 7, 5}, {8, 4}, good),
              "class_predictions");
  expectError(badModel({1, 8, 4}, {1, 8, 7}, {8, 4}, good), "background");
  expectError(badModel({1, 8, 4}, {1, 8, 5}, {8, 2}, good), "anchors");
  expectError(badModel({1, 8, 4}, {1, 8, 5}, {8, 4}, good, TensorType::kInt32),
              "INT32");
  DppOptions z = o;
  z.iouThreshold = 0.f;
  expectError(badModel({1, 8, 4}, {1, 8, 5}, {8, 4}, flexOptions(z)),
              "nms_iou_threshold");
  z = o;
  z.xScale = 0.f;
  expectError(badModel({1, 8, 4}, {1, 8, 5}, {8, 4}, flexOptions(z)), "scale");
  z = o;
  z.maxClassesPerDetection = 0;
  expectError(badModel({1, 8, 4}, {1, 8, 5}, {8, 4}, flexOptions(z)),
              "max_classes_per_detection");

  // A negative anchor height decodes to ymin > ymax: an Eval error.
  ModelBuilder m;
  std::vector<float> anchors(8 * 4, 0.2f);
  anchors[2] = -0.2f;
  int b = m.cf32({1, 8, 4}, std::vector<float>(32, 0.f));
  int s = m.cf32({1, 8, 5}, std::vector<float>(40, 0.5f));
  int a = m.cf32({8, 4}, anchors);
  int o0 = m.f32({}), o1 = m.f32({}), o2 = m.f32({}), o3 = m.f32({});
  OperatorDef &op = m.op(kOp_CUSTOM, {b, s, a}, {o0, o1, o2, o3});
  op.customName = "TFLite_Detection_PostProcess";
  op.customOptions = good;
  m.io({}, {o0, o1, o2, o3});
  expectError(m.def, "decoded box 0");
}

} // namespace
} // namespace tfmlir::lite::testing
