// bench/peers/litert_bench.mjs - one .tflite model in LiteRT.js (Google's
// TFLite runtime with XNNPACK compiled to WebAssembly, npm @litertjs/core,
// its single-threaded 'wasm' accelerator) under node, for bench/lite_int8.py.
// Not a test. Browser stand-ins: `self`, `importScripts` (LiteRT.js loads
// its wasm loader script with it) and `__dirname`.
//
// usage: node --experimental-wasm-relaxed-simd bench/peers/litert_bench.mjs
//          LITERT_DIR model.tflite RUNS input.npy out.f32
// LITERT_DIR holds node_modules/@litertjs/core (setup_peers.sh installs it).
// input.npy: float32, little-endian, C order (its data is the file's last
// 4 * n bytes); out.f32: output 0 as raw float32. Prints
// "median_ms=M min_ms=m" over RUNS timed runs after 3 warm-ups.
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {pathToFileURL} from 'node:url';

const [, , litertDir, modelPath, runsS, inPath, outPath] = process.argv;
const pkg = path.resolve(litertDir, 'node_modules/@litertjs/core');
const wasmDir = path.join(pkg, 'wasm') + '/';
globalThis.self = globalThis;
globalThis.__dirname = wasmDir;
globalThis.require = createRequire(path.join(pkg, 'package.json'));
globalThis.importScripts = (...urls) => {
  for (const u of urls)
    (0, eval)(fs.readFileSync(u.replace('file://', ''), 'utf8'));
};
const lrt = await import(pathToFileURL(path.join(pkg, 'dist/index.js')).href);
await lrt.loadLiteRt(wasmDir);
const model = await lrt.loadAndCompile(
    new Uint8Array(fs.readFileSync(modelPath)), {accelerator: 'wasm'});
const d = model.getInputDetails()[0];
const shape = Array.from(Object.values(d.shape));
const n = shape.reduce((a, b) => a * b, 1);
const b = fs.readFileSync(inPath);
const data = new Float32Array(
    b.buffer.slice(b.byteOffset + b.length - 4 * n, b.byteOffset + b.length));
const x = new lrt.Tensor(data, shape);
{
  const o = await model.run([x]);
  const a = o[0].toTypedArray();
  fs.writeFileSync(outPath, Buffer.from(a.buffer, a.byteOffset, a.byteLength));
  o.forEach(t => t.delete());
}
for (let i = 0; i < 3; ++i)
  (await model.run([x])).forEach(t => t.delete());
const times = [];
for (let i = 0; i < Number(runsS); ++i) {
  const s = process.hrtime.bigint();
  const o = await model.run([x]);
  times.push(Number(process.hrtime.bigint() - s) / 1e6);
  o.forEach(t => t.delete());
}
times.sort((a, c) => a - c);
console.log(`median_ms=${times[times.length >> 1]} min_ms=${times[0]}`);
