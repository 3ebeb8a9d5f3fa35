/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * ASAHI_SHIM_DUMP=dir: every accepted submission is written to
 * dir/asahi-<pid>-<n>.agxdump in agxdecode's dump format
 * (src/asahi/lib/decode_dump.h): one region per VM mapping with the bytes
 * the GPU would see there, then the command buffer.  A SINGLE_PAGE
 * mapping (sparse) is written as its one repeated page at its start.
 * Failures to write are reported on stderr; the submission still succeeds.
 */
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "asahi/lib/decode_dump.h"
#include "asahi_shim.h"

#define USC_HEAP_SIZE (1ull << 32)

struct dump_regions {
   struct agx_dump_writer *w;
   uint64_t usc_exec_base;
};

static void
add_region(const struct asahi_shim_mapping *m, void *data)
{
   struct dump_regions *d = data;
   bool single = m->flags & DRM_ASAHI_BIND_SINGLE_PAGE;
   uint64_t size = single ? ASAHI_SHIM_PAGE_SIZE : m->range;
   uint32_t flags = 0;
   if (m->flags & DRM_ASAHI_BIND_WRITE)
      flags |= AGX_DUMP_REGION_WRITABLE;
   if (m->addr >= d->usc_exec_base &&
       m->addr - d->usc_exec_base < USC_HEAP_SIZE)
      flags |= AGX_DUMP_REGION_SHADER;
   agx_dump_writer_add_region(
      d->w, m->addr, (const uint8_t *)m->bo->map + m->offset, size, flags);
}

int
asahi_shim_dump(const char *dir, struct asahi_shim_queue *queue,
                const void *cmdbuf, size_t cmdbuf_size)
{
   static unsigned counter;
   char path[4096];
   snprintf(path, sizeof(path), "%s/asahi-%d-%u.agxdump", dir, (int)getpid(),
            counter++);

   FILE *fp = fopen(path, "wb");
   if (!fp) {
      fprintf(stderr, "drm-shim: cannot write dump %s\n", path);
      return -errno;
   }

   struct agx_dump_writer w;
   agx_dump_writer_begin(&w, fp, queue->usc_exec_base);
   struct dump_regions d = {&w, queue->usc_exec_base};
   asahi_shim_vm_foreach(queue->vm, add_region, &d);
   bool ok = agx_dump_writer_finish(&w, AGX_DUMP_SUBMISSION_DRM_ASAHI, cmdbuf,
                                    cmdbuf_size);
   if (fclose(fp) != 0)
      ok = false;
   if (!ok) {
      fprintf(stderr, "drm-shim: short write of dump %s\n", path);
      return -EIO;
   }
   return 0;
}
