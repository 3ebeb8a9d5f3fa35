/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * The agxdecode dump file: a snapshot of GPU memory plus one submission,
 * written by drm-shim (or any other producer) and read by the agxdecode
 * tool.  The format is described for users in docs/agxdecode.rst; this
 * header is the single implementation of it.  Everything is header-only
 * (static inline) so that producers need no extra library.
 *
 * Layout, all integers little-endian, every record 8-byte aligned:
 *
 *    file header (AGX_DUMP_HEADER_SIZE = 48 bytes)
 *       [0]  magic "AGXDUMP\0"
 *       [8]  u32 version (AGX_DUMP_VERSION)
 *       [12] u32 header size in bytes (>= 48; readers skip the excess)
 *       [16] u32 number of memory regions
 *       [20] u32 submission kind (enum agx_dump_submission_kind)
 *       [24] u64 submission size in bytes
 *       [32] u64 usc_exec_base of the queue (base of all USC offsets)
 *       [40] u32 flags (none defined, written as 0)
 *       [44] u32 reserved (0)
 *    region_count times:
 *       [0]  u64 GPU virtual address of the first byte
 *       [8]  u64 size in bytes
 *       [16] u32 flags (AGX_DUMP_REGION_*)
 *       [20] u32 reserved (0)
 *       [24] size bytes of contents, then zero padding to 8 bytes
 *    submission: submission-size bytes (for AGX_DUMP_SUBMISSION_DRM_ASAHI,
 *       exactly the bytes drm_asahi_submit::cmdbuf points to).
 */

#ifndef AGX_DECODE_DUMP_H
#define AGX_DECODE_DUMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define AGX_DUMP_MAGIC "AGXDUMP" /* 7 chars + the NUL = 8 bytes */
#define AGX_DUMP_VERSION 1
#define AGX_DUMP_HEADER_SIZE 48
#define AGX_DUMP_REGION_SIZE 24

enum agx_dump_submission_kind {
   /* Memory only; the tool needs --vdm/--cdm to know where to start. */
   AGX_DUMP_SUBMISSION_NONE = 0,
   /* The drm_asahi command buffer: drm_asahi_cmd_header + payload records. */
   AGX_DUMP_SUBMISSION_DRM_ASAHI = 1,
};

/* Region flags: hints only, a reader may ignore them. */
#define AGX_DUMP_REGION_WRITABLE (1u << 0) /* bound GPU-writable */
#define AGX_DUMP_REGION_SHADER (1u << 1)   /* inside the USC heap */

/* One memory region as read from a dump.  `data` points into the buffer
 * handed to agx_dump_read, which must outlive it. */
struct agx_dump_region {
   uint64_t va;
   uint64_t size_B;
   uint32_t flags;
   const uint8_t *data;
};

/* A parsed dump: pointers into the caller's buffer, nothing allocated. */
struct agx_dump {
   uint32_t version;
   uint32_t region_count;
   enum agx_dump_submission_kind submission_kind;
   uint64_t usc_exec_base;
   uint32_t flags;
   const uint8_t *submission;
   uint64_t submission_size_B;

   /* Private: where the region records begin and the buffer end. */
   const uint8_t *regions_start;
   const uint8_t *end;
};

/* ---- little-endian helpers -------------------------------------------- */

static inline uint32_t
agx_dump_get_u32(const uint8_t *p)
{
   return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
          ((uint32_t)p[3] << 24);
}

static inline uint64_t
agx_dump_get_u64(const uint8_t *p)
{
   return (uint64_t)agx_dump_get_u32(p) |
          ((uint64_t)agx_dump_get_u32(p + 4) << 32);
}

static inline void
agx_dump_put_u32(uint8_t *p, uint32_t v)
{
   for (unsigned i = 0; i < 4; i++)
      p[i] = (uint8_t)(v >> (8 * i));
}

static inline void
agx_dump_put_u64(uint8_t *p, uint64_t v)
{
   agx_dump_put_u32(p, (uint32_t)v);
   agx_dump_put_u32(p + 4, (uint32_t)(v >> 32));
}

static inline uint64_t
agx_dump_pad8(uint64_t size_B)
{
   return (8 - (size_B & 7)) & 7;
}

/* ---- reader ----------------------------------------------------------- */

/*
 * Parse and validate a whole dump held in memory.  Checks the magic, the
 * version, that every region record and its contents lie inside the buffer
 * and that the submission fits.  On failure returns false and points *error
 * at a static message.  Regions are then visited with agx_dump_region_at /
 * agx_dump_next_region, which cannot fail after a successful read.
 */
static inline bool
agx_dump_read(const void *buffer, size_t size_B, struct agx_dump *dump,
              const char **error)
{
   const uint8_t *base = (const uint8_t *)buffer;
   const char *dummy;
   if (!error)
      error = &dummy;

   memset(dump, 0, sizeof(*dump));
   if (!base || size_B < AGX_DUMP_HEADER_SIZE) {
      *error = "file too short for the agxdecode dump header";
      return false;
   }
   if (memcmp(base, AGX_DUMP_MAGIC, 8) != 0) {
      *error = "bad magic: not an agxdecode dump";
      return false;
   }
   dump->version = agx_dump_get_u32(base + 8);
   if (dump->version != AGX_DUMP_VERSION) {
      *error = "unsupported agxdecode dump version";
      return false;
   }
   uint32_t header_B = agx_dump_get_u32(base + 12);
   if (header_B < AGX_DUMP_HEADER_SIZE || header_B > size_B || (header_B & 7)) {
      *error = "bad header size in agxdecode dump";
      return false;
   }
   dump->region_count = agx_dump_get_u32(base + 16);
   dump->submission_kind =
      (enum agx_dump_submission_kind)agx_dump_get_u32(base + 20);
   dump->submission_size_B = agx_dump_get_u64(base + 24);
   dump->usc_exec_base = agx_dump_get_u64(base + 32);
   dump->flags = agx_dump_get_u32(base + 40);
   dump->end = base + size_B;
   dump->regions_start = base + header_B;

   /* Walk the region records once to validate them. */
   uint64_t offset = header_B;
   for (uint32_t i = 0; i < dump->region_count; i++) {
      if (size_B - offset < AGX_DUMP_REGION_SIZE) {
         *error = "region record runs past the end of the dump";
         return false;
      }
      uint64_t va = agx_dump_get_u64(base + offset);
      uint64_t len = agx_dump_get_u64(base + offset + 8);
      offset += AGX_DUMP_REGION_SIZE;
      if (len > size_B - offset || agx_dump_pad8(len) > size_B - offset - len) {
         *error = "region contents run past the end of the dump";
         return false;
      }
      if (len && va + (len - 1) < va) {
         *error = "region wraps around the end of the address space";
         return false;
      }
      offset += len + agx_dump_pad8(len);
   }

   if (dump->submission_size_B > size_B - offset) {
      *error = "submission runs past the end of the dump";
      return false;
   }
   dump->submission = base + offset;
   return true;
}

/* Region iteration: *cursor starts at NULL.  Returns false at the end. */
static inline bool
agx_dump_next_region(const struct agx_dump *dump, const uint8_t **cursor,
                     uint32_t *index, struct agx_dump_region *region)
{
   if (!*cursor) {
      *cursor = dump->regions_start;
      *index = 0;
   }
   if (*index >= dump->region_count)
      return false;

   const uint8_t *p = *cursor;
   region->va = agx_dump_get_u64(p);
   region->size_B = agx_dump_get_u64(p + 8);
   region->flags = agx_dump_get_u32(p + 16);
   region->data = p + AGX_DUMP_REGION_SIZE;
   *cursor = region->data + region->size_B + agx_dump_pad8(region->size_B);
   (*index)++;
   return true;
}

/* ---- writer ----------------------------------------------------------- */

/*
 * Streaming writer to a seekable FILE (a regular file, or open_memstream):
 *
 *    struct agx_dump_writer w;
 *    agx_dump_writer_begin(&w, fp, usc_exec_base);
 *    agx_dump_writer_add_region(&w, va, cpu_map, size);   // per BO
 *    agx_dump_writer_finish(&w, AGX_DUMP_SUBMISSION_DRM_ASAHI, cmdbuf, len);
 *
 * The header is written first with zero counts and patched by finish.  Every
 * call returns false once any write failed; the FILE stays the caller's.
 */
struct agx_dump_writer {
   FILE *fp;
   long header_offset;
   uint32_t region_count;
   uint64_t usc_exec_base;
   bool ok;
};

static inline bool
agx_dump_writer_put(struct agx_dump_writer *w, const void *data, size_t size)
{
   if (w->ok && size && fwrite(data, 1, size, w->fp) != size)
      w->ok = false;
   return w->ok;
}

static inline bool
agx_dump_writer_pad(struct agx_dump_writer *w, uint64_t size_B)
{
   static const uint8_t zero[8] = {0};
   return agx_dump_writer_put(w, zero, (size_t)agx_dump_pad8(size_B));
}

static inline void
agx_dump_encode_header(uint8_t *h, uint32_t region_count, uint32_t kind,
                       uint64_t submission_size_B, uint64_t usc_exec_base)
{
   memset(h, 0, AGX_DUMP_HEADER_SIZE);
   memcpy(h, AGX_DUMP_MAGIC, 8);
   agx_dump_put_u32(h + 8, AGX_DUMP_VERSION);
   agx_dump_put_u32(h + 12, AGX_DUMP_HEADER_SIZE);
   agx_dump_put_u32(h + 16, region_count);
   agx_dump_put_u32(h + 20, kind);
   agx_dump_put_u64(h + 24, submission_size_B);
   agx_dump_put_u64(h + 32, usc_exec_base);
}

static inline bool
agx_dump_writer_begin(struct agx_dump_writer *w, FILE *fp,
                      uint64_t usc_exec_base)
{
   uint8_t h[AGX_DUMP_HEADER_SIZE];
   w->fp = fp;
   w->region_count = 0;
   w->usc_exec_base = usc_exec_base;
   w->header_offset = fp ? ftell(fp) : -1;
   w->ok = w->header_offset >= 0;
   agx_dump_encode_header(h, 0, AGX_DUMP_SUBMISSION_NONE, 0, usc_exec_base);
   return agx_dump_writer_put(w, h, sizeof(h));
}

static inline bool
agx_dump_writer_add_region(struct agx_dump_writer *w, uint64_t va,
                           const void *data, uint64_t size_B, uint32_t flags)
{
   uint8_t r[AGX_DUMP_REGION_SIZE] = {0};
   if (!data && size_B)
      w->ok = false;
   if (size_B > SIZE_MAX || w->region_count == UINT32_MAX)
      w->ok = false;
   agx_dump_put_u64(r, va);
   agx_dump_put_u64(r + 8, size_B);
   agx_dump_put_u32(r + 16, flags);
   if (!agx_dump_writer_put(w, r, sizeof(r)) ||
       !agx_dump_writer_put(w, data, (size_t)size_B) ||
       !agx_dump_writer_pad(w, size_B))
      return false;
   w->region_count++;
   return true;
}

static inline bool
agx_dump_writer_finish(struct agx_dump_writer *w,
                       enum agx_dump_submission_kind kind,
                       const void *submission, uint64_t size_B)
{
   uint8_t h[AGX_DUMP_HEADER_SIZE];
   if (!submission && size_B)
      w->ok = false;
   if (!agx_dump_writer_put(w, submission, (size_t)size_B))
      return false;

   long end = ftell(w->fp);
   agx_dump_encode_header(h, w->region_count, kind, size_B, w->usc_exec_base);
   if (end < 0 || fseek(w->fp, w->header_offset, SEEK_SET) != 0)
      return w->ok = false;
   agx_dump_writer_put(w, h, sizeof(h));
   if (fseek(w->fp, end, SEEK_SET) != 0 || fflush(w->fp) != 0)
      w->ok = false;
   return w->ok;
}

#endif /* AGX_DECODE_DUMP_H */
