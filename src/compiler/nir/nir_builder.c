/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * nir_builder implementation: shape inference for ALU instructions,
 * immediates, swizzles, structured control flow and derefs.
 */
#include "nir_builder.h"

#include "util/u_math.h"

#include <stdarg.h>
#include <string.h>

nir_builder
nir_builder_at(nir_cursor cursor)
{
   nir_builder b;
   memset(&b, 0, sizeof(b));
   b.cursor = cursor;
   nir_block *block = nir_cursor_current_block(cursor);
   b.impl = nir_cf_node_get_function(&block->cf_node);
   b.shader = b.impl->function->shader;
   return b;
}

nir_builder
nir_builder_create(nir_function_impl *impl)
{
   return nir_builder_at(nir_after_impl(impl));
}

nir_builder
nir_builder_init_simple_shader(gl_shader_stage stage,
                               const nir_shader_compiler_options *options,
                               const char *name, void *mem_ctx)
{
   nir_shader *shader = nir_shader_create(mem_ctx, stage, options);
   if (name)
      shader->info.name = ralloc_strdup(shader, name);
   nir_function *func = nir_function_create(shader, "main");
   func->is_entrypoint = true;
   nir_function_impl *impl = nir_function_impl_create(func);
   return nir_builder_create(impl);
}

void
nir_builder_instr_insert(nir_builder *b, nir_instr *instr)
{
   nir_instr_insert(b->cursor, instr);
   b->cursor = nir_after_instr(instr);
}

/* Result shape of an ALU instruction from its opcode and sources.
 *
 * Whatever the opcode fixes (a sized result type, a vector-wide result)
 * is taken from nir_op_infos.  The rest follows the sources that track the
 * instruction: the result has as many components as the widest of them
 * and the bit size of the first one.  With no such source we fall back to
 * one 32-bit component.
 */
typedef struct {
   unsigned components;
   unsigned bit_size;
} alu_shape;

static alu_shape
alu_shape_from_sources(const nir_op_info *info, nir_def *const *srcs)
{
   alu_shape tracked = { 0, 0 };
   for (unsigned i = 0; i < info->num_inputs; i++) {
      if (info->input_sizes[i] == 0)
         tracked.components = MAX2(tracked.components,
                                   srcs[i]->num_components);
      if (tracked.bit_size == 0 &&
          nir_alu_type_get_type_size(info->input_types[i]) == 0)
         tracked.bit_size = srcs[i]->bit_size;
   }

   alu_shape shape;
   shape.components = info->output_size ? info->output_size
                                        : MAX2(tracked.components, 1);
   shape.bit_size = nir_alu_type_get_type_size(info->output_type);
   if (shape.bit_size == 0)
      shape.bit_size = tracked.bit_size ? tracked.bit_size : 32;
   return shape;
}

nir_def *
nir_builder_alu_instr_finish_and_insert(nir_builder *b, nir_alu_instr *alu)
{
   const nir_op_info *info = &nir_op_infos[alu->op];
   nir_def *srcs[16];
   for (unsigned i = 0; i < info->num_inputs; i++)
      srcs[i] = alu->src[i].src.ssa;
   alu_shape shape = alu_shape_from_sources(info, srcs);
   /* A caller that already sized a per-component result keeps its width. */
   if (!info->output_size && alu->def.num_components)
      shape.components = alu->def.num_components;

   alu->exact = alu->exact || b->exact;
   if (b->mediump && !alu->mediump)
      alu->mediump_unsigned = b->mediump_unsigned;
   alu->mediump = alu->mediump || b->mediump;
   nir_def_init(&alu->instr, &alu->def, shape.components, shape.bit_size);
   nir_builder_instr_insert(b, &alu->instr);
   return &alu->def;
}

nir_def *
nir_build_alu(nir_builder *b, nir_op op, nir_def *s0, nir_def *s1,
              nir_def *s2, nir_def *s3)
{
   nir_def *srcs[4] = { s0, s1, s2, s3 };
   return nir_build_alu_src_arr(b, op, srcs);
}

nir_def *
nir_build_alu_src_arr(nir_builder *b, nir_op op, nir_def **srcs)
{
   const nir_op_info *info = &nir_op_infos[op];
   nir_alu_instr *alu = nir_alu_instr_create(b->shader, op);
   alu_shape shape = alu_shape_from_sources(info, srcs);
   for (unsigned i = 0; i < info->num_inputs; i++) {
      assert(srcs[i]);
      alu->src[i].src.ssa = srcs[i];
      /* A scalar source of a per-component op used with vector ones is
       * broadcast (like GLSL's scalar-vector arithmetic). */
      if (!info->output_size && info->input_sizes[i] == 0 &&
          srcs[i]->num_components == 1)
         nir_alu_src_splat_swizzle(&alu->src[i], 0, shape.components);
   }
   return nir_builder_alu_instr_finish_and_insert(b, alu);
}

/* ---- constants ----------------------------------------------------------- */

nir_def *
nir_build_imm(nir_builder *b, unsigned num_components, unsigned bit_size,
              const nir_const_value *value)
{
   nir_load_const_instr *lc =
      nir_load_const_instr_create(b->shader, num_components, bit_size);
   memcpy(lc->value, value, num_components * sizeof(*value));
   nir_builder_instr_insert(b, &lc->instr);
   return &lc->def;
}

nir_def *
nir_imm_intN_t(nir_builder *b, uint64_t x, unsigned bit_size)
{
   nir_const_value v = nir_const_value_for_uint(x, bit_size);
   return nir_build_imm(b, 1, bit_size, &v);
}

nir_def *
nir_imm_floatN_t(nir_builder *b, double x, unsigned bit_size)
{
   nir_const_value v = nir_const_value_for_float(x, bit_size);
   return nir_build_imm(b, 1, bit_size, &v);
}

nir_def *
nir_imm_zero(nir_builder *b, unsigned num_components, unsigned bit_size)
{
   nir_const_value v[NIR_MAX_VEC_COMPONENTS];
   memset(v, 0, sizeof(v));
   return nir_build_imm(b, num_components, bit_size, v);
}

nir_def *
nir_imm_vec4(nir_builder *b, float x, float y, float z, float w)
{
   nir_const_value v[4] = {
      nir_const_value_for_float(x, 32), nir_const_value_for_float(y, 32),
      nir_const_value_for_float(z, 32), nir_const_value_for_float(w, 32),
   };
   return nir_build_imm(b, 4, 32, v);
}

nir_def *
nir_imm_ivec4(nir_builder *b, int x, int y, int z, int w)
{
   nir_const_value v[4] = {
      nir_const_value_for_int(x, 32), nir_const_value_for_int(y, 32),
      nir_const_value_for_int(z, 32), nir_const_value_for_int(w, 32),
   };
   return nir_build_imm(b, 4, 32, v);
}

nir_def *
nir_imm_int_like(nir_builder *b, int64_t x, const nir_def *like)
{
   return nir_imm_intN_t(b, (uint64_t)x, like->bit_size);
}

nir_def *
nir_imm_float_like(nir_builder *b, double x, const nir_def *like)
{
   return nir_imm_floatN_t(b, x, like->bit_size);
}

nir_def *
nir_undef(nir_builder *b, unsigned num_components, unsigned bit_size)
{
   nir_undef_instr *u =
      nir_undef_instr_create(b->shader, num_components, bit_size);
   /* Undefs go at the top so that they dominate every use. */
   nir_instr_insert(nir_before_impl(b->impl), &u->instr);
   return &u->def;
}

/* ---- swizzles and vectors ------------------------------------------------ */

nir_def *
nir_swizzle(nir_builder *b, nir_def *src, const unsigned *swiz,
            unsigned num_components)
{
   bool identity = num_components == src->num_components;
   for (unsigned i = 0; i < num_components; i++)
      identity = identity && swiz[i] == i;
   if (identity)
      return src;
   nir_alu_instr *mov = nir_alu_instr_create(b->shader, nir_op_mov);
   mov->src[0].src.ssa = src;
   for (unsigned i = 0; i < num_components; i++)
      nir_alu_src_set_swizzle(&mov->src[0], i, swiz[i]);
   mov->def.num_components = num_components;
   return nir_builder_alu_instr_finish_and_insert(b, mov);
}

nir_def *
nir_ssa_for_alu_src(nir_builder *b, nir_alu_instr *alu, unsigned i)
{
   unsigned n = nir_ssa_alu_instr_src_components(alu, i);
   unsigned swiz[NIR_MAX_VEC_COMPONENTS];
   for (unsigned c = 0; c < n; c++)
      swiz[c] = nir_alu_src_swizzle(&alu->src[i], c);
   return nir_swizzle(b, alu->src[i].src.ssa, swiz, n);
}

nir_def *
nir_channel(nir_builder *b, nir_def *def, unsigned c)
{
   return nir_swizzle(b, def, &c, 1);
}

nir_def *
nir_channels(nir_builder *b, nir_def *def, unsigned mask)
{
   unsigned swiz[NIR_MAX_VEC_COMPONENTS], n = 0;
   for (unsigned i = 0; i < def->num_components; i++) {
      if (mask & (1u << i))
         swiz[n++] = i;
   }
   return nir_swizzle(b, def, swiz, n);
}

nir_def *
nir_vec(nir_builder *b, nir_def **comps, unsigned num_components)
{
   if (num_components == 1)
      return comps[0];
   nir_op op = nir_op_vec(num_components);
   assert(op != nir_op_invalid);
   return nir_build_alu_src_arr(b, op, comps);
}

nir_def *
nir_vector_extract(nir_builder *b, nir_def *def, nir_def *c)
{
   nir_def *r = nir_channel(b, def, def->num_components - 1);
   for (int i = (int)def->num_components - 2; i >= 0; i--) {
      nir_def *is_i = nir_ieq(b, c, nir_imm_int_like(b, i, c));
      r = nir_bcsel(b, is_i, nir_channel(b, def, (unsigned)i), r);
   }
   return r;
}

nir_def *
nir_b2iN(nir_builder *b, nir_def *src, unsigned bit_size)
{
   switch (bit_size) {
   case 8: return nir_b2i8(b, src);
   case 16: return nir_b2i16(b, src);
   case 64: return nir_b2i64(b, src);
   default: return nir_b2i32(b, src);
   }
}

nir_def *
nir_b2fN(nir_builder *b, nir_def *src, unsigned bit_size)
{
   switch (bit_size) {
   case 16: return nir_b2f16(b, src);
   case 64: return nir_b2f64(b, src);
   default: return nir_b2f32(b, src);
   }
}

nir_def *
nir_type_convert(nir_builder *b, nir_def *src, nir_alu_type src_type,
                 nir_alu_type dest_type)
{
   nir_alu_type sb = nir_alu_type_get_base_type(src_type);
   nir_alu_type db = nir_alu_type_get_base_type(dest_type);
   unsigned bits = nir_alu_type_get_type_size(dest_type);
   if (sb == db && src->bit_size == bits)
      return src;
   static const nir_op f2f[] = { nir_op_f2f16, nir_op_f2f32, nir_op_f2f64 };
   static const nir_op i2f[] = { nir_op_i2f16, nir_op_i2f32, nir_op_i2f64 };
   static const nir_op u2f[] = { nir_op_u2f16, nir_op_u2f32, nir_op_u2f64 };
   static const nir_op f2i[] = { nir_op_f2i8, nir_op_f2i16, nir_op_f2i32,
                                 nir_op_f2i64 };
   static const nir_op f2u[] = { nir_op_f2u8, nir_op_f2u16, nir_op_f2u32,
                                 nir_op_f2u64 };
   static const nir_op i2i[] = { nir_op_i2i8, nir_op_i2i16, nir_op_i2i32,
                                 nir_op_i2i64 };
   static const nir_op u2u[] = { nir_op_u2u8, nir_op_u2u16, nir_op_u2u32,
                                 nir_op_u2u64 };
   unsigned fi = bits == 16 ? 0 : bits == 32 ? 1 : 2;
   unsigned ii = bits == 8 ? 0 : bits == 16 ? 1 : bits == 32 ? 2 : 3;
   nir_op op;
   if (db == nir_type_float) {
      op = sb == nir_type_float ? f2f[fi] : sb == nir_type_int ? i2f[fi]
         : sb == nir_type_uint ? u2f[fi] : nir_op_invalid;
      if (sb == nir_type_bool)
         return nir_b2fN(b, src, bits);
   } else if (db == nir_type_int) {
      if (sb == nir_type_bool)
         return nir_b2iN(b, src, bits);
      op = sb == nir_type_float ? f2i[ii] : i2i[ii];
   } else if (db == nir_type_uint) {
      if (sb == nir_type_bool)
         return nir_b2iN(b, src, bits);
      op = sb == nir_type_float ? f2u[ii] : u2u[ii];
   } else {
      /* To bool: compare against zero. */
      if (sb == nir_type_float)
         return nir_fneu(b, src, nir_imm_float_like(b, 0, src));
      return nir_ine(b, src, nir_imm_int_like(b, 0, src));
   }
   return nir_build_alu1(b, op, src);
}

/* ---- control flow -------------------------------------------------------- */

nir_if *
nir_push_if(nir_builder *b, nir_def *condition)
{
   nir_if *nif = nir_if_create(b->shader);
   nir_cf_node_insert(b->cursor, &nif->cf_node);
   nir_if_init_src(nif, &nif->condition, condition);
   b->cursor = nir_before_block(nir_if_first_then_block(nif));
   return nif;
}

nir_if *
nir_push_else(nir_builder *b, nir_if *nif)
{
   b->cursor = nir_before_block(nir_if_first_else_block(nif));
   return nif;
}

void
nir_pop_if(nir_builder *b, nir_if *nif)
{
   b->cursor = nir_after_cf_node(&nif->cf_node);
}

nir_def *
nir_if_phi(nir_builder *b, nir_def *then_def, nir_def *else_def)
{
   nir_block *block = nir_cursor_current_block(b->cursor);
   nir_cf_node *prev = nir_cf_node_prev(&block->cf_node);
   assert(prev && prev->type == nir_cf_node_if);
   nir_if *nif = nir_cf_node_as_if(prev);

   nir_phi_instr *phi = nir_phi_instr_create(b->shader);
   nir_phi_instr_add_src(phi, nir_if_last_then_block(nif), then_def);
   nir_phi_instr_add_src(phi, nir_if_last_else_block(nif), else_def);
   nir_def_init(&phi->instr, &phi->def, then_def->num_components,
                then_def->bit_size);
   nir_instr_insert(nir_after_phis(block), &phi->instr);
   /* a cursor at the head of the block or right after its phis moves
    * past the new one */
   if (b->cursor.option == nir_cursor_before_block ||
       (b->cursor.option == nir_cursor_after_instr &&
        b->cursor.instr->type == nir_instr_type_phi))
      b->cursor = nir_after_instr(&phi->instr);
   return &phi->def;
}

nir_loop *
nir_push_loop(nir_builder *b)
{
   nir_loop *loop = nir_loop_create(b->shader);
   nir_cf_node_insert(b->cursor, &loop->cf_node);
   b->cursor = nir_before_block(nir_loop_first_block(loop));
   return loop;
}

void
nir_pop_loop(nir_builder *b, nir_loop *loop)
{
   b->cursor = nir_after_cf_node(&loop->cf_node);
}

void
nir_jump(nir_builder *b, nir_jump_type type)
{
   nir_jump_instr *jump = nir_jump_instr_create(b->shader, type);
   nir_builder_instr_insert(b, &jump->instr);
}

/* ---- derefs -------------------------------------------------------------- */

nir_deref_instr *
nir_build_deref_var(nir_builder *b, nir_variable *var)
{
   nir_deref_instr *d = nir_deref_instr_create(b->shader, nir_deref_type_var);
   d->var = var;
   d->modes = var->mode;
   d->type = var->type;
   nir_def_init(&d->instr, &d->def, 1, 32);
   nir_builder_instr_insert(b, &d->instr);
   return d;
}

nir_deref_instr *
nir_build_deref_array(nir_builder *b, nir_deref_instr *parent, nir_def *index)
{
   assert(parent->type->kind == NIR_VTYPE_ARRAY ||
          parent->type->kind == NIR_VTYPE_MATRIX ||
          parent->type->kind == NIR_VTYPE_VECTOR ||
          parent->deref_type == nir_deref_type_cast);
   nir_deref_instr *d =
      nir_deref_instr_create(b->shader, nir_deref_type_array);
   d->modes = parent->modes;
   if (parent->type->kind == NIR_VTYPE_VECTOR)
      d->type = nir_vtype_scalar(b->shader, parent->type->base);
   else if (parent->deref_type == nir_deref_type_cast &&
            parent->type->kind != NIR_VTYPE_ARRAY)
      d->type = parent->type;
   else
      d->type = parent->type->elem;
   d->parent.ssa = &parent->def;
   d->arr_index.ssa = index;
   nir_def_init(&d->instr, &d->def, 1, 32);
   nir_builder_instr_insert(b, &d->instr);
   return d;
}

nir_deref_instr *
nir_build_deref_array_imm(nir_builder *b, nir_deref_instr *parent,
                          int64_t index)
{
   return nir_build_deref_array(b, parent, nir_imm_int(b, (int32_t)index));
}

nir_deref_instr *
nir_build_deref_struct(nir_builder *b, nir_deref_instr *parent,
                       unsigned field)
{
   assert(parent->type->kind == NIR_VTYPE_STRUCT &&
          field < parent->type->num_fields);
   nir_deref_instr *d =
      nir_deref_instr_create(b->shader, nir_deref_type_struct);
   d->modes = parent->modes;
   d->type = parent->type->fields[field].type;
   d->parent.ssa = &parent->def;
   d->field_index = field;
   nir_def_init(&d->instr, &d->def, 1, 32);
   nir_builder_instr_insert(b, &d->instr);
   return d;
}

nir_deref_instr *
nir_build_deref_cast(nir_builder *b, nir_def *parent, nir_variable_mode modes,
                     const nir_vtype *type, unsigned stride)
{
   nir_deref_instr *d = nir_deref_instr_create(b->shader, nir_deref_type_cast);
   d->modes = modes;
   d->type = type;
   d->cast_stride = stride;
   d->parent.ssa = parent;
   nir_def_init(&d->instr, &d->def, 1, 32);
   nir_builder_instr_insert(b, &d->instr);
   return d;
}

static unsigned
vtype_bits(const nir_vtype *t)
{
   return nir_alu_type_get_type_size(t->base);
}

nir_def *
nir_load_deref(nir_builder *b, nir_deref_instr *deref)
{
   assert(deref->type->kind == NIR_VTYPE_VECTOR);
   nir_intrinsic_instr *intr =
      nir_intrinsic_instr_create(b->shader, nir_intrinsic_load_deref);
   intr->num_components = deref->type->components;
   intr->src[0].ssa = &deref->def;
   nir_def_init(&intr->instr, &intr->def, intr->num_components,
                vtype_bits(deref->type));
   nir_builder_instr_insert(b, &intr->instr);
   return &intr->def;
}

void
nir_store_deref(nir_builder *b, nir_deref_instr *deref, nir_def *value,
                unsigned write_mask)
{
   nir_intrinsic_instr *intr =
      nir_intrinsic_instr_create(b->shader, nir_intrinsic_store_deref);
   intr->num_components = value->num_components;
   intr->src[0].ssa = &deref->def;
   intr->src[1].ssa = value;
   nir_intrinsic_set_write_mask(intr, write_mask &
                                         ((1u << value->num_components) - 1));
   nir_builder_instr_insert(b, &intr->instr);
}

void
nir_copy_deref(nir_builder *b, nir_deref_instr *dst, nir_deref_instr *src)
{
   nir_intrinsic_instr *intr =
      nir_intrinsic_instr_create(b->shader, nir_intrinsic_copy_deref);
   intr->src[0].ssa = &dst->def;
   intr->src[1].ssa = &src->def;
   nir_builder_instr_insert(b, &intr->instr);
}

nir_def *
nir_load_var(nir_builder *b, nir_variable *var)
{
   return nir_load_deref(b, nir_build_deref_var(b, var));
}

void
nir_store_var(nir_builder *b, nir_variable *var, nir_def *value,
              unsigned write_mask)
{
   nir_store_deref(b, nir_build_deref_var(b, var), value, write_mask);
}

/* ---- intrinsics ---------------------------------------------------------- */

nir_intrinsic_instr *
nir_build_intrinsic(nir_builder *b, nir_intrinsic_op op,
                    unsigned num_components, unsigned bit_size,
                    nir_def **srcs, ...)
{
   const nir_intrinsic_info *info = &nir_intrinsic_infos[op];
   nir_intrinsic_instr *intr = nir_intrinsic_instr_create(b->shader, op);
   intr->num_components = num_components;
   for (unsigned i = 0; i < info->num_srcs; i++)
      intr->src[i].ssa = srcs[i];

   va_list ap;
   va_start(ap, srcs);
   for (;;) {
      int flag = va_arg(ap, int);
      if (flag == NIR_INTRINSIC_NUM_INDEX_FLAGS)
         break;
      int value = va_arg(ap, int);
      nir_intrinsic_index_set(intr, (nir_intrinsic_index_flag)flag, value);
   }
   va_end(ap);

   if (info->has_dest) {
      unsigned n = info->dest_components ? info->dest_components
                                         : num_components;
      nir_def_init(&intr->instr, &intr->def, n, bit_size);
   }
   nir_builder_instr_insert(b, &intr->instr);
   return intr;
}

nir_def *
nir_load_system_value(nir_builder *b, nir_intrinsic_op op, unsigned bit_size)
{
   nir_intrinsic_instr *intr = nir_build_intrinsic(
      b, op, 0, bit_size, NULL, NIR_INTRINSIC_NUM_INDEX_FLAGS);
   return &intr->def;
}
