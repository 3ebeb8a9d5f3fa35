/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Submission dumps for ASAHI_MESA_DEBUG=trace (see agx_trace.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "util/log.h"

#include "agx_state.h"
#include "agx_trace.h"
#include "decode_dump.h"

struct dumped {
   uint64_t va[512];
   unsigned count;
};

static void
dump_bo(struct agx_dump_writer *w, struct dumped *seen, struct agx_bo *bo)
{
   if (!bo || seen->count >= 512)
      return;
   for (unsigned i = 0; i < seen->count; ++i) {
      if (seen->va[i] == bo->va)
         return;
   }
   if (!agx_bo_map(bo))
      return;
   seen->va[seen->count++] = bo->va;
   uint32_t flags = (bo->flags & AGX_BO_EXEC) ? AGX_DUMP_REGION_SHADER : 0;
   if (!(bo->flags & AGX_BO_READONLY))
      flags |= AGX_DUMP_REGION_WRITABLE;
   agx_dump_writer_add_region(w, bo->va, bo->map, bo->size, flags);
}

static void
dump_list(struct agx_dump_writer *w, struct dumped *seen,
          struct util_dynarray *list, bool resources)
{
   if (resources) {
      unsigned n = util_dynarray_num_elements(list, struct pipe_resource *);
      for (unsigned i = 0; i < n; ++i) {
         struct pipe_resource *r =
            *util_dynarray_element(list, struct pipe_resource *, i);
         dump_bo(w, seen, agx_resource(r)->bo);
      }
   } else {
      unsigned n = util_dynarray_num_elements(list, struct agx_bo *);
      for (unsigned i = 0; i < n; ++i)
         dump_bo(w, seen, *util_dynarray_element(list, struct agx_bo *, i));
   }
}

void
agx_trace_submission(struct agx_screen *screen, struct agx_batch *batch,
                     const void *cmdbuf, size_t size_B)
{
   static unsigned counter;
   const char *dir = getenv("ASAHI_TRACE_DIR");
   char path[512];
   snprintf(path, sizeof(path), "%s/asahi-%d-%u.agxdump", dir ? dir : ".",
            (int)getpid(), counter++);

   FILE *fp = fopen(path, "wb");
   if (!fp) {
      u_logw("asahi", "trace: cannot write %s", path);
      return;
   }

   struct dumped *seen = calloc(1, sizeof(*seen));
   struct agx_dump_writer w;
   agx_dump_writer_begin(&w, fp, screen->dev.usc_base);
   if (seen) {
      dump_bo(&w, seen, batch->vdm);
      dump_list(&w, seen, &batch->pool.bos, false);
      dump_list(&w, seen, &batch->pipeline.bos, false);
      dump_list(&w, seen, &batch->bos, false);
      dump_list(&w, seen, &batch->reads, true);
      dump_list(&w, seen, &batch->writes, true);
   }
   bool ok =
      agx_dump_writer_finish(&w, AGX_DUMP_SUBMISSION_DRM_ASAHI, cmdbuf, size_B);
   fclose(fp);
   free(seen);
   if (ok)
      u_logi("asahi", "trace: submission written to %s", path);
   else
      u_logw("asahi", "trace: writing %s failed", path);
}
