/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Line stipple with an application's program (GL 2.1 section 3.4.2, the
 * compatibility profile's GL 3.x section 3.5.2): the draw arrives as
 * independent segments whose vertices carry the stipple counter s in a
 * generic attribute the program does not read (main/line_stipple.c);
 * the vertex shader gets a copy of it into a free varying, interpolated
 * without perspective (s is linear in window space), and the fragment
 * shader discards where bit floor(s / factor) mod 16 of the pattern is
 * 0, s rounded to the integer it is at pixel centres.  Factor and
 * pattern are constants of the variant (st_program_variant::stipple).
 *
 * Assumes the linker's NIR (variables and derefs, main inlined).
 */
#include "state_tracker/st_nir.h"
#include "glsl_program.h"
#include "nir_builder.h"

/* the generic attributes precede the conventional ones (shader_enums.h) */
#define GENERIC_ATTRIBS (VERT_ATTRIB_NORMAL - VERT_ATTRIB_GENERIC0)

static bool
slot_taken(const nir_shader *nir, nir_variable_mode mode, int location,
           bool by_driver_location)
{
   if (!nir)
      return false;
   nir_foreach_variable_in_shader(var, (nir_shader *)nir) {
      if (var->mode != mode)
         continue;
      int at = by_driver_location ? (int)var->data.driver_location
                                  : var->data.location;
      if (at == location)
         return true;
   }
   return false;
}

bool
st_nir_reads_vertex_id(const nir_shader *vs)
{
   nir_function_impl *impl = nir_shader_get_entrypoint((nir_shader *)vs);
   if (!impl)
      return false;
   nir_foreach_block(block, impl) {
      nir_foreach_instr(instr, block) {
         if (instr->type != nir_instr_type_intrinsic)
            continue;
         nir_intrinsic_op op = nir_instr_as_intrinsic(instr)->intrinsic;
         if (op == nir_intrinsic_load_vertex_id ||
             op == nir_intrinsic_load_vertex_id_zero_base ||
             op == nir_intrinsic_load_base_vertex)
            return true;
      }
   }
   return false;
}

int
st_nir_free_attrib(const struct glsl_program_attrib *attribs,
                   unsigned num_attribs, const nir_shader *vs)
{
   /* generic attribute 0 is gl_Vertex's; the highest free one else */
   for (int g = GENERIC_ATTRIBS - 1; g > 0; g--) {
      bool taken = slot_taken(vs, nir_var_shader_in, g, true);
      for (unsigned i = 0; i < num_attribs && !taken; i++) {
         const struct glsl_program_attrib *a = &attribs[i];
         taken = (unsigned)g >= a->driver_slot &&
                 (unsigned)g < a->driver_slot + a->num_slots;
         taken |= a->source < GENERIC_ATTRIBS && (unsigned)g >= a->source &&
                  (unsigned)g < a->source + a->num_slots;
      }
      if (!taken)
         return g;
   }
   return -1;
}

int
st_nir_free_varying(const nir_shader *vs, const nir_shader *fs)
{
   for (int v = VARYING_SLOT_VAR0 + 31; v >= VARYING_SLOT_VAR0; v--) {
      if (!slot_taken(vs, nir_var_shader_out, v, false) &&
          !slot_taken(fs, nir_var_shader_in, v, false))
         return v;
   }
   return -1;
}

static nir_variable *
float_var(nir_shader *nir, nir_variable_mode mode, int location,
          unsigned driver_location, const char *name)
{
   nir_variable *v = nir_variable_create(
      nir, mode, nir_vtype_vector(nir, nir_type_float32, 4), name);
   if (v) {
      v->data.location = location;
      v->data.driver_location = driver_location;
      /* s is linear in window space */
      v->data.noperspective =
         nir->info.stage == MESA_SHADER_FRAGMENT || mode == nir_var_shader_out;
   }
   return v;
}

bool
st_nir_line_stipple_vs(nir_shader *vs, int attrib, int varying)
{
   nir_function_impl *impl = nir_shader_get_entrypoint(vs);
   if (!impl || attrib < 0 || varying < 0)
      return false;
   nir_variable *in =
      float_var(vs, nir_var_shader_in, VERT_ATTRIB_GENERIC0 + attrib,
                (unsigned)attrib, "st_stipple_counter");
   nir_variable *out = float_var(vs, nir_var_shader_out, varying,
                                 (unsigned)varying, "st_stipple_s");
   if (!in || !out)
      return false;
   nir_builder b = nir_builder_at(nir_before_impl(impl));
   nir_store_var(&b, out, nir_load_var(&b, in), 0xf);
   return true;
}

bool
st_nir_line_stipple_fs(nir_shader *fs, int varying, unsigned factor,
                       unsigned pattern)
{
   nir_function_impl *impl = nir_shader_get_entrypoint(fs);
   if (!impl || varying < 0 || factor == 0)
      return false;
   nir_variable *in = float_var(fs, nir_var_shader_in, varying,
                                (unsigned)varying, "st_stipple_s");
   if (!in)
      return false;
   nir_builder b = nir_builder_at(nir_before_impl(impl));
   /* (s + 1/2) / factor is never an integer, so that multiplying by the
    * reciprocal cannot round floor's result (nor is there a divide) */
   nir_def *counter = nir_channel(&b, nir_load_var(&b, in), 0);
   nir_def *s = nir_ffloor(&b, nir_fadd(&b, counter, nir_imm_float(&b, 0.5f)));
   nir_def *run = nir_ffloor(
      &b, nir_fmul(&b, nir_fadd(&b, s, nir_imm_float(&b, 0.5f)),
                   nir_imm_float(&b, 1.0f / (float)factor)));
   nir_def *bit = nir_iand(&b, nir_f2u32(&b, run), nir_imm_int(&b, 15));
   nir_def *on = nir_iand(&b, nir_ushr(&b, nir_imm_int(&b, (int)pattern), bit),
                          nir_imm_int(&b, 1));
   nir_def *off = nir_ieq(&b, on, nir_imm_int(&b, 0));
   nir_build_intrinsic(&b, nir_intrinsic_discard_if, 0, 0, &off,
                       NIR_INTRINSIC_NUM_INDEX_FLAGS);
   fs->info.uses_discard = true;
   return true;
}
