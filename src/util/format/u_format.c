/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Queries over the generated format description table.
 */
#include "util/format/u_format.h"

#include <strings.h>

#include "util/format/u_format_table.h"
#include "util/u_math.h"

const struct util_format_description *
util_format_description(enum pipe_format format)
{
   /* The enum may be unsigned or signed; compare as unsigned. */
   if ((unsigned)format >= PIPE_FORMAT_COUNT)
      return NULL;
   return &util_format_descriptions[format];
}

unsigned
util_format_get_blocksize(enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);
   return d ? d->block.bits / 8 : 0;
}

unsigned
util_format_get_blockwidth(enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);
   return d ? d->block.width : 0;
}

unsigned
util_format_get_blockheight(enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);
   return d ? d->block.height : 0;
}

unsigned
util_format_get_blockdepth(enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);
   return d ? d->block.depth : 0;
}

bool
util_format_is_compressed(enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);
   if (!d)
      return false;
   switch (d->layout) {
   case UTIL_FORMAT_LAYOUT_S3TC:
   case UTIL_FORMAT_LAYOUT_RGTC:
   case UTIL_FORMAT_LAYOUT_BPTC:
   case UTIL_FORMAT_LAYOUT_ETC:
   case UTIL_FORMAT_LAYOUT_ASTC:
      return true;
   default:
      return false;
   }
}

bool
util_format_is_depth_or_stencil(enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);
   return d && d->colorspace == UTIL_FORMAT_COLORSPACE_ZS;
}

bool
util_format_has_depth(enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);
   return d && d->colorspace == UTIL_FORMAT_COLORSPACE_ZS &&
          d->swizzle[0] != PIPE_SWIZZLE_NONE;
}

bool
util_format_has_stencil(enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);
   return d && d->colorspace == UTIL_FORMAT_COLORSPACE_ZS &&
          d->swizzle[1] != PIPE_SWIZZLE_NONE;
}

bool
util_format_is_srgb(enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);
   return d && d->colorspace == UTIL_FORMAT_COLORSPACE_SRGB;
}

/* Mesa's util_format_is_snorm: every non-padding channel is signed
 * normalized (and there is one). */
bool
util_format_is_snorm(enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);
   bool any = false;

   for (unsigned i = 0; d && i < d->nr_channels; i++) {
      const struct util_format_channel_description *c = &d->channel[i];
      if (c->type == UTIL_FORMAT_TYPE_VOID)
         continue;
      if (c->type != UTIL_FORMAT_TYPE_SIGNED || !c->normalized)
         return false;
      any = true;
   }
   return any;
}

/* True when every non-padding channel is a pure integer of the given type
 * (or of any type when type is VOID). */
static bool
all_channels_pure(enum pipe_format format, enum util_format_type type)
{
   const struct util_format_description *d = util_format_description(format);
   if (!d || d->colorspace == UTIL_FORMAT_COLORSPACE_ZS)
      return false;

   unsigned seen = 0;
   for (unsigned i = 0; i < d->nr_channels; i++) {
      const struct util_format_channel_description *c = &d->channel[i];
      if (c->type == UTIL_FORMAT_TYPE_VOID)
         continue;
      if (!c->pure_integer)
         return false;
      if (type != UTIL_FORMAT_TYPE_VOID && c->type != type)
         return false;
      seen++;
   }
   return seen > 0;
}

bool
util_format_is_pure_integer(enum pipe_format format)
{
   return all_channels_pure(format, UTIL_FORMAT_TYPE_VOID);
}

bool
util_format_is_pure_sint(enum pipe_format format)
{
   return all_channels_pure(format, UTIL_FORMAT_TYPE_SIGNED);
}

bool
util_format_is_pure_uint(enum pipe_format format)
{
   return all_channels_pure(format, UTIL_FORMAT_TYPE_UNSIGNED);
}

enum pipe_format
util_format_linear(enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);
   return d && d->linear_format != PIPE_FORMAT_NONE ? d->linear_format : format;
}

enum pipe_format
util_format_srgb(enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);
   return d && d->srgb_format != PIPE_FORMAT_NONE ? d->srgb_format : format;
}

const char *
util_format_name(enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);
   return d ? d->short_name : "UNKNOWN";
}

enum pipe_format
util_format_from_name(const char *name)
{
   static const char prefix[] = "PIPE_FORMAT_";

   if (!name)
      return PIPE_FORMAT_NONE;
   if (strncasecmp(name, prefix, sizeof(prefix) - 1) == 0)
      name += sizeof(prefix) - 1;

   /* A linear scan over ~250 names: this is for tools and tests, not for
    * hot paths. */
   for (unsigned f = 1; f < PIPE_FORMAT_COUNT; f++) {
      if (strcasecmp(name, util_format_descriptions[f].short_name) == 0)
         return (enum pipe_format)f;
   }
   return PIPE_FORMAT_NONE;
}

const char *
util_format_layout_name(enum util_format_layout layout)
{
   static const char *const names[] = {
      [UTIL_FORMAT_LAYOUT_PLAIN] = "plain",
      [UTIL_FORMAT_LAYOUT_SHARED_EXP] = "shared_exp",
      [UTIL_FORMAT_LAYOUT_PACKED_FLOAT] = "packed_float",
      [UTIL_FORMAT_LAYOUT_S3TC] = "s3tc",
      [UTIL_FORMAT_LAYOUT_RGTC] = "rgtc",
      [UTIL_FORMAT_LAYOUT_BPTC] = "bptc",
      [UTIL_FORMAT_LAYOUT_ETC] = "etc",
      [UTIL_FORMAT_LAYOUT_ASTC] = "astc",
   };
   if ((unsigned)layout >= ARRAY_SIZE(names))
      return "unknown";
   return names[layout];
}

unsigned
util_format_get_nblocksx(enum pipe_format format, unsigned x)
{
   unsigned bw = util_format_get_blockwidth(format);
   return bw ? DIV_ROUND_UP(x, bw) : 0;
}

unsigned
util_format_get_nblocksy(enum pipe_format format, unsigned y)
{
   unsigned bh = util_format_get_blockheight(format);
   return bh ? DIV_ROUND_UP(y, bh) : 0;
}

unsigned
util_format_get_nblocksz(enum pipe_format format, unsigned z)
{
   unsigned bd = util_format_get_blockdepth(format);
   return bd ? DIV_ROUND_UP(z, bd) : 0;
}

uint64_t
util_format_get_size(enum pipe_format format, unsigned width, unsigned height,
                     unsigned depth)
{
   return (uint64_t)util_format_get_nblocksx(format, width) *
          util_format_get_nblocksy(format, height) *
          util_format_get_nblocksz(format, depth) *
          util_format_get_blocksize(format);
}
