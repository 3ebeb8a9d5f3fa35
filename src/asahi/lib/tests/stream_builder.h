/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * Builds small but complete GPU memory images with the genxml packers, for
 * the decoder tests and the fuzz seed corpus: a draw, a chain of stream
 * links and calls, a compute launch, and drm_asahi command buffers naming
 * them.
 */
#ifndef STREAM_BUILDER_H
#define STREAM_BUILDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SB_USC_BASE 0x2000000000ull  /* usc_exec_base */
#define SB_STREAM_VA 0x1000000000ull /* control streams */
#define SB_DATA_VA 0x3000000000ull   /* PPP records, descriptors, data */
#define SB_REGION_B 8192

struct sb_region {
   uint64_t va;
   size_t used;
   uint8_t bytes[SB_REGION_B];
};

struct sb_image {
   struct sb_region stream, usc, data;
   uint8_t cmdbuf[1024];
   size_t cmdbuf_size;
};

void sb_init(struct sb_image *img);

/* Reserve size bytes aligned to align in a region; returns the CPU pointer
 * and stores the GPU address. */
void *sb_alloc(struct sb_region *r, size_t size, size_t align, uint64_t *va);

/* Each builder appends to the image and returns the stream's start. */
uint64_t sb_build_draw(struct sb_image *img);
uint64_t sb_build_link_chain(struct sb_image *img);
uint64_t sb_build_compute(struct sb_image *img);

/* drm_asahi cmdbuf records (appended to img->cmdbuf). */
void sb_cmd_render(struct sb_image *img, uint64_t vdm);
void sb_cmd_compute(struct sb_image *img, uint64_t cdm);
void sb_cmd_attachments(struct sb_image *img, uint64_t va, uint64_t size);

/* Serialise as an agxdecode dump file (malloc'd). */
bool sb_write_dump(const struct sb_image *img, uint8_t **data, size_t *size);

#endif
