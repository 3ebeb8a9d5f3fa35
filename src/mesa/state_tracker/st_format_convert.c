/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Row conversion between pipe formats (see st_format_convert.h). */
#include <string.h>

#include "state_tracker/st_format_convert.h"
#include "util/format/u_format.h"
#include "util/format/u_format_pack.h"

bool
st_is_float_depth(enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);
   return d && util_format_has_depth(format) &&
          d->channel[0].type == UTIL_FORMAT_TYPE_FLOAT;
}

/* Is every channel of the format a whole byte holding an 8-bit UNORM
 * value (or padding), at its own byte in memory? */
static bool
bytes_unorm8(const struct util_format_description *d)
{
   if (!d || d->layout != UTIL_FORMAT_LAYOUT_PLAIN || !d->is_array ||
       d->colorspace == UTIL_FORMAT_COLORSPACE_ZS ||
       d->block.width != 1 || d->block.height != 1 ||
       d->block.bits != 8 * d->nr_channels)
      return false;
   for (unsigned i = 0; i < d->nr_channels; i++) {
      const struct util_format_channel_description *c = &d->channel[i];
      if (c->size != 8 || (c->type != UTIL_FORMAT_TYPE_VOID &&
                           (c->type != UTIL_FORMAT_TYPE_UNSIGNED ||
                            !c->normalized)))
         return false;
   }
   return true;
}

/*
 * Between two formats of 8-bit UNORM bytes the float path gives every
 * byte back unchanged (b / 255 rounds back to b; 0 and 1 become 0x00 and
 * 0xff), so a conversion is a byte shuffle: each destination channel
 * takes the byte of the source channel that holds the RGBA component it
 * packs (the first component that names it, as util/format's pack does),
 * padding 0.  Uploads of big textures in another layout (RGBA bytes into
 * an intensity or luminance texture) spent most of their time in the
 * float round trip.  false when the formats are not both such.
 */
static bool
shuffle_unorm8(const struct util_format_description *dd, void *dst,
               const struct util_format_description *sd, const void *src,
               unsigned n)
{
   if (!bytes_unorm8(dd) || !bytes_unorm8(sd))
      return false;
   /* Per destination byte: a source byte index, or 4 + the constant. */
   unsigned from[4];
   for (unsigned i = 0; i < dd->nr_channels; i++) {
      from[i] = 4; /* padding: 0 */
      if (dd->channel[i].type == UTIL_FORMAT_TYPE_VOID)
         continue;
      unsigned k = 0;
      while (k < 4 && dd->swizzle[k] != i)
         k++;
      if (k == 4)
         return false;
      unsigned s = sd->swizzle[k];
      if (s <= PIPE_SWIZZLE_W && s < sd->nr_channels &&
          sd->channel[s].type != UTIL_FORMAT_TYPE_VOID)
         from[i] = s;
      else if (s == PIPE_SWIZZLE_0)
         from[i] = 4;
      else if (s == PIPE_SWIZZLE_1)
         from[i] = 5;
      else
         return false;
   }
   const unsigned dn = dd->nr_channels, sn = sd->nr_channels;
   const uint8_t *in = src;
   uint8_t *out = dst;
   if (dn == 1 && from[0] < 4) {
      /* One channel picked out of each source texel (RGBA into an
       * intensity, luminance or red texture). */
      for (unsigned p = 0; p < n; p++)
         out[p] = in[(size_t)p * sn + from[0]];
      return true;
   }
   for (unsigned p = 0; p < n; p++, in += sn, out += dn) {
      for (unsigned i = 0; i < dn; i++)
         out[i] = from[i] < 4 ? in[from[i]] : from[i] == 5 ? 0xff : 0x00;
   }
   return true;
}

bool
st_convert_texels(enum pipe_format dst_format, void *dst,
                  enum pipe_format src_format, const void *src, unsigned n,
                  void *scratch)
{
   /* The encoding never changes between client memory and storage: sRGB
    * texels are copied as their codes (ES 3.0.6 sections 3.8.16 and
    * 4.3.2 convert only when sampling and blending). */
   const struct util_format_description *dd =
      util_format_description(dst_format);
   const struct util_format_description *sd =
      util_format_description(src_format);
   if (dd && util_format_is_srgb(dst_format) &&
       dd->linear_format != PIPE_FORMAT_NONE)
      dst_format = dd->linear_format;
   if (sd && util_format_is_srgb(src_format) &&
       sd->linear_format != PIPE_FORMAT_NONE)
      src_format = sd->linear_format;

   if (dst_format == src_format && !st_is_float_depth(dst_format)) {
      memcpy(dst, src, (size_t)n * util_format_get_blocksize(src_format));
      return true;
   }
   if (shuffle_unorm8(util_format_description(dst_format), dst,
                      util_format_description(src_format), src, n))
      return true;

   bool dst_ds = util_format_is_depth_or_stencil(dst_format);
   bool src_ds = util_format_is_depth_or_stencil(src_format);
   if (dst_ds || src_ds) {
      if (!dst_ds || !src_ds)
         return false;
      bool any = false;
      if (util_format_has_depth(dst_format) &&
          util_format_has_depth(src_format)) {
         float *z = scratch;
         util_format_unpack_z_float(src_format, z, src, n);
         /* Depth is clamped to [0, 1] (ES 3.0.6 section 3.8.3; floats
          * only, normalized values already are). */
         for (unsigned i = 0; i < n; i++)
            z[i] = z[i] > 0.0f ? (z[i] < 1.0f ? z[i] : 1.0f) : 0.0f;
         util_format_pack_z_float(dst_format, dst, z, n);
         any = true;
      }
      if (util_format_has_stencil(dst_format) &&
          util_format_has_stencil(src_format)) {
         uint8_t *s = scratch;
         util_format_unpack_s_8uint(src_format, s, src, n);
         util_format_pack_s_8uint(dst_format, dst, s, n);
         any = true;
      }
      return any;
   }

   bool dst_int = util_format_is_pure_integer(dst_format);
   bool src_int = util_format_is_pure_integer(src_format);
   if (dst_int != src_int)
      return false;
   if (dst_int) {
      /* Values keep their sign through 32-bit integers; packing clamps
       * to the destination's range. */
      if (util_format_is_pure_sint(src_format)) {
         int32_t *v = scratch;
         util_format_unpack_rgba_sint(src_format, v, src, n);
         if (util_format_is_pure_sint(dst_format)) {
            util_format_pack_rgba_sint(dst_format, dst, v, n);
         } else {
            for (unsigned i = 0; i < 4 * n; i++)
               v[i] = v[i] < 0 ? 0 : v[i];
            util_format_pack_rgba_uint(dst_format, dst, (uint32_t *)v, n);
         }
      } else {
         uint32_t *v = scratch;
         util_format_unpack_rgba_uint(src_format, v, src, n);
         if (util_format_is_pure_uint(dst_format)) {
            util_format_pack_rgba_uint(dst_format, dst, v, n);
         } else {
            for (unsigned i = 0; i < 4 * n; i++)
               v[i] = v[i] > 0x7fffffffu ? 0x7fffffffu : v[i];
            util_format_pack_rgba_sint(dst_format, dst, (int32_t *)v, n);
         }
      }
      return true;
   }
   float *v = scratch;
   return util_format_unpack_rgba_float(src_format, v, src, n) &&
          util_format_pack_rgba_float(dst_format, dst, v, n);
}
