/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * OpenGL ES 2.0 shading-language extensions, drawn and read back:
 *
 * 1. EXT_shader_texture_lod: a 4 x 4 texture whose levels 0, 1 and 2
 *    are red, green and blue, sampled with NEAREST_MIPMAP_NEAREST
 *    (magnified, so implicit lookups would read level 0).
 *    texture2DLodEXT at levels 0, 1 and 2 reads red, green, blue;
 *    texture2DProjLodEXT at level 1 with q = 2 reads green;
 *    texture2DGradEXT with gradients (0.5, 0) and (0, 0.5) gives
 *    rho = 0.5 * 4 = 2, level log2(2) = 1 (ES 2.0 section 3.7.7, the
 *    extension's "Texture Lookup Functions"): green; with (1, 0) and
 *    (0, 1), level 2: blue.  textureCubeLodEXT on a cube map whose two
 *    levels are red and green reads green at level 1.
 * 2. EXT_shadow_samplers: a 2 x 1 DEPTH_COMPONENT texture (OES_depth_
 *    texture) of depths 0.25 and 0.75 with TEXTURE_COMPARE_MODE
 *    COMPARE_REF_TO_TEXTURE_EXT and TEXTURE_COMPARE_FUNC LEQUAL:
 *    shadow2DEXT with reference 0.5 is 0 over the left texel (0.5 > 0.25)
 *    and 1 over the right one; shadow2DProjEXT with (2s, 1, 1, 2) the
 *    same.  GREATER swaps them.  The parameters read back, and a bad
 *    compare mode is GL_INVALID_ENUM.
 * 3. OES_texture_3D: a 1 x 1 x 2 texture made with glTexImage3DOES
 *    (slices red, green), NEAREST: texture3D at r = 0.25 reads red, at
 *    0.75 green; texture3DProj of (1, 1, 1.5, 2) reads r = 0.75, green.
 *    glTexSubImage3DOES makes slice 0 blue; glFramebufferTexture3DOES
 *    attaches slice 1 (its ZOFFSET reads back), which a clear makes
 *    white.  TEXTURE_WRAP_R_OES, TEXTURE_BINDING_3D_OES and
 *    MAX_3D_TEXTURE_SIZE_OES (positive) read back.
 *
 * A step runs when the context has its extension (all of them with
 * --no-skip).  The expected values follow from the specifications;
 * Debian's llvmpipe (Mesa 22.3) has only OES_texture_3D in ES 2.0
 * contexts, and passes step 3.
 */
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <stdio.h>

#include "e2e_gl.h"

#define S 16

/* mode 0: texture2DLodEXT(lod), 1: texture2DProjLodEXT(lod), 2:
 * texture2DGradEXT(g), 3: textureCubeLodEXT(lod) */
static const char fs_lod[] =
   "#extension GL_EXT_shader_texture_lod : require\n"
   "precision highp float;\n"
   "uniform sampler2D tex;\n"
   "uniform samplerCube cube;\n"
   "uniform int mode;\n"
   "uniform float lod, g;\n"
   "varying vec2 uv;\n"
   "void main() {\n"
   "   if (mode == 0)\n"
   "      gl_FragColor = texture2DLodEXT(tex, uv, lod);\n"
   "   else if (mode == 1)\n"
   "      gl_FragColor = texture2DProjLodEXT(tex, vec3(uv * 2.0, 2.0), "
   "lod);\n"
   "   else if (mode == 2)\n"
   "      gl_FragColor = texture2DGradEXT(tex, uv, vec2(g, 0.0), "
   "vec2(0.0, g));\n"
   "   else\n"
   "      gl_FragColor = textureCubeLodEXT(cube, vec3(1.0, uv - 0.5), "
   "lod);\n"
   "}\n";

static const char fs_shadow[] =
   "#extension GL_EXT_shadow_samplers : require\n"
   "precision highp float;\n"
   "uniform lowp sampler2DShadow sh;\n"
   "uniform bool proj;\n"
   "varying vec2 uv;\n"
   "void main() {\n"
   "   float f = proj ? shadow2DProjEXT(sh, vec4(uv.x * 2.0, 1.0, 1.0, "
   "2.0))\n"
   "                  : shadow2DEXT(sh, vec3(uv.x, 0.5, 0.5));\n"
   "   gl_FragColor = vec4(f, f, f, 1.0);\n"
   "}\n";

static const char fs_3d[] =
   "#extension GL_OES_texture_3D : require\n"
   "precision highp float;\n"
   "uniform highp sampler3D t;\n"
   "uniform float r;\n"
   "void main() {\n"
   "   gl_FragColor = r < 0.0 ? texture3DProj(t, vec4(1.0, 1.0, 1.5, 2.0))\n"
   "                          : texture3D(t, vec3(0.5, 0.5, r));\n"
   "}\n";

static void
draw(void)
{
   glClearColor(0.5f, 0.5f, 0.5f, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, e2e_gl_quad_strip);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/* One solid-colour image per level of the bound target (size >> level). */
static void
fill_levels(GLenum target, int size, int levels, const uint8_t *const *c)
{
   static uint8_t texels[4 * 4 * 4];

   for (int l = 0; l < levels; l++) {
      int n = size >> l;
      for (int i = 0; i < n * n; i++) {
         for (int k = 0; k < 4; k++)
            texels[4 * i + k] = c[l][k];
      }
      glTexImage2D(target, l, GL_RGBA, n, n, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                   texels);
   }
}

static bool
check_lod(GLuint prog, bool quiet)
{
   static const uint8_t *const levels[] = {e2e_gl_red, e2e_gl_green,
                                           e2e_gl_blue};
   GLuint tex[2];
   bool ok = true;

   glGenTextures(2, tex);
   glActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   fill_levels(GL_TEXTURE_2D, 4, 3, levels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER,
                   GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glActiveTexture(GL_TEXTURE1);
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex[1]);
   for (int f = 0; f < 6; f++)
      fill_levels(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 2, 2, levels);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER,
                   GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glUseProgram(prog);
   glUniform1i(glGetUniformLocation(prog, "tex"), 0);
   glUniform1i(glGetUniformLocation(prog, "cube"), 1);

   static const struct {
      int mode;
      float lod, g;
      const uint8_t *want;
      const char *what;
   } cases[] = {
      {0, 0, 0, e2e_gl_red, "texture2DLodEXT, level 0"},
      {0, 1, 0, e2e_gl_green, "texture2DLodEXT, level 1"},
      {0, 2, 0, e2e_gl_blue, "texture2DLodEXT, level 2"},
      {1, 1, 0, e2e_gl_green, "texture2DProjLodEXT, level 1"},
      {2, 0, 0.5f, e2e_gl_green, "texture2DGradEXT, rho 2"},
      {2, 0, 1.0f, e2e_gl_blue, "texture2DGradEXT, rho 4"},
      {3, 1, 0, e2e_gl_green, "textureCubeLodEXT, level 1"},
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      glUniform1i(glGetUniformLocation(prog, "mode"), cases[i].mode);
      glUniform1f(glGetUniformLocation(prog, "lod"), cases[i].lod);
      glUniform1f(glGetUniformLocation(prog, "g"), cases[i].g);
      draw();
      ok &= e2e_gl_probe_read(S, S, S / 4, S / 4, cases[i].want, 1,
                              cases[i].what, quiet);
      ok &= e2e_gl_probe_read(S, S, 3 * S / 4, 3 * S / 4, cases[i].want,
                              1, cases[i].what, quiet);
   }
   glDeleteTextures(2, tex);
   glActiveTexture(GL_TEXTURE0);
   return ok;
}

static bool
check_shadow(GLuint prog, bool quiet)
{
   static const GLushort depths[2] = {16384, 49151}; /* 0.25, 0.75 */
   GLuint tex;
   GLint v = 0;
   bool ok = true;

   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 2, 1, 0,
                GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, depths);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE_EXT,
                   GL_COMPARE_REF_TO_TEXTURE_EXT);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC_EXT, GL_LEQUAL);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "compare parameters set", quiet);
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE_EXT, &v);
   ok &= e2e_gl_check("TEXTURE_COMPARE_MODE_EXT", v,
                      GL_COMPARE_REF_TO_TEXTURE_EXT, quiet);
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC_EXT, &v);
   ok &= e2e_gl_check("TEXTURE_COMPARE_FUNC_EXT", v, GL_LEQUAL, quiet);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE_EXT, GL_LEQUAL);
   ok &= e2e_gl_expect_error(GL_INVALID_ENUM, "compare mode LEQUAL", quiet);

   glUseProgram(prog);
   glUniform1i(glGetUniformLocation(prog, "sh"), 0);
   for (int proj = 0; proj < 2; proj++) {
      for (int greater = 0; greater < 2; greater++) {
         char what[64];
         glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC_EXT,
                         greater ? GL_GREATER : GL_LEQUAL);
         glUniform1i(glGetUniformLocation(prog, "proj"), proj);
         draw();
         snprintf(what, sizeof(what), "%s, %s, left texel",
                  proj ? "shadow2DProjEXT" : "shadow2DEXT",
                  greater ? "GREATER" : "LEQUAL");
         ok &= e2e_gl_probe_read(S, S, S / 4, S / 2,
                                 greater ? e2e_gl_white : e2e_gl_black, 1, what,
                                 quiet);
         snprintf(what, sizeof(what), "%s, %s, right texel",
                  proj ? "shadow2DProjEXT" : "shadow2DEXT",
                  greater ? "GREATER" : "LEQUAL");
         ok &= e2e_gl_probe_read(S, S, 3 * S / 4, S / 2,
                                 greater ? e2e_gl_black : e2e_gl_white, 1, what,
                                 quiet);
      }
   }
   glDeleteTextures(1, &tex);
   return ok;
}

static PFNGLTEXIMAGE3DOESPROC tex_image_3d;
static PFNGLTEXSUBIMAGE3DOESPROC tex_sub_image_3d;
static PFNGLFRAMEBUFFERTEXTURE3DOESPROC framebuffer_texture_3d;

static bool
check_3d(GLuint prog, bool quiet)
{
   static const uint8_t slices[2][4] = {{255, 0, 0, 255}, {0, 255, 0, 255}};
   GLuint tex, fbo;
   bool ok = true;

   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_3D_OES, tex);
   tex_image_3d(GL_TEXTURE_3D_OES, 0, GL_RGBA, 1, 1, 2, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, slices);
   glTexParameteri(GL_TEXTURE_3D_OES, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_3D_OES, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_3D_OES, GL_TEXTURE_WRAP_R_OES,
                   GL_CLAMP_TO_EDGE);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "glTexImage3DOES", quiet);
   GLint v = -1;
   glGetTexParameteriv(GL_TEXTURE_3D_OES, GL_TEXTURE_WRAP_R_OES, &v);
   ok &= e2e_gl_check("TEXTURE_WRAP_R_OES", v, GL_CLAMP_TO_EDGE, quiet);
   ok &= e2e_gl_check("TEXTURE_BINDING_3D_OES",
                      e2e_gl_integer(GL_TEXTURE_BINDING_3D_OES), tex, quiet);
   ok &= e2e_gl_check("MAX_3D_TEXTURE_SIZE_OES > 0",
                      e2e_gl_integer(GL_MAX_3D_TEXTURE_SIZE_OES) > 0, 1,
                      quiet);

   glUseProgram(prog);
   glUniform1i(glGetUniformLocation(prog, "t"), 0);
   static const struct {
      float r;
      const uint8_t *want;
      const char *what;
   } cases[] = {
      {0.25f, e2e_gl_red, "texture3D, slice 0"},
      {0.75f, e2e_gl_green, "texture3D, slice 1"},
      {-1.0f, e2e_gl_green, "texture3DProj, slice 1"},
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      glUniform1f(glGetUniformLocation(prog, "r"), cases[i].r);
      draw();
      ok &= e2e_gl_probe_read(S, S, S / 2, S / 2, cases[i].want, 1,
                              cases[i].what, quiet);
   }
   tex_sub_image_3d(GL_TEXTURE_3D_OES, 0, 0, 0, 0, 1, 1, 1, GL_RGBA,
                    GL_UNSIGNED_BYTE, e2e_gl_blue);
   glUniform1f(glGetUniformLocation(prog, "r"), 0.25f);
   draw();
   ok &= e2e_gl_probe_read(S, S, S / 2, S / 2, e2e_gl_blue, 1,
                           "glTexSubImage3DOES, slice 0", quiet);

   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   framebuffer_texture_3d(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                          GL_TEXTURE_3D_OES, tex, 0, 1);
   ok &= e2e_gl_check("slice 1 framebuffer complete",
                      glCheckFramebufferStatus(GL_FRAMEBUFFER),
                      GL_FRAMEBUFFER_COMPLETE, quiet);
   v = -1;
   glGetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
      GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_3D_ZOFFSET_OES, &v);
   ok &= e2e_gl_check("FRAMEBUFFER_ATTACHMENT_TEXTURE_3D_ZOFFSET_OES", v, 1,
                      quiet);
   glViewport(0, 0, 1, 1);
   glClearColor(1, 1, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);
   glViewport(0, 0, S, S);
   glUniform1f(glGetUniformLocation(prog, "r"), 0.75f);
   draw();
   ok &= e2e_gl_probe_read(S, S, S / 2, S / 2, e2e_gl_white, 1,
                           "slice 1 cleared through glFramebufferTexture3DOES",
                           quiet);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "3D texture commands", quiet);
   glDeleteTextures(1, &tex);
   return ok;
}

/* Whether a step runs: its extensions are there, or (a failure with
 * --no-skip) it is skipped. */
static bool
step(const struct e2e_gl_options *opts, const char *const *exts,
     unsigned n, bool *ok)
{
   for (unsigned i = 0; i < n; i++) {
      if (!e2e_gl_has_extension(exts[i])) {
         fprintf(stderr, "%s: no %s\n", opts->no_skip ? "FAIL" : "skip",
                 exts[i]);
         *ok &= !opts->no_skip;
         return false;
      }
   }
   return true;
}

int
main(int argc, char **argv)
{
   static const char *const lod_exts[] = {"GL_EXT_shader_texture_lod"};
   static const char *const shadow_exts[] = {"GL_EXT_shadow_samplers",
                                             "GL_OES_depth_texture"};
   static const char *const tex3d_exts[] = {"GL_OES_texture_3D"};
   bool quiet = false;
   struct e2e_gl_options opts = {.width = S, .height = S, .es_major = 2};
   struct e2e_gl gl;
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;
   const char *const attribs[] = {"pos", NULL};
   bool ok = true;
   if (step(&opts, lod_exts, 1, &ok)) {
      GLuint prog = e2e_gl_program(e2e_gl_es2_uv_vs, fs_lod, attribs);
      ok &= prog && check_lod(prog, quiet);
   }
   if (step(&opts, shadow_exts, 2, &ok)) {
      GLuint prog = e2e_gl_program(e2e_gl_es2_uv_vs, fs_shadow, attribs);
      ok &= prog && check_shadow(prog, quiet);
   }
   if (step(&opts, tex3d_exts, 1, &ok)) {
      static const struct e2e_gl_proc procs[] = {
         {"glTexImage3DOES", &tex_image_3d},
         {"glTexSubImage3DOES", &tex_sub_image_3d},
         {"glFramebufferTexture3DOES", &framebuffer_texture_3d},
      };
      GLuint prog = e2e_gl_program(e2e_gl_es2_uv_vs, fs_3d, attribs);
      ok &= E2E_GL_PROCS(procs) && prog && check_3d(prog, quiet);
   }
   return e2e_gl_finish(&gl, ok, quiet);
}
