/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Lighting state of compatibility contexts (GL 2.1 section 2.14):
 * glLight*, glLightModel*, glMaterial*, glColorMaterial, their queries
 * and the capabilities LIGHTING, LIGHTi, NORMALIZE, RESCALE_NORMAL and
 * COLOR_MATERIAL.  Light positions and spot directions are stored in eye
 * coordinates: glLight transforms them by the modelview matrix of the
 * moment (section 2.14.2).  The fixed-function vertex shader
 * (st_ff_vs.c) and the GLSL built-in uniforms (ffuniforms.c) read it.
 */
#include <math.h>
#include <string.h>

#include "main/context.h"
#include "main/ffstate.h"
#include "util/u_math.h"

static const GLfloat black[4] = {0, 0, 0, 1};
static const GLfloat white[4] = {1, 1, 1, 1};

void
_mesa_init_lighting(struct gl_context *ctx)
{
   struct gl_ff_state *ff = &ctx->FF;

   /* GL 2.1 tables 2.10 and 6.10-6.12. */
   for (unsigned i = 0; i < FF_MAX_LIGHTS; i++) {
      struct gl_ff_light *l = &ff->Light[i];
      memcpy(l->Ambient, black, sizeof(black));
      memcpy(l->Diffuse, i ? black : white, sizeof(black));
      memcpy(l->Specular, i ? black : white, sizeof(black));
      l->Position[2] = 1.0f;
      l->SpotDirection[2] = -1.0f;
      l->SpotCutoff = 180.0f;
      l->Attenuation[0] = 1.0f;
   }
   for (unsigned f = 0; f < 2; f++) {
      struct gl_ff_material *m = &ff->Material[f];
      for (unsigned c = 0; c < 3; c++) {
         m->Ambient[c] = 0.2f;
         m->Diffuse[c] = 0.8f;
      }
      m->Ambient[3] = m->Diffuse[3] = 1.0f;
      memcpy(m->Specular, black, sizeof(black));
      memcpy(m->Emission, black, sizeof(black));
   }
   for (unsigned c = 0; c < 3; c++)
      ff->LightModel.Ambient[c] = 0.2f;
   ff->LightModel.Ambient[3] = 1.0f;
   ff->LightModel.ColorControl = GL_SINGLE_COLOR;
   ff->ColorMaterial.Face = GL_FRONT_AND_BACK;
   ff->ColorMaterial.Mode = GL_AMBIENT_AND_DIFFUSE;
}

static bool
is_color(GLenum pname)
{
   return pname == GL_AMBIENT || pname == GL_DIFFUSE ||
          pname == GL_SPECULAR || pname == GL_EMISSION ||
          pname == GL_AMBIENT_AND_DIFFUSE ||
          pname == GL_LIGHT_MODEL_AMBIENT;
}

/* How many values pname takes (0: not a parameter of glLight). */
static unsigned
light_count(GLenum pname)
{
   switch (pname) {
   case GL_AMBIENT:
   case GL_DIFFUSE:
   case GL_SPECULAR:
   case GL_POSITION:
      return 4;
   case GL_SPOT_DIRECTION:
      return 3;
   case GL_SPOT_EXPONENT:
   case GL_SPOT_CUTOFF:
   case GL_CONSTANT_ATTENUATION:
   case GL_LINEAR_ATTENUATION:
   case GL_QUADRATIC_ATTENUATION:
      return 1;
   default:
      return 0;
   }
}

static void
light(struct gl_context *ctx, GLenum which, GLenum pname, const GLfloat *p,
      bool scalar, const char *func)
{
   if (!_mesa_ff_allowed(ctx, func))
      return;
   if (which < GL_LIGHT0 || which >= GL_LIGHT0 + FF_MAX_LIGHTS) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(light=0x%x)", func, which);
      return;
   }
   unsigned n = light_count(pname);
   /* The scalar forms take the one-value parameters only. */
   if (!n || (scalar && n != 1)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
      return;
   }
   struct gl_ff_light *l = &ctx->FF.Light[which - GL_LIGHT0];
   const GLfloat *mv = ctx->Transform.Stack[0][ctx->Transform.Depth[0]];

   switch (pname) {
   case GL_AMBIENT: memcpy(l->Ambient, p, 4 * sizeof(*p)); break;
   case GL_DIFFUSE: memcpy(l->Diffuse, p, 4 * sizeof(*p)); break;
   case GL_SPECULAR: memcpy(l->Specular, p, 4 * sizeof(*p)); break;
   case GL_POSITION:
      for (unsigned r = 0; r < 4; r++)
         l->Position[r] = mv[r] * p[0] + mv[4 + r] * p[1] +
                          mv[8 + r] * p[2] + mv[12 + r] * p[3];
      break;
   case GL_SPOT_DIRECTION:
      for (unsigned r = 0; r < 3; r++)
         l->SpotDirection[r] =
            mv[r] * p[0] + mv[4 + r] * p[1] + mv[8 + r] * p[2];
      break;
   case GL_SPOT_EXPONENT:
      if (p[0] < 0.0f || p[0] > 128.0f)
         goto bad_value;
      l->SpotExponent = p[0];
      break;
   case GL_SPOT_CUTOFF:
      if ((p[0] < 0.0f || p[0] > 90.0f) && p[0] != 180.0f)
         goto bad_value;
      l->SpotCutoff = p[0];
      break;
   default: /* the attenuations */
      if (p[0] < 0.0f)
         goto bad_value;
      l->Attenuation[pname - GL_CONSTANT_ATTENUATION] = p[0];
      break;
   }
   _mesa_ff_changed(ctx);
   return;
bad_value:
   _mesa_error(ctx, GL_INVALID_VALUE, "%s(value=%f)", func, (double)p[0]);
}

static bool
get_light(struct gl_context *ctx, GLenum which, GLenum pname, GLfloat *v,
          unsigned *n, enum ff_value_kind *kind, const char *func)
{
   if (!_mesa_ff_allowed(ctx, func))
      return false;
   *n = light_count(pname);
   if (which < GL_LIGHT0 || which >= GL_LIGHT0 + FF_MAX_LIGHTS || !*n) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(0x%x, 0x%x)", func, which,
                  pname);
      return false;
   }
   const struct gl_ff_light *l = &ctx->FF.Light[which - GL_LIGHT0];
   *kind = is_color(pname) ? FF_VALUE_FLOAT_NORM : FF_VALUE_FLOAT;
   switch (pname) {
   case GL_AMBIENT: memcpy(v, l->Ambient, 16); break;
   case GL_DIFFUSE: memcpy(v, l->Diffuse, 16); break;
   case GL_SPECULAR: memcpy(v, l->Specular, 16); break;
   case GL_POSITION: memcpy(v, l->Position, 16); break;
   case GL_SPOT_DIRECTION: memcpy(v, l->SpotDirection, 12); break;
   case GL_SPOT_EXPONENT: v[0] = l->SpotExponent; break;
   case GL_SPOT_CUTOFF: v[0] = l->SpotCutoff; break;
   default: v[0] = l->Attenuation[pname - GL_CONSTANT_ATTENUATION]; break;
   }
   return true;
}

const struct ff_param_family _mesa_ff_light_params = {
   0, light_count, is_color, light, get_light,
};

/* ---- light model -------------------------------------------------------- */

static void
light_model(struct gl_context *ctx, GLenum target, GLenum pname,
            const GLfloat *p, bool scalar, const char *func)
{
   struct gl_ff_state *ff = &ctx->FF;

   (void)target;
   if (!_mesa_ff_allowed(ctx, func))
      return;
   switch (pname) {
   case GL_LIGHT_MODEL_AMBIENT:
      if (scalar)
         goto bad_enum;
      memcpy(ff->LightModel.Ambient, p, 4 * sizeof(*p));
      break;
   case GL_LIGHT_MODEL_LOCAL_VIEWER:
      ff->LightModel.LocalViewer = p[0] != 0.0f;
      break;
   case GL_LIGHT_MODEL_TWO_SIDE:
      ff->LightModel.TwoSide = p[0] != 0.0f;
      break;
   case GL_LIGHT_MODEL_COLOR_CONTROL:
      if (_mesa_enum_from_float(p[0]) != GL_SINGLE_COLOR &&
          _mesa_enum_from_float(p[0]) != GL_SEPARATE_SPECULAR_COLOR) {
         _mesa_error(ctx, GL_INVALID_ENUM, "%s(param=%f)", func,
                     (double)p[0]);
         return;
      }
      ff->LightModel.ColorControl = _mesa_enum_from_float(p[0]);
      break;
   default:
      goto bad_enum;
   }
   _mesa_ff_changed(ctx);
   return;
bad_enum:
   _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
}

const struct ff_param_family _mesa_ff_light_model_params = {
   GL_LIGHT_MODEL_AMBIENT, NULL, NULL, light_model, NULL,
};

/* ---- materials ---------------------------------------------------------- */

/* The properties of face f that pname sets, as bits of MatVaries. */
static uint16_t
material_bits(unsigned f, GLenum pname)
{
   switch (pname) {
   case GL_EMISSION: return FF_MAT_BIT(f, FF_MAT_EMISSION);
   case GL_AMBIENT: return FF_MAT_BIT(f, FF_MAT_AMBIENT);
   case GL_DIFFUSE: return FF_MAT_BIT(f, FF_MAT_DIFFUSE);
   case GL_SPECULAR: return FF_MAT_BIT(f, FF_MAT_SPECULAR);
   case GL_SHININESS: return FF_MAT_BIT(f, FF_MAT_SHININESS);
   case GL_AMBIENT_AND_DIFFUSE:
      return FF_MAT_BIT(f, FF_MAT_AMBIENT) | FF_MAT_BIT(f, FF_MAT_DIFFUSE);
   default: return 0;
   }
}

static void
material(struct gl_context *ctx, GLenum face, GLenum pname,
         const GLfloat *p, bool scalar, const char *func)
{
   /* glMaterial is allowed between glBegin and glEnd (section 2.6.3);
    * there the vertices that follow take the new values (the draw of
    * glEnd passes the properties that changed per vertex). */
   if (!_mesa_ff_compat_only(ctx, func))
      return;
   if (face != GL_FRONT && face != GL_BACK && face != GL_FRONT_AND_BACK) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(face=0x%x)", func, face);
      return;
   }
   /* The scalar forms take the vector properties too, as the value then
    * zeros: GL 1.1 section 2.13.2 makes that GL_INVALID_ENUM, but piglit's
    * gl-1.0-beginend-coverage expects glMaterialf(GL_FRONT, GL_AMBIENT, 0)
    * to be no error between glBegin and glEnd, as Mesa (llvmpipe) does. */
   (void)scalar;
   if (!is_color(pname) && pname != GL_SHININESS &&
       pname != GL_COLOR_INDEXES) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
      return;
   }
   if (pname == GL_LIGHT_MODEL_AMBIENT) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
      return;
   }
   struct gl_dl_node n = {.op = DL_MATERIAL, .e = {face, pname}};
   memcpy(n.f, p, 4 * sizeof(*p));
   if (_mesa_dlist_save(ctx, &n))
      return;
   if (pname == GL_SHININESS && (p[0] < 0.0f || p[0] > 128.0f)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(shininess=%f)", func,
                  (double)p[0]);
      return;
   }
   for (unsigned f = 0; f < 2; f++) {
      if ((f == 0 && face == GL_BACK) || (f == 1 && face == GL_FRONT))
         continue;
      struct gl_ff_material *m = &ctx->FF.Material[f];
      if (ctx->FF.Imm.Inside)
         ctx->FF.Imm.MatVaries |= material_bits(f, pname);
      switch (pname) {
      case GL_AMBIENT: memcpy(m->Ambient, p, 16); break;
      case GL_DIFFUSE: memcpy(m->Diffuse, p, 16); break;
      case GL_SPECULAR: memcpy(m->Specular, p, 16); break;
      case GL_EMISSION: memcpy(m->Emission, p, 16); break;
      case GL_AMBIENT_AND_DIFFUSE:
         memcpy(m->Ambient, p, 16);
         memcpy(m->Diffuse, p, 16);
         break;
      case GL_SHININESS: m->Shininess = p[0]; break;
      default: break; /* colour indexes: no colour index mode */
      }
   }
   /* Section 2.14.3: the tracked properties stay the current colour. */
   _mesa_update_color_material(ctx);
   _mesa_ff_changed(ctx);
}

/* Colours take four values; shininess one (GL 2.1 table 2.11). */
static unsigned
material_count(GLenum pname)
{
   return is_color(pname) ? 4 : 1;
}

static bool
get_material(struct gl_context *ctx, GLenum face, GLenum pname, GLfloat *v,
             unsigned *n, enum ff_value_kind *kind, const char *func)
{
   if (!_mesa_ff_allowed(ctx, func))
      return false;
   if (face != GL_FRONT && face != GL_BACK) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(face=0x%x)", func, face);
      return false;
   }
   const struct gl_ff_material *m = &ctx->FF.Material[face == GL_BACK];
   *n = 4;
   *kind = FF_VALUE_FLOAT_NORM;
   switch (pname) {
   case GL_AMBIENT: memcpy(v, m->Ambient, 16); return true;
   case GL_DIFFUSE: memcpy(v, m->Diffuse, 16); return true;
   case GL_SPECULAR: memcpy(v, m->Specular, 16); return true;
   case GL_EMISSION: memcpy(v, m->Emission, 16); return true;
   case GL_SHININESS:
      *n = 1;
      *kind = FF_VALUE_FLOAT;
      v[0] = m->Shininess;
      return true;
   case GL_COLOR_INDEXES:
      *n = 3;
      *kind = FF_VALUE_FLOAT;
      v[0] = v[1] = 0.0f;
      v[2] = 1.0f;
      return true;
   default:
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
      return false;
   }
}

const struct ff_param_family _mesa_ff_material_params = {
   0, material_count, is_color, material, get_material,
};

void GLAPIENTRY
_mesa_ColorMaterial(GLenum face, GLenum mode)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!_mesa_ff_allowed(ctx, "glColorMaterial"))
      return;
   if ((face != GL_FRONT && face != GL_BACK && face != GL_FRONT_AND_BACK) ||
       (mode != GL_EMISSION && mode != GL_AMBIENT && mode != GL_DIFFUSE &&
        mode != GL_SPECULAR && mode != GL_AMBIENT_AND_DIFFUSE)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glColorMaterial(0x%x, 0x%x)", face,
                  mode);
      return;
   }
   ctx->FF.ColorMaterial.Face = face;
   ctx->FF.ColorMaterial.Mode = mode;
   _mesa_update_color_material(ctx);
   _mesa_ff_changed(ctx);
}

void
_mesa_update_color_material(struct gl_context *ctx)
{
   struct gl_ff_state *ff = &ctx->FF;

   if (!ff->ColorMaterial.Enabled)
      return;
   const GLfloat *c = ctx->CurrentAttrib[VERT_ATTRIB_COLOR0];
   GLenum face = ff->ColorMaterial.Face, mode = ff->ColorMaterial.Mode;
   for (unsigned f = 0; f < 2; f++) {
      if ((f == 0 && face == GL_BACK) || (f == 1 && face == GL_FRONT))
         continue;
      struct gl_ff_material *m = &ff->Material[f];
      if (mode == GL_EMISSION)
         memcpy(m->Emission, c, 16);
      if (mode == GL_AMBIENT || mode == GL_AMBIENT_AND_DIFFUSE)
         memcpy(m->Ambient, c, 16);
      if (mode == GL_DIFFUSE || mode == GL_AMBIENT_AND_DIFFUSE)
         memcpy(m->Diffuse, c, 16);
      if (mode == GL_SPECULAR)
         memcpy(m->Specular, c, 16);
   }
   ctx->NewState |= ST_NEW_CONSTANTS;
}

/* ---- capabilities and glGet -------------------------------------------- */

bool *
_mesa_lighting_flag(struct gl_context *ctx, GLenum cap)
{
   struct gl_ff_state *ff = &ctx->FF;

   if (cap >= GL_LIGHT0 && cap < GL_LIGHT0 + FF_MAX_LIGHTS)
      return &ff->Light[cap - GL_LIGHT0].Enabled;
   switch (cap) {
   case GL_LIGHTING: return &ff->Lighting;
   case GL_NORMALIZE: return &ff->Normalize;
   case GL_RESCALE_NORMAL: return &ff->RescaleNormal;
   case GL_COLOR_MATERIAL: return &ff->ColorMaterial.Enabled;
   default: return NULL;
   }
}

bool
_mesa_get_lighting_state(struct gl_context *ctx, GLenum pname, GLfloat *f,
                         unsigned *n, int *kind)
{
   const struct gl_ff_state *ff = &ctx->FF;

   *n = 1;
   *kind = FF_VALUE_INT;
   switch (pname) {
   case GL_MAX_LIGHTS: f[0] = FF_MAX_LIGHTS; return true;
   case GL_LIGHT_MODEL_AMBIENT:
      memcpy(f, ff->LightModel.Ambient, 16);
      *n = 4;
      *kind = FF_VALUE_FLOAT_NORM;
      return true;
   case GL_LIGHT_MODEL_LOCAL_VIEWER:
      f[0] = ff->LightModel.LocalViewer;
      *kind = FF_VALUE_BOOL;
      return true;
   case GL_LIGHT_MODEL_TWO_SIDE:
      f[0] = ff->LightModel.TwoSide;
      *kind = FF_VALUE_BOOL;
      return true;
   case GL_LIGHT_MODEL_COLOR_CONTROL:
      f[0] = (GLfloat)ff->LightModel.ColorControl;
      return true;
   case GL_COLOR_MATERIAL_FACE:
      f[0] = (GLfloat)ff->ColorMaterial.Face;
      return true;
   case GL_COLOR_MATERIAL_PARAMETER:
      f[0] = (GLfloat)ff->ColorMaterial.Mode;
      return true;
   default:
      return false;
   }
}
