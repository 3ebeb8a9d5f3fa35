/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Entry points of the NIR -> AGX compiler: NIR preprocessing, the backend
 * pass order, statistics and debug flags.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nir_passes.h"
#include "util/u_debug.h"
#include "agx_compiler.h"
#include "agx_nir.h"

const nir_shader_compiler_options agx_nir_options = {
   .lower_fdiv = true,
   .lower_fmod = true,
   .lower_fpow = true,
   .lower_flrp16 = true,
   .lower_flrp32 = true,
   .lower_flrp64 = true,
   .lower_flrp_single_ffma = true,
   .lower_fsign = true,
   .lower_ffract = true,
   .lower_fsub = true,
   .lower_isub = true,
   .lower_scmp = true,
   .lower_idiv = true,
   /* about 15 instructions a division; AGX's rcp may be 1 ulp off
    * (alexvorxx/Mesa-VirGL src/asahi/compiler/agx_compile.c, libagx_frcp) */
   .idiv = { .reciprocal = true, .inexact_rcp = true },
   .lower_to_scalar = true,
   .lower_bool_to_bitsize = 32,
   /* Indirectly indexed local arrays of 256 bytes or more live in stack
    * memory (load/store_scratch), smaller ones become if-ladders (the
    * threshold Mesa's AGX compiler uses for nir_lower_vars_to_scratch). */
   .indirect_locals_scratch_min_bytes = 256,
   /* loops of up to 32 trips are unrolled, as by Mesa's AGX compiler
    * (alexvorxx/Mesa-VirGL src/asahi/compiler/agx_compile.h) */
   .max_unroll_iterations = 32,
};

/* AGX_MESA_DEBUG flags (names as in Mesa's AGX compiler, FACTS from
 * alexvorxx/Mesa-VirGL src/asahi/compiler/agx_compile.c). */
static const struct debug_named_value agx_debug_options[] = {
   {"shaders", AGX_DBG_SHADERS, "print the AGX IR after each backend pass"},
   {"shaderdb", AGX_DBG_SHADERDB, "print the SHADER-DB statistics line"},
   {"novalidate", AGX_DBG_NOVALIDATE, "skip IR validation (debug builds)"},
   {"nopreamble", AGX_DBG_NOPREAMBLE, "no preamble: uniform-only work "
                                      "stays in the shader"},
   {"no16", AGX_DBG_NO16, "no 16-bit arithmetic for mediump values"},
   {"nosched", AGX_DBG_NOSCHED, "no pre-RA instruction scheduling"},
   {"fewregs", AGX_DBG_FEWREGS, "allocate in r0-r15 only (tests spilling)"},
   DEBUG_NAMED_VALUE_END,
};

static int parsed = -1;

void
agx_compiler_set_debug(unsigned flags)
{
   parsed = (int)flags;
}

unsigned
agx_compiler_debug(void)
{
   if (parsed < 0)
      parsed =
         (int)debug_get_flags_option("AGX_MESA_DEBUG", agx_debug_options, 0);
   return (unsigned)parsed;
}

bool
agx_preprocess_nir(nir_shader *nir)
{
   gl_shader_stage stage = nir->info.stage;
   if (stage != MESA_SHADER_VERTEX && stage != MESA_SHADER_FRAGMENT &&
       stage != MESA_SHADER_COMPUTE)
      return false;

   nir->options = &agx_nir_options;

   /* I/O is addressed by its GL location: load_input/store_output bases
    * are VERT_ATTRIB_*, VARYING_SLOT_* and FRAG_RESULT_* values.  The
    * compatibility attributes (gl_Normal ...) are the exception: they are
    * read from the generic slot the linker gave them (glsl_program.h). */
   nir_foreach_variable_with_modes(var, nir,
                                   nir_var_shader_in | nir_var_shader_out) {
      bool conventional = stage == MESA_SHADER_VERTEX &&
                          var->mode == nir_var_shader_in &&
                          var->data.location >= VERT_ATTRIB_NORMAL &&
                          var->data.location < VERT_ATTRIB_COUNT;
      if (conventional)
         var->data.driver_location += VERT_ATTRIB_GENERIC0;
      else
         var->data.driver_location = (unsigned)var->data.location;
   }

   bool progress = false;
   NIR_PASS(progress, nir, agx_nir_lower_outputs_to_temporaries);
   NIR_PASS(progress, nir, nir_lower_interp_derefs);
   NIR_PASS(progress, nir, agx_nir_lower_indirect_inputs);
   NIR_PASS(progress, nir, agx_nir_lower_clip_distance);
   NIR_PASS(progress, nir, agx_nir_lower_indirect_locals);
   NIR_PASS(progress, nir, nir_lower_vars_to_ssa);
   NIR_PASS(progress, nir, nir_lower_system_values);
   NIR_PASS(progress, nir, agx_nir_lower_primitive_id);
   NIR_PASS(progress, nir, nir_lower_io,
            nir_var_shader_in | nir_var_shader_out | nir_var_uniform, NULL);
   /* before the booleans of its ifs are lowered */
   NIR_PASS(progress, nir, agx_nir_lower_ubo);
   NIR_PASS(progress, nir, agx_nir_lower_ssbo);
   /* sampler arrays indexed by loop counters or at run time (ifs) */
   NIR_PASS(progress, nir, agx_nir_lower_tex_deref);
   NIR_PASS(progress, nir, agx_nir_lower_image);
   /* (its selects and compares become the backend's forms next) */
   NIR_PASS(progress, nir, agx_nir_lower_txd_cube);
   NIR_PASS(progress, nir, nir_lower_idiv, &agx_nir_options.idiv);
   NIR_PASS_V(nir, nir_lower_for_options);
   NIR_PASS(progress, nir, agx_nir_lower_sqrt);
   NIR_PASS(progress, nir, agx_nir_lower_rect);
   NIR_PASS(progress, nir, agx_nir_lower_buffer_texture);
   NIR_PASS(progress, nir, nir_opt_peephole_select, 64);
   NIR_PASS_V(nir, nir_optimize);
   /* loops that repeat an earlier one (skia's noise, once per channel)
    * go, and what read their values merges (since wave 17) */
   bool loops = false;
   NIR_PASS(loops, nir, nir_opt_loop_cse);
   if (loops)
      NIR_PASS_V(nir, nir_optimize);
   /* GLSL ES mediump float arithmetic at 16 bits (before ffma fusion,
    * which then fuses 16-bit multiplies and adds) */
   if (!(agx_compiler_debug() & AGX_DBG_NO16) && nir_lower_mediump(nir)) {
      NIR_PASS_V(nir, nir_copy_prop);
      NIR_PASS_V(nir, nir_opt_dce);
      NIR_PASS_V(nir, agx_nir_narrow_inputs);
      NIR_PASS_V(nir, nir_copy_prop);
      NIR_PASS_V(nir, nir_opt_constant_folding);
      NIR_PASS_V(nir, nir_opt_cse);
      NIR_PASS_V(nir, nir_opt_dce);
   }
   /* fmadd costs what fadd does (applegpu: fmadd32/fmadd16). */
   if (nir_opt_fuse_ffma(nir)) {
      NIR_PASS_V(nir, nir_opt_dce);
      NIR_PASS_V(nir, nir_copy_prop);
   }
   (void)progress;
   return true;
}

static bool
check(agx_context *ctx, const char *after)
{
   if (ctx->status)
      return false;
#ifndef NDEBUG
   if (!(ctx->debug & AGX_DBG_NOVALIDATE)) {
      char msg[256];
      if (!agx_validate(ctx, after, msg, sizeof(msg))) {
         agx_fail(ctx, AGX_COMPILE_INVALID, "invalid IR %s", msg);
         /* AGX_MESA_DEBUG=shaders: the IR that failed, too */
         if (ctx->debug & AGX_DBG_SHADERS)
            agx_print_shader(stderr, ctx);
         return false;
      }
   }
#else
   (void)after;
#endif
   if (ctx->debug & AGX_DBG_SHADERS) {
      fprintf(stderr, "AGX IR after %s:\n", after);
      agx_print_shader(stderr, ctx);
   }
   return true;
}

static unsigned
max_threads(unsigned halves)
{
   /* Occupancy by register demand: alexvorxx/Mesa-VirGL
    * src/asahi/compiler/agx_performance.c */
   static const unsigned table[][2] = {
      {104, 1024}, {112, 896}, {128, 832}, {136, 768}, {144, 704},
      {160, 640},  {184, 576}, {208, 512}, {232, 448}, {256, 384},
   };
   for (unsigned i = 0; i < sizeof(table) / sizeof(table[0]); ++i) {
      if (halves <= table[i][0])
         return table[i][1];
   }
   return 384;
}

void
agx_shader_stats(const struct agx_shader_binary *bin, char *out, size_t size)
{
   const struct agx_shader_info *info = &bin->info;
   snprintf(out, size,
            "%s shader: %u inst, %u alu, %u fscib, %u ic, "
            "%u bytes, %u regs, %u uniforms, %u scratch, %u threads, "
            "%u loops, %u:%u spills:fills",
            gl_shader_stage_name(info->stage),
            info->nr_instrs, info->nr_alu, info->nr_fscib, info->nr_ic,
            info->code_bytes, info->nr_gprs, info->push_count,
            info->scratch_size_B, max_threads(info->nr_gprs), info->nr_loops,
            info->nr_spills, info->nr_fills);
}

void
agx_shader_db_line(const struct agx_shader_binary *bin, const char *label,
                   char *out, size_t size)
{
   char stats[448];
   agx_shader_stats(bin, stats, sizeof(stats));
   snprintf(out, size, "SHADER-DB: %s - %s", label ? label : "", stats);
}

static void
gather_stats(agx_context *ctx, struct agx_shader_binary *out)
{
   struct agx_shader_info *info = &out->info;
   /* loads pending since the last wait, and the sum of their positions */
   unsigned pending = 0, pending_pos = 0;
   agx_foreach_instr_global(ctx, I)
   {
      if (I->op == AGX_ISA_OP_WAIT) {
         /* a load at p and this wait at w: w - p - 1 in between */
         info->async_cover += pending * (info->nr_instrs - 1) - pending_pos;
         pending = pending_pos = 0;
         info->nr_waits++;
      }
      if (agx_is_async_load(I->op)) {
         info->nr_async++;
         pending++;
         pending_pos += info->nr_instrs;
      }
      info->nr_instrs++;
      switch (I->op) {
      case AGX_ISA_OP_STOP:
      case AGX_ISA_OP_WAIT:
      case AGX_ISA_OP_WAIT_PIX:
      case AGX_ISA_OP_ST_VAR:
      case AGX_ISA_OP_ST_VAR_FINAL:
      case AGX_ISA_OP_ST_TILE:
      case AGX_ISA_OP_SAMPLE_MASK:
      case AGX_ISA_OP_DEVICE_LOAD:
      case AGX_ISA_OP_ITER:
      case AGX_ISA_OP_ITERPROJ:
      case AGX_ISA_OP_LDCF:
         break;
      case AGX_ISA_OP_RCP:
      case AGX_ISA_OP_RSQRT:
      case AGX_ISA_OP_LOG2:
      case AGX_ISA_OP_EXP2:
      case AGX_ISA_OP_SIN_PT_1:
      case AGX_ISA_OP_SIN_PT_2:
         info->nr_alu++;
         info->nr_fscib += 4;
         break;
      case AGX_ISA_OP_IMADD:
      case AGX_ISA_OP_IMSUB:
         info->nr_alu++;
         info->nr_ic += 2;
         break;
      default:
         info->nr_alu++;
         info->nr_fscib++;
         break;
      }
   }
}

/* Whether the program changes memory others can see: device stores and
 * atomics, image stores (stack and uniform stores are its own). */
static bool
writes_memory(agx_context *ctx)
{
   agx_foreach_instr_global(ctx, I)
   {
      if (I->op == AGX_ISA_OP_DEVICE_STORE || I->op == AGX_ISA_OP_ATOMIC ||
          I->op == AGX_ISA_OP_IMAGE_WRITE)
         return true;
   }
   return false;
}

void
agx_pass_times_add(struct agx_pass_times *times, const char *name,
                   double seconds)
{
   for (unsigned i = 0; i < times->count; ++i) {
      if (!strcmp(times->name[i], name)) {
         times->seconds[i] += seconds;
         return;
      }
   }
   if (times->count < AGX_MAX_PASS_TIMES) {
      times->name[times->count] = name;
      times->seconds[times->count++] = seconds;
   }
}

static double
cpu_seconds(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Charge the time since `since` to `name`; returns the time now. */
static double
pass_done(struct agx_pass_times *times, const char *name, double since)
{
   if (!times)
      return 0;
   double now = cpu_seconds();
   agx_pass_times_add(times, name, now - since);
   return now;
}

/* How far scheduling may raise a region's register demand (halves), and
 * the demand that keeps the most threads (alexvorxx/Mesa-VirGL
 * src/asahi/compiler/agx_performance.c; max_threads above) */
#define AGX_SCHED_SLACK 16
#define AGX_SCHED_MAX_HALVES 104

/* Schedule again from the order before scheduling */
static void
reschedule(agx_context *ctx, agx_instr **order, unsigned slack,
           struct agx_pass_times *times, double *t)
{
   agx_restore_order(ctx, order);
   agx_schedule(ctx, slack);
   *t = pass_done(times, "schedule", *t);
}

/*
 * Register allocation, spilling to the stack while registers run out.
 *
 * `order` is the order before scheduling, when the schedule let register
 * demand grow (AGX_SCHED_SLACK).  That growth may not cost threads: over
 * AGX_SCHED_MAX_HALVES (the most that keeps every thread), the shader is
 * scheduled again without growth, and keeps the growing schedule only
 * when that needs as many halves for the same occupancy; when registers
 * run out, the schedule without growth stays.  The allocation kept is
 * one made already over the budget (the first round's, or the last's),
 * put back rather than made again (agx_ra_restore).
 */
static bool
allocate(agx_context *ctx, struct agx_pass_times *times, double *t,
         agx_instr **order)
{
   unsigned grown_need = 0;
   bool tried_plain = false;
   struct agx_ra_saved first = {0}, last = {0};
   ctx->ra_max_halves = order ? AGX_SCHED_MAX_HALVES : 0;
   for (unsigned round = 0;; ++round) {
      /* the first allocation apart from the later rounds (budget,
       * spilling), so that the benchmark shows how each grows */
      const char *pass = round ? "ra (again)" : "ra";
      ctx->ra_over_budget = 0;
      if (agx_ra(ctx)) {
         *t = pass_done(times, pass, *t);
         return true;
      }
      *t = pass_done(times, pass, *t);
      if (ctx->status != AGX_COMPILE_TOO_BIG || round == 256) {
         agx_ra_release(ctx);
         return false;
      }
      ctx->status = AGX_COMPILE_OK;
      if (order && ctx->ra_over_budget) {
         /* the first round's allocation (growing schedule, every
          * reservation), or the plain schedule's after it */
         agx_ra_save(ctx, round == 0 ? &first : &last);
         *t = pass_done(times, "ra (again)", *t);
      }
      for (unsigned v = 0; v < ctx->nr_values; ++v)
         ctx->values[v].reg = -1;
      if (order) {
         unsigned need = ctx->ra_over_budget;
         if (need && !tried_plain) {
            /* the same schedule with fewer reservations first; when
             * that is over the budget too, they were not the cause.
             * Nothing but the registers changed: the live sets stay
             * (since wave 14) */
            ctx->ra_first_collect_only = tried_plain = true;
            ctx->ra_liveness_valid = true;
            continue;
         }
         ctx->ra_first_collect_only = false;
         if (need && !grown_need) {
            /* over the budget: what does the schedule without growth
             * need? */
            grown_need = need;
            reschedule(ctx, order, 0, times, t);
            continue;
         }
         bool grow = need && max_threads(need) == max_threads(grown_need);
         if (need && (grow ? first.order : last.order)) {
            /* allocating again without the budget would give that
             * allocation again */
            agx_ra_release(ctx);
            agx_ra_restore(ctx, grow ? &first : &last);
            *t = pass_done(times, "ra (again)", *t);
            return true;
         }
         reschedule(ctx, order, grow ? AGX_SCHED_SLACK : 0, times, t);
         ctx->ra_max_halves = 0;
         order = NULL;
         continue;
      }
      if (!agx_spill(ctx)) {
         agx_fail(ctx, AGX_COMPILE_TOO_BIG,
                  "out of registers, and nothing left to spill");
         return false;
      }
      *t = pass_done(times, "spill", *t);
      if (!check(ctx, "spill"))
         return false;
   }
}

/*
 * The stack frame: the shader reserves it at entry with stack_adjust, in
 * 32-bit words, 40 bytes more than it addresses, rounded to 4 words, as
 * the vendor compiler does (fact: alexvorxx/Mesa-VirGL
 * src/asahi/compiler/agx_compile.c, "Apple always allocate 40 more bytes").
 * The fields of stack_adjust nobody has decoded take Mesa's values
 * (agx_pack.c).  A fragment shader runs once per pixel here (no sample
 * loop), so the frame is never released.
 */
static void
reserve_stack(agx_context *ctx)
{
   struct agx_shader_info *info = ctx->info;
   info->scratch_size_B = ctx->scratch_size_B;
   info->nr_spills = ctx->nr_spills;
   info->nr_fills = ctx->nr_fills;
   if (!ctx->scratch_size_B)
      return;
   unsigned dw = AGX_ALIGN(DIV_ROUND_UP(ctx->scratch_size_B, 4) + 10, 4);
   agx_block *first = list_first_entry(&ctx->blocks, agx_block, link);
   agx_instr *head = list_is_empty(&first->instrs)
                        ? NULL
                        : list_first_entry(&first->instrs, agx_instr, link);
   agx_builder b = {ctx, first, head};
   agx_instr *I = agx_emit(&b, AGX_ISA_OP_STACK_ADJUST);
   I->ops[AGX_ISA_STACK_ADJUST_I0] = agx_isa_imm(0, 2);
   I->ops[AGX_ISA_STACK_ADJUST_I1] = agx_isa_imm(1, 1);
   I->ops[AGX_ISA_STACK_ADJUST_I2] = agx_isa_imm(2, 3);
   I->ops[AGX_ISA_STACK_ADJUST_I3] = agx_isa_imm(0, 3);
   I->ops[AGX_ISA_STACK_ADJUST_I4] = agx_isa_imm(0, 6);
   I->ops[AGX_ISA_STACK_ADJUST_V] = agx_isa_imm(dw, 16);
   info->scratch_size_dw = dw;
}

int
agx_compile_shader_nir(const nir_shader *nir_in,
                       const struct agx_shader_key *key, void *mem_ctx,
                       struct agx_shader_binary *out, char *error,
                       size_t error_size)
{
   return agx_compile_shader_nir_timed(nir_in, key, mem_ctx, out, error,
                                       error_size, NULL);
}

/* The backend from selection to packing, for the shader or its
 * preamble; the code goes to *code / *size_B. */
static bool
compile_program(agx_context *ctx, nir_shader *nir, void *mem_ctx,
                struct agx_shader_binary *out, uint8_t **code, size_t *size_B,
                struct agx_pass_times *times, double *tp)
{
   double t = *tp;
   bool ok = agx_emit_nir(ctx, nir);
   t = pass_done(times, "isel", t);
   if (ok && check(ctx, "selection")) {
      t = pass_done(times, "validate", t);
      agx_opt_cse(ctx);
      t = pass_done(times, "cse", t);
      agx_opt_fold(ctx);
      t = pass_done(times, "fold", t);
      agx_opt_promote_constants(ctx);
      t = pass_done(times, "promote_constants", t);
      /* DCE first: a conversion that every reader looked through
       * (agx_isel.c fsrc_c) must not count as a second use for sat */
      agx_dce(ctx);
      t = pass_done(times, "dce", t);
      agx_opt_sat(ctx);
      t = pass_done(times, "sat", t);
      if (ctx->remat_constants) {
         /* nothing to rematerialize: the first compile stands */
         ctx->remat_constants = agx_opt_remat_constants(ctx);
         t = pass_done(times, "remat_constants", t);
         if (!ctx->remat_constants) {
            *tp = t;
            return false;
         }
      }
      agx_instr **order = NULL;
      if (!(ctx->debug & AGX_DBG_NOSCHED)) {
         order = agx_save_order(ctx);
         agx_schedule(ctx, AGX_SCHED_SLACK);
      }
      t = pass_done(times, "schedule", t);
      ok = check(ctx, "schedule");
      t = pass_done(times, "validate", t);
      ok = ok && allocate(ctx, times, &t, order);
      if (ok && check(ctx, "ra")) {
         t = pass_done(times, "validate", t);
         agx_lower_pseudo(ctx);
         agx_insert_waits(ctx);
         reserve_stack(ctx);
         t = pass_done(times, "lower_pseudo", t);
         ok = check(ctx, "lower_pseudo");
         t = pass_done(times, "validate", t);
         if (ok) {
            gather_stats(ctx, out);
            out->info.writes_memory = writes_memory(ctx);
            t = pass_done(times, "stats", t);
            agx_pack(ctx, mem_ctx, code, size_B);
            t = pass_done(times, "pack", t);
         }
      }
   }
   *tp = t;
   return ctx->status == 0;
}

/* Threads a shader's registers allow, counting its preamble's */
static unsigned
binary_threads(const struct agx_shader_info *info)
{
   return max_threads(MAX2(info->nr_gprs, info->nr_preamble_gprs));
}

/*
 * A shader whose register demand costs threads (or spills) is compiled a
 * second time with its constants rematerialized in each block that reads
 * them (agx_opt_remat_constants.c), from the same start (push layout,
 * preamble); that compile is kept when it spills less, or as much with
 * more threads.  It costs instructions (the moves again), so shaders that
 * keep every thread never see it.  On success *ctx, *code and *size are
 * the second compile's.
 */
static void
try_remat_constants(agx_context **ctx, nir_shader *nir, void *tmp,
                    struct agx_shader_binary *out,
                    const struct agx_shader_info *start, unsigned start_uniform,
                    uint8_t **code, size_t *size, struct agx_pass_times *times,
                    double *t)
{
   const struct agx_shader_info *info = &out->info;
   unsigned moves = info->nr_spills + info->nr_fills;
   if (binary_threads(info) == max_threads(0) && !moves)
      return;
   struct agx_shader_binary alt = *out;
   alt.info = *start;
   agx_context *actx =
      agx_context_create(tmp, nir->info.stage, (*ctx)->key, &alt.info);
   actx->debug = (*ctx)->debug;
   actx->next_uniform = start_uniform;
   actx->gl_uniform_words = (*ctx)->gl_uniform_words;
   actx->remat_constants = true;
   uint8_t *acode = NULL;
   size_t asize = 0;
   if (!compile_program(actx, nir, tmp, &alt, &acode, &asize, times, t))
      return;
   unsigned alt_moves = alt.info.nr_spills + alt.info.nr_fills;
   if (alt_moves > moves ||
       (alt_moves == moves && binary_threads(&alt.info) <= binary_threads(info)))
      return;
   out->info = alt.info;
   *ctx = actx;
   *code = acode;
   *size = asize;
}

/* The default uniform block's words a shader reads at constant offsets. */
static unsigned
gl_uniform_words(nir_shader *nir)
{
   unsigned words = 0;
   nir_foreach_block(block, nir_shader_get_entrypoint(nir))
   {
      nir_foreach_instr(instr, block)
      {
         if (instr->type != nir_instr_type_intrinsic)
            continue;
         nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
         if (intr->intrinsic != nir_intrinsic_load_uniform ||
             nir_def_instr(intr->src[0].ssa)->type != nir_instr_type_load_const)
            continue;
         unsigned off = nir_instr_as_load_const(nir_def_instr(intr->src[0].ssa))
                           ->value[0]
                           .u32;
         words = MAX2(words, 4 * (nir_intrinsic_base(intr) + off) +
                                intr->def.num_components);
      }
   }
   return words;
}

/*
 * The preamble (agx_nir_opt_preamble.c): compiled first, with its own
 * info, so that its push ranges come first and the shader reuses them;
 * its results take uniform halves [0, halves).  Its statistics stay out
 * of the shader's (as Mesa's, alexvorxx/Mesa-VirGL src/asahi/compiler/
 * agx_compile.c).  False when it could not be compiled (the caller then
 * compiles without a preamble).
 */
static bool
compile_preamble(nir_shader *pre, unsigned halves, unsigned gl_words,
                 const struct agx_shader_key *key, void *tmp,
                 struct agx_shader_binary *out, struct agx_context **main_ctx,
                 uint8_t **code, size_t *size_B, struct agx_pass_times *times,
                 double *t)
{
   struct agx_shader_binary pbin;
   memset(&pbin, 0, sizeof(pbin));
   pbin.info.stage = out->info.stage;
   pbin.info.push_count = halves;
   agx_context *pctx =
      agx_context_create(tmp, pre->info.stage, key, &pbin.info);
   pctx->debug = agx_compiler_debug();
   pctx->is_preamble = true;
   pctx->next_uniform = halves;
   pctx->gl_uniform_words = gl_words;
   if (!compile_program(pctx, pre, tmp, &pbin, code, size_B, times, t) ||
       pbin.info.scratch_size_dw)
      return false;

   struct agx_shader_info *info = &out->info;
   info->nr_push = pbin.info.nr_push;
   memcpy(info->push, pbin.info.push, sizeof(info->push));
   info->push_count = pbin.info.push_count;
   info->nr_preamble_gprs = pbin.info.nr_gprs;
   info->nr_preamble_instrs = pbin.info.nr_instrs;
   info->preamble_halves = halves;
   (*main_ctx)->next_uniform = pctx->next_uniform;
   (*main_ctx)->gl_uniform_words = gl_words;
   return true;
}

/* A preamble storing `halves` did not fit (out of uniform registers,
 * most often): the budget for the next try, 0 for none. */
static unsigned
smaller(unsigned halves)
{
   return halves > 16 ? halves / 2 : 0;
}

static int
compile_variant(const nir_shader *nir_in, const struct agx_shader_key *key,
                void *mem_ctx, struct agx_shader_binary *out, char *error,
                size_t error_size, struct agx_pass_times *times,
                unsigned preamble_halves)
{
   memset(out, 0, sizeof(*out));
   out->info.stage = nir_in->info.stage;
   out->info.early_fragment_tests =
      nir_in->info.stage == MESA_SHADER_FRAGMENT &&
      nir_in->info.fs.early_fragment_tests;

   double t = times ? cpu_seconds() : 0;
   void *tmp = ralloc_context(NULL);
   nir_shader *nir = nir_shader_clone(tmp, nir_in);
   /* Key-dependent NIR: transform feedback stores (then booleans and
    * vectors in the backend's forms again). */
   if (nir->info.stage == MESA_SHADER_VERTEX && key->vs.xfb.nr_outputs &&
       agx_nir_lower_xfb(nir, &key->vs.xfb)) {
      nir_lower_idiv(nir, &agx_nir_options.idiv);
      nir_lower_for_options(nir);
   }
   /* After the captures: they keep gl_Position as written. */
   if (nir->info.stage == MESA_SHADER_VERTEX && key->vs.remap_z &&
       agx_nir_remap_position_z(nir))
      nir_lower_for_options(nir);
   if (nir->info.stage == MESA_SHADER_VERTEX && key->vs.fixed_point_size > 0 &&
       agx_nir_fixed_point_size(nir, key->vs.fixed_point_size))
      nir_lower_for_options(nir);
   if (nir->info.stage == MESA_SHADER_FRAGMENT &&
       key->fs.sprite_coord_replace &&
       agx_nir_point_sprite(nir, key->fs.sprite_coord_replace))
      nir_lower_for_options(nir);
   /* mediump colours stored at 16 bits where the targets take them,
    * mediump varyings in packed 16-bit slots (after the captures, which
    * keep the 32-bit values) */
   if (!(agx_compiler_debug() & AGX_DBG_NO16) &&
       agx_nir_narrow_outputs(nir, key))
      nir_opt_dce(nir);
   agx_context *ctx = agx_context_create(tmp, nir->info.stage, key, &out->info);
   ctx->debug = agx_compiler_debug();
   t = pass_done(times, "clone", t);

   uint8_t *pre_code = NULL;
   size_t pre_size = 0;
   bool has_preamble = false;
   unsigned halves = 0;
   if (preamble_halves && !(ctx->debug & AGX_DBG_NOPREAMBLE)) {
      unsigned gl_words = gl_uniform_words(nir);
      nir_shader *pre =
         agx_nir_opt_preamble(nir, tmp, preamble_halves,
                              gl_words > AGX_MAX_PUSHED_GL_WORDS, &halves);
      t = pass_done(times, "preamble", t);
      if (pre) {
         if (!compile_preamble(pre, halves, gl_words, key, tmp, out, &ctx,
                               &pre_code, &pre_size, times, &t)) {
            ralloc_free(tmp);
            return compile_variant(nir_in, key, mem_ctx, out, error,
                                   error_size, times, smaller(halves));
         }
         has_preamble = true;
      }
   }

   uint8_t *code = NULL;
   size_t size = 0;
   const struct agx_shader_info start = out->info;
   unsigned start_uniform = ctx->next_uniform;
   bool ok = compile_program(ctx, nir, tmp, out, &code, &size, times, &t);
   if (!ok && has_preamble) {
      ralloc_free(tmp);
      return compile_variant(nir_in, key, mem_ctx, out, error, error_size,
                             times, smaller(halves));
   }
   if (ok)
      try_remat_constants(&ctx, nir, tmp, out, &start, start_uniform, &code,
                          &size, times, &t);
   if (ok) {
      /* the shader at offset 0, its preamble after it (both padded) */
      out->size_B = size + pre_size;
      out->code = ralloc_size(mem_ctx, out->size_B ? out->size_B : 1);
      memcpy(out->code, code, size);
      if (has_preamble) {
         memcpy(out->code + size, pre_code, pre_size);
         out->info.preamble_offset = (unsigned)size;
         out->info.has_preamble = true;
         out->info.nr_gprs =
            MAX2(out->info.nr_gprs, out->info.nr_preamble_gprs);
      }
      out->info.code_bytes = (unsigned)size;
   }

   int status = ctx->status;
   if (status && error && error_size)
      snprintf(error, error_size, "%s", ctx->error);

   if (!status && (ctx->debug & AGX_DBG_SHADERDB)) {
      char line[512];
      agx_shader_db_line(out, nir->info.name, line, sizeof(line));
      fprintf(stderr, "%s\n", line);
   }

   ralloc_free(tmp);
   pass_done(times, "free", t);
   if (status)
      memset(&out->code, 0, sizeof(out->code));
   return status;
}

int
agx_compile_shader_nir_timed(const nir_shader *nir_in,
                             const struct agx_shader_key *key, void *mem_ctx,
                             struct agx_shader_binary *out, char *error,
                             size_t error_size, struct agx_pass_times *times)
{
   return compile_variant(nir_in, key, mem_ctx, out, error, error_size, times,
                          AGX_PREAMBLE_MAX_HALVES);
}
