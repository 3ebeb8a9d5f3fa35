/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The 16-bit packed colour formats RGB565, RGBA4 and RGB5_A1 (ES 3.0.6
 * table 3.13: colour-renderable, texture-filterable) rendered and sampled
 * as what they are.  Every value follows from the spec:
 *   1 a 8x8 texture of each, a framebuffer's colour attachment, reports
 *     its bits (FRAMEBUFFER_ATTACHMENT_{RED..ALPHA}_SIZE, 5/6/5/0,
 *     4/4/4/4, 5/5/5/1);
 *   2 a quad of colour (0.2, 0.6, 1.0, 0.4) reads back as RGBA unsigned
 *     bytes each component converted to its bits and back (section
 *     4.1.9 / 3.8.3: c' = round(c * (2^b - 1)), read as c' / (2^b - 1),
 *     equation 2.3 to bytes): e.g. 5-5-5-1 gives (49, 156, 255, 0);
 *   3 a quad of (2.0, 2.0, 2.0, 2.0) without blending, then in the same
 *     pass a blended quad (ZERO, CONSTANT_COLOR 0.5): fixed-point buffers
 *     hold colours clamped to [0, 1] (section 4.1.7), so the blend reads
 *     1.0 and gives 0.5 in every channel, c' = round(0.5 * (2^b - 1));
 *   4 texels uploaded as UNSIGNED_SHORT_5_6_5, _4_4_4_4 and _5_5_5_1
 *     (table 3.5's bit layouts) sampled into an RGBA8 renderbuffer read
 *     back as field / (2^b - 1) in bytes;
 *   5 glReadPixels with the implementation's pair
 *     (IMPLEMENTATION_COLOR_READ_FORMAT/TYPE, section 4.3.2): when it is
 *     the format's own packed pair (RGB/UNSIGNED_SHORT_5_6_5 ..., as
 *     llvmpipe answers for RGB565 and RGBA4), the words hold the fields of
 *     2, c' = round(c * (2^b - 1)); RGBA/UNSIGNED_BYTE stays accepted.
 * Before wave 16 these formats were stored as RGBA8 on the asahi driver:
 * 1 and 2 fail there (8 bits, alpha 102 for RGB5_A1).  llvmpipe passes it.
 *
 * Usage: gles3_packed16 [--quiet] [--no-skip]
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <math.h>
#include <stdio.h>

#include "e2e_gl.h"

#define W 8
#define H 8

static bool quiet;

static const char vs[] =
   "#version 300 es\n"
   "layout(location = 0) in vec2 pos;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs[] =
   "#version 300 es\n"
   "precision highp float;\n"
   "uniform vec4 colour;\n"
   "out vec4 color;\n"
   "void main() { color = colour; }\n";
static const char fs_tex[] =
   "#version 300 es\n"
   "precision highp float;\n"
   "uniform sampler2D tex;\n"
   "out vec4 color;\n"
   "void main() { color = texture(tex, vec2(0.5)); }\n";

struct packed_format {
   const char *name;
   GLenum internalformat, format, type; /* also the packed read pair */
   int bits[4];
   GLushort texel;   /* for 4, in the type's layout */
   int fields[4];    /* its fields, R G B A (A 1 when absent) */
};

static const struct packed_format formats[] = {
   {"RGB565", GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, {5, 6, 5, 0},
    (10 << 11) | (40 << 5) | 20, {10, 40, 20, 1}},
   {"RGBA4", GL_RGBA4, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, {4, 4, 4, 4},
    (1 << 12) | (2 << 8) | (3 << 4) | 4, {1, 2, 3, 4}},
   {"RGB5_A1", GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, {5, 5, 5, 1},
    (31 << 11) | (0 << 6) | (16 << 1) | 1, {31, 0, 16, 1}},
};

/* A value in [0, 1] stored in b bits and read back as a byte (b = 0: a
 * component the format lacks, read as 1). */
static uint8_t
through_bits(double c, int b)
{
   if (!b)
      return 255;
   double max = (double)((1 << b) - 1);
   return (uint8_t)lround(round(c * max) / max * 255.0);
}

static void
draw_colour(GLuint prog, float r, float g, float b, float a)
{
   glUseProgram(prog);
   glUniform4f(glGetUniformLocation(prog, "colour"), r, g, b, a);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/* 5: the word the quad of colour c left, read with the implementation's
 * pair when that is the format's packed one. */
static bool
read_packed(const struct packed_format *f, const float c[4])
{
   GLint rf = 0, rt = 0;
   glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &rf);
   glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &rt);
   if ((GLenum)rf != f->format || (GLenum)rt != f->type) {
      if (!quiet)
         printf("skip %s: read pair 0x%x/0x%x\n", f->name, rf, rt);
      return true;
   }
   GLushort px[W * H];
   glPixelStorei(GL_PACK_ALIGNMENT, 2);
   glReadPixels(0, 0, W, H, f->format, f->type, px);
   /* the first field in the high bits (table 3.5) */
   unsigned word = 0, shift = 16;
   for (unsigned i = 0; i < 4; i++) {
      int b = f->bits[i];
      if (!b)
         continue;
      shift -= (unsigned)b;
      word |= (unsigned)lround(c[i] * ((1 << b) - 1)) << shift;
   }
   char what[80];
   snprintf(what, sizeof(what), "%s read as its packed pair", f->name);
   bool ok = e2e_gl_check(what, px[4 * W + 3], word, quiet);
   return ok & e2e_gl_expect_error(GL_NO_ERROR, what, quiet);
}

/* 1 to 3 for one format */
static bool
render(GLuint prog, const struct packed_format *f)
{
   char what[80];
   GLuint tex, fbo;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexStorage2D(GL_TEXTURE_2D, 1, f->internalformat, W, H);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                          GL_TEXTURE_2D, tex, 0);
   bool ok = glCheckFramebufferStatus(GL_FRAMEBUFFER) ==
             GL_FRAMEBUFFER_COMPLETE;
   snprintf(what, sizeof(what), "%s attachment complete", f->name);
   ok &= e2e_gl_check(what, ok, 1, quiet);

   for (unsigned c = 0; c < 4; c++) {
      GLint size = -1;
      glGetFramebufferAttachmentParameteriv(
         GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
         GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE + c, &size);
      snprintf(what, sizeof(what), "%s component %u bits", f->name, c);
      ok &= e2e_gl_check(what, size, f->bits[c], quiet);
   }

   static const float colour[4] = {0.2f, 0.6f, 1.0f, 0.4f};
   uint8_t want[4];
   for (unsigned c = 0; c < 4; c++)
      want[c] = through_bits(colour[c], f->bits[c]);
   glViewport(0, 0, W, H);
   glDisable(GL_BLEND);
   draw_colour(prog, colour[0], colour[1], colour[2], colour[3]);
   snprintf(what, sizeof(what), "%s quad (0.2, 0.6, 1.0, 0.4)", f->name);
   ok &= e2e_gl_probe_read(W, H, 3, 4, want, 1, what, quiet);
   ok &= read_packed(f, colour);

   draw_colour(prog, 2.0f, 2.0f, 2.0f, 2.0f);
   glEnable(GL_BLEND);
   glBlendColor(0.5f, 0.5f, 0.5f, 0.5f);
   glBlendFunc(GL_ZERO, GL_CONSTANT_COLOR);
   draw_colour(prog, 0.0f, 0.0f, 0.0f, 0.0f);
   glDisable(GL_BLEND);
   for (unsigned c = 0; c < 4; c++)
      want[c] = through_bits(0.5, f->bits[c]);
   snprintf(what, sizeof(what), "%s 2.0 clamped, then halved", f->name);
   ok &= e2e_gl_probe_read(W, H, 5, 2, want, 1, what, quiet);

   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);
   glDeleteTextures(1, &tex);
   return ok;
}

/* 4 for one format, into the bound RGBA8 framebuffer */
static bool
sample(GLuint prog, const struct packed_format *f)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 2);
   glTexImage2D(GL_TEXTURE_2D, 0, (GLint)f->internalformat, 1, 1, 0,
                f->format, f->type, &f->texel);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glUseProgram(prog);
   e2e_gl_uniform_unit(prog, "tex", 0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   uint8_t want[4];
   for (unsigned c = 0; c < 4; c++) {
      int b = f->bits[c];
      want[c] = b ? (uint8_t)lround(f->fields[c] * 255.0 / ((1 << b) - 1))
                  : 255;
   }
   char what[80];
   snprintf(what, sizeof(what), "%s texel 0x%04x sampled", f->name,
            f->texel);
   bool ok = e2e_gl_probe_read(W, H, 1, 1, want, 1, what, quiet);
   glDeleteTextures(1, &tex);
   return ok;
}

static bool
body(GLuint prog, bool quiet_arg)
{
   quiet = quiet_arg;
   struct e2e_gl_vertices quad;
   e2e_gl_vec2_vertices(&quad, e2e_gl_quad_strip, 4);
   bool ok = true;
   for (unsigned i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
      ok &= render(prog, &formats[i]);

   GLuint tex_prog = e2e_gl_program(vs, fs_tex, NULL);
   ok &= e2e_gl_check("sampling program links", tex_prog != 0, 1, quiet);
   if (tex_prog) {
      GLuint rb;
      GLuint fbo = e2e_gl_rgba8_framebuffer(W, H, 1, &rb);
      glViewport(0, 0, W, H);
      for (unsigned i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
         ok &= sample(tex_prog, &formats[i]);
      glBindFramebuffer(GL_FRAMEBUFFER, 0);
      glDeleteFramebuffers(1, &fbo);
      glDeleteRenderbuffers(1, &rb);
      glDeleteProgram(tex_prog);
   }
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "the draws", quiet);
   e2e_gl_vertices_delete(&quad);
   return ok;
}

int
main(int argc, char **argv)
{
   struct e2e_gl_options opts = e2e_gl_version_options(W, H, 3, 0, false);
   return e2e_gl_run_program(argc, argv, &opts, vs, fs, body);
}
