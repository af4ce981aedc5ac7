#!/usr/bin/env python3
"""Checks tf-run's results on rnn-cells.pbtxt against a float64 NumPy model.

usage: check_rnn_cells.py input DIR LEN
         writes the feeds <name>.npy into DIR (seed 0, float32; len is the
         int64 scalar seq_len_max = LEN)
       check_rnn_cells.py check DIR OUT LEN [NAMES]
         OUT holds cell_<k>.npy (k = 0..6), gru_<k>.npy (0..3), seq_<k>.npy
         and seq2_<k>.npy (0..6) as tf-run --output-dir writes them; with
         NAMES (comma-separated, e.g. cell_1,seq_6) only those are read
         and checked.

The reference follows TF's kernels (core/kernels/rnn/lstm_ops.cc,
gru_ops.cc): LSTMBlockCell / BlockLSTM gates in the order i, c, f, o,
BlockLSTMV2 in i, f, c, o with forget_bias 0; peepholes i, f on cs_prev and
o on the clipped cs; cs clipped to [-cell_clip, cell_clip] when cell_clip >
0. BlockLSTM's steps t >= seq_len_max are 0 (TF zeroes cs and h there and
leaves the other results unset; tfmlir zeroes all seven). GRU: [r, u] =
sigmoid([x, h] w_ru + b_ru), c = tanh([x, r h] w_c + b_c), h = u (h - c) +
c. Tolerance: abs 2e-6 + rel 2e-6 (float32 matmuls of 7 terms and
sigmoid/tanh against float64; values are O(1)).
"""
import os
import sys
import numpy as np

SHAPES = {
    "x": (2, 3), "cs": (2, 4), "h": (2, 4), "w": (7, 16), "wci": (4,),
    "wcf": (4,), "wco": (4,), "b": (16,), "xs": (4, 2, 3), "w_ru": (7, 8),
    "w_c": (7, 4), "b_ru": (8,), "b_c": (4,),
}


def sigmoid(v):
    return 1 / (1 + np.exp(-v))


def lstm_step(x, cs_prev, h_prev, f, forget_bias, cell_clip, peep, ifco):
    gates = np.concatenate([x, h_prev], 1) @ f["w"] + f["b"]
    n = cs_prev.shape[1]
    gi, g1, g2, go = (gates[:, k * n:(k + 1) * n] for k in range(4))
    gc, gf = (g2, g1) if ifco else (g1, g2)
    i = sigmoid(gi + (cs_prev * f["wci"] if peep else 0))
    ci = np.tanh(gc)
    fg = sigmoid(gf + forget_bias + (cs_prev * f["wcf"] if peep else 0))
    cs = i * ci + fg * cs_prev
    if cell_clip > 0:
        cs = np.clip(cs, -cell_clip, cell_clip)
    co = np.tanh(cs)
    o = sigmoid(go + (cs * f["wco"] if peep else 0))
    return [i, cs, fg, o, ci, co, o * co]


def block_lstm(f, length, forget_bias, cell_clip, peep, ifco):
    cs, h = f["cs"], f["h"]
    outs = [np.zeros((4, 2, 4)) for _ in range(7)]
    for t in range(length):
        step = lstm_step(f["xs"][t], cs, h, f, forget_bias, cell_clip, peep,
                         ifco)
        for k in range(7):
            outs[k][t] = step[k]
        cs, h = step[1], step[6]
    return outs


def gru(f):
    x, h = f["x"], f["h"]
    ru = sigmoid(np.concatenate([x, h], 1) @ f["w_ru"] + f["b_ru"])
    r, u = ru[:, :4], ru[:, 4:]
    c = np.tanh(np.concatenate([x, r * h], 1) @ f["w_c"] + f["b_c"])
    return [r, u, c, u * (h - c) + c]


def main():
    d = sys.argv[2]
    if sys.argv[1] == "input":
        rng = np.random.RandomState(0)
        for name, shape in SHAPES.items():
            np.save(os.path.join(d, name + ".npy"),
                    rng.uniform(-1, 1, shape).astype(np.float32))
        np.save(os.path.join(d, "len.npy"), np.array(int(sys.argv[3]),
                                                     np.int64))
        return 0
    out, length = sys.argv[3], int(sys.argv[4])
    only = set(sys.argv[5].split(",")) if len(sys.argv) > 5 else None
    f = {n: np.load(os.path.join(d, n + ".npy")).astype(np.float64)
         for n in SHAPES}
    ref = {
        "cell": lstm_step(f["x"], f["cs"], f["h"], f, 0.7, 0.5, True, False),
        "gru": gru(f),
        "seq": block_lstm(f, length, 1.0, -1.0, False, False),
        "seq2": block_lstm(f, length, 0.0, 0.6, True, True),
    }
    ok = True
    checked = 0
    for node, values in ref.items():
        for k, want in enumerate(values):
            name = f"{node}_{k}"
            if only is not None and name not in only:
                continue
            checked += 1
            got = np.load(os.path.join(out, name + ".npy"))
            if got.dtype != np.float32 or got.shape != want.shape:
                print(f"{name}: {got.dtype} {got.shape}, want float32 "
                      f"{want.shape}")
                ok = False
            elif not np.allclose(got, want, atol=2e-6, rtol=2e-6):
                err = np.max(np.abs(got - want))
                print(f"{name}: max abs error {err:.3g}")
                ok = False
    if only is not None and checked != len(only):
        print(f"unknown names in {sorted(only)}")
        ok = False
    print("matches the NumPy reference" if ok else "MISMATCH")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
