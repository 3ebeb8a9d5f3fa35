/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The fixed-function vertex shader of a key (GL 2.1 sections 2.11-2.12,
 * 2.14, 2.17): the modelview-projection transform, the eye-space position
 * for user clip planes (gl_ClipVertex), lighting from the built-in
 * uniforms gl_LightSource[] and gl_Front/BackMaterial (or the colours
 * passed on unlit), each enabled unit's texture coordinates through its
 * texture matrix, and the fog coordinate (the eye distance approximated
 * by |z_e|, or glFogCoord).  Not yet: texture coordinate generation,
 * point sizes.
 */
#include "main/mtypes.h"
#include "state_tracker/st_ff.h"
#include "util/ralloc.h"
#include "util/u_math.h"

/* Adds one light's share to the ambient, diffuse and specular sums
 * (equation 2.1 of section 2.14.1 without the material factors, which
 * the caller applies once). */
static const char light_fn[] =
   "void ff_light(vec3 n, vec3 l, vec3 h, float att, int i, float shin,\n"
   "              inout vec4 a, inout vec4 d, inout vec4 s)\n"
   "{\n"
   "   float ndl = dot(n, l);\n"
   "   a += att * gl_LightSource[i].ambient;\n"
   "   d += att * max(ndl, 0.0) * gl_LightSource[i].diffuse;\n"
   "   if (ndl > 0.0) {\n"
   "      float ndh = max(dot(n, h), 0.0);\n"
   "      float sp = shin == 0.0 ? 1.0 : pow(ndh, shin);\n"
   "      s += att * sp * gl_LightSource[i].specular;\n"
   "   }\n"
   "}\n";

/* Whether the colour material replaces property prop of face back. */
static bool
tracks(const struct st_ff_key *key, bool back, GLenum prop)
{
   GLenum f = key->color_material_face, m = key->color_material_mode;
   if (!f || (back && f == GL_FRONT) || (!back && f == GL_BACK))
      return false;
   return m == prop ||
          (m == GL_AMBIENT_AND_DIFFUSE &&
           (prop == GL_AMBIENT || prop == GL_DIFFUSE));
}

/* The material property of a face: the colour material, the vertex's
 * own value (glMaterial between glBegin and glEnd) or the uniform. */
static char *
mat(void *mem, const struct st_ff_key *key, bool back, GLenum prop,
    const char *member)
{
   static const GLenum props[FF_MAT_PROPS] = {
      [FF_MAT_EMISSION] = GL_EMISSION,   [FF_MAT_AMBIENT] = GL_AMBIENT,
      [FF_MAT_DIFFUSE] = GL_DIFFUSE,     [FF_MAT_SPECULAR] = GL_SPECULAR,
      [FF_MAT_SHININESS] = GL_SHININESS,
   };

   if (tracks(key, back, prop))
      return ralloc_strdup(mem, "gl_Color");
   for (unsigned p = 0; p < FF_MAT_PROPS; p++) {
      unsigned bit = back * FF_MAT_PROPS + p;
      if (props[p] == prop && (key->mat_attribs & (1u << bit)))
         return ralloc_asprintf(mem, "ff_mat%u%s", bit,
                                prop == GL_SHININESS ? ".x" : "");
   }
   return ralloc_asprintf(mem, "gl_%sMaterial.%s", back ? "Back" : "Front",
                          member);
}

/* The lit colours of one face into gl_<Face>Color and
 * gl_<Face>SecondaryColor. */
static bool
light_face(char **s, void *mem, const struct st_ff_key *key, bool back)
{
   const char *face = back ? "Back" : "Front";
   const char *sign = back ? "-" : "";
   bool ok = ralloc_asprintf_append(
      s,
      "   {\n"
      "      vec4 a = vec4(0.0), d = vec4(0.0), sp = vec4(0.0);\n"
      "      vec3 fn = %sn;\n",
      sign);

   char *shin = mat(mem, key, back, GL_SHININESS, "shininess");
   for (unsigned i = 0; ok && i < FF_MAX_LIGHTS; i++) {
      if (!(key->light_mask & (1u << i)))
         continue;
      ok = shin && ralloc_asprintf_append(
                      s,
                      "      ff_light(fn, ldir[%u], lhalf[%u], latt[%u], %u, "
                      "%s, a, d, sp);\n",
                      i, i, i, i, shin);
   }
   char *em = mat(mem, key, back, GL_EMISSION, "emission");
   char *am = mat(mem, key, back, GL_AMBIENT, "ambient");
   char *dm = mat(mem, key, back, GL_DIFFUSE, "diffuse");
   char *sm = mat(mem, key, back, GL_SPECULAR, "specular");
   if (!ok || !em || !am || !dm || !sm)
      return false;
   ok = ralloc_asprintf_append(
      s,
      "      vec3 prim = %s.rgb + %s.rgb * (gl_LightModel.ambient.rgb + "
      "a.rgb) + %s.rgb * d.rgb;\n"
      "      vec3 spec = %s.rgb * sp.rgb;\n",
      em, am, dm, sm);
   if (ok && key->separate_specular)
      ok = ralloc_asprintf_append(s,
                                  "      gl_%sColor = vec4(prim, %s.a);\n"
                                  "      gl_%sSecondaryColor = "
                                  "vec4(spec, 0.0);\n",
                                  face, dm, face);
   else if (ok)
      ok = ralloc_asprintf_append(s,
                                  "      gl_%sColor = vec4(prim + spec, "
                                  "%s.a);\n"
                                  "      gl_%sSecondaryColor = vec4(0.0);\n",
                                  face, dm, face);
   return ok && ralloc_strcat(s, "   }\n");
}

/* Per enabled light: the unit vector to it, the half vector and the
 * attenuation times the spotlight effect (section 2.14.1). */
static bool
light_vectors(char **s, const struct st_ff_key *key)
{
   bool ok = ralloc_asprintf_append(
      s,
      "   vec3 n = gl_NormalMatrix * gl_Normal;\n"
      "%s%s"
      "   vec3 ve = %s;\n"
      "   vec3 ldir[8];\n"
      "   vec3 lhalf[8];\n"
      "   float latt[8];\n",
      key->rescale_normal ? "   n *= gl_NormalScale;\n" : "",
      key->normalize ? "   n = normalize(n);\n" : "",
      key->local_viewer ? "-normalize(eye.xyz / eye.w)"
                        : "vec3(0.0, 0.0, 1.0)");

   for (unsigned i = 0; ok && i < FF_MAX_LIGHTS; i++) {
      if (!(key->light_mask & (1u << i)))
         continue;
      ok = ralloc_asprintf_append(
         s,
         "   {\n"
         "      vec4 p = gl_LightSource[%u].position;\n"
         "      float att = 1.0;\n"
         "      vec3 l;\n"
         "      if (p.w != 0.0) {\n"
         "         vec3 v = p.xyz / p.w - eye.xyz / eye.w;\n"
         "         float dist = length(v);\n"
         "         l = normalize(v);\n"
         "         att = 1.0 / (gl_LightSource[%u].constantAttenuation +\n"
         "                      gl_LightSource[%u].linearAttenuation * dist +\n"
         "                      gl_LightSource[%u].quadraticAttenuation *\n"
         "                         dist * dist);\n"
         "      } else {\n"
         "         l = normalize(p.xyz);\n"
         "      }\n"
         "      /* Directional lights are spotlights too (2.14.1). */\n"
         "      if (gl_LightSource[%u].spotCutoff != 180.0) {\n"
         "         float sd = dot(-l, "
         "normalize(gl_LightSource[%u].spotDirection));\n"
         "         att *= sd >= gl_LightSource[%u].spotCosCutoff ?\n"
         "                   pow(max(sd, 0.0), "
         "gl_LightSource[%u].spotExponent) : 0.0;\n"
         "      }\n"
         "      ldir[%u] = l;\n"
         "      lhalf[%u] = normalize(l + ve);\n"
         "      latt[%u] = att;\n"
         "   }\n",
         i, i, i, i, i, i, i, i, i, i, i);
   }
   return ok;
}

/* GL 2.1 section 2.12.3: the generated coordinates of unit u replace the
 * enabled ones of gl_MultiTexCoord<u> before the texture matrix. */
static bool
tex_gen(char **s, const struct st_ff_key_unit *k, unsigned u)
{
   static const char comp[] = "stpq", plane[] = "STRQ";
   bool ok = ralloc_asprintf_append(
      s,
      "   {\n"
      "      vec4 tc = gl_MultiTexCoord%u;\n"
      "      vec3 gn = normalize(gl_NormalMatrix * gl_Normal);\n"
      "      vec3 gu = normalize(eye.xyz);\n"
      "      vec3 gr = reflect(gu, gn);\n"
      "      float gm = 2.0 * sqrt(gr.x * gr.x + gr.y * gr.y + "
      "(gr.z + 1.0) * (gr.z + 1.0));\n",
      u);

   for (unsigned c = 0; ok && c < 4; c++) {
      if (!(k->gen_mask & (1u << c)))
         continue;
      switch (k->gen_mode[c]) {
      case GL_OBJECT_LINEAR:
         ok = ralloc_asprintf_append(
            s, "      tc.%c = dot(gl_ObjectPlane%c[%u], gl_Vertex);\n",
            comp[c], plane[c], u);
         break;
      case GL_EYE_LINEAR:
         ok = ralloc_asprintf_append(
            s, "      tc.%c = dot(gl_EyePlane%c[%u], eye);\n", comp[c],
            plane[c], u);
         break;
      case GL_SPHERE_MAP:
         ok = ralloc_asprintf_append(
            s, "      tc.%c = gr[%u] / (gm == 0.0 ? 1.0 : gm) + 0.5;\n",
            comp[c], c);
         break;
      case GL_REFLECTION_MAP:
         ok = ralloc_asprintf_append(s, "      tc.%c = gr[%u];\n", comp[c],
                                     c);
         break;
      default: /* GL_NORMAL_MAP */
         ok = ralloc_asprintf_append(s, "      tc.%c = gn[%u];\n", comp[c],
                                     c);
         break;
      }
   }
   return ok && ralloc_asprintf_append(
                   s,
                   "      gl_TexCoord[%u] = gl_TextureMatrix[%u] * tc;\n"
                   "   }\n",
                   u, u);
}

char *
st_ff_vs_source(void *mem, const struct st_ff_key *key)
{
   if (key->pixel)
      return st_ff_pixel_vs_source(mem, key);
   bool lit = key->lighting;
   char *s = ralloc_strdup(mem, "#version 110\n"
                                "uniform float ff_point_size;\n");
   bool ok = s != NULL;

   u_foreach_bit(b, key->mat_attribs) {
      if (ok)
         ok = ralloc_asprintf_append(&s, "attribute vec4 ff_mat%u;\n", b);
   }
   /* The stipple counter, interpolated linearly in window space: times
    * w_c, with w_c, which perspective-correct interpolation divides back
    * out (GLSL 1.10 has no noperspective). */
   if (ok && key->line_stipple)
      ok = ralloc_strcat(&s, "attribute vec4 ff_stipple;\n"
                             "varying vec2 ff_stipple_s;\n");
   if (ok && key->depth_offset)
      ok = ralloc_strcat(&s, "attribute vec4 ff_zoffset;\n");
   if (ok && lit && key->light_mask)
      ok = ralloc_strcat(&s, light_fn);
   if (ok)
      ok = ralloc_strcat(&s, "void main()\n"
                             "{\n"
                             "   vec4 eye = gl_ModelViewMatrix * gl_Vertex;\n"
                             "   gl_Position = gl_ModelViewProjectionMatrix *"
                             " gl_Vertex;\n"
                             "   gl_ClipVertex = eye;\n");
   /* (a normalized-device offset: times w in clip space) */
   if (ok && key->depth_offset)
      ok = ralloc_strcat(&s, "   gl_Position.z += ff_zoffset.x * "
                             "gl_Position.w;\n");
   if (ok && !lit)
      ok = ralloc_strcat(&s, "   gl_FrontColor = gl_Color;\n"
                             "   gl_BackColor = gl_Color;\n"
                             "   gl_FrontSecondaryColor = "
                             "gl_SecondaryColor;\n"
                             "   gl_BackSecondaryColor = "
                             "gl_SecondaryColor;\n");
   if (ok && lit) {
      if (key->light_mask)
         ok = light_vectors(&s, key);
      /* Without lights: the emission and the scene's ambient only. */
      if (ok && !key->light_mask) {
         for (unsigned b = 0; ok && b < 2; b++) {
            char *em = mat(mem, key, b, GL_EMISSION, "emission");
            char *am = mat(mem, key, b, GL_AMBIENT, "ambient");
            char *dm = mat(mem, key, b, GL_DIFFUSE, "diffuse");
            const char *face = b ? "Back" : "Front";
            ok = em && am && dm &&
                 ralloc_asprintf_append(
                    &s,
                    "   gl_%sColor = vec4(%s.rgb + %s.rgb * "
                    "gl_LightModel.ambient.rgb, %s.a);\n"
                    "   gl_%sSecondaryColor = vec4(0.0);\n",
                    face, em, am, dm, face);
         }
      } else if (ok) {
         ok = light_face(&s, mem, key, false);
         if (ok)
            ok = light_face(&s, mem, key, true);
      }
   }

   for (unsigned u = 0; ok && u < FF_MAX_TEXTURE_UNITS; u++) {
      if (key->unit[u].target == ST_FF_TEX_NONE)
         continue;
      if (key->unit[u].gen_mask)
         ok = tex_gen(&s, &key->unit[u], u);
      else
         ok = ralloc_asprintf_append(&s,
                                     "   gl_TexCoord[%u] = "
                                     "gl_TextureMatrix[%u] * "
                                     "gl_MultiTexCoord%u;\n",
                                     u, u, u);
   }
   if (ok)
      ok = ralloc_strcat(&s, "   gl_PointSize = ff_point_size;\n");
   if (ok && key->line_stipple)
      ok = ralloc_strcat(&s, "   ff_stipple_s = vec2(ff_stipple.x, 1.0) * "
                             "gl_Position.w;\n");
   if (ok && key->fog_mode) {
      ok = ralloc_strcat(&s, key->fog_coord
                                ? "   gl_FogFragCoord = gl_FogCoord;\n"
                                : "   gl_FogFragCoord = abs(eye.z);\n");
   }
   if (ok)
      ok = ralloc_strcat(&s, "}\n");
   return ok ? s : NULL;
}
