/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Fragment and vertex interfaces: coefficient registers (iter, iterproj,
 * ldcf), vertex outputs (st_var), sample_mask, zs_emit, wait_pix and
 * signal_pix, texture/sampler state stores and jmp_incomplete.
 *
 * A coefficient register holds a plane equation <A, B, C>; the value at a
 * tile-relative position (x, y) is A x + B y + C (Mesa,
 * src/asahi/compiler/agx_nir_lower_interpolation.c, which also evaluates it
 * in the shader at pixel centre (pixel mod 32) + 0.5; at a sample position
 * for the sample modes; for centroid, the centre of a fully covered pixel,
 * else its lowest covered sample).  Perspective-correct
 * iterproj divides by the interpolated W coefficient register (the docs'
 * "Hardware varyings": `iter r0, cf1, cf0` with cf0 the W slot).  The
 * result is evaluated in double precision and rounded once; how the
 * hardware rounds is unknown.  See docs/simulator.rst.
 */

#include <string.h>

#include "asahi_sim_float.h"
#include "asahi_sim_internal.h"

static unsigned
tile_dim(unsigned d)
{
   return d ? d : 32;
}

/* The coefficient register index of operand I for one lane. */
static uint32_t
cf_index(const struct asahi_sim_group *g, const struct agx_isa_operand *I,
         unsigned lane)
{
   if (I->kind == AGX_ISA_KIND_CF)
      return (uint32_t)I->value;
   return (uint32_t)asahi_sim_read_raw(g, I, lane);
}

static enum asahi_sim_status
cf_check(struct asahi_sim_group *g, const char *what, uint32_t first,
         unsigned count)
{
   if (!g->coefficients)
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                             "%s reads cf%u but no coefficient registers "
                             "are bound",
                             what, first);
   if (first >= g->nr_coefficients || count > g->nr_coefficients - first)
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                             "%s reads cf%u..cf%u but only %u coefficient "
                             "registers are bound",
                             what, first, first + count - 1,
                             g->nr_coefficients);
   return ASAHI_SIM_RUNNING;
}

/* The coefficient registers lane t reads. */
static inline const float (*lane_coefficients(const struct asahi_sim_group *g,
                                              unsigned t))[3]
{
   return g->quad_coefficients ? g->quad_coefficients[t / 4] : g->coefficients;
}

static double
plane(const struct asahi_sim_group *g, unsigned t, uint32_t cf, double x,
      double y)
{
   const float *c = lane_coefficients(g, t)[cf];
   return (double)c[0] * x + (double)c[1] * y + (double)c[2];
}

static uint32_t
to_reg(double v, unsigned size)
{
   if (size == 32 && v == v) {
      /* asahi_sim_double_to_f32 without flushing: the C conversion for
       * everything but NaN, inline (a call per lane and component). */
      float f = (float)v;
      uint32_t bits;
      memcpy(&bits, &f, sizeof(bits));
      return bits;
   }
   return size == 16 ? asahi_sim_double_to_f16(v)
                     : asahi_sim_double_to_f32(v, false);
}

/* v modulo a tile dimension (16 or 32 in practice: a mask). */
static unsigned
tile_mod(unsigned v, unsigned d)
{
   return (d & (d - 1)) ? v % d : v & (d - 1);
}

/* Where lane `t` interpolates, tile-relative, in pixels. */
static enum asahi_sim_status
iter_position(struct asahi_sim_group *g, const struct agx_isa_instr *I,
              unsigned interp_idx, unsigned s_idx, unsigned t, double *x,
              double *y)
{
   const struct asahi_sim_frag *f = &g->frag;
   unsigned interp = (unsigned)asahi_sim_op(I, interp_idx)->value;
   const struct agx_isa_operand *S = asahi_sim_op(I, s_idx);
   double ox = 0.5, oy = 0.5;

   *x = *y = 0;

   /* 1 and 3 interpolate at a sample (immediate or register index).
    * Centroid (2): the centre when every sample of the pixel is covered
    * (or with one sample), else the lowest covered sample, which lies in
    * the primitive as GL asks (ES 3.0.6 section 3.6.4; the hardware's
    * choice is unknown, this is Direct3D's rule). */
   uint32_t cover = g->dispatch.coverage_mask[t];
   unsigned all = f->nr_samples > 1 && f->nr_samples < 32
                     ? (1u << f->nr_samples) - 1
                     : 1;
   if (interp == 2 && f->nr_samples > 1 && (cover & all) &&
       (cover & all) != all) {
      unsigned s = (unsigned)__builtin_ctz(cover & all);
      ox = f->sample_position[s][0];
      oy = f->sample_position[s][1];
   } else if (interp == 1 || interp == 3) {
      unsigned n = f->nr_samples ? f->nr_samples : 1;
      uint32_t s = S->kind == AGX_ISA_KIND_NONE
                      ? 0
                      : (uint32_t)asahi_sim_read_raw(g, S, t);
      if (s >= n || s >= ASAHI_SIM_MAX_SAMPLES)
         return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                                "iter at sample %u of %u", s, n);
      if (f->nr_samples > 1) {
         ox = f->sample_position[s][0];
         oy = f->sample_position[s][1];
      }
   }
   *x = (double)tile_mod(f->pixel[t][0], tile_dim(f->tile_width)) + ox;
   *y = (double)tile_mod(f->pixel[t][1], tile_dim(f->tile_height)) + oy;
   return ASAHI_SIM_RUNNING;
}

static enum asahi_sim_status
exec_iter(struct asahi_sim_group *g, const struct agx_isa_instr *I, bool proj)
{
   const struct agx_isa_operand *D = asahi_sim_op(I, AGX_ISA_ITER_D);
   const struct agx_isa_operand *C = asahi_sim_op(I, AGX_ISA_ITER_I);
   const struct agx_isa_operand *J =
      proj ? asahi_sim_op(I, AGX_ISA_ITERPROJ_J) : NULL;
   unsigned s_idx = proj ? AGX_ISA_ITERPROJ_S : AGX_ISA_ITER_S;
   unsigned interp_idx =
      proj ? AGX_ISA_ITERPROJ_INTERPOLATION : AGX_ISA_ITER_INTERPOLATION;
   const char *name = proj ? "iterproj" : "iter";
   enum asahi_sim_status st;

   /* A coefficient register named in the instruction is checked once. */
   bool checked = false;
   foreach_active_lane (g, t) {
      uint32_t first = cf_index(g, C, t);
      if (!checked &&
          (st = cf_check(g, name, first, D->count)) != ASAHI_SIM_RUNNING)
         return st;
      if (!checked && J &&
          (st = cf_check(g, name, (uint32_t)J->value, 1)) != ASAHI_SIM_RUNNING)
         return st;
      checked = C->kind == AGX_ISA_KIND_CF;

      double x, y;
      st = iter_position(g, I, interp_idx, s_idx, t, &x, &y);
      if (st != ASAHI_SIM_RUNNING)
         return st;

      double w = J ? plane(g, t, (uint32_t)J->value, x, y) : 1.0;
      for (unsigned k = 0; k < D->count; k++) {
         double v = plane(g, t, first + k, x, y);
         asahi_sim_write_run(g, D, k, t, to_reg(J ? v / w : v, D->size));
      }
   }
   return ASAHI_SIM_RUNNING;
}

/* ldcf: the three coefficients of each register, in A, B, C order
 * (Mesa reads the flat value as component 2).  32-bit destinations get
 * the registers' bits as they are: flat integer varyings travel as the C
 * coefficient (Mesa's compiler reads flat ints with ldcf), so NaN
 * payloads and -0.0 must survive. */
static enum asahi_sim_status
exec_ldcf(struct asahi_sim_group *g, const struct agx_isa_instr *I)
{
   const struct agx_isa_operand *D = asahi_sim_op(I, AGX_ISA_LDCF_D);
   const struct agx_isa_operand *C = asahi_sim_op(I, AGX_ISA_LDCF_I);
   unsigned n = (D->count + 2) / 3;
   enum asahi_sim_status st;

   if (C->kind == AGX_ISA_KIND_CF && g->exec && D->count <= 12 &&
       !g->quad_coefficients) {
      /* A register named in the instruction: the same words for every
       * lane, converted once. */
      if ((st = cf_check(g, "ldcf", (uint32_t)C->value, n)) !=
          ASAHI_SIM_RUNNING)
         return st;
      uint32_t words[12];
      for (unsigned k = 0; k < D->count; k++) {
         float v = g->coefficients[(uint32_t)C->value + k / 3][k % 3];
         memcpy(&words[k], &v, sizeof(words[k]));
         if (D->size == 16)
            words[k] = to_reg(v, 16);
      }
      foreach_active_lane (g, t) {
         for (unsigned k = 0; k < D->count; k++)
            asahi_sim_write_run(g, D, k, t, words[k]);
      }
      return ASAHI_SIM_RUNNING;
   }

   foreach_active_lane (g, t) {
      uint32_t first = cf_index(g, C, t);
      if ((st = cf_check(g, "ldcf", first, n)) != ASAHI_SIM_RUNNING)
         return st;
      for (unsigned k = 0; k < D->count; k++) {
         float v = lane_coefficients(g, t)[first + k / 3][k % 3];
         uint32_t bits;
         memcpy(&bits, &v, sizeof(bits));
         asahi_sim_write_run(g, D, k, t,
                             D->size == 16 ? to_reg(v, 16) : bits);
      }
   }
   return ASAHI_SIM_RUNNING;
}

static enum asahi_sim_status
exec_st_var(struct asahi_sim_group *g, const struct agx_isa_instr *I,
            bool final)
{
   /* st_var and st_var_final share operand positions. */
   const struct agx_isa_operand *R = asahi_sim_op(I, AGX_ISA_ST_VAR_R);
   const struct agx_isa_operand *X = asahi_sim_op(I, AGX_ISA_ST_VAR_I);
   struct asahi_sim_uvs *u = &g->uvs;

   if (!u->words || !u->stride_words)
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                             "st_var without a UVS buffer (g->uvs)");
   foreach_active_lane (g, t) {
      uint32_t index = (uint32_t)asahi_sim_read_raw(g, X, t);
      if (index >= u->stride_words)
         return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                                "st_var to output %u of %u", index,
                                u->stride_words);
      u->words[(size_t)t * u->stride_words + index] =
         (uint32_t)asahi_sim_read_raw(g, R, t);
      if (index + 1 > u->written[t])
         u->written[t] = index + 1;
      if (final)
         u->final[t] = true;
   }
   return ASAHI_SIM_RUNNING;
}

/* sample_mask S, M: of the samples in S, those not in M are discarded
 * (Mesa: discard is sample_mask(samples, 0); the final
 * sample_mask(all, all) keeps everything still alive). */
static enum asahi_sim_status
exec_sample_mask(struct asahi_sim_group *g, const struct agx_isa_instr *I)
{
   const struct agx_isa_operand *S = asahi_sim_op(I, AGX_ISA_SAMPLE_MASK_S);
   const struct agx_isa_operand *M = asahi_sim_op(I, AGX_ISA_SAMPLE_MASK_M);

   foreach_active_lane (g, t) {
      uint16_t s = (uint16_t)asahi_sim_read_raw(g, S, t);
      uint16_t m = (uint16_t)asahi_sim_read_raw(g, M, t);
      g->frag.samples_decided[t] |= s;
      g->frag.samples_killed[t] |= (uint16_t)(s & ~m);
      g->frag.samples_cleared[t] |= (uint16_t)(s & ~m);
   }
   return ASAHI_SIM_RUNNING;
}

/* zs_emit S, T: depth (f32, two halves) then stencil (16 bits) for the
 * samples in S; which are present is in T's length (z counts 2 halves, s
 * one). */
static enum asahi_sim_status
exec_zs_emit(struct asahi_sim_group *g, const struct agx_isa_instr *I)
{
   const struct agx_isa_operand *S = asahi_sim_op(I, AGX_ISA_ZS_EMIT_S);
   const struct agx_isa_operand *T = asahi_sim_op(I, AGX_ISA_ZS_EMIT_T);
   bool z = T->count >= 2, s = T->count == 1 || T->count == 3;

   if (!z && !s)
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                             "zs_emit writes neither depth nor stencil");
   foreach_active_lane (g, t) {
      struct asahi_sim_frag *f = &g->frag;
      f->zs_samples[t] |= (uint16_t)asahi_sim_read_raw(g, S, t);
      if (z) {
         uint32_t bits = asahi_sim_read_run(g, T, 0, t) |
                         asahi_sim_read_run(g, T, 1, t) << 16;
         f->depth[t] = (float)asahi_sim_f32_to_double(bits, false);
         f->depth_written[t] = true;
      }
      if (s) {
         f->stencil[t] = (uint16_t)asahi_sim_read_run(g, T, z ? 2 : 0, t);
         f->stencil_written[t] = true;
      }
      if (f->zs_test)
         f->zs_test(f->zs_user, g, t);
   }
   return ASAHI_SIM_RUNNING;
}

static unsigned
first_active(const struct asahi_sim_group *g)
{
   return g->exec ? (unsigned)__builtin_ctz(g->exec) : 0;
}

/* tex_state_store / sampler_state_store TS, B, O: load descriptor O of the
 * heap at B into state slot TS (applegpu names the operands; the meaning
 * is inferred).  Recorded for the texture hooks. */
static enum asahi_sim_status
exec_state_store(struct asahi_sim_group *g, const struct agx_isa_instr *I,
                 bool texture)
{
   const struct agx_isa_operand *TS = asahi_sim_op(I, 0);
   const struct agx_isa_operand *B = asahi_sim_op(I, 1);
   const struct agx_isa_operand *O = asahi_sim_op(I, 2);
   unsigned slot = (unsigned)TS->value;
   unsigned max = texture ? ASAHI_SIM_TEXTURE_STATES : ASAHI_SIM_SAMPLER_STATES;
   struct asahi_sim_state_slot *slots =
      texture ? g->texture_state : g->sampler_state;

   if (slot >= max)
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC, "state slot %u of %u", slot,
                             max);
   uint16_t *set = texture ? &g->texture_states_set : &g->sampler_states_set;
   if (*set <= slot)
      *set = (uint16_t)(slot + 1);
   slots[slot] = (struct asahi_sim_state_slot){
      .valid = true,
      .heap = asahi_sim_read_raw(g, B, 0),
      .index = (uint32_t)asahi_sim_read_raw(g, O, first_active(g)),
   };
   return ASAHI_SIM_RUNNING;
}

enum asahi_sim_status
asahi_sim_exec_frag(struct asahi_sim_group *g, struct asahi_sim_exec *x)
{
   const struct agx_isa_instr *I = x->I;

   switch (I->op) {
   case AGX_ISA_OP_ITER:
      return exec_iter(g, I, false);
   case AGX_ISA_OP_ITERPROJ:
      return exec_iter(g, I, true);
   case AGX_ISA_OP_LDCF:
      return exec_ldcf(g, I);
   case AGX_ISA_OP_ST_VAR:
      return exec_st_var(g, I, false);
   case AGX_ISA_OP_ST_VAR_FINAL:
      return exec_st_var(g, I, true);
   case AGX_ISA_OP_SAMPLE_MASK:
      return exec_sample_mask(g, I);
   case AGX_ISA_OP_ZS_EMIT:
      return exec_zs_emit(g, I);
   case AGX_ISA_OP_TEX_STATE_STORE:
      return exec_state_store(g, I, true);
   case AGX_ISA_OP_SAMPLER_STATE_STORE:
      return exec_state_store(g, I, false);
   case AGX_ISA_OP_WAIT_PIX:
      /* Ordering between SIMD groups: groups run one at a time in
       * submission order, so it already holds; record the operands. */
      g->frag.wait_pix_count++;
      g->frag.wait_pix_mask =
         (unsigned)asahi_sim_op(I, AGX_ISA_WAIT_PIX_I)->value;
      return ASAHI_SIM_RUNNING;
   case AGX_ISA_OP_SIGNAL_PIX:
      g->frag.signal_pix_count++;
      g->frag.signal_pix_mask =
         (unsigned)asahi_sim_op(I, AGX_ISA_SIGNAL_PIX_I)->value;
      return ASAHI_SIM_RUNNING;
   case AGX_ISA_OP_JMP_INCOMPLETE:
      if (g->frag.incomplete)
         x->next_pc =
            x->pc + asahi_sim_op(I, AGX_ISA_JMP_INCOMPLETE_OFF)->value;
      return ASAHI_SIM_RUNNING;
   default:
      return ASAHI_SIM_ERR_UNSUPPORTED;
   }
}
