/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * KHR_blend_equation_advanced in the fragment shader, on the simulator's
 * tilebuffer: every equation blends a fixed premultiplied source colour
 * over 32 different destinations of an RGBA32F target.  The expected
 * values are the extension's formulas ("Advanced Blend Equations":
 * unpremultiply, f(Cs, Cd), weights p0 = As Ad, p1 = As (1 - Ad),
 * p2 = Ad (1 - As) with X = Y = Z = 1; SetLum, SetLumSat and ClipColor
 * for the HSL equations) written out here in double precision.  The
 * shader divides with a reciprocal and takes sqrt as x * rsqrt(x), so
 * the comparison allows a small relative error.
 */

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "nir_builder.h"
#include "agx_test_util.h"

static const nir_shader_compiler_options plain = {0};

/* ---- the spec's formulas ---- */

static double
f_sep(unsigned mode, double cs, double cd)
{
   switch (mode) {
   case 1:
      return cs * cd;
   case 2:
      return cs + cd - cs * cd;
   case 3:
      return cd <= 0.5 ? 2 * cs * cd : 1 - 2 * (1 - cs) * (1 - cd);
   case 4:
      return fmin(cs, cd);
   case 5:
      return fmax(cs, cd);
   case 6:
      if (cd <= 0)
         return 0;
      return cs < 1 ? fmin(1, cd / (1 - cs)) : 1;
   case 7:
      if (cd >= 1)
         return 1;
      return cs > 0 ? 1 - fmin(1, (1 - cd) / cs) : 0;
   case 8:
      return cs <= 0.5 ? 2 * cs * cd : 1 - 2 * (1 - cs) * (1 - cd);
   case 9:
      if (cs <= 0.5)
         return cd - (1 - 2 * cs) * cd * (1 - cd);
      if (cd <= 0.25)
         return cd + (2 * cs - 1) * cd * ((16 * cd - 12) * cd + 3);
      return cd + (2 * cs - 1) * (sqrt(cd) - cd);
   case 10:
      return fabs(cd - cs);
   case 11:
      return cs + cd - 2 * cs * cd;
   default:
      return 0;
   }
}

static double
lum(const double *c)
{
   return 0.30 * c[0] + 0.59 * c[1] + 0.11 * c[2];
}

static double
mn3(const double *c)
{
   return fmin(fmin(c[0], c[1]), c[2]);
}

static double
mx3(const double *c)
{
   return fmax(fmax(c[0], c[1]), c[2]);
}

static void
clip_color(double *c)
{
   double l = lum(c), n = mn3(c), x = mx3(c);
   if (n < 0) {
      for (unsigned i = 0; i < 3; ++i)
         c[i] = l + (c[i] - l) * l / (l - n);
   }
   if (x > 1) {
      for (unsigned i = 0; i < 3; ++i)
         c[i] = l + (c[i] - l) * (1 - l) / (x - l);
   }
}

static void
set_lum(const double *base, const double *l, double *out)
{
   double diff = lum(l) - lum(base);
   for (unsigned i = 0; i < 3; ++i)
      out[i] = base[i] + diff;
   clip_color(out);
}

static void
set_lum_sat(const double *base, const double *sat, const double *l,
            double *out)
{
   double n = mn3(base), x = mx3(base), s = mx3(sat) - mn3(sat);
   double c[3];
   for (unsigned i = 0; i < 3; ++i)
      c[i] = x > n ? (base[i] - n) * s / (x - n) : 0;
   set_lum(c, l, out);
}

static void
reference(unsigned mode, const float *s, const float *d, double *out)
{
   double cs[3], cd[3], f[3];
   for (unsigned i = 0; i < 3; ++i) {
      cs[i] = s[3] == 0 ? 0 : (double)s[i] / s[3];
      cd[i] = d[3] == 0 ? 0 : (double)d[i] / d[3];
   }
   double p0 = (double)s[3] * d[3], p1 = s[3] * (1.0 - d[3]),
          p2 = d[3] * (1.0 - s[3]);
   if (mode == 12)
      set_lum_sat(cs, cd, cd, f);
   else if (mode == 13)
      set_lum_sat(cd, cs, cd, f);
   else if (mode == 14)
      set_lum(cs, cd, f);
   else if (mode == 15)
      set_lum(cd, cs, f);
   else
      for (unsigned i = 0; i < 3; ++i)
         f[i] = f_sep(mode, cs[i], cd[i]);
   for (unsigned i = 0; i < 3; ++i)
      out[i] = f[i] * p0 + cs[i] * p1 + cd[i] * p2;
   out[3] = p0 + p1 + p2;
}

/* ---- the run ---- */

#define NPIX 32

/* Destination pixel p: unpremultiplied channels spread over [0, 1] (both
 * sides of 0.25, 0.5 and 1 for the branches), alpha 0, 1/4 ... 1. */
static void
destination(unsigned p, float *d)
{
   float a = (float)(p % 5) / 4.0f;
   for (unsigned i = 0; i < 3; ++i) {
      float c = (float)((p * 7 + i * 11) % 17) / 16.0f;
      d[i] = c * a;
   }
   d[3] = a;
}

static void
run_mode(unsigned mode, const float *s)
{
   void *mem = ralloc_context(NULL);
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT, &plain,
                                                  "advanced", mem);
   nir_variable *in =
      nir_variable_create(b.shader, nir_var_shader_in,
                          nir_vtype_vector(b.shader, nir_type_float32, 4), "c");
   in->data.location = VARYING_SLOT_VAR0;
   in->data.driver_location = VARYING_SLOT_VAR0;
   nir_variable *out = nir_variable_create(
      b.shader, nir_var_shader_out,
      nir_vtype_vector(b.shader, nir_type_float32, 4), "o");
   out->data.location = FRAG_RESULT_DATA0;
   out->data.driver_location = FRAG_RESULT_DATA0;
   nir_store_var(&b, out, nir_load_var(&b, in), 0xf);
   assert_true(agx_preprocess_nir(b.shader));

   struct agx_shader_key key = {0};
   key.fs.rt[0] = (struct agx_rt_key){
      .format = PIPE_FORMAT_R32G32B32A32_FLOAT,
      .offset_B = 0,
      .blend = {.enable = true, .advanced = (uint8_t)mode}};

   struct agx_shader_binary bin;
   char error[256];
   if (agx_compile_shader_nir(b.shader, &key, mem, &bin, error, sizeof(error)))
      fail_msg("mode %u: %s", mode, error);

   const struct agx_varyings_fs *fs = &bin.info.fs;
   float planes[8][3] = {{0, 0, 1}};
   assert_int_equal(fs->nr_bindings, 2);
   for (unsigned i = 0; i < 4; ++i)
      planes[fs->bindings[1].cf_base + i][2] = s[i];

   struct agx_test_draw draw = {0};
   float tib[NPIX * 4], init[NPIX * 4];
   for (unsigned p = 0; p < NPIX; ++p)
      destination(p, init + 4 * p);
   memcpy(tib, init, sizeof(tib));
   if (agx_test_run_fs(&bin, &draw, (const float(*)[3])planes, fs->nr_cf,
                       (uint8_t *)tib, 16, NULL, error,
                       sizeof(error)) != ASAHI_SIM_STOPPED)
      fail_msg("mode %u: %s", mode, error);

   for (unsigned p = 0; p < NPIX; ++p) {
      double want[4];
      reference(mode, s, init + 4 * p, want);
      for (unsigned i = 0; i < 4; ++i) {
         double got = tib[4 * p + i];
         if (!(fabs(got - want[i]) <= 1e-4 * fmax(1.0, fabs(want[i]))))
            fail_msg("mode %u pixel %u channel %u: %.7g, expected %.7g",
                     mode, p, i, got, want[i]);
      }
   }
   ralloc_free(mem);
}

static void
test_equations(void **state)
{
   (void)state;
   /* Premultiplied sources: channels below and above 0.5, alpha 3/4;
    * then an opaque one with a channel of 1 and one of 0 (the COLORDODGE
    * and COLORBURN edges); then a transparent one (Cs = 0); then one
    * outside [0, 1], which a float target keeps (ClipColor then clips
    * below 0 and above 1 in one colour). */
   static const float sources[4][4] = {
      {0.15f, 0.375f, 0.675f, 0.75f},
      {1.0f, 0.0f, 0.625f, 1.0f},
      {0.0f, 0.0f, 0.0f, 0.0f},
      {2.0f, -0.5f, 0.5f, 1.0f},
   };
   for (unsigned mode = 1; mode <= 15; ++mode) {
      for (unsigned i = 0; i < 4; ++i)
         run_mode(mode, sources[i]);
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_equations),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
