#!/usr/bin/env python3
"""Prepares the data folder of tfmlir-gpu-check (scripts/gpu-check.sh).

For the same deterministic sample of dl4j_tf_graphs cases as
test/corpus/gpu_ptxas_corpus.py (test/corpus/dl4j_sample.py: frozen_model.pb,
no placeholders, no random ops, every k-th case of INDEX.tsv sorted by
case_dir, plus every case with While/If control flow), runs
  tf-translate --graphdef-to-mlir -> tf-opt -tf-standard-pipeline
  -xla-legalize-tf -> hlo-gpu-compile (PTX, cubin for --chip, launch plan)
and writes DATA/cases/<case>/{plan.txt,constants.bin,kernels.cubin,
expected.txt} (expected.txt: TensorFlow's values from the corpus csv files,
per result `result <i> <numel>` then one value per line). Cases the GPU path
does not support, or whose constants would push the folder over the budget,
are listed in DATA/skipped.txt with the reason. Also compiles an
element-wise chain over 2^28 floats (DATA/chain, one fused kernel; the op
sequence in chain.txt for the runner's host reference).

usage: gpu_check_prepare.py CORPUS BINDIR DATA SAMPLE BUDGET_MIB [CHIP]
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "corpus"))
from dl4j_sample import sample_rows  # noqa: E402

CHAIN = [("mul", 1.0009765625), ("add", 0.5), ("max", -0.25), ("mul", 0.75),
         ("add", -0.125), ("min", 2.0), ("mul", 1.5), ("add", 0.0625)]


def run(cmd, inp=None):
    return subprocess.run(cmd, input=inp, capture_output=True, text=True,
                          timeout=600)


def fetches(row):
    out = []
    for ref in re.split(r"[;\s]+", row["reference_outputs(node[.k])"].strip()):
        if not ref:
            continue
        node, k = ref, 0
        m = re.match(r"^(.*)\.(\d+)$", ref)
        if m:
            node, k = m.group(1), int(m.group(2))
        if (node, k) not in out:
            out.append((node, k))
    return out


def ref_file(case_dir, node, suffix):
    for name in (node, node.replace("/", "____")):
        p = os.path.join(case_dir, name + suffix)
        if os.path.exists(p):
            return p
    return None


def dir_bytes(d):
    return sum(os.path.getsize(os.path.join(d, f)) for f in os.listdir(d))


def chain_hlo(n):
    t = f"tensor<{n}xf32>"
    lines = [f"func.func @main(%x: {t}) -> {t} {{"]
    cur = "%x"
    ops = {"mul": "hlo.multiply", "add": "hlo.add", "max": "hlo.maximum",
           "min": "hlo.minimum"}
    for i, (op, c) in enumerate(CHAIN):
        lines.append(f"  %c{i} = hlo.constant dense<{c!r}> : tensor<f32>")
        lines.append(f"  %b{i} = hlo.broadcast_in_dim %c{i}, dims = [] : "
                     f"(tensor<f32>) -> {t}")
        lines.append(f"  %v{i} = {ops[op]} {cur}, %b{i} : {t}")
        cur = f"%v{i}"
    lines.append(f"  return {cur} : {t}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) not in (6, 7):
        print(__doc__)
        return 2
    corpus, bindir, data = sys.argv[1], sys.argv[2], sys.argv[3]
    sample, budget = int(sys.argv[4]), int(sys.argv[5]) << 20
    chip = sys.argv[6] if len(sys.argv) == 7 else "sm_90"
    compile_tool = [os.path.join(bindir, "hlo-gpu-compile"), "--chip", chip]
    if os.path.exists(data):
        shutil.rmtree(data)
    os.makedirs(os.path.join(data, "cases"))
    work = tempfile.mkdtemp(prefix="gpu-check-")
    # The chain first: its budget is fixed.
    chain_dir = os.path.join(data, "chain")
    src = os.path.join(work, "chain.mlir")
    with open(src, "w") as f:
        f.write(chain_hlo(1 << 28))
    r = run(compile_tool + [src, "-o", chain_dir])
    if r.returncode != 0:
        print("chain: hlo-gpu-compile failed: " + r.stderr.strip()[:400])
        return 1
    print("chain: " + r.stdout.strip())
    with open(os.path.join(chain_dir, "chain.txt"), "w") as f:
        for op, c in CHAIN:
            f.write(f"{op} {c!r}\n")
    used = dir_bytes(chain_dir)

    rows, _ = sample_rows(corpus, sample)
    kept, skipped = 0, []
    for row in rows:
        name = row["case_dir"]
        case_dir = os.path.join(corpus, "dl4j_tf_graphs", "examples", name)
        outs = fetches(row)
        names = [f"{n}:{k}" if k else n for n, k in outs]
        imp = run([os.path.join(bindir, "tf-translate"), "--graphdef-to-mlir",
                   os.path.join(case_dir, "frozen_model.pb"),
                   "--tf-output-arrays=" + ",".join(names)])
        if imp.returncode != 0 or not outs:
            skipped.append((name, "import failed"))
            continue
        leg = run([os.path.join(bindir, "tf-opt"), "-tf-standard-pipeline",
                   "-xla-legalize-tf"], imp.stdout)  # node names kept: plans name them
        if leg.returncode != 0:
            skipped.append((name, "xla-legalize-tf failed"))
            continue
        hlo = os.path.join(work, "case.mlir")
        with open(hlo, "w") as f:
            f.write(leg.stdout)
        out = os.path.join(data, "cases", name.replace("/", "__"))
        r = run(compile_tool + [hlo, "-o", out])
        if r.returncode != 0:
            skipped.append((name, "GPU path: " + r.stderr.strip().splitlines()[0][:200]))
            shutil.rmtree(out, ignore_errors=True)
            continue
        expected = []
        ok = True
        for i, (node, k) in enumerate(outs):
            suffix = f".{k}.prediction" if k else ".prediction"
            p = ref_file(case_dir, node, suffix + ".csv")
            if not p:
                ok = False
                break
            with open(p) as f:
                vals = f.read().split()
            expected.append(f"result {i} {len(vals)}")
            expected.extend(vals)
        if not ok:
            skipped.append((name, "no reference values"))
            shutil.rmtree(out, ignore_errors=True)
            continue
        with open(os.path.join(out, "expected.txt"), "w") as f:
            f.write("\n".join(expected) + "\n")
        for junk in ("kernels.ptx", "ptxas.log"):
            if os.path.exists(os.path.join(out, junk)):
                os.remove(os.path.join(out, junk))
        size = dir_bytes(out)
        if used + size > budget:
            skipped.append((name, f"over the size budget ({size} bytes)"))
            shutil.rmtree(out, ignore_errors=True)
            continue
        used += size
        kept += 1
    shutil.rmtree(work, ignore_errors=True)
    with open(os.path.join(data, "skipped.txt"), "w") as f:
        for n, why in skipped:
            f.write(f"{n}\t{why}\n")
    print(f"{len(rows)} sampled cases: {kept} compiled and shipped, "
          f"{len(skipped)} skipped (skipped.txt); data {used / 2**20:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
