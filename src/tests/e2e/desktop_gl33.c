/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * A desktop OpenGL 3.3 core context through EGL (EGL_OPENGL_API, the
 * core profile being EGL_KHR_create_context's default) drawing with what
 * GL 3.3 adds, checked against values worked out by hand from the GL 3.3
 * core specification (2010-03-11) and GLSL 3.30:
 *
 * - the version queries: GL_MAJOR/MINOR_VERSION 3.3 (or later), the
 *   core profile bit, GL_SHADING_LANGUAGE_VERSION 3.30 (or later);
 * - dual-source blending (section 4.1.8) with the GLSL 3.30
 *   layout(location = 0, index = 1) output, instanced (section 2.8.3)
 *   with a per-instance attribute of type UNSIGNED_INT_2_10_10_10_REV
 *   (section 2.8, unnormalized: the fields are integers as floats) read
 *   once an instance (glVertexAttribDivisor 1);
 * - an RGB10_A2UI texture (table 3.12) sampled with texelFetch through a
 *   GL_TEXTURE_SWIZZLE_RGBA swizzle (section 3.8.7), drawn into an
 *   RGB10_A2UI renderbuffer and read back as unsigned integers;
 * - 36 uniform blocks, 12 in each of the vertex, geometry and fragment
 *   shaders (GL_MAX_COMBINED_UNIFORM_BLOCKS, GL 3.2 table 6.51), each at
 *   its own binding point (see draw_36_blocks).
 *
 * The 32 x 16 framebuffer is cleared to (0.4, 0.8, 0.2, 1.0), exactly
 * (102, 204, 51, 255).  One quad 8 pixels wide at x 0-8, drawn twice:
 * instance i moves it right by the x field of its packed attribute (0,
 * then 8 pixels) and scales the second colour by its y field (1, then
 * 2).  The fragment shader's colours: c0 = (1, 0.5, 0.25, 1),
 * c1 = (0.25, 0.5, 0.375, 0.5) * y.  glBlendFunc(SRC1_COLOR,
 * ONE_MINUS_SRC1_COLOR) gives c0 * c1 + dst * (1 - c1):
 *   instance 0 (x 0-7):  R 1 * 0.25 + 0.4 * 0.75 = 0.55 -> 140,
 *                        G 0.5 * 0.5 + 0.8 * 0.5 = 0.65 -> 166,
 *                        B 0.25 * 0.375 + 0.2 * 0.625 = 0.21875 -> 56,
 *                        A 1 * 0.5 + 1 * 0.5 = 1 -> 255;
 *   instance 1 (x 8-15): c1 = (0.5, 1, 0.75, 1):
 *                        R 0.5 + 0.4 * 0.5 = 0.7 -> 178.5,
 *                        G 0.5 + 0 = 0.5 -> 127.5,
 *                        B 0.1875 + 0.2 * 0.25 = 0.2375 -> 61,
 *                        A 1 + 0 = 1 -> 255;
 *   x 16-31: the clear colour.
 *
 * The RGB10_A2UI texture is 2 x 1: texel 0 (1000, 500, 20, 3), texel 1
 * (7, 1023, 512, 1), uploaded as RGBA_INTEGER / UNSIGNED_INT_2_10_10_10_REV
 * words; with the swizzle (BLUE, RED, GREEN, ALPHA) texelFetch returns
 * (20, 1000, 500, 3) and (512, 7, 1023, 1), written to pixels 0 and 1 of
 * a 2 x 1 RGB10_A2UI renderbuffer.
 *
 * Usage: desktop_gl33 [--quiet] [--no-skip]
 * Exit status: 0 pass, 1 fail, 77 no desktop 3.3 context.
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"

#define W 32
#define H 16

/* Desktop tokens that the ES headers lack. */
#define E2E_GL_SRC1_COLOR 0x88F9
#define E2E_GL_ONE_MINUS_SRC1_COLOR 0x88FA
#define E2E_GL_TEXTURE_SWIZZLE_RGBA 0x8E46
#define E2E_GL_CONTEXT_PROFILE_MASK 0x9126
#define E2E_GL_CONTEXT_CORE_PROFILE_BIT 0x1

static const char vs_blend[] =
   "#version 330 core\n"
   "layout(location = 0) in vec2 pos;\n"
   "layout(location = 3) in vec4 inst;\n"
   "out float scale;\n"
   "void main() {\n"
   "   gl_Position = vec4(pos.x + inst.x / 16.0, pos.y, 0.0, 1.0);\n"
   "   scale = inst.y;\n"
   "}\n";
static const char fs_blend[] =
   "#version 330 core\n"
   "in float scale;\n"
   "layout(location = 0, index = 0) out vec4 c0;\n"
   "layout(location = 0, index = 1) out vec4 c1;\n"
   "void main() {\n"
   "   c0 = vec4(1.0, 0.5, 0.25, 1.0);\n"
   "   c1 = vec4(0.25, 0.5, 0.375, 0.5) * scale;\n"
   "}\n";
static const char vs_full[] = "#version 330 core\n"
                              "layout(location = 0) in vec2 pos;\n"
                              "void main() {\n"
                              "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                              "}\n";
static const char fs_fetch[] =
   "#version 330 core\n"
   "uniform usampler2D tex;\n"
   "out uvec4 color;\n"
   "void main() {\n"
   "   color = texelFetch(tex, ivec2(gl_FragCoord.x, 0), 0);\n"
   "}\n";

static bool
check_error(const char *what)
{
   GLenum e = glGetError();
   if (e == GL_NO_ERROR)
      return true;
   printf("FAIL %s: GL error 0x%x\n", what, e);
   return false;
}

static uint32_t
pack_1010102(unsigned x, unsigned y, unsigned z, unsigned w)
{
   return x | y << 10 | z << 20 | w << 30;
}

static bool
check_versions(bool quiet)
{
   GLint major = 0, minor = 0, mask = 0;
   glGetIntegerv(GL_MAJOR_VERSION, &major);
   glGetIntegerv(GL_MINOR_VERSION, &minor);
   glGetIntegerv(E2E_GL_CONTEXT_PROFILE_MASK, &mask);
   const char *glsl =
      (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
   /* EGL_KHR_create_context: a later compatible version may be
    * returned (llvmpipe gives 4.5). */
   int gmaj = 0, gmin = 0;
   if (glsl)
      sscanf(glsl, "%d.%d", &gmaj, &gmin);
   bool ok = major * 10 + minor >= 33 &&
             (mask & E2E_GL_CONTEXT_CORE_PROFILE_BIT) &&
             gmaj * 100 + gmin >= 330;
   if (!ok || !quiet)
      printf("%s version %d.%d, profile mask 0x%x, GLSL \"%s\"\n",
             ok ? "ok" : "FAIL", major, minor, mask, glsl ? glsl : "(null)");
   return ok && check_error("version queries");
}

static bool
draw_dual_source(GLuint vao, bool quiet)
{
   bool ok = true;
   GLuint prog = e2e_gl_program(vs_blend, fs_blend, NULL);
   if (!prog)
      return false;

   /* A quad over x 0-8 of 32 (NDC -1 .. -0.5), the whole height. */
   static const float quad[] = {-1.0f, -1.0f, -0.5f, -1.0f,
                                -1.0f, 1.0f,  -0.5f, 1.0f};
   const uint32_t inst[2] = {pack_1010102(0, 1, 0, 0),
                             pack_1010102(8, 2, 0, 0)};
   GLuint bufs[2];
   glBindVertexArray(vao);
   glGenBuffers(2, bufs);
   glBindBuffer(GL_ARRAY_BUFFER, bufs[0]);
   glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
   glEnableVertexAttribArray(0);
   glBindBuffer(GL_ARRAY_BUFFER, bufs[1]);
   glBufferData(GL_ARRAY_BUFFER, sizeof(inst), inst, GL_STATIC_DRAW);
   glVertexAttribPointer(3, 4, GL_UNSIGNED_INT_2_10_10_10_REV, GL_FALSE, 0,
                         (void *)0);
   glVertexAttribDivisor(3, 1);
   glEnableVertexAttribArray(3);
   ok &= check_error("vertex arrays");

   glClearColor(0.4f, 0.8f, 0.2f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glUseProgram(prog);
   glEnable(GL_BLEND);
   glBlendFunc(E2E_GL_SRC1_COLOR, E2E_GL_ONE_MINUS_SRC1_COLOR);
   glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, 2);
   glDisable(GL_BLEND);
   ok &= check_error("dual-source instanced draw");

   static uint8_t pixels[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   ok &= check_error("glReadPixels");
   static const struct {
      const char *what;
      int x, y;
      uint8_t rgba[4];
   } probes[] = {
      {"instance 0, SRC1 factors", 4, 8, {140, 166, 56, 255}},
      {"instance 0, corner", 0, 0, {140, 166, 56, 255}},
      {"instance 1 (divisor), SRC1 factors", 12, 8, {178, 127, 61, 255}},
      {"instance 1, corner", 15, 15, {178, 127, 61, 255}},
      {"not drawn", 24, 8, {102, 204, 51, 255}},
   };
   for (size_t i = 0; i < sizeof(probes) / sizeof(probes[0]); ++i)
      ok &= e2e_gl_probe(pixels, W, probes[i].x, probes[i].y,
                         probes[i].rgba, 2, probes[i].what, quiet);
   glDeleteBuffers(2, bufs);
   glDisableVertexAttribArray(3);
   glVertexAttribDivisor(3, 0);
   glDeleteProgram(prog);
   return ok;
}

static bool
draw_rgb10_a2ui(GLuint vao, bool quiet)
{
   bool ok = true;
   GLuint prog = e2e_gl_program(vs_full, fs_fetch, NULL);
   if (!prog)
      return false;

   const uint32_t texels[2] = {pack_1010102(1000, 500, 20, 3),
                               pack_1010102(7, 1023, 512, 1)};
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB10_A2UI, 2, 1, 0, GL_RGBA_INTEGER,
                GL_UNSIGNED_INT_2_10_10_10_REV, texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   const GLint swizzle[4] = {GL_BLUE, GL_RED, GL_GREEN, GL_ALPHA};
   glTexParameteriv(GL_TEXTURE_2D, E2E_GL_TEXTURE_SWIZZLE_RGBA, swizzle);
   GLint back[4] = {0};
   glGetTexParameteriv(GL_TEXTURE_2D, E2E_GL_TEXTURE_SWIZZLE_RGBA, back);
   if (memcmp(back, swizzle, sizeof(back)) != 0) {
      printf("FAIL TEXTURE_SWIZZLE_RGBA reads 0x%x 0x%x 0x%x 0x%x\n",
             back[0], back[1], back[2], back[3]);
      ok = false;
   }
   GLint one = 0;
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_G, &one);
   if (one != GL_RED) {
      printf("FAIL TEXTURE_SWIZZLE_G reads 0x%x\n", one);
      ok = false;
   }
   ok &= check_error("RGB10_A2UI texture");

   GLuint rb, fbo;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB10_A2UI, 2, 1);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      printf("FAIL RGB10_A2UI renderbuffer incomplete\n");
      return false;
   }

   static const float full[] = {-1.0f, -1.0f, 1.0f, -1.0f,
                                -1.0f, 1.0f,  1.0f, 1.0f};
   GLuint buf;
   glBindVertexArray(vao);
   glGenBuffers(1, &buf);
   glBindBuffer(GL_ARRAY_BUFFER, buf);
   glBufferData(GL_ARRAY_BUFFER, sizeof(full), full, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
   glEnableVertexAttribArray(0);
   glViewport(0, 0, 2, 1);
   glUseProgram(prog);
   glUniform1i(glGetUniformLocation(prog, "tex"), 0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   ok &= check_error("RGB10_A2UI draw");

   GLuint got[2][4];
   memset(got, 0xff, sizeof(got));
   glReadPixels(0, 0, 2, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, got);
   ok &= check_error("glReadPixels RGBA_INTEGER");
   static const GLuint want[2][4] = {{20, 1000, 500, 3}, {512, 7, 1023, 1}};
   for (unsigned i = 0; i < 2; i++) {
      bool same = memcmp(got[i], want[i], sizeof(want[i])) == 0;
      if (!same || !quiet)
         printf("%s RGB10_A2UI pixel %u: (%u, %u, %u, %u), want (%u, %u, "
                "%u, %u)\n",
                same ? "ok" : "FAIL", i, got[i][0], got[i][1], got[i][2],
                got[i][3], want[i][0], want[i][1], want[i][2], want[i][3]);
      ok &= same;
   }
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);
   glDeleteFramebuffers(1, &fbo);
   glDeleteRenderbuffers(1, &rb);
   glDeleteTextures(1, &tex);
   glDeleteBuffers(1, &buf);
   glDeleteProgram(prog);
   return ok;
}

/* 12 blocks "uniform <P>k { float v; } <p>k;" and the GLSL sum of
 * their values, into decl and sum. */
static void
block_decls(char *decl, size_t decl_n, char *sum, size_t sum_n, char p)
{
   size_t d = 0, s = 0;
   for (int k = 0; k < 12; k++) {
      d += (size_t)snprintf(decl + d, decl_n - d,
                            "layout(std140) uniform %c%d { float v; } %c%d;\n",
                            p - 32, k, p, k);
      s += (size_t)snprintf(sum + s, sum_n - s, "%s%c%d.v", k ? " + " : "",
                            p, k);
   }
}

/* GL 3.2 table 6.51 / GL 3.3: 12 uniform blocks in each of the vertex,
 * geometry and fragment shaders, 36 in the program
 * (GL_MAX_COMBINED_UNIFORM_BLOCKS), each bound to its own binding point
 * and range of one buffer.  Block k of the vertex shader holds k / 255,
 * of the geometry shader 2k / 255, of the fragment shader 1.5k / 255:
 * the sums over k = 0..11 (66) are 66, 132 and 99 out of 255, drawn as
 * red, green and blue. */
static bool
draw_36_blocks(GLuint vao, bool quiet)
{
   GLint combined = 0, per_stage[3] = {0};
   glGetIntegerv(GL_MAX_COMBINED_UNIFORM_BLOCKS, &combined);
   glGetIntegerv(GL_MAX_VERTEX_UNIFORM_BLOCKS, &per_stage[0]);
   glGetIntegerv(0x8A2C /* GL_MAX_GEOMETRY_UNIFORM_BLOCKS */, &per_stage[1]);
   glGetIntegerv(GL_MAX_FRAGMENT_UNIFORM_BLOCKS, &per_stage[2]);
   if (combined < 36 || per_stage[0] < 12 || per_stage[1] < 12 ||
       per_stage[2] < 12) {
      printf("FAIL uniform block limits: combined %d, stages %d %d %d\n",
             combined, per_stage[0], per_stage[1], per_stage[2]);
      return false;
   }

   static char vdecl[2048], vsum[512], gdecl[2048], gsum[512];
   static char fdecl[2048], fsum[512], vs[4096], gs[4096], fs[4096];
   block_decls(vdecl, sizeof(vdecl), vsum, sizeof(vsum), 'v');
   block_decls(gdecl, sizeof(gdecl), gsum, sizeof(gsum), 'g');
   block_decls(fdecl, sizeof(fdecl), fsum, sizeof(fsum), 'f');
   snprintf(vs, sizeof(vs),
            "#version 330 core\n%s"
            "layout(location = 0) in vec2 pos;\n"
            "out float vsum;\n"
            "void main() {\n"
            "   gl_Position = vec4(pos, 0.0, 1.0);\n"
            "   vsum = %s;\n"
            "}\n",
            vdecl, vsum);
   snprintf(gs, sizeof(gs),
            "#version 330 core\n%s"
            "layout(triangles) in;\n"
            "layout(triangle_strip, max_vertices = 3) out;\n"
            "in float vsum[];\n"
            "out vec2 rg;\n"
            "void main() {\n"
            "   float s = %s;\n"
            "   for (int i = 0; i < 3; i++) {\n"
            "      gl_Position = gl_in[i].gl_Position;\n"
            "      rg = vec2(vsum[i], s);\n"
            "      EmitVertex();\n"
            "   }\n"
            "   EndPrimitive();\n"
            "}\n",
            gdecl, gsum);
   snprintf(fs, sizeof(fs),
            "#version 330 core\n%s"
            "in vec2 rg;\n"
            "out vec4 color;\n"
            "void main() {\n"
            "   color = vec4(rg, %s, 1.0);\n"
            "}\n",
            fdecl, fsum);

   GLuint prog = e2e_gl_program_gs(vs, gs, fs, NULL);
   if (!prog) {
      printf("FAIL 36 uniform blocks do not link\n");
      return false;
   }

   GLint align = 0;
   glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &align);
   GLint stride = align > 16 ? align : 16;
   static uint8_t data[36 * 256];
   if (stride > 256) {
      printf("FAIL UNIFORM_BUFFER_OFFSET_ALIGNMENT %d\n", align);
      return false;
   }
   memset(data, 0, sizeof(data));
   GLuint ubo;
   glGenBuffers(1, &ubo);
   static const char prefix[3] = {'V', 'G', 'F'};
   static const float scale[3] = {1.0f, 2.0f, 1.5f};
   for (int st = 0; st < 3; st++) {
      for (int k = 0; k < 12; k++) {
         int point = 12 * st + k;
         float v = scale[st] * (float)k / 255.0f;
         memcpy(data + point * stride, &v, sizeof(v));
         char name[8];
         snprintf(name, sizeof(name), "%c%d", prefix[st], k);
         GLuint index = glGetUniformBlockIndex(prog, name);
         /* a later binding point for later blocks */
         glUniformBlockBinding(prog, index, (GLuint)(35 - point));
      }
   }
   glBindBuffer(GL_UNIFORM_BUFFER, ubo);
   glBufferData(GL_UNIFORM_BUFFER, 36 * stride, data, GL_STATIC_DRAW);
   for (int point = 0; point < 36; point++)
      glBindBufferRange(GL_UNIFORM_BUFFER, (GLuint)(35 - point), ubo,
                        point * stride, 16);
   bool ok = check_error("36 uniform blocks set up");

   static const float full[] = {-1.0f, -1.0f, 1.0f, -1.0f,
                                -1.0f, 1.0f,  1.0f, 1.0f};
   GLuint buf;
   glBindVertexArray(vao);
   glGenBuffers(1, &buf);
   glBindBuffer(GL_ARRAY_BUFFER, buf);
   glBufferData(GL_ARRAY_BUFFER, sizeof(full), full, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
   glEnableVertexAttribArray(0);
   glUseProgram(prog);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   ok &= check_error("draw with 36 uniform blocks");
   uint8_t px[4];
   glReadPixels(W / 2, H / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   static const uint8_t want[4] = {66, 132, 99, 255};
   ok &= e2e_gl_probe(px, 1, 0, 0, want, 1,
                      "12 blocks in each of three stages", quiet);
   glUseProgram(0);
   glDeleteBuffers(1, &buf);
   glDeleteBuffers(1, &ubo);
   glDeleteProgram(prog);
   return ok;
}

int
main(int argc, char **argv)
{
   struct e2e_gl gl;
   bool quiet = false;
   struct e2e_gl_options opts =
      e2e_gl_version_options(W, H, 3, 3, true);
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;

   /* Core profile: a vertex array object must be bound (GL 3.3 appendix
    * E.2.2). */
   GLuint vao;
   glGenVertexArrays(1, &vao);
   bool ok = check_versions(quiet);
   ok &= draw_dual_source(vao, quiet);
   ok &= draw_rgb10_a2ui(vao, quiet);
   ok &= draw_36_blocks(vao, quiet);
   glDeleteVertexArrays(1, &vao);

   e2e_gl_close(&gl);
   printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
