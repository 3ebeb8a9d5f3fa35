/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * make_seeds DIR: writes example agxdecode dump files built with the genxml
 * packers into DIR.  They seed the decoder's fuzz corpus
 * (src/asahi/lib/fuzz/corpus) and feed the agxdecode tool test.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_pack.h"
#include "stream_builder.h"
#include "util/os_file.h"

static int
emit(const char *dir, const char *name, const struct sb_image *img,
     size_t truncate_to)
{
   uint8_t *data;
   size_t size;
   char path[4096];
   if (!sb_write_dump(img, &data, &size)) {
      fprintf(stderr, "make_seeds: cannot serialise %s\n", name);
      return 1;
   }
   if (truncate_to && truncate_to < size)
      size = truncate_to;
   snprintf(path, sizeof(path), "%s/%s", dir, name);
   int err = os_write_file_atomic(path, data, size);
   free(data);
   if (err) {
      fprintf(stderr, "make_seeds: %s: %s\n", path, strerror(err));
      return 1;
   }
   return 0;
}

int
main(int argc, char **argv)
{
   static struct sb_image img;
   int fails = 0;
   if (argc != 2) {
      fprintf(stderr, "usage: make_seeds DIR\n");
      return 2;
   }
   const char *dir = argv[1];

   /* A render pass with one draw, a compute dispatch and attachments. */
   sb_init(&img);
   uint64_t vdm = sb_build_draw(&img);
   uint64_t cdm = sb_build_compute(&img);
   sb_cmd_compute(&img, cdm);
   sb_cmd_attachments(&img, SB_DATA_VA + 0x1000, 0x1000);
   sb_cmd_render(&img, vdm);
   fails += emit(dir, "draw_and_compute.dump", &img, 0);
   /* The same, cut short in the middle of the memory regions. */
   fails += emit(dir, "truncated.dump", &img, 700);

   /* Stream links and a call with return. */
   sb_init(&img);
   sb_cmd_render(&img, sb_build_link_chain(&img));
   fails += emit(dir, "link_chain.dump", &img, 0);

   /* Compute only. */
   sb_init(&img);
   sb_cmd_compute(&img, sb_build_compute(&img));
   fails += emit(dir, "compute.dump", &img, 0);

   /* Memory only: the draw stream starts the first region. */
   sb_init(&img);
   sb_build_draw(&img);
   fails += emit(dir, "memory_only.dump", &img, 0);

   /* A stream that jumps back to itself. */
   sb_init(&img);
   uint64_t a;
   uint8_t *s = sb_alloc(&img.stream, 8, 8, &a);
   agx_pack(s, VDM_STREAM_LINK, cfg) {
      cfg.target_hi = a >> 32;
      cfg.target_lo = (uint32_t)a;
   }
   sb_cmd_render(&img, a);
   fails += emit(dir, "loop.dump", &img, 0);

   return fails ? 1 : 0;
}
