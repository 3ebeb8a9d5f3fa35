/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The fixed-function fragment state of compatibility contexts and its
 * queries: texture environments (glTexEnv*, GL 2.1 section 3.13), fog
 * (glFog*, section 3.10), the alpha test (glAlphaFunc, section 4.1.4),
 * the colour sum (section 3.9) and the per-unit texture enables
 * (section 3.8.15).  Every change marks ST_NEW_PROGRAM | ST_NEW_CONSTANTS:
 * the state tracker picks the generated program of the new state
 * (st_ff_program.c).  ES and forward-compatible contexts have none of
 * this (GL_INVALID_OPERATION for the commands, GL_INVALID_ENUM for the
 * capabilities and queries, as before).
 */
#include <stdlib.h>
#include <string.h>

#include "main/context.h"
#include "main/desktop30.h"
#include "main/ffstate.h"
#include "main/matrix.h"
#include "main/varray.h"
#include "util/u_math.h"

void
_mesa_init_ff_state(struct gl_context *ctx)
{
   struct gl_ff_state *ff = &ctx->FF;

   _mesa_init_raster_pos(ctx);
   _mesa_init_eval(ctx);
   /* GL 2.1 tables 6.20 (texture environment), 6.19 (fog) and 6.21. */
   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++) {
      struct gl_ff_texture_unit *t = &ff->Tex[u];
      t->EnvMode = GL_MODULATE;
      t->CombineRGB = t->CombineA = GL_MODULATE;
      t->SrcRGB[0] = t->SrcA[0] = GL_TEXTURE;
      t->SrcRGB[1] = t->SrcA[1] = GL_PREVIOUS;
      t->SrcRGB[2] = t->SrcA[2] = GL_CONSTANT;
      for (unsigned i = 0; i < 3; i++) {
         t->OpRGB[i] = i == 2 ? GL_SRC_ALPHA : GL_SRC_COLOR;
         t->OpA[i] = GL_SRC_ALPHA;
      }
      t->ScaleRGB = t->ScaleA = 1.0f;
      /* GL 2.1 table 6.22: EYE_LINEAR; s and t planes (1,0,0,0) and
       * (0,1,0,0), the others 0. */
      for (unsigned c = 0; c < 4; c++)
         t->GenMode[c] = GL_EYE_LINEAR;
      t->ObjectPlane[0][0] = t->EyePlane[0][0] = 1.0f;
      t->ObjectPlane[1][1] = t->EyePlane[1][1] = 1.0f;
   }
   ff->Fog.Mode = GL_EXP;
   ff->Fog.Density = 1.0f;
   ff->Fog.End = 1.0f;
   ff->Fog.CoordSrc = GL_FRAGMENT_DEPTH;
   ff->Alpha.Func = GL_ALWAYS;
   ff->PointSize = 1.0f;
   _mesa_init_point_params(ctx);
   ff->IndexMask = ~0u; /* GL 2.1 table 6.22: all ones */
   ff->CurrentIndex = 1.0f; /* GL 2.1 table 6.5 */
   ff->EdgeFlag = true;
   ff->Select.Mode = GL_RENDER;
   ff->Select.FbType = GL_2D; /* GL 2.1 table 6.68 */
   _mesa_init_lighting(ctx);
}

void
_mesa_free_ff_state(struct gl_context *ctx)
{
   _mesa_free_dlists(ctx);
   _mesa_free_eval(ctx);
   free(ctx->FF.Imm.Data);
   free(ctx->FF.Imm.Edge);
   ctx->FF.Imm.Data = NULL;
   ctx->FF.Imm.Edge = NULL;
}

/* ---- texture environment ----------------------------------------------- */

static bool
valid_env_mode(GLenum m)
{
   switch (m) {
   case GL_MODULATE:
   case GL_REPLACE:
   case GL_DECAL:
   case GL_BLEND:
   case GL_ADD:
   case GL_COMBINE:
      return true;
   default:
      return false;
   }
}

/* GL 2.1 table 3.23: the combiner functions (DOT3 for RGB only). */
static bool
valid_combine(GLenum f, bool rgb)
{
   switch (f) {
   case GL_REPLACE:
   case GL_MODULATE:
   case GL_ADD:
   case GL_ADD_SIGNED:
   case GL_INTERPOLATE:
   case GL_SUBTRACT:
      return true;
   case GL_DOT3_RGB:
   case GL_DOT3_RGBA:
      return rgb;
   default:
      return false;
   }
}

static bool
valid_source(GLenum s)
{
   if (s >= GL_TEXTURE0 && s < GL_TEXTURE0 + FF_MAX_TEXTURE_UNITS)
      return true; /* ARB_texture_env_crossbar, core in GL 1.4 */
   return s == GL_TEXTURE || s == GL_CONSTANT || s == GL_PRIMARY_COLOR ||
          s == GL_PREVIOUS;
}

static struct gl_ff_texture_unit *
active_unit(struct gl_context *ctx, const char *func)
{
   if (ctx->ActiveTexture >= FF_MAX_TEXTURE_UNITS) {
      /* GL 2.1 section 3.8.15 / 3.13: the environment exists for the
       * MAX_TEXTURE_UNITS units only. */
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(active texture %u)", func,
                  ctx->ActiveTexture);
      return NULL;
   }
   return &ctx->FF.Tex[ctx->ActiveTexture];
}

/* glTexEnv(GL_POINT_SPRITE, GL_COORD_REPLACE, TRUE or FALSE) of the
 * active unit (GL 2.1 section 3.4.1; ARB_point_sprite's errors: another
 * pname is INVALID_ENUM, another value INVALID_VALUE). */
static void
coord_replace(struct gl_context *ctx, GLenum pname, GLfloat value,
              const char *func)
{
   if (pname != GL_COORD_REPLACE) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
      return;
   }
   if (value != 0.0f && value != 1.0f) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(param=%g)", func, value);
      return;
   }
   if (!active_unit(ctx, func))
      return;
   uint8_t bit = (uint8_t)(1u << ctx->ActiveTexture);
   uint8_t *on = &ctx->FF.PointParams.CoordReplace;
   uint8_t now = value != 0.0f ? *on | bit : *on & ~bit;
   if (now != *on) {
      *on = now;
      ctx->NewState |= ST_NEW_RASTERIZER;
   }
}

static void
tex_env(struct gl_context *ctx, GLenum target, GLenum pname,
        const GLfloat *f, bool scalar, const char *func)
{
   (void)scalar;
   if (!_mesa_ff_allowed(ctx, func))
      return;
   if (target == GL_TEXTURE_FILTER_CONTROL && pname == GL_TEXTURE_LOD_BIAS)
      return; /* the unit's LOD bias is not applied (docs/gl.rst) */
   if (target == GL_POINT_SPRITE) {
      coord_replace(ctx, pname, f[0], func);
      return;
   }
   if (target != GL_TEXTURE_ENV) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", func, target);
      return;
   }
   struct gl_ff_texture_unit *t = active_unit(ctx, func);
   if (!t)
      return;
   GLenum e = _mesa_enum_from_float(f[0]);
   GLfloat scale = f[0];

   switch (pname) {
   case GL_TEXTURE_ENV_MODE:
      if (!valid_env_mode(e))
         goto bad_value;
      t->EnvMode = e;
      break;
   case GL_TEXTURE_ENV_COLOR:
      /* Kept as given (GL 3.0 compatibility, ARB_color_buffer_float;
       * GL 2.1 section 3.13 clamped here): clamped where it is used or
       * queried while fragment colour clamping is on (desktop30.h). */
      memcpy(t->EnvColor, f, 4 * sizeof(GLfloat));
      break;
   case GL_COMBINE_RGB:
   case GL_COMBINE_ALPHA:
      if (!valid_combine(e, pname == GL_COMBINE_RGB))
         goto bad_value;
      *(pname == GL_COMBINE_RGB ? &t->CombineRGB : &t->CombineA) = e;
      break;
   case GL_SRC0_RGB:
   case GL_SRC1_RGB:
   case GL_SRC2_RGB:
      if (!valid_source(e))
         goto bad_value;
      t->SrcRGB[pname - GL_SRC0_RGB] = e;
      break;
   case GL_SRC0_ALPHA:
   case GL_SRC1_ALPHA:
   case GL_SRC2_ALPHA:
      if (!valid_source(e))
         goto bad_value;
      t->SrcA[pname - GL_SRC0_ALPHA] = e;
      break;
   case GL_OPERAND0_RGB:
   case GL_OPERAND1_RGB:
   case GL_OPERAND2_RGB:
      if (e != GL_SRC_COLOR && e != GL_ONE_MINUS_SRC_COLOR &&
          e != GL_SRC_ALPHA && e != GL_ONE_MINUS_SRC_ALPHA)
         goto bad_value;
      t->OpRGB[pname - GL_OPERAND0_RGB] = e;
      break;
   case GL_OPERAND0_ALPHA:
   case GL_OPERAND1_ALPHA:
   case GL_OPERAND2_ALPHA:
      if (e != GL_SRC_ALPHA && e != GL_ONE_MINUS_SRC_ALPHA)
         goto bad_value;
      t->OpA[pname - GL_OPERAND0_ALPHA] = e;
      break;
   case GL_RGB_SCALE:
   case GL_ALPHA_SCALE:
      /* GL 2.1 section 3.13: 1.0, 2.0 or 4.0, else INVALID_VALUE. */
      if (scale != 1.0f && scale != 2.0f && scale != 4.0f) {
         _mesa_error(ctx, GL_INVALID_VALUE, "%s(scale=%f)", func,
                     (double)scale);
         return;
      }
      *(pname == GL_RGB_SCALE ? &t->ScaleRGB : &t->ScaleA) = scale;
      break;
   default:
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
      return;
   }
   _mesa_ff_changed(ctx);
   return;
bad_value:
   _mesa_error(ctx, GL_INVALID_ENUM, "%s(param=0x%x)", func, e);
}

static bool
get_tex_env(struct gl_context *ctx, GLenum target, GLenum pname, GLfloat *f,
            unsigned *n, enum ff_value_kind *kind, const char *func)
{
   if (!_mesa_ff_allowed(ctx, func))
      return false;
   if (target == GL_POINT_SPRITE && pname == GL_COORD_REPLACE) {
      if (!active_unit(ctx, func))
         return false;
      *n = 1;
      *kind = FF_VALUE_INT;
      f[0] = (ctx->FF.PointParams.CoordReplace >> ctx->ActiveTexture) & 1;
      return true;
   }
   if (target != GL_TEXTURE_ENV) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", func, target);
      return false;
   }
   struct gl_ff_texture_unit *t = active_unit(ctx, func);
   if (!t)
      return false;
   *n = 1;
   *kind = FF_VALUE_INT;
   switch (pname) {
   case GL_TEXTURE_ENV_MODE: f[0] = (GLfloat)t->EnvMode; return true;
   case GL_TEXTURE_ENV_COLOR:
      _mesa_fragment_clamp_values(ctx, t->EnvColor, f, 4);
      *n = 4;
      *kind = FF_VALUE_FLOAT_NORM;
      return true;
   case GL_COMBINE_RGB: f[0] = (GLfloat)t->CombineRGB; return true;
   case GL_COMBINE_ALPHA: f[0] = (GLfloat)t->CombineA; return true;
   case GL_SRC0_RGB:
   case GL_SRC1_RGB:
   case GL_SRC2_RGB:
      f[0] = (GLfloat)t->SrcRGB[pname - GL_SRC0_RGB];
      return true;
   case GL_SRC0_ALPHA:
   case GL_SRC1_ALPHA:
   case GL_SRC2_ALPHA:
      f[0] = (GLfloat)t->SrcA[pname - GL_SRC0_ALPHA];
      return true;
   case GL_OPERAND0_RGB:
   case GL_OPERAND1_RGB:
   case GL_OPERAND2_RGB:
      f[0] = (GLfloat)t->OpRGB[pname - GL_OPERAND0_RGB];
      return true;
   case GL_OPERAND0_ALPHA:
   case GL_OPERAND1_ALPHA:
   case GL_OPERAND2_ALPHA:
      f[0] = (GLfloat)t->OpA[pname - GL_OPERAND0_ALPHA];
      return true;
   case GL_RGB_SCALE: f[0] = t->ScaleRGB; *kind = FF_VALUE_FLOAT; return true;
   case GL_ALPHA_SCALE: f[0] = t->ScaleA; *kind = FF_VALUE_FLOAT; return true;
   default:
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
      return false;
   }
}

const struct ff_param_family _mesa_ff_tex_env_params = {
   GL_TEXTURE_ENV_COLOR, NULL, NULL, tex_env, get_tex_env,
};

/* ---- fog ---------------------------------------------------------------- */

static void
fog(struct gl_context *ctx, GLenum target, GLenum pname, const GLfloat *f,
    bool scalar, const char *func)
{
   struct gl_ff_state *ff = &ctx->FF;

   (void)target;
   (void)scalar;
   if (!_mesa_ff_allowed(ctx, func))
      return;
   GLenum e = _mesa_enum_from_float(f[0]);
   switch (pname) {
   case GL_FOG_MODE:
      if (e != GL_LINEAR && e != GL_EXP && e != GL_EXP2)
         goto bad_value;
      ff->Fog.Mode = e;
      break;
   case GL_FOG_DENSITY:
      /* GL 2.1 section 3.10: a negative density is INVALID_VALUE. */
      if (f[0] < 0.0f) {
         _mesa_error(ctx, GL_INVALID_VALUE, "%s(density=%f)", func,
                     (double)f[0]);
         return;
      }
      ff->Fog.Density = f[0];
      break;
   case GL_FOG_START:
      ff->Fog.Start = f[0];
      break;
   case GL_FOG_END:
      ff->Fog.End = f[0];
      break;
   case GL_FOG_COLOR:
      /* (kept as given: see GL_TEXTURE_ENV_COLOR) */
      memcpy(ff->Fog.Color, f, 4 * sizeof(GLfloat));
      break;
   case GL_FOG_INDEX:
      break; /* colour index mode does not exist here */
   case GL_FOG_COORD_SRC:
      if (e != GL_FOG_COORD && e != GL_FRAGMENT_DEPTH)
         goto bad_value;
      ff->Fog.CoordSrc = e;
      break;
   default:
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
      return;
   }
   _mesa_ff_changed(ctx);
   return;
bad_value:
   _mesa_error(ctx, GL_INVALID_ENUM, "%s(param=0x%x)", func, e);
}

const struct ff_param_family _mesa_ff_fog_params = {
   GL_FOG_COLOR, NULL, NULL, fog, NULL,
};

/* ---- alpha test --------------------------------------------------------- */

void GLAPIENTRY
_mesa_AlphaFunc(GLenum func, GLfloat ref)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!_mesa_ff_allowed(ctx, "glAlphaFunc"))
      return;
   if (func < GL_NEVER || func > GL_ALWAYS) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glAlphaFunc(func=0x%x)", func);
      return;
   }
   ctx->FF.Alpha.Func = func;
   /* Kept as given (GL 2.1 section 4.1.4 clamped it; GL 3.0 compatibility
    * and ARB_color_buffer_float clamp it where it is used or queried while
    * fragment colour clamping is on). */
   ctx->FF.Alpha.Ref = ref;
   _mesa_ff_changed(ctx);
}

/* ---- texture coordinate generation -------------------------------------- */

/* GL 2.1 section 2.12.3: which modes a coordinate takes. */
static bool
valid_gen_mode(GLenum coord, GLenum mode)
{
   switch (mode) {
   case GL_OBJECT_LINEAR:
   case GL_EYE_LINEAR:
      return true;
   case GL_SPHERE_MAP:
      return coord == GL_S || coord == GL_T;
   case GL_REFLECTION_MAP:
   case GL_NORMAL_MAP:
      return coord != GL_Q;
   default:
      return false;
   }
}

static void
tex_gen(struct gl_context *ctx, GLenum coord, GLenum pname, const GLfloat *p,
        bool scalar, const char *func)
{
   if (!_mesa_ff_allowed(ctx, func))
      return;
   if (coord < GL_S || coord > GL_Q) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(coord=0x%x)", func, coord);
      return;
   }
   struct gl_ff_texture_unit *t = active_unit(ctx, func);
   if (!t)
      return;
   unsigned c = coord - GL_S;
   switch (pname) {
   case GL_TEXTURE_GEN_MODE:
      if (!valid_gen_mode(coord, _mesa_enum_from_float(p[0]))) {
         _mesa_error(ctx, GL_INVALID_ENUM, "%s(mode=0x%x)", func,
                     _mesa_enum_from_float(p[0]));
         return;
      }
      t->GenMode[c] = _mesa_enum_from_float(p[0]);
      break;
   case GL_OBJECT_PLANE:
      if (scalar)
         goto bad_pname;
      memcpy(t->ObjectPlane[c], p, 4 * sizeof(*p));
      break;
   case GL_EYE_PLANE: {
      if (scalar)
         goto bad_pname;
      /* Stored as p times the inverse of the modelview matrix. */
      GLfloat inv[16];
      _mesa_modelview_inverse(ctx, inv);
      for (unsigned col = 0; col < 4; col++)
         t->EyePlane[c][col] = p[0] * inv[4 * col] + p[1] * inv[4 * col + 1] +
                               p[2] * inv[4 * col + 2] +
                               p[3] * inv[4 * col + 3];
      break;
   }
   default:
      goto bad_pname;
   }
   _mesa_ff_changed(ctx);
   return;
bad_pname:
   _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
}

/* The planes take four values, the mode one (GL 2.1 section 2.12.3). */
static unsigned
tex_gen_count(GLenum pname)
{
   return pname == GL_TEXTURE_GEN_MODE ? 1 : 4;
}

static bool
get_tex_gen(struct gl_context *ctx, GLenum coord, GLenum pname, GLfloat *v,
            unsigned *n, enum ff_value_kind *kind, const char *func)
{
   if (!_mesa_ff_allowed(ctx, func))
      return false;
   struct gl_ff_texture_unit *t = active_unit(ctx, func);
   if (!t)
      return false;
   if (coord < GL_S || coord > GL_Q) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(coord=0x%x)", func, coord);
      return false;
   }
   unsigned c = coord - GL_S;
   *n = 4;
   *kind = FF_VALUE_FLOAT;
   switch (pname) {
   case GL_TEXTURE_GEN_MODE:
      v[0] = (GLfloat)t->GenMode[c];
      *n = 1;
      *kind = FF_VALUE_INT;
      return true;
   case GL_OBJECT_PLANE:
      memcpy(v, t->ObjectPlane[c], 4 * sizeof(GLfloat));
      return true;
   case GL_EYE_PLANE:
      memcpy(v, t->EyePlane[c], 4 * sizeof(GLfloat));
      return true;
   default:
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
      return false;
   }
}

const struct ff_param_family _mesa_ff_tex_gen_params = {
   0, tex_gen_count, NULL, tex_gen, get_tex_gen,
};

/* ---- point size --------------------------------------------------------- */

/* GL 2.1 section 3.4 (desktop GL only).  The fixed-function vertex
 * shader writes it as gl_PointSize; programs take it from the rasterizer
 * state unless PROGRAM_POINT_SIZE is on (st_atoms.c). */
void GLAPIENTRY
_mesa_PointSize(GLfloat size)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (_mesa_is_gles(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glPointSize(not in ES)");
      return;
   }
   if (_mesa_inside_begin_end(ctx, "glPointSize"))
      return;
   if (size <= 0.0f) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glPointSize(%f)", (double)size);
      return;
   }
   ctx->FF.PointSize = size;
   ctx->NewState |= ST_NEW_CONSTANTS | ST_NEW_RASTERIZER;
}

/* ---- enables ------------------------------------------------------------ */

static uint8_t
texture_bit(GLenum cap)
{
   switch (cap) {
   case GL_TEXTURE_1D: return FF_TEX_1D;
   case GL_TEXTURE_2D: return FF_TEX_2D;
   case GL_TEXTURE_3D: return FF_TEX_3D;
   case GL_TEXTURE_CUBE_MAP: return FF_TEX_CUBE;
   case GL_TEXTURE_RECTANGLE: return FF_TEX_RECT;
   default: return 0;
   }
}

static uint8_t
gen_bit(GLenum cap)
{
   switch (cap) {
   case GL_TEXTURE_GEN_S: return 1;
   case GL_TEXTURE_GEN_T: return 2;
   case GL_TEXTURE_GEN_R: return 4;
   case GL_TEXTURE_GEN_Q: return 8;
   default: return 0;
   }
}

static bool *
flag_of(struct gl_context *ctx, GLenum cap)
{
   struct gl_ff_state *ff = &ctx->FF;

   switch (cap) {
   case GL_FOG: return &ff->Fog.Enabled;
   case GL_ALPHA_TEST: return &ff->Alpha.Enabled;
   case GL_COLOR_SUM: return &ff->ColorSum;
   default: {
      bool *f = _mesa_lighting_flag(ctx, cap);
      return f ? f : _mesa_eval_flag(ctx, cap);
   }
   }
}

bool
_mesa_ff_set_enable(struct gl_context *ctx, GLenum cap, bool state)
{
   if (!_mesa_has_ff(ctx))
      return false;
   /* glEnable of the client arrays, as Mesa and the old drivers take it
    * (GL 2.1 names glEnableClientState for them). */
   bool client;
   if (_mesa_client_array_enabled(ctx, cap, &client)) {
      if (state)
         _mesa_EnableClientState(cap);
      else
         _mesa_DisableClientState(cap);
      return true;
   }
   uint8_t bit = texture_bit(cap), gbit = gen_bit(cap);
   if (bit || gbit) {
      struct gl_ff_texture_unit *t = active_unit(ctx, "glEnable");
      if (!t)
         return true;
      uint8_t *bits = bit ? &t->Enabled : &t->GenEnabled;
      uint8_t b = bit ? bit : gbit;
      uint8_t old = *bits;
      *bits = state ? old | b : old & ~b;
      if (*bits != old)
         _mesa_ff_changed(ctx);
      return true;
   }
   bool *flag = flag_of(ctx, cap);
   if (!flag)
      return false;
   if (*flag != state) {
      *flag = state;
      _mesa_ff_changed(ctx);
   }
   if (cap == GL_COLOR_MATERIAL && state)
      _mesa_update_color_material(ctx);
   return true;
}

bool
_mesa_ff_is_enabled(struct gl_context *ctx, GLenum cap, bool *value)
{
   if (!_mesa_has_ff(ctx))
      return false;
   uint8_t bit = texture_bit(cap), gbit = gen_bit(cap);
   if (bit || gbit) {
      const struct gl_ff_texture_unit *t =
         ctx->ActiveTexture < FF_MAX_TEXTURE_UNITS
            ? &ctx->FF.Tex[ctx->ActiveTexture]
            : NULL;
      *value = t && (bit ? (t->Enabled & bit) : (t->GenEnabled & gbit));
      return true;
   }
   bool *flag = flag_of(ctx, cap);
   if (!flag)
      return false;
   *value = *flag;
   return true;
}

/* ---- glGet -------------------------------------------------------------- */

bool
_mesa_get_ff_state(struct gl_context *ctx, GLenum pname, GLfloat *f,
                   unsigned *n, enum ff_value_kind *kind)
{
   const struct gl_ff_state *ff = &ctx->FF;
   unsigned unit = ctx->ActiveTexture < FF_MAX_TEXTURE_UNITS
                      ? ctx->ActiveTexture
                      : 0;
   bool on;

   if (_mesa_is_gles(ctx))
      return false;
   *n = 1;
   if (pname == GL_POINT_SIZE) {
      f[0] = ctx->FF.PointSize;
      *kind = FF_VALUE_FLOAT;
      return true;
   }
   /* GL 2.1 table 6.62 (get.c has POINT_SIZE_RANGE). */
   if (pname == GL_POINT_SIZE_GRANULARITY) {
      *kind = FF_VALUE_FLOAT;
      f[0] = 0.125f;
      return true;
   }
   /* GL 3.2 table 6.9 (and GL 2.1 table 6.8): the clip plane / clip
    * distance enables are state glGet reads too. */
   if (pname >= GL_CLIP_PLANE0 && pname < GL_CLIP_PLANE0 + 8) {
      f[0] = ctx->Transform.ClipPlaneEnabled[pname - GL_CLIP_PLANE0];
      *kind = FF_VALUE_BOOL;
      return true;
   }
   if (!_mesa_has_ff(ctx))
      return false;
   *kind = FF_VALUE_INT;
   if (_mesa_ff_is_enabled(ctx, pname, &on)) {
      f[0] = on;
      *kind = FF_VALUE_BOOL;
      return true;
   }
   if (_mesa_get_raster_state(ctx, pname, f, n, kind))
      return true;
   int lkind;
   if (_mesa_get_lighting_state(ctx, pname, f, n, &lkind)) {
      *kind = (enum ff_value_kind)lkind;
      return true;
   }
   const struct gl_transform_state_view {
      GLenum matrix, transpose, depth, max;
      const GLfloat *top;
      unsigned level, max_depth;
   } stacks[] = {
      {GL_MODELVIEW_MATRIX, GL_TRANSPOSE_MODELVIEW_MATRIX,
       GL_MODELVIEW_STACK_DEPTH,
       GL_MAX_MODELVIEW_STACK_DEPTH,
       ctx->Transform.Stack[0][ctx->Transform.Depth[0]],
       ctx->Transform.Depth[0], MAX_MATRIX_STACK_DEPTH},
      {GL_PROJECTION_MATRIX, GL_TRANSPOSE_PROJECTION_MATRIX,
       GL_PROJECTION_STACK_DEPTH,
       GL_MAX_PROJECTION_STACK_DEPTH,
       ctx->Transform.Stack[1][ctx->Transform.Depth[1]],
       ctx->Transform.Depth[1], MAX_MATRIX_STACK_DEPTH},
      {GL_TEXTURE_MATRIX, GL_TRANSPOSE_TEXTURE_MATRIX, GL_TEXTURE_STACK_DEPTH,
       GL_MAX_TEXTURE_STACK_DEPTH,
       ff->TexStack[unit][ff->TexDepth[unit]], ff->TexDepth[unit],
       FF_MAX_TEXTURE_STACK_DEPTH},
   };
   for (unsigned i = 0; i < sizeof(stacks) / sizeof(stacks[0]); i++) {
      /* The texture matrix stack of a unit past the coordinate units
       * does not exist (GL 2.1 section 2.11.2: INVALID_OPERATION, as for
       * the raster texture coordinates). */
      if (stacks[i].matrix == GL_TEXTURE_MATRIX &&
          ctx->ActiveTexture >= FF_MAX_TEXTURE_UNITS &&
          (pname == stacks[i].matrix || pname == stacks[i].transpose ||
           pname == stacks[i].depth)) {
         _mesa_error(ctx, GL_INVALID_OPERATION,
                     "glGet(texture matrix of unit %u)", ctx->ActiveTexture);
         *n = 0;
         *kind = FF_VALUE_FLOAT;
         return true;
      }
      if (pname == stacks[i].matrix) {
         memcpy(f, stacks[i].top, 16 * sizeof(GLfloat));
         *n = 16;
         *kind = FF_VALUE_FLOAT;
         return true;
      }
      /* GL 1.3 (ARB_transpose_matrix): the same matrix, row by row. */
      if (pname == stacks[i].transpose) {
         for (unsigned r = 0; r < 4; r++) {
            for (unsigned c = 0; c < 4; c++)
               f[4 * r + c] = stacks[i].top[4 * c + r];
         }
         *n = 16;
         *kind = FF_VALUE_FLOAT;
         return true;
      }
      if (pname == stacks[i].depth || pname == stacks[i].max) {
         f[0] = (GLfloat)(pname == stacks[i].depth ? stacks[i].level + 1
                                                   : stacks[i].max_depth);
         return true;
      }
   }
   if (_mesa_get_eval_state(ctx, pname, f, n, kind))
      return true;
   GLint list_value;
   if (_mesa_get_dlist_state(ctx, pname, &list_value)) {
      f[0] = (GLfloat)list_value;
      return true;
   }
   switch (pname) {
   case GL_MATRIX_MODE: f[0] = (GLfloat)ctx->Transform.Mode; return true;
   case GL_RENDER_MODE:
   case GL_NAME_STACK_DEPTH:
   case GL_MAX_NAME_STACK_DEPTH:
   case GL_SELECTION_BUFFER_SIZE:
   case GL_FEEDBACK_BUFFER_SIZE:
   case GL_FEEDBACK_BUFFER_TYPE:
      return _mesa_get_select_state(ctx, pname, f);
   case GL_EDGE_FLAG:
      f[0] = ff->EdgeFlag;
      *kind = FF_VALUE_BOOL;
      return true;
   case GL_MAX_TEXTURE_UNITS: f[0] = FF_MAX_TEXTURE_UNITS; return true;
   case GL_FOG_MODE: f[0] = (GLfloat)ff->Fog.Mode; return true;
   case GL_FOG_COORD_SRC: f[0] = (GLfloat)ff->Fog.CoordSrc; return true;
   case GL_FOG_INDEX: f[0] = 0; return true;
   case GL_FOG_DENSITY: f[0] = ff->Fog.Density; break;
   case GL_FOG_START: f[0] = ff->Fog.Start; break;
   case GL_FOG_END: f[0] = ff->Fog.End; break;
   case GL_FOG_COLOR:
      _mesa_fragment_clamp_values(ctx, ff->Fog.Color, f, 4);
      *n = 4;
      *kind = FF_VALUE_FLOAT_NORM;
      return true;
   case GL_ALPHA_TEST_FUNC: f[0] = (GLfloat)ff->Alpha.Func; return true;
   case GL_ALPHA_TEST_REF:
      _mesa_fragment_clamp_values(ctx, &ff->Alpha.Ref, f, 1);
      *kind = FF_VALUE_FLOAT_NORM;
      return true;
   default:
      return false;
   }
   *kind = FF_VALUE_FLOAT;
   return true;
}
