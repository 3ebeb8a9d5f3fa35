/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The one place ail looks at pipe formats: turn a format into the block
 * description the layout rules use, and name tilings for tools.
 */
#include <string.h>
#include <strings.h>

#include "ail_private.h"

enum ail_error
ail_block_dims_from_format(enum pipe_format format, struct ail_block *block)
{
   const struct util_format_description *desc = util_format_description(format);

   if (!desc || format == PIPE_FORMAT_NONE || desc->block.bits == 0 ||
       desc->block.width == 0 || desc->block.height == 0)
      return AIL_ERROR_FORMAT;

   if (desc->block.depth > 1)
      return AIL_ERROR_DEEP_FORMAT;

   if (desc->block.bits % 8)
      return AIL_ERROR_FORMAT;

   *block = (struct ail_block){
      .width_px = desc->block.width,
      .height_px = desc->block.height,
      .size_B = desc->block.bits / 8,
   };
   return AIL_OK;
}

enum ail_error
ail_block_from_format(enum pipe_format format, struct ail_block *block)
{
   enum ail_error err = ail_block_dims_from_format(format, block);
   if (err)
      return err;
   block->block_compressed = util_format_is_compressed(format);
   block->depth_stencil = util_format_is_depth_or_stencil(format);
   return AIL_OK;
}

static const char *const ail_tiling_names[AIL_TILING_COUNT] = {
   [AIL_TILING_LINEAR] = "linear",
   [AIL_TILING_TWIDDLED] = "twiddled",
   [AIL_TILING_TWIDDLED_COMPRESSED] = "compressed",
};

const char *
ail_tiling_name(enum ail_tiling tiling)
{
   if ((unsigned)tiling >= AIL_TILING_COUNT)
      return NULL;
   return ail_tiling_names[tiling];
}

bool
ail_tiling_from_name(const char *name, enum ail_tiling *tiling)
{
   if (!name)
      return false;

   for (unsigned i = 0; i < AIL_TILING_COUNT; ++i) {
      if (strcasecmp(name, ail_tiling_names[i]) == 0) {
         *tiling = (enum ail_tiling)i;
         return true;
      }
   }
   return false;
}
