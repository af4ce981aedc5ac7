// RUN: tf-opt %s --mlir-print-debuginfo=false | tf-opt --mlir-print-debuginfo=false | FileCheck %s

// CHECK-LABEL: func @types
// CHECK-SAME: tensor<!tf_type.string>
// CHECK-SAME: tensor<!tf_type.resource>
// CHECK-SAME: tensor<!tf_type.resource<tensor<3xf32>>>
// CHECK-SAME: tensor<!tf_type.variant<tensor<*xi32>>>
// CHECK-SAME: tensor<!tf_type.qint8>
// CHECK-SAME: tensor<!tf_type.quint8>
// CHECK-SAME: tensor<!tf_type.qint16>
// CHECK-SAME: tensor<!tf_type.quint16>
// CHECK-SAME: tensor<!tf_type.qint32>
// CHECK-SAME: tensor<2x!tf_type.ref<f32>>
// CHECK-SAME: tensor<f16>
// CHECK-SAME: tensor<bf16>
// CHECK-SAME: tensor<complex<f64>>
func.func @types(%a: tensor<!tf_type.string>, %b: tensor<!tf_type.resource>,
                 %c: tensor<!tf_type.resource<tensor<3xf32>>>,
                 %d: tensor<!tf_type.variant<tensor<*xi32>>>,
                 %e: tensor<!tf_type.qint8>, %f: tensor<!tf_type.quint8>,
                 %g: tensor<!tf_type.qint16>, %h: tensor<!tf_type.quint16>,
                 %i: tensor<!tf_type.qint32>, %j: tensor<2x!tf_type.ref<f32>>,
                 %k: tensor<f16>, %l: tensor<bf16>, %m: tensor<complex<f64>>) {
  return
}

// CHECK-LABEL: func @attrs
// CHECK-SAME: fn = #tf_type.func<@f, {T = f32}>
// CHECK-SAME: ph = #tf_type.placeholder<"T">
// CHECK-SAME: shape_dyn = #tf_type.shape<2x?x3>
// CHECK-SAME: shape_scalar = #tf_type.shape<>
// CHECK-SAME: shape_unranked = #tf_type.shape<*>
func.func @attrs() attributes {shape_unranked = #tf_type.shape<*>, shape_scalar = #tf_type.shape<>,
                              shape_dyn = #tf_type.shape<2x?x3>, fn = #tf_type.func<@f, {T = f32}>,
                              ph = #tf_type.placeholder<"T">} {
  return
}
