/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * The winsys against the no-op drm-shim (preloaded by meson test): device
 * open and VA layout, BOs (map, write, read back, cache, bind, unbind,
 * export, import), queues, timestamps, GET_TIME, submissions with and
 * without syncs, a 100-command list split into ioctls (checked through the
 * shim's agxdecode dumps), timeline waits, errors and debug flags.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>

#include <cmocka.h>

#include "util/os_file.h"
#include "agx_bo.h"
#include "agx_device.h"
#include "decode_dump.h"

static int64_t
now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (int64_t)ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

static int
setup(void **state)
{
   struct agx_device *dev = calloc(1, sizeof(*dev));
   if (agx_open_device(dev, -1)) {
      fprintf(stderr, "cannot open the device (is the shim preloaded?): %s\n",
              dev->error);
      free(dev);
      return -1;
   }
   *state = dev;
   return 0;
}

static int
teardown(void **state)
{
   struct agx_device *dev = *state;
   agx_close_device(dev);
   free(dev);
   return 0;
}

#define DEV struct agx_device *dev = *state

static void
device_identity(void **state)
{
   DEV;
   assert_string_equal(dev->name, "Apple M1 (G13G B1)");
   assert_string_equal(agx_chip_name(0x6001), "M1 Max");
   assert_null(agx_chip_name(0x1234));
   assert_int_not_equal(dev->vm_id, 0);
}

static void
device_name_format(void **state)
{
   /* Revision is BCD: 0x21 is C1 (UAPI header). */
   struct drm_asahi_params_global p = {.gpu_generation = 14,
                                       .gpu_variant = 'S',
                                       .gpu_revision = 0x21,
                                       .chip_id = 0x6020};
   char name[64];
   agx_device_name(&p, name, sizeof(name));
   assert_string_equal(name, "Apple M2 Pro (G14S C1)");
   p.chip_id = 0x9999;
   agx_device_name(&p, name, sizeof(name));
   assert_string_equal(name, "Apple T9999 (G14S C1)");
}

static void
va_layout(void **state)
{
   DEV;
   const struct drm_asahi_params_global *p = &dev->params;
   /* alexvorxx/Mesa-VirGL src/asahi/lib/agx_device.c: shader heap 4 GiB aligned, 4 GiB, above 2^36. */
   assert_int_equal(dev->usc_base % (1ull << 32), 0);
   assert_true(dev->usc_base >= (1ull << 36));
   assert_int_equal(dev->usc_heap.end - dev->usc_heap.start, 1ull << 32);
   /* Kernel range: at least the minimum, inside the window, at the top. */
   assert_true(dev->kernel_end - dev->kernel_start >= p->vm_kernel_min_size);
   assert_true(dev->kernel_start >= p->vm_start);
   assert_true(dev->kernel_end <= p->vm_end);
   /* Heaps do not overlap each other or the kernel range. */
   assert_true(dev->usc_heap.end <= dev->general_heap.start);
   assert_true(dev->general_heap.end <= dev->kernel_start);
}

static void
open_rejects_other_devices(void **state)
{
   struct agx_device dev;
   int fd = open("/dev/null", O_RDWR);
   assert_int_equal(agx_open_device(&dev, fd), -ENODEV);
   assert_non_null(strstr(dev.error, "asahi"));
   close(fd);
}

static void
bo_write_read_back(void **state)
{
   DEV;
   struct agx_bo *bo = agx_bo_create(dev, 100000, 0, "test");
   assert_non_null(bo);
   assert_int_equal(bo->size % AGX_PAGE_SIZE, 0);
   assert_true(bo->size >= 100000);
   assert_true(bo->va >= dev->general_heap.start &&
               bo->va + bo->size <= dev->general_heap.end);
   uint32_t *map = agx_bo_map(bo);
   assert_non_null(map);
   for (unsigned i = 0; i < bo->size / 4; i++)
      map[i] = i ^ 0x5a5a5a5a;
   for (unsigned i = 0; i < bo->size / 4; i++)
      assert_int_equal(map[i], i ^ 0x5a5a5a5a);
   agx_bo_unreference(bo);
}

static void
bo_exec_in_shader_heap(void **state)
{
   DEV;
   struct agx_bo *bo = agx_bo_create(dev, 4096, AGX_BO_EXEC, "shader");
   assert_non_null(bo);
   assert_true(bo->va >= dev->usc_base &&
               bo->va + bo->size <= dev->usc_base + AGX_USC_HEAP_SIZE);
   agx_bo_unreference(bo);
}

static void
bo_cache_recycles(void **state)
{
   DEV;
   struct agx_bo *a = agx_bo_create(dev, 65536, 0, "a");
   uint32_t handle = a->handle;
   uint64_t va = a->va;
   agx_bo_unreference(a);
   uint64_t hits = dev->stats.bo_cache_hits;
   struct agx_bo *b = agx_bo_create(dev, 60000, 0, "b");
   assert_int_equal(dev->stats.bo_cache_hits, hits + 1);
   assert_int_equal(b->handle, handle);
   assert_int_equal(b->va, va);
   /* Different flags never share. */
   struct agx_bo *c = agx_bo_create(dev, 65536, AGX_BO_EXEC, "c");
   assert_int_not_equal(c->handle, handle);
   agx_bo_unreference(b);
   agx_bo_unreference(c);
   agx_bo_cache_evict_all(dev);
   assert_int_equal(dev->bo_cache_size_B, 0);
}

static void
bind_unbind(void **state)
{
   DEV;
   struct agx_bo *bo = agx_bo_create(dev, 2 * AGX_PAGE_SIZE, 0, "alias");
   uint64_t va = agx_va_alloc(&dev->general_heap, bo->size, AGX_PAGE_SIZE);
   assert_int_equal(
      agx_vm_bind(dev, bo->handle, 0, bo->size, va, DRM_ASAHI_BIND_READ), 0);
   assert_int_equal(agx_vm_unbind(dev, va, bo->size), 0);
   agx_va_free(&dev->general_heap, va, bo->size);

   /* Into the kernel carve-out: the kernel's EINVAL, with a message. */
   assert_int_equal(agx_vm_bind(dev, bo->handle, 0, bo->size, dev->kernel_start,
                                DRM_ASAHI_BIND_READ),
                    -EINVAL);
   assert_non_null(strstr(dev->error, "DRM_IOCTL_ASAHI_VM_BIND"));
   assert_non_null(strstr(dev->error, "EINVAL"));
   agx_bo_unreference(bo);
}

static void
export_import(void **state)
{
   DEV;
   struct agx_bo *bo =
      agx_bo_create(dev, AGX_PAGE_SIZE, AGX_BO_SHAREABLE, "shared");
   strcpy(agx_bo_map(bo), "across devices");
   int fd = agx_bo_export(bo);
   assert_true(fd >= 0);
   assert_true(bo->flags & AGX_BO_SHARED);

   /* Same device: the same BO. */
   struct agx_bo *same = agx_bo_import(dev, fd);
   assert_ptr_equal(same, bo);
   agx_bo_unreference(same);

   /* Another device (another DRM file): same memory, its own VA. */
   struct agx_device other;
   assert_int_equal(agx_open_device(&other, -1), 0);
   struct agx_bo *imp = agx_bo_import(&other, fd);
   assert_non_null(imp);
   assert_int_equal(imp->size, AGX_PAGE_SIZE);
   assert_string_equal(agx_bo_map(imp), "across devices");
   agx_bo_unreference(imp);
   agx_close_device(&other);

   close(fd);
   agx_bo_unreference(bo);
}

static void
export_private_fails(void **state)
{
   DEV;
   struct agx_bo *bo = agx_bo_create(dev, AGX_PAGE_SIZE, 0, "private");
   assert_int_equal(agx_bo_export(bo), -EINVAL);
   agx_bo_unreference(bo);
}

static void
queues(void **state)
{
   DEV;
   uint32_t q = 0;
   assert_int_equal(agx_queue_create(dev, DRM_ASAHI_PRIORITY_MEDIUM, &q), 0);
   assert_int_equal(agx_queue_destroy(dev, q), 0);
   assert_int_equal(agx_queue_destroy(dev, q), -ENOENT);
   assert_non_null(strstr(dev->error, "DRM_IOCTL_ASAHI_QUEUE_DESTROY"));
   assert_int_equal(agx_queue_create(dev, DRM_ASAHI_PRIORITY_REALTIME, &q),
                    -EINVAL);
}

static void
gpu_time(void **state)
{
   DEV;
   uint64_t a = 0, b = 0;
   assert_int_equal(agx_get_gpu_timestamp(dev, &a), 0);
   usleep(2000);
   assert_int_equal(agx_get_gpu_timestamp(dev, &b), 0);
   assert_true(b - a >= 2000000);
}

static struct drm_asahi_cmd_render
render_cmd(void)
{
   return (struct drm_asahi_cmd_render){
      .width_px = 256,
      .height_px = 256,
      .layers = 1,
      .samples = 1,
      .utile_width_px = 32,
      .utile_height_px = 32,
      .sample_size_B = 4,
   };
}

static void
submit_without_syncs(void **state)
{
   DEV;
   uint32_t q;
   assert_int_equal(agx_queue_create(dev, 0, &q), 0);
   struct agx_cmdbuf cb;
   agx_cmdbuf_init(&cb);
   struct drm_asahi_cmd_compute k = {0};
   struct drm_asahi_cmd_render r = render_cmd();
   struct drm_asahi_attachment att = {.pointer = dev->general_heap.start,
                                      .size = 65536};
   assert_true(agx_cmdbuf_add_compute(&cb, &k, 0, 0));
   assert_true(agx_cmdbuf_add_attachments(
      &cb, DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS, &att, 1));
   assert_true(agx_cmdbuf_add_render(&cb, &r, DRM_ASAHI_BARRIER_NONE, 1));
   unsigned ioctls = 0;
   assert_int_equal(agx_submit(dev, q, &cb, NULL, 0, NULL, 0, &ioctls), 0);
   assert_int_equal(ioctls, 1);
   agx_cmdbuf_fini(&cb);
   agx_queue_destroy(dev, q);
}

static void
submit_with_syncs(void **state)
{
   DEV;
   uint32_t q, in, out;
   assert_int_equal(agx_queue_create(dev, 0, &q), 0);
   assert_int_equal(drmSyncobjCreate(dev->fd, DRM_SYNCOBJ_CREATE_SIGNALED, &in),
                    0);
   assert_int_equal(drmSyncobjCreate(dev->fd, 0, &out), 0);
   struct drm_asahi_sync in_s = {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ,
                                 .handle = in};
   struct drm_asahi_sync out_s = {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ,
                                  .handle = out};

   assert_int_equal(drmSyncobjWait(dev->fd, &out, 1, 0, 0, NULL), -EINVAL);
   struct agx_cmdbuf cb;
   agx_cmdbuf_init(&cb);
   struct drm_asahi_cmd_render r = render_cmd();
   agx_cmdbuf_add_render(&cb, &r, 0, 0);
   assert_int_equal(agx_submit(dev, q, &cb, &in_s, 1, &out_s, 1, NULL), 0);
   assert_int_equal(drmSyncobjWait(dev->fd, &out, 1, 0, 0, NULL), 0);

   /* An in-sync with no fence yet: the kernel refuses the submission. */
   drmSyncobjReset(dev->fd, &in, 1);
   assert_int_equal(agx_submit(dev, q, &cb, &in_s, 1, NULL, 0, NULL), -EINVAL);
   assert_non_null(strstr(dev->error, "DRM_IOCTL_ASAHI_SUBMIT"));
   agx_cmdbuf_fini(&cb);
   agx_queue_destroy(dev, q);
}

static void
timeline_waits(void **state)
{
   DEV;
   uint32_t q, tl;
   assert_int_equal(agx_queue_create(dev, 0, &q), 0);
   assert_int_equal(drmSyncobjCreate(dev->fd, 0, &tl), 0);
   struct agx_cmdbuf cb;
   agx_cmdbuf_init(&cb);
   struct drm_asahi_cmd_compute k = {0};
   agx_cmdbuf_add_compute(&cb, &k, 0, 0);

   for (uint64_t seq = 1; seq <= 3; seq++) {
      struct drm_asahi_sync s = {.sync_type = DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ,
                                 .handle = tl,
                                 .timeline_value = seq};
      assert_int_equal(agx_submit(dev, q, &cb, NULL, 0, &s, 1, NULL), 0);
   }
   uint64_t p3 = 3, p4 = 4, last = 0;
   assert_int_equal(drmSyncobjQuery(dev->fd, &tl, &last, 1), 0);
   assert_int_equal(last, 3);
   assert_int_equal(drmSyncobjTimelineWait(dev->fd, &tl, &p3, 1,
                                           now_ns() + 1000000000ll, 0, NULL),
                    0);
   int64_t deadline = now_ns() + 20000000ll;
   assert_int_equal(
      drmSyncobjTimelineWait(dev->fd, &tl, &p4, 1, deadline,
                             DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, NULL),
      -ETIME);
   assert_true(now_ns() >= deadline);

   /* Waiting on point 3 of the timeline as an in-sync works too. */
   struct drm_asahi_sync in = {.sync_type = DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ,
                               .handle = tl,
                               .timeline_value = 3};
   assert_int_equal(agx_submit(dev, q, &cb, &in, 1, NULL, 0, NULL), 0);
   in.timeline_value = 4;
   assert_int_equal(agx_submit(dev, q, &cb, &in, 1, NULL, 0, NULL), -EINVAL);
   agx_cmdbuf_fini(&cb);
   agx_queue_destroy(dev, q);
}

static void
timestamps(void **state)
{
   DEV;
   uint32_t q, obj = 0;
   assert_int_equal(agx_queue_create(dev, 0, &q), 0);
   struct agx_bo *ts =
      agx_bo_create(dev, AGX_PAGE_SIZE, AGX_BO_WRITEBACK, "timestamps");
   assert_int_equal(agx_bo_bind_timestamps(ts, &obj), 0);
   assert_int_not_equal(obj, 0);

   struct agx_cmdbuf cb;
   agx_cmdbuf_init(&cb);
   struct drm_asahi_cmd_compute k = {
      .ts = {.start = {.handle = obj, .offset = 0},
             .end = {.handle = obj, .offset = 8}}};
   agx_cmdbuf_add_compute(&cb, &k, 0, 0);
   assert_int_equal(agx_submit(dev, q, &cb, NULL, 0, NULL, 0, NULL), 0);
   agx_cmdbuf_fini(&cb);

   assert_int_equal(agx_bo_unbind_timestamps(dev, obj), 0);
   assert_int_equal(agx_bo_unbind_timestamps(dev, obj), -ENOENT);
   agx_bo_unreference(ts);
   agx_queue_destroy(dev, q);
}

/* ---- the 100-command split ------------------------------------------------
 */

struct parsed_cmd {
   uint16_t type, vdm, cdm;
};

/* The records of the command buffer in the dump at path. */
static unsigned
read_dump(const char *path, struct parsed_cmd *cmds, unsigned max)
{
   size_t size = 0;
   char *buf = NULL;
   assert_int_equal(os_read_file(path, &buf, &size), 0);
   struct agx_dump dump;
   const char *error = NULL;
   assert_true(agx_dump_read(buf, size, &dump, &error));
   assert_int_equal(dump.submission_kind, AGX_DUMP_SUBMISSION_DRM_ASAHI);

   unsigned n = 0;
   for (uint64_t off = 0; off < dump.submission_size_B && n < max;) {
      struct drm_asahi_cmd_header h;
      memcpy(&h, dump.submission + off, sizeof(h));
      cmds[n++] = (struct parsed_cmd){h.cmd_type, h.vdm_barrier, h.cdm_barrier};
      off += sizeof(h) + h.size;
   }
   free(buf);
   return n;
}

static int
name_cmp(const void *a, const void *b)
{
   /* asahi-<pid>-<n>.agxdump: order by n. */
   const char *sa = strrchr(*(const char *const *)a, '-');
   const char *sb = strrchr(*(const char *const *)b, '-');
   return atoi(sa + 1) - atoi(sb + 1);
}

static void
hundred_commands_split(void **state)
{
   DEV;
   assert_int_equal(dev->params.max_commands_per_submission, 64);
   char dir[] = "/tmp/agx-winsys-test-XXXXXX";
   assert_non_null(mkdtemp(dir));
   setenv("ASAHI_SHIM_DUMP", dir, 1);

   uint32_t q, out;
   assert_int_equal(agx_queue_create(dev, 0, &q), 0);
   assert_int_equal(drmSyncobjCreate(dev->fd, 0, &out), 0);

   /* Compute i waits for the i computes before it (barrier i); before
    * compute 64 sits an attachment record that belongs to it.
    */
   struct agx_cmdbuf cb;
   agx_cmdbuf_init(&cb);
   struct drm_asahi_cmd_compute k = {0};
   struct drm_asahi_attachment att = {.pointer = dev->general_heap.start,
                                      .size = 4096};
   for (unsigned i = 0; i < 100; i++) {
      if (i == 64)
         agx_cmdbuf_add_attachments(&cb, DRM_ASAHI_SET_COMPUTE_ATTACHMENTS,
                                    &att, 1);
      assert_true(agx_cmdbuf_add_compute(&cb, &k, DRM_ASAHI_BARRIER_NONE, i));
   }
   assert_int_equal(agx_cmdbuf_command_count(&cb), 100);

   struct drm_asahi_sync out_s = {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ,
                                  .handle = out};
   unsigned ioctls = 0;
   assert_int_equal(agx_submit(dev, q, &cb, NULL, 0, &out_s, 1, &ioctls), 0);
   unsetenv("ASAHI_SHIM_DUMP");
   assert_int_equal(ioctls, 2);
   assert_int_equal(drmSyncobjWait(dev->fd, &out, 1, 0, 0, NULL), 0);

   char *names[8];
   unsigned count = 0;
   DIR *d = opendir(dir);
   struct dirent *ent;
   while ((ent = readdir(d)) && count < 8) {
      if (strstr(ent->d_name, ".agxdump")) {
         names[count] = malloc(strlen(dir) + strlen(ent->d_name) + 2);
         sprintf(names[count++], "%s/%s", dir, ent->d_name);
      }
   }
   closedir(d);
   assert_int_equal(count, 2);
   qsort(names, count, sizeof(names[0]), name_cmp);

   static struct parsed_cmd first[128], second[128];
   unsigned n1 = read_dump(names[0], first, 128);
   unsigned n2 = read_dump(names[1], second, 128);

   /* First ioctl: commands 0..63, barriers unchanged. */
   assert_int_equal(n1, 64);
   for (unsigned i = 0; i < 64; i++) {
      assert_int_equal(first[i].type, DRM_ASAHI_CMD_COMPUTE);
      assert_int_equal(first[i].cdm, i);
      assert_int_equal(first[i].vdm, DRM_ASAHI_BARRIER_NONE);
   }

   /* Second: the attachment record, then commands 64..99.  Barrier 64
    * (all earlier computes) is all of the first ioctl: 0.  Barrier 64+j
    * is j within this ioctl.  Its first command waits on both sub-queues
    * (vdm NONE became 0) so the out-sync covers the first ioctl too.
    */
   assert_int_equal(n2, 37);
   assert_int_equal(second[0].type, DRM_ASAHI_SET_COMPUTE_ATTACHMENTS);
   assert_int_equal(second[1].type, DRM_ASAHI_CMD_COMPUTE);
   assert_int_equal(second[1].cdm, 0);
   assert_int_equal(second[1].vdm, 0);
   for (unsigned j = 1; j < 36; j++) {
      assert_int_equal(second[1 + j].cdm, j);
      assert_int_equal(second[1 + j].vdm, DRM_ASAHI_BARRIER_NONE);
   }

   for (unsigned i = 0; i < count; i++) {
      unlink(names[i]);
      free(names[i]);
   }
   rmdir(dir);
   agx_cmdbuf_fini(&cb);
   agx_queue_destroy(dev, q);
}

static void
dump_holds_memory(void **state)
{
   DEV;
   char dir[] = "/tmp/agx-winsys-dump-XXXXXX";
   assert_non_null(mkdtemp(dir));

   struct agx_bo *data = agx_bo_create(dev, AGX_PAGE_SIZE, 0, "data");
   struct agx_bo *shader =
      agx_bo_create(dev, AGX_PAGE_SIZE, AGX_BO_EXEC, "shader");
   memset(agx_bo_map(data), 0xd7, AGX_PAGE_SIZE);
   memcpy(agx_bo_map(shader), "\x01\x02\x03\x04", 4);

   uint32_t q;
   assert_int_equal(agx_queue_create(dev, 0, &q), 0);
   struct agx_cmdbuf cb;
   agx_cmdbuf_init(&cb);
   struct drm_asahi_cmd_compute k = {.cdm_ctrl_stream_base = data->va};
   agx_cmdbuf_add_compute(&cb, &k, 0, 0);
   setenv("ASAHI_SHIM_DUMP", dir, 1);
   assert_int_equal(agx_submit(dev, q, &cb, NULL, 0, NULL, 0, NULL), 0);
   unsetenv("ASAHI_SHIM_DUMP");

   DIR *d = opendir(dir);
   struct dirent *ent;
   char path[512] = {0};
   while ((ent = readdir(d))) {
      if (strstr(ent->d_name, ".agxdump"))
         snprintf(path, sizeof(path), "%s/%s", dir, ent->d_name);
   }
   closedir(d);
   assert_true(path[0]);

   char *buf = NULL;
   size_t size = 0;
   assert_int_equal(os_read_file(path, &buf, &size), 0);
   struct agx_dump dump;
   assert_true(agx_dump_read(buf, size, &dump, NULL));
   assert_int_equal(dump.usc_exec_base, dev->usc_base);
   assert_int_equal(dump.submission_size_B, cb.size);
   assert_memory_equal(dump.submission, cb.data, cb.size);

   bool saw_data = false, saw_shader = false;
   const uint8_t *cursor = NULL;
   uint32_t index = 0;
   struct agx_dump_region r;
   while (agx_dump_next_region(&dump, &cursor, &index, &r)) {
      if (r.va == data->va) {
         saw_data = true;
         assert_int_equal(r.size_B, AGX_PAGE_SIZE);
         assert_true(r.flags & AGX_DUMP_REGION_WRITABLE);
         assert_false(r.flags & AGX_DUMP_REGION_SHADER);
         assert_int_equal(r.data[0], 0xd7);
         assert_int_equal(r.data[AGX_PAGE_SIZE - 1], 0xd7);
      } else if (r.va == shader->va) {
         saw_shader = true;
         assert_true(r.flags & AGX_DUMP_REGION_SHADER);
         assert_memory_equal(r.data, "\x01\x02\x03\x04", 4);
      }
   }
   assert_true(saw_data && saw_shader);

   free(buf);
   unlink(path);
   rmdir(dir);
   agx_cmdbuf_fini(&cb);
   agx_queue_destroy(dev, q);
   agx_bo_unreference(data);
   agx_bo_unreference(shader);
}

static void
cmdbuf_rejects_future_barrier(void **state)
{
   DEV;
   struct agx_cmdbuf cb;
   agx_cmdbuf_init(&cb);
   struct drm_asahi_cmd_render r = render_cmd();
   assert_false(agx_cmdbuf_add_render(&cb, &r, 1, 0));
   assert_int_equal(agx_submit(dev, 1, &cb, NULL, 0, NULL, 0, NULL), -EINVAL);
   agx_cmdbuf_fini(&cb);

   agx_cmdbuf_init(&cb);
   assert_int_equal(agx_submit(dev, 1, &cb, NULL, 0, NULL, 0, NULL), -EINVAL);
   agx_cmdbuf_fini(&cb);
}

static void
debug_flags(void **state)
{
   setenv("ASAHI_MESA_DEBUG", "trace,sync,stats,resource", 1);
   uint64_t flags = agx_get_debug_flags();
   unsetenv("ASAHI_MESA_DEBUG");
   assert_int_equal(flags, AGX_DBG_TRACE | AGX_DBG_SYNC | AGX_DBG_STATS |
                              AGX_DBG_RESOURCE);
   assert_int_equal(agx_get_debug_flags(), 0);
}

static void
sync_debug_submit(void **state)
{
   /* ASAHI_MESA_DEBUG=sync: every submit waits; it must still succeed. */
   setenv("ASAHI_MESA_DEBUG", "sync,nocache", 1);
   struct agx_device dev;
   int ret = agx_open_device(&dev, -1);
   unsetenv("ASAHI_MESA_DEBUG");
   assert_int_equal(ret, 0);
   assert_true(dev.debug & AGX_DBG_SYNC);

   uint32_t q;
   assert_int_equal(agx_queue_create(&dev, 0, &q), 0);
   struct agx_cmdbuf cb;
   agx_cmdbuf_init(&cb);
   struct drm_asahi_cmd_compute k = {0};
   for (unsigned i = 0; i < 70; i++)
      agx_cmdbuf_add_compute(&cb, &k, 0, 0);
   assert_int_equal(agx_submit(&dev, q, &cb, NULL, 0, NULL, 0, NULL), 0);
   agx_cmdbuf_fini(&cb);

   /* nocache: a freed BO is really gone. */
   struct agx_bo *bo = agx_bo_create(&dev, AGX_PAGE_SIZE, 0, "x");
   agx_bo_unreference(bo);
   assert_int_equal(dev.bo_cache_size_B, 0);
   agx_close_device(&dev);
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int
main(void)
{
   const struct CMUnitTest tests[] = {
      T(device_identity),
      cmocka_unit_test(device_name_format),
      T(va_layout),
      cmocka_unit_test(open_rejects_other_devices),
      T(bo_write_read_back),
      T(bo_exec_in_shader_heap),
      T(bo_cache_recycles),
      T(bind_unbind),
      T(export_import),
      T(export_private_fails),
      T(queues),
      T(gpu_time),
      T(submit_without_syncs),
      T(submit_with_syncs),
      T(timeline_waits),
      T(timestamps),
      T(hundred_commands_split),
      T(dump_holds_memory),
      T(cmdbuf_rejects_future_barrier),
      cmocka_unit_test(debug_flags),
      cmocka_unit_test(sync_debug_submit),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
