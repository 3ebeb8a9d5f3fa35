/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * agx-difftest: random NIR shaders (nir_random_shader) through the NIR
 * interpreter and through the AGX compiler + simulator; every output bit
 * is compared.
 *
 * The reference is the interpreter on the NIR the backend receives (after
 * agx_preprocess_nir, whose NIR passes have their own differential tests),
 * so lowerings such as a / b = a * rcp(b) are the same on both sides.
 *
 * Each shader runs 3 times as a SIMD group of 32 vertices: lane t of run r
 * reads the inputs of variant 32 r + t and the uniforms of variant r, so
 * control flow diverges across lanes.  The random shaders' outputs (slots
 * 0..4) are moved to VARYING_SLOT_VAR0.. for compilation; attributes 0-3
 * are fetched from one vertex buffer (float, float, int, int vec4s).
 *
 * With --stage compute the preprocessed shader's attribute loads and
 * output stores become storage buffer loads and stores at
 * gl_GlobalInvocationID.x (to_compute), and lane t of run r is invocation
 * 32 r + t of threadgroup r.
 *
 * Every binary must also disassemble and reassemble to the same bytes.
 *
 * Comparison rules, each named when it applies:
 *  - "nan": two NaNs are equal whatever their payloads (the hardware
 *    returns one canonical NaN: docs/simulator.rst);
 *  - "ftz": AGX flushes fp32 denormals to zero in float arithmetic
 *    (applegpu, docs/simulator.rst).  When the reference run produced a
 *    NaN, infinity or subnormal float (nir_eval_state.saw_special_float),
 *    or a float input, uniform or constant of the lane is subnormal, or a
 *    result was exactly the smallest normal (a subnormal the interpreter
 *    rounded up, which the hardware flushes before rounding), a
 *    mismatch in that lane is allowed (and counted), since flushing may
 *    legitimately change any later result;
 *  - "approx": with rcp/rsqrt/exp2/log2 in the shader floats may differ
 *    by up to 4 ulp: GLSL ES 3.00 §4.5.1 gives inversesqrt 2 ULP, division
 *    2.5 ULP and exp2/log2 3 ULP, the simulator rounds these correctly
 *    while the interpreter may round twice (1 / sqrt(x)), and the result
 *    goes through further arithmetic;
 *  - "minmax": NIR's fmin/fmax order -0 below +0; GLSL defines min(x, y)
 *    as y < x ? y : x and max(x, y) as y > x ? y : x (GLSL 4.60 section
 *    8.3), which is what the compiler emits (one fcmpsel ltn/gtn, whose
 *    NaN operand loses), so a tie between zeros gives x.  A lane that
 *    mismatches in a shader with fmin/fmax is evaluated again with them
 *    rewritten to exactly that (NaN losing), and passes, counted, if it
 *    matches then;
 *  - "rsqrt": the interpreter computes rsqrt as 1.0f / sqrtf(x) (two
 *    roundings) and the simulator rounds once; floor/fract or a comparison
 *    later can turn that last bit into any difference, so in shaders with
 *    rsqrt (sqrt becomes rcp(rsqrt)) a mismatching lane is counted, not
 *    failed.
 *  - "bound" (--mediump and --lossy, where "approx" and "rsqrt" do not
 *    apply): the reference carries an error bound for every value
 *    (nir_eval_bound.h), propagated through each operation from the
 *    precision the operation is allowed (agx_difftest_bounds.c: GLSL ES
 *    3.00 section 4.5.1's table, binary16 rounding for mediump); a float
 *    output within its bound of the reference passes.  An output whose
 *    bound is unknown (a comparison, conversion or floor the error could
 *    turn, a pole, control flow decided by an inexact value) is counted,
 *    not compared (rule "unbounded"); the summary says how many outputs
 *    had a bound.
 * Lanes whose reference run fails (step limit) are not compared; at least
 * half of the lanes must be compared or the shader counts as failed.
 * With --verbose every difference a rule allows is printed with the
 * rule's name ("allowed ... (rule ...)").
 *
 * --derivatives (with --stage fragment): the random shaders take fddx and
 * fddy of random values where every lane runs (nir_random_options
 * .allow_derivatives; our NIR has no coarse forms: dFdxCoarse is
 * computed as dFdxFine, docs/glsl.rst).  The reference runs the lanes
 * 4q..4q+3 of a group as one quad (nir_eval_run_quad; bit 0 of the lane
 * is its x in the quad, bit 1 its y, the simulator's layout), so both
 * sides take the difference of the same two lanes.  A derivative is one
 * subtraction rounded once on both sides, so no new tolerance: but a
 * lane's result now depends on its neighbours', so the "ftz" exemption
 * of a lane extends to its quad (rule "ftz-quad": a NaN, infinity or
 * subnormal in any lane of the quad).
 */

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asahi/sim/asahi_sim.h"
#include "tests/agx_test_util.h"
#include "nir_builder.h"
#include "nir_passes.h"
#include "nir_random_shader.h"
#include "util/u_math.h"
#include "agx_compile.h"
#include "agx_difftest_bounds.h"
#include "agx_sim_preamble.h"

#define RUNS 3
#define LANES 32
#define OUT_SLOTS 5
#define IN_SLOTS 4

/* --stage fragment: the random shaders run as fragment shaders */
static bool frag_stage;
/* --derivatives: fragment shaders with fddx/fddy, run in quads */
static bool derivs_mode;
/* --stage compute: they run as compute shaders reading their inputs from
 * one storage buffer and writing their outputs to another (to_compute) */
static bool compute_stage;
/* --mediump: every ALU instruction is marked mediump (GLSL ES lowp and
 * mediump arithmetic), so nir_lower_mediump computes what it can at 16
 * bits; the reference is the interpreter on that NIR, and floats may
 * differ within the error bounds of mediump precision (rule "bound") */
static bool mediump_mode;
/* --mediump-int: only the integer operations are marked (each int or
 * uint, drawn from the seed), so nothing is imprecise: the 16-bit
 * integer arithmetic must match the interpreter's bit for bit */
static bool mediump_int_mode;
/* --lossy: the generator's lossy operations (exp2, log2, pow, sin, cos,
 * fmod, lrp; nir_random_options.allow_lossy_ops) too; floats compared
 * within error bounds (rule "bound") */
static bool lossy_mode;
/* --mediump and --lossy: the reference carries error bounds */
static nir_eval_bounds bounds;
static bool bounds_on;

struct stats {
   unsigned passed, failed, unsupported;
   /* instructions of every form seen in the compiled binaries */
   unsigned coverage[AGX_ISA_NUM_OPS];
   unsigned lanes_compared, lanes_skipped_ftz, approx_used, nan_used;
   unsigned rsqrt_used, minmax_used;
   /* --mediump, --lossy: differences within the bound, outputs without
    * one that differed, and outputs compared with / without a bound */
   unsigned bound_used, unbounded_used, outputs_bounded, outputs_unbounded;
   /* --derivatives: lanes let through for their quad's specials */
   unsigned quad_ftz_used;
   /* vertex shaders writing 16-bit varying slots (packed pairs) */
   unsigned varyings_16;
   /* integer instructions with a 16-bit destination or operand */
   unsigned int16_ops;
   /* convert instructions by mode, with the mode's printed name */
   unsigned convert_modes[64];
   char convert_names[64][16];
   char first_unsupported[160];
};

static void
usage(FILE *fp)
{
   fprintf(
      fp,
      "usage: agx-difftest [--seed S] [--count N] [--skip S,S,...]\n"
      "                    [--stage vertex|fragment|compute] [--verbose]\n"
      "\n"
      "Builds N random NIR vertex shaders from seeds S, S+1, ...\n"
      "(nir_random_shader), runs each through the NIR interpreter and\n"
      "through the AGX compiler and the USC simulator (3 SIMD groups\n"
      "of 32 vertices), and compares every output bit.  Prints one\n"
      "line per mismatch with a reproducer (seed, NIR, disassembly)\n"
      "and ends with `N passed, N failed` (plus shaders the compiler\n"
      "does not support yet).  Exit status 0 when nothing failed.\n"
      "\n"
      "  --seed S     first seed (default 1)\n"
      "  --count N    number of shaders (default 100)\n"
      "  --skip S,S   seeds of the range not run (known differences,\n"
      "               docs/compiler.rst); counted as skipped\n"
      "  --stage S    run them as vertex (default) or fragment shaders:\n"
      "               inputs become varyings (float smooth, int flat),\n"
      "               outputs RGBA32 render targets; or as compute\n"
      "               shaders: inputs and outputs become storage buffer\n"
      "               loads and stores at gl_GlobalInvocationID.x\n"
      "  --mediump    mark every ALU instruction mediump (16-bit\n"
      "               arithmetic where nir_lower_mediump can); the\n"
      "               interpreter runs the lowered NIR and floats may\n"
      "               differ within its error bounds (mediump\n"
      "               precision)\n"
      "  --mediump-int  mark only the integer operations mediump,\n"
      "               each int or uint (drawn from the seed): the\n"
      "               16-bit integer arithmetic must match the\n"
      "               interpreter exactly; fails when no 16-bit\n"
      "               integer instruction was emitted\n"
      "  --lossy      also exp2, log2, pow, sin, cos, mod and mix\n"
      "               (nir_random_options.allow_lossy_ops); floats\n"
      "               compared within the reference's error bounds\n"
      "  --derivatives  (with --stage fragment) shaders take dFdx and\n"
      "               dFdy of random values; the reference runs the\n"
      "               lanes as 2x2 quads, as the simulator does\n"
      "  --fail-unsupported  exit with 1 when a shader is unsupported\n"
      "  --verbose    also print unsupported shaders' reasons and every\n"
      "               difference a comparison rule allowed\n"
      "  --help       this text\n");
}

/* --mediump-int: the integer operations (an integer result, or integer
 * operands: the comparisons) marked mediump, each int or uint by a
 * generator of the seed's. */
static void
mark_int_mediump(nir_shader *nir, unsigned seed)
{
   uint32_t x = seed * 2654435761u + 1;
   nir_foreach_block(block, nir_shader_get_entrypoint(nir))
   {
      nir_foreach_instr(instr, block)
      {
         if (instr->type != nir_instr_type_alu)
            continue;
         nir_alu_instr *alu = nir_instr_as_alu(instr);
         const nir_op_info *info = &nir_op_infos[alu->op];
         nir_alu_type t = nir_alu_type_get_base_type(info->output_type);
         if (t == nir_type_bool && info->num_inputs)
            t = nir_alu_type_get_base_type(
               info->input_types[info->num_inputs - 1]);
         if (t != nir_type_int && t != nir_type_uint)
            continue;
         x ^= x << 13;
         x ^= x >> 17;
         x ^= x << 5;
         alu->mediump = true;
         alu->mediump_unsigned = x & 1;
      }
   }
}

/* Is `got` the reference `want` of a float output?  bound: the
 * reference's error bound for the output (--mediump and --lossy: rule
 * "bound", INFINITY when it has none: rule "unbounded"), negative when the
 * mode has no bounds (rule "approx" then) */
static bool
float_eq(uint32_t a, uint32_t b, bool approx, double bound, struct stats *st)
{
   if (a == b)
      return true;
   bool an = (a & 0x7f800000) == 0x7f800000 && (a & 0x7fffff);
   bool bn = (b & 0x7f800000) == 0x7f800000 && (b & 0x7fffff);
   if (an && bn) {
      st->nan_used++;
      return true;
   }
   if (bound >= 0) {
      if (isinf(bound)) {
         st->unbounded_used++;
         return true;
      }
      if (agx_difftest_within(a, b, bound)) {
         st->bound_used++;
         return true;
      }
      return false;
   }
   if (approx && !an && !bn && ((a ^ b) & 0x80000000) == 0) {
      uint32_t d = a > b ? a - b : b - a;
      if (d <= 4) {
         st->approx_used++;
         return true;
      }
   }
   return false;
}

/* An output word against the reference: slots below
 * NIR_RANDOM_FLOAT_OUTPUT_SLOTS are floats (float_eq), the others
 * integers, equal unless unbounded */
static bool
word_eq(unsigned slot, uint32_t got, uint32_t want, bool approx,
        double bound, struct stats *st)
{
   if (slot < NIR_RANDOM_FLOAT_OUTPUT_SLOTS)
      return float_eq(got, want, approx, bound, st);
   if (got != want && isinf(bound)) {
      st->unbounded_used++;
      return true;
   }
   return got == want;
}

static bool
uses_op(nir_shader *nir, nir_op op)
{
   nir_foreach_function_impl(impl, nir)
   {
      nir_foreach_block(block, impl)
      {
         nir_foreach_instr(instr, block)
         {
            if (instr->type == nir_instr_type_alu &&
                nir_instr_as_alu(instr)->op == op)
               return true;
         }
      }
   }
   return false;
}

static bool
uses_approx(nir_shader *nir)
{
   nir_foreach_function_impl(impl, nir)
   {
      nir_foreach_block(block, impl)
      {
         nir_foreach_instr(instr, block)
         {
            if (instr->type != nir_instr_type_alu)
               continue;
            switch (nir_instr_as_alu(instr)->op) {
            case nir_op_frcp:
            case nir_op_frsq:
            case nir_op_fsqrt:
            case nir_op_fexp2:
            case nir_op_flog2:
            case nir_op_fpow:
            case nir_op_fdiv:
               return true;
            default:
               break;
            }
         }
      }
   }
   return false;
}

static bool
is_subnormal(uint32_t bits)
{
   return (bits & 0x7f800000) == 0 && (bits & 0x7fffff);
}

/* Does `def` reach a float-typed ALU source, directly or through moves,
 * vectors, selects and phis (a few levels)? */
static bool
feeds_float(nir_def *def, unsigned depth)
{
   if (depth > 6)
      return true;
   nir_foreach_use_including_if(src, def)
   {
      if (nir_src_is_if(src))
         continue;
      nir_instr *user = nir_src_parent_instr(src);
      if (user->type == nir_instr_type_phi) {
         if (feeds_float(&nir_instr_as_phi(user)->def, depth + 1))
            return true;
         continue;
      }
      if (user->type != nir_instr_type_alu)
         continue;
      nir_alu_instr *alu = nir_instr_as_alu(user);
      const nir_op_info *info = &nir_op_infos[alu->op];
      for (unsigned i = 0; i < info->num_inputs; ++i) {
         if (&alu->src[i].src == src &&
             (info->input_types[i] & ~0x7fu) == nir_type_float)
            return true;
      }
      if ((alu->op == nir_op_mov || nir_op_is_vec(alu->op) ||
           alu->op == nir_op_bcsel || alu->op == nir_op_b32csel) &&
          feeds_float(&alu->def, depth + 1))
         return true;
   }
   return false;
}

/* A subnormal constant feeding float arithmetic: the hardware flushes it,
 * the reference does not, and the reference's special-float flag only
 * looks at results. */
static bool
has_subnormal_float_constant(nir_shader *nir)
{
   nir_foreach_function_impl(impl, nir)
   {
      nir_foreach_block(block, impl)
      {
         nir_foreach_instr(instr, block)
         {
            if (instr->type != nir_instr_type_load_const)
               continue;
            nir_load_const_instr *lc = nir_instr_as_load_const(instr);
            if (lc->def.bit_size != 32)
               continue;
            bool sub = false;
            for (unsigned c = 0; c < lc->def.num_components; ++c)
               sub |= is_subnormal(lc->value[c].u32);
            if (sub && feeds_float(&lc->def, 0))
               return true;
         }
      }
   }
   return false;
}

static void
print_disasm(const struct agx_shader_binary *bin)
{
   size_t off = 0;
   while (off < bin->size_B) {
      char line[256];
      int len = agx_isa_disasm_one(bin->code + off, bin->size_B - off, line,
                                   sizeof(line));
      if (len <= 0)
         break;
      printf("   %04zx: %s\n", off, line);
      bool stop = bin->code[off] == 0x88 && bin->code[off + 1] == 0;
      off += (size_t)len;
      if (stop)
         break;
   }
}

/* Tilebuffer of 32 x 1 pixels, 5 RGBA32 render targets per pixel. */
static void *
tib_sample(void *user, unsigned x, unsigned y, unsigned sample,
           unsigned offset_B, size_t size)
{
   if (x >= LANES || y || sample || offset_B + size > 16 * OUT_SLOTS)
      return NULL;
   return (uint8_t *)user + x * 16 * OUT_SLOTS + offset_B;
}

/* Compute mode: the preprocessed vertex shader's load_input of attribute
 * cell block b becomes load_ssbo(0, (i * IN_SLOTS + b) * 16 + 4 * component)
 * and its store_output of slot VAR0 + k store_ssbo(1, (i * OUT_SLOTS + k)
 * * 16 + ...), i = gl_GlobalInvocationID.x; the shader becomes a compute
 * shader of 32 x 1 x 1.  False when the shader has other I/O. */
static bool
to_compute(nir_shader *nir)
{
   int block_of[64];
   for (unsigned i = 0; i < 64; ++i)
      block_of[i] = -1;
   nir_foreach_variable_with_modes(var, nir, nir_var_shader_in)
   {
      if (var->data.driver_location < 64 && var->data.location >= 0 &&
          var->data.location < IN_SLOTS)
         block_of[var->data.driver_location] = var->data.location;
   }
   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   nir_builder b = nir_builder_create(impl);
   b.cursor = nir_before_impl(impl);
   nir_def *id = nir_channel(
      &b, nir_load_system_value(&b, nir_intrinsic_load_global_invocation_id,
                                32),
      0);
   nir_def *in_base = nir_imul(&b, id, nir_imm_int(&b, 16 * IN_SLOTS));
   nir_def *out_base = nir_imul(&b, id, nir_imm_int(&b, 16 * OUT_SLOTS));
   nir_foreach_block(block, impl)
   {
      nir_foreach_instr_safe(instr, block)
      {
         if (instr->type != nir_instr_type_intrinsic)
            continue;
         nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
         uint32_t off;
         if (intr->intrinsic != nir_intrinsic_load_input &&
             intr->intrinsic != nir_intrinsic_store_output)
            continue;
         bool load = intr->intrinsic == nir_intrinsic_load_input;
         nir_src *osrc = &intr->src[load ? 0 : 1];
         if (nir_def_instr(osrc->ssa)->type != nir_instr_type_load_const)
            return false;
         off = nir_instr_as_load_const(nir_def_instr(osrc->ssa))->value[0].u32;
         int base = nir_intrinsic_base(intr) + (int)off;
         unsigned comp = nir_intrinsic_component(intr);
         int cell_block;
         if (load) {
            if (base < 0 || base >= 64 || block_of[base] < 0)
               return false;
            cell_block = block_of[base];
         } else {
            cell_block = base - VARYING_SLOT_VAR0;
            if (cell_block < 0 || cell_block >= OUT_SLOTS)
               return false;
         }
         b.cursor = nir_before_instr(instr);
         nir_def *addr = nir_iadd(
            &b, load ? in_base : out_base,
            nir_imm_int(&b, 16 * cell_block + 4 * (int)comp));
         if (load) {
            nir_def *srcs[2] = {nir_imm_int(&b, 0), addr};
            nir_def *v = &nir_build_intrinsic(
                              &b, nir_intrinsic_load_ssbo,
                              intr->def.num_components, intr->def.bit_size,
                              srcs, NIR_INTRINSIC_ALIGN_MUL, 4,
                              NIR_INTRINSIC_NUM_INDEX_FLAGS)
                              ->def;
            nir_def_rewrite_uses(&intr->def, v);
         } else {
            nir_def *srcs[3] = {intr->src[0].ssa, nir_imm_int(&b, 1), addr};
            nir_build_intrinsic(&b, nir_intrinsic_store_ssbo,
                                intr->src[0].ssa->num_components, 32, srcs,
                                NIR_INTRINSIC_WRITE_MASK,
                                (int)nir_intrinsic_write_mask(intr),
                                NIR_INTRINSIC_ALIGN_MUL, 4,
                                NIR_INTRINSIC_NUM_INDEX_FLAGS);
         }
         nir_instr_remove(instr);
      }
   }
   nir_metadata_preserve(impl, nir_metadata_none);
   nir->info.stage = MESA_SHADER_COMPUTE;
   nir->info.workgroup_size[0] = LANES;
   nir->info.workgroup_size[1] = 1;
   nir->info.workgroup_size[2] = 1;
   nir_opt_dce(nir);
   return true;
}

/* Rule "minmax": fmin(x, y) becomes y < x ? y : x and fmax(x, y) y > x ?
 * y : x, a NaN operand losing to the other, as agx_isel.c emits them;
 * except where isel keeps NIR's order exactly (a constant -0 for min, +0
 * for max). */
static bool
is_const_bits(nir_src *src, unsigned comp, uint32_t bits)
{
   nir_instr *p = nir_def_instr(src->ssa);
   if (p->type != nir_instr_type_load_const || src->ssa->bit_size != 32)
      return false;
   return nir_instr_as_load_const(p)->value[comp].u32 == bits;
}

static bool
glsl_minmax(nir_builder *b, nir_instr *instr, void *data)
{
   (void)data;
   if (instr->type != nir_instr_type_alu)
      return false;
   nir_alu_instr *alu = nir_instr_as_alu(instr);
   if ((alu->op != nir_op_fmin && alu->op != nir_op_fmax) ||
       alu->def.bit_size != 32 || alu->def.num_components != 1)
      return false;
   bool min = alu->op == nir_op_fmin;
   uint32_t zero = min ? 0x80000000u : 0;
   if (is_const_bits(&alu->src[0].src, nir_alu_src_swizzle(&alu->src[0], 0),
                     zero) ||
       is_const_bits(&alu->src[1].src, nir_alu_src_swizzle(&alu->src[1], 0),
                     zero))
      return false;
   b->cursor = nir_before_instr(instr);
   nir_def *x = nir_ssa_for_alu_src(b, alu, 0);
   nir_def *y = nir_ssa_for_alu_src(b, alu, 1);
   nir_def *wins = min ? nir_flt32(b, y, x) : nir_flt32(b, x, y);
   nir_def *r = nir_b32csel(
      b, nir_fneu32(b, x, x), y,
      nir_b32csel(b, nir_fneu32(b, y, y), x, nir_b32csel(b, wins, y, x)));
   nir_def_rewrite_uses(&alu->def, r);
   nir_instr_remove(instr);
   return true;
}

/* Output component c of slot `slot` (VAR0 + slot) of lane t: the
 * tilebuffer word, or the vertex output (a 16-bit varying widened); false
 * when the vertex shader writes none. */
static bool
output_word(const uint8_t *tib, const uint32_t *uvs,
            const struct agx_varyings_vs *vs, unsigned t, unsigned slot,
            unsigned c, uint32_t *got)
{
   if (frag_stage) {
      *got = ((const uint32_t *)(tib + t * 16 * OUT_SLOTS))[4 * slot + c];
      return true;
   }
   return agx_uvs_read(vs, &uvs[t * vs->nr_words], VARYING_SLOT_VAR0 + slot,
                       c, got);
}

/* Every output of lane t equals the reference `out` (rule "nan" and
 * "approx" as for the first comparison) */
static bool
lane_matches(const nir_const_value *out, const double *bound,
             unsigned out_base, unsigned t, const uint8_t *tib,
             const uint32_t *uvs, const struct agx_varyings_vs *vs,
             bool approx, struct stats *st)
{
   for (unsigned slot = 0; slot < OUT_SLOTS; ++slot) {
      for (unsigned c = 0; c < 4; ++c) {
         uint32_t got;
         if (!output_word(tib, uvs, vs, t, slot, c, &got))
            continue;
         uint32_t want = out[4 * (out_base + slot) + c].u32;
         if (!word_eq(slot, got, want, approx,
                      bound ? bound[4 * (out_base + slot) + c] : -1, st))
            return false;
      }
   }
   return true;
}

/* lane_matches for --stage compute: an invocation's output record */
static bool
record_matches(const uint32_t *got, const uint32_t *want,
               const double *bound, bool approx, struct stats *st)
{
   for (unsigned slot = 0; slot < OUT_SLOTS; ++slot) {
      for (unsigned c = 0; c < 4; ++c) {
         unsigned i = 4 * slot + c;
         if (!word_eq(slot, got[i], want[i], approx, bound ? bound[i] : -1,
                      st))
            return false;
      }
   }
   return true;
}

#define FRAG_IN_CELLS (4 * (VARYING_SLOT_VAR0 + IN_SLOTS))
#define REF_OUT_CELLS (4 * (VARYING_SLOT_VAR0 + OUT_SLOTS))

/* --derivatives: the reference of lanes 4q..4q+3 of a run as one quad
 * (nir_eval_run_quad).  out[l], ok[l]: lane 4q + l's outputs and whether
 * it ran; special[l]: whether it saw a NaN, infinity or subnormal. */
static void
run_quad(nir_shader *s, unsigned q,
         nir_const_value (*lane_in)[NIR_RANDOM_INPUT_CELLS],
         nir_const_value *uni, nir_const_value (*out)[REF_OUT_CELLS],
         bool *ok, bool *special)
{
   static nir_const_value fin[4][FRAG_IN_CELLS];
   nir_eval_state es[4];
   for (unsigned l = 0; l < 4; ++l) {
      /* the relocated inputs: cells of VAR0.. */
      memset(fin[l], 0, sizeof(fin[l]));
      memcpy(&fin[l][4 * VARYING_SLOT_VAR0], lane_in[4 * q + l],
             sizeof(nir_const_value) * NIR_RANDOM_INPUT_CELLS);
      memset(&es[l], 0, sizeof(es[l]));
      memset(out[l], 0, sizeof(out[l]));
      es[l].inputs = fin[l];
      es[l].num_input_cells = FRAG_IN_CELLS;
      es[l].uniforms = uni;
      es[l].num_uniform_cells = NIR_RANDOM_UNIFORM_CELLS;
      es[l].outputs = out[l];
      es[l].num_output_cells = REF_OUT_CELLS;
   }
   nir_eval_run_quad(s, es);
   for (unsigned l = 0; l < 4; ++l) {
      ok[l] = es[l].ok;
      special[l] = es[l].saw_special_float || es[l].saw_min_normal;
   }
}

/* A run whose control flow depended on an inexact value bounds nothing:
 * its `count` output bounds become infinite */
static void
unbound_if_lost(const nir_eval_state *es, double *bound)
{
   unsigned count = compute_stage ? OUT_SLOTS * 4 : es->num_output_cells;
   for (unsigned i = 0; es->bounds && es->bound_lost && i < count; ++i)
      bound[i] = INFINITY;
}

/* --verbose: a difference that rule `rule` allowed */
static void
allowed(bool verbose, uint64_t seed, unsigned run, unsigned t, unsigned slot,
        unsigned c, uint32_t got, uint32_t want, const char *rule)
{
   if (verbose)
      printf("allowed seed %" PRIu64 " run %u lane %u: output %u.%c = "
             "0x%08x, expected 0x%08x (rule \"%s\")\n",
             seed, run, t, slot, "xyzw"[c], got, want, rule);
}

/* Returns 1 pass, 0 fail, -1 unsupported. */
/* Counts a convert instruction by its mode, named as the disassembler
 * prints it (the first operand: "convert f_to_s16, ..."). */
static void
count_convert(struct stats *st, const struct agx_isa_instr *I)
{
   unsigned mode = (unsigned)I->operands[AGX_ISA_CONVERT_MODE].value & 63;
   if (!st->convert_modes[mode]++) {
      char text[128];
      const char *name = text;
      if (agx_isa_print(I, false, 0, text, sizeof(text)) < 0)
         name = "?";
      else if (strchr(text, ' '))
         name = strchr(text, ' ') + 1;
      snprintf(st->convert_names[mode], sizeof(st->convert_names[mode]), "%.*s",
               (int)strcspn(name, ","), name);
   }
}

static int
test_one(uint64_t seed, unsigned index, bool verbose, struct stats *st)
{
   void *mem = ralloc_context(NULL);
   nir_random_options opts;
   nir_random_default_options(&opts);
   opts.allow_bitfield_ops = true;
   opts.allow_derivatives = derivs_mode;
   opts.allow_lossy_ops = lossy_mode;
   nir_shader *ref = nir_random_shader(mem, seed, &opts, &agx_nir_options);
   nir_shader *nir = nir_shader_clone(mem, ref);
   int result = 1;

   /* Vertex: outputs become user varyings.  Fragment: inputs become
    * varyings (the float ones smooth, the integer ones flat) and outputs
    * render targets 0-4. */
   unsigned out_base = frag_stage ? FRAG_RESULT_DATA0 : VARYING_SLOT_VAR0;
   nir_foreach_variable_with_modes(var, nir, nir_var_shader_out)
   {
      var->data.location += (int)out_base;
      var->data.driver_location = (unsigned)var->data.location;
   }
   if (frag_stage) {
      nir->info.stage = MESA_SHADER_FRAGMENT;
      nir_foreach_variable_with_modes(var, nir, nir_var_shader_in)
      {
         var->data.flat = var->data.location >= 2;
         var->data.location += VARYING_SLOT_VAR0;
         var->data.driver_location = (unsigned)var->data.location;
      }
   }

   struct agx_shader_key key;
   memset(&key, 0, sizeof(key));
   for (unsigned k = 0; frag_stage && k < OUT_SLOTS; ++k) {
      key.fs.rt[k].format = PIPE_FORMAT_R32G32B32A32_FLOAT;
      key.fs.rt[k].offset_B = (uint16_t)(16 * k);
   }
   for (unsigned a = 0; !frag_stage && a < IN_SLOTS; ++a) {
      key.vs.attribs[a] = (struct agx_attribute_key){
         .format = a < 2 ? PIPE_FORMAT_R32G32B32A32_FLOAT
                         : PIPE_FORMAT_R32G32B32A32_SINT,
         .buffer = 0,
         .offset = 16 * a,
         .stride = 16 * IN_SLOTS,
      };
   }

   if (mediump_mode) {
      nir_foreach_block(block, nir_shader_get_entrypoint(nir))
      {
         nir_foreach_instr(instr, block)
         {
            if (instr->type == nir_instr_type_alu)
               nir_instr_as_alu(instr)->mediump = true;
         }
      }
   }
   if (mediump_int_mode)
      mark_int_mediump(nir, seed);

   struct agx_shader_binary bin;
   char error[256] = "";
   if (!agx_preprocess_nir(nir)) {
      snprintf(error, sizeof(error), "preprocess failed");
      result = -1;
   } else if (compute_stage && !to_compute(nir)) {
      snprintf(error, sizeof(error), "I/O not movable to storage buffers");
      result = -1;
   } else if (agx_compile_shader_nir(nir, &key, mem, &bin, error,
                                     sizeof(error))) {
      result = -1;
   }
   if (result < 0) {
      if (!st->first_unsupported[0])
         snprintf(st->first_unsupported, sizeof(st->first_unsupported),
                  "seed %" PRIu64 ": %s", seed, error);
      if (verbose)
         printf("unsupported: seed %" PRIu64 " (#%u): %s\n", seed, index,
                error);
      ralloc_free(mem);
      return -1;
   }

   if (!frag_stage && !compute_stage && bin.info.vs.slots_16)
      st->varyings_16++;

   char rt_err[256];
   if (!agx_test_roundtrip(bin.code, bin.size_B, rt_err, sizeof(rt_err))) {
      printf("FAIL seed %" PRIu64 " (#%u): binary check (disassembly "
             "round trip, wait placement): %s\n",
             seed, index, rt_err);
      print_disasm(&bin);
      ralloc_free(mem);
      return 0;
   }

   /* the shader, then its preamble */
   for (unsigned prog = 0; prog < 1u + bin.info.has_preamble; ++prog) {
      for (size_t off = prog ? bin.info.preamble_offset : 0;
           off < bin.size_B;) {
         struct agx_isa_instr d;
         int len = agx_isa_decode(bin.code + off, bin.size_B - off, &d);
         if (len <= 0)
            break;
         st->coverage[d.op]++;
         st->int16_ops += agx_test_is_int16_instr(&d);
         if (d.op == AGX_ISA_OP_CONVERT)
            count_convert(st, &d);
         if (d.op == AGX_ISA_OP_STOP)
            break;
         off += (size_t)len;
      }
   }

   /* (with bounds, rule "bound" replaces these two) */
   bool approx = !bounds_on && uses_approx(nir);
   bool rsqrt = !bounds_on && uses_op(nir, nir_op_frsq);
   nir_shader *glsl_ref = NULL;
   if (uses_op(nir, nir_op_fmin) || uses_op(nir, nir_op_fmax)) {
      glsl_ref = nir_shader_clone(mem, nir);
      nir_shader_instructions_pass(glsl_ref, glsl_minmax,
                                   nir_metadata_block_index |
                                      nir_metadata_dominance,
                                   NULL);
   }
   bool denorm_const = has_subnormal_float_constant(nir);
   const struct agx_varyings_vs *vs = &bin.info.vs;
   static uint32_t vbo[RUNS * LANES][IN_SLOTS * 4];
   static uint32_t uvs[LANES * AGX_MAX_UVS_WORDS];
   nir_const_value uni[RUNS][NIR_RANDOM_UNIFORM_CELLS];
   unsigned compared = 0, total = 0;

   for (unsigned v = 0; v < RUNS * LANES && result > 0; ++v) {
      nir_const_value in[NIR_RANDOM_INPUT_CELLS];
      nir_const_value u[NIR_RANDOM_UNIFORM_CELLS];
      nir_random_inputs(seed, v, in, u);
      for (unsigned c = 0; c < NIR_RANDOM_INPUT_CELLS; ++c)
         vbo[v][c] = in[c].u32;
      if (v < RUNS)
         memcpy(uni[v], u, sizeof(u));
   }

   for (unsigned run = 0; run < RUNS && result > 0; ++run) {
      struct asahi_sim_group *g = calloc(1, sizeof(*g));
      /* compute: the inputs at 0x100000 (binding 0), the outputs at
       * 0x200000 (binding 1), one record of OUT_SLOTS vec4 per invocation */
      static uint32_t sbo_out[RUNS * LANES][OUT_SLOTS * 4];
      memset(sbo_out, 0, sizeof(sbo_out));
      struct asahi_sim_region regions[2] = {
         {0x100000, sizeof(vbo), (uint8_t *)vbo, false},
         {0x200000, sizeof(sbo_out), (uint8_t *)sbo_out, true},
      };
      struct asahi_sim_simple_mem smem = {regions, compute_stage ? 2 : 1};
      asahi_sim_group_init(g);
      asahi_sim_set_code(g, bin.code, bin.size_B, 0x4000000);
      g->mem = (struct asahi_sim_mem){asahi_sim_simple_translate, &smem, false};
      /* the stacks the USC Registers word would ask for */
      unsigned stack_class = agx_spill_size_field(bin.info.scratch_size_dw);
      if (stack_class) {
         g->stack_size_B = (size_t)4 * (8u << (stack_class - 1));
         g->stack = calloc(ASAHI_SIM_LANES, g->stack_size_B);
      }
      for (unsigned i = 0; i < bin.info.nr_push; ++i) {
         const struct agx_push_range *r = &bin.info.push[i];
         for (unsigned h = 0; h < r->length; h += 2) {
            unsigned k = h / 2;
            uint32_t w = 0;
            if (r->kind == AGX_PUSH_GL_UNIFORMS &&
                r->index + k < NIR_RANDOM_UNIFORM_CELLS)
               w = uni[run][r->index + k].u32;
            else if (r->kind == AGX_PUSH_CONSTANTS)
               w = bin.info.constants[r->index + k];
            else if (r->kind == AGX_PUSH_VBO_BASE)
               w = k & 1 ? 0 : 0x100000;
            else if (r->kind == AGX_PUSH_SSBO && r->index < 2)
               w = k == 0   ? (r->index ? 0x200000 : 0x100000)
                   : k == 2 ? (r->index ? sizeof(sbo_out) : sizeof(vbo))
                            : 0;
            g->u[(r->uniform + h) / 2] = w;
         }
      }

      /* Per-lane inputs of the reference (input cells 0-15). */
      static nir_const_value lane_in[LANES][NIR_RANDOM_INPUT_CELLS];
      float planes[64][3];
      memset(planes, 0, sizeof(planes));
      static uint8_t tib[LANES * 16 * OUT_SLOTS];

      if (compute_stage) {
         /* one SIMD group of threadgroup `run` */
         for (unsigned k = 0; k < 3; ++k) {
            g->dispatch.threadgroup_position[k] = k ? 0 : run;
            g->dispatch.threads_per_threadgroup[k] = k ? 1 : LANES;
            g->dispatch.dispatch_threads_per_tg[k] = k ? 1 : LANES;
         }
         for (unsigned t = 0; t < LANES; ++t) {
            g->dispatch.grid_position[t][0] = run * LANES + t;
            for (unsigned c = 0; c < NIR_RANDOM_INPUT_CELLS; ++c)
               lane_in[t][c].u64 = vbo[run * LANES + t][c];
         }
      } else if (!frag_stage) {
         for (unsigned t = 0; t < LANES; ++t) {
            g->r[5][t] = run * LANES + t;
            g->r[6][t] = 0;
            for (unsigned c = 0; c < NIR_RANDOM_INPUT_CELLS; ++c)
               lane_in[t][c].u64 = vbo[run * LANES + t][c];
         }
         memset(uvs, 0xcd, sizeof(uvs));
         g->uvs.words = uvs;
         g->uvs.stride_words = vs->nr_words;
      } else {
         /* Smooth inputs vary along x: A x + C with C the variant's input
          * and a small dyadic A (exact in double, rounded once, as the
          * iterator does); flat ones are the planes' C.  W = 1. */
         const struct agx_varyings_fs *fs = &bin.info.fs;
         planes[0][2] = 1.0f;
         for (unsigned bi = 1; bi < fs->nr_bindings; ++bi) {
            const struct agx_cf_binding *bd = &fs->bindings[bi];
            unsigned k = bd->slot - VARYING_SLOT_VAR0;
            for (unsigned c = 0; c < bd->count && k < IN_SLOTS; ++c) {
               unsigned cell = 4 * k + bd->offset + c;
               float *pl = planes[bd->cf_base + c];
               uint32_t bits = vbo[run * LANES][cell];
               memcpy(&pl[2], &bits, 4);
               if (!bd->flat)
                  pl[0] = (float)((int)((cell * 7 + run * 3) % 9) - 4) / 64;
            }
         }
         for (unsigned t = 0; t < LANES; ++t) {
            for (unsigned c = 0; c < NIR_RANDOM_INPUT_CELLS; ++c)
               lane_in[t][c].u64 = 0;
            for (unsigned bi = 1; bi < fs->nr_bindings; ++bi) {
               const struct agx_cf_binding *bd = &fs->bindings[bi];
               unsigned k = bd->slot - VARYING_SLOT_VAR0;
               for (unsigned c = 0; c < bd->count && k < IN_SLOTS; ++c) {
                  const float *pl = planes[bd->cf_base + c];
                  float v =
                     bd->flat
                        ? pl[2]
                        : (float)((double)pl[0] * (t + 0.5) + (double)pl[2]);
                  uint32_t bits;
                  memcpy(&bits, &v, 4);
                  /* ldcf hands a flat input's bits over as they are (flat
                   * integers travel that way); an interpolated NaN comes
                   * out of the iterator as the canonical NaN: the
                   * reference gets what the shader is given */
                  if (!bd->flat && (bits & 0x7f800000) == 0x7f800000 &&
                      (bits & 0x7fffff))
                     bits = 0x7fc00000;
                  lane_in[t][4 * k + bd->offset + c].u32 = bits;
               }
            }
         }
         g->coefficients = (const float(*)[3])planes;
         g->nr_coefficients = fs->nr_cf;
         for (unsigned t = 0; t < LANES; ++t)
            g->frag.pixel[t][0] = (uint16_t)t;
         memset(tib, 0xcd, sizeof(tib));
         g->frag.tib = (struct asahi_sim_tilebuffer){tib_sample, tib};
      }

      enum asahi_sim_status s = agx_sim_run_preamble(g, &bin, 0x4000000);
      if (s == ASAHI_SIM_STOPPED)
         s = asahi_sim_run(g);
      if (s != ASAHI_SIM_STOPPED) {
         printf("FAIL seed %" PRIu64 " (#%u) run %u: simulator %s: %s\n", seed,
                index, run, asahi_sim_status_string(s), g->error);
         result = 0;
      }

      /* --derivatives: the reference quad by quad, before the lanes */
      static nir_const_value q_out[LANES][REF_OUT_CELLS];
      static bool q_ok[LANES], q_special[LANES];
      for (unsigned q = 0; derivs_mode && q < LANES / 4; ++q)
         run_quad(nir, q, lane_in, uni[run], &q_out[4 * q], &q_ok[4 * q],
                  &q_special[4 * q]);

      for (unsigned t = 0; t < LANES && result > 0; ++t) {
         nir_const_value *in = lane_in[t];
         nir_const_value out[4 * (VARYING_SLOT_VAR0 + OUT_SLOTS)];
         memset(out, 0, sizeof(out));
         nir_eval_state es;
         memset(&es, 0, sizeof(es));
         es.inputs = in;
         es.num_input_cells = NIR_RANDOM_INPUT_CELLS;
         if (frag_stage) {
            /* the relocated inputs: cells of VAR0.. */
            static nir_const_value fin[4 * (VARYING_SLOT_VAR0 + IN_SLOTS)];
            memset(fin, 0, sizeof(fin));
            memcpy(&fin[4 * VARYING_SLOT_VAR0], in,
                   sizeof(nir_const_value) * NIR_RANDOM_INPUT_CELLS);
            es.inputs = fin;
            es.num_input_cells = 4 * (VARYING_SLOT_VAR0 + IN_SLOTS);
         }
         es.uniforms = uni[run];
         es.num_uniform_cells = NIR_RANDOM_UNIFORM_CELLS;
         es.outputs = out;
         es.num_output_cells = 4 * (VARYING_SLOT_VAR0 + OUT_SLOTS);
         static uint32_t ref_out[RUNS * LANES][OUT_SLOTS * 4];
         /* error bounds of the output cells (compute: of the records) */
         static double obound[4 * (VARYING_SLOT_VAR0 + OUT_SLOTS)];
         static double ref_bound[RUNS * LANES][OUT_SLOTS * 4];
         double *lane_bound = compute_stage ? ref_bound[run * LANES + t]
                                            : obound;
         if (bounds_on) {
            es.bounds = &bounds;
            es.output_bound = obound;
            es.ssbo_bound[1] = &ref_bound[0][0];
            memset(ref_bound, 0, sizeof(ref_bound));
         }
         if (compute_stage) {
            memset(ref_out, 0, sizeof(ref_out));
            es.ssbos[0] = (nir_eval_buffer){(uint8_t *)vbo, sizeof(vbo)};
            es.ssbos[1] =
               (nir_eval_buffer){(uint8_t *)ref_out, sizeof(ref_out)};
            es.sysvals[SYSTEM_VALUE_GLOBAL_INVOCATION_ID][0].u32 =
               run * LANES + t;
         }
         total++;
         if (derivs_mode) {
            memcpy(out, q_out[t], sizeof(out));
            if (!q_ok[t])
               continue;
         } else if (!nir_eval_run(nir, &es)) {
            continue;
         }
         unbound_if_lost(&es, lane_bound);
         compared++;
         st->lanes_compared++;
         bool special =
            es.saw_special_float || es.saw_min_normal || denorm_const;
         for (unsigned c = 0; c < 8; ++c)
            special |= is_subnormal(in[c].u32);
         /* rule "ftz-quad": what any lane of the quad saw */
         bool quad_special = false;
         for (unsigned l = t & ~3u; derivs_mode && l < (t & ~3u) + 4; ++l) {
            quad_special |= q_special[l];
            for (unsigned c = 0; c < 8; ++c)
               quad_special |= is_subnormal(lane_in[l][c].u32);
         }
         for (unsigned c = 0; c < 4; ++c)
            special |= is_subnormal(uni[run][c].u32);

         for (unsigned slot = 0; slot < OUT_SLOTS && result > 0; ++slot) {
            for (unsigned c = 0; c < 4; ++c) {
               uint32_t got;
               if (compute_stage)
                  got = sbo_out[run * LANES + t][4 * slot + c];
               else if (!output_word(tib, uvs, vs, t, slot, c, &got))
                  continue;
               uint32_t want =
                  compute_stage ? ref_out[run * LANES + t][4 * slot + c]
                                : out[4 * (out_base + slot) + c].u32;
               double bound = -1;
               if (bounds_on) {
                  bound = lane_bound[compute_stage ? 4 * slot + c
                                                   : 4 * (out_base + slot) + c];
                  if (isinf(bound))
                     st->outputs_unbounded++;
                  else
                     st->outputs_bounded++;
               }
               bool ok = word_eq(slot, got, want, approx, bound, st);
               if (!ok && glsl_ref) {
                  /* rule "minmax": the whole lane against GLSL's min/max */
                  nir_const_value out2[4 * (VARYING_SLOT_VAR0 + OUT_SLOTS)];
                  static double obound2[4 * (VARYING_SLOT_VAR0 + OUT_SLOTS)];
                  memset(out2, 0, sizeof(out2));
                  es.outputs = out2;
                  es.output_bound = obound2;
                  if (compute_stage) {
                     memset(ref_out, 0, sizeof(ref_out));
                     memset(ref_bound, 0, sizeof(ref_bound));
                  }
                  bool ran2;
                  if (derivs_mode) {
                     static nir_const_value q2[4][REF_OUT_CELLS];
                     bool ok2[4], sp2[4];
                     run_quad(glsl_ref, t / 4, lane_in, uni[run], q2, ok2,
                              sp2);
                     memcpy(out2, q2[t & 3], sizeof(out2));
                     ran2 = ok2[t & 3];
                  } else {
                     ran2 = nir_eval_run(glsl_ref, &es);
                     unbound_if_lost(&es, compute_stage ? lane_bound
                                                        : obound2);
                  }
                  const double *b2 =
                     !bounds_on ? NULL : compute_stage ? lane_bound : obound2;
                  if (ran2 &&
                      (compute_stage
                          ? record_matches(sbo_out[run * LANES + t],
                                           ref_out[run * LANES + t], b2,
                                           approx, st)
                          : lane_matches(out2, b2, out_base, t, tib, uvs, vs,
                                         approx, st))) {
                     st->minmax_used++;
                     allowed(verbose, seed, run, t, slot, c, got, want,
                             "minmax");
                     break;
                  }
               }
               if (!ok && slot < NIR_RANDOM_FLOAT_OUTPUT_SLOTS &&
                   (want & 0x7fffffff) == 0x00800000 &&
                   (got & 0x7fffffff) == 0) {
                  /* rule "ftz": the hardware flushes results below 2^-126
                   * before rounding, so one that rounds up to the smallest
                   * normal becomes 0 */
                  st->lanes_skipped_ftz++;
                  allowed(verbose, seed, run, t, slot, c, got, want, "ftz");
                  break;
               }
               if (!ok && rsqrt) {
                  /* rule "rsqrt" */
                  st->rsqrt_used++;
                  allowed(verbose, seed, run, t, slot, c, got, want, "rsqrt");
                  break;
               }
               if (!ok && special) {
                  /* rule "ftz" for runs that saw subnormals (NaN and
                   * infinity runs are exempted with it) */
                  st->lanes_skipped_ftz++;
                  allowed(verbose, seed, run, t, slot, c, got, want, "ftz");
                  break;
               }
               if (!ok && quad_special) {
                  st->lanes_skipped_ftz++;
                  st->quad_ftz_used++;
                  allowed(verbose, seed, run, t, slot, c, got, want,
                          "ftz-quad");
                  break;
               }
               if (!ok) {
                  printf("FAIL seed %" PRIu64 " (#%u) run %u lane %u: "
                         "output %u.%c = 0x%08x, expected 0x%08x\n",
                         seed, index, run, t, slot, "xyzw"[c], got, want);
                  result = 0;
                  break;
               }
            }
         }
      }
      free(g->stack);
      free(g);
   }

   if (result > 0 && compared * 2 < total) {
      printf("FAIL seed %" PRIu64 " (#%u): only %u of %u lanes comparable\n",
             seed, index, compared, total);
      result = 0;
   }
   if (result == 0) {
      printf("reproducer: agx-difftest%s%s%s%s --seed %" PRIu64
             " --count 1\n",
             mediump_mode ? " --mediump" : "", lossy_mode ? " --lossy" : "",
             derivs_mode ? " --derivatives" : "",
             compute_stage ? " --stage compute"
             : frag_stage  ? " --stage fragment"
                           : "",
             seed);
      nir_print_shader(nir, stdout);
      print_disasm(&bin);
   }
   ralloc_free(mem);
   return result;
}

#define MAX_SKIPS 64

/* Parses a comma-separated list of seeds into seeds[] (at most
 * MAX_SKIPS); false on anything else. */
static bool
parse_seed_list(const char *arg, uint64_t *seeds, unsigned *n)
{
   const char *p = arg;
   *n = 0;
   while (*p) {
      char *end;
      if (*p < '0' || *p > '9' || *n == MAX_SKIPS)
         return false;
      seeds[(*n)++] = strtoull(p, &end, 10);
      if (*end == ',' && end[1])
         end++;
      else if (*end)
         return false;
      p = end;
   }
   return *n > 0;
}

static bool
seed_listed(uint64_t seed, const uint64_t *seeds, unsigned n)
{
   for (unsigned i = 0; i < n; ++i) {
      if (seeds[i] == seed)
         return true;
   }
   return false;
}

int
main(int argc, char **argv)
{
   uint64_t seed = 1;
   unsigned count = 100;
   bool verbose = false, fail_unsupported = false;
   uint64_t skips[MAX_SKIPS];
   unsigned num_skips = 0, skipped = 0;

   for (int i = 1; i < argc; ++i) {
      if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
         usage(stdout);
         return 0;
      } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
         char *end;
         seed = strtoull(argv[++i], &end, 0);
         if (*end) {
            fprintf(stderr, "agx-difftest: bad seed '%s'\n", argv[i]);
            return 2;
         }
      } else if (!strcmp(argv[i], "--count") && i + 1 < argc) {
         char *end;
         unsigned long n = strtoul(argv[++i], &end, 0);
         if (*end || n > 10000000) {
            fprintf(stderr, "agx-difftest: bad count '%s'\n", argv[i]);
            return 2;
         }
         count = (unsigned)n;
      } else if (!strcmp(argv[i], "--skip") && i + 1 < argc) {
         if (!parse_seed_list(argv[++i], skips, &num_skips)) {
            fprintf(stderr, "agx-difftest: bad seed list '%s' (seeds "
                            "separated by commas, at most %u)\n",
                    argv[i], MAX_SKIPS);
            return 2;
         }
      } else if (!strcmp(argv[i], "--stage") && i + 1 < argc) {
         const char *v = argv[++i];
         if (!strcmp(v, "fragment") || !strcmp(v, "fs"))
            frag_stage = true;
         else if (!strcmp(v, "vertex") || !strcmp(v, "vs"))
            frag_stage = false;
         else if (!strcmp(v, "compute") || !strcmp(v, "cs"))
            compute_stage = true;
         else {
            fprintf(stderr, "agx-difftest: unknown stage '%s'\n", v);
            return 2;
         }
      } else if (!strcmp(argv[i], "--mediump")) {
         mediump_mode = true;
      } else if (!strcmp(argv[i], "--derivatives")) {
         derivs_mode = true;
      } else if (!strcmp(argv[i], "--fail-unsupported")) {
         fail_unsupported = true;
      } else if (!strcmp(argv[i], "--lossy")) {
         lossy_mode = true;
      } else if (!strcmp(argv[i], "--mediump-int")) {
         mediump_int_mode = true;
      } else if (!strcmp(argv[i], "--verbose")) {
         verbose = true;
      } else {
         fprintf(stderr, "agx-difftest: unknown option '%s'\n", argv[i]);
         usage(stderr);
         return 2;
      }
   }

   if ((mediump_mode || mediump_int_mode) && compute_stage) {
      fprintf(stderr, "agx-difftest: --mediump is for the vertex and "
                      "fragment stages\n");
      return 2;
   }
   if (derivs_mode && (!frag_stage || mediump_mode || mediump_int_mode)) {
      fprintf(stderr, "agx-difftest: --derivatives is for --stage "
                      "fragment, without --mediump\n");
      return 2;
   }
   if (mediump_mode && mediump_int_mode) {
      fprintf(stderr, "agx-difftest: --mediump and --mediump-int exclude "
                      "each other\n");
      return 2;
   }
   if (lossy_mode && (derivs_mode || mediump_int_mode)) {
      fprintf(stderr, "agx-difftest: --lossy goes with neither "
                      "--derivatives nor --mediump-int\n");
      return 2;
   }
   bounds_on = mediump_mode || lossy_mode;
   agx_difftest_bounds(&bounds, mediump_mode);

   struct stats st;
   memset(&st, 0, sizeof(st));
   for (unsigned i = 0; i < count; ++i) {
      if (seed_listed(seed + i, skips, num_skips)) {
         skipped++;
         continue;
      }
      int r = test_one(seed + i, i, verbose, &st);
      if (r > 0)
         st.passed++;
      else if (r == 0)
         st.failed++;
      else
         st.unsupported++;
   }

   printf("lanes compared %u, mismatches allowed by the ftz rule %u, by the "
          "rsqrt rule %u, by the minmax rule %u; rules used: nan %u, "
          "approx %u\n",
          st.lanes_compared, st.lanes_skipped_ftz, st.rsqrt_used,
          st.minmax_used, st.nan_used, st.approx_used);
   if (bounds_on)
      printf("error bounds: %u outputs compared with a bound, %u without "
             "(unbounded); differences within the bound %u, unbounded "
             "outputs that differed %u\n",
             st.outputs_bounded, st.outputs_unbounded, st.bound_used,
             st.unbounded_used);
   if (derivs_mode)
      printf("derivatives: %u lanes allowed by the ftz-quad rule\n",
             st.quad_ftz_used);
   /* Coverage of what the backend emits (agx_isel.c, agx_lower_pseudo.c):
    * reached forms with counts, then the ones never reached. */
   static const enum agx_isa_op emitted[] = {
      AGX_ISA_OP_FADD32,
      AGX_ISA_OP_FMADD32,
      AGX_ISA_OP_FCMPSEL,
      AGX_ISA_OP_ICMPSEL,
      AGX_ISA_OP_BITOP,
      AGX_ISA_OP_IADD,
      AGX_ISA_OP_ISUB,
      AGX_ISA_OP_IMADD,
      AGX_ISA_OP_BFI,
      AGX_ISA_OP_BFEIL,
      AGX_ISA_OP_ASR,
      AGX_ISA_OP_CONVERT,
      AGX_ISA_OP_POPCOUNT,
      AGX_ISA_OP_BITREV,
      AGX_ISA_OP_FFS,
      AGX_ISA_OP_RCP,
      AGX_ISA_OP_RSQRT,
      AGX_ISA_OP_EXP2,
      AGX_ISA_OP_LOG2,
      AGX_ISA_OP_FLOOR,
      AGX_ISA_OP_CEIL,
      AGX_ISA_OP_TRUNC,
      AGX_ISA_OP_RINT,
      AGX_ISA_OP_MOV_IMM32,
      AGX_ISA_OP_MOV_IMM16,
      AGX_ISA_OP_DEVICE_LOAD,
      AGX_ISA_OP_DEVICE_STORE,
      AGX_ISA_OP_STACK_LOAD,
      AGX_ISA_OP_STACK_STORE,
      AGX_ISA_OP_WAIT,
      AGX_ISA_OP_ST_VAR,
      AGX_ISA_OP_ST_VAR_FINAL,
      AGX_ISA_OP_ITER,
      AGX_ISA_OP_ITERPROJ,
      AGX_ISA_OP_LDCF,
      AGX_ISA_OP_ST_TILE,
      AGX_ISA_OP_WAIT_PIX,
      AGX_ISA_OP_SAMPLE_MASK,
      AGX_ISA_OP_IF_ICMP,
      AGX_ISA_OP_IF_FCMP,
      AGX_ISA_OP_ELSE_ICMP,
      AGX_ISA_OP_WHILE_ICMP,
      AGX_ISA_OP_POP_EXEC,
      AGX_ISA_OP_JMP_EXEC_ANY,
      AGX_ISA_OP_GET_SR,
      AGX_ISA_OP_DFDX,
      AGX_ISA_OP_DFDY,
      AGX_ISA_OP_TEXTURE_SAMPLE,
      AGX_ISA_OP_TEXTURE_LOAD,
      AGX_ISA_OP_UNIFORM_STORE,
      AGX_ISA_OP_STOP,
   };
   printf("coverage:");
   for (unsigned i = 0; i < sizeof(emitted) / sizeof(emitted[0]); ++i) {
      if (st.coverage[emitted[i]])
         printf(" %s %u", agx_isa_op_info(emitted[i])->name,
                st.coverage[emitted[i]]);
   }
   if (st.varyings_16)
      printf("\nvertex shaders with 16-bit varying slots: %u",
             st.varyings_16);
   if (mediump_mode || mediump_int_mode)
      printf("\n16-bit integer instructions: %u", st.int16_ops);
   printf("\nconvert modes:");
   for (unsigned m = 0; m < 64; ++m) {
      if (st.convert_modes[m])
         printf(" %s %u", st.convert_names[m], st.convert_modes[m]);
   }
   printf("\nnot reached:");
   for (unsigned i = 0; i < sizeof(emitted) / sizeof(emitted[0]); ++i) {
      if (!st.coverage[emitted[i]])
         printf(" %s", agx_isa_op_info(emitted[i])->name);
   }
   printf("\n");
   if (st.unsupported)
      printf("%u unsupported (first: %s)\n", st.unsupported,
             st.first_unsupported);
   printf("%u passed, %u failed", st.passed, st.failed);
   if (skipped)
      printf(", %u skipped", skipped);
   printf("\n");
   if (mediump_int_mode && !st.int16_ops && st.passed) {
      printf("--mediump-int: no 16-bit integer instruction emitted\n");
      return 1;
   }
   if (fail_unsupported && st.unsupported) {
      printf("--fail-unsupported: %u shaders unsupported\n", st.unsupported);
      return 1;
   }
   return st.failed ? 1 : 0;
}
