/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Textures made, drawn with once and deleted, over and over without a
 * flush (the pattern of piglit's streaming-texture-leak): a deleted
 * texture's memory must come back once the GPU is done with it, so the
 * process must not grow by the sum of all of them.  ITERATIONS textures
 * of 4 MiB (1920 MiB in all) are drawn into a small framebuffer; the peak
 * resident size may grow by at most LIMIT_MIB over the loop, and the last
 * draw must show the last texture's colour.
 *
 * GL sets no number here; the bound is a property of our driver (a batch
 * submits once it holds 256 MiB, the BO cache keeps up to 256 MiB more,
 * and submitted batches the simulator has not run yet hold theirs: 517 to
 * 1005 MiB measured on a loaded machine; 3831 MiB without the submission).
 * llvmpipe fails the bound: it keeps every texture until glFinish (1932
 * MiB measured), yet passes piglit's 5000 rounds.
 *
 * Usage: gles2_texture_churn [--quiet] [--no-skip]
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#include <GLES2/gl2.h>

#include "e2e_gl.h"

#define S 16
#define TEX 1024
#define ITERATIONS 480
#define LIMIT_MIB 1536

static const char *vs =
   "attribute vec4 pos;\n"
   "varying vec2 uv;\n"
   "void main() { gl_Position = pos; uv = pos.xy * 0.5 + 0.5; }\n";
static const char *fs =
   "precision mediump float;\n"
   "uniform sampler2D tex;\n"
   "varying vec2 uv;\n"
   "void main() { gl_FragColor = texture2D(tex, uv); }\n";

static long
peak_rss_kib(void)
{
   struct rusage ru;
   getrusage(RUSAGE_SELF, &ru);
   return ru.ru_maxrss;
}

/* The colour of texture i: distinct for consecutive i. */
static void
colour_of(int i, uint8_t rgba[4])
{
   rgba[0] = (uint8_t)(i * 37);
   rgba[1] = (uint8_t)(255 - i);
   rgba[2] = (uint8_t)(i * 11 + 5);
   rgba[3] = 255;
}

static void
draw_one_texture(uint32_t *texels, int i)
{
   uint8_t c[4];
   colour_of(i, c);
   uint32_t word = c[0] | c[1] << 8 | c[2] << 16 | (uint32_t)c[3] << 24;
   for (int t = 0; t < TEX * TEX; t++)
      texels[t] = word;

   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, TEX, TEX, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, texels);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glDeleteTextures(1, &tex);
}

int
main(int argc, char **argv)
{
   bool quiet = false;
   struct e2e_gl gl;
   int status = e2e_gl_start_es2(&gl, argc, argv, S, S, &quiet);
   if (status)
      return status;
   const char *const attribs[] = {"pos", NULL};
   GLuint prog = e2e_gl_program(vs, fs, attribs);
   uint32_t *texels = malloc((size_t)TEX * TEX * 4);
   if (!prog || !texels) {
      free(texels);
      e2e_gl_close(&gl);
      return 1;
   }
   static const GLfloat quad[] = {-1, -1, 0, 1, 1, -1, 0, 1,
                                  -1, 1,  0, 1, 1, 1,  0, 1};
   glUseProgram(prog);
   glViewport(0, 0, S, S);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);

   /* One round first, so that the driver's and the program's fixed
    * memory is in the baseline. */
   draw_one_texture(texels, 0);
   glFinish();
   long before = peak_rss_kib();
   for (int i = 1; i <= ITERATIONS; i++)
      draw_one_texture(texels, i);
   glFinish();
   long grown_mib = (peak_rss_kib() - before) / 1024;

   bool ok = glGetError() == GL_NO_ERROR;
   uint8_t want[4];
   colour_of(ITERATIONS, want);
   ok &= e2e_gl_probe_read(S, S, S / 2, S / 2, want, 0, "last texture",
                           quiet);
   if (grown_mib > LIMIT_MIB) {
      fprintf(stderr,
              "FAIL: the peak resident size grew by %ld MiB over %d "
              "deleted textures of 4 MiB (at most %d allowed)\n",
              grown_mib, ITERATIONS, LIMIT_MIB);
      ok = false;
   } else if (!quiet) {
      printf("ok: peak resident size grew by %ld MiB\n", grown_mib);
   }
   free(texels);
   return e2e_gl_finish(&gl, ok, quiet);
}
