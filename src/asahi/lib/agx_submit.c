/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * Building drm_asahi command buffers and submitting them.
 *
 * A command buffer is a flat run of drm_asahi_cmd_header + payload records
 * (torvalds/linux include/uapi/drm/asahi_drm.h).  The kernel takes at most max_commands_per_submission
 * hardware commands per SUBMIT, so a longer list goes out as several
 * ioctls on the same queue, as upstream Mesa does (UM hk_queue.c
 * queue_submit_looped):
 *  - attachment records travel with the hardware command after them;
 *  - barrier indices count from the start of each ioctl, so an index N is
 *    lowered by the commands of that sub-queue sent in earlier ioctls, and
 *    becomes 0 ("all earlier work") when what it waits for is entirely in
 *    an earlier ioctl;
 *  - the in-syncs go with the first ioctl, the out-syncs with the last;
 *  - the last ioctl's first command waits (barrier 0) on both sub-queues,
 *    so its out-syncs cannot signal before earlier ioctls finish.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <xf86drm.h>

#include "util/log.h"
#include "agx_device.h"

#define HEADER_SIZE sizeof(struct drm_asahi_cmd_header)

void
agx_cmdbuf_init(struct agx_cmdbuf *cmdbuf)
{
   memset(cmdbuf, 0, sizeof(*cmdbuf));
}

void
agx_cmdbuf_fini(struct agx_cmdbuf *cmdbuf)
{
   free(cmdbuf->data);
   memset(cmdbuf, 0, sizeof(*cmdbuf));
}

static bool
append(struct agx_cmdbuf *cmdbuf, uint16_t type, uint16_t vdm_barrier,
       uint16_t cdm_barrier, const void *payload, size_t size)
{
   if (cmdbuf->failed || size > UINT16_MAX)
      return !(cmdbuf->failed = true);

   size_t need = cmdbuf->size + HEADER_SIZE + size;
   if (need > cmdbuf->capacity) {
      size_t cap = cmdbuf->capacity ? cmdbuf->capacity * 2 : 4096;
      while (cap < need)
         cap *= 2;
      uint8_t *data = realloc(cmdbuf->data, cap);
      if (!data)
         return !(cmdbuf->failed = true);
      cmdbuf->data = data;
      cmdbuf->capacity = cap;
   }

   struct drm_asahi_cmd_header h = {
      .cmd_type = type,
      .size = (uint16_t)size,
      .vdm_barrier = vdm_barrier,
      .cdm_barrier = cdm_barrier,
   };
   memcpy(cmdbuf->data + cmdbuf->size, &h, HEADER_SIZE);
   if (size)
      memcpy(cmdbuf->data + cmdbuf->size + HEADER_SIZE, payload, size);
   cmdbuf->size = need;
   return true;
}

/* A barrier may only name commands already in the list. */
static bool
barriers_ok(const struct agx_cmdbuf *cmdbuf, uint16_t vdm, uint16_t cdm)
{
   return (vdm == DRM_ASAHI_BARRIER_NONE || vdm <= cmdbuf->vdm_count) &&
          (cdm == DRM_ASAHI_BARRIER_NONE || cdm <= cmdbuf->cdm_count);
}

bool
agx_cmdbuf_add_render(struct agx_cmdbuf *cmdbuf,
                      const struct drm_asahi_cmd_render *render,
                      uint16_t vdm_barrier, uint16_t cdm_barrier)
{
   if (!barriers_ok(cmdbuf, vdm_barrier, cdm_barrier))
      return !(cmdbuf->failed = true);
   if (!append(cmdbuf, DRM_ASAHI_CMD_RENDER, vdm_barrier, cdm_barrier, render,
               sizeof(*render)))
      return false;
   cmdbuf->vdm_count++;
   return true;
}

bool
agx_cmdbuf_add_compute(struct agx_cmdbuf *cmdbuf,
                       const struct drm_asahi_cmd_compute *compute,
                       uint16_t vdm_barrier, uint16_t cdm_barrier)
{
   if (!barriers_ok(cmdbuf, vdm_barrier, cdm_barrier))
      return !(cmdbuf->failed = true);
   if (!append(cmdbuf, DRM_ASAHI_CMD_COMPUTE, vdm_barrier, cdm_barrier, compute,
               sizeof(*compute)))
      return false;
   cmdbuf->cdm_count++;
   return true;
}

bool
agx_cmdbuf_add_attachments(struct agx_cmdbuf *cmdbuf, uint16_t type,
                           const struct drm_asahi_attachment *att,
                           unsigned count)
{
   if (type < DRM_ASAHI_SET_VERTEX_ATTACHMENTS ||
       type > DRM_ASAHI_SET_COMPUTE_ATTACHMENTS)
      return !(cmdbuf->failed = true);
   return append(cmdbuf, type, DRM_ASAHI_BARRIER_NONE, DRM_ASAHI_BARRIER_NONE,
                 att, (size_t)count * sizeof(*att));
}

static uint16_t
rebase_barrier(uint16_t barrier, unsigned sent_before)
{
   if (barrier == DRM_ASAHI_BARRIER_NONE)
      return barrier;
   return barrier <= sent_before ? 0 : barrier - sent_before;
}

static int
submit_ioctl(struct agx_device *dev, uint32_t queue_id, const uint8_t *data,
             size_t size, const struct drm_asahi_sync *syncs, unsigned in_count,
             unsigned out_count)
{
   struct drm_asahi_submit s = {
      .syncs = (uintptr_t)syncs,
      .cmdbuf = (uintptr_t)data,
      .queue_id = queue_id,
      .in_sync_count = in_count,
      .out_sync_count = out_count,
      .cmdbuf_size = size,
   };
   dev->stats.submit_ioctls++;
   return agx_ioctl(dev, DRM_IOCTL_ASAHI_SUBMIT, &s, "DRM_IOCTL_ASAHI_SUBMIT");
}

/* Wait for a submission when ASAHI_MESA_DEBUG=sync. */
static int
debug_sync_wait(struct agx_device *dev, uint32_t syncobj)
{
   int ret = drmSyncobjWait(dev->fd, &syncobj, 1, INT64_MAX,
                            DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, NULL);
   if (ret) {
      snprintf(dev->error, sizeof(dev->error),
               "DRM_IOCTL_SYNCOBJ_WAIT after a submission failed: %s",
               strerror(-ret));
      u_loge("asahi", "%s", dev->error);
   }
   return ret;
}

int
agx_submit(struct agx_device *dev, uint32_t queue_id,
           const struct agx_cmdbuf *cmdbuf,
           const struct drm_asahi_sync *in_syncs, unsigned in_count,
           const struct drm_asahi_sync *out_syncs, unsigned out_count,
           unsigned *ioctls)
{
   unsigned total = agx_cmdbuf_command_count(cmdbuf);
   unsigned max = dev->params.max_commands_per_submission;
   if (ioctls)
      *ioctls = 0;
   if (cmdbuf->failed || total == 0 || max == 0) {
      snprintf(dev->error, sizeof(dev->error), "%s",
               cmdbuf->failed ? "the command buffer could not be built"
                              : "nothing to submit");
      return -EINVAL;
   }

   /* One private copy: headers are patched per ioctl. */
   uint8_t *data = malloc(cmdbuf->size);
   unsigned sync_cap = in_count + out_count + 1;
   struct drm_asahi_sync *syncs = calloc(sync_cap, sizeof(*syncs));
   if (!data || !syncs) {
      free(data);
      free(syncs);
      return -ENOMEM;
   }
   memcpy(data, cmdbuf->data, cmdbuf->size);

   uint32_t debug_syncobj = 0;
   if ((dev->debug & AGX_DBG_SYNC) &&
       drmSyncobjCreate(dev->fd, 0, &debug_syncobj))
      debug_syncobj = 0;

   unsigned sent_vdm = 0, sent_cdm = 0, sent = 0, n_ioctls = 0;
   size_t off = 0;
   int ret = 0;

   while (sent < total && !ret) {
      bool first = sent == 0;
      bool last = total - sent <= max;
      size_t start = off;
      size_t first_hw = SIZE_MAX;
      unsigned count = 0, vdm = 0, cdm = 0;

      /* Take records up to max hardware commands.  Attachment records
       * after the last of them belong to the next command, so they wait
       * for the next ioctl; trailing ones at the very end go last.
       */
      while (off < cmdbuf->size) {
         struct drm_asahi_cmd_header h;
         memcpy(&h, data + off, HEADER_SIZE);
         bool hw = h.cmd_type == DRM_ASAHI_CMD_RENDER ||
                   h.cmd_type == DRM_ASAHI_CMD_COMPUTE;
         if (count == max && (hw || !last))
            break;
         if (hw) {
            if (first_hw == SIZE_MAX)
               first_hw = off;
            h.vdm_barrier = rebase_barrier(h.vdm_barrier, sent_vdm);
            h.cdm_barrier = rebase_barrier(h.cdm_barrier, sent_cdm);
            count++;
            if (h.cmd_type == DRM_ASAHI_CMD_RENDER)
               vdm++;
            else
               cdm++;
            memcpy(data + off, &h, HEADER_SIZE);
         }
         off += HEADER_SIZE + h.size;
      }

      if (last && !first && first_hw != SIZE_MAX) {
         struct drm_asahi_cmd_header h;
         memcpy(&h, data + first_hw, HEADER_SIZE);
         if (h.vdm_barrier == DRM_ASAHI_BARRIER_NONE)
            h.vdm_barrier = 0;
         if (h.cdm_barrier == DRM_ASAHI_BARRIER_NONE)
            h.cdm_barrier = 0;
         memcpy(data + first_hw, &h, HEADER_SIZE);
      }

      unsigned n_in = 0, n_out = 0;
      if (first && in_count) {
         memcpy(syncs, in_syncs, in_count * sizeof(*syncs));
         n_in = in_count;
      }
      if (last) {
         if (out_count)
            memcpy(syncs + n_in, out_syncs, out_count * sizeof(*syncs));
         n_out = out_count;
         if (debug_syncobj) {
            syncs[n_in + n_out++] = (struct drm_asahi_sync){
               .sync_type = DRM_ASAHI_SYNC_SYNCOBJ,
               .handle = debug_syncobj,
            };
         }
      }

      ret = submit_ioctl(dev, queue_id, data + start, off - start, syncs, n_in,
                         n_out);
      n_ioctls++;
      sent += count;
      sent_vdm += vdm;
      sent_cdm += cdm;
   }

   if (!ret) {
      dev->stats.submits++;
      dev->stats.commands += total;
      if (debug_syncobj)
         ret = debug_sync_wait(dev, debug_syncobj);
   }
   if (debug_syncobj)
      drmSyncobjDestroy(dev->fd, debug_syncobj);
   if (ioctls)
      *ioctls = n_ioctls;
   free(data);
   free(syncs);
   return ret;
}
