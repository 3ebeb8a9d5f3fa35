/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Drawing without a program in compatibility contexts (GL 2.1 sections
 * 2.15 and 3.11: the fixed-function vertex and fragment processing apply
 * when no program is current).  The state that changes the code becomes
 * a key (st_ff.h); each key's shaders are compiled and linked once, like
 * an application's program, and kept on a per-context list.  The draw
 * paths ask st_current_exec (st_program.h) for the executable to draw
 * with, which is this one when no program is current.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "main/context.h"
#include "main/desktop30.h"
#include "main/formats_es3.h"
#include "main/shaderobj.h"
#include "main/texobj.h"
#include "main/uniformblocks.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_ff.h"
#include "state_tracker/st_program.h"
#include "glsl_program.h"
#include "glsl_state.h"
#include "util/format/u_format.h"
#include "util/ralloc.h"
#include "util/u_math.h"

struct st_ff_program {
   struct st_ff_key key;
   struct gl_program_exec *exec;
   struct st_ff_program *next;
};

/* GL 2.1 section 3.8.15: the enabled target of the highest priority
 * (ARB_texture_rectangle puts rectangles between 3D and 2D). */
static enum st_ff_target
unit_target(uint8_t enabled, enum gl_texture_index *index)
{
   static const struct {
      uint8_t bit;
      enum st_ff_target target;
      enum gl_texture_index index;
   } order[] = {
      {FF_TEX_CUBE, ST_FF_TEX_CUBE, TEXTURE_CUBE_INDEX},
      {FF_TEX_3D, ST_FF_TEX_3D, TEXTURE_3D_INDEX},
      {FF_TEX_RECT, ST_FF_TEX_RECT, TEXTURE_RECT_INDEX},
      {FF_TEX_2D, ST_FF_TEX_2D, TEXTURE_2D_INDEX},
      {FF_TEX_1D, ST_FF_TEX_1D, TEXTURE_1D_INDEX},
   };
   for (unsigned i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
      if (enabled & order[i].bit) {
         *index = order[i].index;
         return order[i].target;
      }
   }
   return ST_FF_TEX_NONE;
}

/* GL 2.1 table 3.16 groups the internal formats by base format. */
static enum st_ff_base
base_format(const struct gl_texture_object *t)
{
   int level = t->BaseLevel >= 0 && t->BaseLevel < MAX_TEXTURE_LEVELS
                  ? t->BaseLevel
                  : 0;
   const struct gl_texture_image *img = &t->Image[0][level];

   /* Depth textures, compared or not, take the base format
    * DEPTH_TEXTURE_MODE names (GL 2.1 sections 3.8.14 and 3.8.15;
    * GL 3.0 compatibility adds RED, a colour of (D, 0, 0, 1)). */
   if (util_format_is_depth_or_stencil(img->PipeFormat)) {
      switch (t->DepthMode) {
      case GL_ALPHA: return ST_FF_BASE_ALPHA;
      case GL_INTENSITY: return ST_FF_BASE_INTENSITY;
      case GL_RED: return ST_FF_BASE_RGB;
      default: return ST_FF_BASE_LUMINANCE;
      }
   }
   /* By the format table's base, so that every type counts: the signed
    * (EXT_texture_snorm), float (ARB_texture_float) and integer alpha,
    * luminance and intensity formats too (since wave 17; before, only the
    * unsigned normalized ones were listed and ALPHA_SNORM replaced the
    * colour as an RGBA texture). */
   const struct gl_format_info *f = _mesa_format_info(img->InternalFormat);
   switch (f ? f->base : GL_NONE) {
   case GL_ALPHA:
      return ST_FF_BASE_ALPHA;
   case GL_LUMINANCE:
      return ST_FF_BASE_LUMINANCE;
   case GL_LUMINANCE_ALPHA:
      return ST_FF_BASE_LUMINANCE_ALPHA;
   case GL_INTENSITY:
      return ST_FF_BASE_INTENSITY;
   default:
      break;
   }
   const struct util_format_description *d =
      util_format_description(img->PipeFormat);
   if (d && d->swizzle[3] == PIPE_SWIZZLE_1)
      return ST_FF_BASE_RGB;
   return ST_FF_BASE_RGBA;
}

/* ARB_shadow section 3.8.13: a depth texture with COMPARE_R_TO_TEXTURE
 * answers the comparison of r with its depth (1D and 2D only here:
 * GLSL 1.10 has no cube or rectangle projective shadow lookup).  The
 * unit's sampler object, if any, holds the compare mode. */
static uint8_t
is_shadow(const struct gl_texture_unit *unit,
          const struct gl_texture_object *t, enum st_ff_target target)
{
   GLenum mode = unit->Sampler ? unit->Sampler->CompareMode : t->CompareMode;
   int level = t->BaseLevel >= 0 && t->BaseLevel < MAX_TEXTURE_LEVELS
                  ? t->BaseLevel
                  : 0;
   return mode == GL_COMPARE_REF_TO_TEXTURE &&
          (target == ST_FF_TEX_1D || target == ST_FF_TEX_2D) &&
          util_format_is_depth_or_stencil(t->Image[0][level].PipeFormat) &&
          !t->StencilSampling;
}

static uint8_t
scale_of(GLfloat s)
{
   return s >= 4.0f ? 4 : s >= 2.0f ? 2 : 1;
}

static void
make_key(struct gl_context *ctx, struct st_ff_key *key)
{
   const struct gl_ff_state *ff = &ctx->FF;

   memset(key, 0, sizeof(*key));
   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++) {
      const struct gl_ff_texture_unit *t = &ff->Tex[u];
      struct st_ff_key_unit *k = &key->unit[u];
      enum gl_texture_index index = TEXTURE_2D_INDEX;

      if (!t->Enabled)
         continue;
      enum st_ff_target target = unit_target(t->Enabled, &index);
      const struct gl_texture_object *obj = ctx->TexUnit[u].Current[index];
      /* GL 2.1 section 3.8.10: an incomplete texture disables the unit. */
      if (!obj || !_mesa_texture_complete(ctx, obj))
         continue;
      k->target = (uint8_t)target;
      k->base = (uint8_t)base_format(obj);
      k->shadow = is_shadow(&ctx->TexUnit[u], obj, target);
      k->env_mode = (uint16_t)t->EnvMode;
      k->gen_mask = t->GenEnabled;
      for (unsigned c = 0; c < 4; c++) {
         if (t->GenEnabled & (1u << c))
            k->gen_mode[c] = (uint16_t)t->GenMode[c];
      }
      if (t->EnvMode != GL_COMBINE)
         continue;
      k->combine_rgb = (uint16_t)t->CombineRGB;
      k->combine_a = (uint16_t)t->CombineA;
      for (unsigned i = 0; i < 3; i++) {
         k->src_rgb[i] = (uint16_t)t->SrcRGB[i];
         k->src_a[i] = (uint16_t)t->SrcA[i];
         k->op_rgb[i] = (uint16_t)t->OpRGB[i];
         k->op_a[i] = (uint16_t)t->OpA[i];
      }
      k->scale_rgb = scale_of(t->ScaleRGB);
      k->scale_a = scale_of(t->ScaleA);
   }
   if (ff->Fog.Enabled) {
      key->fog_mode = (uint16_t)ff->Fog.Mode;
      key->fog_coord = ff->Fog.CoordSrc == GL_FOG_COORD;
   }
   key->lighting = ff->Lighting;
   if (ff->Lighting) {
      for (unsigned i = 0; i < FF_MAX_LIGHTS; i++)
         key->light_mask |= (uint8_t)(ff->Light[i].Enabled << i);
      key->local_viewer = ff->LightModel.LocalViewer;
      key->two_side = ff->LightModel.TwoSide;
      key->separate_specular =
         ff->LightModel.ColorControl == GL_SEPARATE_SPECULAR_COLOR;
      key->normalize = ff->Normalize;
      key->rescale_normal = ff->RescaleNormal;
      if (ff->ColorMaterial.Enabled) {
         key->color_material_face = (uint16_t)ff->ColorMaterial.Face;
         key->color_material_mode = (uint16_t)ff->ColorMaterial.Mode;
      }
      key->mat_attribs = ff->Imm.MatDraw;
   }
   /* GL 2.1 section 3.9: lighting always sums the colours. */
   key->color_sum = ff->ColorSum || ff->Lighting;
   if (ff->Alpha.Enabled && ff->Alpha.Func != GL_ALWAYS)
      key->alpha_func = (uint16_t)ff->Alpha.Func;
   key->line_stipple = ctx->Line.StippleDraw;
   key->depth_offset = ctx->Polygon.OffsetDraw;
}

const struct glsl_program_uniform *
st_ff_find_uniform(const struct glsl_program *p, const char *name)
{
   for (unsigned i = 0; i < p->num_uniforms; i++) {
      if (!strcmp(p->uniforms[i].name, name))
         return &p->uniforms[i];
   }
   return NULL;
}

static struct glsl_parse_state *
compile(void *mem, gl_shader_stage stage, const char *src)
{
   struct glsl_compile_options *opts = rzalloc_size(mem, sizeof(*opts));

   if (!opts || !src)
      return NULL;
   opts->stage = stage;
   opts->default_version = 110;
   struct glsl_parse_state *state =
      glsl_compile_shader(mem, src, strlen(src), opts);
   return state && state->log.errors == 0 ? state : NULL;
}

/* Links GLSL 1.10 sources written in mem (a ralloc context, which the
 * executable takes over; freed on failure). */
static struct gl_program_exec *
link_in(void *mem, const char *vs, const char *fs, uint16_t mat_attribs,
        bool line_stipple, bool depth_offset)
{
   struct glsl_link_options opts = {0};
   struct glsl_location_binding mats[2 * FF_MAT_PROPS + 2];
   char names[2 * FF_MAT_PROPS][16];

   /* The per-vertex material attributes ff_mat<bit> (st_ff_vs.c). */
   u_foreach_bit(b, mat_attribs) {
      snprintf(names[b], sizeof(names[b]), "ff_mat%u", b);
      mats[opts.num_attrib_bindings++] = (struct glsl_location_binding){
         .name = names[b], .location = FF_MAT_ATTRIB0 + b};
   }
   if (line_stipple)
      mats[opts.num_attrib_bindings++] = (struct glsl_location_binding){
         .name = "ff_stipple", .location = FF_STIPPLE_ATTRIB};
   if (depth_offset)
      mats[opts.num_attrib_bindings++] = (struct glsl_location_binding){
         .name = "ff_zoffset", .location = FF_ZOFFSET_ATTRIB};
   opts.attrib_bindings = mats;

   struct glsl_parse_state *states[2] = {
      compile(mem, MESA_SHADER_VERTEX, vs),
      compile(mem, MESA_SHADER_FRAGMENT, fs),
   };
   if (!states[0] || !states[1])
      goto fail;
   struct glsl_program *linked = glsl_link_program(mem, states, 2, &opts);
   if (!linked || !linked->link_status)
      goto fail;

   struct gl_program_exec *exec = _mesa_new_program_exec(mem);
   if (!exec)
      goto fail;
   exec->linked = linked;
   exec->uniforms_size_B = linked->uniform_storage_size_B;
   /* One more vec4 slot for the state tracker's own values, as for the
    * application's programs (st_extra_uniform_slot). */
   exec->uniforms =
      rzalloc_size(mem, ((exec->uniforms_size_B + 15) & ~15u) + 16);
   if (!exec->uniforms || !_mesa_init_uniform_block_bindings(exec))
      goto fail;
   if (linked->uniform_defaults)
      memcpy(exec->uniforms, linked->uniform_defaults,
             exec->uniforms_size_B);
   /* Sampler ff_sN reads texture unit N. */
   for (uint32_t u = 0; u < FF_MAX_TEXTURE_UNITS; u++) {
      char name[16];
      snprintf(name, sizeof(name), "ff_s%u", u);
      const struct glsl_program_uniform *un = st_ff_find_uniform(linked, name);
      if (un)
         memcpy((uint8_t *)exec->uniforms + un->offset_B, &u, 4);
   }
   return exec;
fail:
   ralloc_free(mem);
   return NULL;
}

static struct gl_program_exec *
link_key(const struct st_ff_key *key)
{
   void *mem = ralloc_context(NULL);

   if (!mem)
      return NULL;
   return link_in(mem, st_ff_vs_source(mem, key), st_ff_fs_source(mem, key),
                  key->mat_attribs, key->line_stipple, key->depth_offset);
}

struct gl_program_exec *
st_ff_link_sources(const char *vs, const char *fs)
{
   void *mem = ralloc_context(NULL);

   if (!mem)
      return NULL;
   return link_in(mem, vs, fs, 0, false, false);
}

void
st_ff_free_exec(struct st_context *st, struct gl_program_exec *exec)
{
   if (!exec)
      return;
   st_release_program_exec(exec);
   ralloc_free(exec->mem);
}

/* The context's program of key, linked on first use. */
static struct st_ff_program *
program_of_key(struct st_context *st, const struct st_ff_key *key)
{
   struct st_ff_program *p = st->ff_programs;
   while (p && memcmp(&p->key, key, sizeof(*key)))
      p = p->next;
   if (!p) {
      p = calloc(1, sizeof(*p));
      if (!p)
         return NULL;
      p->key = *key;
      p->exec = link_key(key);
      if (!p->exec) {
         free(p);
         return NULL;
      }
      p->next = st->ff_programs;
      st->ff_programs = p;
   }
   return p;
}

struct gl_program_exec *
st_ff_update(struct st_context *st)
{
   struct gl_context *ctx = &st->ctx;
   struct st_ff_key key;

   if (_mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx))
      return NULL;
   make_key(ctx, &key);
   struct st_ff_program *p = program_of_key(st, &key);
   if (!p)
      return NULL;
   if (st->ff_exec != p->exec) {
      st->ff_exec = p->exec;
      ctx->NewState |= ST_NEW_PROGRAM | ST_NEW_CONSTANTS |
                       ST_NEW_SAMPLER_VIEWS | ST_NEW_VERTEX_ARRAYS;
   }
   return p->exec;
}

static bool
store_vec4(struct gl_program_exec *exec, const char *name, const GLfloat *v,
           unsigned n)
{
   const struct glsl_program_uniform *u = st_ff_find_uniform(exec->linked, name);
   if (!u)
      return false;
   uint8_t *dst = (uint8_t *)exec->uniforms + u->offset_B;
   if (!memcmp(dst, v, n * sizeof(GLfloat)))
      return false;
   memcpy(dst, v, n * sizeof(GLfloat));
   return true;
}

bool
st_ff_update_uniforms(struct st_context *st, struct gl_program_exec *exec)
{
   const struct gl_ff_state *ff = &st->ctx.FF;
   bool diff = false;
   /* The constant colours and the alpha reference, clamped while
    * fragment colour clamping is on (ARB_color_buffer_float). */
   GLfloat c[4];

   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++) {
      char name[16];
      snprintf(name, sizeof(name), "ff_env%u", u);
      _mesa_fragment_clamp_values(&st->ctx, ff->Tex[u].EnvColor, c, 4);
      diff |= store_vec4(exec, name, c, 4);
   }
   GLfloat span = ff->Fog.End - ff->Fog.Start;
   GLfloat fog[4] = {ff->Fog.Density, ff->Fog.Start, ff->Fog.End,
                     span != 0.0f ? 1.0f / span : 0.0f};
   _mesa_fragment_clamp_values(&st->ctx, ff->Fog.Color, c, 4);
   diff |= store_vec4(exec, "ff_fog_color", c, 4);
   diff |= store_vec4(exec, "ff_fog_params", fog, 4);
   _mesa_fragment_clamp_values(&st->ctx, &ff->Alpha.Ref, c, 1);
   diff |= store_vec4(exec, "ff_alpha_ref", c, 1);
   diff |= store_vec4(exec, "ff_point_size", &ff->PointSize, 1);
   const GLfloat stipple[2] = {(GLfloat)st->ctx.Line.StippleFactor,
                               (GLfloat)st->ctx.Line.StipplePattern};
   diff |= store_vec4(exec, "ff_line_stipple", stipple, 2);
   return diff;
}

struct gl_program_exec *
st_ff_pixel_exec(struct st_context *st, unsigned kind)
{
   struct gl_context *ctx = &st->ctx;
   struct st_ff_key full, key;

   if (_mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx) ||
       _mesa_program_in_use(ctx))
      return NULL;
   make_key(ctx, &full);
   /* The fragment half of the key: the vertex processing happened at
    * glRasterPos (GL 2.1 section 2.13). */
   memset(&key, 0, sizeof(key));
   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++) {
      key.unit[u] = full.unit[u];
      key.unit[u].gen_mask = 0;
      memset(key.unit[u].gen_mode, 0, sizeof(key.unit[u].gen_mode));
   }
   key.fog_mode = full.fog_mode;
   key.color_sum = full.color_sum;
   key.alpha_func = full.alpha_func;
   bool textured = false;
   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++)
      textured |= key.unit[u].target != ST_FF_TEX_NONE;
   if (!textured && !key.fog_mode && !key.color_sum && !key.alpha_func)
      return NULL;
   key.pixel = (uint8_t)(kind + 1);
   struct st_ff_program *p = program_of_key(st, &key);
   if (!p)
      return NULL;

   struct gl_program_exec *exec = p->exec;
   const struct gl_ff_raster *r = &ctx->FF.Raster;
   st_ff_update_uniforms(st, exec);
   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++) {
      char name[24];
      snprintf(name, sizeof(name), "ff_raster_tc%u", u);
      store_vec4(exec, name, r->TexCoord[u], 4);
   }
   store_vec4(exec, "ff_raster_color2", r->SecondaryColor, 4);
   store_vec4(exec, "ff_raster_distance", &r->Distance, 1);
   exec->uniforms_stamp++;
   return exec;
}

struct gl_program_exec *
st_ff_exec_of(struct st_context *st)
{
   return st->ff_exec;
}

void
st_ff_release(struct st_context *st)
{
   struct st_ff_program *p = st->ff_programs;

   while (p) {
      struct st_ff_program *next = p->next;
      st_ff_free_exec(st, p->exec);
      free(p);
      p = next;
   }
   st->ff_programs = NULL;
   st->ff_exec = NULL;
}
