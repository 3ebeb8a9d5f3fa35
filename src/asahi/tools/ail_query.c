/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ail-query: ask ail how an image is laid out.
 *
 * One request from the command line prints key=value lines; --batch reads
 * CSV requests from stdin and prints one CSV answer per request.  See
 * usage() for both formats.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"

static void
usage(FILE *fp)
{
   fprintf(
      fp,
      "Usage: ail-query [OPTION...] [KEY=VALUE...]\n"
      "       ail-query --batch < requests.csv\n"
      "\n"
      "Print how the AGX lays out an image in memory, as computed by ail\n"
      "(src/asahi/layout).  All sizes and offsets are in bytes, decimal.\n"
      "\n"
      "Single request.  Each setting is given as --KEY VALUE, --KEY=VALUE\n"
      "or KEY=VALUE:\n"
      "  format    pipe format name, e.g. R8G8B8A8_UNORM (required)\n"
      "  width     level-0 width in pixels (required)\n"
      "  height    level-0 height in pixels (default 1)\n"
      "  depth     layers of an array or cube (6 per cube), or the depth of\n"
      "            a 3D image (default 1)\n"
      "  levels    mip levels (default 1); more than 1 reserves the whole\n"
      "            chain, as the hardware expects\n"
      "  samples   1, 2 or 4 (default 1)\n"
      "  tiling    linear, twiddled or compressed (default twiddled)\n"
      "  stride    linear only: row stride in bytes, a multiple of 16\n"
      "            (default: the smallest multiple of 16 holding a row)\n"
      "Flags: --3d (mipmapped along Z), --cube, --writeable, --renderable.\n"
      "Output, one key=value per line: the request, then\n"
      "  size, layer_stride, page_aligned_layers, metadata_offset and\n"
      "  metadata_layer_stride (compressed only), levels_allocated,\n"
      "  and for every requested level N: levelN_offset, levelN_size,\n"
      "  levelN_tile (WxH elements) and levelN_stride_el.\n"
      "Invalid requests print \"error: <reason>\" on stderr and exit 1.\n"
      "\n"
      "--batch: read one request per line from stdin as CSV\n"
      "  format,width,height,depth,levels,samples,tiling\n"
      "and print one line per request:\n"
      "  size,metadata_offset,level_offsets\n"
      "where metadata_offset is 0 unless tiling is compressed and\n"
      "level_offsets lists the offset of each requested level separated by\n"
      "';'.  A request that cannot be laid out prints error:<reason>\n"
      "instead.  Empty lines, lines starting with '#' and a header line\n"
      "starting with \"format,\" are skipped.  Exits 0 once stdin is read.\n"
      "\n"
      "  -h, --help   show this help\n");
}

/* A decimal (or 0x hex) integer that fits in 32 bits. */
static bool
parse_u32(const char *s, uint32_t *out)
{
   if (!s || *s == '\0' || *s == '-' || *s == '+' || *s == ' ')
      return false;

   char *end;
   errno = 0;
   unsigned long long v = strtoull(s, &end, 0);
   if (errno || *end != '\0' || v > UINT32_MAX)
      return false;

   *out = (uint32_t)v;
   return true;
}

struct request {
   struct ail_layout layout;
   uint32_t levels; /* before narrowing into the layout */
   uint32_t samples;
   bool have_format, have_width;
};

/* Fill one field; returns NULL or a reason (static or in `err`). */
static const char *
set_field(struct request *req, const char *key, const char *value, char *err,
          size_t err_size)
{
   struct ail_layout *l = &req->layout;
   uint32_t *num = NULL;

   if (strcmp(key, "format") == 0) {
      l->format = util_format_from_name(value);
      if (l->format == PIPE_FORMAT_NONE) {
         snprintf(err, err_size, "unknown format '%s'", value);
         return err;
      }
      req->have_format = true;
      return NULL;
   } else if (strcmp(key, "tiling") == 0) {
      if (!ail_tiling_from_name(value, &l->tiling)) {
         snprintf(err, err_size,
                  "unknown tiling '%s' (linear/twiddled/compressed)", value);
         return err;
      }
      return NULL;
   } else if (strcmp(key, "width") == 0) {
      num = &l->width_px;
      req->have_width = true;
   } else if (strcmp(key, "height") == 0) {
      num = &l->height_px;
   } else if (strcmp(key, "depth") == 0) {
      num = &l->depth_px;
   } else if (strcmp(key, "levels") == 0) {
      num = &req->levels;
   } else if (strcmp(key, "samples") == 0) {
      num = &req->samples;
   } else if (strcmp(key, "stride") == 0) {
      num = &l->linear_stride_B;
   } else {
      snprintf(err, err_size, "unknown setting '%s'", key);
      return err;
   }

   if (!parse_u32(value, num)) {
      snprintf(err, err_size, "%s must be a non-negative integer, not '%s'",
               key, value);
      return err;
   }
   return NULL;
}

static void
request_init(struct request *req)
{
   *req = (struct request){
      .layout =
         {
            .height_px = 1,
            .depth_px = 1,
            .tiling = AIL_TILING_TWIDDLED,
         },
      .levels = 1,
      .samples = 1,
   };
}

/* Validate what ail_layout cannot hold, then lay the image out. */
static const char *
request_run(struct request *req, bool pick_stride)
{
   struct ail_layout *l = &req->layout;

   if (!req->have_format)
      return "missing format";
   if (!req->have_width)
      return "missing width";
   if (req->samples > 255)
      return ail_error_string(AIL_ERROR_SAMPLES);
   if (req->levels > 255)
      return ail_error_string(AIL_ERROR_LEVELS);

   l->sample_count_sa = (uint8_t)req->samples;
   l->levels = (uint8_t)req->levels;

   /* For a linear image without a stride, pack the rows as tightly as the
    * hardware allows. */
   if (pick_stride && l->tiling == AIL_TILING_LINEAR &&
       l->linear_stride_B == 0) {
      uint64_t row_B =
         (uint64_t)l->width_px * util_format_get_blocksize(l->format);
      uint64_t stride_B = (row_B + 15) & ~(uint64_t)15;
      if (stride_B > UINT32_MAX)
         return ail_error_string(AIL_ERROR_DIMENSIONS);
      l->linear_stride_B = (uint32_t)stride_B;
   }

   enum ail_error e = ail_make_miptree(l);
   return e ? ail_error_string(e) : NULL;
}

static void
print_layout(const struct ail_layout *l)
{
   printf("format=%s\n", util_format_name(l->format));
   printf("width=%u\nheight=%u\ndepth=%u\n", l->width_px, l->height_px,
          l->depth_px);
   printf("levels=%u\nsamples=%u\n", l->levels, l->sample_count_sa);
   printf("tiling=%s\n", ail_tiling_name(l->tiling));
   printf("modifier=0x%" PRIx64 "\n", ail_tiling_to_drm_modifier(l->tiling));
   if (l->tiling == AIL_TILING_LINEAR)
      printf("stride=%u\n", l->linear_stride_B);
   printf("size=%" PRIu64 "\n", l->size_B);
   printf("layer_stride=%" PRIu64 "\n", l->layer_stride_B);
   printf("page_aligned_layers=%u\n", l->page_aligned_layers);
   if (ail_is_compressed(l)) {
      printf("metadata_offset=%" PRIu64 "\n", l->metadata_offset_B);
      printf("metadata_layer_stride=%" PRIu64 "\n",
             l->compression_layer_stride_B);
      printf("levels_compressed=%u\n", l->levels_compressed);
   }
   printf("levels_allocated=%u\n", l->levels_allocated);
   for (unsigned i = 0; i < l->levels; ++i) {
      printf("level%u_offset=%" PRIu64 "\n", i, ail_get_level_offset_B(l, i));
      printf("level%u_size=%" PRIu64 "\n", i, ail_get_level_size_B(l, i));
      printf("level%u_tile=%ux%u\n", i, l->tilesize_el[i].width_el,
             l->tilesize_el[i].height_el);
      printf("level%u_stride_el=%u\n", i, l->stride_el[i]);
   }
}

/* Strip trailing newline, carriage return and blanks in place. */
static void
chomp(char *s)
{
   size_t n = strlen(s);
   while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ' ||
                s[n - 1] == '\t'))
      s[--n] = '\0';
}

static const char *
batch_line(char *line, struct request *req, char *err, size_t err_size)
{
   static const char *const keys[] = {
      "format", "width", "height", "depth", "levels", "samples", "tiling",
   };
   const unsigned nkeys = sizeof(keys) / sizeof(keys[0]);
   char *field = line;
   unsigned n = 0;

   request_init(req);
   for (;;) {
      char *comma = strchr(field, ',');
      if (comma)
         *comma = '\0';
      /* Forgive blanks around fields ("R8_UNORM, 4, 4, ..."). */
      while (*field == ' ' || *field == '\t')
         field++;
      chomp(field);
      if (n >= nkeys) {
         snprintf(err, err_size, "expected %u fields", nkeys);
         return err;
      }
      const char *why = set_field(req, keys[n], field, err, err_size);
      if (why)
         return why;
      n++;
      if (!comma)
         break;
      field = comma + 1;
   }
   if (n != nkeys) {
      snprintf(err, err_size, "expected %u fields", nkeys);
      return err;
   }

   return request_run(req, true);
}

static int
run_batch(void)
{
   char *line = NULL;
   size_t cap = 0;
   bool first = true;

   while (getline(&line, &cap, stdin) >= 0) {
      chomp(line);
      bool header = first && strncmp(line, "format,", 7) == 0;
      first = false;
      if (line[0] == '\0' || line[0] == '#' || header)
         continue;

      struct request req;
      char err[256];
      const char *why = batch_line(line, &req, err, sizeof(err));
      if (why) {
         printf("error:%s\n", why);
         continue;
      }

      const struct ail_layout *l = &req.layout;
      printf("%" PRIu64 ",%" PRIu64 ",", l->size_B,
             ail_is_compressed(l) ? l->metadata_offset_B : 0);
      for (unsigned i = 0; i < l->levels; ++i)
         printf("%s%" PRIu64, i ? ";" : "", ail_get_level_offset_B(l, i));
      printf("\n");
   }

   free(line);
   if (ferror(stdin)) {
      fprintf(stderr, "ail-query: error reading stdin\n");
      return 1;
   }
   return 0;
}

int
main(int argc, char **argv)
{
   struct request req;
   char err[256];
   bool batch = false;

   request_init(&req);

   for (int i = 1; i < argc; ++i) {
      const char *arg = argv[i];

      if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
         usage(stdout);
         return 0;
      } else if (strcmp(arg, "--batch") == 0) {
         batch = true;
      } else if (strcmp(arg, "--3d") == 0) {
         req.layout.mipmapped_z = true;
      } else if (strcmp(arg, "--cube") == 0) {
         req.layout.cube = true;
      } else if (strcmp(arg, "--writeable") == 0) {
         req.layout.writeable_image = true;
      } else if (strcmp(arg, "--renderable") == 0) {
         req.layout.renderable = true;
      } else {
         /* --key value, --key=value or key=value */
         char key[64];
         const char *value;
         const char *name = strncmp(arg, "--", 2) == 0 ? arg + 2 : arg;
         const char *eq = strchr(name, '=');

         if (eq) {
            value = eq + 1;
         } else if (name != arg && i + 1 < argc) {
            value = argv[++i];
         } else if (name != arg) {
            fprintf(stderr, "ail-query: %s needs a value (see --help)\n",
                    arg);
            return 2;
         } else {
            fprintf(stderr,
                    "ail-query: unexpected argument '%s' "
                    "(see --help)\n",
                    arg);
            return 2;
         }

         size_t key_len = eq ? (size_t)(eq - name) : strlen(name);
         if (key_len == 0 || key_len >= sizeof(key)) {
            fprintf(stderr, "ail-query: bad argument '%s' (see --help)\n", arg);
            return 2;
         }
         memcpy(key, name, key_len);
         key[key_len] = '\0';

         const char *why = set_field(&req, key, value, err, sizeof(err));
         if (why) {
            fprintf(stderr, "ail-query: %s (see --help)\n", why);
            return 2;
         }
      }
   }

   if (batch) {
      if (argc > 2) {
         fprintf(stderr, "ail-query: --batch takes no other arguments\n");
         return 2;
      }
      return run_batch();
   }

   if (argc == 1) {
      usage(stderr);
      return 2;
   }

   const char *why = request_run(&req, true);
   if (why) {
      fprintf(stderr, "error: %s\n", why);
      return 1;
   }

   print_layout(&req.layout);
   return 0;
}
