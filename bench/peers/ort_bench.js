// ort_bench.js - times one ONNX model on onnxruntime-node (bench/peers).
// usage: node ort_bench.js MODEL.onnx THREADS RUNS OUT.bin NAME=IN.npy...
// Prints {"median_ms": ...}; writes the first output's f32 data to OUT.bin.
const fs = require('fs');
const ort = require('onnxruntime-node');

function readNpyF32(path) {
  const b = fs.readFileSync(path);
  const hlen = b.readUInt16LE(8);
  const header = b.toString('latin1', 10, 10 + hlen);
  const shape = header.match(/'shape': \(([^)]*)\)/)[1].split(',')
      .map(s => s.trim()).filter(s => s.length).map(Number);
  const data = new Float32Array(b.buffer.slice(b.byteOffset + 10 + hlen,
                                               b.byteOffset + b.length));
  return new ort.Tensor('float32', data, shape);
}

async function main() {
  const [model, threads, runs, out, ...ins] = process.argv.slice(2);
  const session = await ort.InferenceSession.create(model, {
    intraOpNumThreads: Number(threads), interOpNumThreads: 1,
    executionMode: 'sequential', graphOptimizationLevel: 'all'});
  const feeds = {};
  for (const kv of ins) {
    const [name, path] = kv.split('=');
    feeds[name] = readNpyF32(path);
  }
  let result = await session.run(feeds);  // warm-up
  const times = [];
  for (let i = 0; i < Number(runs); ++i) {
    const t0 = process.hrtime.bigint();
    result = await session.run(feeds);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  const first = result[session.outputNames[0]];
  fs.writeFileSync(out, Buffer.from(first.data.buffer, first.data.byteOffset,
                                    first.data.byteLength));
  console.log(JSON.stringify({median_ms: times[Math.floor(times.length / 2)]}));
}
main().catch(e => { console.error(String(e)); process.exit(1); });
