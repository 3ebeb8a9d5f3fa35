/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * pipe-format-info: print the format table, a summary of it, or one
 * format's description.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/format/u_format.h"
#include "util/format/u_format_pack.h"

static void
usage(FILE *out)
{
   fprintf(out,
           "Usage: pipe-format-info [OPTION]\n"
           "Describe the pipe formats built into this tree.\n"
           "\n"
           "  --summary        count formats by kind (default)\n"
           "  --list           one line per format: name, block, bytes\n"
           "  --format NAME    describe one format (R8G8B8A8_UNORM or\n"
           "                   PIPE_FORMAT_R8G8B8A8_UNORM, any case)\n"
           "  -h, --help       show this help\n"
           "\n"
           "Exit status: 0 on success, 1 on an unknown format or option.\n");
}

static const char *
type_name(const struct util_format_channel_description *c)
{
   switch (c->type) {
   case UTIL_FORMAT_TYPE_VOID:
      return "pad";
   case UTIL_FORMAT_TYPE_UNSIGNED:
      return c->srgb           ? "srgb"
             : c->normalized   ? "unorm"
             : c->pure_integer ? "uint"
                               : "uscaled";
   case UTIL_FORMAT_TYPE_SIGNED:
      return c->normalized ? "snorm" : c->pure_integer ? "sint" : "sscaled";
   case UTIL_FORMAT_TYPE_FIXED:
      return "fixed";
   case UTIL_FORMAT_TYPE_FLOAT:
      return "float";
   default:
      return "?";
   }
}

static char
swizzle_char(unsigned s)
{
   return "xyzw01_"[s <= PIPE_SWIZZLE_NONE ? s : PIPE_SWIZZLE_NONE];
}

static void
print_format(const struct util_format_description *d)
{
   enum pipe_format f = d->format;
   static const char *const colorspaces[] = {"rgb", "srgb", "zs"};

   printf("%s\n", d->name);
   printf("  enum value:   %u\n", (unsigned)f);
   printf("  layout:       %s%s%s\n", util_format_layout_name(d->layout),
          d->is_array ? " (array)" : "", d->is_bitmask ? " (bitmask)" : "");
   printf("  block:        %ux%ux%u pixels, %u bytes\n", d->block.width,
          d->block.height, d->block.depth, d->block.bits / 8);
   printf("  colorspace:   %s\n", colorspaces[d->colorspace]);
   printf("  channels:    ");
   for (unsigned c = 0; c < d->nr_channels; c++) {
      const struct util_format_channel_description *ch = &d->channel[c];
      if (ch->size)
         printf(" %s%u@%u", type_name(ch), ch->size, ch->shift);
      else
         printf(" %s", type_name(ch));
   }
   printf("\n");
   printf("  swizzle:      %c%c%c%c%s\n", swizzle_char(d->swizzle[0]),
          swizzle_char(d->swizzle[1]), swizzle_char(d->swizzle[2]),
          swizzle_char(d->swizzle[3]),
          d->colorspace == UTIL_FORMAT_COLORSPACE_ZS ? " (depth, stencil)"
                                                     : " (r, g, b, a)");
   printf("  properties:  ");
   if (util_format_is_compressed(f))
      printf(" compressed");
   if (util_format_has_depth(f))
      printf(" depth");
   if (util_format_has_stencil(f))
      printf(" stencil");
   if (util_format_is_srgb(f))
      printf(" srgb");
   if (util_format_is_pure_integer(f))
      printf(" pure-integer");
   if (!util_format_is_compressed(f) && !util_format_is_depth_or_stencil(f) &&
       !util_format_is_srgb(f) && !util_format_is_pure_integer(f))
      printf(" (none)");
   printf("\n");
   if (d->linear_format)
      printf("  linear twin:  %s\n", util_format_name(d->linear_format));
   if (d->srgb_format)
      printf("  srgb twin:    %s\n", util_format_name(d->srgb_format));

   printf("  conversions: ");
   if (util_format_can_unpack_rgba_float(f))
      printf(" rgba-float");
   if (util_format_can_unpack_rgba_int(f))
      printf(" rgba-uint rgba-sint");
   if (util_format_has_depth(f))
      printf(" z-float");
   if (util_format_has_stencil(f))
      printf(" s-uint8");
   if (!util_format_can_unpack_rgba_float(f) &&
       !util_format_is_depth_or_stencil(f))
      printf(" none (compressed)");
   printf("\n");
}

static void
print_summary(void)
{
   unsigned layouts[UTIL_FORMAT_LAYOUT_COUNT] = {0};
   unsigned plain = 0, srgb = 0, zs = 0, pure_int = 0, compressed = 0;

   for (unsigned i = 1; i < PIPE_FORMAT_COUNT; i++) {
      enum pipe_format f = (enum pipe_format)i;
      const struct util_format_description *d = util_format_description(f);
      layouts[d->layout]++;
      if (util_format_is_compressed(f))
         compressed++;
      else if (util_format_is_depth_or_stencil(f))
         zs++;
      else if (util_format_is_srgb(f))
         srgb++;
      else
         plain++;
      if (util_format_is_pure_integer(f))
         pure_int++;
   }

   printf("pipe formats: %u (plus PIPE_FORMAT_NONE)\n", PIPE_FORMAT_COUNT - 1);
   printf("  plain colour (linear):  %4u  (of which pure integer: %u)\n", plain,
          pure_int);
   printf("  sRGB (uncompressed):    %4u\n", srgb);
   printf("  depth/stencil:          %4u\n", zs);
   printf("  compressed:             %4u\n", compressed);
   static const struct {
      enum util_format_layout layout;
      const char *what;
   } families[] = {
      {UTIL_FORMAT_LAYOUT_S3TC, "s3tc (BC1-BC3)"},
      {UTIL_FORMAT_LAYOUT_RGTC, "rgtc (BC4-BC5)"},
      {UTIL_FORMAT_LAYOUT_BPTC, "bptc (BC6H, BC7)"},
      {UTIL_FORMAT_LAYOUT_ETC, "etc (ETC1, ETC2, EAC)"},
      {UTIL_FORMAT_LAYOUT_ASTC, "astc (2D, LDR)"},
   };
   for (unsigned i = 0; i < sizeof(families) / sizeof(families[0]); i++)
      printf("    %-22s%4u\n", families[i].what, layouts[families[i].layout]);
   printf("  by layout:\n");
   for (unsigned l = 0; l < UTIL_FORMAT_LAYOUT_COUNT; l++)
      printf("    %-22s%4u\n",
             util_format_layout_name((enum util_format_layout)l), layouts[l]);
}

static void
print_list(void)
{
   for (unsigned i = 1; i < PIPE_FORMAT_COUNT; i++) {
      const struct util_format_description *d =
         util_format_description((enum pipe_format)i);
      printf("%-24s %-12s %2ux%-2u %2u bytes\n", d->short_name,
             util_format_layout_name(d->layout), d->block.width,
             d->block.height, d->block.bits / 8);
   }
}

int
main(int argc, char **argv)
{
   if (argc == 1) {
      print_summary();
      return 0;
   }
   for (int i = 1; i < argc; i++) {
      const char *arg = argv[i];
      if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
         usage(stdout);
         return 0;
      } else if (!strcmp(arg, "--summary")) {
         print_summary();
      } else if (!strcmp(arg, "--list")) {
         print_list();
      } else if (!strcmp(arg, "--format") || !strncmp(arg, "--format=", 9)) {
         const char *name = arg[8] == '=' ? arg + 9 : argv[++i];
         if (!name) {
            fprintf(stderr, "pipe-format-info: --format needs a name\n");
            return 1;
         }
         enum pipe_format f = util_format_from_name(name);
         if (f == PIPE_FORMAT_NONE) {
            fprintf(stderr,
                    "pipe-format-info: unknown format '%s' "
                    "(see --list for the names)\n",
                    name);
            return 1;
         }
         print_format(util_format_description(f));
      } else {
         fprintf(stderr, "pipe-format-info: unknown option '%s'\n", arg);
         usage(stderr);
         return 1;
      }
   }
   return 0;
}
