"""Checks that functionalization preserves results: imports corpus
while/cond cases, runs tf-functionalize-control-flow and the executor to
functional conversion, and evaluates the resulting tf.While / tf.If
functions with a tiny numpy interpreter (only the ops these cases use),
comparing with TensorFlow's stored outputs.

usage: functionalize_semantics.py TF_TRANSLATE TF_OPT CORPUS_DIR
"""
import ast, re, sys, subprocess, os
import numpy as np

DT = {'f32': np.float32, 'f64': np.float64, 'i32': np.int32, 'i64': np.int64,
      'i1': np.bool_, 'i16': np.int16, 'i8': np.int8, 'ui8': np.uint8, 'f16': np.float16}

def parse_type(t):
    m = re.match(r'tensor<(.*)>', t.strip())
    body = m.group(1)
    parts = body.split('x')
    if body.startswith('*'):
        return None, DT.get(body[2:], np.float32)
    dims = [int(p) if p != '?' else -1 for p in parts[:-1]]
    return dims, DT.get(parts[-1], np.float32)

def parse_dense(text, ty):
    shape, dt = parse_type(ty)
    text = text.strip()
    if text.startswith('"0x'):
        raw = bytes.fromhex(text[3:-1])
        arr = np.frombuffer(raw, dtype=dt)
        if arr.size == 1 and shape and int(np.prod(shape)) != 1:
            return np.full(shape, arr[0], dtype=dt)
        return arr.reshape(shape)
    if not text:
        return np.zeros([max(d, 0) for d in shape], dtype=dt)
    if text.startswith('"'):
        return np.array(text)  # string tensors (Assert messages)
    v = ast.literal_eval(text.replace('true', 'True').replace('false', 'False'))
    a = np.array(v, dtype=dt)
    if shape is not None and list(a.shape) != shape:
        a = np.full(shape, a, dtype=dt) if a.ndim == 0 else a.reshape(shape)
    return a

class Func:
    def __init__(self, name, args, lines):
        self.name, self.args, self.lines = name, args, lines

def parse_module(text):
    funcs = {}
    lines = text.split('\n')
    i = 0
    while i < len(lines):
        m = re.match(r'\s*func\.func (?:private )?@([\w.$-]+)\((.*?)\)( ->.*)? (attributes .*)?\{\s*$', lines[i])
        if m:
            args = re.findall(r'(%arg\d+):', m.group(2))
            body = []
            i += 1
            while not re.match(r'^  \}', lines[i]):
                body.append(lines[i]); i += 1
            funcs[m.group(1)] = Func(m.group(1), args, body)
        i += 1
    return funcs

def attr(line, key):
    m = re.search(r'\b' + key + r' = (@[\w.$-]+|[-\w.]+)', line)
    return m.group(1) if m else None

class Interp:
    def __init__(self, funcs, feeds):
        self.funcs, self.feeds = funcs, feeds
    def call(self, name, args):
        f = self.funcs[name]
        env = dict(zip(f.args, args))
        def get(v):
            m = re.match(r'(%[\w]+)#(\d+)', v)
            if m:
                return env[m.group(1)][int(m.group(2))]
            r = env[v]
            return r
        for line in f.lines:
            s = line.strip()
            if not s: continue
            if s.startswith('return'):
                m = re.match(r'return (.*?) :', s)
                return [get(v.strip()) for v in m.group(1).split(',')] if m else []
            m = re.match(r'(%[\w]+)(?::(\d+))? = (.*)', s)
            res, nres, rhs = (m.group(1), m.group(2), m.group(3)) if m else (None, None, s)
            mc = re.match(r'tensor\.cast (%[\w#]+)', rhs)
            if mc:
                env[res] = get(mc.group(1)); continue
            m2 = re.match(r'tf\.Const .*?dense<(.*)> : (tensor<[^>]*>)', rhs)
            if m2:
                env[res] = parse_dense(m2.group(1), m2.group(2)); continue
            m3 = re.match(r'"?tf\.(\w+)"?(?:\((.*?)\))?', rhs)
            if not m3:
                if rhs.startswith('tf.NoOp'): continue
                raise Exception('cannot parse: ' + s)
            op = m3.group(1)
            ops = [get(x.strip()) for x in m3.group(2).split(',')] if m3.group(2) else []
            outtypes = re.search(r'-> \(?(tensor<[^)]*?>(?:, tensor<[^)]*?>)*)\)?', rhs)
            out = self.op(op, ops, rhs, outtypes.group(1) if outtypes else '')
            if res is None: continue
            env[res] = out if nres else out[0]
        raise Exception('no return in ' + name)
    def op(self, op, a, line, outtypes):
        name = re.search(r'loc\("([^"]+)"', line)
        name = name.group(1) if name else ''
        def one(x): return [x]
        if op in ('Identity', 'StopGradient', 'Snapshot'): return one(a[0])
        if op == 'IdentityN': return list(a)
        if op in ('Add', 'AddV2'): return one(np.asarray(a[0] + a[1]))
        if op == 'Sub': return one(np.asarray(a[0] - a[1]))
        if op == 'Mul': return one(np.asarray(a[0] * a[1]))
        if op in ('RealDiv', 'Div'): return one(np.asarray(a[0] / a[1]).astype(np.result_type(a[0])))
        if op == 'Neg': return one(-a[0])
        if op == 'Less': return one(np.asarray(a[0] < a[1]))
        if op == 'LessEqual': return one(np.asarray(a[0] <= a[1]))
        if op == 'Greater': return one(np.asarray(a[0] > a[1]))
        if op == 'GreaterEqual': return one(np.asarray(a[0] >= a[1]))
        if op == 'Equal': return one(np.asarray(a[0] == a[1]))
        if op == 'LogicalAnd': return one(np.logical_and(a[0], a[1]))
        if op == 'LogicalNot': return one(np.logical_not(a[0]))
        if op == 'NotEqual': return one(np.asarray(a[0] != a[1]))
        if op == 'Assert':
            if not np.all(a[0]): raise Exception('assertion failed: ' + name)
            return []
        if op == 'NoOp': return []
        if op == 'Fill': return one(np.full([int(x) for x in np.atleast_1d(a[0])], a[1]))
        if op == 'Reshape': return one(a[0].reshape([int(x) for x in np.atleast_1d(a[1])]))
        if op == 'StridedSlice':
            b, e, st = [np.atleast_1d(x) for x in a[1:4]]
            bm, em, sm = [int(attr(line, k) or 0) for k in ('begin_mask', 'end_mask', 'shrink_axis_mask')]
            sl = []
            for i in range(len(b)):
                if sm >> i & 1: sl.append(int(b[i])); continue
                sl.append(slice(None if bm >> i & 1 else int(b[i]), None if em >> i & 1 else int(e[i]), int(st[i])))
            return one(np.asarray(a[0][tuple(sl)]))
        if op == 'Maximum': return one(np.maximum(a[0], a[1]))
        if op == 'Minimum': return one(np.minimum(a[0], a[1]))
        if op in ('Sum', 'Mean', 'Max', 'Min', 'Prod', 'All', 'Any'):
            keep = attr(line, 'keep_dims') == 'true'
            axes = tuple(int(x) % max(a[0].ndim, 1) for x in np.atleast_1d(a[1]))
            fn = {'Sum': np.sum, 'Mean': np.mean, 'Max': np.max, 'Min': np.min, 'Prod': np.prod,
                  'All': np.all, 'Any': np.any}[op]
            r = fn(a[0], axis=axes, keepdims=keep)
            return one(np.asarray(r).astype(a[0].dtype))
        if op == 'LinSpace':
            return one(np.linspace(a[0], a[1], int(a[2])).astype(a[0].dtype))
        if op == 'Placeholder':
            if name not in self.feeds: raise Exception('no feed for ' + name)
            shape, dt = parse_type(outtypes)
            return one(np.array(self.feeds[name], dtype=dt).reshape(shape))
        if op == 'Cast':
            _, dt = parse_type(outtypes)
            return one(a[0].astype(dt))
        if op in ('While', 'StatelessWhile'):
            cond, body = attr(line, 'cond')[1:], attr(line, 'body')[1:]
            vals = list(a)
            n = 0
            while bool(self.call(cond, vals)[0]):
                vals = self.call(body, vals)
                n += 1
                if n > 100000: raise Exception('runaway loop')
            return vals
        if op in ('If', 'StatelessIf'):
            br = attr(line, 'then_branch' if bool(np.asarray(a[0]).any() if np.asarray(a[0]).ndim else a[0]) else 'else_branch')[1:]
            return self.call(br, list(a[1:]))
        raise Exception('op not supported: ' + op)

def run_case(case_dir, translate, opt, outputs):
    graph = os.path.join(case_dir, 'frozen_graph.pbtxt')
    imp = subprocess.run([translate, '-graphdef-to-mlir', '-tf-output-arrays=' + ','.join(outputs), graph],
                         capture_output=True, check=True)
    res = subprocess.run([opt, '-tf-functionalize-control-flow', '-tf-executor-island-coarsening', '-tf-executor-to-functional-conversion', '-mlir-print-local-scope', '-'],
                         input=imp.stdout, capture_output=True, check=True)
    text = res.stdout.decode()
    funcs = parse_module(text)
    feeds = {}
    for f in os.listdir(case_dir):
        if f.endswith('.placeholder.csv'):
            nm = f[:-len('.placeholder.csv')]
            feeds[nm] = [float(x) for x in open(os.path.join(case_dir, f)).read().split()]
    return Interp(funcs, feeds).call('main', [])

CASES = [
    # loops
    'while1/iter_1', 'while1/iter_3', 'while2/a', 'simple_while',
    # conditionals, nested conditionals (case), guarded asserts
    'simple_cond', 'cond/cond_true', 'cond/cond_false', 'case/cond_1',
    'case/cond_1b', 'case/cond_2', 'case/cond_3', 'case/cond_default',
    'is_non_decreasing/int32', 'assert_greater/scalar_float32',
    'assert_positive/3,4_3,4_int64',
]


def main():
    translate, opt, corpus = sys.argv[1:4]
    examples = os.path.join(corpus, 'dl4j_tf_graphs', 'examples')
    index = {}
    with open(os.path.join(corpus, 'dl4j_tf_graphs', 'INDEX.tsv')) as f:
        for line in list(f)[1:]:
            row = line.rstrip('\n').split('\t')
            index[row[0]] = [o for o in row[8].split(';') if o]
    failures = 0
    for case in CASES:
        d = os.path.join(examples, case)
        outs = index.get(case) or ['output']
        try:
            got = run_case(d, translate, opt, outs)
        except Exception as e:  # pylint: disable=broad-except
            print('FAIL', case, str(e)[:300])
            failures += 1
            continue
        for o, g in zip(outs, got):
            ref = None
            for p in (o, o.replace('/', '____')):
                path = os.path.join(d, p + '.prediction.csv')
                if os.path.exists(path):
                    with open(path) as f:
                        ref = [float({'True': 1, 'False': 0}.get(x, x))
                               for x in f.read().split()]
            g = np.asarray(g, dtype=np.float64).ravel()
            if ref is None or g.size != len(ref) or not np.allclose(
                    g, ref, atol=1e-5, rtol=1e-5):
                print('FAIL', case, o, 'got', g.tolist()[:8], 'want', ref)
                failures += 1
    print(f'cases: {len(CASES)}, failures: {failures}')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
