/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ASAHI_SIM_DEBUG=png: at the end of each render command, every image the
 * end-of-tile program can store to (the PBE descriptors bound to its
 * texture state slots) is written to a PNG file, level and sample 0,
 * converted to 8-bit RGBA.  Files go to $ASAHI_SIM_PNG_DIR (default: the
 * current directory) as asahi-sim-NNNNNN-tsS.png, NNNNNN counting render
 * commands in the process.  The PBE descriptor is read as
 * asahi_sim_pbe.c reads it (alexvorxx/Mesa-VirGL src/asahi/genxml/
 * cmdbuf.xml, PBE: linear stride packed as bytes - 4).
 */

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asahi_sim_cmd.h"
#include "asahi_sim_texture.h"
#include "asahi/layout/layout.h"
#include "util/format/u_format.h"
#include "util/format/u_format_pack.h"

#ifdef HAVE_LIBPNG
#include <png.h>

static uint8_t
to_byte(float f)
{
   if (!(f > 0.0f))
      return 0;
   if (f >= 1.0f)
      return 255;
   return (uint8_t)(f * 255.0f + 0.5f);
}

/* The image of one PBE descriptor as RGBA8 rows; NULL if not a 2D image
 * the simulator knows (a message in the log). */
static uint8_t *
read_image(struct sim_render *r, uint64_t desc_va, unsigned *w_out,
           unsigned *h_out)
{
   struct asahi_sim_gpu *gpu = r->gpu;
   /* Read directly: a debug dump never fails the command. */
   uint8_t desc[AGX_PBE_LENGTH];
   uint64_t avail = 0;
   const uint8_t *dp = gpu->lookup(gpu->user, desc_va, false, &avail);
   if (!dp || avail < sizeof(desc))
      return NULL;
   memcpy(desc, dp, sizeof(desc));
   struct AGX_PBE d;
   AGX_PBE_unpack(NULL, desc, &d);
   if (d.dimension != AGX_TEXTURE_DIMENSION_2D &&
       d.dimension != AGX_TEXTURE_DIMENSION_2D_MS)
      return NULL;
   enum pipe_format format =
      asahi_sim_texture_format(d.channels, d.type, d.srgb);
   if (format == PIPE_FORMAT_NONE || util_format_is_pure_integer(format))
      return NULL;
   unsigned samples = d.dimension == AGX_TEXTURE_DIMENSION_2D_MS
                         ? (d.samples == AGX_SAMPLE_COUNT_4 ? 4 : 2)
                         : 1;
   struct ail_layout l = {
      .format = format,
      .width_px = d.width,
      .height_px = d.height,
      .depth_px = 1,
      .sample_count_sa = (uint8_t)samples,
   };
   unsigned level = d.level;
   if (d.layout == AGX_LAYOUT_LINEAR) {
      l.tiling = AIL_TILING_LINEAR;
      l.linear_stride_B = (uint32_t)d.stride + 4;
      l.levels = 1;
      level = 0;
   } else if (d.layout == AGX_LAYOUT_TWIDDLED) {
      l.tiling = AIL_TILING_TWIDDLED;
      l.levels = (uint8_t)d.levels;
   } else {
      return NULL;
   }
   if (ail_make_miptree(&l) != AIL_OK || level >= l.levels_allocated)
      return NULL;

   unsigned w = ail_minify(d.width, level), h = ail_minify(d.height, level);
   unsigned texel_B = util_format_get_blocksize(format);
   uint8_t *rgba = malloc((size_t)w * h * 4);
   if (!rgba)
      return NULL;
   for (unsigned y = 0; y < h; y++) {
      for (unsigned x = 0; x < w; x++) {
         uint64_t off = 0;
         uint8_t texel[16] = {0};
         float f[4] = {0, 0, 0, 1};
         if (ail_get_element_offset_B(&l, level, x, y, &off)) {
            if (l.tiling != AIL_TILING_LINEAR)
               off += ail_get_level_offset_B(&l, level);
            uint64_t avail = 0;
            const uint8_t *p =
               gpu->lookup(gpu->user, d.buffer + off, false, &avail);
            if (p && avail >= texel_B)
               memcpy(texel, p, texel_B);
            util_format_unpack_rgba_float(format, f, texel, 1);
         }
         uint8_t *o = rgba + ((size_t)y * w + x) * 4;
         for (unsigned c = 0; c < 4; c++)
            o[c] = to_byte(f[c]);
      }
   }
   *w_out = w;
   *h_out = h;
   return rgba;
}

static bool
write_png(const char *path, const uint8_t *rgba, unsigned w, unsigned h)
{
   FILE *fp = fopen(path, "wb");
   if (!fp)
      return false;
   png_structp png =
      png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
   png_infop info = png ? png_create_info_struct(png) : NULL;
   bool ok = png && info;
   if (ok && setjmp(png_jmpbuf(png)))
      ok = false;
   else if (ok) {
      png_init_io(png, fp);
      png_set_IHDR(png, info, w, h, 8, PNG_COLOR_TYPE_RGBA,
                   PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                   PNG_FILTER_TYPE_DEFAULT);
      png_write_info(png, info);
      for (unsigned y = 0; y < h; y++)
         png_write_row(png, (png_const_bytep)(rgba + (size_t)y * w * 4));
      png_write_end(png, NULL);
   }
   png_destroy_write_struct(png ? &png : NULL, info ? &info : NULL);
   return fclose(fp) == 0 && ok;
}

void
sim_png_dump(struct sim_render *r, const struct sim_program *eot)
{
   static atomic_uint counter;
   unsigned n = atomic_fetch_add(&counter, 1);
   const char *dir = getenv("ASAHI_SIM_PNG_DIR");
   for (unsigned s = 0; eot && s < ASAHI_SIM_TEXTURE_STATES; s++) {
      const struct asahi_sim_state_slot *slot = &eot->textures[s];
      if (!slot->valid)
         continue;
      unsigned w = 0, h = 0;
      uint8_t *rgba = read_image(r, slot->heap + slot->index, &w, &h);
      if (!rgba)
         continue;
      char path[4096];
      snprintf(path, sizeof(path), "%s/asahi-sim-%06u-ts%u.png",
               dir && *dir ? dir : ".", n, s);
      if (write_png(path, rgba, w, h))
         sim_log(r->gpu, "asahi-sim: wrote %s (%ux%u)\n", path, w, h);
      else
         sim_log(r->gpu, "asahi-sim: cannot write %s\n", path);
      free(rgba);
   }
}

#else

void
sim_png_dump(struct sim_render *r, const struct sim_program *eot)
{
   (void)eot;
   sim_log(r->gpu, "asahi-sim: built without libpng: no PNG written\n");
}

#endif
