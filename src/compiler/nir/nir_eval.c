/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The reference interpreter (see nir_eval.h for the memory model).
 */
#include "nir_eval.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/half_float.h"

typedef enum {
   FLOW_NORMAL,
   FLOW_BREAK,
   FLOW_CONTINUE,
   FLOW_RETURN,
   FLOW_STOP,     /* discard or error */
} flow;

typedef struct {
   nir_const_value *cells;   /* NULL: not a variable pointer */
   unsigned num_cells;
   unsigned cell;            /* offset of the element */
   bool io;                  /* slot-based layout */
} deref_ptr;

typedef struct {
   nir_eval_state *st;
   nir_shader *shader;
   nir_const_value **vals;   /* by def index */
   double *bnd;              /* error bounds, NIR_MAX_VEC_COMPONENTS per def */
   deref_ptr *ptrs;          /* by def index */
   struct hash_table *var_cells; /* nir_variable -> nir_const_value * */
   nir_eval_buffer scratch;  /* private to the invocation, zero-filled */
   nir_block *pred;
   void *mem;
} interp;

static void
fail(interp *in, const char *fmt, ...)
{
   if (!in->st->ok)
      return;
   in->st->ok = false;
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(in->st->error, sizeof(in->st->error), fmt, ap);
   va_end(ap);
}

static nir_const_value *
val(interp *in, nir_def *def)
{
   return in->vals[def->index];
}

/* The error bounds of def's components (bounds on) */
static double *
bnd(interp *in, nir_def *def)
{
   return &in->bnd[def->index * NIR_MAX_VEC_COMPONENTS];
}

/* Is any component of def inexact (bounds on)? */
static bool
inexact(interp *in, nir_def *def)
{
   if (!in->bnd)
      return false;
   for (unsigned c = 0; c < def->num_components; c++) {
      if (bnd(in, def)[c] != 0)
         return true;
   }
   return false;
}

static bool
any_src_inexact(nir_src *src, void *data)
{
   interp *in = data;
   if (inexact(in, src->ssa))
      in->st->bound_lost = true;
   return true;
}

/* ---- variable layout --------------------------------------------------- */

static unsigned
type_cells(const nir_vtype *t, bool io)
{
   return io ? nir_vtype_count_slots(t) * 4 : nir_vtype_count_scalars(t);
}

static bool
mode_is_io(nir_variable_mode mode)
{
   return mode & (nir_var_shader_in | nir_var_shader_out | nir_var_uniform);
}

static nir_const_value *
var_storage(interp *in, nir_variable *var, unsigned *num_cells, bool *io)
{
   *io = mode_is_io(var->mode);
   unsigned base = 0, count = 0;
   nir_const_value *arr = NULL;
   switch (var->mode) {
   case nir_var_shader_in:
      arr = in->st->inputs;
      count = in->st->num_input_cells;
      base = var->data.driver_location * 4;
      break;
   case nir_var_shader_out:
      arr = in->st->outputs;
      count = in->st->num_output_cells;
      base = var->data.driver_location * 4;
      break;
   case nir_var_uniform:
      if (var->type->kind == NIR_VTYPE_SAMPLER ||
          var->type->kind == NIR_VTYPE_IMAGE) {
         *num_cells = 0;
         return NULL;
      }
      arr = in->st->uniforms;
      count = in->st->num_uniform_cells;
      base = var->data.driver_location * 4;
      break;
   case nir_var_system_value:
      if (var->data.location < 0 || var->data.location >= SYSTEM_VALUE_MAX)
         return NULL;
      *num_cells = 4;
      *io = false;
      return in->st->sysvals[var->data.location];
   case nir_var_function_temp:
   case nir_var_shader_temp: {
      struct hash_entry *e = hash_table_search(in->var_cells, var);
      if (e) {
         *num_cells = type_cells(var->type, false);
         return e->data;
      }
      unsigned n = type_cells(var->type, false);
      nir_const_value *c = rzalloc_array(in->mem, nir_const_value, n ? n : 1);
      hash_table_insert(in->var_cells, var, c);
      *num_cells = n;
      return c;
   }
   default:
      return NULL;
   }
   if (!arr || base > count) {
      *num_cells = 0;
      return NULL;
   }
   *num_cells = count - base;
   return arr + base;
}

static void
eval_deref(interp *in, nir_deref_instr *d)
{
   deref_ptr *p = &in->ptrs[d->def.index];
   memset(p, 0, sizeof(*p));
   if (d->deref_type == nir_deref_type_var) {
      p->cells = var_storage(in, d->var, &p->num_cells, &p->io);
      p->cell = 0;
      if (!p->cells && d->var->type->kind != NIR_VTYPE_SAMPLER &&
          d->var->type->kind != NIR_VTYPE_IMAGE)
         fail(in, "variable %s (%s) has no storage in the interpreter",
              d->var->name ? d->var->name : "?",
              nir_variable_mode_name(d->var->mode));
      return;
   }
   if (d->deref_type == nir_deref_type_cast) {
      fail(in, "deref casts are not supported by the interpreter");
      return;
   }
   nir_deref_instr *parent = nir_deref_instr_parent(d);
   *p = in->ptrs[parent->def.index];
   if (!p->cells)
      return;
   const nir_vtype *pt = parent->type;
   if (d->deref_type == nir_deref_type_struct) {
      for (unsigned i = 0; i < d->field_index; i++)
         p->cell += type_cells(pt->fields[i].type, p->io);
      return;
   }
   uint64_t idx = nir_const_value_as_uint(val(in, d->arr_index.ssa)[0],
                                          d->arr_index.ssa->bit_size);
   unsigned length = pt->kind == NIR_VTYPE_VECTOR ? pt->components
                                                  : pt->length;
   if (idx >= length) {
      fail(in, "array index %llu out of bounds (length %u)",
           (unsigned long long)idx, length);
      return;
   }
   if (parent->deref_type == nir_deref_type_var &&
       parent->var->mode == nir_var_shader_in &&
       in->shader->info.stage == MESA_SHADER_GEOMETRY) {
      /* the vertex of the input primitive: its block of cells */
      unsigned per = in->st->num_input_cells;
      unsigned base = parent->var->data.driver_location * 4;
      if (idx >= in->st->num_vertices_in || base > per) {
         fail(in, "input vertex %llu out of range",
              (unsigned long long)idx);
         return;
      }
      p->cells = in->st->inputs + idx * per + base;
      p->num_cells = per - base;
      p->cell = 0;
      return;
   }
   unsigned stride = pt->kind == NIR_VTYPE_VECTOR ? 1
                                                  : type_cells(pt->elem, p->io);
   p->cell += (unsigned)idx * stride;
}

static void
copy_cells_typed(interp *in, deref_ptr *dst, deref_ptr *src,
                 const nir_vtype *t)
{
   /* Both sides may have different layouts (io vs temp): walk leaves. */
   switch (t->kind) {
   case NIR_VTYPE_VECTOR:
      if (dst->cell + t->components > dst->num_cells ||
          src->cell + t->components > src->num_cells) {
         fail(in, "copy out of bounds");
         return;
      }
      memcpy(&dst->cells[dst->cell], &src->cells[src->cell],
             t->components * sizeof(nir_const_value));
      return;
   case NIR_VTYPE_ARRAY:
   case NIR_VTYPE_MATRIX:
      for (unsigned i = 0; i < t->length; i++) {
         deref_ptr d = *dst, s = *src;
         d.cell += i * type_cells(t->elem, d.io);
         s.cell += i * type_cells(t->elem, s.io);
         copy_cells_typed(in, &d, &s, t->elem);
      }
      return;
   case NIR_VTYPE_STRUCT: {
      deref_ptr d = *dst, s = *src;
      for (unsigned i = 0; i < t->num_fields; i++) {
         copy_cells_typed(in, &d, &s, t->fields[i].type);
         d.cell += type_cells(t->fields[i].type, d.io);
         s.cell += type_cells(t->fields[i].type, s.io);
      }
      return;
   }
   default:
      return;
   }
}

/* ---- byte memory ------------------------------------------------------- */

static nir_eval_buffer *
buffer_for(interp *in, nir_intrinsic_op op, nir_const_value *index)
{
   switch (op) {
   case nir_intrinsic_load_ubo:
      return index->u32 < 16 ? &in->st->ubos[index->u32] : NULL;
   case nir_intrinsic_load_ssbo:
   case nir_intrinsic_store_ssbo:
   case nir_intrinsic_ssbo_atomic:
   case nir_intrinsic_ssbo_atomic_swap:
   case nir_intrinsic_get_ssbo_size:
      return index->u32 < 16 ? &in->st->ssbos[index->u32] : NULL;
   default:
      return &in->st->shared;
   }
}

static nir_const_value
mem_read(nir_eval_buffer *buf, uint64_t offset, unsigned bit_size)
{
   unsigned bytes = bit_size / 8;
   uint64_t v = 0;
   if (buf && buf->data && offset <= buf->size_B &&
       bytes <= buf->size_B - offset) {
      for (unsigned i = 0; i < bytes; i++)
         v |= (uint64_t)buf->data[offset + i] << (8 * i);
   }
   return nir_const_value_for_uint(v, bit_size);
}

static void
mem_write(nir_eval_buffer *buf, uint64_t offset, unsigned bit_size,
          nir_const_value value)
{
   unsigned bytes = bit_size / 8;
   uint64_t v = nir_const_value_as_uint(value, bit_size);
   if (buf && buf->data && offset <= buf->size_B &&
       bytes <= buf->size_B - offset) {
      for (unsigned i = 0; i < bytes; i++)
         buf->data[offset + i] = (uint8_t)(v >> (8 * i));
   }
}

static uint64_t
atomic_apply(nir_atomic_op op, uint64_t old, uint64_t data, uint64_t cmp,
             unsigned bits)
{
   int64_t so =
      nir_const_value_as_int(nir_const_value_for_uint(old, bits), bits);
   int64_t sd =
      nir_const_value_as_int(nir_const_value_for_uint(data, bits), bits);
   switch (op) {
   case nir_atomic_op_iadd: return old + data;
   case nir_atomic_op_imin: return so < sd ? old : data;
   case nir_atomic_op_umin: return old < data ? old : data;
   case nir_atomic_op_imax: return so > sd ? old : data;
   case nir_atomic_op_umax: return old > data ? old : data;
   case nir_atomic_op_iand: return old & data;
   case nir_atomic_op_ior: return old | data;
   case nir_atomic_op_ixor: return old ^ data;
   case nir_atomic_op_xchg: return data;
   case nir_atomic_op_cmpxchg: return old == cmp ? data : old;
   }
   return old;
}

/* ---- intrinsics -------------------------------------------------------- */

static int
sysval_for_intrinsic(nir_intrinsic_op op)
{
   switch (op) {
   case nir_intrinsic_load_vertex_id: return SYSTEM_VALUE_VERTEX_ID;
   case nir_intrinsic_load_vertex_id_zero_base:
      return SYSTEM_VALUE_VERTEX_ID_ZERO_BASE;
   case nir_intrinsic_load_base_vertex: return SYSTEM_VALUE_BASE_VERTEX;
   case nir_intrinsic_load_instance_id: return SYSTEM_VALUE_INSTANCE_ID;
   case nir_intrinsic_load_base_instance: return SYSTEM_VALUE_BASE_INSTANCE;
   case nir_intrinsic_load_frag_coord: return SYSTEM_VALUE_FRAG_COORD;
   case nir_intrinsic_load_front_face: return SYSTEM_VALUE_FRONT_FACE;
   case nir_intrinsic_load_sample_id: return SYSTEM_VALUE_SAMPLE_ID;
   case nir_intrinsic_load_sample_pos: return SYSTEM_VALUE_SAMPLE_POS;
   case nir_intrinsic_load_point_coord: return SYSTEM_VALUE_POINT_COORD;
   case nir_intrinsic_load_helper_invocation:
      return SYSTEM_VALUE_HELPER_INVOCATION;
   case nir_intrinsic_load_local_invocation_id:
      return SYSTEM_VALUE_LOCAL_INVOCATION_ID;
   case nir_intrinsic_load_local_invocation_index:
      return SYSTEM_VALUE_LOCAL_INVOCATION_INDEX;
   case nir_intrinsic_load_workgroup_id: return SYSTEM_VALUE_WORKGROUP_ID;
   case nir_intrinsic_load_num_workgroups: return SYSTEM_VALUE_NUM_WORKGROUPS;
   case nir_intrinsic_load_workgroup_size: return SYSTEM_VALUE_WORKGROUP_SIZE;
   case nir_intrinsic_load_global_invocation_id:
      return SYSTEM_VALUE_GLOBAL_INVOCATION_ID;
   case nir_intrinsic_load_primitive_id: return SYSTEM_VALUE_PRIMITIVE_ID;
   case nir_intrinsic_load_invocation_id: return SYSTEM_VALUE_INVOCATION_ID;
   default: return -1;
   }
}

static nir_const_value
convert_sysval(nir_const_value v, unsigned bit_size)
{
   /* System values are supplied as 32-bit; 1-bit ones as booleans. */
   if (bit_size == 1)
      return nir_const_value_for_uint(v.u32 != 0, 1);
   return v;
}

static void
io_cells(interp *in, nir_const_value *arr, unsigned count, unsigned cell,
         unsigned n, nir_const_value *dst, bool write, unsigned mask,
         const nir_const_value *src)
{
   for (unsigned c = 0; c < n; c++) {
      if (cell + c >= count) {
         fail(in, "I/O cell %u out of range (%u cells)", cell + c, count);
         return;
      }
      if (write) {
         if (mask & (1u << c))
            arr[cell + c] = src[c];
      } else {
         dst[c] = arr[cell + c];
      }
   }
}

static flow
eval_intrinsic(interp *in, nir_intrinsic_instr *intr)
{
   const nir_intrinsic_info *info = &nir_intrinsic_infos[intr->intrinsic];
   nir_const_value *dst = info->has_dest ? val(in, &intr->def) : NULL;
   unsigned nc = info->has_dest ? intr->def.num_components : 0;
   unsigned bits = info->has_dest ? intr->def.bit_size : 0;

   int sv = sysval_for_intrinsic(intr->intrinsic);
   if (sv >= 0) {
      for (unsigned c = 0; c < nc; c++)
         dst[c] = convert_sysval(in->st->sysvals[sv][c], bits);
      return FLOW_NORMAL;
   }

   switch (intr->intrinsic) {
   /* One invocation, at its own point: interpolateAt* reads the input
    * as it is (the interpreter has no primitive to evaluate elsewhere). */
   case nir_intrinsic_interp_deref_at:
   case nir_intrinsic_load_deref: {
      nir_deref_instr *d = nir_src_as_deref(intr->src[0]);
      deref_ptr *p = &in->ptrs[d->def.index];
      if (!p->cells || p->cell + nc > p->num_cells) {
         fail(in, "load_deref out of bounds");
         return FLOW_STOP;
      }
      for (unsigned c = 0; c < nc; c++) {
         dst[c] = p->cells[p->cell + c];
         if (d->modes == nir_var_system_value)
            dst[c] = convert_sysval(dst[c], bits);
      }
      return FLOW_NORMAL;
   }
   case nir_intrinsic_store_deref: {
      nir_deref_instr *d = nir_src_as_deref(intr->src[0]);
      deref_ptr *p = &in->ptrs[d->def.index];
      nir_def *v = intr->src[1].ssa;
      unsigned mask = nir_intrinsic_write_mask(intr);
      if (!p->cells || p->cell + v->num_components > p->num_cells) {
         fail(in, "store_deref out of bounds");
         return FLOW_STOP;
      }
      for (unsigned c = 0; c < v->num_components; c++) {
         if (mask & (1u << c))
            p->cells[p->cell + c] = val(in, v)[c];
      }
      return FLOW_NORMAL;
   }
   case nir_intrinsic_copy_deref: {
      nir_deref_instr *dd = nir_src_as_deref(intr->src[0]);
      nir_deref_instr *sd = nir_src_as_deref(intr->src[1]);
      copy_cells_typed(in, &in->ptrs[dd->def.index], &in->ptrs[sd->def.index],
                       dd->type);
      return in->st->ok ? FLOW_NORMAL : FLOW_STOP;
   }
   case nir_intrinsic_load_input:
   case nir_intrinsic_load_input_at:
   case nir_intrinsic_load_uniform: {
      bool is_input = intr->intrinsic != nir_intrinsic_load_uniform;
      uint64_t off = nir_const_value_as_uint(val(in, intr->src[0].ssa)[0],
                                             intr->src[0].ssa->bit_size);
      unsigned cell = (unsigned)(nir_intrinsic_base(intr) + off) * 4 +
                      (is_input ? nir_intrinsic_component(intr) : 0);
      io_cells(in, is_input ? in->st->inputs : in->st->uniforms,
               is_input ? in->st->num_input_cells : in->st->num_uniform_cells,
               cell, nc, dst, false, 0, NULL);
      /* A 16-bit load of a 32-bit float input (agx_nir_narrow_inputs.c)
       * converts the cell's f32, rounding to nearest even, as the
       * iterators do; it does not take the cell's low bits. */
      if (is_input && bits == 16 &&
          nir_alu_type_get_base_type(nir_intrinsic_dest_type(intr)) ==
             nir_type_float &&
          nir_alu_type_get_type_size(nir_intrinsic_dest_type(intr)) == 32) {
         for (unsigned c = 0; c < nc && in->st->ok; c++)
            dst[c].u16 = util_float_to_half(dst[c].f32);
      }
      return in->st->ok ? FLOW_NORMAL : FLOW_STOP;
   }
   case nir_intrinsic_load_per_vertex_input: {
      uint64_t vtx = nir_const_value_as_uint(val(in, intr->src[0].ssa)[0],
                                             intr->src[0].ssa->bit_size);
      uint64_t off = nir_const_value_as_uint(val(in, intr->src[1].ssa)[0],
                                             intr->src[1].ssa->bit_size);
      if (vtx >= in->st->num_vertices_in) {
         fail(in, "input vertex %llu out of range",
              (unsigned long long)vtx);
         return FLOW_STOP;
      }
      unsigned cell = (unsigned)(nir_intrinsic_base(intr) + off) * 4 +
                      nir_intrinsic_component(intr);
      io_cells(in, in->st->inputs + vtx * in->st->num_input_cells,
               in->st->num_input_cells, cell, nc, dst, false, 0, NULL);
      return in->st->ok ? FLOW_NORMAL : FLOW_STOP;
   }
   case nir_intrinsic_emit_vertex:
   case nir_intrinsic_end_primitive:
      if (in->st->emit)
         in->st->emit(in->st->emit_data,
                      intr->intrinsic == nir_intrinsic_end_primitive,
                      nir_intrinsic_stream_id(intr), in->st->outputs,
                      in->st->num_output_cells);
      return FLOW_NORMAL;
   case nir_intrinsic_store_output: {
      uint64_t off = nir_const_value_as_uint(val(in, intr->src[1].ssa)[0],
                                             intr->src[1].ssa->bit_size);
      unsigned cell = (unsigned)(nir_intrinsic_base(intr) + off) * 4 +
                      nir_intrinsic_component(intr);
      io_cells(in, in->st->outputs, in->st->num_output_cells, cell,
               intr->src[0].ssa->num_components, NULL, true,
               nir_intrinsic_write_mask(intr), val(in, intr->src[0].ssa));
      return in->st->ok ? FLOW_NORMAL : FLOW_STOP;
   }
   case nir_intrinsic_load_ubo:
   case nir_intrinsic_load_ssbo: {
      nir_eval_buffer *buf =
         buffer_for(in, intr->intrinsic, val(in, intr->src[0].ssa));
      uint64_t off = nir_const_value_as_uint(val(in, intr->src[1].ssa)[0],
                                             intr->src[1].ssa->bit_size);
      for (unsigned c = 0; c < nc; c++)
         dst[c] = mem_read(buf, off + c * (bits / 8), bits);
      return FLOW_NORMAL;
   }
   case nir_intrinsic_store_ssbo: {
      nir_eval_buffer *buf =
         buffer_for(in, intr->intrinsic, val(in, intr->src[1].ssa));
      nir_def *v = intr->src[0].ssa;
      uint64_t off = nir_const_value_as_uint(val(in, intr->src[2].ssa)[0],
                                             intr->src[2].ssa->bit_size);
      for (unsigned c = 0; c < v->num_components; c++) {
         if (nir_intrinsic_write_mask(intr) & (1u << c))
            mem_write(buf, off + c * (v->bit_size / 8), v->bit_size,
                      val(in, v)[c]);
      }
      return FLOW_NORMAL;
   }
   case nir_intrinsic_load_shared:
   case nir_intrinsic_load_scratch: {
      nir_eval_buffer *buf = intr->intrinsic == nir_intrinsic_load_shared
                                ? &in->st->shared
                                : &in->scratch;
      uint64_t off = nir_const_value_as_uint(val(in, intr->src[0].ssa)[0],
                                             intr->src[0].ssa->bit_size) +
                     nir_intrinsic_base(intr);
      for (unsigned c = 0; c < nc; c++)
         dst[c] = mem_read(buf, off + c * (bits / 8), bits);
      return FLOW_NORMAL;
   }
   case nir_intrinsic_store_shared:
   case nir_intrinsic_store_scratch: {
      nir_eval_buffer *buf = intr->intrinsic == nir_intrinsic_store_shared
                                ? &in->st->shared
                                : &in->scratch;
      nir_def *v = intr->src[0].ssa;
      uint64_t off = nir_const_value_as_uint(val(in, intr->src[1].ssa)[0],
                                             intr->src[1].ssa->bit_size) +
                     nir_intrinsic_base(intr);
      for (unsigned c = 0; c < v->num_components; c++) {
         if (nir_intrinsic_write_mask(intr) & (1u << c))
            mem_write(buf, off + c * (v->bit_size / 8), v->bit_size,
                      val(in, v)[c]);
      }
      return FLOW_NORMAL;
   }
   case nir_intrinsic_get_ssbo_size: {
      nir_eval_buffer *buf =
         buffer_for(in, intr->intrinsic, val(in, intr->src[0].ssa));
      dst[0] = nir_const_value_for_uint(buf ? buf->size_B : 0, 32);
      return FLOW_NORMAL;
   }
   case nir_intrinsic_ssbo_atomic:
   case nir_intrinsic_ssbo_atomic_swap:
   case nir_intrinsic_shared_atomic:
   case nir_intrinsic_shared_atomic_swap: {
      bool ssbo = intr->intrinsic == nir_intrinsic_ssbo_atomic ||
                  intr->intrinsic == nir_intrinsic_ssbo_atomic_swap;
      unsigned s = ssbo ? 1 : 0;
      nir_eval_buffer *buf =
         ssbo ? buffer_for(in, intr->intrinsic, val(in, intr->src[0].ssa))
              : &in->st->shared;
      uint64_t off = nir_const_value_as_uint(val(in, intr->src[s].ssa)[0],
                                             intr->src[s].ssa->bit_size);
      if (!ssbo)
         off += nir_intrinsic_base(intr);
      nir_const_value old = mem_read(buf, off, bits);
      uint64_t cmp = 0, data;
      if (intr->intrinsic == nir_intrinsic_ssbo_atomic_swap ||
          intr->intrinsic == nir_intrinsic_shared_atomic_swap) {
         cmp = nir_const_value_as_uint(val(in, intr->src[s + 1].ssa)[0],
                                       bits);
         data = nir_const_value_as_uint(val(in, intr->src[s + 2].ssa)[0],
                                        bits);
      } else {
         data = nir_const_value_as_uint(val(in, intr->src[s + 1].ssa)[0],
                                        bits);
      }
      uint64_t r = atomic_apply((nir_atomic_op)nir_intrinsic_atomic_op(intr),
                                nir_const_value_as_uint(old, bits), data, cmp,
                                bits);
      mem_write(buf, off, bits, nir_const_value_for_uint(r, bits));
      dst[0] = old;
      return FLOW_NORMAL;
   }
   case nir_intrinsic_discard:
      in->st->discarded = true;
      return FLOW_STOP;
   /* One invocation votes alone: any and all are its own value. */
   case nir_intrinsic_vote_any:
   case nir_intrinsic_vote_all:
      /* the result is 1-bit (nir_intrinsics.py) */
      dst[0] = nir_const_value_for_uint(
         nir_const_value_as_bool(val(in, intr->src[0].ssa)[0],
                                 intr->src[0].ssa->bit_size),
         bits);
      return FLOW_NORMAL;
   case nir_intrinsic_discard_if:
      if (nir_const_value_as_bool(val(in, intr->src[0].ssa)[0],
                                  intr->src[0].ssa->bit_size)) {
         in->st->discarded = true;
         return FLOW_STOP;
      }
      return FLOW_NORMAL;
   case nir_intrinsic_barrier:
   case nir_intrinsic_memory_barrier:
      return FLOW_NORMAL; /* one invocation: nothing to wait for */
   default:
      fail(in, "intrinsic %s is not supported by the interpreter",
           info->name);
      return FLOW_STOP;
   }
}

/* ---- instructions ------------------------------------------------------ */

/* Records whether a float result is NaN, infinite or subnormal. */
static void
note_special_floats(interp *in, const nir_const_value *v, unsigned n,
                    unsigned bit_size)
{
   for (unsigned c = 0; c < n; c++) {
      double d;
      if (bit_size == 16)
         d = util_half_to_float(v[c].u16);
      else if (bit_size == 32)
         d = v[c].f32;
      else if (bit_size == 64)
         d = v[c].f64;
      else
         continue;
      int cls = fpclassify(d);
      /* A 16- or 32-bit subnormal is a normal double: check by width. */
      double min_normal = bit_size == 16   ? 6.103515625e-05
                          : bit_size == 32 ? 1.1754943508222875e-38
                                           : 2.2250738585072014e-308;
      if (cls == FP_NAN || cls == FP_INFINITE ||
          (cls != FP_ZERO && fabs(d) < min_normal))
         in->st->saw_special_float = true;
      /* the smallest normal may be a rounded-up subnormal, which hardware
       * that flushes before rounding turns into zero */
      if (fabs(d) == min_normal)
         in->st->saw_min_normal = true;
   }
}

static void
eval_alu(interp *in, nir_alu_instr *alu)
{
   const nir_op_info *info = &nir_op_infos[alu->op];
   nir_const_value srcbuf[4][NIR_MAX_VEC_COMPONENTS];
   nir_const_value *srcs[16];
   unsigned comps[16];
   nir_const_value (*many)[NIR_MAX_VEC_COMPONENTS] = NULL;

   /* vec16 has 16 sources: only the first component of each is read. */
   if (info->num_inputs > 4) {
      many = calloc(info->num_inputs, sizeof(*many));
      if (!many) {
         fail(in, "out of memory");
         return;
      }
   }
   for (unsigned i = 0; i < info->num_inputs; i++) {
      nir_const_value *sb = many ? many[i] : srcbuf[i];
      unsigned n = nir_ssa_alu_instr_src_components(alu, i);
      nir_const_value *v = val(in, alu->src[i].src.ssa);
      for (unsigned c = 0; c < n; c++)
         sb[c] = v[nir_alu_src_swizzle(&alu->src[i], c)];
      srcs[i] = sb;
      comps[i] = n;
   }
   if ((alu->op == nir_op_fddx || alu->op == nir_op_fddy) &&
       in->st->tape_out) {
      nir_eval_quad_derivative(in->st, alu->op == nir_op_fddy, srcs[0],
                               comps[0], alu->def.bit_size,
                               val(in, &alu->def));
      /* a difference can be subnormal where neither operand is */
      note_special_floats(in, val(in, &alu->def), alu->def.num_components,
                          alu->def.bit_size);
   } else if (!nir_eval_const_opcode(alu->op, val(in, &alu->def),
                              alu->def.num_components,
                              nir_alu_instr_eval_bit_size(alu), srcs, comps))
      fail(in, "%s has no %u-bit evaluation", info->name,
           nir_alu_instr_eval_bit_size(alu));
   else if (nir_alu_type_get_base_type(info->output_type) == nir_type_float)
      note_special_floats(in, val(in, &alu->def), alu->def.num_components,
                          alu->def.bit_size);
   if (in->bnd && in->st->ok) {
      double sb[16][NIR_MAX_VEC_COMPONENTS];
      for (unsigned i = 0; i < info->num_inputs; i++) {
         for (unsigned c = 0; c < comps[i]; c++)
            sb[i][c] = bnd(in, alu->src[i].src.ssa)[nir_alu_src_swizzle(
               &alu->src[i], c)];
      }
      nir_eval_bound_alu(in->st->bounds, alu, srcs, comps, sb,
                         val(in, &alu->def), bnd(in, &alu->def));
   }
   free(many);
}

/* ---- error bounds of the other instructions (nir_eval_bound.h) --------- */

/* The bound words of SSBO `index` or NULL */
static double *
ssbo_words(interp *in, nir_def *index, unsigned *count)
{
   uint32_t i = val(in, index)[0].u32;
   if (i >= 16 || !in->st->ssbo_bound[i])
      return NULL;
   *count = in->st->ssbos[i].size_B / 4;
   return in->st->ssbo_bound[i];
}

/* The bounds of v's components under `mask` to output cells cell.. */
static void
output_bounds(interp *in, unsigned cell, nir_def *v, unsigned mask)
{
   nir_eval_state *st = in->st;
   for (unsigned c = 0; c < v->num_components && st->output_bound; c++) {
      if ((mask & (1u << c)) && cell + c < st->num_output_cells)
         st->output_bound[cell + c] = bnd(in, v)[c];
   }
}

static void
bound_intrinsic(interp *in, nir_intrinsic_instr *intr)
{
   nir_eval_state *st = in->st;
   switch (intr->intrinsic) {
   case nir_intrinsic_store_output: {
      nir_def *off = intr->src[1].ssa;
      if (inexact(in, off))
         st->bound_lost = true;
      unsigned slot = (unsigned)nir_intrinsic_base(intr) + val(in, off)[0].u32;
      output_bounds(in, slot * 4 + nir_intrinsic_component(intr),
                    intr->src[0].ssa, nir_intrinsic_write_mask(intr));
      return;
   }
   case nir_intrinsic_store_deref: {
      /* an output variable (before nir_lower_io) keeps its bounds */
      deref_ptr *p = &in->ptrs[nir_src_as_deref(intr->src[0])->def.index];
      nir_def *v = intr->src[1].ssa;
      bool out = p->cells && st->outputs && st->output_bound &&
                 p->cells >= st->outputs &&
                 p->cells < st->outputs + st->num_output_cells;
      if (!out) {
         nir_foreach_src(&intr->instr, any_src_inexact, in);
         return;
      }
      output_bounds(in, (unsigned)(p->cells - st->outputs) + p->cell, v,
                    nir_intrinsic_write_mask(intr));
      return;
   }
   case nir_intrinsic_store_ssbo: {
      nir_def *v = intr->src[0].ssa;
      unsigned count = 0;
      double *w = ssbo_words(in, intr->src[1].ssa, &count);
      uint64_t off = val(in, intr->src[2].ssa)[0].u32;
      if (inexact(in, intr->src[1].ssa) || inexact(in, intr->src[2].ssa) ||
          ((!w || v->bit_size != 32 || off % 4) && inexact(in, v)))
         st->bound_lost = true;
      for (unsigned c = 0; w && c < v->num_components; c++) {
         uint64_t k = off / 4 + c * v->bit_size / 32;
         if ((nir_intrinsic_write_mask(intr) & (1u << c)) && k < count)
            w[k] = v->bit_size == 32 ? bnd(in, v)[c] : INFINITY;
      }
      return;
   }
   case nir_intrinsic_load_ssbo: {
      unsigned count = 0;
      double *w = ssbo_words(in, intr->src[0].ssa, &count);
      uint64_t off = val(in, intr->src[1].ssa)[0].u32;
      if (inexact(in, intr->src[0].ssa) || inexact(in, intr->src[1].ssa))
         st->bound_lost = true;
      for (unsigned c = 0; w && c < intr->def.num_components; c++) {
         uint64_t k = off / 4 + c * intr->def.bit_size / 32;
         double e = k < count ? w[k] : 0;
         bnd(in, &intr->def)[c] =
            intr->def.bit_size == 32 && off % 4 == 0 ? e
            : e != 0                                 ? INFINITY
                                                     : 0;
      }
      return;
   }
   default:
      nir_foreach_src(&intr->instr, any_src_inexact, in);
      return;
   }
}

/* After a non-ALU instruction ran: its result is exact (or the SSBO's
 * bound), and an inexact source elsewhere than an output or a bounded
 * SSBO loses the run's bounds. */
static void
bound_other(interp *in, nir_instr *instr)
{
   nir_def *def = nir_instr_def(instr);
   if (def)
      memset(bnd(in, def), 0, sizeof(double) * NIR_MAX_VEC_COMPONENTS);
   if (instr->type == nir_instr_type_intrinsic)
      bound_intrinsic(in, nir_instr_as_intrinsic(instr));
   else
      nir_foreach_src(instr, any_src_inexact, in);
}

static void
eval_tex(interp *in, nir_tex_instr *tex)
{
   if (!in->st->tex) {
      fail(in, "texture instruction without a texture callback");
      return;
   }
   nir_const_value *srcs[nir_num_tex_src_types + 2];
   for (unsigned i = 0; i < tex->num_srcs; i++)
      srcs[i] = val(in, tex->src[i].src.ssa);
   /* Implicit levels of detail in a quad (GL 4.6 section 8.14.1): the
    * coordinate's derivatives, taken from the quad as fddx/fddy are, in
    * the two entries after the sources (NULL elsewhere). */
   nir_const_value deriv[2][NIR_MAX_VEC_COMPONENTS];
   srcs[tex->num_srcs] = srcs[tex->num_srcs + 1] = NULL;
   int ci = nir_tex_instr_src_index(tex, nir_tex_src_coord);
   bool implicit = tex->op == nir_texop_tex || tex->op == nir_texop_txb ||
                   tex->op == nir_texop_lod;
   if (implicit && in->st->tape_out && ci >= 0) {
      nir_def *coord = tex->src[ci].src.ssa;
      for (unsigned y = 0; y < 2; y++) {
         nir_eval_quad_derivative(in->st, y, srcs[ci], coord->num_components,
                                  coord->bit_size, deriv[y]);
         srcs[tex->num_srcs + y] = deriv[y];
      }
   }
   if (!in->st->tex(in->st->tex_data, tex, srcs, val(in, &tex->def)))
      fail(in, "texture callback failed");
}

static void
eval_phis(interp *in, nir_block *block)
{
   /* All phis read before any is written: they happen at once. */
   unsigned n = 0;
   nir_foreach_phi(phi, block)
      n++;
   if (!n)
      return;
   nir_const_value *tmp = calloc(n * NIR_MAX_VEC_COMPONENTS, sizeof(*tmp));
   double *tb = calloc(n * NIR_MAX_VEC_COMPONENTS, sizeof(*tb));
   if (!tmp || !tb) {
      free(tmp);
      free(tb);
      fail(in, "out of memory");
      return;
   }
   unsigned i = 0;
   nir_foreach_phi(phi, block) {
      nir_phi_src *ps = nir_phi_get_src_from_block(phi, in->pred);
      if (!ps) {
         fail(in, "phi has no source for the path taken");
         break;
      }
      memcpy(&tmp[i * NIR_MAX_VEC_COMPONENTS], val(in, ps->src.ssa),
             phi->def.num_components * sizeof(*tmp));
      if (in->bnd)
         memcpy(&tb[i * NIR_MAX_VEC_COMPONENTS], bnd(in, ps->src.ssa),
                phi->def.num_components * sizeof(*tb));
      i++;
   }
   i = 0;
   nir_foreach_phi(phi, block) {
      memcpy(val(in, &phi->def), &tmp[i * NIR_MAX_VEC_COMPONENTS],
             phi->def.num_components * sizeof(*tmp));
      if (in->bnd)
         memcpy(bnd(in, &phi->def), &tb[i * NIR_MAX_VEC_COMPONENTS],
                phi->def.num_components * sizeof(*tb));
      i++;
   }
   free(tmp);
   free(tb);
}

static flow
eval_block(interp *in, nir_block *block)
{
   eval_phis(in, block);
   flow f = FLOW_NORMAL;
   nir_foreach_instr(instr, block) {
      if (!in->st->ok)
         return FLOW_STOP;
      if (++in->st->steps > in->st->max_steps) {
         fail(in, "step limit reached");
         return FLOW_STOP;
      }
      switch (instr->type) {
      case nir_instr_type_alu:
         eval_alu(in, nir_instr_as_alu(instr));
         break;
      case nir_instr_type_deref:
         eval_deref(in, nir_instr_as_deref(instr));
         break;
      case nir_instr_type_tex:
         eval_tex(in, nir_instr_as_tex(instr));
         break;
      case nir_instr_type_intrinsic:
         f = eval_intrinsic(in, nir_instr_as_intrinsic(instr));
         break;
      case nir_instr_type_load_const: {
         nir_load_const_instr *lc = nir_instr_as_load_const(instr);
         memcpy(val(in, &lc->def), lc->value,
                lc->def.num_components * sizeof(nir_const_value));
         break;
      }
      case nir_instr_type_undef:
         /* Undefined values read as zero. */
         memset(val(in, &nir_instr_as_undef(instr)->def), 0,
                NIR_MAX_VEC_COMPONENTS * sizeof(nir_const_value));
         break;
      case nir_instr_type_phi:
         break;
      case nir_instr_type_jump:
         switch (nir_instr_as_jump(instr)->type) {
         case nir_jump_break: f = FLOW_BREAK; break;
         case nir_jump_continue: f = FLOW_CONTINUE; break;
         case nir_jump_return: f = FLOW_RETURN; break;
         }
         break;
      }
      if (in->bnd && in->st->ok && instr->type != nir_instr_type_alu &&
          instr->type != nir_instr_type_phi)
         bound_other(in, instr);
      if (f != FLOW_NORMAL)
         break;
   }
   in->pred = block;
   return in->st->ok ? f : FLOW_STOP;
}

static flow
eval_cf_list(interp *in, struct list_head *list)
{
   list_for_each_entry(nir_cf_node, node, list, node) {
      flow f = FLOW_NORMAL;
      switch (node->type) {
      case nir_cf_node_block:
         f = eval_block(in, nir_cf_node_as_block(node));
         break;
      case nir_cf_node_if: {
         nir_if *nif = nir_cf_node_as_if(node);
         nir_def *c = nif->condition.ssa;
         bool cond = nir_const_value_as_bool(val(in, c)[0], c->bit_size);
         if (inexact(in, c))
            in->st->bound_lost = true;
         f = eval_cf_list(in, cond ? &nif->then_list : &nif->else_list);
         break;
      }
      case nir_cf_node_loop: {
         nir_loop *loop = nir_cf_node_as_loop(node);
         for (;;) {
            f = eval_cf_list(in, &loop->body);
            if (f == FLOW_BREAK) {
               f = FLOW_NORMAL;
               break;
            }
            if (f == FLOW_RETURN || f == FLOW_STOP)
               break;
            if (in->st->steps > in->st->max_steps) {
               fail(in, "step limit reached");
               f = FLOW_STOP;
               break;
            }
         }
         break;
      }
      default:
         break;
      }
      if (f != FLOW_NORMAL)
         return f;
   }
   return FLOW_NORMAL;
}

bool
nir_eval_run(nir_shader *shader, nir_eval_state *st)
{
   st->ok = true;
   st->discarded = false;
   st->saw_special_float = false;
   st->saw_min_normal = false;
   st->bound_lost = false;
   st->steps = 0;
   st->error[0] = '\0';
   if (!st->max_steps)
      st->max_steps = 10000000;
   if (st->outputs)
      memset(st->outputs, 0, st->num_output_cells * sizeof(nir_const_value));
   if (st->bounds && st->output_bound)
      memset(st->output_bound, 0, st->num_output_cells * sizeof(double));

   nir_function_impl *impl = nir_shader_get_entrypoint(shader);
   if (!impl) {
      snprintf(st->error, sizeof(st->error), "shader has no entry point");
      st->ok = false;
      return false;
   }
   nir_index_ssa_defs(impl);
   nir_index_blocks(impl);

   interp in;
   memset(&in, 0, sizeof(in));
   in.st = st;
   in.shader = shader;
   in.mem = ralloc_context(NULL);
   in.var_cells = hash_table_create_pointer_keys(in.mem);
   unsigned n = impl->ssa_alloc ? impl->ssa_alloc : 1;
   in.vals = ralloc_array(in.mem, nir_const_value *, n);
   in.ptrs = rzalloc_array(in.mem, deref_ptr, n);
   nir_const_value *storage =
      rzalloc_array(in.mem, nir_const_value, n * NIR_MAX_VEC_COMPONENTS);
   if (!in.vals || !in.ptrs || !storage || !in.var_cells) {
      ralloc_free(in.mem);
      snprintf(st->error, sizeof(st->error), "out of memory");
      st->ok = false;
      return false;
   }
   for (unsigned i = 0; i < n; i++)
      in.vals[i] = &storage[i * NIR_MAX_VEC_COMPONENTS];
   if (st->bounds) {
      in.bnd = rzalloc_array(in.mem, double, n * NIR_MAX_VEC_COMPONENTS);
      if (!in.bnd) {
         ralloc_free(in.mem);
         snprintf(st->error, sizeof(st->error), "out of memory");
         st->ok = false;
         return false;
      }
   }
   if (shader->scratch_size) {
      in.scratch.size_B = shader->scratch_size;
      in.scratch.data = rzalloc_array(in.mem, uint8_t, shader->scratch_size);
      if (!in.scratch.data) {
         ralloc_free(in.mem);
         snprintf(st->error, sizeof(st->error), "out of memory");
         st->ok = false;
         return false;
      }
   }

   eval_cf_list(&in, &impl->body);
   ralloc_free(in.mem);
   return st->ok;
}

bool
nir_eval_run_io(nir_shader *shader, nir_const_value *inputs,
                unsigned num_input_cells, nir_const_value *outputs,
                unsigned num_output_cells, nir_eval_state *st)
{
   memset(st, 0, sizeof(*st));
   st->inputs = inputs;
   st->num_input_cells = num_input_cells;
   st->outputs = outputs;
   st->num_output_cells = num_output_cells;
   return nir_eval_run(shader, st);
}
