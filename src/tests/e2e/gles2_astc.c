/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ASTC LDR textures end to end (KHR_texture_compression_astc_ldr): an
 * ordinary EGL + GLES 2.0 program uploads blocks with
 * glCompressedTexImage2D, draws them with nearest filtering so that each
 * pixel shows one texel, and compares glReadPixels with the texels the
 * Khronos Data Format Specification 1.3 (chapter 23) gives: a void-extent
 * block (one unorm16 colour, section 23.9, computed by hand), an HDR
 * endpoint-mode block (the LDR profile's error colour, magenta, section
 * 23.24), and a 4x4 and a 6x6 block of piglit's ASTC files with the
 * values of their reference decodings (the same blocks as
 * src/asahi/sim/tests/astc_test.c, which says where they come from).
 *
 * Usage: gles2_astc [--quiet] [--no-skip]
 * Exit status: 0 when every probe passes, 1 otherwise, 77 without an ES
 * 2.0 context or the extension (unless --no-skip).
 */
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"
#include "e2e_gl_texview.h"

#define W 16
#define H 8

static uint8_t pixels[W * H * 4];
static struct e2e_gl_texview view = {pixels, W, H, false, 0};

static const char *vs = "attribute vec2 a_pos;\n"
                        "varying vec2 v_tc;\n"
                        "void main() {\n"
                        "   gl_Position = vec4(a_pos, 0.0, 1.0);\n"
                        "   v_tc = a_pos * 0.5 + 0.5;\n"
                        "}\n";
static const char *fs = "precision highp float;\n"
                        "uniform sampler2D u_tex;\n"
                        "varying vec2 v_tc;\n"
                        "void main() {\n"
                        "   gl_FragColor = texture2D(u_tex, v_tc);\n"
                        "}\n";

/* Void extent: LDR, extents all ones; R 0, G 0xffff, B 0x8000, A 0xffff. */
static const uint8_t void_extent[16] = {0xfc, 0xfd, 0xff, 0xff, 0xff, 0xff,
                                        0xff, 0xff, 0x00, 0x00, 0xff, 0xff,
                                        0x00, 0x80, 0xff, 0xff};
/* piglit ldrl/waffles-4x4.ktx block (3, 5) and ldrl/waffles-6x6.ktx block
 * (7, 4). */
static const uint8_t ref_4x4[16] = {0x42, 0xc2, 0x22, 0x95, 0x4e, 0xd6,
                                    0x00, 0x00, 0x04, 0x4c, 0xcc, 0x08,
                                    0x8c, 0x0c, 0x44, 0xfc};
static const uint8_t ref_6x6[16] = {0x6f, 0x00, 0xc7, 0x60, 0x2a, 0x20,
                                    0x48, 0xc9, 0xa9, 0xbd, 0x5d, 0x12,
                                    0x50, 0x2a, 0xbd, 0xf7};

static void
upload(GLenum format, int w, int h, const uint8_t *blocks, int size,
       const char *what)
{
   e2e_gl_view_upload(&view, format, w, h, blocks, size, what);
   static const float grey[4] = {0.5f, 0.5f, 0.5f, 0.5f};
   e2e_gl_view_draw(&view, w, h, grey);
}

int
main(int argc, char **argv)
{
   struct e2e_gl_options opts = e2e_gl_version_options(W, H, 2, 0, false);
   struct e2e_gl gl;
   GLuint prog;
   int rc =
      e2e_gl_view_start(&gl, &view, argc, argv, &opts,
                        "GL_KHR_texture_compression_astc_ldr", vs, fs, &prog);
   if (rc)
      return rc;

   /* 8-bit unorm framebuffer: 0x8000 / 65535 -> 128. */
   upload(GL_COMPRESSED_RGBA_ASTC_4x4_KHR, 4, 4, void_extent, 16,
          "void extent");
   e2e_gl_view_probe(&view, 0, 0, 0, 255, 128, 255, 1, "void extent (0,0)");
   e2e_gl_view_probe(&view, 3, 3, 0, 255, 128, 255, 1, "void extent (3,3)");

   /* A 5x5 image of one 8x8 block: the block's top left texels. */
   upload(GL_COMPRESSED_RGBA_ASTC_8x8_KHR, 5, 5, void_extent, 16,
          "void extent 8x8, partial block");
   e2e_gl_view_probe(&view, 4, 4, 0, 255, 128, 255, 1, "void extent 8x8 (4,4)");

   /* The reference block with endpoint mode 15 (HDR RGBA). */
   uint8_t hdr[16];
   memcpy(hdr, ref_4x4, 16);
   hdr[1] |= 0xe0;
   hdr[2] |= 0x01;
   upload(GL_COMPRESSED_RGBA_ASTC_4x4_KHR, 4, 4, hdr, 16, "HDR block");
   e2e_gl_view_probe(&view, 1, 2, 255, 0, 255, 255, 0,
                     "LDR profile error colour");

   upload(GL_COMPRESSED_RGBA_ASTC_4x4_KHR, 4, 4, ref_4x4, 16, "4x4 block");
   e2e_gl_view_probe(&view, 0, 0, 145, 74, 39, 255, 1, "4x4 (0,0)");
   e2e_gl_view_probe(&view, 3, 0, 71, 35, 19, 255, 1, "4x4 (3,0)");
   e2e_gl_view_probe(&view, 2, 2, 76, 38, 20, 255, 1, "4x4 (2,2)");

   upload(GL_COMPRESSED_RGBA_ASTC_6x6_KHR, 6, 6, ref_6x6, 16, "6x6 block");
   e2e_gl_view_probe(&view, 0, 0, 232, 146, 20, 255, 1, "6x6 (0,0)");
   e2e_gl_view_probe(&view, 5, 0, 244, 162, 26, 255, 1, "6x6 (5,0)");
   e2e_gl_view_probe(&view, 0, 5, 255, 177, 32, 255, 1, "6x6 (0,5)");
   e2e_gl_view_probe(&view, 3, 3, 237, 152, 22, 255, 1, "6x6 (3,3)");

   /* A mipmapped texture (8x8, 4x4, 2x2, 1x1 of 4x4 blocks) drawn
    * at full size through NEAREST_MIPMAP_NEAREST: level 0's colour. */
   uint8_t level0[4 * 16], other[16];
   for (int b = 0; b < 4; b++)
      memcpy(level0 + 16 * b, void_extent, 16);
   memcpy(other, void_extent, 16);
   other[9] = 0x80; /* R 0x8000 */
   e2e_gl_nearest_texture(GL_TEXTURE_2D);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER,
                   GL_NEAREST_MIPMAP_NEAREST);
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_4x4_KHR,
                          8, 8, 0, sizeof(level0), level0);
   for (int l = 1; l < 4; l++)
      glCompressedTexImage2D(GL_TEXTURE_2D, l,
                             GL_COMPRESSED_RGBA_ASTC_4x4_KHR, 8 >> l, 8 >> l,
                             0, 16, other);
   e2e_gl_view_expect_error(&view, GL_NO_ERROR, "mipmapped uploads");
   static const float grey[4] = {0.5f, 0.5f, 0.5f, 0.5f};
   e2e_gl_view_draw(&view, 8, 8, grey);
   e2e_gl_view_probe(&view, 5, 6, 0, 255, 128, 255, 1,
                     "mipmapped texture, level 0");

   /* KHR_texture_compression_astc_ldr: no 3D images without the sliced
    * 3D extension (CompressedTexImage3D is ES 3.0; not tried here). */
   e2e_gl_view_expect_error(&view, GL_NO_ERROR, "end");
   return e2e_gl_view_finish(&gl, &view);
}
