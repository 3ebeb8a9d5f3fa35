/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The preamble: work that depends only on uniforms and constants (a
 * product of two uniform matrices, a colour scaled by a uniform factor,
 * a uniform-derived comparison) is done once per draw by a separate
 * program instead of once per vertex or pixel.  The hardware runs that
 * program (the USC Preshader word's code) before the shader, on one
 * thread, and what it writes to the uniform file with uniform_store is
 * there for every invocation of the shader (alexvorxx/Mesa-VirGL
 * src/asahi/genxml/cmdbuf.xml "Preshader"; src/asahi/compiler/
 * agx_compile.c compiles the preamble as its own function).
 *
 * A value can move when it is a constant, a load_uniform or load_ubo
 * whose sources can move (free when pushed; a device_load and its wait
 * per invocation when read from memory), a driver system value
 * (load_sysval_agx), or a scalar ALU operation of 16 or 32 bits on
 * values that can move (derivatives excepted).  Of those, the 32-bit and
 * 16-bit ones (the latter kept as f32, or zero-extended integers) the shader still needs (used by something that cannot move, or by an
 * if) are stored when that saves an instruction: ALU operations read
 * uniform registers as they are, other uses (vectors, stores, ifs) need a
 * move from one.  The preamble computes them, in program order, and
 * writes each component read with store_preamble; the shader reads them
 * with load_preamble where they were, and what only fed them dies.  Each
 * stored component takes two uniform halves, up to a budget; the rest
 * stay in the shader.  UBO contents may change between draws, not during
 * one: the preamble runs for every draw.
 */

#include <string.h>

#include "nir_builder.h"
#include "util/u_math.h"
#include "nir_passes.h"
#include "agx_nir.h"

enum move_state {
   STAY = 0,    /* depends on something per invocation */
   MOVABLE,     /* uniform-only */
};

struct preamble_state {
   uint8_t *state;    /* enum move_state per def index */
   unsigned *cost;    /* instructions to compute it, capped */
   bool *needed;      /* computed by the preamble */
   bool *stored;      /* written by the preamble, read by the shader */
   bool uniforms_from_memory; /* the default block is not pushed */
};

static bool
free_op(nir_op op)
{
   /* moves, the source modifiers the consumer absorbs, the float
    * width conversions it mostly absorbs (agx_isel.c fsrc_c) and the
    * integer truncation (a low half) */
   return op == nir_op_mov || op == nir_op_fneg || op == nir_op_fabs ||
          op == nir_op_f2f16 || op == nir_op_f2f32 || op == nir_op_i2i16 ||
          op == nir_op_u2u16;
}

/* Whether a 16-bit value is an integer (mediump int arithmetic,
 * nir_lower_mediump_int.c) rather than a float: by the operation that
 * computes it, through selects and moves (a few deep; else a float). */
static bool
is_int16(nir_def *def)
{
   for (unsigned depth = 0; depth < 8; depth++) {
      nir_instr *p = nir_def_instr(def);
      if (p->type != nir_instr_type_alu)
         return false;
      nir_alu_instr *alu = nir_instr_as_alu(p);
      if (alu->op == nir_op_mov)
         def = alu->src[0].src.ssa;
      else if (alu->op == nir_op_bcsel || alu->op == nir_op_b32csel)
         def = alu->src[1].src.ssa;
      else
         return nir_alu_type_get_base_type(
                   nir_op_infos[alu->op].output_type) != nir_type_float;
   }
   return false;
}

static bool
movable_src(const struct preamble_state *ps, const nir_src *src)
{
   return ps->state[src->ssa->index] == MOVABLE;
}

/* Whether instr's result depends only on uniforms and constants, and
 * what computing it costs. */
static bool
classify(const struct preamble_state *ps, nir_instr *instr, unsigned *cost)
{
   *cost = 0;
   switch (instr->type) {
   case nir_instr_type_load_const:
      return true;
   case nir_instr_type_intrinsic: {
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      if (intr->intrinsic == nir_intrinsic_load_sysval_agx)
         return true;
      if (intr->intrinsic == nir_intrinsic_load_ubo) {
         /* a device_load and its wait per invocation */
         *cost = 2;
         return intr->def.bit_size == 32 && movable_src(ps, &intr->src[0]) &&
                movable_src(ps, &intr->src[1]);
      }
      if (intr->intrinsic != nir_intrinsic_load_uniform ||
          intr->def.bit_size != 32 || !movable_src(ps, &intr->src[0]))
         return false;
      /* pushed: free; else a device_load and its wait */
      bool pushed =
         !ps->uniforms_from_memory &&
         nir_def_instr(intr->src[0].ssa)->type == nir_instr_type_load_const;
      *cost = pushed ? 0 : 2;
      return true;
   }
   case nir_instr_type_alu: {
      nir_alu_instr *alu = nir_instr_as_alu(instr);
      if (alu->def.num_components != 1 ||
          (alu->def.bit_size != 16 && alu->def.bit_size != 32) ||
          alu->op == nir_op_fddx || alu->op == nir_op_fddy)
         return false;
      unsigned c = free_op(alu->op) ? 0 : 1;
      for (unsigned i = 0; i < nir_op_infos[alu->op].num_inputs; ++i) {
         if (!movable_src(ps, &alu->src[i].src))
            return false;
         c += ps->cost[alu->src[i].src.ssa->index];
      }
      *cost = MIN2(c, 1000);
      return true;
   }
   default:
      return false;
   }
}

/* How the shader (the uses that cannot move along with def) reads def:
 * not at all, only as sources of ALU operations (which take uniform
 * registers as they are), or also elsewhere (vectors, stores, ifs, phis:
 * a move from the uniform register each). */
enum shader_use {
   NO_USE = 0,
   ALU_USE,
   REGISTER_USE,
};

static enum shader_use
shader_use(const struct preamble_state *ps, nir_def *def)
{
   enum shader_use use = NO_USE;
   nir_foreach_use_including_if(src, def)
   {
      if (nir_src_is_if(src))
         return REGISTER_USE;
      nir_instr *user = nir_src_parent_instr(src);
      nir_def *user_def = nir_instr_def(user);
      if (user_def && ps->state[user_def->index] == MOVABLE)
         continue;
      if (user->type != nir_instr_type_alu ||
          nir_op_is_vec(nir_instr_as_alu(user)->op))
         return REGISTER_USE;
      use = ALU_USE;
   }
   return use;
}

static bool
mark_needed(nir_src *src, void *data)
{
   struct preamble_state *ps = data;
   nir_def *def = src->ssa;
   if (ps->needed[def->index])
      return true;
   ps->needed[def->index] = true;
   nir_foreach_src(nir_def_instr(def), mark_needed, ps);
   return true;
}

/* A copy of instr (alu, load_const or a load intrinsic) at b, its sources
 * mapped through map (old def index -> new def). */
static nir_def *
copy_instr(nir_builder *b, nir_instr *instr, nir_def **map)
{
   switch (instr->type) {
   case nir_instr_type_load_const: {
      nir_load_const_instr *lc = nir_instr_as_load_const(instr);
      nir_load_const_instr *n = nir_load_const_instr_create(
         b->shader, lc->def.num_components, lc->def.bit_size);
      memcpy(n->value, lc->value,
             sizeof(nir_const_value) * lc->def.num_components);
      nir_builder_instr_insert(b, &n->instr);
      return &n->def;
   }
   case nir_instr_type_intrinsic: {
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      nir_intrinsic_instr *n =
         nir_intrinsic_instr_create(b->shader, intr->intrinsic);
      n->num_components = intr->num_components;
      memcpy(n->index_value, intr->index_value, sizeof(n->index_value));
      unsigned nr_srcs = nir_intrinsic_infos[intr->intrinsic].num_srcs;
      for (unsigned i = 0; i < nr_srcs; ++i)
         n->src[i].ssa = map[intr->src[i].ssa->index];
      nir_def_init(&n->instr, &n->def, intr->def.num_components,
                   intr->def.bit_size);
      nir_builder_instr_insert(b, &n->instr);
      return &n->def;
   }
   default: {
      nir_alu_instr *alu = nir_instr_as_alu(instr);
      nir_alu_instr *n = nir_alu_instr_create(b->shader, alu->op);
      n->exact = alu->exact;
      for (unsigned i = 0; i < nir_op_infos[alu->op].num_inputs; ++i) {
         n->src[i].src.ssa = map[alu->src[i].src.ssa->index];
         n->src[i].swz = alu->src[i].swz;
      }
      nir_def_init(&n->instr, &n->def, 1, alu->def.bit_size);
      nir_builder_instr_insert(b, &n->instr);
      return &n->def;
   }
   }
}

static void
emit_store_preamble(nir_builder *b, nir_def *value, unsigned slot)
{
   nir_intrinsic_instr *st =
      nir_intrinsic_instr_create(b->shader, nir_intrinsic_store_preamble);
   st->num_components = 1;
   nir_intrinsic_set_base(st, (int)slot);
   st->src[0].ssa = value;
   nir_builder_instr_insert(b, &st->instr);
}

static nir_def *
emit_load_preamble(nir_builder *b, unsigned bit_size, unsigned slot)
{
   nir_intrinsic_instr *ld =
      nir_intrinsic_instr_create(b->shader, nir_intrinsic_load_preamble);
   ld->num_components = 1;
   nir_intrinsic_set_base(ld, (int)slot);
   nir_def_init(&ld->instr, &ld->def, 1, bit_size);
   nir_builder_instr_insert(b, &ld->instr);
   return &ld->def;
}

nir_shader *
agx_nir_opt_preamble(nir_shader *nir, void *mem_ctx, unsigned max_halves,
                     bool uniforms_from_memory, unsigned *halves)
{
   *halves = 0;
   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   nir_index_ssa_defs(impl);
   unsigned n = impl->ssa_alloc;
   void *tmp = ralloc_context(NULL);
   struct preamble_state ps = {
      .state = rzalloc_array(tmp, uint8_t, n),
      .cost = rzalloc_array(tmp, unsigned, n),
      .needed = rzalloc_array(tmp, bool, n),
      .stored = rzalloc_array(tmp, bool, n),
      .uniforms_from_memory = uniforms_from_memory,
   };

   /* Defs come before their uses in block order (phis, which do not,
    * never move). */
   nir_foreach_block(block, impl)
   {
      nir_foreach_instr(instr, block)
      {
         nir_def *def = nir_instr_def(instr);
         unsigned cost;
         if (def && classify(&ps, instr, &cost)) {
            ps.state[def->index] = MOVABLE;
            ps.cost[def->index] = cost;
         }
      }
   }

   /* Stored: the components anything reads (a load's others are never
    * read), two halves each. */
   unsigned count = 0, halves_used = 0;
   nir_foreach_block(block, impl)
   {
      nir_foreach_instr(instr, block)
      {
         nir_def *def = nir_instr_def(instr);
         if (!def || ps.state[def->index] != MOVABLE ||
             (def->bit_size != 32 && def->bit_size != 16) ||
             halves_used + 2 * util_bitcount(nir_def_components_read(def)) >
                max_halves)
            continue;
         /* worth it when it saves at least one instruction */
         enum shader_use use = shader_use(&ps, def);
         if (use == NO_USE ||
             ps.cost[def->index] < (use == REGISTER_USE ? 2u : 1u))
            continue;
         ps.stored[def->index] = true;
         ps.needed[def->index] = true;
         nir_foreach_src(instr, mark_needed, &ps);
         halves_used += 2 * util_bitcount(nir_def_components_read(def));
         count++;
      }
   }
   if (!count) {
      ralloc_free(tmp);
      return NULL;
   }

   nir_builder pb = nir_builder_init_simple_shader(
      nir->info.stage, nir->options, "preamble", mem_ctx);
   nir_def **map = rzalloc_array(tmp, nir_def *, n);
   nir_def **old_defs = rzalloc_array(tmp, nir_def *, count);
   nir_def **loads = rzalloc_array(tmp, nir_def *, count);
   unsigned slot = 0, nr_rewrites = 0;
   nir_foreach_block(block, impl)
   {
      nir_foreach_instr(instr, block)
      {
         nir_def *def = nir_instr_def(instr);
         if (!def || !ps.needed[def->index])
            continue;
         map[def->index] = copy_instr(&pb, instr, map);
         if (!ps.stored[def->index])
            continue;
         /* where def was: it dominates the uses, and the value's live
          * range stays what it was */
         nir_builder mb = nir_builder_at(nir_before_instr(instr));
         unsigned read = nir_def_components_read(def);
         nir_def *comps[NIR_MAX_VEC_COMPONENTS];
         for (unsigned c = 0; c < def->num_components; ++c) {
            if (!(read & (1u << c))) {
               comps[c] = nir_imm_zero(&mb, 1, def->bit_size);
               continue;
            }
            nir_def *v = nir_channel(&pb, map[def->index], c);
            if (def->bit_size == 16 && is_int16(def)) {
               /* a 16-bit integer in the low half of the word, which the
                * shader's i2i16 reads as a 16-bit uniform */
               emit_store_preamble(&pb, nir_u2u32(&pb, v), slot);
               comps[c] = nir_i2i16(&mb, emit_load_preamble(&mb, 32, slot));
            } else if (def->bit_size == 16) {
               /* a 16-bit float (mediump) is kept as an f32: widening
                * and narrowing again is exact, and the shader's float
                * operations read the f32 uniform directly */
               emit_store_preamble(&pb, nir_f2f32(&pb, v), slot);
               comps[c] = nir_f2f16(&mb, emit_load_preamble(&mb, 32, slot));
            } else {
               emit_store_preamble(&pb, v, slot);
               comps[c] = emit_load_preamble(&mb, 32, slot);
            }
            slot += 2;
         }
         old_defs[nr_rewrites] = def;
         loads[nr_rewrites++] = nir_vec(&mb, comps, def->num_components);
      }
   }
   /* after the walk, which reads sources by their original indices */
   for (unsigned i = 0; i < nr_rewrites; ++i)
      nir_def_rewrite_uses(old_defs[i], loads[i]);
   ralloc_free(tmp);
   nir_opt_dce(nir);
   *halves = slot;
   return pb.shader;
}
