/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The fixed-function fragment shader of a key: texturing with each
 * enabled unit's environment in unit order (GL 2.1 sections 3.8.15 and
 * 3.13, tables 3.22 for REPLACE, MODULATE, DECAL, BLEND, ADD and
 * 3.23-3.25 for COMBINE), the colour sum (3.9), fog (3.10) and the alpha
 * test (4.1.4), which the Gallium interface here has no state for.
 * Every texture environment result is clamped to [0, 1] (section 3.13).
 */
#include "main/mtypes.h"
#include "state_tracker/st_ff.h"
#include "util/ralloc.h"

static const char *const sampler_types[] = {
   [ST_FF_TEX_1D] = "sampler1D",     [ST_FF_TEX_2D] = "sampler2D",
   [ST_FF_TEX_3D] = "sampler3D",     [ST_FF_TEX_CUBE] = "samplerCube",
   [ST_FF_TEX_RECT] = "sampler2DRect",
};

/* ARB_shadow's comparisons, which GLSL 1.10 writes with the shadow
 * samplers: the reference is r / q and the vec4 result is expanded by
 * DEPTH_TEXTURE_MODE like a depth value (the sampler view's swizzle,
 * st_texture.c). */
static const char *const shadow_sampler_types[] = {
   [ST_FF_TEX_1D] = "sampler1DShadow",
   [ST_FF_TEX_2D] = "sampler2DShadow",
};

/* The lookup of unit u: projective, as the fixed-function pipeline
 * divides s, t, r by q (section 3.8.15); cube maps take s, t, r. */
static bool
lookup(char **s, const struct st_ff_key_unit *k, unsigned u)
{
   static const char *const fn[] = {
      [ST_FF_TEX_1D] = "texture1DProj",
      [ST_FF_TEX_2D] = "texture2DProj",
      [ST_FF_TEX_3D] = "texture3DProj",
      [ST_FF_TEX_RECT] = "texture2DRectProj",
   };
   static const char *const shadow_fn[] = {
      [ST_FF_TEX_1D] = "shadow1DProj",
      [ST_FF_TEX_2D] = "shadow2DProj",
   };
   if (k->target == ST_FF_TEX_CUBE)
      return ralloc_asprintf_append(
         s, "   vec4 t%u = textureCube(ff_s%u, gl_TexCoord[%u].xyz);\n", u, u,
         u);
   return ralloc_asprintf_append(s,
                                 "   vec4 t%u = %s(ff_s%u, gl_TexCoord[%u]);\n",
                                 u,
                                 k->shadow ? shadow_fn[k->target]
                                           : fn[k->target],
                                 u, u);
}

static bool
has_color(const struct st_ff_key_unit *k)
{
   return k->base != ST_FF_BASE_ALPHA;
}

static bool
has_alpha(const struct st_ff_key_unit *k)
{
   return k->base == ST_FF_BASE_RGBA || k->base == ST_FF_BASE_ALPHA ||
          k->base == ST_FF_BASE_LUMINANCE_ALPHA ||
          k->base == ST_FF_BASE_INTENSITY;
}

/* Table 3.22: the colour and alpha of one of the five classic modes,
 * with Cf/Af the previous result, Ct/At the texture, Cc/Ac the
 * environment colour. */
static bool
classic_env(char **s, void *tmp, const struct st_ff_key_unit *k, unsigned u)
{
   const char *rgb = "prev.rgb", *a = "prev.a";
   bool i = k->base == ST_FF_BASE_INTENSITY;

   switch (k->env_mode) {
   case GL_REPLACE:
      if (has_color(k))
         rgb = ralloc_asprintf(tmp, "t%u.rgb", u);
      if (has_alpha(k))
         a = ralloc_asprintf(tmp, "t%u.a", u);
      break;
   case GL_MODULATE:
      if (has_color(k))
         rgb = ralloc_asprintf(tmp, "prev.rgb * t%u.rgb", u);
      if (has_alpha(k))
         a = ralloc_asprintf(tmp, "prev.a * t%u.a", u);
      break;
   case GL_DECAL:
      /* Defined for RGB and RGBA (RGB: A_t is 1). */
      rgb = ralloc_asprintf(tmp, "mix(prev.rgb, t%u.rgb, t%u.a)", u,
                                      u);
      break;
   case GL_BLEND:
      if (has_color(k))
         rgb = ralloc_asprintf(
            tmp, "mix(prev.rgb, ff_env%u.rgb, t%u.rgb)", u, u);
      if (i)
         a = ralloc_asprintf(tmp, "mix(prev.a, ff_env%u.a, t%u.a)", u,
                                     u);
      else if (has_alpha(k))
         a = ralloc_asprintf(tmp, "prev.a * t%u.a", u);
      break;
   case GL_ADD:
      if (has_color(k))
         rgb = ralloc_asprintf(tmp, "prev.rgb + t%u.rgb", u);
      if (i)
         a = ralloc_asprintf(tmp, "prev.a + t%u.a", u);
      else if (has_alpha(k))
         a = ralloc_asprintf(tmp, "prev.a * t%u.a", u);
      break;
   default:
      break;
   }
   return ralloc_asprintf_append(
      s, "   prev = clamp(vec4(%s, %s), 0.0, 1.0);\n", rgb, a);
}

/* The vec4 a COMBINE source names (table 3.24). */
static char *
source(void *mem, const struct st_ff_key *key, GLenum src, unsigned u)
{
   if (src >= GL_TEXTURE0 && src < GL_TEXTURE0 + FF_MAX_TEXTURE_UNITS) {
      unsigned n = src - GL_TEXTURE0;
      /* A unit without texturing: the result is undefined; white. */
      return key->unit[n].target ? ralloc_asprintf(mem, "t%u", n)
                                 : ralloc_strdup(mem, "vec4(1.0)");
   }
   switch (src) {
   case GL_TEXTURE: return ralloc_asprintf(mem, "t%u", u);
   case GL_CONSTANT: return ralloc_asprintf(mem, "ff_env%u", u);
   case GL_PRIMARY_COLOR: return ralloc_strdup(mem, "ff_primary");
   default: return ralloc_strdup(mem, "prev");
   }
}

static char *
operand(void *mem, const char *v, GLenum op, bool rgb)
{
   switch (op) {
   case GL_SRC_COLOR: return ralloc_asprintf(mem, "%s.rgb", v);
   case GL_ONE_MINUS_SRC_COLOR:
      return ralloc_asprintf(mem, "(1.0 - %s.rgb)", v);
   case GL_SRC_ALPHA:
      return ralloc_asprintf(mem, rgb ? "vec3(%s.a)" : "%s.a", v);
   default:
      return ralloc_asprintf(mem, rgb ? "vec3(1.0 - %s.a)" : "(1.0 - %s.a)",
                             v);
   }
}

/* Table 3.23: one combiner function over its three arguments. */
static char *
combine(void *mem, GLenum f, char *const a[3])
{
   switch (f) {
   case GL_REPLACE: return ralloc_strdup(mem, a[0]);
   case GL_MODULATE: return ralloc_asprintf(mem, "%s * %s", a[0], a[1]);
   case GL_ADD: return ralloc_asprintf(mem, "%s + %s", a[0], a[1]);
   case GL_ADD_SIGNED:
      return ralloc_asprintf(mem, "%s + %s - 0.5", a[0], a[1]);
   case GL_INTERPOLATE:
      return ralloc_asprintf(mem, "mix(%s, %s, %s)", a[1], a[0], a[2]);
   case GL_SUBTRACT: return ralloc_asprintf(mem, "%s - %s", a[0], a[1]);
   default: /* DOT3_RGB, DOT3_RGBA */
      return ralloc_asprintf(mem, "vec3(4.0 * dot(%s - 0.5, %s - 0.5))", a[0],
                             a[1]);
   }
}

static bool
combine_env(char **s, void *tmp, const struct st_ff_key *key, unsigned u)
{
   const struct st_ff_key_unit *k = &key->unit[u];
   char *rgb_args[3], *a_args[3];

   for (unsigned i = 0; i < 3; i++) {
      rgb_args[i] = operand(tmp, source(tmp, key, k->src_rgb[i], u),
                            k->op_rgb[i], true);
      a_args[i] = operand(tmp, source(tmp, key, k->src_a[i], u), k->op_a[i],
                          false);
   }
   char *rgb = combine(tmp, k->combine_rgb, rgb_args);
   char *a = combine(tmp, k->combine_a, a_args);
   /* DOT3_RGBA writes its dot product to alpha too (table 3.23). */
   if (k->combine_rgb == GL_DOT3_RGBA)
      return ralloc_asprintf_append(
         s, "   prev = clamp(vec4(%s, 0.0).rrrr * %u.0, 0.0, 1.0);\n", rgb,
         k->scale_rgb);
   return ralloc_asprintf_append(
      s, "   prev = clamp(vec4((%s) * %u.0, (%s) * %u.0), 0.0, 1.0);\n", rgb,
      k->scale_rgb, a, k->scale_a);
}

static const char *
alpha_op(GLenum func)
{
   switch (func) {
   case GL_LESS: return "<";
   case GL_EQUAL: return "==";
   case GL_LEQUAL: return "<=";
   case GL_GREATER: return ">";
   case GL_NOTEQUAL: return "!=";
   case GL_GEQUAL: return ">=";
   default: return NULL; /* NEVER */
   }
}

char *
st_ff_fs_source(void *mem, const struct st_ff_key *key)
{
   char *s = ralloc_strdup(mem, "#version 110\n");
   bool ok = s != NULL;

   for (unsigned u = 0; ok && u < FF_MAX_TEXTURE_UNITS; u++) {
      const struct st_ff_key_unit *k = &key->unit[u];
      if (k->target == ST_FF_TEX_RECT)
         ok = ralloc_strcat(&s, "#extension GL_ARB_texture_rectangle : "
                                "enable\n");
   }
   for (unsigned u = 0; ok && u < FF_MAX_TEXTURE_UNITS; u++) {
      const struct st_ff_key_unit *k = &key->unit[u];
      if (k->target)
         ok = ralloc_asprintf_append(&s,
                                     "uniform %s ff_s%u;\n"
                                     "uniform vec4 ff_env%u;\n",
                                     k->shadow
                                        ? shadow_sampler_types[k->target]
                                        : sampler_types[k->target],
                                     u, u);
   }
   /* GL 2.1 section 3.4.2: bit floor(s / factor) mod 16 of the pattern
    * (s rounded: it is an integer at pixel centres, line_stipple.c). */
   if (ok && key->line_stipple)
      ok = ralloc_strcat(&s, "varying vec2 ff_stipple_s;\n"
                             "uniform vec2 ff_line_stipple;\n"
                             "void ff_line_stipple_test()\n"
                             "{\n"
                             "   float s = floor(ff_stipple_s.x / "
                             "ff_stipple_s.y + 0.5);\n"
                             "   float bit = mod(floor(s / "
                             "ff_line_stipple.x), 16.0);\n"
                             "   if (mod(floor(ff_line_stipple.y / "
                             "exp2(bit)), 2.0) < 0.5)\n"
                             "      discard;\n"
                             "}\n");
   if (ok && key->pixel)
      ok = st_ff_pixel_fs_decls(&s, key);
   if (ok)
      ok = ralloc_strcat(&s, "uniform vec4 ff_fog_color;\n"
                             "uniform vec4 ff_fog_params;\n"
                             "uniform float ff_alpha_ref;\n"
                             "void main()\n"
                             "{\n");
   /* The primary colour (a pixel rectangle's own, GL 2.1 section 3.6.4),
    * the first input of texturing. */
   if (ok)
      ok = ralloc_asprintf_append(
         &s, "   vec4 ff_primary = %s;\n   vec4 prev = ff_primary;\n",
         key->pixel ? "ff_pixel_primary()" : "gl_Color");
   if (ok && key->line_stipple)
      ok = ralloc_strcat(&s, "   ff_line_stipple_test();\n");
   for (unsigned u = 0; ok && u < FF_MAX_TEXTURE_UNITS; u++) {
      if (key->unit[u].target)
         ok = lookup(&s, &key->unit[u], u);
   }
   for (unsigned u = 0; ok && u < FF_MAX_TEXTURE_UNITS; u++) {
      const struct st_ff_key_unit *k = &key->unit[u];
      if (!k->target)
         continue;
      ok = k->env_mode == GL_COMBINE ? combine_env(&s, mem, key, u)
                                     : classic_env(&s, mem, k, u);
   }
   if (ok && key->color_sum)
      ok = ralloc_strcat(&s, "   prev.rgb = clamp(prev.rgb + "
                             "gl_SecondaryColor.rgb, 0.0, 1.0);\n");
   if (ok && key->fog_mode) {
      /* ff_fog_params: density, start, end, 1 / (end - start). */
      const char *f =
         key->fog_mode == GL_LINEAR
            ? "(ff_fog_params.z - gl_FogFragCoord) * ff_fog_params.w"
         : key->fog_mode == GL_EXP
            ? "exp(-ff_fog_params.x * gl_FogFragCoord)"
            : "exp(-(ff_fog_params.x * gl_FogFragCoord) * "
              "(ff_fog_params.x * gl_FogFragCoord))";
      ok = ralloc_asprintf_append(&s,
                                  "   float fog = clamp(%s, 0.0, 1.0);\n"
                                  "   prev.rgb = mix(ff_fog_color.rgb, "
                                  "prev.rgb, fog);\n",
                                  f);
   }
   if (ok && key->alpha_func) {
      const char *op = alpha_op(key->alpha_func);
      ok = op ? ralloc_asprintf_append(
                   &s, "   if (!(prev.a %s ff_alpha_ref))\n      discard;\n",
                   op)
              : ralloc_strcat(&s, "   discard;\n");
   }
   if (ok)
      ok = ralloc_strcat(&s, "   gl_FragColor = prev;\n}\n");
   return ok ? s : NULL;
}
