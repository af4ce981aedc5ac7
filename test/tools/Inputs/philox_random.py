"""TF's Philox random ops: a test graph and a NumPy reference.

The stateless ops (V1 with a seed, V2 with key/counter/alg, GetKeyCounter[Alg]
and GetAlg) and the seeded stateful RandomUniform(Int), RandomStandardNormal
and TruncatedNormal (TF's values of their first run).

  philox_random.py graph OUT.pbtxt   writes the GraphDef of the cases
  philox_random.py run TF_RUN G OUT     runs tf-run --jit=whole on graph G,
                                        fetching every case, into OUT
  philox_random.py check OUT.txt        compares tf-run's printed outputs

The reference re-implements TF's CPU kernels from TensorFlow's sources
(tensorflow/core/lib/random/philox_random.h, random_distributions.h,
core/kernels/random_op_cpu.h, stateless_random_ops.cc GenerateKey,
stateless_random_ops_v2.cc): Philox4x32-10 in exact integer arithmetic,
uniforms from the low mantissa bits, Box-Muller with float32 arithmetic
(log, sin, cos computed in float64 and rounded to float32, as correctly
rounded libm results), truncated normal by TF's rejection loop with its
256-calls-per-group skip. Two independent oracles check the reference
itself: the Random123 known-answer vectors for Philox4x32-10 (kat_vectors)
and TF's documented output of tf.random.normal([2, 2], seed=1) after
tf.random.set_seed(5) ([-1.3768897, -0.01258316, -0.169515, 1.0824056]:
RandomStandardNormal seeds Philox with key (5, 0) and counter (0, 0, 1, 0),
the generator StatelessRandomNormalV2 gets from key 5, counter [0, 1];
the documentation prints them to 8 decimals).

Tolerances: uniform, integer and Philox outputs are compared bit-exactly;
normal and truncated-normal floats within 4 ulp of the output dtype (TF
calls glibc's logf/sincosf, we call the compiled math library; the
difference is an ulp or two) and the count of bit-exact values is printed.
"""
import sys

import numpy as np

M32 = 0xFFFFFFFF

# Random123 kat_vectors, philox4x32 10 rounds: (counter, key, result).
KAT = [
    ((0, 0, 0, 0), (0, 0), (0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8)),
    ((M32,) * 4, (M32, M32), (0x408F276D, 0x41C83B0E, 0xA20BC7C6, 0x6D5451FD)),
    ((0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344), (0xA4093822, 0x299F31D0),
     (0xD16CFE09, 0x94FDCCEB, 0x5001E420, 0x24126EA1)),
]
TF_DOC_NORMAL = ['-1.3768897', '-0.01258316', '-0.169515', '1.0824056']


# ---------------------------------------------------------------- reference
def philox(ctr, key):
    """Philox4x32-10 on arrays of uint32 words (python ints or uint64)."""
    c = [np.asarray(x, dtype=np.uint64) for x in ctr]
    k = [np.uint64(key[0]), np.uint64(key[1])]
    for r in range(10):
        p0 = c[0] * np.uint64(0xD2511F53)
        p1 = c[2] * np.uint64(0xCD9E8D57)
        c = [(p1 >> np.uint64(32)) ^ c[1] ^ k[0], p1 & np.uint64(M32),
             (p0 >> np.uint64(32)) ^ c[3] ^ k[1], p0 & np.uint64(M32)]
        k = [np.uint64((int(k[0]) + 0x9E3779B9) & M32),
             np.uint64((int(k[1]) + 0xBB67AE85) & M32)]
    return c


def skip(ctr, offsets):
    """TF's PhiloxRandom::Skip of the 4-word counter by each offset."""
    v = sum(int(w) << (32 * i) for i, w in enumerate(ctr))
    vals = [(v + int(o)) % (1 << 128) for o in np.ravel(offsets)]
    return [np.array([(x >> (32 * i)) & M32 for x in vals], dtype=np.uint64)
            for i in range(4)]


def generate_key(seed):
    """TF's GenerateKey: (key, counter) words from a seed pair."""
    s0, s1 = (int(x) & ((1 << 64) - 1) for x in seed)
    mix = [int(x) for x in philox((s0 & M32, s0 >> 32, s1 & M32, s1 >> 32),
                                  (0x3EC8F720, 0x02461E29))]
    return (mix[0], mix[1]), (0, 0, mix[2], mix[3])


def from_key_counter(key, counter):
    return ((key & M32, key >> 32),
            (counter[0] & M32, counter[0] >> 32, counter[1] & M32,
             counter[1] >> 32))


def words(state, offsets):
    key, ctr = state
    return philox(skip(ctr, offsets), key)


def u32_to_float(x):
    return (np.asarray(x & np.uint64(0x7FFFFF), dtype=np.float64) *
            2.0**-23).astype(np.float32)


def u64_to_double(x0, x1):
    m = ((x0 & np.uint64(0xFFFFF)) << np.uint64(32)) | x1
    return m.astype(np.float64) * 2.0**-52


def f32(op, x):
    return op(x.astype(np.float64)).astype(np.float32)


def box_muller_float(x0, x1):
    u1 = np.maximum(u32_to_float(x0), np.float32(1e-7))
    v1 = (2 * np.pi * u32_to_float(x1).astype(np.float64)).astype(np.float32)
    u2 = np.sqrt(np.float32(-2.0) * f32(np.log, u1))
    return f32(np.sin, v1) * u2, f32(np.cos, v1) * u2


def box_muller_double(x0, x1, x2, x3):
    u1 = np.maximum(u64_to_double(x0, x1), 1e-7)
    v1 = 2 * np.pi * u64_to_double(x2, x3)
    u2 = np.sqrt(-2.0 * np.log(u1))
    return np.sin(v1) * u2, np.cos(v1) * u2


NP = {'half': np.float16, 'float': np.float32, 'double': np.float64,
      'int32': np.int32, 'int64': np.int64, 'uint32': np.uint32,
      'uint64': np.uint64}


def to_dtype(x, dtype):
    if dtype == 'bfloat16':  # round to nearest even on the float32 bits
        b = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
        b = (b + np.uint64(0x7FFF) + ((b >> np.uint64(16)) & np.uint64(1))) \
            >> np.uint64(16)
        return (b << np.uint64(16)).astype(np.uint32).view(np.float32)
    return np.asarray(x).astype(NP[dtype])


def reference(dist, dtype, n, state, minval=None, maxval=None):
    """The first n outputs of TF's CPU fill for distribution `dist`."""
    if dist == 'trunc':
        k = 2 if dtype == 'double' else 4
        per_group = k * 256 // 4
        out = []
        for g in range((n + k - 1) // k):
            got, call = [], 0
            while len(got) < k:
                x = words(state, [g * per_group + call])
                call += 1
                if dtype == 'double':
                    cands = box_muller_double(*x)
                else:
                    a, b = box_muller_float(x[0], x[1])
                    c, d = box_muller_float(x[2], x[3])
                    cands = (a, b, c, d)
                for v in cands:
                    if abs(v[0]) < 2 and len(got) < k:
                        got.append(v[0])
            out += got
        return to_dtype(np.array(out[:n]), dtype)
    wide = dtype in ('double', 'int64', 'uint64')
    k = 2 if wide else 4
    g = (n + k - 1) // k
    x = words(state, np.arange(g))
    if dist == 'uniform':
        if dtype == 'double':
            vals = [u64_to_double(x[0], x[1]), u64_to_double(x[2], x[3])]
        else:
            bits = {'float': 23, 'half': 10, 'bfloat16': 7}[dtype]
            vals = [(w & np.uint64((1 << bits) - 1)).astype(np.float64) *
                    2.0**-bits for w in x]
    elif dist == 'normal':
        if dtype == 'double':
            vals = list(box_muller_double(*x))
        else:
            vals = list(box_muller_float(x[0], x[1])) + \
                list(box_muller_float(x[2], x[3]))
    else:
        if wide:
            raw = [x[0] | (x[1] << np.uint64(32)), x[2] | (x[3] << np.uint64(32))]
        else:
            raw = list(x)
        bits = 64 if wide else 32
        mask = (1 << bits) - 1
        if dist == 'int':
            lo, rng = minval & mask, (maxval - minval) & mask
            raw = [np.array([(lo + int(r) % rng) & mask for r in w],
                            dtype=np.uint64) for w in raw]
        vals = raw
    flat = np.stack(vals, axis=1).reshape(-1)[:n]
    if dist in ('int', 'full'):
        bits = 64 if wide else 32
        u = flat.astype(np.uint64 if bits == 64 else np.uint32)
        return u.view(NP[dtype]) if dtype.startswith('int') else u
    return to_dtype(flat, dtype)


# -------------------------------------------------------------------- cases
# (name, op, dist, dtype, shape, source); source: ('seed', Tseed, [s0, s1])
# for the V1 ops and GetKeyCounter[Alg] + V2, ('kc', key, [c0, c1], alg) for
# V2 ops fed key and counter constants.
U64MAX = (1 << 64) - 1
CASES = []
for dt in ('half', 'bfloat16', 'float', 'double'):
    CASES += [
        ('u1_' + dt, 'StatelessRandomUniform', 'uniform', dt, [3, 5],
         ('seed', 'int64', [7, 17])),
        ('n1_' + dt, 'StatelessRandomNormal', 'normal', dt, [3, 5],
         ('seed', 'int32', [-3, 12345])),
        ('t1_' + dt, 'StatelessTruncatedNormal', 'trunc', dt, [7],
         ('seed', 'int64', [2, 3])),
        ('u2_' + dt, 'StatelessRandomUniformV2', 'uniform', dt, [2, 3],
         ('kc', 0x0123456789ABCDEF, [U64MAX - 1, 5], 1)),
        ('n2_' + dt, 'StatelessRandomNormalV2', 'normal', dt, [9],
         ('getkc', 'int64', [1, 2])),
        ('t2_' + dt, 'StatelessTruncatedNormalV2', 'trunc', dt, [5],
         ('getkca', 'int32', [11, 5])),
    ]
for dt in ('int32', 'int64'):
    CASES += [('i1_' + dt, 'StatelessRandomUniformInt', 'int', dt, [10],
               ('seed', 'int64', [7, 17]), -7, 1000)]
for dt in ('int32', 'int64', 'uint32', 'uint64'):
    CASES += [
        ('i2_' + dt, 'StatelessRandomUniformIntV2', 'int', dt, [7],
         ('kc', 42, [3, U64MAX], 3), 2, 11111),
        ('f1_' + dt, 'StatelessRandomUniformFullInt', 'full', dt, [5],
         ('seed', 'int32', [5, -1])),
        ('f2_' + dt, 'StatelessRandomUniformFullIntV2', 'full', dt, [3],
         ('getkca', 'int64', [123, 456])),
    ]
# The stateful ops: ('attrs', seed, seed2) seeds TF's GuardedPhiloxRandom.
CASES += [
    ('s_uniform', 'RandomUniform', 'uniform', 'double', [5], ('attrs', 12345, 0)),
    ('s_normal', 'RandomStandardNormal', 'normal', 'float', [2, 2],
     ('attrs', 5, 1)),
    ('s_trunc', 'TruncatedNormal', 'trunc', 'half', [6],
     ('attrs', 1, (1 << 40) + 3)),
    ('s_int', 'RandomUniformInt', 'int', 'int64', [5], ('attrs', 3, 4),
     -(1 << 40), 1 << 40),
]
# Many groups and rejections: 1000 truncated normals.
CASES += [('tbig', 'StatelessTruncatedNormalV2', 'trunc', 'float', [1000],
           ('kc', 7, [0, 0], 1))]
# Philox known answers: full-int uint32 outputs are the raw words.
for i, (ctr, key, _) in enumerate(KAT):
    CASES += [('kat%d' % i, 'StatelessRandomUniformFullIntV2', 'full', 'uint32',
               [4], ('kc', key[0] | key[1] << 32,
                     [ctr[0] | ctr[1] << 32, ctr[2] | ctr[3] << 32], 1))]
CASES += [('tfdoc', 'StatelessRandomNormalV2', 'normal', 'float', [2, 2],
           ('kc', 5, [0, 1], 1))]

DT = {'half': 'DT_HALF', 'bfloat16': 'DT_BFLOAT16', 'float': 'DT_FLOAT',
      'double': 'DT_DOUBLE', 'int32': 'DT_INT32', 'int64': 'DT_INT64',
      'uint32': 'DT_UINT32', 'uint64': 'DT_UINT64'}
VAL = {'int32': 'int_val', 'int64': 'int64_val', 'uint32': 'uint32_val',
       'uint64': 'uint64_val'}


def const(name, dtype, vals, shape):
    dims = ''.join(' dim { size: %d }' % d for d in shape)
    body = ' '.join('%s: %d' % (VAL[dtype], v) for v in vals)
    return ('node { name: "%s" op: "Const" attr { key: "dtype" value { type: %s '
            '} } attr { key: "value" value { tensor { dtype: %s tensor_shape {'
            '%s } %s } } } }\n' % (name, DT[dtype], DT[dtype], dims, body))


def attr_type(k, dtype):
    return ' attr { key: "%s" value { type: %s } }' % (k, DT[dtype])


def graph():
    out = []
    for case in CASES:
        name, op, dist, dtype, shape, src = case[:6]
        out.append(const(name + '/shape', 'int32', shape, [len(shape)]))
        inputs = [name + '/shape']
        attrs = attr_type('dtype', dtype)
        v2 = op.endswith('V2')
        shape_attr = 'Tshape' if v2 else 'T'
        attrs += attr_type(shape_attr, 'int32')
        if src[0] == 'attrs':
            if op == 'RandomUniformInt':
                attrs = attr_type('Tout', dtype) + attr_type('T', 'int32')
            attrs += ''.join(' attr { key: "%s" value { i: %d } }' % kv
                             for kv in (('seed', src[1]), ('seed2', src[2])))
        if src[0] in ('seed', 'getkc', 'getkca'):
            out.append(const(name + '/seed', src[1], src[2], [2]))
        if src[0] == 'seed':
            inputs.append(name + '/seed')
            attrs += attr_type('Tseed', src[1])
        elif src[0] in ('getkc', 'getkca'):
            kop = ('StatelessRandomGetKeyCounter' if src[0] == 'getkc' else
                   'StatelessRandomGetKeyCounterAlg')
            out.append('node { name: "%s/kc" op: "%s" input: "%s/seed"%s }\n' %
                       (name, kop, name, attr_type('Tseed', src[1])))
            inputs += [name + '/kc:0', name + '/kc:1']
            if src[0] == 'getkc':
                out.append('node { name: "%s/alg" op: "StatelessRandomGetAlg" }\n'
                           % name)
                inputs.append(name + '/alg')
            else:
                inputs.append(name + '/kc:2')
        elif src[0] == 'kc':
            out.append(const(name + '/key', 'uint64', [src[1]], [1]))
            out.append(const(name + '/counter', 'uint64', src[2], [2]))
            out.append(const(name + '/alg', 'int32', [src[3]], []))
            inputs += [name + '/key', name + '/counter', name + '/alg']
        if dist == 'int':
            lo, hi = case[6], case[7]
            out.append(const(name + '/lo', dtype, [lo], []))
            out.append(const(name + '/hi', dtype, [hi], []))
            inputs += [name + '/lo', name + '/hi']
        ins = ''.join(' input: "%s"' % i for i in inputs)
        out.append('node { name: "%s" op: "%s"%s%s }\n' % (name, op, ins, attrs))
    return ''.join(out)


def state_of(src):
    if src[0] == 'attrs':  # TF's PhiloxRandom(seed, seed2)
        return ((src[1] & M32, src[1] >> 32),
                (0, 0, src[2] & M32, src[2] >> 32))
    if src[0] == 'kc':
        return from_key_counter(src[1], src[2])
    return generate_key(src[2])


def parse(path):
    """tf-run's printed fetches: '# name:0 dtype shape' then one value a line."""
    res, cur = {}, None
    for line in open(path):
        line = line.strip()
        if line.startswith('#'):
            head = line[1:].split()
            if head and head[0] == 'output':
                head = head[1:]
            cur = head[0].split(':')[0]
            res[cur] = (head[1], [])
        elif line and cur:
            res[cur][1].append(line)
    return res


def ulps(a, b, dtype):
    """|a - b| in ulps of the output dtype (at b's magnitude)."""
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    mant = {'half': 10, 'bfloat16': 7, 'float': 23, 'double': 52}[dtype]
    e = np.floor(np.log2(np.maximum(np.abs(b), 2.0**-14)))
    return np.abs(a - b) / 2.0**(e - mant)


def check(path):
    got = parse(path)
    bad = 0
    for case in CASES:
        name, op, dist, dtype, shape, src = case[:6]
        n = int(np.prod(shape))
        if name not in got:
            print('FAIL %s: not fetched' % name)
            bad += 1
            continue
        gdt, vals = got[name]
        if dist in ('int', 'full'):
            g = np.array([int(v) for v in vals], dtype=np.int64 if dtype ==
                         'int64' else np.uint64 if dtype == 'uint64' else
                         np.int64)
        else:
            g = np.array([float(v) for v in vals], dtype=np.float64)
        ref = reference(dist, dtype, n, state_of(src), *case[6:8])
        if name.startswith('kat'):
            want = np.array(KAT[int(name[3:])][2], dtype=np.uint64)
            assert np.array_equal(ref, want), 'reference Philox fails KAT'
        if name == 'tfdoc':
            # NumPy printed TF's values: the shortest repr, at most 8 decimals.
            def doc(x):
                return [np.format_float_positional(np.float32(v), precision=8)
                        for v in x]
            assert doc(ref) == TF_DOC_NORMAL, 'reference != TF docs'
            ok = doc(g) == TF_DOC_NORMAL
            print('%s tfdoc matches TF\'s documented values to 8 decimals' %
                  ('ok' if ok else 'FAIL'))
            bad += 0 if ok else 1
        if len(g) != n:
            print('FAIL %s: %d values, want %d' % (name, len(g), n))
            bad += 1
            continue
        # Printed values (%.9g / %.17g) round-trip in the output dtype.
        g = g.astype(ref.dtype)
        if dist in ('int', 'full', 'uniform'):
            ok = np.array_equal(g, ref)
            print('%s %s %s exact' % ('ok' if ok else 'FAIL', name, gdt))
        else:
            u = ulps(g, ref, dtype)
            exact = int(np.sum(g == ref))
            ok = bool(np.all(u <= 4))
            print('%s %s %s max_ulp=%g exact=%d/%d' % (
                'ok' if ok else 'FAIL', name, gdt, float(np.max(u)), exact, n))
        if not ok:
            print('  got  %s\n  want %s' % (g[:8], ref[:8]))
            bad += 1
    print('%d cases, %d failed' % (len(CASES), bad))
    return bad


if __name__ == '__main__':
    if sys.argv[1] == 'graph':
        open(sys.argv[2], 'w').write(graph())
    elif sys.argv[1] == 'run':
        import subprocess
        args = [sys.argv[2], '--jit=whole', '--graph', sys.argv[3]]
        for c in CASES:
            args += ['--output', c[0]]
        with open(sys.argv[4], 'w') as f:
            sys.exit(subprocess.call(args, stdout=f))
    else:
        sys.exit(1 if check(sys.argv[2]) else 0)
