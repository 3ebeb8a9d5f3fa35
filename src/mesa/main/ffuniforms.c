/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The values of the compatibility built-in uniforms that mirror the
 * lighting and fog state (GLSL 1.10 section 7.5): gl_LightSource[],
 * gl_LightModel, gl_FrontMaterial/gl_BackMaterial,
 * gl_Front/BackLightModelProduct, gl_Front/BackLightProduct[] and gl_Fog.
 * The linker lists them leaf by leaf ("LightSource[2].diffuse" here,
 * without "gl_"); _mesa_update_state_uniforms (matrix.c) asks for each.
 * With GL_COLOR_MATERIAL on, the tracked material properties are the
 * current colour (GL 2.1 section 2.14.3).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "main/context.h"
#include "main/desktop30.h"
#include "main/ffstate.h"

static void
material_of(struct gl_context *ctx, unsigned face, struct gl_ff_material *m)
{
   const struct gl_ff_state *ff = &ctx->FF;

   *m = ff->Material[face];
   if (!ff->ColorMaterial.Enabled)
      return;
   GLenum f = ff->ColorMaterial.Face;
   if ((face == 0 && f == GL_BACK) || (face == 1 && f == GL_FRONT))
      return;
   const GLfloat *c = ctx->CurrentAttrib[VERT_ATTRIB_COLOR0];
   switch (ff->ColorMaterial.Mode) {
   case GL_EMISSION: memcpy(m->Emission, c, 16); break;
   case GL_AMBIENT: memcpy(m->Ambient, c, 16); break;
   case GL_DIFFUSE: memcpy(m->Diffuse, c, 16); break;
   case GL_SPECULAR: memcpy(m->Specular, c, 16); break;
   default:
      memcpy(m->Ambient, c, 16);
      memcpy(m->Diffuse, c, 16);
      break;
   }
}

static bool
vec4(GLfloat v[4], unsigned *n, const GLfloat *src)
{
   memcpy(v, src, 16);
   *n = 4;
   return true;
}

static bool
scalar(GLfloat v[4], unsigned *n, GLfloat f)
{
   v[0] = f;
   *n = 1;
   return true;
}

static bool
light_source(const struct gl_ff_light *l, const char *m, GLfloat v[4],
             unsigned *n)
{
   if (!strcmp(m, "ambient"))
      return vec4(v, n, l->Ambient);
   if (!strcmp(m, "diffuse"))
      return vec4(v, n, l->Diffuse);
   if (!strcmp(m, "specular"))
      return vec4(v, n, l->Specular);
   if (!strcmp(m, "position"))
      return vec4(v, n, l->Position);
   if (!strcmp(m, "halfVector")) {
      /* The half vector of an infinite viewer: P normalised plus the
       * eye direction (0, 0, 1), normalised. */
      GLfloat p[3], len = 0.0f;
      for (unsigned c = 0; c < 3; c++)
         len += l->Position[c] * l->Position[c];
      len = len > 0.0f ? sqrtf(len) : 1.0f;
      for (unsigned c = 0; c < 3; c++)
         p[c] = l->Position[c] / len + (c == 2 ? 1.0f : 0.0f);
      len = sqrtf(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
      for (unsigned c = 0; c < 3; c++)
         v[c] = len > 0.0f ? p[c] / len : 0.0f;
      v[3] = 1.0f;
      *n = 4;
      return true;
   }
   if (!strcmp(m, "spotDirection")) {
      memcpy(v, l->SpotDirection, 12);
      *n = 3;
      return true;
   }
   if (!strcmp(m, "spotExponent"))
      return scalar(v, n, l->SpotExponent);
   if (!strcmp(m, "spotCutoff"))
      return scalar(v, n, l->SpotCutoff);
   if (!strcmp(m, "spotCosCutoff"))
      return scalar(v, n, cosf(l->SpotCutoff * (float)M_PI / 180.0f));
   if (!strcmp(m, "constantAttenuation"))
      return scalar(v, n, l->Attenuation[0]);
   if (!strcmp(m, "linearAttenuation"))
      return scalar(v, n, l->Attenuation[1]);
   if (!strcmp(m, "quadraticAttenuation"))
      return scalar(v, n, l->Attenuation[2]);
   return false;
}

static bool
material(const struct gl_ff_material *mat, const char *m, GLfloat v[4],
         unsigned *n)
{
   if (!strcmp(m, "emission"))
      return vec4(v, n, mat->Emission);
   if (!strcmp(m, "ambient"))
      return vec4(v, n, mat->Ambient);
   if (!strcmp(m, "diffuse"))
      return vec4(v, n, mat->Diffuse);
   if (!strcmp(m, "specular"))
      return vec4(v, n, mat->Specular);
   if (!strcmp(m, "shininess"))
      return scalar(v, n, mat->Shininess);
   return false;
}

/* gl_LightProducts: the material times the light, per component. */
static bool
light_product(const struct gl_ff_material *mat, const struct gl_ff_light *l,
              const char *m, GLfloat v[4], unsigned *n)
{
   const GLfloat *a, *b;

   if (!strcmp(m, "ambient")) {
      a = mat->Ambient;
      b = l->Ambient;
   } else if (!strcmp(m, "diffuse")) {
      a = mat->Diffuse;
      b = l->Diffuse;
   } else if (!strcmp(m, "specular")) {
      a = mat->Specular;
      b = l->Specular;
   } else {
      return false;
   }
   for (unsigned c = 0; c < 4; c++)
      v[c] = a[c] * b[c];
   *n = 4;
   return true;
}

bool
_mesa_ff_builtin_array(struct gl_context *ctx, const char *name, unsigned e,
                       GLfloat v[4])
{
   static const char *const coords = "STRQ";
   const struct gl_ff_texture_unit *t =
      e < FF_MAX_TEXTURE_UNITS ? &ctx->FF.Tex[e] : NULL;
   char base[32];

   /* The linker names arrays as the API does: "gl_EyePlaneS[0]". */
   size_t len = strcspn(name, "[");
   if (len >= sizeof(base))
      return false;
   memcpy(base, name, len);
   base[len] = 0;
   name = base;

   if (!strncmp(name, "gl_EyePlane", 11) && t && name[11] && !name[12] &&
       strchr(coords, name[11])) {
      memcpy(v, t->EyePlane[strchr(coords, name[11]) - coords], 16);
      return true;
   }
   if (!strncmp(name, "gl_ObjectPlane", 14) && t && name[14] &&
       !name[15] && strchr(coords, name[14])) {
      memcpy(v, t->ObjectPlane[strchr(coords, name[14]) - coords], 16);
      return true;
   }
   if (!strcmp(name, "gl_TextureEnvColor") && t) {
      /* (clamped as the fixed-function stages use it: desktop30.h) */
      _mesa_fragment_clamp_values(ctx, t->EnvColor, v, 4);
      return true;
   }
   if (!strcmp(name, "gl_ClipPlane") && e < 8) {
      memcpy(v, ctx->Transform.EyeUserPlane[e], 16);
      return true;
   }
   return false;
}

bool
_mesa_ff_builtin_uniform(struct gl_context *ctx, const char *name,
                         GLfloat v[4], unsigned *n)
{
   const struct gl_ff_state *ff = &ctx->FF;
   struct gl_ff_material mat;
   unsigned i;
   int used = 0;

   if (sscanf(name, "LightSource[%u].%n", &i, &used) == 1 && used &&
       i < FF_MAX_LIGHTS)
      return light_source(&ff->Light[i], name + used, v, n);
   bool back = !strncmp(name, "Back", 4);
   const char *rest = name + (back ? 4 : !strncmp(name, "Front", 5) ? 5 : 0);
   if (rest != name) {
      material_of(ctx, back, &mat);
      if (!strncmp(rest, "Material.", 9))
         return material(&mat, rest + 9, v, n);
      if (!strcmp(rest, "LightModelProduct.sceneColor")) {
         /* e_cm + a_cm * a_cs; alpha that of the diffuse material. */
         for (unsigned c = 0; c < 3; c++)
            v[c] = mat.Emission[c] +
                   mat.Ambient[c] * ff->LightModel.Ambient[c];
         v[3] = mat.Diffuse[3];
         *n = 4;
         return true;
      }
      used = 0;
      if (sscanf(rest, "LightProduct[%u].%n", &i, &used) == 1 && used &&
          i < FF_MAX_LIGHTS)
         return light_product(&mat, &ff->Light[i], rest + used, v, n);
      return false;
   }
   if (!strcmp(name, "LightModel.ambient"))
      return vec4(v, n, ff->LightModel.Ambient);
   if (!strcmp(name, "Fog.color")) {
      GLfloat c[4]; /* (as gl_TextureEnvColor) */
      _mesa_fragment_clamp_values(ctx, ff->Fog.Color, c, 4);
      return vec4(v, n, c);
   }
   if (!strcmp(name, "Fog.density"))
      return scalar(v, n, ff->Fog.Density);
   if (!strcmp(name, "Fog.start"))
      return scalar(v, n, ff->Fog.Start);
   if (!strcmp(name, "Fog.end"))
      return scalar(v, n, ff->Fog.End);
   if (!strcmp(name, "Fog.scale")) {
      GLfloat span = ff->Fog.End - ff->Fog.Start;
      return scalar(v, n, span != 0.0f ? 1.0f / span : 0.0f);
   }
   return false;
}
