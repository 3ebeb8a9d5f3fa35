/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Outputs computed at 16 bits are stored from 16-bit registers: fragment
 * colours, and the vertex shader's user varyings.
 *
 * After nir_lower_mediump a mediump result reaches store_output widened:
 * each component an f2f32 of a 16-bit value (or a constant).
 *
 * Fragment colours: st_tile takes 16- or 32-bit register runs for every
 * tilebuffer format, the registers' width giving the value's (applegpu's
 * memory format conversions; alexvorxx/Mesa-VirGL src/asahi/lib/
 * agx_nir_lower_tilebuffer.c stores a 16-bit value as it is and widens
 * only for 32-bit formats), so for these targets the widening is
 * dropped: no conversion back to f16 for an f16 target (which selection
 * otherwise emits, one per channel) and half the registers for a unorm8
 * one.  Only where nothing else reads the colour as an f32: targets
 * without blending or logic ops (their emulation computes at 32 bits),
 * no alpha to coverage (reads render target 0's alpha).
 *
 * Vertex shader varyings (VARYING_SLOT_VAR0..): the hardware has packed
 * 16-bit varying slots, two f16 values in one output word, after the
 * 32-bit ones (Mesa docs/drivers/asahi.rst "Hardware varyings"); a
 * varying every store of which is such a value is stored at 16 bits and
 * selection packs it (agx_isel.c assign_uvs).  Built-in outputs
 * (position, point size, clip distances, layer) and flat integers stay
 * 32-bit (they are never an f2f32).
 *
 * Values are the same either way: a 16-bit value is exact in f32, and
 * the constants taken are exact in f16.  Every store of a slot is
 * narrowed or none is (selection keeps one register per output
 * component).  Runs with the shader key, before selection.
 */

#include "nir_builder.h"
#include "util/half_float.h"
#include "agx_compile.h"
#include "agx_nir.h"

/* Can render target rt take a 16-bit colour? */
static bool
rt_takes_16(const struct agx_fs_key *key, unsigned rt)
{
   const struct agx_rt_key *rk = &key->rt[rt];
   if (rk->format == PIPE_FORMAT_NONE)
      return true; /* nothing stored */
   int f = agx_tib_format_of(rk->format);
   /* f16, unorm8, snorm8, srgba8 (agx_isel.c numbering) */
   bool fmt = f == 3 || f == 4 || f == 5 || f == 10;
   return fmt && !rk->blend.enable;
}

static bool
slot_takes_16(gl_shader_stage stage, const struct agx_shader_key *skey,
              unsigned slot)
{
   if (stage == MESA_SHADER_VERTEX)
      return slot >= VARYING_SLOT_VAR0 && slot < VARYING_SLOT_VAR0 + 32;
   const struct agx_fs_key *key = &skey->fs;
   if (key->logicop_enable || key->alpha_to_coverage)
      return false;
   if (slot == FRAG_RESULT_COLOR) {
      for (unsigned rt = 0; rt < AGX_MAX_RTS; ++rt) {
         if (!rt_takes_16(key, rt))
            return false;
      }
      return true;
   }
   return slot >= FRAG_RESULT_DATA0 && slot < FRAG_RESULT_DATA0 + AGX_MAX_RTS &&
          rt_takes_16(key, slot - FRAG_RESULT_DATA0);
}

/* Component comp of def as a 16-bit value already computed (the source of
 * an f2f32) or an exact constant; NULL when there is none.  With b NULL,
 * only says whether there is one. */
static nir_def *
half_of(nir_builder *b, nir_def *def, unsigned comp)
{
   nir_instr *p = nir_def_instr(def);
   if (p->type == nir_instr_type_load_const) {
      nir_const_value v = nir_instr_as_load_const(p)->value[comp];
      float f = (float)nir_const_value_as_float(v, def->bit_size);
      if (def->bit_size != 32 ||
          util_half_to_float(util_float_to_half(f)) != f)
         return NULL;
      return b ? nir_imm_floatN_t(b, f, 16) : def;
   }
   if (p->type != nir_instr_type_alu)
      return NULL;
   nir_alu_instr *alu = nir_instr_as_alu(p);
   if (nir_op_is_vec(alu->op))
      return half_of(b, alu->src[comp].src.ssa,
                     nir_alu_src_swizzle(&alu->src[comp], 0));
   if (alu->op != nir_op_f2f32 || alu->src[0].src.ssa->bit_size != 16)
      return NULL;
   return b ? nir_channel(b, alu->src[0].src.ssa,
                         nir_alu_src_swizzle(&alu->src[0], comp))
            : def;
}

static bool
store_narrowable(nir_intrinsic_instr *st)
{
   nir_def *v = st->src[0].ssa;
   if (v->bit_size != 32)
      return false;
   for (unsigned c = 0; c < v->num_components; ++c) {
      if (!half_of(NULL, v, c))
         return false;
   }
   return true;
}

static bool
is_output_store(const nir_intrinsic_instr *st)
{
   return st->intrinsic == nir_intrinsic_store_output &&
          nir_intrinsic_base(st) < 64;
}

bool
agx_nir_narrow_outputs(nir_shader *nir, const struct agx_shader_key *key)
{
   gl_shader_stage stage = nir->info.stage;
   if (stage != MESA_SHADER_FRAGMENT && stage != MESA_SHADER_VERTEX)
      return false;
   nir_function_impl *impl = nir_shader_get_entrypoint(nir);

   /* slots some store of which cannot be narrowed */
   uint64_t keep = 0;
   nir_foreach_block(block, impl)
   {
      nir_foreach_instr(instr, block)
      {
         if (instr->type != nir_instr_type_intrinsic)
            continue;
         nir_intrinsic_instr *st = nir_instr_as_intrinsic(instr);
         if (!is_output_store(st))
            continue;
         unsigned slot = nir_intrinsic_base(st);
         /* the offset source: constant 0 (indirect outputs are not
          * selected anyway) */
         nir_instr *off = nir_def_instr(st->src[1].ssa);
         bool direct = off->type == nir_instr_type_load_const &&
                       nir_instr_as_load_const(off)->value[0].u32 == 0;
         if (!direct || !slot_takes_16(stage, key, slot) ||
             !store_narrowable(st))
            keep |= 1ull << slot;
      }
   }

   bool progress = false;
   nir_builder b = nir_builder_create(impl);
   nir_foreach_block(block, impl)
   {
      nir_foreach_instr(instr, block)
      {
         if (instr->type != nir_instr_type_intrinsic)
            continue;
         nir_intrinsic_instr *st = nir_instr_as_intrinsic(instr);
         if (!is_output_store(st) ||
             (keep & (1ull << nir_intrinsic_base(st))))
            continue;
         b.cursor = nir_before_instr(instr);
         nir_def *v = st->src[0].ssa;
         nir_def *comps[NIR_MAX_VEC_COMPONENTS];
         for (unsigned c = 0; c < v->num_components; ++c)
            comps[c] = half_of(&b, v, c);
         nir_instr_rewrite_src(instr, &st->src[0],
                               nir_vec(&b, comps, v->num_components));
         nir_intrinsic_set_src_type(st, nir_type_float16);
         progress = true;
      }
   }
   if (progress)
      nir_metadata_preserve(impl, nir_metadata_block_index |
                                     nir_metadata_dominance);
   return progress;
}
