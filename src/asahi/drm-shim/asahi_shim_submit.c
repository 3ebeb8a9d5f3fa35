/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * DRM_IOCTL_ASAHI_SUBMIT for the shim: check the sync array and walk the
 * command buffer the way the kernel does, then run the commands
 * (asahi_shim_execute: the simulator; nothing in the no-op backend) and
 * complete: out-syncs are signalled before the ioctl returns.
 *
 * Rules, from the UAPI (torvalds/linux include/uapi/drm/asahi_drm.h) and K's file.rs /
 * queue/common.rs:
 *  - flags and pad are zero; the queue exists (-ENOENT);
 *  - syncs: type binary or timeline, binary ones with timeline_value 0,
 *    handles exist (-ENOENT), in-syncs already have their fence (-EINVAL);
 *  - records: a whole header and payload inside cmdbuf_size, a known type;
 *    hardware payloads may be shorter than the struct (zero-extended) but
 *    bytes beyond what we know must be zero; attachment records are
 *    N * 24 bytes with N <= max_attachments, MBZ fields zero and both
 *    barriers NONE;
 *  - barriers: NONE, or at most the number of commands of that sub-queue
 *    earlier in this submit;
 *  - 1..max_commands_per_submission hardware commands;
 *  - render (K queue/render.rs): known flags, 1..16384 pixels wide and
 *    high, 1..2048 layers, utiles of 32x32, 32x16 or 16x16 pixels, 1, 2
 *    or 4 samples; compute: flags zero; timestamps name bound timestamp
 *    objects (-ENOENT) with 8 bytes room at the offset (-ERANGE).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "asahi_shim.h"

#define MAX_CMDBUF_BYTES (16u << 20)

#define MAX_SYNCS 4096

struct submit_sync {
   struct shim_syncobj *obj;
   uint64_t point;
};

static int
parse_syncs(struct shim_file *file, const struct drm_asahi_submit *s,
            struct submit_sync **out)
{
   uint64_t count = (uint64_t)s->in_sync_count + s->out_sync_count;
   *out = NULL;
   if (count == 0)
      return 0;
   if (count > MAX_SYNCS)
      return -EINVAL;

   struct drm_asahi_sync *raw = calloc(count, sizeof(*raw));
   struct submit_sync *syncs = calloc(count, sizeof(*syncs));
   int ret = (!raw || !syncs) ? -ENOMEM : 0;
   if (!ret)
      ret = drm_shim_copy_from_user(raw, s->syncs, count * sizeof(*raw));

   for (uint64_t i = 0; !ret && i < count; i++) {
      bool in = i < s->in_sync_count;
      if (raw[i].sync_type == DRM_ASAHI_SYNC_SYNCOBJ) {
         if (raw[i].timeline_value != 0) {
            ret = -EINVAL;
            break;
         }
      } else if (raw[i].sync_type != DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ) {
         ret = -EINVAL;
         break;
      }

      syncs[i].obj = drm_shim_syncobj_lookup(file, raw[i].handle);
      syncs[i].point = raw[i].timeline_value;
      if (!syncs[i].obj)
         ret = -ENOENT;
      else if (in && !drm_shim_syncobj_has_point(syncs[i].obj, syncs[i].point))
         ret = -EINVAL;
   }

   free(raw);
   if (ret)
      free(syncs);
   else
      *out = syncs;
   return ret;
}

static int
check_timestamp(struct asahi_shim_file *af, struct drm_asahi_timestamp ts)
{
   if (ts.handle == 0)
      return 0;
   struct asahi_shim_object *obj = shim_idr_get(af->objects, ts.handle);
   if (!obj)
      return -ENOENT;
   if ((uint64_t)ts.offset + 8 > obj->range)
      return -ERANGE;
   return 0;
}

/* Zero-extend a payload into dst; fail if it carries bytes past dst. */
static int
read_payload(void *dst, size_t dst_size, const uint8_t *src, size_t size)
{
   memset(dst, 0, dst_size);
   memcpy(dst, src, size < dst_size ? size : dst_size);
   for (size_t i = dst_size; i < size; i++) {
      if (src[i])
         return -EINVAL;
   }
   return 0;
}

static int
check_render(struct asahi_shim_file *af, const uint8_t *payload, size_t size)
{
   struct drm_asahi_cmd_render r;
   const uint32_t known =
      DRM_ASAHI_RENDER_VERTEX_SCRATCH | DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES |
      DRM_ASAHI_RENDER_NO_VERTEX_CLUSTERING | DRM_ASAHI_RENDER_DBIAS_IS_INT;
   int ret = read_payload(&r, sizeof(r), payload, size);
   if (ret)
      return ret;
   if (r.flags & ~known)
      return -EINVAL;
   if (r.width_px == 0 || r.height_px == 0 || r.width_px > 16384 ||
       r.height_px > 16384)
      return -EINVAL;

   const struct drm_asahi_timestamp ts[] = {
      r.ts_vtx.start,
      r.ts_vtx.end,
      r.ts_frag.start,
      r.ts_frag.end,
   };
   for (unsigned i = 0; i < 4 && !ret; i++)
      ret = check_timestamp(af, ts[i]);
   if (ret)
      return ret;

   /* Tiling: 32x32 tiles made of 32x32, 32x16 or 16x16 utiles. */
   if (r.layers == 0 || r.layers > 2048)
      return -EINVAL;
   bool utile_ok = (r.utile_width_px == 32 && r.utile_height_px == 32) ||
                   (r.utile_width_px == 32 && r.utile_height_px == 16) ||
                   (r.utile_width_px == 16 && r.utile_height_px == 16);
   if (!utile_ok)
      return -EINVAL;
   if (r.samples != 1 && r.samples != 2 && r.samples != 4)
      return -EINVAL;
   return 0;
}

static int
check_compute(struct asahi_shim_file *af, const uint8_t *payload, size_t size)
{
   struct drm_asahi_cmd_compute c;
   int ret = read_payload(&c, sizeof(c), payload, size);
   if (ret)
      return ret;
   if (c.flags != 0)
      return -EINVAL;
   ret = check_timestamp(af, c.ts.start);
   if (!ret)
      ret = check_timestamp(af, c.ts.end);
   return ret;
}

static int
check_attachments(const uint8_t *payload, size_t size)
{
   const size_t att_size = sizeof(struct drm_asahi_attachment);
   if (size % att_size)
      return -EINVAL;
   if (size / att_size > ASAHI_SHIM_MAX_ATTACHMENTS)
      return -EINVAL;
   for (size_t off = 0; off < size; off += att_size) {
      struct drm_asahi_attachment a;
      memcpy(&a, payload + off, att_size);
      if (a.pad || a.flags)
         return -EINVAL;
   }
   return 0;
}

static bool
barrier_ok(uint16_t barrier, unsigned earlier)
{
   return barrier == DRM_ASAHI_BARRIER_NONE || barrier <= earlier;
}

static int
check_cmdbuf(struct asahi_shim_file *af, const uint8_t *buf, size_t size)
{
   unsigned vdm = 0, cdm = 0;
   size_t off = 0;

   while (off < size) {
      struct drm_asahi_cmd_header h;
      if (size - off < sizeof(h))
         return -EINVAL;
      memcpy(&h, buf + off, sizeof(h));
      off += sizeof(h);
      if (h.size > size - off)
         return -EINVAL;
      const uint8_t *payload = buf + off;
      off += h.size;

      int ret;
      switch (h.cmd_type) {
      case DRM_ASAHI_CMD_RENDER:
      case DRM_ASAHI_CMD_COMPUTE:
         if (!barrier_ok(h.vdm_barrier, vdm) || !barrier_ok(h.cdm_barrier, cdm))
            return -EINVAL;
         if (vdm + cdm >= ASAHI_SHIM_MAX_COMMANDS)
            return -EINVAL;
         if (h.cmd_type == DRM_ASAHI_CMD_RENDER) {
            ret = check_render(af, payload, h.size);
            vdm++;
         } else {
            ret = check_compute(af, payload, h.size);
            cdm++;
         }
         break;
      case DRM_ASAHI_SET_VERTEX_ATTACHMENTS:
      case DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS:
      case DRM_ASAHI_SET_COMPUTE_ATTACHMENTS:
         if (h.vdm_barrier != DRM_ASAHI_BARRIER_NONE ||
             h.cdm_barrier != DRM_ASAHI_BARRIER_NONE)
            return -EINVAL;
         ret = check_attachments(payload, h.size);
         break;
      default:
         return -EINVAL;
      }
      if (ret)
         return ret;
   }

   /* At least one command that runs on the GPU. */
   return (vdm + cdm) ? 0 : -EINVAL;
}

/* Timestamp targets of every hardware command, in order (see struct
 * asahi_shim_job).  The submit checker has made sure each named object
 * exists with room. */
static int
resolve_timestamps(struct asahi_shim_file *af, struct asahi_shim_job *job)
{
   unsigned cap = 4 * ASAHI_SHIM_MAX_COMMANDS;
   job->ts = calloc(cap, sizeof(*job->ts));
   if (!job->ts)
      return -ENOMEM;
   for (size_t off = 0; off + sizeof(struct drm_asahi_cmd_header) <=
                        job->size;) {
      struct drm_asahi_cmd_header h;
      memcpy(&h, job->cmdbuf + off, sizeof(h));
      off += sizeof(h);
      const uint8_t *payload = job->cmdbuf + off;
      off += h.size;

      struct drm_asahi_timestamp ts[4];
      unsigned n = 0;
      if (h.cmd_type == DRM_ASAHI_CMD_RENDER) {
         struct drm_asahi_cmd_render r;
         read_payload(&r, sizeof(r), payload, h.size);
         ts[0] = r.ts_vtx.start;
         ts[1] = r.ts_vtx.end;
         ts[2] = r.ts_frag.start;
         ts[3] = r.ts_frag.end;
         n = 4;
      } else if (h.cmd_type == DRM_ASAHI_CMD_COMPUTE) {
         struct drm_asahi_cmd_compute c;
         read_payload(&c, sizeof(c), payload, h.size);
         ts[0] = c.ts.start;
         ts[1] = c.ts.end;
         n = 2;
      }
      for (unsigned i = 0; i < n && job->ts_count < cap; i++) {
         struct asahi_shim_ts *t = &job->ts[job->ts_count++];
         struct asahi_shim_object *obj =
            ts[i].handle ? shim_idr_get(af->objects, ts[i].handle) : NULL;
         if (obj) {
            t->bo = obj->bo;
            t->offset = obj->offset + ts[i].offset;
            drm_shim_bo_ref(t->bo);
         }
      }
   }
   return 0;
}

int
asahi_shim_submit(struct shim_file *file, void *arg)
{
   struct drm_asahi_submit *s = arg;
   struct asahi_shim_file *af = asahi_shim_file(file);
   if (s->flags != 0 || s->pad != 0)
      return -EINVAL;

   struct asahi_shim_queue *q = shim_idr_get(af->queues, s->queue_id);
   if (!q)
      return -ENOENT;

   struct submit_sync *syncs;
   int ret = parse_syncs(file, s, &syncs);
   if (ret)
      return ret;

   struct asahi_shim_job *job = calloc(1, sizeof(*job));
   if (!job) {
      free(syncs);
      return -ENOMEM;
   }
   if (s->cmdbuf_size > MAX_CMDBUF_BYTES) {
      ret = -EINVAL;
      goto fail;
   }
   job->cmdbuf = malloc(s->cmdbuf_size ? s->cmdbuf_size : 1);
   job->size = s->cmdbuf_size;
   job->out = drm_shim_fence_create(false);
   job->in = calloc(s->in_sync_count + 1, sizeof(*job->in));
   if (!job->cmdbuf || !job->out || !job->in) {
      ret = -ENOMEM;
      goto fail;
   }
   ret = drm_shim_copy_from_user(job->cmdbuf, s->cmdbuf, s->cmdbuf_size);
   if (!ret)
      ret = check_cmdbuf(af, job->cmdbuf, s->cmdbuf_size);
   if (!ret)
      ret = resolve_timestamps(af, job);
   for (uint32_t i = 0; !ret && i < s->in_sync_count; i++) {
      job->in[i] = drm_shim_syncobj_get_fence(syncs[i].obj, syncs[i].point);
      if (!job->in[i])
         ret = -ENOMEM;
      else
         job->in_count++;
   }
   if (ret)
      goto fail;

   /* Accepted: the out-syncs carry the job's fence from now on. */
   for (uint32_t i = 0; !ret && i < s->out_sync_count; i++) {
      struct submit_sync *o = &syncs[s->in_sync_count + i];
      ret = drm_shim_syncobj_add_fence(o->obj, o->point, job->out);
   }
   if (ret)
      goto fail;

   q->submit_count++;
   const char *dump_dir = getenv("ASAHI_SHIM_DUMP");
   if (dump_dir && *dump_dir)
      asahi_shim_dump(dump_dir, q, job->cmdbuf, job->size);

   job->vm = q->vm;
   q->vm->refcount++;
   job->usc_exec_base = q->usc_exec_base;
   free(syncs);
   return asahi_shim_queue_push(q, job);

fail:
   if (job->out)
      drm_shim_fence_signal(job->out, ret);
   asahi_shim_job_free(job);
   free(syncs);
   return ret;
}
