builtin.module {
  "memref.global"() <{sym_name = "table", type = memref<8xi32, #simt.space<constant>>, initial_value = dense<[3, -5, 7, 11, -13, 17, 19, -23]> : tensor<8xi32>, sym_visibility = "private", constant}> : () -> ()
  "memref.global"() <{sym_name = "tile", type = memref<64xi32, #simt.space<shared>>, initial_value, sym_visibility = "private"}> : () -> ()
func.func @k(%out: memref<?xi32>, %trace: memref<?xi32>, %hist: memref<?xi32>, %data: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %bid = simt.block_id x : i32
  %bdim = simt.block_dim x : i32
  %base = arith.muli %bid, %bdim : i32
  %gid = arith.addi %base, %tid : i32
  %idx = arith.index_cast %gid : i32 to index
  %v0 = memref.load %data[%idx] : memref<?xi32>
  %i0 = arith.constant 0 : index
  %u0 = memref.load %data[%i0] : memref<?xi32>
  %ub = arith.addi %bid, %bdim : i32
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %seven = arith.constant 7 : i32
  %three = arith.constant 3 : i32
  %bins = arith.constant 15 : i32
  %loc = memref.alloca() : memref<2xi32, #simt.space<local>>
  %li0 = arith.constant 0 : index
  memref.store %v0, %loc[%li0] : memref<2xi32, #simt.space<local>>
  %li1 = arith.constant 1 : index
  memref.store %v0, %loc[%li1] : memref<2xi32, #simt.space<local>>
  %cmem = memref.get_global @table : memref<8xi32, #simt.space<constant>>
  %smem = memref.get_global @tile : memref<64xi32, #simt.space<shared>>
  %pos = arith.cmpi sgt, %v0, %z : i32
  %any = simt.vote_any %pos
  %anyi = arith.extui %any : i1 to i32
  simt.barrier
  %acc0 = arith.addi %v0, %anyi : i32
  %t1 = arith.andi %v0, %three : i32
  %c2 = arith.constant 8 : i32
  %fuel0 = arith.addi %t1, %c2 : i32
  cf.br ^b0(%acc0, %fuel0 : i32, i32)
^b0(%acc_0: i32, %fuel_0: i32):
  %c3 = arith.constant 31 : i32
  %t4 = arith.muli %acc_0, %c3 : i32
  %t5 = arith.addi %t4, %one : i32
  %t6 = arith.subi %fuel_0, %one : i32
  %alive7 = arith.cmpi sgt, %t6, %z : i32
  %t8 = arith.andi %tid, %three : i32
  %c10 = arith.constant 99 : i32
  %flag9 = arith.select %alive7, %t8, %c10 : i32
  %c11 = arith.constant 3 : i32
  %t12 = arith.addi %t5, %c11 : i32
  cf.switch %flag9 : i32, [
    default: ^b1(%t5, %t6 : i32, i32),
    0: ^x0(%t5, %t6 : i32, i32),
    1: ^b1(%t5, %t6 : i32, i32),
    2: ^x0(%t5, %t6 : i32, i32),
    3: ^b1(%t12, %t6 : i32, i32)
  ]
^b1(%acc_1: i32, %fuel_1: i32):
  %c13 = arith.constant 33 : i32
  %t14 = arith.muli %acc_1, %c13 : i32
  %t15 = arith.addi %t14, %one : i32
  %ld16 = memref.load %loc[%li0] : memref<2xi32, #simt.space<local>>
  %t17 = arith.xori %t15, %ld16 : i32
  memref.store %t17, %loc[%li0] : memref<2xi32, #simt.space<local>>
  %t18 = arith.andi %t17, %seven : i32
  %ci19 = arith.index_cast %t18 : i32 to index
  %cl20 = memref.load %cmem[%ci19] : memref<8xi32, #simt.space<constant>>
  %t21 = arith.addi %t17, %cl20 : i32
  %t22 = arith.andi %t21, %bins : i32
  %h23 = arith.index_cast %t22 : i32 to index
  %old24 = simt.atomic min %t21, %hist[%h23] : memref<?xi32>, i32
  memref.store %t21, %trace[%idx] : memref<?xi32>
  %t25 = arith.subi %fuel_1, %one : i32
  %alive26 = arith.cmpi sgt, %t25, %z : i32
  %t27 = arith.xori %t21, %v0 : i32
  %t28 = arith.andi %t27, %seven : i32
  %c30 = arith.constant 8 : i32
  %d29 = arith.cmpi ult, %t28, %c30 : i32
  %t31 = arith.andi %d29, %alive26 : i1
  %t32 = arith.addi %t21, %one : i32
  cf.cond_br %t31, ^x0(%t32, %t25 : i32, i32), ^x0(%t21, %t25 : i32, i32)
^x0(%accx_0: i32, %fuelx_0: i32):
  memref.store %accx_0, %out[%idx] : memref<?xi32>
  %nt0 = arith.index_cast %bdim : i32 to index
  %gd0 = simt.grid_dim x : i32
  %gdi0 = arith.index_cast %gd0 : i32 to index
  %all0 = arith.muli %nt0, %gdi0 : index
  %fi0 = arith.addi %all0, %idx : index
  memref.store %fuelx_0, %out[%fi0] : memref<?xi32>
  func.return
}
}
