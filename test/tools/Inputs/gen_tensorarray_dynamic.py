# Writes the TF1 dynamic-loop TensorArray GraphDef of
# tf-run-tensorarray-dynamic.test: the arrays' size is tf.shape(x)[0] of a
# [?, 3] Placeholder through a placeholder_with_default (feedable, so not a
# constant), or a fed value. Usage: gen_tensorarray_dynamic.py OUT [static |
# dynamic]. "static": the size is tf.shape(x)[0] itself (an Identity in
# place of the placeholder_with_default), which folds with the fed shape;
# "dynamic": ta_out is created with size 0 and dynamic_size, and grows with
# the loop's writes.
import sys

def attr(k, v): return '  attr { key: "%s" value { %s } }\n' % (k, v)
def node(name, op, inputs=(), attrs=()):
    s = 'node {\n  name: "%s"\n  op: "%s"\n' % (name, op)
    for i in inputs: s += '  input: "%s"\n' % i
    for a in attrs: s += attr(*a)
    return s + '}\n'
F = ('T', 'type: DT_FLOAT'); I = ('T', 'type: DT_INT32')
def const_i32(name, vals, shape):
    dims = ''.join('dim { size: %d } ' % d for d in shape)
    ints = ' '.join('int_val: %d' % v for v in vals)
    return node(name, 'Const', [], [('dtype', 'type: DT_INT32'),
        ('value', 'tensor { dtype: DT_INT32 tensor_shape { %s} %s }' % (dims, ints))])
def enter(name, inp, t, const=False):
    return node(name, 'Enter', [inp], [('T', t), ('frame_name', 's: "while/while_context"'),
        ('is_constant', 'b: %s' % ('true' if const else 'false')), ('parallel_iterations', 'i: 32')])
def ta(name, size, elem, dyn='false'):
    return node(name, 'TensorArrayV3', [size], [('dtype', 'type: DT_FLOAT'), ('element_shape', elem),
        ('dynamic_size', 'b: ' + dyn), ('clear_after_read', 'b: true'), ('identical_element_shapes', 'b: true'),
        ('tensor_array_name', 's: "%s"' % name)])
variant = sys.argv[2] if len(sys.argv) > 2 else ''
dynamic = variant == 'dynamic'

out = '''# A TF1 tf.while_loop over TensorArrays whose size is only known when the
# graph runs (dynamic_rnn over a [?, T, F] input has this shape):
#
#   x: [?, 3]; len = placeholder_with_default(tf.shape(x)[0])
#   ta_in = TensorArray(float32, len, element_shape=[3]).unstack(x)
#   ta_out = TensorArray(float32, len)        # element shape unknown
#   i, acc, ta_out = while i < len: acc += ta_in.read(i); ta_out.write(i, acc)
#   cumsum = ta_out.stack(); n = ta_out.size(); cat = ta_out.concat()
#   item = ta_out.read(idx); pick = ta_out.gather(picks)   # idx 0, picks [1, 0]
#   ta_sp = TensorArray(float32, size(lens)).split(x, lens); spcat = ta_sp.concat()
#
# Written by test/tools/Inputs/gen_tensorarray_dynamic.py.
'''
out += node('x', 'Placeholder', [], [('dtype', 'type: DT_FLOAT'), ('shape', 'shape { dim { size: -1 } dim { size: 3 } }')])
out += node('shape', 'Shape', ['x'], [F, ('out_type', 'type: DT_INT32')])
out += const_i32('b0', [0], [1])
out += const_i32('b1', [1], [1])
out += node('rows', 'StridedSlice', ['shape', 'b0', 'b1', 'b1'], [I, ('Index', 'type: DT_INT32'),
    ('begin_mask', 'i: 0'), ('end_mask', 'i: 0'), ('ellipsis_mask', 'i: 0'), ('new_axis_mask', 'i: 0'),
    ('shrink_axis_mask', 'i: 1')])
if variant == 'static':
    out += node('len', 'Identity', ['rows'], [I])
else:
    out += node('len', 'PlaceholderWithDefault', ['rows'], [('dtype', 'type: DT_INT32'), ('shape', 'shape { }')])
out += const_i32('zero', [0], [])
out += const_i32('one', [1], [])
out += node('range_in', 'Range', ['zero', 'len', 'one'], [('Tidx', 'type: DT_INT32')])
out += node('acc0', 'Const', [], [('dtype', 'type: DT_FLOAT'), ('value', 'tensor { dtype: DT_FLOAT tensor_shape { dim { size: 3 } } float_val: 0 }')])
out += ta('ta_in', 'len', 'shape { dim { size: 3 } }')
out += ta('ta_out', 'zero' if dynamic else 'len', 'shape { unknown_rank: true }', 'true' if dynamic else 'false')
out += node('scatter', 'TensorArrayScatterV3', ['ta_in', 'range_in', 'x', 'ta_in:1'], [F])
out += enter('while/Enter', 'zero', 'type: DT_INT32')
out += enter('while/Enter_1', 'acc0', 'type: DT_FLOAT')
out += enter('while/Enter_2', 'ta_out:1', 'type: DT_FLOAT')
for k, t in (('', I), ('_1', F), ('_2', F)):
    out += node('while/Merge' + k, 'Merge', ['while/Enter' + k, 'while/NextIteration' + k], [t, ('N', 'i: 2')])
out += enter('while/Less/Enter', 'len', 'type: DT_INT32', True)
out += node('while/Less', 'Less', ['while/Merge', 'while/Less/Enter'], [I])
out += node('while/LoopCond', 'LoopCond', ['while/Less'])
for k, t in (('', I), ('_1', F), ('_2', F)):
    out += node('while/Switch' + k, 'Switch', ['while/Merge' + k, 'while/LoopCond'], [t])
    out += node('while/Identity' + k, 'Identity', ['while/Switch%s:1' % k], [t])
    out += node('while/Exit' + k, 'Exit', ['while/Switch' + k], [t])
out += enter('while/read/Enter', 'ta_in', 'type: DT_RESOURCE', True)
out += enter('while/read/Enter_1', 'scatter', 'type: DT_FLOAT', True)
out += node('while/read', 'TensorArrayReadV3', ['while/read/Enter', 'while/Identity', 'while/read/Enter_1'], [('dtype', 'type: DT_FLOAT')])
out += node('while/add', 'AddV2', ['while/Identity_1', 'while/read'], [F])
out += enter('while/write/Enter', 'ta_out', 'type: DT_RESOURCE', True)
out += node('while/write', 'TensorArrayWriteV3', ['while/write/Enter', 'while/Identity', 'while/add', 'while/Identity_2'], [F])
out += node('while/one', 'Const', ['^while/Identity'], [('dtype', 'type: DT_INT32'), ('value', 'tensor { dtype: DT_INT32 tensor_shape { } int_val: 1 }')])
out += node('while/add_1', 'AddV2', ['while/Identity', 'while/one'], [I])
out += node('while/NextIteration', 'NextIteration', ['while/add_1'], [I])
out += node('while/NextIteration_1', 'NextIteration', ['while/add'], [F])
out += node('while/NextIteration_2', 'NextIteration', ['while/write'], [F])
# TF1's stack(): gather(range(0, size())).
out += node('n', 'TensorArraySizeV3', ['ta_out', 'while/Exit_2'])
out += node('range_out', 'Range', ['zero', 'n', 'one'], [('Tidx', 'type: DT_INT32')])
out += node('cumsum', 'TensorArrayGatherV3', ['ta_out', 'range_out', 'while/Exit_2'], [('dtype', 'type: DT_FLOAT'), ('element_shape', 'shape { unknown_rank: true }')])
out += node('cat', 'TensorArrayConcatV3', ['ta_out', 'while/Exit_2'], [('dtype', 'type: DT_FLOAT'), ('element_shape_except0', 'shape { unknown_rank: true }')])
out += node('idx', 'PlaceholderWithDefault', ['zero'], [('dtype', 'type: DT_INT32'), ('shape', 'shape { }')])
out += node('item', 'TensorArrayReadV3', ['ta_out', 'idx', 'while/Exit_2'], [('dtype', 'type: DT_FLOAT')])
out += const_i32('picks0', [1, 0], [2])
out += node('picks', 'PlaceholderWithDefault', ['picks0'], [('dtype', 'type: DT_INT32'), ('shape', 'shape { dim { size: -1 } }')])
out += node('pick', 'TensorArrayGatherV3', ['ta_out', 'picks', 'while/Exit_2'], [('dtype', 'type: DT_FLOAT'), ('element_shape', 'shape { unknown_rank: true }')])
# A split by run-time lengths and its concat.
out += node('lens', 'Placeholder', [], [('dtype', 'type: DT_INT64'), ('shape', 'shape { dim { size: -1 } }')])
out += node('npieces', 'Size', ['lens'], [('T', 'type: DT_INT64'), ('out_type', 'type: DT_INT32')])
out += ta('ta_sp', 'npieces', 'shape { unknown_rank: true }')
out += node('split', 'TensorArraySplitV3', ['ta_sp', 'x', 'lens', 'ta_sp:1'], [F])
out += node('spcat', 'TensorArrayConcatV3', ['ta_sp', 'split'], [('dtype', 'type: DT_FLOAT'), ('element_shape_except0', 'shape { dim { size: 3 } }')])
open(sys.argv[1], 'w').write(out)
