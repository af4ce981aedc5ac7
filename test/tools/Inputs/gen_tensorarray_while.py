# Writes the TF1 dynamic-loop TensorArray GraphDef used by tf-run-tensorarray-while.test.
def attr(k, v): return '  attr { key: "%s" value { %s } }\n' % (k, v)
def node(name, op, inputs=(), attrs=()):
    s = 'node {\n  name: "%s"\n  op: "%s"\n' % (name, op)
    for i in inputs: s += '  input: "%s"\n' % i
    for a in attrs: s += attr(*a)
    return s + '}\n'
F = ('T', 'type: DT_FLOAT'); I = ('T', 'type: DT_INT32')
def enter(name, inp, t, const=False):
    return node(name, 'Enter', [inp], [('T', t), ('frame_name', 's: "while/while_context"'),
        ('is_constant', 'b: %s' % ('true' if const else 'false')), ('parallel_iterations', 'i: 32')])
def ta(name, elem, dyn='false'):
    return node(name, 'TensorArrayV3', ['size'], [('dtype', 'type: DT_FLOAT'), ('element_shape', elem),
        ('dynamic_size', 'b: ' + dyn), ('clear_after_read', 'b: true'), ('identical_element_shapes', 'b: true'),
        ('tensor_array_name', 's: "%s"' % name)])
out = '''# TF1 tf.while_loop over TensorArrays, as tf.nn.dynamic_rnn builds it
# (Enter/Merge/Switch/NextIteration/Exit, functionalized to tf.While):
#
#   ta_in = TensorArray(float32, 4, element_shape=[3]).unstack(x)   # x: [4, 3]
#   ta_out = TensorArray(float32, 4)          # element shape unknown
#   i, acc, ta_out = while i < 4: acc += ta_in.read(i); ta_out.write(i, acc)
#   cumsum = ta_out.stack(); n = ta_out.size(); first = ta_in.read(0)
#
# Written by test/tools/Inputs/gen_tensorarray_while.py.
'''
out += node('x', 'Placeholder', [], [('dtype', 'type: DT_FLOAT'), ('shape', 'shape { dim { size: 4 } dim { size: 3 } }')])
out += node('size', 'Const', [], [('dtype', 'type: DT_INT32'), ('value', 'tensor { dtype: DT_INT32 tensor_shape { } int_val: 4 }')])
out += node('range', 'Const', [], [('dtype', 'type: DT_INT32'), ('value', 'tensor { dtype: DT_INT32 tensor_shape { dim { size: 4 } } tensor_content: "\\000\\000\\000\\000\\001\\000\\000\\000\\002\\000\\000\\000\\003\\000\\000\\000" }')])
out += node('i0', 'Const', [], [('dtype', 'type: DT_INT32'), ('value', 'tensor { dtype: DT_INT32 tensor_shape { } int_val: 0 }')])
out += node('acc0', 'Const', [], [('dtype', 'type: DT_FLOAT'), ('value', 'tensor { dtype: DT_FLOAT tensor_shape { dim { size: 3 } } float_val: 0 }')])
out += ta('ta_in', 'shape { dim { size: 3 } }')
out += ta('ta_out', 'shape { unknown_rank: true }')
out += node('scatter', 'TensorArrayScatterV3', ['ta_in', 'range', 'x', 'ta_in:1'], [F])
out += enter('while/Enter', 'i0', 'type: DT_INT32')
out += enter('while/Enter_1', 'acc0', 'type: DT_FLOAT')
out += enter('while/Enter_2', 'ta_out:1', 'type: DT_FLOAT')
for k, t in (('', I), ('_1', F), ('_2', F)):
    out += node('while/Merge' + k, 'Merge', ['while/Enter' + k, 'while/NextIteration' + k], [t, ('N', 'i: 2')])
out += enter('while/Less/Enter', 'size', 'type: DT_INT32', True)
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
out += node('cumsum', 'TensorArrayGatherV3', ['ta_out', 'range', 'while/Exit_2'], [('dtype', 'type: DT_FLOAT'), ('element_shape', 'shape { unknown_rank: true }')])
out += node('n', 'TensorArraySizeV3', ['ta_out', 'while/Exit_2'])
out += node('zero', 'Const', [], [('dtype', 'type: DT_INT32'), ('value', 'tensor { dtype: DT_INT32 tensor_shape { } int_val: 0 }')])
out += node('first', 'TensorArrayReadV3', ['ta_in', 'zero', 'scatter'], [('dtype', 'type: DT_FLOAT')])
import sys
open(sys.argv[1], 'w').write(out)
