/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Instruction selection: NIR (after agx_preprocess_nir and the variant
 * lowering) to AGX IR.  Every NIR value becomes one IR value per component
 * (scalars; vectors exist only where an instruction needs a register run,
 * built with collect and taken apart with split).
 *
 * Shader I/O:
 *  - VS load_input: the attribute is fetched from its vertex buffer with
 *    device_load (AGX has no vertex fetch hardware; Mesa
 *    src/asahi/lib/agx_nir_lower_vbo.c does the same in NIR);
 *  - VS store_output: remembered, then written with st_var at the end in
 *    UVS order, the last one st_var_final;
 *  - FS load_input: iterproj (smooth) or ldcf (flat) on the coefficient
 *    registers assigned before selection;
 *  - FS store_output: colours go to the tilebuffer with st_tile at the end,
 *    after wait_pix and, when the program discards, emits depth or drops
 *    samples, a sample_mask (Mesa src/asahi/compiler/agx_compile.c,
 *    agx_emit_local_store_pixel).
 */

#include <string.h>

#include "util/format/u_format.h"
#include "agx_compiler.h"
#include "nir_passes.h"

struct isel {
   agx_context *ctx;
   agx_builder b;
   nir_shader *nir;
   /* per NIR def: one scalar operand per component */
   agx_operand **defs;

   /* VS outputs by slot and component */
   agx_operand out[VARYING_SLOT_MAX][4];
   uint8_t out_mask[VARYING_SLOT_MAX];
   /* slots stored as 16-bit values (agx_nir_narrow_outputs.c) */
   uint64_t out_16;
   /* per VS output component: stores seen, and the value and block of
    * the last one (packed_pair reads a value stored once in the last
    * block directly, so that it can be computed into its half) */
   uint8_t out_stores[VARYING_SLOT_MAX][4];
   agx_operand out_src[VARYING_SLOT_MAX][4];
   agx_block *out_block[VARYING_SLOT_MAX][4];
   /* ... and the last store's bits when it stored a constant */
   bool out_is_const[VARYING_SLOT_MAX][4];
   uint32_t out_const[VARYING_SLOT_MAX][4];

   /* FS colours by render target (FRAG_RESULT_COLOR broadcast) */
   agx_operand colour[AGX_MAX_RTS][4];
   uint8_t colour_mask[AGX_MAX_RTS];
   bool colour_broadcast;
   /* FS: the second source colour of render target 0 (dual-source
    * blending, FRAG_RESULT_DUAL_SRC0) */
   agx_operand colour1[4];
   uint8_t colour1_mask;
   /* FS: gl_FragDepth as last stored (NONE when never written) */
   agx_operand frag_depth;
   /* FS: gl_SampleMask[0] as last stored (NONE when never written) */
   agx_operand sample_mask_out;

   /* FS: coefficient register of component 0 of each slot, or -1 */
   int cf_of_slot[VARYING_SLOT_MAX];
   bool flat_slot[VARYING_SLOT_MAX];
   bool linear_slot[VARYING_SLOT_MAX];
   bool centroid_slot[VARYING_SLOT_MAX];

   /* GL uniforms: uniform half of word 0 of the default block */
   int gl_uniform_base;

   agx_operand vertex_id, instance_id;
   /* r5 as the hardware gives it (vertex_id differs in unrolled
    * transform feedback draws) */
   agx_operand list_vertex_id;

   /* Control flow: the last IR block of each NIR block (phi sources), the
    * phis waiting for their sources, and the innermost loop. */
   agx_block **block_end;
   agx_block **block_start; /* the agx block where each NIR block begins */
   struct pending_phi *phis;
   unsigned nr_phis, phis_cap;
   struct {
      bool active;
      agx_block *header;
      unsigned if_depth;
   } loop;
   /* Sum of the nesting amounts of the enclosing constructs (if: 1,
    * loop: 2): the r0l count a lane must get to stay disabled to the end. */
   unsigned exec_depth;
   /* FS: coefficient register of fragment Z, or -1 */
   int cf_z;
   /* main returns early somewhere */
   bool has_return;
};

/* A NIR phi, one component: its sources are copied into `web` at the end
 * of each predecessor, and the phi's value is copied out of `web` at the
 * top of its block (so parallel phis never read each other's new value). */
struct pending_phi {
   nir_phi_instr *phi;
   unsigned comp;
   agx_operand web;
};

/* ---- helpers --------------------------------------------------------------
 */

/* The I/O variable whose slots cover `slot` (arrays take several). */
static nir_variable *
var_at_slot(nir_shader *nir, nir_variable_mode mode, unsigned slot)
{
   nir_foreach_variable_with_modes(var, nir, mode)
   {
      unsigned first = (unsigned)var->data.location;
      if (slot >= first && slot < first + nir_vtype_count_slots(var->type))
         return var;
   }
   return NULL;
}

static agx_operand *
def_ops(struct isel *st, nir_def *def)
{
   agx_operand *ops = st->defs[def->index];
   if (!ops) {
      ops = rzalloc_array_size(st->ctx->mem, sizeof(agx_operand),
                               def->num_components);
      st->defs[def->index] = ops;
   }
   return ops;
}

static agx_operand
get_src(struct isel *st, nir_src *src, unsigned comp)
{
   agx_operand o = st->defs[src->ssa->index] ? st->defs[src->ssa->index][comp]
                                             : (agx_operand){0};
   if (o.kind == AGX_ISA_KIND_NONE) {
      agx_fail(st->ctx, AGX_COMPILE_INVALID, "use of an unselected value");
      return agx_mov_imm(&st->b, 32, 0);
   }
   return o;
}

static bool
const_value(nir_src *src, unsigned comp, uint32_t *value)
{
   nir_instr *p = nir_def_instr(src->ssa);
   if (p->type != nir_instr_type_load_const)
      return false;
   nir_load_const_instr *lc = nir_instr_as_load_const(p);
   *value =
      (uint32_t)nir_const_value_as_uint(lc->value[comp], src->ssa->bit_size);
   return true;
}

/* const_value, also through a vecN of constants (the stores
 * agx_nir_narrow_outputs.c rewrites take one) */
static bool
const_component(nir_src *src, unsigned comp, uint32_t *value)
{
   nir_instr *p = nir_def_instr(src->ssa);
   if (p->type == nir_instr_type_alu &&
       nir_op_is_vec(nir_instr_as_alu(p)->op)) {
      nir_alu_instr *vec = nir_instr_as_alu(p);
      return const_value(&vec->src[comp].src,
                         nir_alu_src_swizzle(&vec->src[comp], 0), value);
   }
   return const_value(src, comp, value);
}

/* Float source (component c of the instruction) with neg/abs folded from
 * fneg/fabs producers.  Float sources convert for free (applegpu: a
 * 16-bit register is read as an f16, a 32-bit one as an f32, whatever
 * the operation's width), so the value under an f2f32 of a 16-bit value
 * is read directly, and so is the 32-bit value under an f2f16: the
 * operation then rounds once instead of twice, which only mediump
 * narrowing (nir_lower_mediump.c) produces and mediump allows.  The
 * caller picks a form whose sources take the operand's width
 * (agx_fits16). */
static agx_operand
fsrc_c(struct isel *st, nir_alu_instr *alu, unsigned i, unsigned c)
{
   nir_def *def = alu->src[i].src.ssa;
   unsigned comp = nir_alu_src_swizzle(&alu->src[i], c);
   nir_instr *p = nir_def_instr(def);

   if (p->type == nir_instr_type_alu) {
      nir_alu_instr *m = nir_instr_as_alu(p);
      if ((m->op == nir_op_fneg || m->op == nir_op_fabs) &&
          (m->def.bit_size == 32 || m->def.bit_size == 16)) {
         agx_operand o = fsrc_c(st, m, 0, comp);
         return m->op == nir_op_fneg ? agx_neg(o) : agx_abs(o);
      }
      if ((m->op == nir_op_f2f32 && m->src[0].src.ssa->bit_size == 16) ||
          (m->op == nir_op_f2f16 && m->src[0].src.ssa->bit_size == 32))
         return fsrc_c(st, m, 0, comp);
   }
   return get_src(st, &alu->src[i].src, comp);
}

/* Whether o can be a source of a 16-bit float form (fadd16, fmul16,
 * fmadd16: 16-bit registers and uniforms, or immediates). */
static bool
agx_fits16(agx_operand o)
{
   return o.kind == AGX_ISA_KIND_IMM || o.size == 16;
}

static agx_operand
isrc_c(struct isel *st, nir_alu_instr *alu, unsigned i, unsigned c)
{
   return get_src(st, &alu->src[i].src, nir_alu_src_swizzle(&alu->src[i], c));
}

/* The float source of a float-to-integer convert (component c of source
 * 0): convert reads a 16-bit register as an f16 (applegpu's convert
 * modes take a float of the source's width), so the half under an f2f32
 * is read directly; convert has no .neg/.abs, so fneg/fabs stay. */
static agx_operand
cvt_src(struct isel *st, nir_alu_instr *alu, unsigned c)
{
   unsigned comp = nir_alu_src_swizzle(&alu->src[0], c);
   nir_instr *p = nir_def_instr(alu->src[0].src.ssa);
   if (p->type == nir_instr_type_alu) {
      nir_alu_instr *m = nir_instr_as_alu(p);
      if (m->op == nir_op_f2f32 && m->src[0].src.ssa->bit_size == 16)
         return isrc_c(st, m, 0, comp);
   }
   return isrc_c(st, alu, 0, c);
}

static agx_operand
emit_binop(struct isel *st, enum agx_isa_op op, unsigned size, agx_operand a,
           agx_operand b)
{
   agx_operand dst = agx_temp(st->ctx, size, 1);
   agx_instr *I = agx_emit(&st->b, op);
   /* Binary forms list D, A, B first (bitop: tt, D, A, B). */
   unsigned d = op == AGX_ISA_OP_BITOP ? AGX_ISA_BITOP_D : 0;
   I->ops[d] = dst;
   I->ops[d + 1] = a;
   I->ops[d + 2] = b;
   return dst;
}

/* bitop truth tables: bit (a | b << 1) of the table is the result (see
 * applegpu.py's bitop and the and/or/xor aliases in agx_isa_desc.py). */
enum {
   AGX_TT_AND = 0x8,
   AGX_TT_OR = 0xe,
   AGX_TT_XOR = 0x6,
   AGX_TT_NOT_A = 0x5,
   AGX_TT_MOV_A = 0xa,
};

static agx_operand
emit_bitop_n(struct isel *st, unsigned size, unsigned tt, agx_operand a,
             agx_operand b)
{
   /* The two tables of B alone (0xc: B, 0x3: ~B) are UNDEFINED on the
    * hardware (applegpu.py, Bitop's pseudocode); the same function of A
    * with the sources exchanged is defined. */
   if (tt == 0xc || tt == 0x3) {
      agx_operand t = a;
      a = b;
      b = t;
      tt = tt == 0xc ? AGX_TT_MOV_A : AGX_TT_NOT_A;
   }
   agx_operand dst = agx_temp(st->ctx, size, 1);
   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_BITOP);
   I->ops[AGX_ISA_BITOP_TT] = agx_isa_enum(tt, 4);
   I->ops[AGX_ISA_BITOP_D] = dst;
   I->ops[AGX_ISA_BITOP_A] = a;
   I->ops[AGX_ISA_BITOP_B] = b;
   return dst;
}

static agx_operand
emit_bitop(struct isel *st, unsigned tt, agx_operand a, agx_operand b)
{
   return emit_bitop_n(st, 32, tt, a, b);
}

/* A 32-bit constant in a register (immediates of ALU sources are 8 bits). */
static agx_operand
imm32(struct isel *st, uint32_t v)
{
   return agx_mov_imm(&st->b, 32, v);
}

/* Source operand for an integer immediate when it fits the 8-bit field. */
static agx_operand
int_operand(struct isel *st, uint32_t v)
{
   if (v < 256)
      return agx_isa_imm(v, 8);
   return imm32(st, v);
}

/* A 64-bit memory base held in uniforms at `half`: the uniform pair itself
 * when the 8-bit base field reaches it (halves 0-254; applegpu.py
 * MemoryBaseDesc), else a copy in registers. */
static agx_operand
mem_base(struct isel *st, unsigned half)
{
   if (half + 4 <= 256)
      return agx_uniform(half, 64);
   agx_operand r = agx_temp(st->ctx, 64, 1);
   agx_mov_to(&st->b, r, agx_uniform(half, 64));
   return r;
}

/* cc(a, b) ? x : y into a `size`-bit register (x and y are read at that
 * width) */
static agx_operand
emit_cmpsel_n(struct isel *st, unsigned size, bool is_float, unsigned cc,
              agx_operand a, agx_operand b, agx_operand x, agx_operand y)
{
   enum agx_isa_op op = is_float ? AGX_ISA_OP_FCMPSEL : AGX_ISA_OP_ICMPSEL;
   agx_operand dst = agx_temp(st->ctx, size, 1);
   agx_instr *I = agx_emit(&st->b, op);
   I->ops[AGX_ISA_ICMPSEL_CC] = agx_isa_enum(cc, 4);
   I->ops[AGX_ISA_ICMPSEL_D] = dst;
   I->ops[AGX_ISA_ICMPSEL_A] = a;
   I->ops[AGX_ISA_ICMPSEL_B] = b;
   I->ops[AGX_ISA_ICMPSEL_X] = x;
   I->ops[AGX_ISA_ICMPSEL_Y] = y;
   return dst;
}

static agx_operand
emit_cmpsel(struct isel *st, bool is_float, unsigned cc, agx_operand a,
            agx_operand b, agx_operand x, agx_operand y)
{
   return emit_cmpsel_n(st, 32, is_float, cc, a, b, x, y);
}

/* Condition codes (applegpu.py IConditionDesc / FConditionDesc) */
enum {
   AGX_ICC_UEQ = 0,
   AGX_ICC_ULT = 1,
   AGX_ICC_UGT = 2,
   AGX_ICC_SEQ = 4,
   AGX_ICC_SLT = 5,
   AGX_ICC_SGT = 6,
   AGX_ICC_NUEQ = 8,
   AGX_FCC_EQ = 0,
   AGX_FCC_LT = 1,
   AGX_FCC_GT = 2,
   AGX_FCC_LTN = 3,
   AGX_FCC_GTE = 5,
   AGX_FCC_LTE = 6,
   AGX_FCC_GTN = 7,
};

static agx_operand
emit_unop_n(struct isel *st, unsigned size, enum agx_isa_op op, agx_operand a)
{
   agx_operand dst = agx_temp(st->ctx, size, 1);
   agx_instr *I = agx_emit(&st->b, op);
   I->ops[0] = dst;
   I->ops[1] = a;
   return dst;
}

static agx_operand
emit_unop(struct isel *st, enum agx_isa_op op, agx_operand a)
{
   return emit_unop_n(st, 32, op, a);
}

/* a + b (sat: clamped to [0, 1]) into a `size`-bit register: fadd16 when
 * every source fits it, else fadd32, which rounds to f32 first (the
 * forms share their operand order, D A B S). */
static agx_operand
emit_fadd(struct isel *st, unsigned size, agx_operand a, agx_operand b,
          bool sat)
{
   bool h = size == 16 && agx_fits16(a) && agx_fits16(b);
   agx_operand r = agx_temp(st->ctx, size, 1);
   agx_instr *I = agx_emit(&st->b, h ? AGX_ISA_OP_FADD16 : AGX_ISA_OP_FADD32);
   I->ops[AGX_ISA_FADD32_D] = r;
   I->ops[AGX_ISA_FADD32_A] = a;
   I->ops[AGX_ISA_FADD32_B] = b;
   if (sat)
      I->ops[AGX_ISA_FADD32_S] = agx_isa_flag(true);
   return r;
}

/* a * b + c the same way (fmadd16 / fmadd32: D A B C S) */
static agx_operand
emit_fma(struct isel *st, unsigned size, agx_operand a, agx_operand b,
         agx_operand c)
{
   bool h = size == 16 && agx_fits16(a) && agx_fits16(b) && agx_fits16(c);
   agx_operand r = agx_temp(st->ctx, size, 1);
   agx_instr *I =
      agx_emit(&st->b, h ? AGX_ISA_OP_FMADD16 : AGX_ISA_OP_FMADD32);
   I->ops[AGX_ISA_FMADD32_D] = r;
   I->ops[AGX_ISA_FMADD32_A] = a;
   I->ops[AGX_ISA_FMADD32_B] = b;
   I->ops[AGX_ISA_FMADD32_C] = c;
   return r;
}

static agx_operand
emit_convert_sz(struct isel *st, unsigned size, unsigned mode, unsigned round,
                agx_operand a)
{
   agx_operand dst = agx_temp(st->ctx, size, 1);
   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_CONVERT);
   I->ops[AGX_ISA_CONVERT_MODE] = agx_isa_enum(mode, 6);
   I->ops[AGX_ISA_CONVERT_D] = dst;
   I->ops[AGX_ISA_CONVERT_SRC] = a;
   I->ops[AGX_ISA_CONVERT_ROUND] = agx_isa_enum(round, 2);
   return dst;
}

static agx_operand
emit_convert(struct isel *st, unsigned mode, unsigned round, agx_operand a)
{
   return emit_convert_sz(st, 32, mode, round, a);
}

/*
 * One bit of an integer: `(x & 2^k) != 0` (set: true when the bit is set)
 * or `(x & 2^k) == 0` (set false) as x and k.  dolphin's TEV shaders turn
 * bits into 0 / 1 so, and into other values with the same test, which
 * was an `and` and an `icmpsel` each; the bit alone is one `bfeil 0, x,
 * k` with a field of width 1 ((x >> k) & 1: bitfieldExtract's
 * instruction, as Mesa selects it for ubitfield_extract,
 * alexvorxx/Mesa-VirGL src/asahi/compiler/agx_compile.c), and tests of it
 * against 0 read that bfeil, so that the `and` dies and agx_opt_cse
 * leaves one bfeil for all of them.
 */
struct bit_test {
   nir_alu_instr *band;
   unsigned src, k;
   bool set;
};

/* cmp (an ieq / ine) as a test of one bit */
static bool
match_bit_cmp(nir_alu_instr *cmp, struct bit_test *t)
{
   if (cmp->def.num_components != 1 || cmp->src[0].src.ssa->bit_size != 32)
      return false;
   switch (cmp->op) {
   case nir_op_ine:
   case nir_op_ine32:
      t->set = true;
      break;
   case nir_op_ieq:
   case nir_op_ieq32:
      t->set = false;
      break;
   default:
      return false;
   }
   for (unsigned i = 0; i < 2; ++i) {
      uint32_t zero, bit;
      nir_instr *q = nir_def_instr(cmp->src[1 - i].src.ssa);
      if (!const_value(&cmp->src[i].src, nir_alu_src_swizzle(&cmp->src[i], 0),
                       &zero) ||
          zero || q->type != nir_instr_type_alu)
         continue;
      nir_alu_instr *band = nir_instr_as_alu(q);
      if (band->op != nir_op_iand || band->def.num_components != 1 ||
          nir_alu_src_swizzle(&cmp->src[1 - i], 0) != 0)
         continue;
      for (unsigned j = 0; j < 2; ++j) {
         if (const_value(&band->src[j].src,
                         nir_alu_src_swizzle(&band->src[j], 0), &bit) &&
             util_is_power_of_two_nonzero(bit)) {
            t->band = band;
            t->src = 1 - j;
            t->k = util_ffs(bit) - 1;
            return true;
         }
      }
   }
   return false;
}

/* Component comp of a select's condition as a test of one bit */
static bool
match_bit_test(nir_src *cond, unsigned comp, struct bit_test *t)
{
   nir_instr *p = nir_def_instr(cond->ssa);
   return p->type == nir_instr_type_alu && comp == 0 &&
          match_bit_cmp(nir_instr_as_alu(p), t);
}

/* Whether every reader of t's `and` tests the bit (then its value is not
 * needed but through a bfeil), in the `and`'s block (where the bfeils of
 * the tests become one) */
static bool
and_only_tested(const struct bit_test *t)
{
   nir_foreach_use_including_if(use, &t->band->def)
   {
      struct bit_test u;
      if (nir_src_is_if(use))
         return false;
      nir_instr *r = nir_src_parent_instr(use);
      if (r->type != nir_instr_type_alu || r->block != t->band->instr.block ||
          !match_bit_cmp(nir_instr_as_alu(r), &u))
         return false;
   }
   return true;
}

static agx_operand emit_bitfield_m(struct isel *st, enum agx_isa_op op,
                                   agx_operand a, agx_operand b, agx_operand c,
                                   unsigned m);

/* The tested bit as 0 / 1 */
static agx_operand
emit_bit(struct isel *st, const struct bit_test *t)
{
   return emit_bitfield_m(st, AGX_ISA_OP_BFEIL, agx_isa_imm(0, 8),
                          isrc_c(st, t->band, t->src, 0), agx_isa_imm(t->k, 8),
                          1);
}

/* A NIR comparison as the hardware's compare: operands, condition code and
 * whether the NIR result is the negation of that code.  Used to fuse
 * compare + select (icmpsel/fcmpsel) and compare + if (if_icmp/if_fcmp). */
struct agx_cmp {
   bool is_float, invert;
   unsigned cc;
   agx_operand a, b;
};

static bool
match_cmp(struct isel *st, nir_src *src, unsigned comp, struct agx_cmp *out)
{
   nir_instr *p = nir_def_instr(src->ssa);
   if (p->type != nir_instr_type_alu)
      return false;
   nir_alu_instr *alu = nir_instr_as_alu(p);
   unsigned sb = alu->src[0].src.ssa->bit_size;
   if (alu->def.num_components != 1 || comp != 0 || (sb != 32 && sb != 16))
      return false;

   switch (alu->op) {
#define CMP(name, fl, code, inv)                                               \
   case nir_op_##name:                                                         \
   case nir_op_##name##32:                                                     \
      out->is_float = fl;                                                      \
      out->cc = code;                                                          \
      out->invert = inv;                                                       \
      break;
      CMP(flt, true, AGX_FCC_LT, false)
      CMP(fge, true, AGX_FCC_GTE, false)
      CMP(feq, true, AGX_FCC_EQ, false)
      CMP(fneu, true, AGX_FCC_EQ, true)
      CMP(ilt, false, AGX_ICC_SLT, false)
      CMP(ige, false, AGX_ICC_SLT, true)
      CMP(ult, false, AGX_ICC_ULT, false)
      CMP(uge, false, AGX_ICC_ULT, true)
      CMP(ieq, false, AGX_ICC_UEQ, false)
      CMP(ine, false, AGX_ICC_UEQ, true)
#undef CMP
   default:
      return false;
   }
   /* a test of one bit whose `and` has no other use: the bit against 0
    * (match_bit_test) */
   struct bit_test bt;
   if (!out->is_float && match_bit_cmp(alu, &bt) && and_only_tested(&bt)) {
      out->a = emit_bit(st, &bt);
      out->b = agx_isa_imm(0, 8);
      return true;
   }
   out->a = out->is_float ? fsrc_c(st, alu, 0, 0) : isrc_c(st, alu, 0, 0);
   out->b = out->is_float ? fsrc_c(st, alu, 1, 0) : isrc_c(st, alu, 1, 0);
   return true;
}

/* ---- ALU ------------------------------------------------------------------
 */

/* Shift count modulo the bit size, 32 or 16 (NIR's rule; the hardware
 * takes 7 bits). */
static agx_operand
shift_count(struct isel *st, nir_alu_instr *alu, unsigned c)
{
   uint32_t v, m = alu->def.bit_size - 1;
   if (const_value(&alu->src[1].src, nir_alu_src_swizzle(&alu->src[1], c), &v))
      return agx_isa_imm(v & m, 8);
   return emit_bitop(st, AGX_TT_AND, isrc_c(st, alu, 1, c), agx_isa_imm(m, 8));
}

/* bfi / bfeil / extr into a `size`-bit register (a 16-bit one keeps the
 * low half of the result: applegpu's destination truncation) */
static agx_operand
emit_bitfield_n(struct isel *st, unsigned size, enum agx_isa_op op,
                agx_operand a, agx_operand b, agx_operand c)
{
   agx_operand dst = agx_temp(st->ctx, size, 1);
   agx_instr *I = agx_emit(&st->b, op);
   I->ops[AGX_ISA_BFI_D] = dst;
   I->ops[AGX_ISA_BFI_A] = a;
   I->ops[AGX_ISA_BFI_B] = b;
   I->ops[AGX_ISA_BFI_C] = c;
   return dst;
}

static agx_operand
emit_bitfield(struct isel *st, enum agx_isa_op op, agx_operand a, agx_operand b,
              agx_operand c)
{
   return emit_bitfield_n(st, 32, op, a, b, c);
}

/* The low 16 bits of a 32-bit integer (i2i16): the low half of its
 * register, uniform or immediate. */
static agx_operand
trunc16(struct isel *st, agx_operand x)
{
   if (x.size == 16)
      return x;
   if (x.kind == AGX_ISA_KIND_UREG)
      return agx_uniform((unsigned)x.value, 16);
   if (x.kind == AGX_ISA_KIND_IMM)
      return agx_mov_imm(&st->b, 16, (uint32_t)x.value & 0xffff);
   agx_operand h[2];
   agx_split(&st->b, h, 2, x);
   return h[0];
}

/* The i2i32 / u2u32 of a 16-bit value that component c of alu's source
 * i is, if any. */
static nir_alu_instr *
int16_widening(nir_alu_instr *alu, unsigned i, unsigned c)
{
   nir_instr *p = nir_def_instr(alu->src[i].src.ssa);
   if (p->type != nir_instr_type_alu)
      return NULL;
   nir_alu_instr *w = nir_instr_as_alu(p);
   if ((w->op != nir_op_i2i32 && w->op != nir_op_u2u32) ||
       w->src[0].src.ssa->bit_size != 16 || w->def.num_components != 1 ||
       nir_alu_src_swizzle(&alu->src[i], c) != 0)
      return NULL;
   return w;
}

/* Integer source i of an add, subtract or multiply-add at 32 bits: a
 * widened 16-bit value is read as it is, zero-extended, or with .sx
 * sign-extended (applegpu: iadd/imadd sources take the .sx bit, and
 * Mesa's AGX backend widens the same way), so that the i2i32 / u2u32
 * itself is dead.  Not an immediate, which has no .sx
 * (nir_opt_constant_folding leaves none under a widening anyway). */
static agx_operand
isrc_ext(struct isel *st, nir_alu_instr *alu, unsigned i, unsigned c)
{
   nir_alu_instr *w = int16_widening(alu, i, c);
   if (w) {
      agx_operand x = isrc_c(st, w, 0, 0);
      if (x.kind != AGX_ISA_KIND_IMM) {
         if (w->op == nir_op_i2i32)
            x.flags |= AGX_ISA_SX;
         return x;
      }
   }
   return isrc_c(st, alu, i, c);
}

/* The scalar 32-bit `op` instruction that source i of alu is, when alu is
 * its only reader, so that alu may compute it in its stead (Mesa's
 * src/asahi/compiler/agx_nir_algebraic.py fuses imul and ishl into adds
 * under the same is_used_once condition).  The instruction is still
 * selected and then dies (agx_dce). */
static nir_alu_instr *
fusable_src(nir_alu_instr *alu, unsigned i, nir_op op)
{
   nir_instr *p = nir_def_instr(alu->src[i].src.ssa);
   if (p->type != nir_instr_type_alu)
      return NULL;
   nir_alu_instr *m = nir_instr_as_alu(p);
   if (m->op != op || m->def.bit_size != 32 || m->def.num_components != 1 ||
       !list_is_singular(&m->def.uses))
      return NULL;
   return m;
}

/* y << s of a fusable ishl by a constant s of 1-4, the shifts the add
 * forms apply to their last source (applegpu: iadd / imadd 'lsl N'; the
 * simulator's exec_iadd) */
static nir_alu_instr *
fusable_shl(nir_alu_instr *alu, unsigned i, unsigned *s)
{
   nir_alu_instr *m = fusable_src(alu, i, nir_op_ishl);
   uint32_t v;
   if (!m || !const_value(&m->src[1].src, nir_alu_src_swizzle(&m->src[1], 0),
                          &v))
      return NULL;
   v &= 31;
   if (v < 1 || v > 4)
      return NULL;
   *s = v;
   return m;
}

/*
 * A 32-bit iadd of a product or of a small left shift as one instruction:
 * x + a * b is imadd a, b, x; x + (y << s) is iadd x, y lsl s; and
 * a * b + (y << s) is imadd a, b, y lsl s.  Returns false (nothing
 * emitted) when neither source fuses.
 */
static bool
emit_fused_iadd(struct isel *st, nir_alu_instr *alu, unsigned c,
                agx_operand *out)
{
   nir_alu_instr *mul = NULL, *shl = NULL;
   unsigned mi = 0, s = 0;
   for (unsigned i = 0; i < 2 && !mul; ++i) {
      if ((mul = fusable_src(alu, i, nir_op_imul)))
         mi = i;
   }
   unsigned other = 1 - mi;
   if (mul) {
      shl = fusable_shl(alu, other, &s);
   } else {
      for (unsigned i = 0; i < 2 && !shl; ++i) {
         if ((shl = fusable_shl(alu, i, &s)))
            other = 1 - i;
      }
      if (!shl)
         return false;
   }
   agx_operand dst = agx_temp(st->ctx, 32, 1);
   agx_operand term = shl ? isrc_ext(st, shl, 0, 0)
                          : isrc_ext(st, alu, other, c);
   agx_instr *I;
   if (mul) {
      I = agx_emit(&st->b, AGX_ISA_OP_IMADD);
      I->ops[AGX_ISA_IMADD_D] = dst;
      I->ops[AGX_ISA_IMADD_A] = isrc_ext(st, mul, 0, 0);
      I->ops[AGX_ISA_IMADD_B] = isrc_ext(st, mul, 1, 0);
      I->ops[AGX_ISA_IMADD_C] = term;
      if (s)
         I->ops[AGX_ISA_IMADD_SHIFT] = agx_isa_imm(s, 3);
   } else {
      I = agx_emit(&st->b, AGX_ISA_OP_IADD);
      I->ops[AGX_ISA_IADD_D] = dst;
      I->ops[AGX_ISA_IADD_A] = isrc_ext(st, alu, other, c);
      I->ops[AGX_ISA_IADD_B] = term;
      I->ops[AGX_ISA_IADD_SHIFT] = agx_isa_imm(s, 3);
   }
   *out = dst;
   return true;
}

/* A 16-bit integer to 32 bits (i2i32 / u2u32): an iadd of 0 reading it
 * sign-extended (.sx) or zero-extended (applegpu's integer sources). */
static agx_operand
widen_int16(struct isel *st, agx_operand x, bool sign)
{
   if (x.size != 16)
      return x;
   if (sign && x.kind != AGX_ISA_KIND_IMM)
      x.flags |= AGX_ISA_SX;
   return emit_binop(st, AGX_ISA_OP_IADD, 32, x, agx_isa_imm(0, 8));
}

/* Source 0 of a 32-bit shift: a 16-bit value under the widening `ext`
 * is read as it is, since the shift extends it the same way (asr
 * sign-extends a source by its width, bfi and bfeil read it
 * zero-extended: applegpu), so the widening is dead. */
static agx_operand
shift_src(struct isel *st, nir_alu_instr *alu, unsigned c, nir_op ext)
{
   nir_alu_instr *w = int16_widening(alu, 0, c);
   if (alu->def.bit_size == 32 && w && w->op == ext) {
      agx_operand x = isrc_c(st, w, 0, 0);
      if (x.kind != AGX_ISA_KIND_IMM)
         return x;
   }
   return isrc_c(st, alu, 0, c);
}

/* High 32 bits of the 64-bit product (imadd into a register pair). */
static agx_operand
emit_mul_high(struct isel *st, agx_operand a, agx_operand b, bool is_signed)
{
   agx_operand wide = agx_temp(st->ctx, 64, 1);
   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_IMADD);
   if (is_signed) {
      a.flags |= AGX_ISA_SX;
      b.flags |= AGX_ISA_SX;
   }
   I->ops[AGX_ISA_IMADD_D] = wide;
   I->ops[AGX_ISA_IMADD_A] = a;
   I->ops[AGX_ISA_IMADD_B] = b;
   I->ops[AGX_ISA_IMADD_C] = agx_isa_imm(0, 8);
   agx_operand halves[2];
   agx_split(&st->b, halves, 2, wide);
   return halves[1];
}

/* bfi/bfeil with an immediate field width m (1..32; 32 is encoded 0). */
static agx_operand
emit_bitfield_m(struct isel *st, enum agx_isa_op op, agx_operand a,
                agx_operand b, agx_operand c, unsigned m)
{
   agx_operand dst = agx_temp(st->ctx, 32, 1);
   agx_instr *I = agx_emit(&st->b, op);
   I->ops[AGX_ISA_BFI_D] = dst;
   I->ops[AGX_ISA_BFI_A] = a;
   I->ops[AGX_ISA_BFI_B] = b;
   I->ops[AGX_ISA_BFI_C] = c;
   I->ops[AGX_ISA_BFI_M] = agx_isa_imm(m & 31, 5);
   return dst;
}

/*
 * bitfieldExtract / bitfieldInsert (GLSL 4.00 8.8; ES 3.10).  A constant
 * width becomes the bfeil/bfi field width; otherwise shifts do it:
 * extract is ((x >> off) << (32 - bits)) >> (32 - bits), logical or
 * arithmetic, and 0 when bits is 0 (NIR's value; GLSL leaves offsets and
 * widths past bit 31 undefined).
 */
static agx_operand
emit_bitfield_extract(struct isel *st, nir_alu_instr *alu, unsigned c,
                      bool is_signed)
{
   const agx_operand zero = agx_isa_imm(0, 8);
   agx_operand x = isrc_c(st, alu, 0, c);
   uint32_t off = 0, bits = 0;
   bool const_off =
      const_value(&alu->src[1].src, nir_alu_src_swizzle(&alu->src[1], c), &off);
   bool const_bits = const_value(&alu->src[2].src,
                                 nir_alu_src_swizzle(&alu->src[2], c), &bits);

   if (const_off && const_bits) {
      if (bits == 0 || bits > 32 || off > 31 || off + bits > 32)
         return agx_mov_imm(&st->b, 32, 0);
      agx_operand u = emit_bitfield_m(st, AGX_ISA_OP_BFEIL, zero, x,
                                      agx_isa_imm(off, 8), bits);
      if (!is_signed || bits == 32)
         return u;
      agx_operand sh = agx_isa_imm(32 - bits, 8);
      return emit_binop(st, AGX_ISA_OP_ASR, 32,
                        emit_bitfield(st, AGX_ISA_OP_BFI, zero, u, sh), sh);
   }

   agx_operand o = emit_bitop(st, AGX_TT_AND, isrc_c(st, alu, 1, c),
                              agx_isa_imm(31, 8));
   agx_operand n = isrc_c(st, alu, 2, c);
   /* 32 - bits, masked to a shift count */
   agx_operand sh = emit_bitop(
      st, AGX_TT_AND,
      emit_binop(st, AGX_ISA_OP_ISUB, 32, agx_isa_imm(32, 8), n),
      agx_isa_imm(31, 8));
   agx_operand t = emit_bitfield(st, AGX_ISA_OP_BFEIL, zero, x, o);
   t = emit_bitfield(st, AGX_ISA_OP_BFI, zero, t, sh);
   t = is_signed ? emit_binop(st, AGX_ISA_OP_ASR, 32, t, sh)
                 : emit_bitfield(st, AGX_ISA_OP_BFEIL, zero, t, sh);
   return emit_cmpsel(st, false, AGX_ICC_UEQ, n, zero, zero, t);
}

static agx_operand
emit_bitfield_insert(struct isel *st, nir_alu_instr *alu, unsigned c)
{
   const agx_operand zero = agx_isa_imm(0, 8);
   agx_operand base = isrc_c(st, alu, 0, c);
   agx_operand ins = isrc_c(st, alu, 1, c);
   uint32_t off = 0, bits = 0;
   bool const_off =
      const_value(&alu->src[2].src, nir_alu_src_swizzle(&alu->src[2], c), &off);
   bool const_bits = const_value(&alu->src[3].src,
                                 nir_alu_src_swizzle(&alu->src[3], c), &bits);

   if (const_bits && bits == 0)
      return base;
   if (const_off && const_bits && off < 32 && bits <= 32 && off + bits <= 32)
      return emit_bitfield_m(st, AGX_ISA_OP_BFI, base, ins,
                             agx_isa_imm(off, 8), bits);

   /* mask = (~0 >> (32 - bits)) << off, none when bits is 0 */
   agx_operand o = emit_bitop(st, AGX_TT_AND, isrc_c(st, alu, 2, c),
                              agx_isa_imm(31, 8));
   agx_operand n = isrc_c(st, alu, 3, c);
   agx_operand sh = emit_bitop(
      st, AGX_TT_AND,
      emit_binop(st, AGX_ISA_OP_ISUB, 32, agx_isa_imm(32, 8), n),
      agx_isa_imm(31, 8));
   agx_operand ones =
      emit_bitfield(st, AGX_ISA_OP_BFEIL, zero, imm32(st, ~0u), sh);
   ones = emit_cmpsel(st, false, AGX_ICC_UEQ, n, zero, zero, ones);
   agx_operand mask = emit_bitfield(st, AGX_ISA_OP_BFI, zero, ones, o);
   agx_operand shifted = emit_bitfield(st, AGX_ISA_OP_BFI, zero, ins, o);
   /* base ^ ((base ^ shifted) & mask) */
   agx_operand d = emit_bitop(st, AGX_TT_XOR, base, shifted);
   return emit_bitop(st, AGX_TT_XOR, base, emit_bitop(st, AGX_TT_AND, d, mask));
}

/* n / d for a constant d > 0; the hardware has no integer divide.  Powers
 * of two shift; other divisors use the round-down method of Granlund and
 * Montgomery ("Division by invariant integers using multiplication",
 * PLDI 1994, section 4) with a 32-bit multiplier, exact for every 32-bit
 * n: l = ceil(log2 d), m = floor(2^32 (2^l - d) / d) + 1,
 * t = mulhi(m, n), n / d = (t + ((n - t) >> 1)) >> (l - 1). */
static agx_operand
emit_udiv_const(struct isel *st, agx_operand n, uint32_t d)
{
   const agx_operand zero = agx_isa_imm(0, 8);
   unsigned l = 0;

   while (l < 32 && (1ull << l) < d)
      l++;
   if (d == 1)
      return n;
   if ((1ull << l) == d)
      return emit_bitfield(st, AGX_ISA_OP_BFEIL, zero, n, agx_isa_imm(l, 8));

   uint32_t m = (uint32_t)((((1ull << l) - d) << 32) / d + 1);
   agx_operand t = emit_mul_high(st, n, imm32(st, m), false);
   agx_operand half = emit_bitfield(st, AGX_ISA_OP_BFEIL, zero,
                                    emit_binop(st, AGX_ISA_OP_ISUB, 32, n, t),
                                    agx_isa_imm(1, 8));
   agx_operand sum = emit_binop(st, AGX_ISA_OP_IADD, 32, t, half);
   return emit_bitfield(st, AGX_ISA_OP_BFEIL, zero, sum, agx_isa_imm(l - 1, 8));
}

/* The operations selected at 16 bits too (sources and result): the
 * float arithmetic nir_lower_mediump.c narrows, the conversions at its
 * boundaries and selects of 16-bit values, by forms that round into a
 * destination of either width (HALF_ANY_DST: fadd32, fmadd32, the unary
 * ops) or that need a 16-bit one for a 16-bit result (fcmpsel, bitop).
 * The mediump integer operations nir_lower_mediump_int.c narrows take
 * 16-bit registers too (applegpu: integer sources are read zero- or,
 * with .sx, sign-extended, a signed compare or asr sign-extends its
 * source by its width, and a 16-bit destination keeps the result's low
 * half). */
enum half_kind { HALF_NONE, HALF_ANY_DST, HALF_16_DST };

static enum half_kind
half_kind(nir_op op)
{
   switch (op) {
   case nir_op_fadd:
   case nir_op_fsub:
   case nir_op_fmul:
   case nir_op_ffma:
   case nir_op_fsat:
   case nir_op_frcp:
   case nir_op_frsq:
   case nir_op_fexp2:
   case nir_op_flog2:
   case nir_op_ffloor:
   case nir_op_fceil:
   case nir_op_ftrunc:
   case nir_op_fround_even:
   case nir_op_fddx:
   case nir_op_fddy:
      return HALF_ANY_DST;
   case nir_op_fneg:
   case nir_op_fabs:
   case nir_op_fmin:
   case nir_op_fmax:
   case nir_op_flt32:
   case nir_op_fge32:
   case nir_op_feq32:
   case nir_op_fneu32:
   case nir_op_bcsel:
   case nir_op_b32csel:
   case nir_op_f2f16:
   case nir_op_f2f32:
   case nir_op_i2i16:
   case nir_op_u2u16:
   case nir_op_i2i32:
   case nir_op_u2u32:
   case nir_op_f2i16:
   case nir_op_f2u16:
      return HALF_16_DST;
   default:
      return nir_mediump_int_op(op) ? HALF_16_DST : HALF_NONE;
   }
}

/*
 * A 16-bit result whose only uses widen it again (f2f32, at the end of a
 * mediump chain: a store, a highp operation) is written as an f32 by the
 * float forms that round into any destination width (fadd32, fmadd32,
 * the unary ops; not fcmpsel or bitop, whose 16-bit sources would be read
 * as words), and the f2f32 becomes a copy: one instruction less, and more
 * precision than mediump asks for.  The same goes for a result that only
 * a widened fsat reads, so that agx_opt_sat can fold the saturate.
 */
static bool
converted_to_int(nir_def *def)
{
   nir_foreach_use_including_if(src, def) {
      nir_instr *u = nir_src_parent_instr(src);
      if (nir_src_is_if(src) || u->type != nir_instr_type_alu)
         continue;
      nir_alu_instr *ua = nir_instr_as_alu(u);
      if (ua->op == nir_op_f2i32 || ua->op == nir_op_f2u32 ||
          ((ua->op == nir_op_fabs || ua->op == nir_op_fneg) &&
           converted_to_int(&ua->def)))
         return true;
   }
   return false;
}

static bool
widened_in_place(nir_alu_instr *alu)
{
   if (alu->def.bit_size != 16 || half_kind(alu->op) != HALF_ANY_DST)
      return false;
   nir_foreach_use_including_if(src, &alu->def) {
      if (nir_src_is_if(src))
         return false;
      nir_instr *u = nir_src_parent_instr(src);
      if (u->type != nir_instr_type_alu)
         return false;
      nir_alu_instr *ua = nir_instr_as_alu(u);
      if (ua->op == nir_op_f2f32 ? converted_to_int(&ua->def)
                                 : !(ua->op == nir_op_fsat &&
                                     widened_in_place(ua)))
         return false;
   }
   return true;
}

/* One component of a per-component ALU instruction. */
static agx_operand
emit_alu_comp(struct isel *st, nir_alu_instr *alu, unsigned c)
{
   const agx_operand zero = agx_isa_imm(0, 8);
   const agx_operand fzero = agx_isa_fimm(0);
   /* the result's width: 16-bit floats (mediump) or 32-bit words */
   const unsigned sz =
      alu->def.bit_size == 16 && !widened_in_place(alu) ? 16 : 32;
   const uint32_t sign = sz == 16 ? 0x8000u : 0x80000000u;
#define F(i) fsrc_c(st, alu, i, c)
#define S(i) isrc_c(st, alu, i, c)
/* a 32-bit add's or multiply's source, read through a 16-bit widening */
#define X(i) (sz == 32 ? isrc_ext(st, alu, i, c) : S(i))

   switch (alu->op) {
   case nir_op_fadd:
      return emit_fadd(st, sz, F(0), F(1), false);
   case nir_op_fsub:
      return emit_fadd(st, sz, F(0), agx_neg(F(1)), false);
   case nir_op_fmul:
      /* fmul is a*b + -0.0: the hardware's fmul rounds a -0 product to +0
       * (it is fma(a, b, +0), docs/simulator.rst), IEEE keeps -0; Mesa's
       * agx_compile.c multiplies the same way. */
      return emit_fma(st, sz, F(0), F(1), agx_neg(fzero));
   case nir_op_ffma:
      return emit_fma(st, sz, F(0), F(1), F(2));
   case nir_op_fsat:
      /* x + 0 with .sat: clamps to [0, 1], NaN and -0 to +0 */
      return emit_fadd(st, sz, F(0), fzero, true);
   case nir_op_f2f16:
   case nir_op_f2f32: {
      /* x + -0 rounded into the destination's width (round to nearest
       * even); -0 keeps every x, signed zeros included */
      agx_operand x = S(0);
      if (x.size == sz)
         return x; /* widened in place */
      return emit_fadd(st, sz, x, agx_neg(fzero), false);
   }
   case nir_op_fneg:
      /* Bitwise, so that NaN payloads and denormals survive like NIR's */
      return emit_bitop_n(st, sz, AGX_TT_XOR, S(0),
                          agx_mov_imm(&st->b, sz, sign));
   case nir_op_fabs:
      return emit_bitop_n(st, sz, AGX_TT_AND, S(0),
                          agx_mov_imm(&st->b, sz, sign - 1));
   case nir_op_fmin:
   case nir_op_fmax: {
      /* One fcmpsel with the "NaN loses" orders ltn/gtn (applegpu
       * FConditionDesc; Mesa's agx_fminmax_to is the same instruction):
       * min(x, y) = y ltn x ? y : x, GLSL's own definition (GLSL 4.60
       * section 8.3, "Returns y if y < x; otherwise it returns x"), and
       * max(x, y) = y gtn x ? y : x.  A NaN operand loses, so the other
       * one comes out (what applications rely on; GLSL leaves NaN
       * undefined).  Zeros of both signs compare equal: the result is
       * then x, where NIR orders -0 below +0 (agx-difftest's rule
       * "minmax").  The instruction does not flush a subnormal operand,
       * which GLSL allows either way. */
      bool min = alu->op == nir_op_fmin;
      agx_operand x = S(0), y = S(1);

      /* With a constant zero operand whose sign NIR's order would pick
       * anyway (max(x, +0), min(x, -0)), that constant wins ties: exact
       * for NIR too, at the same cost. */
      for (unsigned i = 0; i < 2; ++i) {
         uint32_t k;
         if (!const_value(&alu->src[i].src,
                          nir_alu_src_swizzle(&alu->src[i], c), &k) ||
             k != (min ? sign : 0))
            continue;
         agx_operand v = S(1 - i), kk = S(i);
         return emit_cmpsel_n(st, sz, true, min ? AGX_FCC_LTN : AGX_FCC_GTN,
                              v, kk, v, kk);
      }
      return emit_cmpsel_n(st, sz, true, min ? AGX_FCC_LTN : AGX_FCC_GTN, y,
                           x, y, x);
   }
   case nir_op_fsin:
   case nir_op_fcos: {
      /* sin(x) = S(x * 2/pi), S(q) = sin(q pi/2) = sin_pt_2(f) * f with
       * f = sin_pt_1(q); cos(x) = S(x * 2/pi + 1).  Mesa's sequence
       * (alexvorxx/Mesa-VirGL src/asahi/compiler, fsin_agx). */
      agx_operand two_over_pi = imm32(st, 0x3f22f983); /* 0.63661975 */
      agx_operand q = alu->op == nir_op_fsin ? emit_binop(st, AGX_ISA_OP_FMUL32,
                                                          32, F(0), two_over_pi)
                                             : agx_temp(st->ctx, 32, 1);
      if (alu->op == nir_op_fcos) {
         agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_FMADD32);
         I->ops[AGX_ISA_FMADD32_D] = q;
         I->ops[AGX_ISA_FMADD32_A] = F(0);
         I->ops[AGX_ISA_FMADD32_B] = two_over_pi;
         I->ops[AGX_ISA_FMADD32_C] = agx_isa_fimm(0x30); /* 1.0 */
      }
      agx_operand f = emit_unop(st, AGX_ISA_OP_SIN_PT_1, q);
      return emit_binop(st, AGX_ISA_OP_FMUL32, 32,
                        emit_unop(st, AGX_ISA_OP_SIN_PT_2, f), f);
   }
   case nir_op_frcp:
      return emit_unop_n(st, sz, AGX_ISA_OP_RCP, F(0));
   case nir_op_frsq:
      return emit_unop_n(st, sz, AGX_ISA_OP_RSQRT, F(0));
   case nir_op_fexp2:
      return emit_unop_n(st, sz, AGX_ISA_OP_EXP2, F(0));
   case nir_op_flog2:
      return emit_unop_n(st, sz, AGX_ISA_OP_LOG2, F(0));
   case nir_op_ffloor:
      return emit_unop_n(st, sz, AGX_ISA_OP_FLOOR, F(0));
   case nir_op_fceil:
      return emit_unop_n(st, sz, AGX_ISA_OP_CEIL, F(0));
   case nir_op_ftrunc:
      return emit_unop_n(st, sz, AGX_ISA_OP_TRUNC, F(0));
   case nir_op_fround_even:
      return emit_unop_n(st, sz, AGX_ISA_OP_RINT, F(0));
   case nir_op_fddx:
      return emit_unop_n(st, sz, AGX_ISA_OP_DFDX, F(0));
   case nir_op_fddy:
      return emit_unop_n(st, sz, AGX_ISA_OP_DFDY, F(0));

   case nir_op_iadd: {
      agx_operand fused;
      if (sz == 32 && emit_fused_iadd(st, alu, c, &fused))
         return fused;
      return emit_binop(st, AGX_ISA_OP_IADD, sz, X(0), X(1));
   }
   case nir_op_isub:
      return emit_binop(st, AGX_ISA_OP_ISUB, sz, X(0), X(1));
   case nir_op_ineg:
      return emit_binop(st, AGX_ISA_OP_ISUB, sz, zero, X(0));
   case nir_op_iabs: {
      agx_operand x = S(0);
      agx_operand n = emit_binop(st, AGX_ISA_OP_ISUB, sz, zero, x);
      return emit_cmpsel_n(st, sz, false, AGX_ICC_SLT, x, zero, n, x);
   }
   case nir_op_isign: {
      agx_operand x = S(0);
      agx_operand neg =
         emit_cmpsel(st, false, AGX_ICC_SLT, x, zero, imm32(st, ~0u), zero);
      return emit_cmpsel(st, false, AGX_ICC_SGT, x, zero, agx_isa_imm(1, 8),
                         neg);
   }
   case nir_op_imul: {
      agx_operand r = agx_temp(st->ctx, sz, 1);
      agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_IMADD);
      I->ops[AGX_ISA_IMADD_D] = r;
      I->ops[AGX_ISA_IMADD_A] = X(0);
      I->ops[AGX_ISA_IMADD_B] = X(1);
      I->ops[AGX_ISA_IMADD_C] = zero;
      return r;
   }
   case nir_op_imul_high:
      return emit_mul_high(st, S(0), S(1), true);
   case nir_op_umul_high:
      return emit_mul_high(st, S(0), S(1), false);
   case nir_op_imin:
      return emit_cmpsel_n(st, sz, false, AGX_ICC_SLT, S(0), S(1), S(0), S(1));
   case nir_op_imax:
      return emit_cmpsel_n(st, sz, false, AGX_ICC_SGT, S(0), S(1), S(0), S(1));
   case nir_op_umin:
      return emit_cmpsel_n(st, sz, false, AGX_ICC_ULT, S(0), S(1), S(0), S(1));
   case nir_op_umax:
      return emit_cmpsel_n(st, sz, false, AGX_ICC_UGT, S(0), S(1), S(0), S(1));
   case nir_op_iand:
      return emit_bitop_n(st, sz, AGX_TT_AND, S(0), S(1));
   case nir_op_ior:
      return emit_bitop_n(st, sz, AGX_TT_OR, S(0), S(1));
   case nir_op_ixor:
      return emit_bitop_n(st, sz, AGX_TT_XOR, S(0), S(1));
   case nir_op_inot:
      return emit_bitop_n(st, sz, AGX_TT_NOT_A, S(0), zero);
   case nir_op_ishl:
      /* bfi 0, x, s with the full 32-bit mask: x << s */
      return emit_bitfield_n(st, sz, AGX_ISA_OP_BFI, zero,
                             shift_src(st, alu, c, nir_op_u2u32),
                             shift_count(st, alu, c));
   case nir_op_ushr:
      /* bfeil 0, x, s: x >> s (a 16-bit x read zero-extended) */
      return emit_bitfield_n(st, sz, AGX_ISA_OP_BFEIL, zero,
                             shift_src(st, alu, c, nir_op_u2u32),
                             shift_count(st, alu, c));
   case nir_op_ishr:
      /* asr sign-extends its source by the source's width */
      return emit_binop(st, AGX_ISA_OP_ASR, sz,
                        shift_src(st, alu, c, nir_op_i2i32),
                        shift_count(st, alu, c));
   case nir_op_ubitfield_extract:
      return emit_bitfield_extract(st, alu, c, false);
   case nir_op_ibitfield_extract:
      return emit_bitfield_extract(st, alu, c, true);
   case nir_op_bitfield_insert:
      return emit_bitfield_insert(st, alu, c);
   case nir_op_bit_count:
      /* a 16-bit operand is read zero-extended: its own count */
      return emit_unop_n(st, sz, AGX_ISA_OP_POPCOUNT, S(0));
   case nir_op_bitfield_reverse:
      return emit_unop(st, AGX_ISA_OP_BITREV, S(0));
   case nir_op_ufind_msb:
      /* ffs is the index of the highest set bit, ~0 for 0 */
      return emit_unop(st, AGX_ISA_OP_FFS, S(0));
   case nir_op_ifind_msb: {
      /* highest bit that differs from the sign, at the operand's width
       * (a 16-bit one: the xor in a 16-bit register, read zero-extended
       * by ffs) */
      agx_operand x = S(0);
      unsigned w = x.size == 16 ? 16 : 32;
      agx_operand sign =
         emit_binop(st, AGX_ISA_OP_ASR, w, x, agx_isa_imm(w - 1, 8));
      return emit_unop(st, AGX_ISA_OP_FFS,
                       emit_bitop_n(st, w, AGX_TT_XOR, x, sign));
   }
   case nir_op_find_lsb: {
      /* the lowest set bit alone is x & -x */
      agx_operand x = S(0);
      agx_operand n = emit_binop(st, AGX_ISA_OP_ISUB, 32, zero, x);
      return emit_unop(st, AGX_ISA_OP_FFS, emit_bitop(st, AGX_TT_AND, x, n));
   }

   case nir_op_b32csel:
   case nir_op_bcsel: {
      /* one bit as 0 / 1 (match_bit_test) */
      uint32_t tv, fv;
      struct bit_test bt;
      if (sz == 32 &&
          match_bit_test(&alu->src[0].src, nir_alu_src_swizzle(&alu->src[0], c),
                         &bt) &&
          const_value(&alu->src[1].src, nir_alu_src_swizzle(&alu->src[1], c),
                      &tv) &&
          const_value(&alu->src[2].src, nir_alu_src_swizzle(&alu->src[2], c),
                      &fv) &&
          tv == (bt.set ? 1u : 0u) && fv == (bt.set ? 0u : 1u))
         return emit_bit(st, &bt);
      /* a comparison feeding the select is fused into it */
      struct agx_cmp cmp;
      if (match_cmp(st, &alu->src[0].src, nir_alu_src_swizzle(&alu->src[0], c),
                    &cmp))
         return emit_cmpsel_n(st, sz, cmp.is_float, cmp.cc, cmp.a, cmp.b,
                              cmp.invert ? S(2) : S(1),
                              cmp.invert ? S(1) : S(2));
      /* cond == 0 ? else : then */
      return emit_cmpsel_n(st, sz, false, AGX_ICC_UEQ, S(0), zero, S(2),
                           S(1));
   }

   case nir_op_flt32:
   case nir_op_fge32:
   case nir_op_feq32:
   case nir_op_fneu32: {
      /* NaN: lt/gte/eq are false, neq true (IEEE unordered) */
      unsigned cc = alu->op == nir_op_flt32   ? AGX_FCC_LT
                    : alu->op == nir_op_fge32 ? AGX_FCC_GTE
                                              : AGX_FCC_EQ;
      agx_operand t = imm32(st, ~0u);
      bool neg = alu->op == nir_op_fneu32;
      return emit_cmpsel(st, true, cc, F(0), F(1), neg ? zero : t,
                         neg ? t : zero);
   }
   case nir_op_ilt32:
   case nir_op_ult32:
   case nir_op_ige32:
   case nir_op_uge32:
   case nir_op_ieq32:
   case nir_op_ine32: {
      bool is_signed = alu->op == nir_op_ilt32 || alu->op == nir_op_ige32;
      unsigned cc = (alu->op == nir_op_ieq32 || alu->op == nir_op_ine32)
                       ? AGX_ICC_UEQ
                    : is_signed ? AGX_ICC_SLT
                                : AGX_ICC_ULT;
      bool invert = alu->op == nir_op_ige32 || alu->op == nir_op_uge32 ||
                    alu->op == nir_op_ine32;
      agx_operand t = imm32(st, ~0u);
      return emit_cmpsel(st, false, cc, S(0), S(1), invert ? zero : t,
                         invert ? t : zero);
   }

   case nir_op_i2f32:
   case nir_op_u2f32: {
      /* a widened 16-bit integer converts from its half: s16_to_f /
       * u16_to_f (Mesa's agx_compile.c picks them by source size) */
      bool is_signed = alu->op == nir_op_i2f32;
      nir_alu_instr *w = int16_widening(alu, 0, c);
      if (w && (is_signed || w->op == nir_op_u2u32))
         return emit_convert(st, w->op == nir_op_i2i32 ? 7 : 6, 1,
                             isrc_c(st, w, 0, 0));
      return emit_convert(st, is_signed ? 11 : 10, 1, S(0));
   }
   case nir_op_f2i32:
      return emit_convert(st, 9, 0, cvt_src(st, alu, c));
   case nir_op_f2u32:
      return emit_convert(st, 8, 0, cvt_src(st, alu, c));
   case nir_op_f2i16:
   case nir_op_f2u16:
      /* f_to_s16 / f_to_u16 into a 16-bit register (Mesa's agx_compile.c
       * selects them for f2i16 / f2u16) */
      return emit_convert_sz(st, 16, alu->op == nir_op_f2i16 ? 5 : 4, 0,
                             S(0));
   case nir_op_b2f32:
      return emit_cmpsel(st, false, AGX_ICC_UEQ, S(0), zero, zero,
                         imm32(st, 0x3f800000));
   case nir_op_b2i32: {
      struct bit_test bt;
      if (match_bit_test(&alu->src[0].src, nir_alu_src_swizzle(&alu->src[0], c),
                         &bt) &&
          bt.set)
         return emit_bit(st, &bt);
      return emit_cmpsel(st, false, AGX_ICC_UEQ, S(0), zero, zero,
                         agx_isa_imm(1, 8));
   }
   case nir_op_i2i16:
   case nir_op_u2u16:
      return trunc16(st, S(0));
   case nir_op_i2i32:
   case nir_op_u2u32:
      return widen_int16(st, S(0), alu->op == nir_op_i2i32);
   case nir_op_b2b32:
      return S(0);

   default:
      agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "ALU op %s",
               nir_op_infos[alu->op].name);
      return agx_mov_imm(&st->b, 32, 0);
   }
#undef F
#undef S
#undef X
}

static bool
alu_takes_16bit(nir_op op)
{
   return half_kind(op) != HALF_NONE;
}

static void
emit_alu(struct isel *st, nir_alu_instr *alu)
{
   agx_operand *dst = def_ops(st, &alu->def);

   if (alu->op == nir_op_mov || nir_op_is_vec(alu->op)) {
      for (unsigned c = 0; c < alu->def.num_components; ++c) {
         if (alu->op == nir_op_mov)
            dst[c] = isrc_c(st, alu, 0, c);
         else
            dst[c] = isrc_c(st, alu, c, 0);
      }
      return;
   }

   if (alu->op == nir_op_pack_half_2x16 && alu->def.bit_size == 32 &&
       alu->src[0].src.ssa->bit_size == 32) {
      /* f32 -> f16 by an f32 add into a 16-bit register (round to
       * nearest even), then x | y << 16 with y read zero-extended */
      agx_operand h[2];
      for (unsigned i = 0; i < 2; ++i) {
         h[i] = agx_temp(st->ctx, 16, 1);
         agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_FADD32);
         I->ops[AGX_ISA_FADD32_D] = h[i];
         I->ops[AGX_ISA_FADD32_A] = isrc_c(st, alu, 0, i);
         I->ops[AGX_ISA_FADD32_B] = agx_neg(agx_isa_fimm(0));
      }
      dst[0] = emit_bitfield_m(st, AGX_ISA_OP_BFI, h[0], h[1],
                               agx_isa_imm(16, 8), 16);
      return;
   }
   if (alu->op == nir_op_unpack_half_2x16 && alu->def.bit_size == 32) {
      /* each 16-bit half as an f16 source of an f32 add */
      agx_operand h[2];
      agx_split(&st->b, h, 2, isrc_c(st, alu, 0, 0));
      for (unsigned i = 0; i < 2; ++i)
         dst[i] = emit_binop(st, AGX_ISA_OP_FADD32, 32, h[i],
                             agx_neg(agx_isa_fimm(0)));
      return;
   }

   if (nir_op_infos[alu->op].output_size) {
      agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "vector-wide ALU op %s",
               nir_op_infos[alu->op].name);
      return;
   }

   bool half_ok = alu_takes_16bit(alu->op);
   for (unsigned i = 0; i < nir_op_infos[alu->op].num_inputs; ++i) {
      /* booleans are kept as 0 / ~0 words whatever their NIR size */
      unsigned sb = alu->src[i].src.ssa->bit_size;
      if (sb != 32 && sb != 1 && !(sb == 16 && half_ok)) {
         agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "%u-bit %s", sb,
                  nir_op_infos[alu->op].name);
         return;
      }
   }
   if (alu->def.bit_size != 32 && !(alu->def.bit_size == 16 && half_ok)) {
      agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "%u-bit %s", alu->def.bit_size,
               nir_op_infos[alu->op].name);
      return;
   }

   for (unsigned c = 0; c < alu->def.num_components; ++c)
      dst[c] = emit_alu_comp(st, alu, c);
}

/* ---- I/O ------------------------------------------------------------------
 */

static agx_instr *emit_exec_op(struct isel *st, enum agx_isa_op op, unsigned cc,
                               agx_operand a, agx_operand b, unsigned n);
static agx_block *start_block(struct isel *st);
static void load_words(struct isel *st, unsigned addr, agx_operand elem,
                       unsigned n, agx_operand *dst);

/* A run of 32-bit words of the default uniform block from memory:
 * device_load at the block's address (AGX_SYSVAL_GL_UNIFORMS_ADDR_*) plus
 * `word` (a value, in words; none: 0) + `first`. */
static void
load_uniform_memory(struct isel *st, agx_operand word, unsigned first,
                    unsigned n, agx_operand *dst)
{
   if (!st->ctx->key->uniforms_in_memory) {
      agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED,
               "uniforms from memory (dynamic indexing or more than 128 "
               "words) need key.uniforms_in_memory");
      return;
   }
   unsigned addr =
      agx_push(st->ctx, AGX_PUSH_SYSVAL, AGX_SYSVAL_GL_UNIFORMS_ADDR_LO, 4);
   /* a constant element index is the load's signed 16-bit immediate */
   agx_operand elem =
      word.kind != AGX_ISA_KIND_NONE
         ? (first ? emit_binop(st, AGX_ISA_OP_IADD, 32, word,
                               int_operand(st, first))
                  : word)
      : first < 0x8000 ? agx_isa_imm(first, 16)
                       : imm32(st, first);
   load_words(st, addr, elem, n, dst);
}

/* a * b + c, b and c constants (moved first when too big for an
 * immediate: the moves must come before the instruction reading them). */
static agx_operand
emit_imadd_imm(struct isel *st, agx_operand a, uint32_t b, uint32_t c)
{
   agx_operand dst = agx_temp(st->ctx, 32, 1);
   agx_operand b_op = int_operand(st, b);
   agx_operand c_op = int_operand(st, c);
   agx_instr *M = agx_emit(&st->b, AGX_ISA_OP_IMADD);
   M->ops[AGX_ISA_IMADD_D] = dst;
   M->ops[AGX_ISA_IMADD_A] = a;
   M->ops[AGX_ISA_IMADD_B] = b_op;
   M->ops[AGX_ISA_IMADD_C] = c_op;
   return dst;
}

/* n consecutive elements of device_load's memory format `format` from
 * base + (elem << shift) elements on, each into a 32-bit dst[i]; waits
 * for them (loads are asynchronous). */
static void
emit_device_load_n(struct isel *st, agx_operand base, agx_operand elem,
                   unsigned shift, unsigned format, unsigned n,
                   agx_operand *dst)
{
   agx_operand vec = agx_temp(st->ctx, 32, n);
   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_DEVICE_LOAD);
   I->ops[AGX_ISA_DEVICE_LOAD_S] = agx_isa_imm(shift, 2);
   I->ops[AGX_ISA_DEVICE_LOAD_F] = agx_isa_enum(format, 4);
   I->ops[AGX_ISA_DEVICE_LOAD_MASK] = agx_isa_enum((1u << n) - 1, 4);
   I->ops[AGX_ISA_DEVICE_LOAD_R] = vec;
   I->ops[AGX_ISA_DEVICE_LOAD_A] = base;
   I->ops[AGX_ISA_DEVICE_LOAD_O] = elem;
   I->ops[AGX_ISA_DEVICE_LOAD_OU] = agx_isa_enum(1 /* unsigned */, 1);
   I = agx_emit(&st->b, AGX_ISA_OP_WAIT);
   I->ops[0] = agx_isa_imm(0, 1);
   if (n == 1)
      dst[0] = vec;
   else
      agx_split(&st->b, dst, n, vec);
}

/* n 32-bit words at the 64-bit address pushed at uniform half `addr`,
 * element (word) `elem` on, into dst[]. */
static void
load_words(struct isel *st, unsigned addr, agx_operand elem, unsigned n,
           agx_operand *dst)
{
   emit_device_load_n(st, mem_base(st, addr), elem, 0, 2 /* i32 */, n, dst);
}

static void
emit_load_uniform(struct isel *st, nir_intrinsic_instr *intr)
{
   if (intr->def.bit_size != 32 || intr->def.num_components > 4) {
      agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "non-32-bit uniforms");
      return;
   }
   agx_operand *dst = def_ops(st, &intr->def);
   /* load_uniform has no component: it reads from the slot's word 0 */
   unsigned base = 4 * nir_intrinsic_base(intr);
   uint32_t off;

   if (!const_value(&intr->src[0], 0, &off)) {
      /* dynamically indexed (uniform arrays): from memory, slot = 4 words */
      agx_operand slot = get_src(st, &intr->src[0], 0);
      /* the slot's first word, slot * 4 + base, in one imadd (since
       * wave 15; was a shift and an add) */
      agx_operand word = emit_imadd_imm(st, slot, 4, base);
      load_uniform_memory(st, word, 0, intr->def.num_components, dst);
      return;
   }

   unsigned word = base + 4 * off;
   if (st->gl_uniform_base < 0) {
      /* too many to push: every load from memory */
      load_uniform_memory(st, (agx_operand){AGX_ISA_KIND_NONE}, word,
                          intr->def.num_components, dst);
      return;
   }
   for (unsigned c = 0; c < intr->def.num_components; ++c) {
      unsigned half = st->gl_uniform_base + 2 * (word + c);
      dst[c] = agx_temp(st->ctx, 32, 1);
      agx_mov_to(&st->b, dst[c], agx_uniform(half, 32));
   }
}

/*
 * The word index (offset / 4) of a run-time byte offset x * K + C or
 * x << s (+ C), K, 1 << s and C constant multiples of 4 (an array of
 * std140 elements indexed at run time: agx_nir_lower_ubo's offsets), as
 * one imadd x * K/4 + C/4 instead of the offset and a shift; false when
 * the offset has another shape.  The offset's own instructions die
 * unless something else reads them.  Both forms wrap alike for offsets
 * below 4 GiB, past any block's end.
 */
static bool
scaled_word_index(struct isel *st, nir_src *src, agx_operand *out)
{
   nir_instr *p = nir_def_instr(src->ssa);
   if (p->type != nir_instr_type_alu)
      return false;
   nir_alu_instr *alu = nir_instr_as_alu(p);
   if (alu->def.num_components != 1)
      return false;
   uint32_t add = 0;
   nir_alu_instr *m = alu;
   if (alu->op == nir_op_iadd) {
      unsigned x = 2;
      for (unsigned i = 0; i < 2 && x == 2; ++i) {
         if (const_value(&alu->src[i].src, nir_alu_src_swizzle(&alu->src[i], 0),
                         &add))
            x = 1 - i;
      }
      if (x == 2)
         return false;
      nir_instr *q = nir_def_instr(alu->src[x].src.ssa);
      if (q->type != nir_instr_type_alu ||
          nir_alu_src_swizzle(&alu->src[x], 0) != 0)
         return false;
      m = nir_instr_as_alu(q);
      if (m->def.num_components != 1)
         return false;
   }
   uint32_t k, scale;
   unsigned xi;
   if (m->op == nir_op_imul) {
      if (const_value(&m->src[1].src, nir_alu_src_swizzle(&m->src[1], 0), &k))
         xi = 0;
      else if (const_value(&m->src[0].src,
                           nir_alu_src_swizzle(&m->src[0], 0), &k))
         xi = 1;
      else
         return false;
      scale = k;
   } else if (m->op == nir_op_ishl &&
              const_value(&m->src[1].src, nir_alu_src_swizzle(&m->src[1], 0),
                          &k) &&
              (k & 31) >= 2) {
      xi = 0;
      scale = 1u << (k & 31);
   } else {
      return false;
   }
   if (scale % 4 || add % 4 || m->def.bit_size != 32)
      return false;
   *out = emit_imadd_imm(st, isrc_c(st, m, xi, 0), scale / 4, add / 4);
   return true;
}

/* load_ubo(block, byte offset): device_load of 32-bit words at the
 * block's address (AGX_PUSH_UBO_BASE) + offset.  The block index is a
 * constant here (agx_nir_lower_ubo); std140 keeps offsets 4-aligned. */
static void
emit_load_ubo(struct isel *st, nir_intrinsic_instr *intr)
{
   unsigned n = intr->def.num_components;
   uint32_t block, off;
   if (intr->def.bit_size != 32 || n > 4) {
      agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "non-32-bit UBO loads");
      return;
   }
   if (!const_value(&intr->src[0], 0, &block)) {
      agx_fail(st->ctx, AGX_COMPILE_INVALID, "load_ubo block not constant");
      return;
   }
   agx_operand word;
   if (const_value(&intr->src[1], 0, &off) && off / 4 < 0x8000)
      word = agx_isa_imm(off / 4, 16); /* the signed 16-bit immediate */
   else if (const_value(&intr->src[1], 0, &off))
      word = imm32(st, off / 4);
   else if (!scaled_word_index(st, &intr->src[1], &word))
      word = emit_bitfield(st, AGX_ISA_OP_BFEIL, agx_isa_imm(0, 8),
                           get_src(st, &intr->src[1], 0), agx_isa_imm(2, 8));
   unsigned addr = agx_push(st->ctx, AGX_PUSH_UBO_BASE, block, 4);
   agx_operand *dst = def_ops(st, &intr->def);
   /* only the words read: element i of the mask comes from offset + i,
    * the loaded ones land in consecutive registers (applegpu
    * DeviceLoadInstructionDesc) */
   unsigned mask = nir_def_components_read(&intr->def) & ((1u << n) - 1);
   if (!mask)
      mask = 1;
   unsigned nr = util_bitcount(mask);
   agx_operand vec = agx_temp(st->ctx, 32, nr);
   agx_operand base = mem_base(st, addr);
   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_DEVICE_LOAD);
   I->ops[AGX_ISA_DEVICE_LOAD_F] = agx_isa_enum(2 /* i32 */, 4);
   I->ops[AGX_ISA_DEVICE_LOAD_MASK] = agx_isa_enum(mask, 4);
   I->ops[AGX_ISA_DEVICE_LOAD_R] = vec;
   I->ops[AGX_ISA_DEVICE_LOAD_A] = base;
   I->ops[AGX_ISA_DEVICE_LOAD_O] = word;
   I->ops[AGX_ISA_DEVICE_LOAD_OU] = agx_isa_enum(1 /* unsigned */, 1);
   I = agx_emit(&st->b, AGX_ISA_OP_WAIT);
   I->ops[0] = agx_isa_imm(0, 1);
   agx_operand parts[4];
   if (nr == 1)
      parts[0] = vec;
   else
      agx_split(&st->b, parts, nr, vec);
   for (unsigned i = 0, k = 0; i < n; ++i) {
      /* a word nobody reads: any value */
      dst[i] = parts[(mask >> i) & 1 ? k++ : 0];
   }
}

/* The packed 2_10_10_10 attribute formats (GL 3.3 section 2.8,
 * ARB_vertex_type_2_10_10_10_rev): one 32-bit word an element, fields of
 * 10, 10, 10 and 2 bits from bit 0 up (util_format's channel order; the
 * B10G10R10A2 ones keep blue in the low field). */
static bool
is_packed_1010102(enum pipe_format f)
{
   switch (f) {
   case PIPE_FORMAT_R10G10B10A2_UNORM:
   case PIPE_FORMAT_R10G10B10A2_SNORM:
   case PIPE_FORMAT_R10G10B10A2_USCALED:
   case PIPE_FORMAT_R10G10B10A2_SSCALED:
   case PIPE_FORMAT_R10G10B10A2_UINT:
   case PIPE_FORMAT_R10G10B10A2_SINT:
   case PIPE_FORMAT_B10G10R10A2_UNORM:
   case PIPE_FORMAT_B10G10R10A2_SNORM:
   case PIPE_FORMAT_B10G10R10A2_USCALED:
   case PIPE_FORMAT_B10G10R10A2_SSCALED:
   case PIPE_FORMAT_B10G10R10A2_UINT:
   case PIPE_FORMAT_B10G10R10A2_SINT:
      return true;
   default:
      return false;
   }
}

/* The nr channels of elem_B bytes each of an attribute whose offset or
 * stride is not a multiple of elem_B, at base + index * stride + offset:
 * each channel's bytes by one device_load of the i8 format (zero-extended
 * elements of one byte, up to four a load), put together little-endian
 * with bfi. */
static void
emit_vs_load_bytes(struct isel *st, agx_operand index, unsigned stride,
                   unsigned offset, unsigned elem_B, unsigned nr,
                   agx_operand base, agx_operand *out)
{
   agx_operand row = emit_imadd_imm(st, index, stride, offset);

   for (unsigned c = 0; c < nr; ++c) {
      agx_operand at = row;
      if (c)
         at = emit_binop(st, AGX_ISA_OP_IADD, 32, row,
                         int_operand(st, c * elem_B));
      agx_operand b[4];
      emit_device_load_n(st, base, at, 0, 0 /* i8 */, elem_B, b);
      agx_operand w = b[0];
      for (unsigned j = 1; j < elem_B; ++j)
         w = emit_bitfield_m(st, AGX_ISA_OP_BFI, w, b[j],
                             agx_isa_imm(8 * j, 8), 8);
      out[c] = w;
   }
}

/* A packed attribute: the word is loaded as an integer (the device_load
 * formats are whole channels of 8, 16 or 32 bits), then each field is
 * extracted (bfeil), sign-extended and converted.  Normalized fields
 * are c / (2^b - 1), signed ones max(c / (2^(b-1) - 1), -1) (GL 4.2
 * section 2.3.5.1's rule, which util_format's SNORM formats follow). */
static void
emit_vs_load_packed(struct isel *st, nir_intrinsic_instr *intr,
                    const struct agx_attribute_key *k)
{
   const struct util_format_description *desc =
      util_format_description(k->format);
   const struct util_format_channel_description *ch = &desc->channel[0];
   unsigned comp = nir_intrinsic_component(intr);
   agx_operand *dst = def_ops(st, &intr->def);
   bool sgn = ch->type == UTIL_FORMAT_TYPE_SIGNED;
   const agx_operand zero = agx_isa_imm(0, 8);

   unsigned vbo = agx_push(st->ctx, AGX_PUSH_VBO_BASE, k->buffer, 4);
   agx_operand index = st->vertex_id;
   if (k->divisor) {
      unsigned bi =
         agx_push(st->ctx, AGX_PUSH_SYSVAL, AGX_SYSVAL_BASE_INSTANCE, 2);
      index = emit_binop(st, AGX_ISA_OP_IADD, 32,
                         emit_udiv_const(st, st->instance_id, k->divisor),
                         agx_uniform(bi, 32));
   }
   agx_operand word;
   agx_operand base = mem_base(st, vbo);
   if ((k->offset % 4) || (k->stride % 4)) {
      /* A word at an offset or stride that is not a multiple of 4 (GL
       * names no error for it, GL 4.6 section 10.3.8): its four bytes
       * put together, as for the other formats. */
      emit_vs_load_bytes(st, index, k->stride, k->offset, 4, 1, base, &word);
   } else {
      agx_operand elem = agx_temp(st->ctx, 32, 1);
      agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_IMADD);
      I->ops[AGX_ISA_IMADD_D] = elem;
      I->ops[AGX_ISA_IMADD_A] = index;
      I->ops[AGX_ISA_IMADD_B] = int_operand(st, k->stride / 4);
      I->ops[AGX_ISA_IMADD_C] = int_operand(st, k->offset / 4);

      word = agx_temp(st->ctx, 32, 1);
      I = agx_emit(&st->b, AGX_ISA_OP_DEVICE_LOAD);
      I->ops[AGX_ISA_DEVICE_LOAD_F] = agx_isa_enum(2 /* i32 */, 4);
      I->ops[AGX_ISA_DEVICE_LOAD_MASK] = agx_isa_enum(1, 4);
      I->ops[AGX_ISA_DEVICE_LOAD_R] = word;
      I->ops[AGX_ISA_DEVICE_LOAD_A] = base;
      I->ops[AGX_ISA_DEVICE_LOAD_O] = elem;
      I->ops[AGX_ISA_DEVICE_LOAD_OU] = agx_isa_enum(1 /* unsigned */, 1);
      I = agx_emit(&st->b, AGX_ISA_OP_WAIT);
      I->ops[0] = agx_isa_imm(0, 1);
   }

   for (unsigned c = 0; c < intr->def.num_components; ++c) {
      if (comp + c > 3) {
         dst[c] = agx_mov_imm(&st->b, 32, 0);
         continue;
      }
      unsigned field = desc->swizzle[comp + c];
      unsigned bits = field == 3 ? 2 : 10;
      agx_operand v = emit_bitfield_m(st, AGX_ISA_OP_BFEIL, zero, word,
                                      agx_isa_imm(10 * field, 8), bits);
      if (sgn) {
         agx_operand sh = agx_isa_imm(32 - bits, 8);
         v = emit_binop(st, AGX_ISA_OP_ASR, 32,
                        emit_bitfield(st, AGX_ISA_OP_BFI, zero, v, sh), sh);
      }
      if (!ch->pure_integer) {
         v = emit_convert(st, sgn ? 11 : 10, 1, v);
         if (ch->normalized) {
            float scale = 1.0f / (float)((1u << (bits - sgn)) - 1);
            union { float f; uint32_t u; } u = {.f = scale};
            v = emit_binop(st, AGX_ISA_OP_FMUL32, 32, v, imm32(st, u.u));
            if (sgn) {
               agx_operand m1 = imm32(st, 0xbf800000); /* -1.0 */
               v = emit_cmpsel(st, true, AGX_FCC_GT, v, m1, v, m1);
            }
         }
      }
      dst[c] = v;
   }
}

/* Attribute fetch: device_load of 32-bit words at
 * base + offset + stride * index, in elements of 4 bytes. */
static void
emit_vs_load_input(struct isel *st, nir_intrinsic_instr *intr)
{
   unsigned comp = nir_intrinsic_component(intr);
   agx_operand *dst = def_ops(st, &intr->def);
   uint32_t off;

   if (!const_value(&intr->src[0], 0, &off)) {
      agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "indirect attributes");
      return;
   }
   unsigned attr = nir_intrinsic_base(intr) + off - VERT_ATTRIB_GENERIC0;
   const struct agx_attribute_key *k =
      attr < AGX_MAX_ATTRIBS ? &st->ctx->key->vs.attribs[attr] : NULL;
   if (k && is_packed_1010102(k->format)) {
      emit_vs_load_packed(st, intr, k);
      return;
   }

   /* Formats: channels of one size; the memory format converts unorm and
    * snorm to floats, integers arrive zero-extended (applegpu's
    * device_load formats i8/i16/i32/u8norm/s8norm/u16norm/s16norm). */
   unsigned nr_chan = 0, mem_format = 2 /* i32 */, elem_B = 4;
   bool sign_extend = false, is_int = false;
   enum {
      ATTR_RAW,
      ATTR_U2F,
      ATTR_I2F,
      ATTR_FIXED,
      ATTR_F16,
      ATTR_UNORM32,
      ATTR_SNORM32,
      ATTR_UNORM_BYTES, /* 8/16-bit unorm assembled from bytes */
      ATTR_SNORM_BYTES,
   } convert = ATTR_RAW;
   /* An offset or stride that is not a multiple of the channel size
    * (GL 1.5 section 2.9 asks for alignment but names no error; piglit's
    * array-stride and vertex-buffer-offsets): each channel is loaded as
    * bytes and put together. */
   bool bytes = false;
   /* Formats whose components are not in memory order (B8G8R8A8_UNORM,
    * GL 3.2's BGRA vertex arrays): all four loaded, then picked by the
    * format's swizzle. */
   bool swizzled = false;
   uint8_t swz[4] = {0, 1, 2, 3};
   if (k && k->format != PIPE_FORMAT_NONE) {
      const struct util_format_description *desc =
         util_format_description(k->format);
      bool ok =
         desc && desc->layout == UTIL_FORMAT_LAYOUT_PLAIN && desc->is_array;
      unsigned bits = ok ? desc->channel[0].size : 0;
      unsigned type = ok ? desc->channel[0].type : 0;
      bool norm = ok && desc->channel[0].normalized;
      is_int = ok && desc->channel[0].pure_integer;
      bool scaled = ok && !norm && !is_int &&
                    (type == UTIL_FORMAT_TYPE_UNSIGNED ||
                     type == UTIL_FORMAT_TYPE_SIGNED);
      if (scaled) {
         /* USCALED/SSCALED: integers converted to floats after the load */
         mem_format = bits == 8 ? 0 : bits == 16 ? 1 : 2;
         sign_extend = type == UTIL_FORMAT_TYPE_SIGNED && bits < 32;
         convert = type == UTIL_FORMAT_TYPE_SIGNED ? ATTR_I2F : ATTR_U2F;
         ok = bits == 8 || bits == 16 || bits == 32;
      } else if (bits == 32 && type == UTIL_FORMAT_TYPE_FIXED) {
         mem_format = 2; /* GL_FIXED: 16.16 two's complement */
         convert = ATTR_FIXED;
      } else if (bits == 16 && type == UTIL_FORMAT_TYPE_FLOAT) {
         mem_format = 1; /* half floats widened after the load */
         convert = ATTR_F16;
      } else if (bits == 32 && !norm) {
         mem_format = 2;
      } else if ((bits == 8 || bits == 16) && norm &&
                 (type == UTIL_FORMAT_TYPE_UNSIGNED ||
                  type == UTIL_FORMAT_TYPE_SIGNED)) {
         bool sgn = type == UTIL_FORMAT_TYPE_SIGNED;
         mem_format = bits == 8 ? (sgn ? 5 : 4) : (sgn ? 7 : 6);
      } else if ((bits == 8 || bits == 16) && is_int) {
         mem_format = bits == 8 ? 0 : 1;
         sign_extend = type == UTIL_FORMAT_TYPE_SIGNED;
      } else if (bits == 32 && norm &&
                 (type == UTIL_FORMAT_TYPE_UNSIGNED ||
                  type == UTIL_FORMAT_TYPE_SIGNED)) {
         /* GL_INT / GL_UNSIGNED_INT normalised: no memory format
          * normalises 32-bit words, so the integer is converted and
          * scaled after the load */
         mem_format = 2;
         convert =
            type == UTIL_FORMAT_TYPE_SIGNED ? ATTR_SNORM32 : ATTR_UNORM32;
      } else {
         ok = false;
      }
      elem_B = bits / 8;
      bytes = ok && ((k->offset % elem_B) || (k->stride % elem_B));
      if (bytes && norm && bits < 32) {
         /* the byte loads do not normalise: done after them */
         bool sgn = type == UTIL_FORMAT_TYPE_SIGNED;
         sign_extend = sgn;
         convert = sgn ? ATTR_SNORM_BYTES : ATTR_UNORM_BYTES;
      }
      if (!ok || desc->colorspace == UTIL_FORMAT_COLORSPACE_SRGB) {
         agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED,
                  "attribute format %s (offset %u, stride %u)",
                  util_format_name(k->format), k->offset, k->stride);
         return;
      }
      nr_chan = desc->nr_channels;
      for (unsigned c = 0; c < 4 && nr_chan == 4; ++c) {
         swz[c] = desc->swizzle[c];
         swizzled |= swz[c] != c;
      }
      if (swizzled && (swz[0] > 3 || swz[1] > 3 || swz[2] > 3 || swz[3] > 3)) {
         agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "attribute format %s",
                  util_format_name(k->format));
         return;
      }
   }

   agx_operand loaded[4];
   unsigned nr_load = 0;
   /* the first memory channel loaded */
   unsigned first = swizzled ? 0 : comp;
   if (nr_chan > comp) {
      nr_load = swizzled ? nr_chan
                         : MIN2(nr_chan, comp + intr->def.num_components) -
                              comp;

      unsigned vbo = agx_push(st->ctx, AGX_PUSH_VBO_BASE, k->buffer, 4);
      agx_operand index;
      if (k->divisor) {
         unsigned bi =
            agx_push(st->ctx, AGX_PUSH_SYSVAL, AGX_SYSVAL_BASE_INSTANCE, 2);
         /* GL 4.6 section 10.3.9: element floor(instance / divisor) +
          * baseinstance. */
         index = emit_binop(st, AGX_ISA_OP_IADD, 32,
                            emit_udiv_const(st, st->instance_id, k->divisor),
                            agx_uniform(bi, 32));
      } else {
         index = st->vertex_id;
      }

      if (bytes) {
         emit_vs_load_bytes(st, index, k->stride, k->offset + first * elem_B,
                            elem_B, nr_load, mem_base(st, vbo), loaded);
      } else {
         /* element = index * stride/size + (offset/size + comp); with no
          * offset and a stride of 1, 2 or 4 elements, the load's own
          * shift scales the index (the element offset is shifted left by
          * 0..2 before the element size applies: applegpu
          * DeviceLoadInstructionDesc) */
         unsigned stride_el = k->stride / elem_B;
         unsigned offset_el = k->offset / elem_B + first;
         agx_operand elem = index;
         unsigned shift = 0;
         if (offset_el == 0 && (stride_el == 1 || stride_el == 2 ||
                                stride_el == 4)) {
            shift = util_logbase2(stride_el);
         } else {
            elem = emit_imadd_imm(st, index, stride_el, offset_el);
         }

         emit_device_load_n(st, mem_base(st, vbo), elem, shift, mem_format,
                            nr_load, loaded);
      }
   }

   /* signed integers: shift the sign bit up and back down */
   for (unsigned c = 0; sign_extend && c < nr_load; ++c) {
      agx_operand sh = agx_isa_imm(32 - 8 * elem_B, 8);
      loaded[c] = emit_binop(
         st, AGX_ISA_OP_ASR, 32,
         emit_bitfield(st, AGX_ISA_OP_BFI, agx_isa_imm(0, 8), loaded[c], sh),
         sh);
   }

   /* Formats the load cannot convert: scaled integers, GL_FIXED (the
    * integer over 65536) and half floats (an f32 add of the low 16-bit
    * half reads it as a half float, like the LOD conversion below). */
   for (unsigned c = 0; convert != ATTR_RAW && c < nr_load; ++c) {
      agx_operand v = loaded[c];
      if (convert == ATTR_U2F) {
         loaded[c] = emit_convert(st, 10, 1, v);
      } else if (convert == ATTR_UNORM32 || convert == ATTR_SNORM32) {
         /* GL 4.6 section 2.3.5.1: c / (2^32 - 1), or max(c / (2^31 - 1),
          * -1) for signed c (the f32 reciprocals: 0x2f800000 is 2^-32,
          * the nearest float to 1 / (2^32 - 1); 0x30000000 is 2^-31) */
         bool sgn = convert == ATTR_SNORM32;
         agx_operand f =
            emit_binop(st, AGX_ISA_OP_FMUL32, 32,
                       emit_convert(st, sgn ? 11 : 10, 1, v),
                       imm32(st, sgn ? 0x30000000 : 0x2f800000));
         if (sgn) {
            agx_operand m1 = imm32(st, 0xbf800000); /* -1.0 */
            f = emit_cmpsel(st, true, AGX_FCC_GT, f, m1, f, m1);
         }
         loaded[c] = f;
      } else if (convert == ATTR_UNORM_BYTES ||
                 convert == ATTR_SNORM_BYTES) {
         /* GL 4.6 section 2.3.5.1 for the 8/16-bit channels the load
          * would have normalised */
         bool sgn = convert == ATTR_SNORM_BYTES;
         unsigned bits = 8 * elem_B;
         union { float f; uint32_t u; } scale = {
            .f = 1.0f / (float)((1u << (bits - sgn)) - 1)};
         agx_operand f = emit_binop(st, AGX_ISA_OP_FMUL32, 32,
                                    emit_convert(st, sgn ? 11 : 10, 1, v),
                                    imm32(st, scale.u));
         if (sgn) {
            agx_operand m1 = imm32(st, 0xbf800000); /* -1.0 */
            f = emit_cmpsel(st, true, AGX_FCC_GT, f, m1, f, m1);
         }
         loaded[c] = f;
      } else if (convert == ATTR_I2F || convert == ATTR_FIXED) {
         loaded[c] = emit_convert(st, 11, 1, v);
         if (convert == ATTR_FIXED)
            loaded[c] = emit_binop(st, AGX_ISA_OP_FMUL32, 32, loaded[c],
                                   imm32(st, 0x37800000)); /* 2^-16 */
      } else {
         agx_operand halves[2];
         agx_split(&st->b, halves, 2, v);
         agx_operand r = agx_temp(st->ctx, 32, 1);
         agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_FADD32);
         I->ops[AGX_ISA_FADD32_D] = r;
         I->ops[AGX_ISA_FADD32_A] = halves[0];
         I->ops[AGX_ISA_FADD32_B] = agx_neg(agx_isa_fimm(0));
         loaded[c] = r;
      }
   }

   /* Missing components read as (0, 0, 0, 1), 1 an integer for integer
    * formats */
   for (unsigned c = 0; c < intr->def.num_components; ++c) {
      if (swizzled && comp + c < 4)
         dst[c] = loaded[swz[comp + c]];
      else if (!swizzled && c < nr_load)
         dst[c] = loaded[c];
      else
         dst[c] = agx_mov_imm(&st->b, 32,
                              comp + c != 3 ? 0
                              : is_int      ? 1
                                            : 0x3f800000);
   }
}

/* Per-sample shading (agx_fs_key::per_sample): iterate at the shaded
 * sample, centroid inputs too (GL 4.6 section 14.3.1.1: with per-sample
 * shading every input is evaluated at the sample).  Interpolation mode 1
 * with the sample index immediate (applegpu's iter encoding). */
static void
at_shaded_sample(struct isel *st, agx_instr *I, unsigned interp_op,
                 unsigned sample_op)
{
   const struct agx_fs_key *key = &st->ctx->key->fs;
   if (!key->per_sample || key->nr_samples <= 1)
      return;
   I->ops[interp_op] = agx_isa_enum(1, 2);
   I->ops[sample_op] = agx_isa_imm(key->sample_id, 8);
}

/* The coefficient register of a fragment input's first component, -1
 * (after failing) when it has none. */
static int
fs_input_cf(struct isel *st, nir_intrinsic_instr *intr, unsigned *slot_out)
{
   unsigned slot = nir_intrinsic_base(intr);
   uint32_t off;

   if (const_value(&intr->src[0], 0, &off))
      slot += off;
   else
      slot = VARYING_SLOT_MAX;
   if (slot >= VARYING_SLOT_MAX || st->cf_of_slot[slot] < 0) {
      agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "fragment input %u", slot);
      return -1;
   }
   /* 16-bit: a mediump input (agx_nir_narrow_inputs.c), interpolated or
    * loaded into 16-bit registers, which convert the 32-bit planes */
   unsigned size = intr->def.bit_size;
   if (size != 32 &&
       !(size == 16 && intr->intrinsic == nir_intrinsic_load_input)) {
      agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "%u-bit varyings", size);
      return -1;
   }
   *slot_out = slot;
   st->ctx->info->reads_varyings = true;
   return st->cf_of_slot[slot] + (int)nir_intrinsic_component(intr);
}

/* ldcf: the plane <A, B, C> of coefficient register cf, in registers of
 * `size` bits. */
static void
emit_ldcf(struct isel *st, unsigned cf, unsigned size, agx_operand parts[3])
{
   agx_operand v = agx_temp(st->ctx, size, 3);
   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_LDCF);
   I->ops[AGX_ISA_LDCF_D] = v;
   agx_operand cfo = {AGX_ISA_KIND_CF, 8, 1, 0, cf};
   I->ops[AGX_ISA_LDCF_I] = cfo;
   agx_split(&st->b, parts, 3, v);
}

/* iter (noperspective) or iterproj (divided by the W plane, cf0) of n
 * registers of `size` bits from cf, at the point `interp` names
 * (applegpu's interpolation field: 0 centre, 1 sample `sample` (an
 * immediate), 2 centroid, 3 sample `sample` (an r16)). */
static agx_operand
emit_iter_at(struct isel *st, unsigned cf, unsigned n, unsigned size,
             bool proj, unsigned interp, agx_operand sample,
             agx_instr **out)
{
   agx_operand v = agx_temp(st->ctx, size, n);
   agx_operand cfo = {AGX_ISA_KIND_CF, 8, 1, 0, cf};
   agx_instr *I = agx_emit(&st->b, proj ? AGX_ISA_OP_ITERPROJ
                                        : AGX_ISA_OP_ITER);
   if (proj) {
      agx_operand w = {AGX_ISA_KIND_CF, 8, 1, 0, 0};
      I->ops[AGX_ISA_ITERPROJ_D] = v;
      I->ops[AGX_ISA_ITERPROJ_I] = cfo;
      I->ops[AGX_ISA_ITERPROJ_J] = w;
      I->ops[AGX_ISA_ITERPROJ_INTERPOLATION] = agx_isa_enum(interp, 2);
      if (sample.kind != AGX_ISA_KIND_NONE)
         I->ops[AGX_ISA_ITERPROJ_S] = sample;
   } else {
      I->ops[AGX_ISA_ITER_D] = v;
      I->ops[AGX_ISA_ITER_I] = cfo;
      I->ops[AGX_ISA_ITER_INTERPOLATION] = agx_isa_enum(interp, 2);
      if (sample.kind != AGX_ISA_KIND_NONE)
         I->ops[AGX_ISA_ITER_S] = sample;
   }
   if (out)
      *out = I;
   return v;
}

static agx_operand
emit_iter(struct isel *st, unsigned cf, unsigned n, bool proj,
          unsigned interp, agx_operand sample)
{
   return emit_iter_at(st, cf, n, 32, proj, interp, sample, NULL);
}

/* n registers of a vector value as components */
static void
vec_to_comps(struct isel *st, agx_operand *dst, unsigned n, agx_operand v)
{
   if (n == 1)
      dst[0] = v;
   else
      agx_split(&st->b, dst, n, v);
}

/* A flat input's n components from cf: ldcf gives A, B, C of the plane;
 * a flat value is C. */
static void
emit_flat_input(struct isel *st, unsigned cf, unsigned n, unsigned size,
                agx_operand *dst)
{
   for (unsigned c = 0; c < n; ++c) {
      agx_operand parts[3];
      emit_ldcf(st, cf + c, size, parts);
      dst[c] = parts[2];
   }
}

/* Fragment inputs: load_input where the input's qualifiers say, and
 * interpolateAtCentroid/Sample/Offset's load_input_at (GLSL 4.00 8.13.2).
 * noperspective inputs are planes in screen space (iter without W);
 * centroid ones use the hardware's centroid mode (applegpu's
 * interpolation field, 2; Mesa agx_compile.c iterates centroid inputs
 * with it).  For load_input_at, centroid and sample are the iteration
 * modes of that name (the sample index masked to the samples there are:
 * an index out of range is undefined; one sample: the centre, which is
 * where GL puts it).  An offset o from the pixel centre evaluates the
 * planes themselves: with P the value iterated at the centre, <A, B> a
 * component's plane slopes (ldcf) and, for perspective-correct inputs, W
 * the W plane (cf0) at the centre and dW = Aw o.x + Bw o.y,
 *    noperspective  P + A o.x + B o.y
 *    perspective    (N + dN) / (W + dW) = P + (dN - P dW) / (W + dW)
 * which gives P itself, exactly, for a zero offset. */
static void
emit_fs_load_input(struct isel *st, nir_intrinsic_instr *intr)
{
   unsigned n = intr->def.num_components;
   agx_operand *dst = def_ops(st, &intr->def);
   const struct agx_fs_key *key = &st->ctx->key->fs;
   unsigned slot;
   int cf = fs_input_cf(st, intr, &slot);
   if (cf < 0)
      return;

   unsigned size = intr->def.bit_size;
   if (st->flat_slot[slot]) {
      emit_flat_input(st, (unsigned)cf, n, size, dst);
      return;
   }
   bool proj = !st->linear_slot[slot];
   bool at = intr->intrinsic == nir_intrinsic_load_input_at;
   nir_interp_at where = at ? nir_intrinsic_interp_at(intr)
                            : nir_interp_at_centroid;
   unsigned interp = st->centroid_slot[slot] ? 2 : 0;
   agx_operand sample = {0};
   if (at && where == nir_interp_at_centroid) {
      interp = 2;
   } else if (at && where == nir_interp_at_sample && key->nr_samples > 1) {
      /* 3: the sample whose index the r16 source holds (1 takes an
       * immediate; agx_isa_desc.py, iter's S operand) */
      agx_operand s = emit_bitop(st, AGX_TT_AND, get_src(st, &intr->src[1], 0),
                                 int_operand(st, key->nr_samples - 1u));
      agx_operand halves[2];
      agx_split(&st->b, halves, 2, s);
      interp = 3;
      sample = halves[0];
   } else if (at) {
      interp = 0;
   }
   agx_instr *I;
   agx_operand v = emit_iter_at(st, (unsigned)cf, n, size, proj, interp,
                                sample, &I);
   if (!at && proj)
      at_shaded_sample(st, I, AGX_ISA_ITERPROJ_INTERPOLATION,
                       AGX_ISA_ITERPROJ_S);
   else if (!at)
      at_shaded_sample(st, I, AGX_ISA_ITER_INTERPOLATION, AGX_ISA_ITER_S);
   if (!at || where != nir_interp_at_offset) {
      vec_to_comps(st, dst, n, v);
      return;
   }

   agx_operand p[4];
   agx_operand none = {0};
   vec_to_comps(st, p, n, v);
   agx_operand ox = get_src(st, &intr->src[1], 0);
   agx_operand oy = get_src(st, &intr->src[1], 1);
   agx_operand w = {0}, dw = {0};
   if (proj) {
      agx_operand wp[3];
      w = emit_iter(st, 0, 1, false, 0, none);
      emit_ldcf(st, 0, 32, wp);
      dw = emit_fma(st, 32, wp[0], ox, emit_binop(st, AGX_ISA_OP_FMUL32, 32,
                                                  wp[1], oy));
   }
   for (unsigned c = 0; c < n; ++c) {
      agx_operand pl[3];
      emit_ldcf(st, (unsigned)cf + c, 32, pl);
      agx_operand d = emit_fma(st, 32, pl[0], ox,
                               emit_binop(st, AGX_ISA_OP_FMUL32, 32, pl[1],
                                          oy));
      if (proj) {
         /* (dN - P dW) / (W + dW) */
         agx_operand num = emit_fma(st, 32, agx_neg(p[c]), dw, d);
         agx_operand den = emit_fadd(st, 32, w, dw, false);
         d = emit_binop(st, AGX_ISA_OP_FMUL32, 32, num,
                        emit_unop(st, AGX_ISA_OP_RCP, den));
      }
      dst[c] = emit_fadd(st, 32, p[c], d, false);
   }
}

static void
store_web(struct isel *st, agx_operand *web, agx_operand v)
{
   if (web->kind == AGX_ISA_KIND_NONE)
      *web = agx_temp(st->ctx, v.size == 16 ? 16 : 32, 1);
   agx_mov_to(&st->b, *web, v);
}

static void
emit_store_output(struct isel *st, nir_intrinsic_instr *intr)
{
   unsigned slot = nir_intrinsic_base(intr);
   unsigned comp = nir_intrinsic_component(intr);
   unsigned mask = nir_intrinsic_write_mask(intr);
   uint32_t off;

   if (!const_value(&intr->src[1], 0, &off)) {
      agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "indirect outputs");
      return;
   }
   slot += off;
   /* 16-bit: fragment colours and vertex shader user varyings
    * (agx_nir_narrow_outputs.c; every store of such a slot is 16-bit) */
   bool vs = st->ctx->stage == MESA_SHADER_VERTEX;
   bool colour = slot == FRAG_RESULT_COLOR ||
                 (slot >= FRAG_RESULT_DATA0 &&
                  slot < FRAG_RESULT_DATA0 + AGX_MAX_RTS);
   bool varying = slot >= VARYING_SLOT_VAR0 && slot < VARYING_SLOT_MAX;
   bool is16 = intr->src[0].ssa->bit_size == 16;
   if (intr->src[0].ssa->bit_size != 32 &&
       !(is16 && (vs ? varying : colour))) {
      agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "16-bit outputs");
      return;
   }
   if (vs && varying && is16)
      st->out_16 |= 1ull << slot;

   /* Outputs are variables written with (masked) copies wherever the
    * shader stores them; the values the lanes last stored are emitted at
    * the end.  Before a return each lane stores its outputs, so lanes that
    * returned early keep theirs. */
   for (unsigned c = 0; c < 4; ++c) {
      if (!(mask & (1u << c)) || comp + c >= 4)
         continue;
      agx_operand v = get_src(st, &intr->src[0], c);
      if (st->ctx->stage == MESA_SHADER_VERTEX) {
         if (slot >= VARYING_SLOT_MAX)
            continue;
         store_web(st, &st->out[slot][comp + c], v);
         st->out_mask[slot] |= 1u << (comp + c);
         if (st->out_stores[slot][comp + c] < UINT8_MAX)
            st->out_stores[slot][comp + c]++;
         st->out_src[slot][comp + c] = v;
         st->out_block[slot][comp + c] = st->b.block;
         st->out_is_const[slot][comp + c] =
            const_component(&intr->src[0], c, &st->out_const[slot][comp + c]);
      } else {
         if (slot == FRAG_RESULT_COLOR) {
            st->colour_broadcast = true;
            for (unsigned rt = 0; rt < AGX_MAX_RTS; ++rt) {
               store_web(st, &st->colour[rt][comp + c], v);
               st->colour_mask[rt] |= 1u << (comp + c);
            }
         } else if (slot >= FRAG_RESULT_DATA0 &&
                    slot < FRAG_RESULT_DATA0 + AGX_MAX_RTS) {
            unsigned rt = slot - FRAG_RESULT_DATA0;
            store_web(st, &st->colour[rt][comp + c], v);
            st->colour_mask[rt] |= 1u << (comp + c);
         } else if (slot == FRAG_RESULT_DUAL_SRC0) {
            store_web(st, &st->colour1[comp + c], v);
            st->colour1_mask |= 1u << (comp + c);
         } else if (slot == FRAG_RESULT_DEPTH && comp + c == 0) {
            store_web(st, &st->frag_depth, v);
         } else if (slot == FRAG_RESULT_SAMPLE_MASK && comp + c == 0) {
            store_web(st, &st->sample_mask_out, v);
         } else {
            agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "fragment output %u",
                     slot);
         }
      }
   }
}

static agx_operand
emit_get_sr(struct isel *st, unsigned sr)
{
   agx_operand dst = agx_temp(st->ctx, 32, 1);
   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_GET_SR);
   I->ops[AGX_ISA_GET_SR_D] = dst;
   agx_operand o = {AGX_ISA_KIND_SREG, 8, 1, 0, sr};
   I->ops[AGX_ISA_GET_SR_SR] = o;
   return dst;
}

/* gl_FragCoord: x, y are the pixel (thread_position_in_grid, special
 * registers 80 and 81, as Mesa's load_pixel_coord) plus 0.5; z and w are
 * interpolated without perspective from their coefficient registers (Mesa
 * agx_compile.c, load_frag_coord_zw). */
static void
emit_frag_coord(struct isel *st, nir_intrinsic_instr *intr)
{
   agx_operand *dst = def_ops(st, &intr->def);
   unsigned read = nir_def_components_read(&intr->def);
   for (unsigned c = 0; c < intr->def.num_components; ++c) {
      if (!(read & (1u << c))) {
         dst[c] = agx_mov_imm(&st->b, 32, 0);
      } else if (c < 2) {
         agx_operand p =
            emit_convert(st, 10 /* u32_to_f */, 1, emit_get_sr(st, 80 + c));
         /* minifloat 0x20 is 0.5 (exponent 2, no fraction); shading one
          * sample, the sample's position (GL 4.6 section 15.2.2: x and y
          * then reflect the location of the sample) */
         const struct agx_fs_key *fk = &st->ctx->key->fs;
         if (fk->per_sample && fk->nr_samples > 1) {
            union {
               float f;
               uint32_t u;
            } o = {.f = (float)((fk->sample_pos >> (4 * c)) & 0xf) / 16.0f};
            dst[c] = emit_binop(st, AGX_ISA_OP_FADD32, 32, p, imm32(st, o.u));
         } else {
            dst[c] =
               emit_binop(st, AGX_ISA_OP_FADD32, 32, p, agx_isa_fimm(0x20));
         }
      } else {
         int cf = c == 2 ? st->cf_z : 0;
         if (cf < 0) {
            agx_fail(st->ctx, AGX_COMPILE_INVALID, "no Z binding");
            return;
         }
         agx_operand v = agx_temp(st->ctx, 32, 1);
         agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_ITER);
         I->ops[AGX_ISA_ITER_D] = v;
         agx_operand cfo = {AGX_ISA_KIND_CF, 8, 1, 0, (int64_t)cf};
         I->ops[AGX_ISA_ITER_I] = cfo;
         at_shaded_sample(st, I, AGX_ISA_ITER_INTERPOLATION, AGX_ISA_ITER_S);
         dst[c] = v;
         st->ctx->info->reads_varyings = true;
      }
   }
}

/* gl_SampleID, gl_SamplePosition, gl_SampleMaskIn[0] and gl_NumSamples.
 * Without per-sample shading (or single sampled) a fragment is shaded
 * once for all its samples: sample 0 at the pixel centre, as GL 4.6
 * section 14.3.1.1 allows.  gl_SampleMaskIn is the coverage (special
 * register 124, input_sample_mask in applegpu), with per-sample shading
 * only the shaded sample's bit (GL 4.6 section 15.2.2). */
static void
emit_sample_sysval(struct isel *st, nir_intrinsic_instr *intr)
{
   const struct agx_fs_key *key = &st->ctx->key->fs;
   bool fs = st->ctx->stage == MESA_SHADER_FRAGMENT;
   bool per_sample = fs && key->per_sample && key->nr_samples > 1;
   agx_operand *dst = def_ops(st, &intr->def);

   switch (intr->intrinsic) {
   case nir_intrinsic_load_sample_id:
      dst[0] = agx_mov_imm(&st->b, 32, per_sample ? key->sample_id : 0);
      break;
   case nir_intrinsic_load_sample_pos: {
      unsigned packed = per_sample ? key->sample_pos : 0x88;
      for (unsigned c = 0; c < 2; ++c) {
         union {
            float f;
            uint32_t u;
         } v = {.f = (float)((packed >> (4 * c)) & 0xf) / 16.0f};
         dst[c] = imm32(st, v.u);
      }
      break;
   }
   case nir_intrinsic_load_sample_mask_in:
      if (!fs || key->multisample_off) {
         dst[0] = agx_mov_imm(&st->b, 32, fs ? 1 : 0);
      } else if (per_sample) {
         dst[0] = emit_bitop(st, AGX_TT_AND, emit_get_sr(st, 124),
                             agx_isa_imm(1u << key->sample_id, 8));
      } else {
         dst[0] = emit_get_sr(st, 124);
      }
      break;
   default: /* load_num_samples */
      dst[0] = agx_mov_imm(&st->b, 32,
                           key->nr_samples > 1 && fs ? key->nr_samples : 1);
      break;
   }
}

/*
 * discard: the lanes discarding clear their samples (sample_mask with an
 * empty mask, as Mesa lowers discard) and are disabled for the rest of the
 * shader: their r0l count is set two above the nesting of every enclosing
 * construct, so no pop, else or while brings them back.  discard_if does
 * the same inside an if on its condition.
 */
static void
emit_discard(struct isel *st, const agx_operand *cond)
{
   agx_operand z = agx_isa_imm(0, 8);
   unsigned depth = st->exec_depth;
   if (cond) {
      emit_exec_op(st, AGX_ISA_OP_IF_ICMP, AGX_ICC_NUEQ, *cond, z, 1);
      depth += 1;
   }
   /* Mesa waits for earlier pixels (wait_pix 1) before a sample_mask */
   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_WAIT_PIX);
   I->ops[AGX_ISA_WAIT_PIX_I] = agx_isa_imm(1, 10);
   I = agx_emit(&st->b, AGX_ISA_OP_SAMPLE_MASK);
   I->ops[AGX_ISA_SAMPLE_MASK_S] = agx_isa_imm(0xff, 8);
   I->ops[AGX_ISA_SAMPLE_MASK_M] = agx_isa_imm(0, 8);
   /* two above the nesting: the final pop after early returns (which
    * leave lanes one above) must not bring discarded lanes back */
   agx_mov_to(&st->b, agx_isa_reg(0, 16, 0), agx_isa_imm(depth + 2, 16));
   I = agx_emit(&st->b, AGX_ISA_OP_POP_EXEC);
   I->ops[AGX_ISA_POP_EXEC_N] = agx_isa_imm(cond ? 1 : 0, 2);
   st->ctx->info->can_discard = true;
   /* what follows (phi copies included) runs in a block of its own */
   start_block(st);
}

/* Polygon stipple (agx_fs_key::poly_stipple), before the program: the
 * pattern's word for the pixel's row y % 32 (thread_position_in_grid, as
 * gl_FragCoord), shifted left by x % 32 so that bit 31 - x % 32 is its top
 * bit; lanes where that bit is 0 discard. */
static void
emit_poly_stipple(struct isel *st)
{
   const agx_operand zero = agx_isa_imm(0, 8), low5 = agx_isa_imm(31, 8);
   agx_operand x = emit_bitop(st, AGX_TT_AND, emit_get_sr(st, 80), low5);
   agx_operand y = emit_bitop(st, AGX_TT_AND, emit_get_sr(st, 81), low5);
   unsigned addr =
      agx_push(st->ctx, AGX_PUSH_SYSVAL, AGX_SYSVAL_POLY_STIPPLE_LO, 4);
   agx_operand word;
   load_words(st, addr, y, 1, &word);
   agx_operand top = emit_bitfield(st, AGX_ISA_OP_BFI, zero, word, x);
   agx_operand bit = emit_bitfield_m(st, AGX_ISA_OP_BFEIL, zero, top, low5, 1);
   agx_operand off = emit_bitop(st, AGX_TT_XOR, bit, agx_isa_imm(1, 8));
   emit_discard(st, &off);
}

/* Cull distances (agx_fs_key::nr_cull_distances), before the program:
 * the vertex shader wrote 1.0 per vertex inside distance i and 0.0
 * outside, a noperspective varying (agx_nir_lower_clip_distance.c) whose
 * plane <A, B, C> (ldcf) is zero exactly when all the primitive's
 * vertices are outside, which culls the primitive (GL 4.5 section 13.5;
 * Mesa's AGX driver tests the coefficients the same way).  The lanes of
 * such a primitive discard. */
static void
emit_cull_test(struct isel *st)
{
   unsigned n = MIN2(st->ctx->key->fs.nr_cull_distances, 8u);
   agx_operand zero = agx_isa_imm(0, 8), fzero = agx_isa_fimm(0);
   agx_operand culled = {0};
   for (unsigned i = 0; i < n; ++i) {
      int cf = st->cf_of_slot[VARYING_SLOT_CULL_PRIMITIVE0 + i / 4];
      if (cf < 0)
         continue;
      agx_operand plane[3];
      emit_ldcf(st, (unsigned)cf + i % 4, 32, plane);
      /* A == 0 && B == 0 && C == 0 (either zero's sign) */
      agx_operand all = imm32(st, 1);
      for (unsigned k = 0; k < 3; ++k)
         all = emit_cmpsel(st, true, AGX_FCC_EQ, plane[k], fzero, all, zero);
      culled = culled.kind == AGX_ISA_KIND_NONE
                  ? all
                  : emit_bitop(st, AGX_TT_OR, culled, all);
   }
   if (culled.kind != AGX_ISA_KIND_NONE) {
      st->ctx->info->reads_varyings = true;
      emit_discard(st, &culled);
   }
}

/* store_xfb_agx (agx_nir_lower_xfb.c): 32-bit words to transform
 * feedback buffer `base`, whose address is AGX_SYSVAL_XFB_ADDR0_LO + 2 *
 * base, at a word offset. */
static void
emit_store_xfb(struct isel *st, nir_intrinsic_instr *intr)
{
   unsigned n = intr->src[0].ssa->num_components;
   unsigned buffer = (unsigned)nir_intrinsic_base(intr);
   if (intr->src[0].ssa->bit_size != 32 || n > 4 || buffer >= 4) {
      agx_fail(st->ctx, AGX_COMPILE_INVALID, "bad store_xfb_agx");
      return;
   }
   agx_operand comps[4];
   for (unsigned c = 0; c < n; ++c)
      comps[c] = get_src(st, &intr->src[0], c);
   agx_operand vec = n == 1 ? comps[0] : agx_collect(&st->b, n, comps);
   unsigned addr = agx_push(st->ctx, AGX_PUSH_SYSVAL,
                            AGX_SYSVAL_XFB_ADDR0_LO + 2 * buffer, 4);
   agx_operand base = mem_base(st, addr);
   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_DEVICE_STORE);
   I->ops[AGX_ISA_DEVICE_STORE_F] = agx_isa_enum(2 /* i32 */, 4);
   I->ops[AGX_ISA_DEVICE_STORE_MASK] = agx_isa_enum((1u << n) - 1, 4);
   I->ops[AGX_ISA_DEVICE_STORE_R] = vec;
   I->ops[AGX_ISA_DEVICE_STORE_A] = base;
   I->ops[AGX_ISA_DEVICE_STORE_O] = get_src(st, &intr->src[1], 0);
   I->ops[AGX_ISA_DEVICE_STORE_OU] = agx_isa_enum(1 /* unsigned */, 1);
}

/* Scratch memory (nir_lower_vars_to_scratch): the byte offset as the
 * stack instructions' index, a signed 16-bit immediate or a 32-bit
 * register (facts: dougallj/applegpu applegpu.py MemoryIndexDesc for the
 * operand; alexvorxx/Mesa-VirGL src/asahi/compiler/agx_compile.c passes
 * NIR's scratch byte offsets unchanged). */
static agx_operand
scratch_offset(struct isel *st, nir_src *src, unsigned extra_B)
{
   uint32_t off;
   if (const_value(src, 0, &off) && off + extra_B < 0x8000)
      return agx_isa_imm(off + extra_B, 16);
   agx_operand o = get_src(st, src, 0);
   if (extra_B)
      o = emit_binop(st, AGX_ISA_OP_IADD, 32, o, int_operand(st, extra_B));
   return o;
}

static bool
scratch_format(struct isel *st, unsigned bit_size, unsigned *fmt)
{
   if (bit_size != 16 && bit_size != 32) {
      agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "%u-bit scratch access",
               bit_size);
      return false;
   }
   *fmt = bit_size == 16 ? 1 /* i16 */ : 2 /* i32 */;
   return true;
}

static void
emit_load_scratch(struct isel *st, nir_intrinsic_instr *intr)
{
   unsigned n = intr->def.num_components, bits = intr->def.bit_size, fmt;
   if (n > 4 || !scratch_format(st, bits, &fmt))
      return;
   agx_operand *dst = def_ops(st, &intr->def);
   agx_operand vec = agx_temp(st->ctx, bits, n);
   agx_emit_stack_op(&st->b, false, vec, fmt, (1u << n) - 1,
                     scratch_offset(st, &intr->src[0],
                                    (unsigned)nir_intrinsic_base(intr)));
   if (n == 1)
      dst[0] = vec;
   else
      agx_split(&st->b, dst, n, vec);
}

static void
emit_store_scratch(struct isel *st, nir_intrinsic_instr *intr)
{
   nir_def *v = intr->src[0].ssa;
   unsigned bits = v->bit_size, fmt;
   unsigned wrmask = nir_intrinsic_write_mask(intr);
   if (v->num_components > 4 || !scratch_format(st, bits, &fmt))
      return;
   /* one store per run of written components: the data registers are
    * consecutive, one per mask bit */
   for (unsigned c = 0; c < v->num_components;) {
      if (!(wrmask & (1u << c))) {
         c++;
         continue;
      }
      unsigned n = 0;
      agx_operand comps[4];
      while (c + n < v->num_components && (wrmask & (1u << (c + n)))) {
         comps[n] = get_src(st, &intr->src[0], c + n);
         n++;
      }
      agx_operand vec = n == 1 ? comps[0] : agx_collect(&st->b, n, comps);
      unsigned extra = (unsigned)nir_intrinsic_base(intr) + c * (bits / 8);
      agx_emit_stack_op(&st->b, true, vec, fmt, (1u << n) - 1,
                        scratch_offset(st, &intr->src[1], extra));
      c += n;
   }
}

/* ---- storage buffers, shared memory, compute system values ----------------
 *
 * Storage buffers (AGX_PUSH_SSBO): the bound range's address and size sit
 * in uniforms; agx_nir_lower_ssbo has already made the binding a constant
 * and put every access under a bounds check, so an access here is a plain
 * device_load / device_store / atomic at address + offset, offsets counted
 * in 32-bit elements (unsigned).  Shared memory: threadgroup_load / store /
 * atomic with a 16-bit byte base (Mesa's form: alexvorxx/Mesa-VirGL
 * src/asahi/compiler/agx_compile.c agx_emit_local_load, index 0).
 */

/* NIR atomic op -> the ISA's atomic op field (applegpu ATOMIC_OPS). */
static int
atomic_op_field(nir_atomic_op op)
{
   switch (op) {
   case nir_atomic_op_iadd:
      return 0;
   case nir_atomic_op_xchg:
      return 2;
   case nir_atomic_op_cmpxchg:
      return 3;
   case nir_atomic_op_umin:
      return 4;
   case nir_atomic_op_imin:
      return 5;
   case nir_atomic_op_umax:
      return 6;
   case nir_atomic_op_imax:
      return 7;
   case nir_atomic_op_iand:
      return 8;
   case nir_atomic_op_ior:
      return 9;
   case nir_atomic_op_ixor:
      return 10;
   default:
      return -1;
   }
}

/* The uniform half of a storage buffer's record (address, size). */
static bool
ssbo_record(struct isel *st, nir_src *binding, unsigned *half)
{
   uint32_t k;
   if (!const_value(binding, 0, &k) || k >= AGX_MAX_SSBOS) {
      agx_fail(st->ctx, AGX_COMPILE_INVALID,
               "storage buffer binding not a constant below %u",
               AGX_MAX_SSBOS);
      return false;
   }
   *half = agx_push(st->ctx, AGX_PUSH_SSBO, k, 8);
   return true;
}

/* A byte offset as a 32-bit element index operand (offset / 4). */
static agx_operand
word_index(struct isel *st, nir_src *src, unsigned extra_words)
{
   uint32_t off;
   if (const_value(src, 0, &off)) {
      uint32_t w = off / 4 + extra_words;
      return w < 0x8000 ? agx_isa_imm(w, 16) : imm32(st, w);
   }
   agx_operand w = emit_bitfield(st, AGX_ISA_OP_BFEIL, agx_isa_imm(0, 8),
                                 get_src(st, src, 0), agx_isa_imm(2, 8));
   if (extra_words)
      w = emit_binop(st, AGX_ISA_OP_IADD, 32, w, int_operand(st, extra_words));
   return w;
}

static bool
check_32bit(struct isel *st, unsigned bits, unsigned n, const char *what)
{
   if (bits == 32 && n >= 1 && n <= 4)
      return true;
   agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "%u-bit or vec%u %s", bits, n,
            what);
   return false;
}

static void
emit_load_ssbo(struct isel *st, nir_intrinsic_instr *intr)
{
   unsigned n = intr->def.num_components, half;
   if (!check_32bit(st, intr->def.bit_size, n, "storage buffer loads") ||
       !ssbo_record(st, &intr->src[0], &half))
      return;
   agx_operand *dst = def_ops(st, &intr->def);
   agx_operand vec = agx_temp(st->ctx, 32, n);
   /* operands first: they may emit code */
   agx_operand A = mem_base(st, half);
   agx_operand O = word_index(st, &intr->src[1], 0);
   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_DEVICE_LOAD);
   I->ops[AGX_ISA_DEVICE_LOAD_F] = agx_isa_enum(2 /* i32 */, 4);
   I->ops[AGX_ISA_DEVICE_LOAD_MASK] = agx_isa_enum((1u << n) - 1, 4);
   I->ops[AGX_ISA_DEVICE_LOAD_R] = vec;
   I->ops[AGX_ISA_DEVICE_LOAD_A] = A;
   I->ops[AGX_ISA_DEVICE_LOAD_O] = O;
   I->ops[AGX_ISA_DEVICE_LOAD_OU] = agx_isa_enum(1 /* unsigned */, 1);
   I = agx_emit(&st->b, AGX_ISA_OP_WAIT);
   I->ops[0] = agx_isa_imm(0, 1);
   if (n == 1)
      dst[0] = vec;
   else
      agx_split(&st->b, dst, n, vec);
}

/* One device_store per run of written components. */
static void
emit_store_ssbo(struct isel *st, nir_intrinsic_instr *intr)
{
   nir_def *v = intr->src[0].ssa;
   unsigned wrmask = nir_intrinsic_write_mask(intr), half;
   if (!check_32bit(st, v->bit_size, v->num_components,
                    "storage buffer stores") ||
       !ssbo_record(st, &intr->src[1], &half))
      return;
   for (unsigned c = 0; c < v->num_components;) {
      if (!(wrmask & (1u << c))) {
         c++;
         continue;
      }
      unsigned n = 0;
      agx_operand comps[4];
      while (c + n < v->num_components && (wrmask & (1u << (c + n)))) {
         comps[n] = get_src(st, &intr->src[0], c + n);
         n++;
      }
      agx_operand vec = n == 1 ? comps[0] : agx_collect(&st->b, n, comps);
      agx_operand A = mem_base(st, half);
      agx_operand O = word_index(st, &intr->src[2], c);
      agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_DEVICE_STORE);
      I->ops[AGX_ISA_DEVICE_STORE_F] = agx_isa_enum(2 /* i32 */, 4);
      I->ops[AGX_ISA_DEVICE_STORE_MASK] = agx_isa_enum((1u << n) - 1, 4);
      I->ops[AGX_ISA_DEVICE_STORE_R] = vec;
      I->ops[AGX_ISA_DEVICE_STORE_A] = A;
      I->ops[AGX_ISA_DEVICE_STORE_O] = O;
      I->ops[AGX_ISA_DEVICE_STORE_OU] = agx_isa_enum(1 /* unsigned */, 1);
      c += n;
   }
}

/* The source of an atomic: the value, or for a compare-and-swap the
 * register pair (new value, comparand), in Mesa's order
 * (alexvorxx/Mesa-VirGL src/asahi/compiler/agx_compile.c agx_emit_atomic:
 * agx_vec2(value2, value)). */
static agx_operand
atomic_source(struct isel *st, nir_intrinsic_instr *intr, unsigned data_src,
              bool swap)
{
   agx_operand data = get_src(st, &intr->src[data_src], 0);
   if (!swap)
      return data;
   /* one 64-bit value made of the two words */
   agx_operand v = agx_temp(st->ctx, 64, 1);
   agx_instr *I = agx_emit_pseudo(&st->b, AGX_OP_COLLECT, 3, 1);
   I->ops[0] = v;
   I->ops[1] = get_src(st, &intr->src[data_src + 1], 0);
   I->ops[2] = data;
   return v;
}

/* A device atomic of op at the 64-bit address in uniform half `half` plus
 * 32-bit element O, its data from source data_src (and the next for a
 * swap); the result is the intrinsic's value. */
static void
emit_device_atomic(struct isel *st, nir_intrinsic_instr *intr, int op,
                   bool swap, unsigned data_src, unsigned half, agx_operand O)
{
   agx_operand dst = agx_temp(st->ctx, 32, 1);
   agx_operand s = atomic_source(st, intr, data_src, swap);
   agx_operand A = mem_base(st, half);
   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_ATOMIC);
   I->ops[AGX_ISA_ATOMIC_OP] = agx_isa_enum((unsigned)op, 4);
   I->ops[AGX_ISA_ATOMIC_R] = dst;
   I->ops[AGX_ISA_ATOMIC_A] = A;
   I->ops[AGX_ISA_ATOMIC_O] = O;
   I->ops[AGX_ISA_ATOMIC_OU] = agx_isa_enum(1 /* unsigned */, 1);
   I->ops[AGX_ISA_ATOMIC_S] = s;
   /* the fixed bits of Mesa's encoding (alexvorxx/Mesa-VirGL
    * src/asahi/compiler/agx_opcodes.py "atomic": bits 26, 31, 44, 46) */
   I->ops[AGX_ISA_ATOMIC_U1] = agx_isa_imm(1, 1);
   I->ops[AGX_ISA_ATOMIC_U3] = agx_isa_imm(1, 1);
   I->ops[AGX_ISA_ATOMIC_U4] = agx_isa_imm(4, 3);
   I->ops[AGX_ISA_ATOMIC_U5] = agx_isa_imm(2, 2);
   I = agx_emit(&st->b, AGX_ISA_OP_WAIT);
   I->ops[0] = agx_isa_imm(0, 1);
   def_ops(st, &intr->def)[0] = dst;
}

static void
emit_ssbo_atomic(struct isel *st, nir_intrinsic_instr *intr, bool swap)
{
   unsigned half;
   int op = atomic_op_field(nir_intrinsic_atomic_op(intr));
   if (op < 0 || (op == 3) != swap || intr->def.bit_size != 32) {
      agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "storage buffer atomic %d",
               nir_intrinsic_atomic_op(intr));
      return;
   }
   if (!ssbo_record(st, &intr->src[0], &half))
      return;
   emit_device_atomic(st, intr, op, swap, 2, half,
                      word_index(st, &intr->src[1], 0));
}

/* Image atomics (agx_nir_lower_image.c): the image's addressing record
 * (AGX_PUSH_IMAGE_ATOMIC, 16 halves) gives the address of its texels; the
 * lowering computed the 32-bit word of the texel and checked its bounds,
 * so this is the atomic storage buffers use at address + word. */
static void
emit_image_atomic(struct isel *st, nir_intrinsic_instr *intr, bool swap)
{
   int op = atomic_op_field(nir_intrinsic_atomic_op(intr));
   unsigned image = (unsigned)nir_intrinsic_base(intr);
   if (op < 0 || (op == 3) != swap || intr->def.bit_size != 32 ||
       image >= AGX_MAX_IMAGES) {
      agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "image atomic %d",
               nir_intrinsic_atomic_op(intr));
      return;
   }
   unsigned half = agx_push(st->ctx, AGX_PUSH_IMAGE_ATOMIC, image, 16);
   emit_device_atomic(st, intr, op, swap, 1, half,
                      get_src(st, &intr->src[0], 0));
}

static void
emit_load_image_info(struct isel *st, nir_intrinsic_instr *intr)
{
   unsigned image = (unsigned)nir_intrinsic_base(intr);
   unsigned word = (unsigned)nir_intrinsic_component(intr);
   if (image >= AGX_MAX_IMAGES || word >= 8) {
      agx_fail(st->ctx, AGX_COMPILE_INVALID, "image record word %u of %u",
               word, image);
      return;
   }
   unsigned half = agx_push(st->ctx, AGX_PUSH_IMAGE_ATOMIC, image, 16);
   agx_operand *dst = def_ops(st, &intr->def);
   dst[0] = agx_temp(st->ctx, 32, 1);
   agx_mov_to(&st->b, dst[0], agx_uniform(half + 2 * word, 32));
}

static void
emit_get_ssbo_size(struct isel *st, nir_intrinsic_instr *intr)
{
   unsigned half;
   if (!ssbo_record(st, &intr->src[0], &half))
      return;
   agx_operand *dst = def_ops(st, &intr->def);
   dst[0] = agx_temp(st->ctx, 32, 1);
   agx_mov_to(&st->b, dst[0], agx_uniform(half + 4, 32));
}

/* Shared memory operands: base A (16-bit byte address, or zero) and
 * index O (signed 16-bit immediate, in elements). */
static void
shared_address(struct isel *st, nir_src *src, unsigned extra_B,
               agx_operand *A, agx_operand *O)
{
   uint32_t off;
   if (const_value(src, 0, &off) && (off + extra_B) % 4 == 0 &&
       (off + extra_B) / 4 < 0x8000) {
      *A = agx_isa_imm(0, 16);
      *O = agx_isa_imm((off + extra_B) / 4, 16);
      return;
   }
   agx_operand v = get_src(st, src, 0);
   if (extra_B)
      v = emit_binop(st, AGX_ISA_OP_IADD, 32, v, int_operand(st, extra_B));
   agx_operand h[2];
   agx_split(&st->b, h, 2, v);
   *A = h[0];
   *O = agx_isa_imm(0, 16);
}

static void
emit_load_shared(struct isel *st, nir_intrinsic_instr *intr)
{
   unsigned n = intr->def.num_components;
   if (!check_32bit(st, intr->def.bit_size, n, "shared memory loads"))
      return;
   agx_operand A, O;
   shared_address(st, &intr->src[0], (unsigned)nir_intrinsic_base(intr), &A,
                  &O);
   agx_operand *dst = def_ops(st, &intr->def);
   agx_operand vec = agx_temp(st->ctx, 32, n);
   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_THREADGROUP_LOAD);
   I->ops[AGX_ISA_THREADGROUP_LOAD_F] = agx_isa_enum(2 /* i32 */, 4);
   I->ops[AGX_ISA_THREADGROUP_LOAD_MASK] = agx_isa_enum((1u << n) - 1, 4);
   I->ops[AGX_ISA_THREADGROUP_LOAD_R] = vec;
   I->ops[AGX_ISA_THREADGROUP_LOAD_A] = A;
   I->ops[AGX_ISA_THREADGROUP_LOAD_O] = O;
   I = agx_emit(&st->b, AGX_ISA_OP_WAIT);
   I->ops[0] = agx_isa_imm(0, 1);
   if (n == 1)
      dst[0] = vec;
   else
      agx_split(&st->b, dst, n, vec);
}

static void
emit_store_shared(struct isel *st, nir_intrinsic_instr *intr)
{
   nir_def *v = intr->src[0].ssa;
   unsigned wrmask = nir_intrinsic_write_mask(intr);
   if (!check_32bit(st, v->bit_size, v->num_components, "shared memory stores"))
      return;
   for (unsigned c = 0; c < v->num_components;) {
      if (!(wrmask & (1u << c))) {
         c++;
         continue;
      }
      unsigned n = 0;
      agx_operand comps[4];
      while (c + n < v->num_components && (wrmask & (1u << (c + n)))) {
         comps[n] = get_src(st, &intr->src[0], c + n);
         n++;
      }
      agx_operand vec = n == 1 ? comps[0] : agx_collect(&st->b, n, comps);
      agx_operand A, O;
      shared_address(st, &intr->src[1],
                     (unsigned)nir_intrinsic_base(intr) + 4 * c, &A, &O);
      agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_THREADGROUP_STORE);
      I->ops[AGX_ISA_THREADGROUP_STORE_F] = agx_isa_enum(2 /* i32 */, 4);
      I->ops[AGX_ISA_THREADGROUP_STORE_MASK] = agx_isa_enum((1u << n) - 1, 4);
      I->ops[AGX_ISA_THREADGROUP_STORE_R] = vec;
      I->ops[AGX_ISA_THREADGROUP_STORE_A] = A;
      I->ops[AGX_ISA_THREADGROUP_STORE_O] = O;
      c += n;
   }
}

static void
emit_shared_atomic(struct isel *st, nir_intrinsic_instr *intr, bool swap)
{
   int op = atomic_op_field(nir_intrinsic_atomic_op(intr));
   if (op < 0 || (op == 3) != swap || intr->def.bit_size != 32) {
      agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "shared memory atomic %d",
               nir_intrinsic_atomic_op(intr));
      return;
   }
   agx_operand A, O;
   shared_address(st, &intr->src[0], (unsigned)nir_intrinsic_base(intr), &A,
                  &O);
   agx_operand dst = agx_temp(st->ctx, 32, 1);
   agx_operand s = atomic_source(st, intr, 1, swap);
   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_THREADGROUP_ATOMIC);
   I->ops[AGX_ISA_THREADGROUP_ATOMIC_OP] = agx_isa_enum((unsigned)op, 4);
   I->ops[AGX_ISA_THREADGROUP_ATOMIC_R] = dst;
   I->ops[AGX_ISA_THREADGROUP_ATOMIC_A] = A;
   I->ops[AGX_ISA_THREADGROUP_ATOMIC_O] = O;
   I->ops[AGX_ISA_THREADGROUP_ATOMIC_S] = s;
   /* Mesa's fixed bits (agx_opcodes.py "local_atomic": bits 36, 47) */
   I->ops[AGX_ISA_THREADGROUP_ATOMIC_U3] = agx_isa_imm(2, 3);
   I->ops[AGX_ISA_THREADGROUP_ATOMIC_U4] = agx_isa_imm(0x80, 8);
   I = agx_emit(&st->b, AGX_ISA_OP_WAIT);
   I->ops[0] = agx_isa_imm(0, 1);
   def_ops(st, &intr->def)[0] = dst;
}

/* A vec3 compute system value from special registers base .. base + 2
 * (applegpu SR_NAMES; Mesa's agx_load_compute_dimension). */
static void
emit_sr_vec3(struct isel *st, nir_intrinsic_instr *intr, unsigned base)
{
   agx_operand *dst = def_ops(st, &intr->def);
   for (unsigned c = 0; c < intr->def.num_components && c < 3; ++c)
      dst[c] = emit_get_sr(st, base + c);
}

/* gl_WorkGroupSize: the shader's constant size, or the threadgroup's
 * (threads_per_threadgroup, sr4-6) when it has none. */
static void
emit_workgroup_size(struct isel *st, nir_intrinsic_instr *intr)
{
   const uint16_t *wg = st->nir->info.workgroup_size;
   if (!wg[0] || !wg[1] || !wg[2]) {
      emit_sr_vec3(st, intr, 4);
      return;
   }
   agx_operand *dst = def_ops(st, &intr->def);
   for (unsigned c = 0; c < intr->def.num_components && c < 3; ++c)
      dst[c] = agx_mov_imm(&st->b, 32, wg[c]);
}

/* gl_NumWorkGroups: three words at AGX_SYSVAL_GRID_ADDR (the indirect
 * buffer itself for indirect dispatches). */
static void
emit_num_workgroups(struct isel *st, nir_intrinsic_instr *intr)
{
   unsigned addr =
      agx_push(st->ctx, AGX_PUSH_SYSVAL, AGX_SYSVAL_GRID_ADDR_LO, 4);
   agx_operand vec = agx_temp(st->ctx, 32, 3);
   agx_operand A = mem_base(st, addr);
   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_DEVICE_LOAD);
   I->ops[AGX_ISA_DEVICE_LOAD_F] = agx_isa_enum(2 /* i32 */, 4);
   I->ops[AGX_ISA_DEVICE_LOAD_MASK] = agx_isa_enum(7, 4);
   I->ops[AGX_ISA_DEVICE_LOAD_R] = vec;
   I->ops[AGX_ISA_DEVICE_LOAD_A] = A;
   I->ops[AGX_ISA_DEVICE_LOAD_O] = agx_isa_imm(0, 16);
   I->ops[AGX_ISA_DEVICE_LOAD_OU] = agx_isa_enum(1 /* unsigned */, 1);
   I = agx_emit(&st->b, AGX_ISA_OP_WAIT);
   I->ops[0] = agx_isa_imm(0, 1);
   agx_operand parts[3];
   agx_split(&st->b, parts, 3, vec);
   agx_operand *dst = def_ops(st, &intr->def);
   for (unsigned c = 0; c < intr->def.num_components && c < 3; ++c)
      dst[c] = parts[c];
}

/* memory_barrier with Mesa's encoding 0x96F5 (alexvorxx/Mesa-VirGL
 * src/asahi/compiler/agx_opcodes.py): a = 1, b = 2, c = 9. */
static void
emit_memory_barrier(struct isel *st)
{
   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_MEMORY_BARRIER);
   I->ops[AGX_ISA_MEMORY_BARRIER_A] = agx_isa_imm(1, 2);
   I->ops[AGX_ISA_MEMORY_BARRIER_B] = agx_isa_imm(2, 2);
   I->ops[AGX_ISA_MEMORY_BARRIER_C] = agx_isa_imm(9, 4);
}

/* Returns false when intr is not one of these. */
static bool
emit_compute_intrinsic(struct isel *st, nir_intrinsic_instr *intr)
{
   switch (intr->intrinsic) {
   case nir_intrinsic_load_ssbo:
      emit_load_ssbo(st, intr);
      return true;
   case nir_intrinsic_store_ssbo:
      emit_store_ssbo(st, intr);
      return true;
   case nir_intrinsic_ssbo_atomic:
      emit_ssbo_atomic(st, intr, false);
      return true;
   case nir_intrinsic_ssbo_atomic_swap:
      emit_ssbo_atomic(st, intr, true);
      return true;
   case nir_intrinsic_get_ssbo_size:
      emit_get_ssbo_size(st, intr);
      return true;
   case nir_intrinsic_load_shared:
      emit_load_shared(st, intr);
      return true;
   case nir_intrinsic_store_shared:
      emit_store_shared(st, intr);
      return true;
   case nir_intrinsic_shared_atomic:
      emit_shared_atomic(st, intr, false);
      return true;
   case nir_intrinsic_shared_atomic_swap:
      emit_shared_atomic(st, intr, true);
      return true;
   case nir_intrinsic_memory_barrier:
      emit_memory_barrier(st);
      return true;
   case nir_intrinsic_load_helper_invocation:
      /* is_active_thread (sr63) is 0 for helper lanes (Mesa's
       * load_helper_invocation); only fragment shaders have them.  A
       * per-sample variant's lane whose pixel does not cover the shaded
       * sample is a helper too: per-sample shading has no invocation
       * there (GL 4.6 section 14.3.1.1), so its stores and atomics must
       * not happen. */
      if (st->ctx->stage == MESA_SHADER_FRAGMENT) {
         const struct agx_fs_key *fk = &st->ctx->key->fs;
         agx_operand active = emit_get_sr(st, 63);
         agx_operand z = agx_isa_imm(0, 8);
         if (fk->per_sample && fk->nr_samples > 1) {
            agx_operand bit = emit_bitop(st, AGX_TT_AND, emit_get_sr(st, 124),
                                         agx_isa_imm(1u << fk->sample_id, 8));
            active = emit_cmpsel(st, false, AGX_ICC_UEQ, bit, z, z, active);
         }
         def_ops(st, &intr->def)[0] = emit_cmpsel(
            st, false, AGX_ICC_UEQ, active, z, imm32(st, ~0u), z);
      } else
         def_ops(st, &intr->def)[0] = agx_mov_imm(&st->b, 32, 0);
      return true;
   case nir_intrinsic_barrier:
      /* device memory ordered, then every SIMD group of the threadgroup
       * waits (threadgroup memory needs no flush: Mesa emits only the
       * threadgroup barrier for it) */
      if (st->ctx->stage != MESA_SHADER_COMPUTE) {
         agx_fail(st->ctx, AGX_COMPILE_INVALID, "barrier outside compute");
         return true;
      }
      emit_memory_barrier(st);
      agx_emit(&st->b, AGX_ISA_OP_THREADGROUP_BARRIER);
      return true;
   default:
      break;
   }

   if (st->ctx->stage != MESA_SHADER_COMPUTE)
      return false;
   switch (intr->intrinsic) {
   case nir_intrinsic_load_workgroup_id:
      emit_sr_vec3(st, intr, 0); /* threadgroup_position_in_grid */
      return true;
   case nir_intrinsic_load_local_invocation_id:
      emit_sr_vec3(st, intr, 48); /* thread_position_in_threadgroup */
      return true;
   case nir_intrinsic_load_global_invocation_id:
      emit_sr_vec3(st, intr, 80); /* thread_position_in_grid */
      return true;
   case nir_intrinsic_load_local_invocation_index:
      /* thread_index_in_threadgroup */
      def_ops(st, &intr->def)[0] = emit_get_sr(st, 51);
      return true;
   case nir_intrinsic_load_workgroup_size:
      emit_workgroup_size(st, intr);
      return true;
   case nir_intrinsic_load_num_workgroups:
      emit_num_workgroups(st, intr);
      return true;
   default:
      return false;
   }
}

/*
 * The preamble's results (agx_nir_opt_preamble.c) live in uniform halves
 * [0, AGX_PREAMBLE_...): slot `base` of store_preamble / load_preamble is
 * uniform half `base`.  The preamble writes them with uniform_store, which
 * stores 16-bit halves (alexvorxx/Mesa-VirGL src/asahi/compiler/
 * agx_pack.c packs it with format i16 and one mask bit per half: the
 * 32-bit register is turned into its two halves after register
 * allocation, agx_lower_pseudo.c).
 */
static void
emit_preamble_io(struct isel *st, nir_intrinsic_instr *intr)
{
   unsigned half = (unsigned)nir_intrinsic_base(intr);
   if (intr->intrinsic == nir_intrinsic_load_preamble) {
      agx_operand *dst = def_ops(st, &intr->def);
      dst[0] = agx_temp(st->ctx, 32, 1);
      agx_mov_to(&st->b, dst[0], agx_uniform(half, 32));
      return;
   }
   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_UNIFORM_STORE);
   I->ops[AGX_ISA_UNIFORM_STORE_UNK] = agx_isa_imm(2, 2);
   I->ops[AGX_ISA_UNIFORM_STORE_F] = agx_isa_enum(1 /* i16 */, 4);
   I->ops[AGX_ISA_UNIFORM_STORE_MASK] = agx_isa_enum(1, 4);
   I->ops[AGX_ISA_UNIFORM_STORE_B] = agx_isa_imm(0, 3);
   I->ops[AGX_ISA_UNIFORM_STORE_R] = get_src(st, &intr->src[0], 0);
   I->ops[AGX_ISA_UNIFORM_STORE_O] = agx_isa_imm(half, 16);
}

/*
 * imageStore (agx_nir_lower_image.c): image_write of four 32-bit values
 * through the PBE descriptor in texture state register `base`, at level
 * 0 of the descriptor (an immediate LOD), 2D (tex_2d) or 2D array
 * (tex_2d_array: 32-bit x and y then the layer as a 16-bit value, the
 * coordinate run texture_load takes).  Facts: alexvorxx/Mesa-VirGL
 * src/asahi/compiler/agx_opcodes.py (image_write always has bit 23 set)
 * and agx_pack.c AGX_OPCODE_IMAGE_WRITE (bits 43-46: 0xf for coherent
 * stores, 0x9 otherwise; every store is coherent here).
 */
static void
emit_image_store(struct isel *st, nir_intrinsic_instr *intr)
{
   bool array = nir_intrinsic_image_array(intr);
   agx_operand x = get_src(st, &intr->src[0], 0);
   agx_operand y = get_src(st, &intr->src[0], 1);
   agx_operand c;
   if (array) {
      agx_operand layer = get_src(st, &intr->src[0], 2);
      agx_operand halves[6];
      agx_split(&st->b, &halves[0], 2, x);
      agx_split(&st->b, &halves[2], 2, y);
      agx_split(&st->b, &halves[4], 2, layer);
      c = agx_collect(&st->b, 5, halves);
      st->ctx->values[c.value].align = 2;
   } else {
      agx_operand xy[2] = {x, y};
      c = agx_collect(&st->b, 2, xy);
   }
   agx_operand v[4];
   for (unsigned i = 0; i < 4; ++i)
      v[i] = i < intr->src[1].ssa->num_components
                ? get_src(st, &intr->src[1], i)
                : agx_mov_imm(&st->b, 32, 0);
   agx_operand r = agx_collect(&st->b, 4, v);

   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_IMAGE_WRITE);
   I->ops[AGX_ISA_IMAGE_WRITE_R] = r;
   I->ops[AGX_ISA_IMAGE_WRITE_C] = c;
   I->ops[AGX_ISA_IMAGE_WRITE_D] = agx_isa_imm(0, 8);
   agx_operand t = {AGX_ISA_KIND_TEXTURE_STATE, 32, 1, 0,
                    (int64_t)nir_intrinsic_base(intr)};
   I->ops[AGX_ISA_IMAGE_WRITE_T] = t;
   I->ops[AGX_ISA_IMAGE_WRITE_N] = agx_isa_enum(array ? 3 : 2, 4);
   I->ops[AGX_ISA_IMAGE_WRITE_ROUND] = agx_isa_enum(0, 1);
   I->ops[AGX_ISA_IMAGE_WRITE_U1] = agx_isa_imm(1, 1);
   I->ops[AGX_ISA_IMAGE_WRITE_U2] = agx_isa_imm(0, 1);
   I->ops[AGX_ISA_IMAGE_WRITE_U3] = agx_isa_imm(0xf, 4);
   I->ops[AGX_ISA_IMAGE_WRITE_U5] = agx_isa_imm(0, 1);

   struct agx_shader_info *info = st->ctx->info;
   info->nr_textures =
      MAX2(info->nr_textures, (unsigned)nir_intrinsic_base(intr) + 1);
}

/* ARB_shader_group_vote over the SIMD group.  icmp_ballot gives every
 * active lane the mask of the active lanes whose comparison holds
 * (applegpu's ICmpBallot; inactive lanes are not in it), so "any" is a
 * ballot of x != 0 that is not empty and "all" a ballot of x == 0 that
 * is.  Booleans are 0 / ~0 words here; the result is one too. */
static agx_operand
emit_vote(struct isel *st, nir_intrinsic_instr *intr)
{
   bool all = intr->intrinsic == nir_intrinsic_vote_all;
   agx_operand x = get_src(st, &intr->src[0], 0);
   agx_operand z = agx_isa_imm(0, 8);
   agx_operand mask = agx_temp(st->ctx, 32, 1);
   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_ICMP_BALLOT);
   I->ops[AGX_ISA_ICMP_BALLOT_CC] =
      agx_isa_enum(all ? AGX_ICC_UEQ : AGX_ICC_NUEQ, 4);
   I->ops[AGX_ISA_ICMP_BALLOT_D] = mask;
   I->ops[AGX_ISA_ICMP_BALLOT_A] = x;
   I->ops[AGX_ISA_ICMP_BALLOT_B] = z;
   agx_operand t = imm32(st, ~0u);
   /* all: no lane is false; any: some lane is true */
   return all ? emit_cmpsel(st, false, AGX_ICC_UEQ, mask, z, t, z)
              : emit_cmpsel(st, false, AGX_ICC_UEQ, mask, z, z, t);
}

static void
emit_intrinsic(struct isel *st, nir_intrinsic_instr *intr)
{
   if (emit_compute_intrinsic(st, intr))
      return;
   switch (intr->intrinsic) {
   case nir_intrinsic_load_uniform:
      emit_load_uniform(st, intr);
      break;
   case nir_intrinsic_load_ubo:
      emit_load_ubo(st, intr);
      break;
   case nir_intrinsic_load_input:
      if (st->ctx->stage == MESA_SHADER_VERTEX)
         emit_vs_load_input(st, intr);
      else
         emit_fs_load_input(st, intr);
      break;
   case nir_intrinsic_load_input_at:
      emit_fs_load_input(st, intr);
      break;
   case nir_intrinsic_store_output:
      emit_store_output(st, intr);
      break;
   case nir_intrinsic_load_vertex_id:
      def_ops(st, &intr->def)[0] = st->vertex_id;
      break;
   case nir_intrinsic_load_frag_coord:
      emit_frag_coord(st, intr);
      break;
   case nir_intrinsic_load_point_coord: {
      /* gl_PointCoord: iter (no perspective) on its binding */
      agx_operand v = agx_temp(st->ctx, 32, 2);
      agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_ITER);
      I->ops[AGX_ISA_ITER_D] = v;
      agx_operand cfo = {AGX_ISA_KIND_CF, 8, 1, 0,
                         st->cf_of_slot[VARYING_SLOT_PNTC]};
      I->ops[AGX_ISA_ITER_I] = cfo;
      agx_operand *d = def_ops(st, &intr->def);
      agx_split(&st->b, d, 2, v);
      if (st->ctx->key->fs.point_coord_lower_left)
         d[1] = emit_binop(st, AGX_ISA_OP_FADD32, 32, agx_neg(d[1]),
                           agx_isa_fimm(0x30)); /* 1 - y */
      st->ctx->info->reads_varyings = true;
      break;
   }
   case nir_intrinsic_load_sample_id:
   case nir_intrinsic_load_sample_pos:
   case nir_intrinsic_load_sample_mask_in:
   case nir_intrinsic_load_num_samples:
      emit_sample_sysval(st, intr);
      break;
   case nir_intrinsic_load_front_face: {
      /* !backfacing (special register 62), as a 0 / ~0 boolean */
      agx_operand back = emit_get_sr(st, 62);
      def_ops(st, &intr->def)[0] =
         emit_cmpsel(st, false, AGX_ICC_UEQ, back, agx_isa_imm(0, 8),
                     imm32(st, ~0u), agx_isa_imm(0, 8));
      break;
   }
   case nir_intrinsic_discard:
      emit_discard(st, NULL);
      break;
   case nir_intrinsic_discard_if: {
      agx_operand c = get_src(st, &intr->src[0], 0);
      emit_discard(st, &c);
      break;
   }
   case nir_intrinsic_vote_any:
   case nir_intrinsic_vote_all:
      def_ops(st, &intr->def)[0] = emit_vote(st, intr);
      break;
   case nir_intrinsic_load_instance_id:
      def_ops(st, &intr->def)[0] = st->instance_id;
      break;
   case nir_intrinsic_load_vertex_id_zero_base: {
      /* Only agx_nir_lower_xfb asks: the position in the vertex list the
       * hardware draws, r5 - AGX_SYSVAL_XFB_FIRST_VERTEX. */
      unsigned u = agx_push(st->ctx, AGX_PUSH_SYSVAL,
                            AGX_SYSVAL_XFB_FIRST_VERTEX, 2);
      def_ops(st, &intr->def)[0] = emit_binop(
         st, AGX_ISA_OP_ISUB, 32, st->list_vertex_id, agx_uniform(u, 32));
      break;
   }
   case nir_intrinsic_load_sysval_agx: {
      unsigned u = agx_push(st->ctx, AGX_PUSH_SYSVAL,
                            (uint32_t)nir_intrinsic_base(intr), 2);
      agx_operand *dst = def_ops(st, &intr->def);
      dst[0] = agx_temp(st->ctx, 32, 1);
      agx_mov_to(&st->b, dst[0], agx_uniform(u, 32));
      break;
   }
   case nir_intrinsic_store_xfb_agx:
      emit_store_xfb(st, intr);
      break;
   case nir_intrinsic_load_preamble:
   case nir_intrinsic_store_preamble:
      emit_preamble_io(st, intr);
      break;
   case nir_intrinsic_image_store_agx:
      emit_image_store(st, intr);
      break;
   case nir_intrinsic_image_atomic_agx:
   case nir_intrinsic_image_atomic_swap_agx:
      emit_image_atomic(st, intr,
                        intr->intrinsic == nir_intrinsic_image_atomic_swap_agx);
      break;
   case nir_intrinsic_load_image_info_agx:
      emit_load_image_info(st, intr);
      break;
   case nir_intrinsic_load_scratch:
      emit_load_scratch(st, intr);
      break;
   case nir_intrinsic_store_scratch:
      emit_store_scratch(st, intr);
      break;
   default:
      agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "intrinsic %s",
               nir_intrinsic_infos[intr->intrinsic].name);
      break;
   }
}

/*
 * textureSize / textureQueryLevels: the driver pushes the view's first
 * level size and level count (AGX_PUSH_TEXTURE_SIZE); each dimension of
 * level l is max(size >> l, 1) (GL 3.0 3.8.8), layers are not minified.
 */
static void
emit_tex_size(struct isel *st, nir_tex_instr *tex)
{
   agx_operand *dst = def_ops(st, &tex->def);
   unsigned base =
      agx_push(st->ctx, AGX_PUSH_TEXTURE_SIZE, tex->texture_index, 8);
   agx_operand word[4];
   for (unsigned i = 0; i < 4; ++i) {
      word[i] = agx_temp(st->ctx, 32, 1);
      agx_mov_to(&st->b, word[i], agx_uniform(base + 2 * i, 32));
   }

   if (tex->op == nir_texop_query_levels) {
      dst[0] = word[3];
      return;
   }

   /* minified dimensions, then the layer count */
   unsigned nr_dims = 2, layer_word = 2;
   if (tex->sampler_dim == NIR_SAMPLER_DIM_1D)
      nr_dims = 1, layer_word = 1;
   else if (tex->sampler_dim == NIR_SAMPLER_DIM_3D)
      nr_dims = 3;
   else if (tex->sampler_dim == NIR_SAMPLER_DIM_BUF)
      nr_dims = 1;

   agx_operand lod = {0};
   uint32_t lod_value = 0;
   for (unsigned i = 0; i < tex->num_srcs; ++i) {
      if (tex->src[i].src_type != nir_tex_src_lod)
         continue;
      if (!const_value(&tex->src[i].src, 0, &lod_value) || lod_value)
         lod = get_src(st, &tex->src[i].src, 0);
   }

   const agx_operand zero = agx_isa_imm(0, 8), one = agx_isa_imm(1, 8);
   unsigned n = 0;
   for (unsigned d = 0; d < nr_dims && n < tex->def.num_components; ++d) {
      agx_operand v = word[d];
      if (lod.kind != AGX_ISA_KIND_NONE &&
          tex->sampler_dim != NIR_SAMPLER_DIM_RECT &&
          tex->sampler_dim != NIR_SAMPLER_DIM_BUF) {
         agx_operand s = emit_bitfield(
            st, AGX_ISA_OP_BFEIL, zero, v,
            emit_bitop(st, AGX_TT_AND, lod, agx_isa_imm(31, 8)));
         v = emit_cmpsel(st, false, AGX_ICC_UGT, s, one, s, one);
      }
      dst[n++] = v;
   }
   if (tex->is_array && n < tex->def.num_components)
      dst[n++] = word[layer_word];
   while (n < tex->def.num_components)
      dst[n++] = agx_mov_imm(&st->b, 32, 0);
}

/*
 * The array layer of a lookup: NIR's last coordinate component (after the
 * cube direction for cube arrays).  The hardware wants an integer layer in
 * the low 16 bits of a 32-bit register, clamped by the shader to the
 * view's layers (fact: alexvorxx/Mesa-VirGL
 * src/asahi/lib/agx_nir_lower_texture.c, lower_regular_texture): samples
 * round the float to even (GL 4.6 section 8.13.2 "Array texture layer
 * selection") and clamp to [0, layers - 1] with the layer count pushed by
 * the driver (AGX_PUSH_TEXTURE_SIZE; cube arrays count cubes); texelFetch
 * layers are integers already and out-of-range ones are undefined (GL 4.6
 * section 8.14.2), left as they are.
 */
static agx_operand
emit_tex_layer(struct isel *st, nir_tex_instr *tex, nir_src *src,
               unsigned comp, bool fetch)
{
   agx_operand l = get_src(st, src, comp);
   if (fetch)
      return l;
   /* round to even, then f2u32 (negative values saturate to 0) */
   l = emit_convert(st, 8, 0, emit_unop(st, AGX_ISA_OP_RINT, l));
   unsigned base =
      agx_push(st->ctx, AGX_PUSH_TEXTURE_SIZE, tex->texture_index, 8);
   unsigned word = tex->sampler_dim == NIR_SAMPLER_DIM_1D ? 1 : 2;
   agx_operand layers = agx_temp(st->ctx, 32, 1);
   agx_mov_to(&st->b, layers, agx_uniform(base + 2 * word, 32));
   agx_operand max =
      emit_binop(st, AGX_ISA_OP_ISUB, 32, layers, agx_isa_imm(1, 8));
   return emit_cmpsel(st, false, AGX_ICC_ULT, l, max, l, max);
}

/*
 * Texel offsets (textureOffset, texelFetchOffset, ...): each component's
 * low 4 bits (two's complement, -8..7 as GL's minimum range) packed into
 * one register, x in bits 0-3, y in 4-7, z in 8-11 (fact:
 * alexvorxx/Mesa-VirGL src/asahi/lib/agx_nir_lower_texture.c).
 * Constant offsets fold into one move.
 */
static agx_operand
emit_tex_offset(struct isel *st, nir_src *src)
{
   unsigned n = src->ssa->num_components < 3 ? src->ssa->num_components : 3;
   uint32_t packed = 0;
   bool all_const = true;
   for (unsigned c = 0; c < n; ++c) {
      uint32_t v;
      if (const_value(src, c, &v))
         packed |= (v & 0xf) << (4 * c);
      else
         all_const = false;
   }
   if (all_const)
      return agx_mov_imm(&st->b, 32, packed);

   agx_operand acc = agx_mov_imm(&st->b, 32, 0);
   for (unsigned c = 0; c < n; ++c) {
      acc = emit_bitfield_m(st, AGX_ISA_OP_BFI, acc, get_src(st, src, c),
                            agx_isa_imm(4 * c, 8), 4);
   }
   return acc;
}

static agx_operand fsat(struct isel *st, agx_operand a);

/*
 * The sampler's own LOD bias, when the key says it has one
 * (agx_shader_key::sampler_lod_bias): a 32-bit float uniform, or none.
 * Fetches and gathers take no LOD from the sampler.
 */
static agx_operand
sampler_bias(struct isel *st, const nir_tex_instr *tex)
{
   agx_operand none = {0};
   if (tex->op == nir_texop_txf || tex->op == nir_texop_tg4 ||
       tex->sampler_index >= 16 ||
       !(st->ctx->key->sampler_lod_bias & (1u << tex->sampler_index)))
      return none;
   unsigned u =
      agx_push(st->ctx, AGX_PUSH_SYSVAL,
               AGX_SYSVAL_SAMPLER_LOD_BIAS0 + tex->sampler_index, 2);
   return agx_uniform(u, 32);
}

/* a + b (b a 32-bit float operand) rounded once into a 16-bit register:
 * the f16 LOD or bias operand of texture_sample */
static agx_operand
lod_to_f16(struct isel *st, agx_operand a, agx_operand b)
{
   agx_operand lod = agx_temp(st->ctx, 16, 1);
   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_FADD32);
   I->ops[AGX_ISA_FADD32_D] = lod;
   I->ops[AGX_ISA_FADD32_A] = a;
   I->ops[AGX_ISA_FADD32_B] = b;
   return lod;
}

/*
 * Textures: texture_sample (or texture_load for texelFetch) with the
 * texture in state slot ts<texture_index> and the sampler in
 * ss<sampler_index>, which the driver binds with the USC Texture and
 * Sampler words.  1D, 2D, 3D, cube and multisample textures and their
 * arrays, with shadow compare, offsets and gathers (rectangle textures
 * arrive as 2D, agx_nir_lower_rect.c).  A cube lookup hands the hardware the direction
 * vector itself (3 coordinates, dimension tex_cube): the texture unit picks
 * the face (fact: alexvorxx/Mesa-VirGL src/asahi/compiler/agx_compile.c,
 * agx_tex_dim and the coordinate register counts in agx_validate.c).
 * Explicit LODs and biases are 16-bit floats in a register (the lod_min /
 * auto_lod_bias modes that take a register, applegpu's texture_sample LOD
 * modes 6 and 5).  The result is asynchronous: wait before use.
 */
static void
emit_tex(struct isel *st, nir_tex_instr *tex)
{
   if (tex->op == nir_texop_txs || tex->op == nir_texop_query_levels) {
      emit_tex_size(st, tex);
      return;
   }
   if (tex->op == nir_texop_texture_samples) {
      /* textureSamples / imageSamples: the count the driver pushes */
      unsigned u = agx_push(st->ctx, AGX_PUSH_TEXTURE_SAMPLES,
                            tex->texture_index, 2);
      agx_operand *dst = def_ops(st, &tex->def);
      dst[0] = agx_temp(st->ctx, 32, 1);
      agx_mov_to(&st->b, dst[0], agx_uniform(u, 32));
      return;
   }

   agx_operand *dst = def_ops(st, &tex->def);
   /* texelFetch of a multisample texture: a texture_load with the
    * sample index (below) */
   bool ms = tex->op == nir_texop_txf_ms;
   bool fetch = tex->op == nir_texop_txf || ms;
   bool grad = tex->op == nir_texop_txd;
   bool gather = tex->op == nir_texop_tg4;
   /* textureQueryLod: texture_sample in its query_lod mode, with the
    * coordinates but no layer (fact: alexvorxx/Mesa-VirGL
    * src/asahi/compiler/agx_pack.c sets mode 2 for query_lod;
    * agx_validate.c: "LOD queries do not take a layer"), the automatic
    * LOD plus the sampler's bias (Mesa lower_sampler_bias adds it to
    * nir_texop_lod too); the result is the two floats GL wants. */
   bool query = tex->op == nir_texop_lod;
   /* NIR's coordinate ends with an array layer */
   bool layer = tex->is_array && !query;

   /* ISA dimension (applegpu TEX_TYPES) and coordinate count.  1D
    * textures are 2D ones of height 1 (the driver describes them so, as
    * Mesa's does): sampled at y = 0.5, fetched at row 0. */
   unsigned dim_enum = 2, nr_coords = 2;
   bool as_2d = tex->sampler_dim == NIR_SAMPLER_DIM_1D;
   unsigned nir_coords = as_2d ? 1 : 2;
   if (tex->sampler_dim == NIR_SAMPLER_DIM_3D)
      dim_enum = 5, nr_coords = nir_coords = 3;
   else if (tex->sampler_dim == NIR_SAMPLER_DIM_CUBE)
      dim_enum = 6, nr_coords = nir_coords = 3;
   /* Arrays: tex_2d_array, tex_cube_array (applegpu TEX_TYPES), the
    * layer one more coordinate register. */
   if (tex->is_array)
      dim_enum = dim_enum == 2 ? 3 : 7;
   /* tex_2d_ms and tex_2d_ms_array (applegpu TEX_TYPES 4 and 8; Mesa
    * agx_tex_dim gives GLSL_SAMPLER_DIM_MS the same) */
   if (tex->sampler_dim == NIR_SAMPLER_DIM_MS)
      dim_enum = tex->is_array ? 8 : 4;

   if ((tex->op != nir_texop_tex && tex->op != nir_texop_txl &&
        tex->op != nir_texop_txb && !fetch && !grad && !gather && !query) ||
       (query && (tex->is_shadow || tex->sampler_dim == NIR_SAMPLER_DIM_MS)) ||
       (tex->is_array && tex->sampler_dim == NIR_SAMPLER_DIM_3D) ||
       (gather && tex->sampler_dim != NIR_SAMPLER_DIM_2D &&
        tex->sampler_dim != NIR_SAMPLER_DIM_CUBE) ||
       (gather && tex->component > 3) ||
       (grad && tex->sampler_dim == NIR_SAMPLER_DIM_CUBE) ||
       (tex->sampler_dim != NIR_SAMPLER_DIM_2D &&
        tex->sampler_dim != NIR_SAMPLER_DIM_1D &&
        tex->sampler_dim != NIR_SAMPLER_DIM_3D &&
        tex->sampler_dim != NIR_SAMPLER_DIM_CUBE &&
        tex->sampler_dim != NIR_SAMPLER_DIM_MS) ||
       (ms != (tex->sampler_dim == NIR_SAMPLER_DIM_MS)) ||
       (fetch && tex->sampler_dim == NIR_SAMPLER_DIM_CUBE) ||
       (fetch && tex->is_shadow) ||
       tex->def.bit_size != 32 ||
       tex->texture_index >= 128 || tex->sampler_index >= 16) {
      agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED,
               "texture operation %u (dimension %u%s%s)", tex->op,
               tex->sampler_dim, tex->is_array ? ", array" : "",
               tex->is_shadow ? ", shadow" : "");
      return;
   }

   agx_operand coord[4] = {{0}}, lod = agx_isa_imm(0, 8), ref = {0};
   agx_operand sample = {0};
   agx_operand ddx[3] = {{0}}, ddy[3] = {{0}}, offset = {0};
   unsigned lod_mode = 0; /* auto_lod */
   /* the sampler's bias, or -0 (adding it changes nothing) */
   agx_operand bias = sampler_bias(st, tex);
   bool has_bias = bias.kind != AGX_ISA_KIND_NONE;
   if (!has_bias)
      bias = agx_neg(agx_isa_fimm(0));
   for (unsigned i = 0; i < tex->num_srcs; ++i) {
      nir_src *src = &tex->src[i].src;
      switch (tex->src[i].src_type) {
      case nir_tex_src_coord:
         if (src->ssa->num_components < nir_coords + layer) {
            agx_fail(st->ctx, AGX_COMPILE_INVALID, "short coordinates");
            return;
         }
         for (unsigned c = 0; c < nir_coords; ++c)
            coord[c] = get_src(st, src, c);
         if (as_2d)
            coord[1] = agx_mov_imm(&st->b, 32, fetch ? 0 : 0x3f000000);
         if (layer)
            coord[nr_coords] = emit_tex_layer(st, tex, src, nir_coords, fetch);
         /* The coordinate operand's length follows the dimension alone
          * (applegpu prints and sizes it so): an LOD query of an array
          * hands over a layer of 0, which the hardware does not read */
         else if (tex->is_array)
            coord[nr_coords] = agx_mov_imm(&st->b, 32, 0);
         break;
      case nir_tex_src_offset:
         offset = emit_tex_offset(st, src);
         break;
      case nir_tex_src_lod:
      case nir_tex_src_bias: {
         bool is_lod = tex->src[i].src_type == nir_tex_src_lod;
         agx_operand v = get_src(st, src, 0);
         if (fetch) {
            /* an integer level: its low half */
            agx_operand parts[2];
            agx_split(&st->b, parts, 2, v);
            lod = parts[0];
         } else {
            /* f32 -> f16 with the sampler's bias (or -0) added */
            lod = lod_to_f16(st, v, bias);
         }
         lod_mode = is_lod ? 6 : 5;
         break;
      }
      case nir_tex_src_comparator:
         ref = get_src(st, src, 0);
         if (src->ssa->bit_size == 32 && tex->texture_index < 16 &&
             (st->ctx->key->texture_clamp_ref & (1u << tex->texture_index)))
            ref = fsat(st, ref);
         break;
      case nir_tex_src_ms_index:
         sample = get_src(st, src, 0);
         break;
      case nir_tex_src_ddx:
      case nir_tex_src_ddy:
         for (unsigned c = 0; c < nr_coords; ++c) {
            /* the added y of a 1D texture does not vary */
            agx_operand d = c < nir_coords && c < src->ssa->num_components
                               ? get_src(st, src, c)
                            : c >= nir_coords ? agx_mov_imm(&st->b, 32, 0)
                                              : (agx_operand){0};
            if (tex->src[i].src_type == nir_tex_src_ddx)
               ddx[c] = d;
            else
               ddy[c] = d;
         }
         break;
      case nir_tex_src_texture_deref:
      case nir_tex_src_sampler_deref:
         /* agx_nir_lower_tex_deref made every index it could resolve. */
         agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED,
                  "sampler array indexed in a way the texture unit cannot "
                  "address (several run-time indices)");
         return;
      default:
         agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "texture source %u",
                  tex->src[i].src_type);
         return;
      }
   }
   if (coord[0].kind == AGX_ISA_KIND_NONE) {
      agx_fail(st->ctx, AGX_COMPILE_INVALID, "texture without coordinates");
      return;
   }
   if (tex->is_shadow != (ref.kind != AGX_ISA_KIND_NONE)) {
      agx_fail(st->ctx, AGX_COMPILE_INVALID, "shadow lookup without reference");
      return;
   }

   /* Gradients: a run of 32-bit floats, d/dx then d/dy of each
    * coordinate in turn (x: ddx, ddy; y: ddx, ddy; ...), LOD mode
    * lod_grad (fact: alexvorxx/Mesa-VirGL src/asahi/compiler/agx_compile.c,
    * agx_emit_tex, nir_tex_src_ddx). */
   if (grad) {
      agx_operand run[6];
      for (unsigned c = 0; c < nr_coords; ++c) {
         if (ddx[c].kind == AGX_ISA_KIND_NONE ||
             ddy[c].kind == AGX_ISA_KIND_NONE) {
            agx_fail(st->ctx, AGX_COMPILE_INVALID, "short gradients");
            return;
         }
         run[2 * c] = ddx[c];
         run[2 * c + 1] = ddy[c];
      }
      /* A sampler bias b scales the gradients by 2^b: the LOD, log2 of
       * their length, grows by b (Mesa lower_sampler_bias does the
       * same). */
      if (has_bias) {
         agx_operand scale = emit_unop(st, AGX_ISA_OP_EXP2, bias);
         for (unsigned k = 0; k < 2 * nr_coords; ++k)
            run[k] = emit_binop(st, AGX_ISA_OP_FMUL32, 32, run[k], scale);
      }
      lod = agx_collect(&st->b, 2 * nr_coords, run);
      lod_mode = 4;
   }

   /* Vertex shaders have no derivatives: level 0 unless given (plus the
    * sampler's bias, as Mesa's lowering gives it). */
   if (lod_mode == 0 && (st->ctx->stage != MESA_SHADER_FRAGMENT || fetch)) {
      lod = has_bias && !fetch ? lod_to_f16(st, bias, agx_neg(agx_isa_fimm(0)))
                               : agx_mov_imm(&st->b, 16, 0);
      lod_mode = 6;
   } else if (lod_mode == 0 && has_bias && !gather) {
      /* implicit LOD: the auto_lod_bias mode with the sampler's bias */
      lod = lod_to_f16(st, bias, agx_neg(agx_isa_fimm(0)));
      lod_mode = 5;
   }

   agx_operand c;
   if (ms) {
      /* 32-bit x and y, then one 32-bit word with the sample index in its
       * low half and the layer (arrays) in its high half: a run of 5 or
       * 6 halves (fact: alexvorxx/Mesa-VirGL
       * src/asahi/lib/agx_nir_lower_texture.c, lower_regular_texture
       * packs ms_index and layer with pack_32_2x16_split). */
      if (sample.kind == AGX_ISA_KIND_NONE) {
         agx_fail(st->ctx, AGX_COMPILE_INVALID, "txf_ms without a sample");
         return;
      }
      agx_operand halves[8];
      agx_split(&st->b, &halves[0], 2, coord[0]);
      agx_split(&st->b, &halves[2], 2, coord[1]);
      agx_operand sh[2];
      agx_split(&st->b, sh, 2, sample);
      halves[4] = sh[0];
      unsigned n = 5;
      if (tex->is_array) {
         agx_operand lh[2];
         agx_split(&st->b, lh, 2, coord[2]);
         halves[n++] = lh[0];
      }
      c = agx_collect(&st->b, n, halves);
      st->ctx->values[c.value].align = 2;
   } else if (tex->is_array) {
      /* 32-bit coordinates, then the layer as a 16-bit value: one run of
       * 2 n + 1 halves starting on a 32-bit register (applegpu
       * CoordsDesc). */
      agx_operand halves[8];
      for (unsigned k = 0; k <= nr_coords; ++k)
         agx_split(&st->b, &halves[2 * k], 2, coord[k]);
      c = agx_collect(&st->b, 2 * nr_coords + 1, halves);
      st->ctx->values[c.value].align = 2;
   } else {
      c = nr_coords == 1 ? coord[0] : agx_collect(&st->b, nr_coords, coord);
   }
   /* Packed offsets: a 16-bit register alone, or the low half of the
    * 32-bit register after the reference value (applegpu
    * SampleCompareOffDesc: the offset-present bit is bit 91). */
   agx_operand cmpoff = {0};
   if (offset.kind != AGX_ISA_KIND_NONE && tex->is_shadow) {
      agx_operand pair[2] = {ref, offset};
      cmpoff = agx_collect(&st->b, 2, pair);
   } else if (offset.kind != AGX_ISA_KIND_NONE) {
      agx_operand halves[2];
      agx_split(&st->b, halves, 2, offset);
      cmpoff = halves[0];
   }

   /* Only the components read are written, one after the other (fact:
    * alexvorxx/Mesa-VirGL src/asahi/compiler/agx_compile.c,
    * agx_expand_tex_to; Mesa leaves gathers unmasked) */
   unsigned mask = gather ? 0xf : nir_def_components_read(&tex->def) & 0xf;
   if (!mask)
      mask = 1;
   unsigned nr = util_bitcount(mask);
   agx_operand v = agx_temp(st->ctx, 32, nr);
   enum agx_isa_op op =
      fetch ? AGX_ISA_OP_TEXTURE_LOAD : AGX_ISA_OP_TEXTURE_SAMPLE;
   agx_instr *I = agx_emit(&st->b, op);
   I->ops[AGX_ISA_TEXTURE_SAMPLE_MASK] = agx_isa_enum(mask, 4);
   I->ops[AGX_ISA_TEXTURE_SAMPLE_R] = v;
   agx_operand t = {AGX_ISA_KIND_TEXTURE_STATE, 32, 1, 0,
                    (int64_t)tex->texture_index};
   agx_operand sm = {AGX_ISA_KIND_SAMPLER_STATE, 32, 1, 0,
                     (int64_t)tex->sampler_index};
   I->ops[AGX_ISA_TEXTURE_SAMPLE_T] = t;
   I->ops[AGX_ISA_TEXTURE_SAMPLE_S] = sm;
   I->ops[AGX_ISA_TEXTURE_SAMPLE_N] = agx_isa_enum(dim_enum, 4);
   I->ops[AGX_ISA_TEXTURE_SAMPLE_C] = c;
   I->ops[AGX_ISA_TEXTURE_SAMPLE_LOD] = agx_isa_enum(lod_mode, 4);
   I->ops[AGX_ISA_TEXTURE_SAMPLE_D] = lod;
   if (tex->is_shadow) {
      /* The reference value (32-bit float) in the compare/offset operand,
       * flagged by the compare bit; the sampler's compare function does
       * the test (fact: alexvorxx/Mesa-VirGL
       * src/asahi/compiler/agx_compile.c, agx_emit_tex: the compare value
       * comes first in that operand, before any packed offsets). */
      I->ops[AGX_ISA_TEXTURE_SAMPLE_COMPARE] = agx_isa_imm(1, 1);
   }
   if (offset.kind != AGX_ISA_KIND_NONE)
      I->ops[AGX_ISA_TEXTURE_SAMPLE_O] = cmpoff;
   else if (tex->is_shadow)
      I->ops[AGX_ISA_TEXTURE_SAMPLE_O] = ref;
   if (query)
      I->ops[AGX_ISA_TEXTURE_SAMPLE_MODE] = agx_isa_enum(2, 2);
   if (gather) {
      /* The gathered channel in q6 (applegpu: gather_r 0b00010, gather_g
       * 0b00110, gather_b 0b01010, gather_a 0b01110); a shadow gather is
       * gather_r with the compare bit (Mesa agx_gather_for_nir). */
      I->ops[AGX_ISA_TEXTURE_SAMPLE_Q6] =
         agx_isa_enum(2 + 4 * (tex->is_shadow ? 0 : tex->component), 5);
   }

   I = agx_emit(&st->b, AGX_ISA_OP_WAIT);
   I->ops[0] = agx_isa_imm(0, 1);

   agx_operand parts[4];
   if (nr == 1)
      parts[0] = v;
   else
      agx_split(&st->b, parts, nr, v);
   for (unsigned i = 0, k = 0; i < tex->def.num_components && i < 4; ++i) {
      /* a component nobody reads: any value */
      dst[i] = parts[(mask >> i) & 1 ? k++ : 0];
   }

   struct agx_shader_info *info = st->ctx->info;
   info->nr_textures = MAX2(info->nr_textures, tex->texture_index + 1);
   if (!fetch)
      info->nr_samplers = MAX2(info->nr_samplers, tex->sampler_index + 1);
}

static void
emit_load_const(struct isel *st, nir_load_const_instr *lc)
{
   agx_operand *dst = def_ops(st, &lc->def);
   unsigned bits = lc->def.bit_size;
   if (bits != 32 && bits != 16 && bits != 1) {
      agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "%u-bit constants", bits);
      return;
   }
   for (unsigned c = 0; c < lc->def.num_components; ++c) {
      uint32_t v = (uint32_t)nir_const_value_as_uint(lc->value[c], bits);
      if (bits == 1)
         v = v ? ~0u : 0;
      dst[c] = agx_mov_imm(&st->b, bits == 16 ? 16 : 32, v);
   }
}

static void
emit_instr(struct isel *st, nir_instr *instr)
{
   switch (instr->type) {
   case nir_instr_type_alu:
      emit_alu(st, nir_instr_as_alu(instr));
      break;
   case nir_instr_type_intrinsic:
      emit_intrinsic(st, nir_instr_as_intrinsic(instr));
      break;
   case nir_instr_type_load_const:
      emit_load_const(st, nir_instr_as_load_const(instr));
      break;
   case nir_instr_type_undef: {
      nir_undef_instr *u = nir_instr_as_undef(instr);
      agx_operand *dst = def_ops(st, &u->def);
      for (unsigned c = 0; c < u->def.num_components; ++c)
         dst[c] = agx_mov_imm(&st->b, u->def.bit_size == 16 ? 16 : 32, 0);
      break;
   }
   case nir_instr_type_tex:
      emit_tex(st, nir_instr_as_tex(instr));
      break;
   case nir_instr_type_deref:
      /* sampler derefs feed texture instructions, which use the indices */
      break;
   default:
      agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "NIR instruction type %u",
               instr->type);
      break;
   }
}

/* ---- control flow
 * ------------------------------------------------------------ */

/*
 * Structured control flow runs under the execution mask, kept per lane in
 * r0l as a nesting count (0 = active): applegpu's "Conditional Execution"
 * and the if/else/while/pop_exec semantics in its emulator.
 *
 *   if (c) A else B     if_icmp c != 0, n=1 ; A ; else_icmp c == 0, n=1 ;
 *                       B ; pop_exec 1
 *   loop { body }       push (if_fcmp 0 == 0, n=2) ; header: body ;
 *                       while (always, n=2) ; jmp_exec_any header ;
 *                       pop_exec 2
 *
 * Inside a loop at if-depth k a lane that continued has count 1 + k and a
 * lane that broke 2 + k: `continue` and `break` move the active lanes
 * there with else_icmp (false condition, n = 1 + k or 2 + k; else sets
 * active lanes to n).  `while` reactivates continued lanes at the end of
 * the body; pop_exec 2 after the loop reactivates the lanes that broke.
 * n is a 2-bit field; deeper jumps write r0l with a move (only active
 * lanes are written) and recompute the mask with pop_exec 0.
 */

static agx_instr *
emit_exec_op(struct isel *st, enum agx_isa_op op, unsigned cc, agx_operand a,
             agx_operand b, unsigned n)
{
   agx_instr *I = agx_emit(&st->b, op);
   I->ops[AGX_ISA_IF_ICMP_CC] = agx_isa_enum(cc, 4);
   I->ops[AGX_ISA_IF_ICMP_A] = a;
   I->ops[AGX_ISA_IF_ICMP_B] = b;
   I->ops[AGX_ISA_IF_ICMP_N] = agx_isa_imm(n, 2);
   return I;
}

static bool
is_control(const agx_instr *I)
{
   if (agx_is_exec_op(I->op))
      return true;
   switch (I->op) {
   case AGX_ISA_OP_POP_EXEC:
   case AGX_ISA_OP_JMP_EXEC_ANY:
   case AGX_ISA_OP_JMP_EXEC_NONE:
      return true;
   case AGX_OP_MOV:
      /* a write of r0l (deep break/continue) */
      return I->ops[0].kind == AGX_ISA_KIND_REG && I->ops[0].value == 0;
   default:
      return false;
   }
}

static agx_block *
start_block(struct isel *st)
{
   agx_block *blk = agx_block_create(st->ctx);
   st->b = agx_builder_at_end(st->ctx, blk);
   return blk;
}

static void emit_cf_list(struct isel *st, struct list_head *list);

static void
emit_phis_of_block(struct isel *st, nir_block *block)
{
   nir_foreach_instr(instr, block)
   {
      if (instr->type != nir_instr_type_phi)
         break;
      nir_phi_instr *phi = nir_instr_as_phi(instr);
      if (phi->def.bit_size != 32 && phi->def.bit_size != 16 &&
          phi->def.bit_size != 1) {
         agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "%u-bit phis",
                  phi->def.bit_size);
         return;
      }
      agx_operand *dst = def_ops(st, &phi->def);
      for (unsigned c = 0; c < phi->def.num_components; ++c) {
         if (st->nr_phis == st->phis_cap) {
            st->phis_cap = st->phis_cap ? 2 * st->phis_cap : 16;
            st->phis = reralloc_array_size(st->ctx->mem, st->phis,
                                           sizeof(*st->phis), st->phis_cap);
         }
         /* 16-bit floats keep their width; the rest are words */
         unsigned size = phi->def.bit_size == 16 ? 16 : 32;
         agx_operand web = agx_temp(st->ctx, size, 1);
         st->phis[st->nr_phis++] = (struct pending_phi){phi, c, web};
         dst[c] = agx_temp(st->ctx, size, 1);
         agx_mov_to(&st->b, dst[c], web);
      }
   }
}

static void
emit_block(struct isel *st, nir_block *block)
{
   st->block_start[block->index] = st->b.block;
   emit_phis_of_block(st, block);
   nir_foreach_instr(instr, block)
   {
      if (st->ctx->status)
         return;
      if (instr->type == nir_instr_type_phi)
         continue;
      if (instr->type == nir_instr_type_jump) {
         nir_jump_instr *j = nir_instr_as_jump(instr);
         unsigned k = st->loop.if_depth;
         unsigned n = j->type == nir_jump_break ? 2 + k : 1 + k;
         if (j->type == nir_jump_return) {
            /* the lane stops until the end of the shader, where it comes
             * back (one level above the enclosing constructs) to emit the
             * outputs it stored before returning */
            agx_mov_to(&st->b, agx_isa_reg(0, 16, 0),
                       agx_isa_imm(st->exec_depth + 1, 16));
            agx_instr *P = agx_emit(&st->b, AGX_ISA_OP_POP_EXEC);
            P->ops[AGX_ISA_POP_EXEC_N] = agx_isa_imm(0, 2);
            st->has_return = true;
            continue;
         }
         if (!st->loop.active || n > 0xffff) {
            agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "jump outside a loop");
            return;
         }
         if (n <= 3) {
            /* else with a false condition sends the active lanes to n */
            agx_operand z = agx_isa_imm(0, 8);
            emit_exec_op(st, AGX_ISA_OP_ELSE_ICMP, AGX_ICC_NUEQ, z, z, n);
         } else {
            /* n does not fit the 2-bit field: write r0l of the active
             * lanes directly, then let pop_exec 0 recompute the mask
             * from r0l (it leaves every count as it is). */
            agx_mov_to(&st->b, agx_isa_reg(0, 16, 0), agx_isa_imm(n, 16));
            agx_instr *P = agx_emit(&st->b, AGX_ISA_OP_POP_EXEC);
            P->ops[AGX_ISA_POP_EXEC_N] = agx_isa_imm(0, 2);
         }
         continue;
      }
      emit_instr(st, instr);
   }
   st->block_end[block->index] = st->b.block;
}

/*
 * Leading control instructions (else_icmp of an if, pop_exec after an if or
 * a loop) get blocks of their own, so that the block holding a NIR block's
 * code ends with that code plus, at most, trailing control (if_icmp, push,
 * break/continue, while + jmp).  Phi copies then go right before the
 * trailing control, when exactly the lanes leaving through that edge are
 * active.
 */
/* An else side with nothing to run and no phi copies to make (the block
 * after the if has no phis): its lanes can stay inactive until pop_exec,
 * so the if needs no else instruction. */
static bool
else_is_empty(nir_if *nif)
{
   if (!list_is_singular(&nif->else_list))
      return false;
   nir_block *eb = nir_if_last_else_block(nif);
   if (nir_block_first_instr(eb))
      return false;
   nir_cf_node *next = nir_cf_node_next(&nif->cf_node);
   if (!next || next->type != nir_cf_node_block)
      return false;
   nir_instr *first = nir_block_first_instr(nir_cf_node_as_block(next));
   return !first || first->type != nir_instr_type_phi;
}

static void
emit_if(struct isel *st, nir_if *nif)
{
   agx_operand z = agx_isa_imm(0, 8);
   struct agx_cmp cmp;
   enum agx_isa_op if_op, else_op;
   unsigned if_cc, else_cc;

   if (match_cmp(st, &nif->condition, 0, &cmp)) {
      /* the comparison itself decides: then-lanes satisfy the code (or its
       * negation, bit 3 of the code), else-lanes the opposite */
      if_op = cmp.is_float ? AGX_ISA_OP_IF_FCMP : AGX_ISA_OP_IF_ICMP;
      else_op = cmp.is_float ? AGX_ISA_OP_ELSE_FCMP : AGX_ISA_OP_ELSE_ICMP;
      if_cc = cmp.cc | (cmp.invert ? 8 : 0);
      else_cc = if_cc ^ 8;
   } else {
      cmp.a = get_src(st, &nif->condition, 0);
      cmp.b = z;
      if_op = AGX_ISA_OP_IF_ICMP;
      else_op = AGX_ISA_OP_ELSE_ICMP;
      if_cc = AGX_ICC_NUEQ;
      else_cc = AGX_ICC_UEQ;
   }

   emit_exec_op(st, if_op, if_cc, cmp.a, cmp.b, 1);

   st->loop.if_depth++;
   st->exec_depth += 1;
   start_block(st);
   emit_cf_list(st, &nif->then_list);

   start_block(st);
   if (!else_is_empty(nif))
      emit_exec_op(st, else_op, else_cc, cmp.a, cmp.b, 1);
   start_block(st);
   emit_cf_list(st, &nif->else_list);
   st->loop.if_depth--;
   st->exec_depth -= 1;

   start_block(st);
   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_POP_EXEC);
   I->ops[AGX_ISA_POP_EXEC_N] = agx_isa_imm(1, 2);
   start_block(st);
}

static void
emit_loop(struct isel *st, nir_loop *loop)
{
   agx_operand z = agx_isa_imm(0, 8);
   agx_operand fz = agx_isa_fimm(0);

   /* push: everyone active stays active, the rest go two levels deeper */
   emit_exec_op(st, AGX_ISA_OP_IF_FCMP, 0 /* eq */, fz, fz, 2);

   __typeof__(st->loop) saved = st->loop;
   agx_block *header = start_block(st);
   st->loop.active = true;
   st->loop.header = header;
   st->loop.if_depth = 0;
   st->exec_depth += 2;
   emit_cf_list(st, &loop->body);
   st->exec_depth -= 2;
   st->loop = saved;

   emit_exec_op(st, AGX_ISA_OP_WHILE_ICMP, AGX_ICC_UEQ, z, z, 2);
   agx_instr *J = agx_emit(&st->b, AGX_ISA_OP_JMP_EXEC_ANY);
   J->ops[0] = agx_block_ref(header);
   st->ctx->info->nr_loops++;

   start_block(st);
   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_POP_EXEC);
   I->ops[AGX_ISA_POP_EXEC_N] = agx_isa_imm(2, 2);
   start_block(st);
}

static void
emit_cf_list(struct isel *st, struct list_head *list)
{
   list_for_each_entry(nir_cf_node, node, list, node) {
      if (st->ctx->status)
         return;
      switch (node->type) {
      case nir_cf_node_block:
         emit_block(st, nir_cf_node_as_block(node));
         break;
      case nir_cf_node_if:
         emit_if(st, nir_cf_node_as_if(node));
         break;
      case nir_cf_node_loop:
         emit_loop(st, nir_cf_node_as_loop(node));
         break;
      default:
         agx_fail(st->ctx, AGX_COMPILE_INVALID, "unexpected CF node");
         return;
      }
   }
}

/* Copy each phi source into its web at the end of the predecessor, before
 * the block's trailing control instructions (while its lanes are still
 * active). */
static void
emit_phi_moves(struct isel *st)
{
   for (unsigned i = 0; i < st->nr_phis && !st->ctx->status; ++i) {
      struct pending_phi *p = &st->phis[i];
      nir_foreach_phi_src(src, p->phi)
      {
         agx_block *blk = st->block_end[src->pred->index];
         if (!blk) {
            agx_fail(st->ctx, AGX_COMPILE_INVALID, "phi from unknown block");
            return;
         }
         agx_instr *before = NULL;
         list_for_each_entry_rev(agx_instr, I, &blk->instrs, link)
         {
            if (!is_control(I))
               break;
            before = I;
         }
         agx_builder b = {st->ctx, blk, before};
         agx_mov_to(&b, p->web, get_src(st, &src->src, p->comp));
      }
   }
}

/*
 * The logical CFG, for liveness that follows one lane: the block where a
 * NIR block ends (with its trailing control) leads to the blocks where
 * its NIR successors begin; every other block (inside a NIR block's
 * range, and the blocks holding only an else or pop_exec) keeps its
 * program-order successors.  Lanes are inactive in the blocks they skip,
 * and masked writes leave their registers alone there.  Returns re-enter
 * the code in the middle of the last block: no logical CFG then.
 */
static void
set_logical_cfg(struct isel *st, nir_function_impl *impl)
{
   agx_foreach_block(st->ctx, blk)
   {
      blk->lsuccs[0] = blk->succs[0];
      blk->lsuccs[1] = blk->succs[1];
   }
   if (st->has_return)
      return;
   nir_foreach_block(nb, impl)
   {
      agx_block *last = st->block_end[nb->index];
      if (!last)
         return;
      agx_block *to[2] = {NULL, NULL};
      unsigned n = 0;
      nir_block *succ[2];
      nir_block_structural_successors(nb, succ);
      for (unsigned i = 0; i < 2; ++i) {
         nir_block *s = succ[i];
         if (!s || s == impl->end_block)
            continue;
         if (!st->block_start[s->index])
            return;
         to[n++] = st->block_start[s->index];
      }
      last->lsuccs[0] = to[0];
      last->lsuccs[1] = to[1];
   }
   st->ctx->logical_cfg = true;
}

/* ---- shader start and end
 * ---------------------------------------------------- */

static agx_operand
preload(struct isel *st, unsigned half)
{
   agx_operand dst = agx_temp(st->ctx, 32, 1);
   st->ctx->values[dst.value].fixed = (int16_t)half;
   agx_instr *I = agx_emit_pseudo(&st->b, AGX_OP_PRELOAD, 2, 1);
   I->ops[0] = dst;
   I->ops[1] = agx_isa_imm(half, 16);
   return dst;
}

/* UVS words a user varying takes: one a component, or one a pair of
 * components for a slot stored at 16 bits. */
static unsigned
uvs_words_of(const struct isel *st, unsigned slot)
{
   unsigned n = util_last_bit(st->out_mask[slot]);
   return (st->out_16 >> slot) & 1 ? DIV_ROUND_UP(n, 2) : n;
}

/* UVS layout: position, 32-bit smooth, flat then linear (noperspective)
 * user varyings (vec4 slots packed to the components written), the
 * 16-bit ones (two components a word) in the same three groups, point
 * size: the hardware's grouping (Mesa docs/drivers/asahi.rst, "Hardware
 * varyings"). */
static void
assign_uvs(struct isel *st)
{
   struct agx_varyings_vs *vs = &st->ctx->info->vs;
   memset(vs->slot_word, 0xff, sizeof(vs->slot_word));
   unsigned word = 4;
   vs->slot_word[VARYING_SLOT_POS] = 0;

   /* The clip and cull distances are user varyings too when the
    * fragment shader reads them (agx_vs_key::clip_distance_varyings,
    * cull_distance_varyings). */
   bool clip_varyings = st->ctx->key->vs.clip_distance_varyings;
   bool cull_varyings = st->ctx->key->vs.cull_distance_varyings;
   uint8_t *count[6] = {&vs->nr_32_smooth, &vs->nr_32_flat,
                        &vs->nr_32_linear, &vs->nr_16_smooth,
                        &vs->nr_16_flat, &vs->nr_16_linear};
   for (unsigned pass = 0; pass < 6; ++pass) {
      for (unsigned slot = 0; slot < VARYING_SLOT_MAX; ++slot) {
         bool clip_dist = slot == VARYING_SLOT_CLIP_DIST0 ||
                          slot == VARYING_SLOT_CLIP_DIST1;
         bool cull_dist = slot == VARYING_SLOT_CULL_DIST0 ||
                          slot == VARYING_SLOT_CULL_DIST1;
         if (slot == VARYING_SLOT_POS || slot == VARYING_SLOT_PSIZ ||
             slot == VARYING_SLOT_CLIP_VERTEX || slot == VARYING_SLOT_LAYER ||
             slot == VARYING_SLOT_VIEWPORT ||
             (clip_dist && !clip_varyings) || (cull_dist && !cull_varyings) ||
             !st->out_mask[slot])
            continue;
         nir_variable *var = var_at_slot(st->nir, nir_var_shader_out, slot);
         bool flat = var && var->data.flat;
         bool linear = var && !flat && var->data.noperspective;
         bool half = (st->out_16 >> slot) & 1;
         if ((unsigned)(flat ? 1 : linear ? 2 : 0) + (half ? 3 : 0) != pass)
            continue;
         unsigned n = uvs_words_of(st, slot);
         vs->slot_word[slot] = (uint8_t)word;
         word += n;
         *count[pass] += n;
      }
   }
   vs->slots_16 = st->out_16;
   if (st->out_mask[VARYING_SLOT_PSIZ] & 1) {
      vs->slot_word[VARYING_SLOT_PSIZ] = (uint8_t)word++;
      vs->writes_psiz = true;
   }
   /* gl_Layer and gl_ViewportIndex: one word after the point size holding
    * the layer in its low 16 bits and the viewport in its high 16 (0 when
    * not written), the group Output Select's "render target" and
    * "viewport target" bits announce.  Fact: alexvorxx/Mesa-VirGL
    * src/asahi/lib/agx_nir_lower_uvs.c (write_layer_viewport_sysval packs
    * layer and viewport with pack_32_2x16_split) and agx_uvs.h
    * (UVS_LAYER_VIEWPORT between point size and clip distances). */
   vs->writes_layer = st->out_mask[VARYING_SLOT_LAYER] & 1;
   vs->writes_viewport = st->out_mask[VARYING_SLOT_VIEWPORT] & 1;
   if (vs->writes_layer || vs->writes_viewport) {
      vs->slot_word[VARYING_SLOT_LAYER] = (uint8_t)word;
      vs->slot_word[VARYING_SLOT_VIEWPORT] = (uint8_t)word++;
   }
   /* Clip distances: every enabled plane (GL 3.0 2.17: clipping against
    * plane i happens only when it is enabled), from gl_ClipDistance[i]
    * when the shader writes it, else from gl_ClipVertex, else from
    * gl_Position (GLSL 1.30 7.1 leaves that case undefined; Mesa uses
    * the planes on gl_Position as they are). */
   bool any_dist = st->out_mask[VARYING_SLOT_CLIP_DIST0] ||
                   st->out_mask[VARYING_SLOT_CLIP_DIST1];
   for (unsigned i = 0; i < 8; ++i) {
      bool dist =
         st->out_mask[VARYING_SLOT_CLIP_DIST0 + i / 4] & (1u << (i % 4));
      bool vertex = !any_dist &&
                    (st->out_mask[VARYING_SLOT_CLIP_VERTEX] == 0xf ||
                     st->out_mask[VARYING_SLOT_POS] == 0xf);
      if ((st->ctx->key->vs.clip_plane_enable & (1u << i)) &&
          (dist || vertex)) {
         vs->clip_distance_mask |= 1u << i;
         word++;
      }
   }
   vs->nr_words = (uint8_t)word;
}

/* Clip distance i: gl_ClipDistance[i] if written, else dot(plane i,
 * gl_ClipVertex or gl_Position) with the plane from the driver
 * (AGX_SYSVAL_CLIP_PLANE0). */
static agx_operand
clip_distance(struct isel *st, unsigned i)
{
   unsigned slot = VARYING_SLOT_CLIP_DIST0 + i / 4;
   if (st->out_mask[slot] & (1u << (i % 4)))
      return st->out[slot][i % 4];

   unsigned u = agx_push(st->ctx, AGX_PUSH_SYSVAL,
                         AGX_SYSVAL_CLIP_PLANE0 + 4 * i, 8);
   unsigned from = st->out_mask[VARYING_SLOT_CLIP_VERTEX] == 0xf
                      ? VARYING_SLOT_CLIP_VERTEX
                      : VARYING_SLOT_POS;
   agx_operand sum = agx_neg(agx_isa_fimm(0));
   for (unsigned c = 0; c < 4; ++c) {
      agx_operand r = agx_temp(st->ctx, 32, 1);
      agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_FMADD32);
      I->ops[AGX_ISA_FMADD32_D] = r;
      I->ops[AGX_ISA_FMADD32_A] = st->out[from][c];
      I->ops[AGX_ISA_FMADD32_B] = agx_uniform(u + 2 * c, 32);
      I->ops[AGX_ISA_FMADD32_C] = sum;
      sum = r;
   }
   return sum;
}

/* Output word of a 16-bit slot: components c (low half) and c + 1 (high
 * half), an aligned 16-bit register pair (the seed "Hardware varyings":
 * st_var stores a 32-bit value or a pair of 16-bit ones); a component
 * not written is 0. */
/* Component c of VS output slot was stored once, in the block being
 * emitted (so its value there is the stored one in every lane). */
static bool
stored_once_here(const struct isel *st, unsigned slot, unsigned c)
{
   return st->out_stores[slot][c] == 1 && !st->has_return &&
          st->out_block[slot][c] == st->b.block;
}

static agx_operand
packed_pair(struct isel *st, unsigned slot, unsigned c)
{
   /* two constants (or unwritten zeros): one 32-bit constant */
   uint32_t bits = 0;
   bool constant = true;
   for (unsigned i = 0; i < 2; ++i) {
      if (!(st->out_mask[slot] & (1u << (c + i))))
         continue;
      if (!stored_once_here(st, slot, c + i) ||
          !st->out_is_const[slot][c + i])
         constant = false;
      bits |= (st->out_const[slot][c + i] & 0xffff) << (16 * i);
   }
   if (constant)
      return agx_mov_imm(&st->b, 32, bits);

   agx_operand h[2];
   for (unsigned i = 0; i < 2; ++i) {
      agx_operand src = st->out_src[slot][c + i];
      if (!(st->out_mask[slot] & (1u << (c + i)))) {
         h[i] = agx_mov_imm(&st->b, 16, 0);
      } else if (stored_once_here(st, slot, c + i) && agx_is_ssa(src) &&
                 src.size == 16 && src.count <= 1 && !src.flags) {
         /* stored once, here: the web's copy is dead (agx_dce) and the
          * value can be computed into its half of the pair */
         h[i] = src;
      } else {
         h[i] = st->out[slot][c + i];
      }
   }
   agx_operand w = agx_collect(&st->b, 2, h);
   st->ctx->values[w.value].align = 2;
   return w;
}

/* The layer/viewport word: the viewport index inserted into bits 16-31
 * of the layer (bfi; either 0 when not written). */
static agx_operand
layer_viewport_word(struct isel *st)
{
   const struct agx_varyings_vs *vs = &st->ctx->info->vs;
   agx_operand layer = vs->writes_layer ? st->out[VARYING_SLOT_LAYER][0]
                                        : agx_mov_imm(&st->b, 32, 0);
   if (!vs->writes_viewport)
      return layer;
   return emit_bitfield_m(st, AGX_ISA_OP_BFI, layer,
                          st->out[VARYING_SLOT_VIEWPORT][0],
                          agx_isa_imm(16, 8), 16);
}

static void
emit_vs_end(struct isel *st)
{
   assign_uvs(st);
   const struct agx_varyings_vs *vs = &st->ctx->info->vs;
   agx_instr *last = NULL;
   unsigned nr_clip = util_bitcount(vs->clip_distance_mask);
   unsigned clip_word = vs->nr_words - nr_clip;
   unsigned clip_planes = vs->clip_distance_mask;

   for (unsigned word = 0; word < vs->nr_words; ++word) {
      /* find the slot/component of this word */
      agx_operand v = {0};
      if (word >= clip_word) {
         v = clip_distance(st, (unsigned)u_bit_scan(&clip_planes));
         goto store;
      }
      if ((vs->writes_layer || vs->writes_viewport) &&
          word == vs->slot_word[VARYING_SLOT_LAYER]) {
         v = layer_viewport_word(st);
         goto store;
      }
      for (unsigned slot = 0; slot < VARYING_SLOT_MAX; ++slot) {
         unsigned base = vs->slot_word[slot];
         unsigned n = uvs_words_of(st, slot);
         if (slot == VARYING_SLOT_POS)
            n = 4;
         if (base == 0xff || word < base || word >= base + n)
            continue;
         unsigned c = word - base;
         if ((st->out_16 >> slot) & 1)
            v = packed_pair(st, slot, 2 * c);
         else if (st->out_mask[slot] & (1u << c))
            v = st->out[slot][c];
         break;
      }
      if (v.kind == AGX_ISA_KIND_NONE)
         v = agx_mov_imm(&st->b, 32, 0); /* unwritten component */

   store:;
      agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_ST_VAR);
      I->ops[AGX_ISA_ST_VAR_R] = v;
      I->ops[AGX_ISA_ST_VAR_I] = agx_isa_imm(word, 6);
      last = I;
   }

   if (last) {
      /* The last vertex output store is marked final (same operands). */
      last->op = AGX_ISA_OP_ST_VAR_FINAL;
   }
}

/* ---- blending (the hardware has no blender: Mesa lowers blending into
 * the fragment shader with nir_lower_blend; here it is emitted directly) */

static agx_operand
fmul(struct isel *st, agx_operand a, agx_operand b)
{
   agx_operand r = agx_temp(st->ctx, 32, 1);
   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_FMADD32);
   I->ops[AGX_ISA_FMADD32_D] = r;
   I->ops[AGX_ISA_FMADD32_A] = a;
   I->ops[AGX_ISA_FMADD32_B] = b;
   I->ops[AGX_ISA_FMADD32_C] = agx_neg(agx_isa_fimm(0));
   return r;
}

static agx_operand
ffma(struct isel *st, agx_operand a, agx_operand b, agx_operand c)
{
   agx_operand r = agx_temp(st->ctx, 32, 1);
   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_FMADD32);
   I->ops[AGX_ISA_FMADD32_D] = r;
   I->ops[AGX_ISA_FMADD32_A] = a;
   I->ops[AGX_ISA_FMADD32_B] = b;
   I->ops[AGX_ISA_FMADD32_C] = c;
   return r;
}

static agx_operand
fsat(struct isel *st, agx_operand a)
{
   agx_operand r = agx_temp(st->ctx, 32, 1);
   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_FADD32);
   I->ops[AGX_ISA_FADD32_D] = r;
   I->ops[AGX_ISA_FADD32_A] = a;
   I->ops[AGX_ISA_FADD32_B] = agx_isa_fimm(0);
   I->ops[AGX_ISA_FADD32_S] = agx_isa_flag(true);
   return r;
}

/* a clamped to [-1, 1]: min(a, 1), then max(that, -1), as fmin/fmax
 * select them (fcmpsel ltn/gtn, see nir_op_fmin) */
static agx_operand
fclamp_snorm(struct isel *st, agx_operand a)
{
   agx_operand one = imm32(st, 0x3f800000), minus_one = imm32(st, 0xbf800000);
   agx_operand m = emit_cmpsel_n(st, 32, true, AGX_FCC_LTN, one, a, one, a);
   return emit_cmpsel_n(st, 32, true, AGX_FCC_GTN, minus_one, m, minus_one,
                        m);
}

#define AGX_FIMM_ONE 0x30 /* minifloat 1.0: exponent 3, no fraction */

/* INV_x factors are 1 - x */
static unsigned
factor_base(unsigned f, bool *inv)
{
   *inv = true;
   switch (f) {
   case AGX_BLENDFACTOR_INV_SRC_COLOR:
      return AGX_BLENDFACTOR_SRC_COLOR;
   case AGX_BLENDFACTOR_INV_SRC_ALPHA:
      return AGX_BLENDFACTOR_SRC_ALPHA;
   case AGX_BLENDFACTOR_INV_DST_ALPHA:
      return AGX_BLENDFACTOR_DST_ALPHA;
   case AGX_BLENDFACTOR_INV_DST_COLOR:
      return AGX_BLENDFACTOR_DST_COLOR;
   case AGX_BLENDFACTOR_INV_CONST_COLOR:
      return AGX_BLENDFACTOR_CONST_COLOR;
   case AGX_BLENDFACTOR_INV_CONST_ALPHA:
      return AGX_BLENDFACTOR_CONST_ALPHA;
   case AGX_BLENDFACTOR_INV_SRC1_COLOR:
      return AGX_BLENDFACTOR_SRC1_COLOR;
   case AGX_BLENDFACTOR_INV_SRC1_ALPHA:
      return AGX_BLENDFACTOR_SRC1_ALPHA;
   default:
      *inv = false;
      return f;
   }
}

/* The factor f for channel ch: s is the source colour, s1 the second
 * source of dual-source blending, d the destination, k the constant. */
static agx_operand
blend_factor(struct isel *st, unsigned f, unsigned ch, const agx_operand *s,
             const agx_operand *s1, const agx_operand *d, const agx_operand *k)
{
   const agx_operand one = agx_isa_fimm(AGX_FIMM_ONE);
   agx_operand x;
   bool inv;

   switch (factor_base(f, &inv)) {
   case AGX_BLENDFACTOR_ZERO:
      return agx_isa_fimm(0);
   case AGX_BLENDFACTOR_ONE:
      return one;
   case AGX_BLENDFACTOR_SRC_COLOR:
      x = s[ch];
      break;
   case AGX_BLENDFACTOR_SRC_ALPHA:
      x = s[3];
      break;
   case AGX_BLENDFACTOR_DST_ALPHA:
      x = d[3];
      break;
   case AGX_BLENDFACTOR_DST_COLOR:
      x = d[ch];
      break;
   case AGX_BLENDFACTOR_CONST_COLOR:
      x = k[ch];
      break;
   case AGX_BLENDFACTOR_CONST_ALPHA:
      x = k[3];
      break;
   case AGX_BLENDFACTOR_SRC1_COLOR:
      x = s1[ch];
      break;
   case AGX_BLENDFACTOR_SRC1_ALPHA:
      x = s1[3];
      break;
   case AGX_BLENDFACTOR_SRC_ALPHA_SATURATE: {
      if (ch == 3)
         return one;
      /* min(As, 1 - Ad) */
      agx_operand inv_da =
         emit_binop(st, AGX_ISA_OP_FADD32, 32, one, agx_neg(d[3]));
      return emit_cmpsel(st, true, AGX_FCC_LTN, s[3], inv_da, s[3], inv_da);
   }
   default:
      agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "blend factor %u", f);
      return one;
   }
   return inv ? emit_binop(st, AGX_ISA_OP_FADD32, 32, one, agx_neg(x)) : x;
}

/* result = func(s * sf, d * df), or min/max(s, d) */
static agx_operand
blend_channel(struct isel *st, unsigned func, agx_operand s, agx_operand sf,
              agx_operand d, agx_operand df)
{
   switch (func) {
   case AGX_BLEND_ADD:
      return ffma(st, s, sf, fmul(st, d, df));
   case AGX_BLEND_SUBTRACT:
      return ffma(st, s, sf, agx_neg(fmul(st, d, df)));
   case AGX_BLEND_REVERSE_SUBTRACT:
      return ffma(st, d, df, agx_neg(fmul(st, s, sf)));
   case AGX_BLEND_MIN:
      return emit_cmpsel(st, true, AGX_FCC_LTN, s, d, s, d);
   case AGX_BLEND_MAX:
      return emit_cmpsel(st, true, AGX_FCC_GTN, s, d, s, d);
   default:
      agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "blend function %u", func);
      return s;
   }
}

/* ---- KHR_blend_equation_advanced: the equations of the extension's
 * section "Advanced Blend Equations" (premultiplied colours; X = Y = Z = 1
 * for every equation), emitted without branches. */

static agx_operand
fconst(struct isel *st, float f)
{
   union { float f; uint32_t u; } v = { .f = f };
   return agx_mov_imm(&st->b, 32, v.u);
}

static agx_operand
fadd(struct isel *st, agx_operand a, agx_operand b)
{
   return emit_binop(st, AGX_ISA_OP_FADD32, 32, a, b);
}

static agx_operand
fsub(struct isel *st, agx_operand a, agx_operand b)
{
   return emit_binop(st, AGX_ISA_OP_FADD32, 32, a, agx_neg(b));
}

/* (a cc b) ? x : y */
static agx_operand
fsel(struct isel *st, unsigned cc, agx_operand a, agx_operand b,
     agx_operand x, agx_operand y)
{
   return emit_cmpsel(st, true, cc, a, b, x, y);
}

static agx_operand
fmin2(struct isel *st, agx_operand a, agx_operand b)
{
   return fsel(st, AGX_FCC_LT, a, b, a, b);
}

static agx_operand
fmax2(struct isel *st, agx_operand a, agx_operand b)
{
   return fsel(st, AGX_FCC_GT, a, b, a, b);
}

static agx_operand
fdiv(struct isel *st, agx_operand a, agx_operand b)
{
   return fmul(st, a, emit_unop(st, AGX_ISA_OP_RCP, b));
}

/* 1 - 2 (1 - a)(1 - b) when (t > 0.5), else 2 a b: overlay, hardlight */
static agx_operand
blend_hard(struct isel *st, agx_operand t, agx_operand a, agx_operand b)
{
   agx_operand one = fconst(st, 1.0f);
   agx_operand two_ab = fmul(st, fadd(st, a, a), b);
   agx_operand ia = fsub(st, one, a), ib = fsub(st, one, b);
   agx_operand hi = fsub(st, one, fmul(st, fadd(st, ia, ia), ib));
   return fsel(st, AGX_FCC_GT, t, fconst(st, 0.5f), hi, two_ab);
}

/* f(Cs, Cd) of the separable equations, one channel. */
static agx_operand
blend_separable(struct isel *st, unsigned mode, agx_operand cs,
                agx_operand cd)
{
   agx_operand one = fconst(st, 1.0f);
   agx_operand zero = fconst(st, 0.0f);
   switch (mode) {
   case 1: /* MULTIPLY: Cs Cd */
      return fmul(st, cs, cd);
   case 2: /* SCREEN: Cs + Cd - Cs Cd */
      return fsub(st, fadd(st, cs, cd), fmul(st, cs, cd));
   case 3: /* OVERLAY: HARDLIGHT with Cs and Cd swapped */
      return blend_hard(st, cd, cs, cd);
   case 4: /* DARKEN */
      return fmin2(st, cs, cd);
   case 5: /* LIGHTEN */
      return fmax2(st, cs, cd);
   case 6: { /* COLORDODGE */
      agx_operand q = fmin2(st, fdiv(st, cd, fsub(st, one, cs)), one);
      agx_operand r = fsel(st, AGX_FCC_LT, cs, one, q, one);
      return fsel(st, AGX_FCC_GT, cd, zero, r, zero);
   }
   case 7: { /* COLORBURN */
      agx_operand q = fmin2(st, fdiv(st, fsub(st, one, cd), cs), one);
      agx_operand r = fsel(st, AGX_FCC_GT, cs, zero, fsub(st, one, q), zero);
      return fsel(st, AGX_FCC_LT, cd, one, r, one);
   }
   case 8: /* HARDLIGHT */
      return blend_hard(st, cs, cs, cd);
   case 9: { /* SOFTLIGHT */
      agx_operand two_cs_1 = fsub(st, fadd(st, cs, cs), one);
      /* Cs <= 0.5: Cd - (1 - 2 Cs) Cd (1 - Cd) = Cd + (2 Cs - 1) Cd (1 - Cd) */
      agx_operand lo = ffma(st, two_cs_1, fmul(st, cd, fsub(st, one, cd)), cd);
      /* Cd <= 0.25: Cd + (2 Cs - 1) Cd ((16 Cd - 12) Cd + 3) */
      agx_operand poly = ffma(st, ffma(st, fconst(st, 16.0f), cd,
                                       fconst(st, -12.0f)),
                              cd, fconst(st, 3.0f));
      agx_operand mid = ffma(st, two_cs_1, fmul(st, cd, poly), cd);
      /* else: Cd + (2 Cs - 1) (sqrt(Cd) - Cd) */
      agx_operand root = fmul(st, cd, emit_unop(st, AGX_ISA_OP_RSQRT, cd));
      agx_operand hi = ffma(st, two_cs_1, fsub(st, root, cd), cd);
      agx_operand upper = fsel(st, AGX_FCC_GT, cd, fconst(st, 0.25f), hi,
                               mid);
      return fsel(st, AGX_FCC_GT, cs, fconst(st, 0.5f), upper, lo);
   }
   case 10: { /* DIFFERENCE: |Cd - Cs| */
      agx_operand d = fsub(st, cd, cs);
      return fmax2(st, d, fsub(st, fconst(st, 0.0f), d));
   }
   case 11: /* EXCLUSION: Cs + Cd - 2 Cs Cd */
      return fsub(st, fadd(st, cs, cd), fmul(st, fadd(st, cs, cs), cd));
   default:
      agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "advanced blend %u", mode);
      return cs;
   }
}

static agx_operand
lum3(struct isel *st, const agx_operand *c)
{
   return ffma(st, c[0], fconst(st, 0.30f),
               ffma(st, c[1], fconst(st, 0.59f),
                    fmul(st, c[2], fconst(st, 0.11f))));
}

static agx_operand
min3(struct isel *st, const agx_operand *c)
{
   return fmin2(st, fmin2(st, c[0], c[1]), c[2]);
}

static agx_operand
max3(struct isel *st, const agx_operand *c)
{
   return fmax2(st, fmax2(st, c[0], c[1]), c[2]);
}

/* The spec's ClipColor, in place (its luminance, minimum and maximum are
 * all of the colour it is given). */
static void
clip_color(struct isel *st, agx_operand *c)
{
   agx_operand one = fconst(st, 1.0f);
   agx_operand l = lum3(st, c);
   agx_operand mn = min3(st, c);
   agx_operand mx = max3(st, c);
   agx_operand sl = fdiv(st, l, fsub(st, l, mn));
   for (unsigned i = 0; i < 3; ++i) {
      agx_operand v = ffma(st, fsub(st, c[i], l), sl, l);
      c[i] = fsel(st, AGX_FCC_LT, mn, fconst(st, 0.0f), v, c[i]);
   }
   agx_operand sh = fdiv(st, fsub(st, one, l), fsub(st, mx, l));
   for (unsigned i = 0; i < 3; ++i) {
      agx_operand v = ffma(st, fsub(st, c[i], l), sh, l);
      c[i] = fsel(st, AGX_FCC_GT, mx, one, v, c[i]);
   }
}

/* SetLum(base, lum) into out */
static void
set_lum(struct isel *st, const agx_operand *base, const agx_operand *lum,
        agx_operand *out)
{
   agx_operand diff = fsub(st, lum3(st, lum), lum3(st, base));
   for (unsigned i = 0; i < 3; ++i)
      out[i] = fadd(st, base[i], diff);
   clip_color(st, out);
}

/* SetLumSat(base, sat, lum) into out */
static void
set_lum_sat(struct isel *st, const agx_operand *base, const agx_operand *sat,
            const agx_operand *lum, agx_operand *out)
{
   agx_operand mn = min3(st, base), mx = max3(st, base);
   agx_operand ssat = fsub(st, max3(st, sat), min3(st, sat));
   agx_operand range = fsub(st, mx, mn);
   agx_operand scale = fdiv(st, ssat, range);
   agx_operand c[3];
   for (unsigned i = 0; i < 3; ++i)
      c[i] = fsel(st, AGX_FCC_GT, mx, mn, fmul(st, fsub(st, base[i], mn),
                                              scale),
                  fconst(st, 0.0f));
   set_lum(st, c, lum, out);
}

/* The blended colour of an advanced equation into out[4], from the
 * premultiplied source s and destination d. */
static void
blend_advanced(struct isel *st, unsigned mode, const agx_operand *s,
               const agx_operand *d, agx_operand *out)
{
   agx_operand one = fconst(st, 1.0f);
   agx_operand zero = fconst(st, 0.0f);
   /* unpremultiplied colours (0 when alpha is 0) */
   agx_operand cs[3], cd[3];
   for (unsigned i = 0; i < 3; ++i) {
      cs[i] = fsel(st, AGX_FCC_EQ, s[3], zero, zero, fdiv(st, s[i], s[3]));
      cd[i] = fsel(st, AGX_FCC_EQ, d[3], zero, zero, fdiv(st, d[i], d[3]));
   }
   agx_operand p0 = fmul(st, s[3], d[3]);
   agx_operand p1 = fmul(st, s[3], fsub(st, one, d[3]));
   agx_operand p2 = fmul(st, d[3], fsub(st, one, s[3]));

   agx_operand f[3];
   switch (mode) {
   case 12: /* HSL_HUE: SetLumSat(Cs, Cd, Cd) */
      set_lum_sat(st, cs, cd, cd, f);
      break;
   case 13: /* HSL_SATURATION: SetLumSat(Cd, Cs, Cd) */
      set_lum_sat(st, cd, cs, cd, f);
      break;
   case 14: /* HSL_COLOR: SetLum(Cs, Cd) */
      set_lum(st, cs, cd, f);
      break;
   case 15: /* HSL_LUMINOSITY: SetLum(Cd, Cs) */
      set_lum(st, cd, cs, f);
      break;
   default:
      for (unsigned i = 0; i < 3; ++i)
         f[i] = blend_separable(st, mode, cs[i], cd[i]);
      break;
   }
   for (unsigned i = 0; i < 3; ++i)
      out[i] = ffma(st, f[i], p0, ffma(st, cs[i], p1, fmul(st, cd[i], p2)));
   out[3] = fadd(st, fadd(st, p0, p1), p2);
}

/* Tilebuffer access ordering (Mesa agx_compile.c): wait_pix 0x8 before the
 * first load, 0xC before a first store, 0x4 once the pixel was touched. */
static void
wait_tile(struct isel *st, bool load, bool *touched)
{
   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_WAIT_PIX);
   I->ops[AGX_ISA_WAIT_PIX_I] =
      agx_isa_imm(load ? 0x8 : (*touched ? 0x4 : 0xc), 10);
   *touched = true;
}

bool
agx_is_packed16_unorm(enum pipe_format fmt)
{
   switch (fmt) {
   case PIPE_FORMAT_R5G6B5_UNORM:
   case PIPE_FORMAT_B5G6R5_UNORM:
   case PIPE_FORMAT_R5G5B5A1_UNORM:
   case PIPE_FORMAT_B5G5R5A1_UNORM:
   case PIPE_FORMAT_R4G4B4A4_UNORM:
   case PIPE_FORMAT_B4G4R4A4_UNORM:
   case PIPE_FORMAT_A4B4G4R4_UNORM:
      return true;
   default:
      return false;
   }
}

/* The tilebuffer (memory) format st_tile / ld_tile use for a render
 * target format, -1 when the compiler cannot write it.  Fact:
 * alexvorxx/Mesa-VirGL src/asahi/layout/formats.c (the renderable column:
 * i8/i16/i32 for integers, f16 for half floats, i32 for floats, u8norm,
 * s8norm, u16norm, s16norm, srgba8, and the packed rgb10a2 / rg11b10f
 * words; f16 for the 16-bit packed unorm formats, packed by the PBE).
 * Other channels must all be the same size; the 10-10-10-2 signed
 * integers are not handled. */
int
agx_tib_format_of(enum pipe_format fmt)
{
   const struct util_format_description *d = util_format_description(fmt);
   if (!d || fmt == PIPE_FORMAT_NONE ||
       util_format_is_depth_or_stencil(fmt))
      return -1;
   if (agx_is_packed16_unorm(fmt))
      return 3;
   /* The packed unorm 10-10-10-2 and float 11-11-10 words. */
   if (fmt == PIPE_FORMAT_R10G10B10A2_UNORM ||
       fmt == PIPE_FORMAT_B10G10R10A2_UNORM)
      return 8;
   if (fmt == PIPE_FORMAT_R11G11B10_FLOAT)
      return 12;
   /* RGB10_A2UI: 16-bit integers, packed by the PBE (fact:
    * alexvorxx/Mesa-VirGL src/asahi/layout/formats.c) */
   if (fmt == PIPE_FORMAT_R10G10B10A2_UINT)
      return 1;

   int size = -1;
   const struct util_format_channel_description *c = NULL;
   for (unsigned i = 0; i < d->nr_channels; ++i) {
      if (d->channel[i].type == UTIL_FORMAT_TYPE_VOID)
         continue;
      if (size >= 0 && (int)d->channel[i].size != size)
         return -1;
      size = d->channel[i].size;
      c = &d->channel[i];
   }
   for (unsigned i = 0; i < d->nr_channels; ++i) {
      if (d->channel[i].type != UTIL_FORMAT_TYPE_VOID &&
          d->channel[i].size != (unsigned)size)
         return -1;
   }
   if (!c || d->layout != UTIL_FORMAT_LAYOUT_PLAIN)
      return -1;

   if (c->pure_integer)
      return size == 8 ? 0 : size == 16 ? 1 : size == 32 ? 2 : -1;
   if (c->type == UTIL_FORMAT_TYPE_FLOAT)
      return size == 16 ? 3 : size == 32 ? 2 : -1;
   if (c->normalized && c->type == UTIL_FORMAT_TYPE_UNSIGNED)
      return size == 8 ? (util_format_is_srgb(fmt) ? 10 : 4)
                       : size == 16 ? 6 : -1;
   if (c->normalized && c->type == UTIL_FORMAT_TYPE_SIGNED)
      return size == 8 ? 5 : size == 16 ? 7 : -1;
   return -1;
}

/* ---- logic ops (GL 4.6 section 17.3.9): the hardware has none either;
 * Mesa lowers them in NIR (alexvorxx/Mesa-VirGL src/compiler/nir/
 * nir_lower_blend.c), here they are emitted beside blending. */

/* Does a logic op apply to a target of this tilebuffer format: unorm 8
 * and 16-bit, RGB10_A2, 8 and 32-bit integers (agx_fs_key)? */
static bool
logicop_applies(int tib_format, bool integer)
{
   return tib_format == 4 || tib_format == 6 || tib_format == 8 ||
          (integer && (tib_format == 0 || tib_format == 2));
}

/* A float in [0, 1] as the unsigned code of a bits-wide unorm channel
 * (round to nearest, GL 4.6 equation 2.3). */
static agx_operand
unorm_code(struct isel *st, agx_operand f, agx_operand max)
{
   return emit_convert(st, 8, 0,
                       emit_unop(st, AGX_ISA_OP_RINT, fmul(st, f, max)));
}

/* Logic op func (enum pipe_logicop) of source s and destination d of one
 * channel, bits wide.  bitop's truth table bit (a | b << 1) is pipe's bit
 * (2 * s + d): a = d, b = s. */
static agx_operand
logicop_channel(struct isel *st, unsigned func, agx_operand s, agx_operand d,
                unsigned bits, bool integer)
{
   if (integer)
      return emit_bitop(st, func, d, s);
   uint32_t mask = (1u << bits) - 1;
   agx_operand max = imm32(st, fui((float)mask));
   agx_operand r = emit_bitop(st, func, unorm_code(st, d, max),
                              unorm_code(st, fsat(st, s), max));
   r = emit_bitop(st, AGX_TT_AND, r, imm32(st, mask));
   return fmul(st, emit_convert(st, 10, 1, r),
               imm32(st, fui(1.0f / (float)mask)));
}

/*
 * The samples a multisampled fragment keeps (ES 3.0.6 section 4.1.3): the
 * API sample mask, and with alpha-to-coverage the first round(alpha * N)
 * of the N samples (an implementation-chosen function; monotonic, as the
 * rule asks).  A 16-bit value for sample_mask's M operand.
 */
static agx_operand
low_half(struct isel *st, agx_operand v)
{
   agx_operand halves[2];
   agx_split(&st->b, halves, 2, v);
   return halves[0];
}

static agx_operand
coverage_mask(struct isel *st, const struct agx_fs_key *key)
{
   unsigned n = key->nr_samples;
   unsigned keep = ((1u << n) - 1) & ~key->sample_mask_disable;
   if (key->per_sample)
      keep &= 1u << key->sample_id;
   if (!key->alpha_to_coverage && st->sample_mask_out.kind == AGX_ISA_KIND_NONE)
      return agx_isa_imm(keep, 8);
   if (!key->alpha_to_coverage)
      return low_half(st, emit_bitop(st, AGX_TT_AND, st->sample_mask_out,
                                     agx_isa_imm(keep, 8)));
   agx_operand alpha = (st->colour_mask[0] & 8)
                          ? st->colour[0][3]
                          : imm32(st, 0x3f800000); /* 1.0 */
   /* floor(sat(alpha) * N + 0.5), as an unsigned integer (f2u32) */
   union {
      float f;
      uint32_t u;
   } nf = {.f = (float)n};
   agx_operand t =
      ffma(st, fsat(st, alpha), imm32(st, nf.u), imm32(st, 0x3f000000));
   agx_operand count = emit_convert(st, 8, 0, t);
   agx_operand bit = emit_bitfield(st, AGX_ISA_OP_BFI, agx_isa_imm(0, 8),
                                   agx_isa_imm(1, 8), count);
   agx_operand m =
      emit_binop(st, AGX_ISA_OP_ISUB, 32, bit, agx_isa_imm(1, 8));
   m = emit_bitop(st, AGX_TT_AND, m, agx_isa_imm(keep, 8));
   /* gl_SampleMask (GL 4.6 section 17.3.1: ANDed with the coverage) */
   if (st->sample_mask_out.kind != AGX_ISA_KIND_NONE)
      m = emit_bitop(st, AGX_TT_AND, m, st->sample_mask_out);
   return low_half(st, m);
}

static void
emit_fs_end(struct isel *st)
{
   const struct agx_fs_key *key = &st->ctx->key->fs;
   bool touched = false, masked = false;

   /* Multisampling state that drops samples. */
   agx_operand keep = agx_isa_imm(0xff, 8);
   bool keep_all = key->nr_samples <= 1 ||
                   (!key->alpha_to_coverage && !key->per_sample &&
                    st->sample_mask_out.kind == AGX_ISA_KIND_NONE &&
                    !(key->sample_mask_disable &
                      ((1u << key->nr_samples) - 1)));
   if (!keep_all) {
      keep = coverage_mask(st, key);
      st->ctx->info->writes_sample_mask = true;
   }

   /* gl_FragDepth: clamped to [0, 1] (ES 3.0.6 section 3.9.2.3, GL 4.6
    * section 15.2.3: fixed-point depth buffers clamp; our float depth
    * buffers only hold [0, 1] depth ranges, so the clamp is exact there
    * too), then handed to the depth test with zs_emit (depth as a 32-bit
    * float in two 16-bit halves, for the samples in S).  Fact: the
    * zs_emit encoding, dougallj/applegpu isa; Mesa (alexvorxx/Mesa-VirGL
    * src/asahi/compiler/agx_compile.c) waits for earlier pixels with
    * wait_pix 1 before it.  It comes before the colour
    * stores: with late depth testing the test happens here, and stores
    * after it reach only the samples that passed (Mesa
    * src/asahi/compiler/agx_nir_lower_sample_mask.c).  With
    * early_fragment_tests the depth the program computes has no effect
    * (GL 4.6 section 14.9): it is not emitted. */
   if (st->frag_depth.kind != AGX_ISA_KIND_NONE &&
       !st->ctx->info->early_fragment_tests) {
      agx_operand z = fsat(st, st->frag_depth);
      agx_operand h[2];
      agx_split(&st->b, h, 2, z);
      agx_operand zv = agx_collect(&st->b, 2, h);
      agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_WAIT_PIX);
      I->ops[AGX_ISA_WAIT_PIX_I] = agx_isa_imm(1, 10);
      I = agx_emit(&st->b, AGX_ISA_OP_ZS_EMIT);
      I->ops[AGX_ISA_ZS_EMIT_S] = keep;
      I->ops[AGX_ISA_ZS_EMIT_T] = zv;
      st->ctx->info->writes_depth = true;
   }

   for (unsigned rt = 0; rt < AGX_MAX_RTS; ++rt) {
      const struct agx_rt_key *rk = &key->rt[rt];
      enum pipe_format fmt = rk->format;
      if (fmt == PIPE_FORMAT_NONE || !st->colour_mask[rt])
         continue;

      const struct util_format_description *desc =
         util_format_description(fmt);
      int tib_format = agx_tib_format_of(fmt);
      if (tib_format < 0 || !desc) {
         agx_fail(st->ctx, AGX_COMPILE_UNSUPPORTED, "render target format %s",
                  util_format_name(fmt));
         return;
      }
      /* Fixed-point [0, 1] targets clamp blending inputs; integer targets
       * are never blended (GL 4.6 section 17.3.6); 16-bit formats take
       * 16-bit registers. */
      bool packed16 = agx_is_packed16_unorm(fmt);
      bool unorm = tib_format == 4 || tib_format == 6 || tib_format == 10 ||
                   tib_format == 8 || packed16;
      /* signed normalized ones clamp them to [-1, 1] (same section) */
      bool snorm = tib_format == 5 || tib_format == 7;
      bool integer = util_format_is_pure_integer(fmt);
      bool is16 = tib_format == 1 || tib_format == 3;
      /* Packed words are stored whole (every channel, 32-bit float
       * registers): unwritten channels are read back first. */
      bool packed = tib_format == 8 || tib_format == 12;
      unsigned nr_mem = desc->nr_channels;

      /* the shader's colour, RGBA order, in 16-bit registers when the
       * shader stored 16-bit values (agx_nir_narrow_outputs.c) */
      bool half = false;
      for (unsigned i = 0; i < 4; ++i) {
         if (st->colour_mask[rt] & (1u << i))
            half = st->colour[rt][i].size == 16;
      }
      agx_operand c[4];
      for (unsigned i = 0; i < 4; ++i) {
         if (st->colour_mask[rt] & (1u << i))
            c[i] = st->colour[rt][i];
         else if (half)
            c[i] = agx_mov_imm(&st->b, 16, i == 3 ? 0x3c00 : 0);
         else
            c[i] = agx_mov_imm(&st->b, 32,
                               i == 3 ? (integer ? 1 : 0x3f800000) : 0);
      }

      if (key->alpha_to_one && key->nr_samples > 1 && !integer)
         c[3] = half ? agx_mov_imm(&st->b, 16, 0x3c00)
                     : agx_mov_imm(&st->b, 32, 0x3f800000);

      unsigned write = 0xf & ~rk->write_disable;
      if (!write)
         continue;

      bool blend = rk->blend.enable && !integer && !key->logicop_enable;
      bool logic = key->logicop_enable &&
                   (logicop_applies(tib_format, integer) || packed16);
      if (half && (blend || logic || packed)) {
         /* (agx_nir_narrow_outputs.c leaves these 32-bit) */
         agx_fail(st->ctx, AGX_COMPILE_INVALID,
                  "16-bit colour for a blended or packed target");
         return;
      }
      bool reads_dst = blend || logic || (packed && write != 0xf);
      /* ld_tile reads one sample, the lowest its mask names, so a
       * read-modify-write of a multisampled target runs once per sample
       * (each sample blends with its own destination, GL 4.6 section
       * 17.3: the per-fragment operations are per sample), or for the
       * shaded sample alone in a per-sample variant. */
      bool each_sample = reads_dst && key->nr_samples > 1;
      unsigned passes = each_sample && !key->per_sample ? key->nr_samples : 1;
      agx_operand src[4];
      memcpy(src, c, sizeof(src));
      for (unsigned pass = 0; pass < passes; ++pass) {
         unsigned smp = key->per_sample ? key->sample_id : pass;
         agx_operand smask = agx_isa_imm(each_sample ? 1u << smp : 0xff, 8);
         memcpy(c, src, sizeof(c));
         agx_operand d[4];
         if (reads_dst) {
            /* the destination in memory order, then RGBA order (16-bit
             * values widened to f32) */
            wait_tile(st, true, &touched);
            agx_operand dv = agx_temp(st->ctx, is16 ? 16 : 32, nr_mem);
            agx_instr *L = agx_emit(&st->b, AGX_ISA_OP_LD_TILE);
            L->ops[AGX_ISA_LD_TILE_R] = dv;
            L->ops[AGX_ISA_LD_TILE_F] = agx_isa_enum(tib_format, 4);
            L->ops[AGX_ISA_LD_TILE_MASK] =
               agx_isa_enum((1u << nr_mem) - 1, 4);
            L->ops[AGX_ISA_LD_TILE_O] = agx_isa_imm(rk->offset_B, 9);
            L->ops[AGX_ISA_LD_TILE_S] = smask;
            agx_operand dm[4];
            if (nr_mem == 1)
               dm[0] = dv;
            else
               agx_split(&st->b, dm, nr_mem, dv);
            for (unsigned m = 0; is16 && m < nr_mem; ++m) {
               agx_operand w = agx_temp(st->ctx, 32, 1);
               agx_instr *X = agx_emit(&st->b, AGX_ISA_OP_FADD32);
               X->ops[AGX_ISA_FADD32_D] = w;
               X->ops[AGX_ISA_FADD32_A] = dm[m];
               X->ops[AGX_ISA_FADD32_B] = agx_neg(agx_isa_fimm(0));
               dm[m] = w;
            }
            for (unsigned i = 0; i < 4; ++i) {
               unsigned m = desc->swizzle[i];
               if (m < nr_mem)
                  d[i] = dm[m];
               else
                  d[i] = agx_mov_imm(&st->b, 32,
                                     m == PIPE_SWIZZLE_1 ? 0x3f800000 : 0);
            }
         }
         if (blend) {

            agx_operand k[4] = {{0}};
            const struct agx_blend_key *bk = &rk->blend;
            bool uses_k = false, uses_s1 = false;
            for (unsigned f = 0; f < 4; ++f) {
               unsigned v = f == 0   ? bk->rgb_src
                            : f == 1 ? bk->rgb_dst
                            : f == 2 ? bk->alpha_src
                                     : bk->alpha_dst;
               uses_k |= v == AGX_BLENDFACTOR_CONST_COLOR ||
                         v == AGX_BLENDFACTOR_CONST_ALPHA ||
                         v == AGX_BLENDFACTOR_INV_CONST_COLOR ||
                         v == AGX_BLENDFACTOR_INV_CONST_ALPHA;
               uses_s1 |= v == AGX_BLENDFACTOR_SRC1_COLOR ||
                          v == AGX_BLENDFACTOR_SRC1_ALPHA ||
                          v == AGX_BLENDFACTOR_INV_SRC1_COLOR ||
                          v == AGX_BLENDFACTOR_INV_SRC1_ALPHA;
            }
            if (uses_k) {
               unsigned u = agx_push(st->ctx, AGX_PUSH_SYSVAL,
                                     AGX_SYSVAL_BLEND_COLOR_R, 8);
               for (unsigned i = 0; i < 4; ++i) {
                  k[i] = agx_temp(st->ctx, 32, 1);
                  agx_mov_to(&st->b, k[i], agx_uniform(u + 2 * i, 32));
                  if (unorm)
                     k[i] = fsat(st, k[i]);
                  else if (snorm)
                     k[i] = fclamp_snorm(st, k[i]);
               }
            }

            /* fixed point targets: source clamped to [0, 1] or, signed
             * normalized, [-1, 1] (GL 4.6 17.3.6.1) */
            agx_operand sc[4];
            for (unsigned i = 0; i < 4; ++i) {
               sc[i] = unorm   ? fsat(st, c[i])
                       : snorm ? fclamp_snorm(st, c[i])
                               : c[i];
            }

            /* The second source (ARB_blend_func_extended), render target 0
             * only (GL_MAX_DUAL_SOURCE_DRAW_BUFFERS is 1).  Channels the
             * shader did not write are undefined in GL; they read as 0 here.
             * Used only as a factor, so clamped like one. */
            agx_operand s1[4] = {{0}};
            for (unsigned i = 0; uses_s1 && i < 4; ++i) {
               if (rt == 0 && (st->colour1_mask & (1u << i)))
                  s1[i] = unorm   ? fsat(st, st->colour1[i])
                          : snorm ? fclamp_snorm(st, st->colour1[i])
                                  : st->colour1[i];
               else
                  s1[i] = agx_mov_imm(&st->b, 32, 0);
            }
            /* SAMPLE_ALPHA_TO_ONE replaces each alpha value of the
             * fragment, the second source's included (GL 4.6 section
             * 17.3.3, "each alpha value"; piglit's
             * alpha-to-one-dual-src-blend expects both sources' alpha 1). */
            if (uses_s1 && key->alpha_to_one && key->nr_samples > 1)
               s1[3] = agx_mov_imm(&st->b, 32, 0x3f800000);

            agx_operand adv[4];
            if (bk->advanced)
               blend_advanced(st, bk->advanced, sc, d, adv);
            for (unsigned i = 0; i < 4; ++i) {
               if (!(write & (1u << i)))
                  continue;
               if (bk->advanced) {
                  c[i] = adv[i];
                  continue;
               }
               bool a = i == 3;
               unsigned func = a ? bk->alpha_func : bk->rgb_func;
               unsigned fs = a ? bk->alpha_src : bk->rgb_src;
               unsigned fd = a ? bk->alpha_dst : bk->rgb_dst;
               agx_operand sf = blend_factor(st, fs, i, sc, s1, d, k);
               agx_operand df = blend_factor(st, fd, i, sc, s1, d, k);
               c[i] = blend_channel(st, func, sc[i], sf, d[i], df);
            }
         }
         for (unsigned i = 0; logic && i < 4; ++i) {
            unsigned m = desc->swizzle[i];
            if ((write & (1u << i)) && m < nr_mem)
               c[i] = logicop_channel(st, key->logicop_func, c[i], d[i],
                                      desc->channel[m].size, integer);
         }
         /* An f16 tilebuffer of a unorm format holds [0, 1], the values
          * a unorm tilebuffer's conversion would clamp to (blending reads
          * them back as the destination). */
         for (unsigned i = 0; packed16 && i < 4; ++i) {
            if (write & (1u << i))
               c[i] = fsat(st, c[i]);
         }

         /* Order against earlier pixels; then say that every sample
          * survives (discarded lanes are inactive here).  A program that
          * neither discards, nor emits depth, nor drops samples runs no
          * sample_mask at all: the hardware then keeps every covered sample
          * (Fact: alexvorxx/Mesa-VirGL src/asahi/compiler, whose sample mask
          * lowering leaves such programs without one). */
         wait_tile(st, false, &touched);
         if (!masked && keep_all && !st->ctx->info->can_discard &&
             !st->ctx->info->writes_depth)
            masked = true;
         if (!masked) {
            agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_SAMPLE_MASK);
            I->ops[AGX_ISA_SAMPLE_MASK_S] = agx_isa_imm(0xff, 8);
            I->ops[AGX_ISA_SAMPLE_MASK_M] = keep;
            masked = true;
         }

         /* masked store of the written channels, in memory order (memory
          * channel m holds the component the format's swizzle puts there;
          * padding channels are not written).  When several components
          * read the same channel (intensity: I, I, I, I) the first one is
          * stored, red, as util_format packs I8 (u_format_pack.py). */
         agx_operand v[4];
         unsigned n = 0, mem_mask = 0;
         for (unsigned m = 0; m < nr_mem; ++m) {
            unsigned ch = 4;
            for (unsigned i = 0; i < 4 && ch == 4; ++i) {
               if (desc->swizzle[i] == m)
                  ch = i;
            }
            if (ch == 4 || (!(write & (1u << ch)) && !packed))
               continue;
            agx_operand val = write & (1u << ch) ? c[ch] : d[ch];
            if (is16 && integer) {
               /* the low half */
               agx_operand parts[2];
               agx_split(&st->b, parts, 2, val);
               val = parts[0];
            } else if (is16 && val.size != 16) {
               /* f32 -> f16: an f32 add into a 16-bit register */
               agx_operand h = agx_temp(st->ctx, 16, 1);
               agx_instr *X = agx_emit(&st->b, AGX_ISA_OP_FADD32);
               X->ops[AGX_ISA_FADD32_D] = h;
               X->ops[AGX_ISA_FADD32_A] = val;
               X->ops[AGX_ISA_FADD32_B] = agx_neg(agx_isa_fimm(0));
               val = h;
            }
            v[n++] = val;
            mem_mask |= 1u << m;
         }
         if (!n)
            continue;
         agx_operand vec = n == 1 ? v[0] : agx_collect(&st->b, n, v);
         agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_ST_TILE);
         I->ops[AGX_ISA_ST_TILE_R] = vec;
         I->ops[AGX_ISA_ST_TILE_F] = agx_isa_enum(tib_format, 4);
         I->ops[AGX_ISA_ST_TILE_MASK] = agx_isa_enum(mem_mask, 4);
         I->ops[AGX_ISA_ST_TILE_O] = agx_isa_imm(rk->offset_B, 9);
         I->ops[AGX_ISA_ST_TILE_S] = smask;
         st->ctx->info->tib_writes |= 1u << rt;
      }
   }

   /* No colour stored: the samples dropped still must not reach depth
    * and stencil. */
   if (!masked && !keep_all) {
      agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_WAIT_PIX);
      I->ops[AGX_ISA_WAIT_PIX_I] = agx_isa_imm(1, 10);
      I = agx_emit(&st->b, AGX_ISA_OP_SAMPLE_MASK);
      I->ops[AGX_ISA_SAMPLE_MASK_S] = agx_isa_imm(0xff, 8);
      I->ops[AGX_ISA_SAMPLE_MASK_M] = keep;
   }
}

/* Coefficient registers: cf0 = W, then each slot read, by slot. */

/* glShadeModel(GL_FLAT) (GL 3.0 compatibility 2.19.7): the colours
 * (gl_Color, gl_SecondaryColor and the back colours two-sided lighting
 * reads) come flat from the provoking vertex unless the shader declared
 * them smooth or noperspective (GLSL 1.30 7.6). */
static bool
shade_model_flat(const struct agx_shader_key *key, const nir_variable *var,
                 unsigned slot)
{
   bool colour = slot == VARYING_SLOT_COL0 || slot == VARYING_SLOT_COL1 ||
                 slot == VARYING_SLOT_BFC0 || slot == VARYING_SLOT_BFC1;
   return key->fs.flatshade && colour && !var->data.smooth &&
          !var->data.noperspective;
}

static void
assign_cf(struct isel *st)
{
   struct agx_varyings_fs *fs = &st->ctx->info->fs;
   uint8_t mask[VARYING_SLOT_MAX] = {0};
   bool reads_frag_z = false;
   nir_function_impl *impl = nir_shader_get_entrypoint(st->nir);

   for (unsigned i = 0; i < VARYING_SLOT_MAX; ++i)
      st->cf_of_slot[i] = -1;

   nir_foreach_block(block, impl)
   {
      nir_foreach_instr(instr, block)
      {
         if (instr->type != nir_instr_type_intrinsic)
            continue;
         nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
         if (intr->intrinsic == nir_intrinsic_load_frag_coord &&
             (nir_def_components_read(&intr->def) & 4))
            reads_frag_z = true;
         if (intr->intrinsic == nir_intrinsic_load_point_coord)
            mask[VARYING_SLOT_PNTC] |= 0x3;
         if (intr->intrinsic != nir_intrinsic_load_input &&
             intr->intrinsic != nir_intrinsic_load_input_at)
            continue;
         unsigned slot = nir_intrinsic_base(intr);
         unsigned comp = nir_intrinsic_component(intr);
         uint32_t off;
         if (!const_value(&intr->src[0], 0, &off))
            continue;
         slot += off;
         if (slot < VARYING_SLOT_MAX)
            mask[slot] |= ((1u << intr->def.num_components) - 1) << comp;
      }
   }

   /* the cull test's planes (emit_cull_test) */
   unsigned nr_cull = st->ctx->key ? st->ctx->key->fs.nr_cull_distances : 0;
   for (unsigned i = 0; i < nr_cull && i < 8; ++i)
      mask[VARYING_SLOT_CULL_PRIMITIVE0 + i / 4] |= (uint8_t)(1u << (i % 4));

   fs->bindings[0] = (struct agx_cf_binding){
      .cf_base = 0, .slot = VARYING_SLOT_POS, .offset = 3, .count = 1};
   fs->nr_bindings = 1;
   unsigned cf = 1;

   st->cf_z = -1;
   if (reads_frag_z) {
      fs->reads_z = true;
      st->cf_z = (int)cf;
      fs->bindings[fs->nr_bindings++] =
         (struct agx_cf_binding){.cf_base = (uint8_t)cf,
                                 .slot = VARYING_SLOT_POS,
                                 .offset = 2,
                                 .count = 1};
      cf++;
   }

   for (unsigned slot = 0; slot < VARYING_SLOT_MAX; ++slot) {
      if (!mask[slot])
         continue;
      if (fs->nr_bindings == AGX_MAX_CF_BINDINGS)
         break;
      nir_variable *var = var_at_slot(st->nir, nir_var_shader_in, slot);
      bool flat = var && (var->data.flat ||
                          shade_model_flat(st->ctx->key, var, slot));
      /* the point coordinate is interpolated without perspective, from
       * the rasteriser (agx_link_varyings gives it its source) */
      bool cull = slot == VARYING_SLOT_CULL_PRIMITIVE0 ||
                  slot == VARYING_SLOT_CULL_PRIMITIVE1;
      bool linear = slot == VARYING_SLOT_PNTC || cull ||
                    (var && !flat && var->data.noperspective);
      unsigned n = util_last_bit(mask[slot]);
      st->cf_of_slot[slot] = (int)cf;
      st->flat_slot[slot] = flat;
      st->linear_slot[slot] = linear;
      st->centroid_slot[slot] = var && var->data.centroid;
      fs->bindings[fs->nr_bindings++] = (struct agx_cf_binding){
         .cf_base = (uint8_t)cf,
         .slot = (uint8_t)slot,
         .offset = 0,
         .count = (uint8_t)n,
         .flat = flat,
         .perspective = !flat && !linear,
      };
      cf += n;
   }
   fs->nr_cf = (uint8_t)cf;
}

/* The whole default uniform block the shader reads is pushed as one range
 * per 64 halves. */
static void
assign_gl_uniforms(struct isel *st)
{
   unsigned words = 0;
   nir_function_impl *impl = nir_shader_get_entrypoint(st->nir);
   nir_foreach_block(block, impl)
   {
      nir_foreach_instr(instr, block)
      {
         if (instr->type != nir_instr_type_intrinsic)
            continue;
         nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
         if (intr->intrinsic != nir_intrinsic_load_uniform)
            continue;
         uint32_t off = 0;
         if (!const_value(&intr->src[0], 0, &off))
            continue; /* dynamically indexed: from memory */
         unsigned end =
            4 * (nir_intrinsic_base(intr) + off) + intr->def.num_components;
         words = MAX2(words, end);
      }
   }

   /* a preamble and its shader push the same range (agx_push reuses it) */
   words = MAX2(words, st->ctx->gl_uniform_words);
   st->gl_uniform_base = -1;
   /* Push at most 128 words (half the uniform file); larger blocks are
    * read from memory. */
   if (words > AGX_MAX_PUSHED_GL_WORDS)
      return;
   for (unsigned w = 0; w < words; w += 32) {
      unsigned n = MIN2(32, words - w);
      unsigned half = agx_push(st->ctx, AGX_PUSH_GL_UNIFORMS, w, 2 * n);
      if (w == 0)
         st->gl_uniform_base = (int)half;
      else if (half != (unsigned)st->gl_uniform_base + 2 * w)
         agx_fail(st->ctx, AGX_COMPILE_TOO_BIG, "uniform block split");
   }
}

/* The vertex an unrolled transform feedback draw stands for (enum
 * agx_xfb_unroll in agx_compile.h): first + src(i), i = r5 - first. */
static agx_operand
emit_unrolled_vertex(struct isel *st, agx_operand r5, unsigned unroll)
{
   const agx_operand zero = agx_isa_imm(0, 8), one = agx_isa_imm(1, 8);
   const agx_operand two = agx_isa_imm(2, 8);
   unsigned u = agx_push(st->ctx, AGX_PUSH_SYSVAL,
                         AGX_SYSVAL_XFB_FIRST_VERTEX, 4);
   agx_operand first = agx_uniform(u, 32);
   agx_operand i = emit_binop(st, AGX_ISA_OP_ISUB, 32, r5, first);
   if (unroll == AGX_XFB_UNROLL_INDEXED) {
      /* word i of the vertex numbers */
      unsigned addr =
         agx_push(st->ctx, AGX_PUSH_SYSVAL, AGX_SYSVAL_XFB_INDICES_LO, 4);
      agx_operand v = agx_temp(st->ctx, 32, 1);
      agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_DEVICE_LOAD);
      I->ops[AGX_ISA_DEVICE_LOAD_F] = agx_isa_enum(2 /* i32 */, 4);
      I->ops[AGX_ISA_DEVICE_LOAD_MASK] = agx_isa_enum(1, 4);
      I->ops[AGX_ISA_DEVICE_LOAD_R] = v;
      I->ops[AGX_ISA_DEVICE_LOAD_A] = mem_base(st, addr);
      I->ops[AGX_ISA_DEVICE_LOAD_O] = i;
      I->ops[AGX_ISA_DEVICE_LOAD_OU] = agx_isa_enum(1 /* unsigned */, 1);
      I = agx_emit(&st->b, AGX_ISA_OP_WAIT);
      I->ops[0] = agx_isa_imm(0, 1);
      return v;
   }
   bool lines = unroll == AGX_XFB_UNROLL_LINE_STRIP ||
                unroll == AGX_XFB_UNROLL_LINE_LOOP;
   agx_operand p = emit_udiv_const(st, i, lines ? 2 : 3);
   agx_operand pv = agx_temp(st->ctx, 32, 1);
   agx_instr *I = agx_emit(&st->b, AGX_ISA_OP_IMADD);
   I->ops[AGX_ISA_IMADD_D] = pv;
   I->ops[AGX_ISA_IMADD_A] = p;
   I->ops[AGX_ISA_IMADD_B] = agx_isa_imm(lines ? 2 : 3, 8);
   I->ops[AGX_ISA_IMADD_C] = zero;
   agx_operand k = emit_binop(st, AGX_ISA_OP_ISUB, 32, i, pv);
   agx_operand src;
   switch (unroll) {
   case AGX_XFB_UNROLL_LINE_LOOP: {
      /* n lines; the last one's second vertex wraps to 0 */
      agx_operand n = emit_bitfield(st, AGX_ISA_OP_BFEIL, zero,
                                    agx_uniform(u + 2, 32), one);
      src = emit_binop(st, AGX_ISA_OP_IADD, 32, p, k);
      src = emit_cmpsel(st, false, AGX_ICC_UEQ, src, n, zero, src);
      break;
   }
   case AGX_XFB_UNROLL_TRIANGLE_STRIP: {
      agx_operand odd = emit_bitop(st, AGX_TT_AND, p, one);
      agx_operand swapped = emit_bitop(st, AGX_TT_XOR, k, odd);
      agx_operand kk = emit_cmpsel(st, false, AGX_ICC_UEQ, k, two, two,
                                   swapped);
      src = emit_binop(st, AGX_ISA_OP_IADD, 32, p, kk);
      break;
   }
   case AGX_XFB_UNROLL_TRIANGLE_STRIP_FIRST: {
      /* k = 1, 2 swap in odd triangles: 1 + ((k - 1) ^ odd) */
      agx_operand odd = emit_bitop(st, AGX_TT_AND, p, one);
      agx_operand km1 = emit_binop(st, AGX_ISA_OP_ISUB, 32, k, one);
      agx_operand swapped = emit_binop(
         st, AGX_ISA_OP_IADD, 32, emit_bitop(st, AGX_TT_XOR, km1, odd), one);
      agx_operand kk =
         emit_cmpsel(st, false, AGX_ICC_UEQ, k, zero, zero, swapped);
      src = emit_binop(st, AGX_ISA_OP_IADD, 32, p, kk);
      break;
   }
   case AGX_XFB_UNROLL_TRIANGLE_FAN:
      src = emit_cmpsel(st, false, AGX_ICC_UEQ, k, zero, zero,
                        emit_binop(st, AGX_ISA_OP_IADD, 32, p, k));
      break;
   case AGX_XFB_UNROLL_TRIANGLE_FAN_FIRST:
      /* p + 1 + k, the last vertex wrapping to the centre 0 */
      src = emit_cmpsel(st, false, AGX_ICC_UEQ, k, two, zero,
                        emit_binop(st, AGX_ISA_OP_IADD, 32,
                                   emit_binop(st, AGX_ISA_OP_IADD, 32, p, k),
                                   one));
      break;
   default:
      src = emit_binop(st, AGX_ISA_OP_IADD, 32, p, k);
      break;
   }
   return emit_binop(st, AGX_ISA_OP_IADD, 32, src, first);
}

bool
agx_emit_nir(agx_context *ctx, nir_shader *nir)
{
   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   struct isel st_ = {0}, *st = &st_;
   st->ctx = ctx;
   st->nir = nir;
   st->defs =
      rzalloc_array_size(ctx->mem, sizeof(agx_operand *), impl->ssa_alloc + 1);
   ctx->scratch_size_B = AGX_ALIGN(nir->scratch_size, 4);

   agx_block *start = agx_block_create(ctx);
   st->b = agx_builder_at_end(ctx, start);

   if (ctx->is_preamble) {
      /* one thread, no inputs or outputs */
   } else if (ctx->stage == MESA_SHADER_VERTEX) {
      /* Hardware preloads (Mesa src/asahi/compiler/README.md): vertex id
       * in r5, instance id in r6. */
      st->vertex_id = preload(st, 10);
      st->list_vertex_id = st->vertex_id;
      st->instance_id = preload(st, 12);
      if (ctx->key && ctx->key->vs.xfb.nr_outputs &&
          ctx->key->vs.xfb.unroll)
         st->vertex_id =
            emit_unrolled_vertex(st, st->vertex_id, ctx->key->vs.xfb.unroll);
   } else if (ctx->stage == MESA_SHADER_FRAGMENT) {
      assign_cf(st);
   } else if (ctx->stage == MESA_SHADER_COMPUTE) {
      ctx->info->local_size_B = nir->shared_size;
   } else {
      agx_fail(ctx, AGX_COMPILE_UNSUPPORTED, "%s shaders",
               gl_shader_stage_name(ctx->stage));
      return false;
   }

   assign_gl_uniforms(st);
   nir_index_blocks(impl);
   st->block_end =
      rzalloc_array_size(ctx->mem, sizeof(agx_block *), impl->num_blocks + 1);
   st->block_start =
      rzalloc_array_size(ctx->mem, sizeof(agx_block *), impl->num_blocks + 1);
   if (ctx->stage == MESA_SHADER_FRAGMENT && !ctx->is_preamble &&
       ctx->key && ctx->key->fs.poly_stipple)
      emit_poly_stipple(st);
   if (ctx->stage == MESA_SHADER_FRAGMENT && !ctx->is_preamble &&
       ctx->key && ctx->key->fs.nr_cull_distances)
      emit_cull_test(st);
   emit_cf_list(st, &impl->body);
   if (st->has_return) {
      /* the lanes that returned (count 1) come back for the outputs */
      start_block(st);
      agx_instr *P = agx_emit(&st->b, AGX_ISA_OP_POP_EXEC);
      P->ops[AGX_ISA_POP_EXEC_N] = agx_isa_imm(1, 2);
   }
   emit_phi_moves(st);
   agx_build_cfg(ctx);
   if (ctx->status)
      return false;
   set_logical_cfg(st, impl);

   if (ctx->is_preamble)
      ;
   else if (ctx->stage == MESA_SHADER_VERTEX)
      emit_vs_end(st);
   else if (ctx->stage == MESA_SHADER_FRAGMENT)
      emit_fs_end(st);

   agx_emit(&st->b, AGX_ISA_OP_STOP);
   return ctx->status == 0;
}
