/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * DRM sync objects with real state.
 *
 * Work on the shim completes at submit time, so every fence a syncobj can
 * hold is already signalled.  What remains is whether a fence is there at
 * all: a binary syncobj has one or not (created signalled, signalled,
 * reset, or signalled by a submit); a timeline syncobj has points up to
 * some value.  Waiting on a missing fence returns -EINVAL, unless the
 * caller asked to wait for it to be submitted: then the wait blocks until
 * another thread signals it or the absolute CLOCK_MONOTONIC deadline
 * passes (-ETIME), as the kernel does.  Error codes follow
 * drivers/gpu/drm/drm_syncobj.c.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/hash_table.h"
#include "drm_shim.h"

struct shim_syncobj {
   unsigned refcount; /* handles and exported fds */
   bool has_fence;
   uint64_t point; /* highest timeline point; 0 for a plain fence */
};

/* Exported syncobj fds and sync_file fds, found again by inode. */
struct shim_sync_export {
   dev_t dev;
   ino_t ino;
   struct shim_syncobj *obj; /* NULL for a sync_file (always signalled) */
};

static struct hash_table *exports; /* shim_sync_export* -> itself */

#define MAX_WAIT_HANDLES (1u << 16)

static struct shim_syncobj *
syncobj_new(bool signalled)
{
   struct shim_syncobj *obj = calloc(1, sizeof(*obj));
   if (obj) {
      obj->refcount = 1;
      obj->has_fence = signalled;
   }
   return obj;
}

static void
syncobj_unref(struct shim_syncobj *obj)
{
   if (--obj->refcount == 0)
      free(obj);
}

struct shim_syncobj *
drm_shim_syncobj_lookup(struct shim_file *file, uint32_t handle)
{
   return shim_idr_get(file->syncobj_handles, handle);
}

bool
drm_shim_syncobj_has_point(struct shim_syncobj *obj, uint64_t point)
{
   return obj->has_fence && (point == 0 || obj->point >= point);
}

void
drm_shim_syncobj_signal(struct shim_syncobj *obj, uint64_t point)
{
   obj->has_fence = true;
   /* A binary signal replaces the fence: the timeline is forgotten. */
   obj->point = point ? (point > obj->point ? point : obj->point) : 0;
   drm_shim_cond_broadcast();
}

void
drm_shim_syncobj_file_close(struct shim_file *file)
{
   for (uint32_t h = 1; h < file->syncobj_handles->size; h++) {
      struct shim_syncobj *obj = shim_idr_remove(file->syncobj_handles, h);
      if (obj)
         syncobj_unref(obj);
   }
}

/* Read count u32 handles at user_ptr and look them up. */
static int
lookup_array(struct shim_file *file, uint64_t user_ptr, uint32_t count,
             struct shim_syncobj ***out)
{
   uint32_t *handles = calloc(count, sizeof(uint32_t));
   struct shim_syncobj **objs = calloc(count, sizeof(*objs));
   int ret = (!handles || !objs) ? -ENOMEM : 0;

   if (!ret)
      ret =
         drm_shim_copy_from_user(handles, user_ptr, count * sizeof(uint32_t));
   for (uint32_t i = 0; !ret && i < count; i++) {
      objs[i] = drm_shim_syncobj_lookup(file, handles[i]);
      if (!objs[i])
         ret = -ENOENT;
   }

   free(handles);
   if (ret)
      free(objs);
   else
      *out = objs;
   return ret;
}

static int
read_points(uint64_t user_ptr, uint32_t count, uint64_t **out)
{
   uint64_t *points = calloc(count, sizeof(uint64_t));
   if (!points)
      return -ENOMEM;
   int ret = drm_shim_copy_from_user(points, user_ptr, count * 8ull);
   if (ret)
      free(points);
   else
      *out = points;
   return ret;
}

static int
syncobj_create(struct shim_file *file, void *arg)
{
   struct drm_syncobj_create *c = arg;
   if (c->flags & ~DRM_SYNCOBJ_CREATE_SIGNALED)
      return -EINVAL;

   struct shim_syncobj *obj =
      syncobj_new(c->flags & DRM_SYNCOBJ_CREATE_SIGNALED);
   if (!obj)
      return -ENOMEM;
   int ret = shim_idr_alloc(file->syncobj_handles, obj, &c->handle);
   if (ret)
      syncobj_unref(obj);
   return ret;
}

static int
syncobj_destroy(struct shim_file *file, void *arg)
{
   struct drm_syncobj_destroy *d = arg;
   if (d->pad)
      return -EINVAL;
   struct shim_syncobj *obj = shim_idr_remove(file->syncobj_handles, d->handle);
   if (!obj)
      return -EINVAL;
   syncobj_unref(obj);
   return 0;
}

static struct shim_sync_export *
find_export_stat(const struct stat *st)
{
   if (!exports)
      return NULL;
   hash_table_foreach (exports, entry) {
      struct shim_sync_export *e = entry->data;
      if (e->dev == st->st_dev && e->ino == st->st_ino)
         return e;
   }
   return NULL;
}

static struct shim_sync_export *
find_export(int fd)
{
   struct stat st;
   return fstat(fd, &st) < 0 ? NULL : find_export_stat(&st);
}

static int
export_fd(struct shim_syncobj *obj, int *fd_out)
{
   if (!exports) {
      exports = hash_table_create_pointer_keys(NULL);
      if (!exports)
         return -ENOMEM;
   }

   int fd = memfd_create(obj ? "drm-shim-syncobj" : "drm-shim-sync-file",
                         MFD_CLOEXEC);
   if (fd < 0)
      return -EMFILE;
   struct stat st;
   if (fstat(fd, &st) < 0) {
      close(fd);
      return -ENOMEM;
   }

   /* An entry for the same inode is stale (its fd was closed and the
    * inode number reused): drop it.
    */
   struct shim_sync_export *stale = find_export_stat(&st);
   if (stale) {
      hash_table_remove_key(exports, stale);
      if (stale->obj)
         syncobj_unref(stale->obj);
      free(stale);
   }

   struct shim_sync_export *e = calloc(1, sizeof(*e));
   if (!e || !hash_table_insert(exports, e, e)) {
      free(e);
      close(fd);
      return -ENOMEM;
   }
   e->dev = st.st_dev;
   e->ino = st.st_ino;
   /* The export keeps the object alive: we cannot see the fd's close. */
   e->obj = obj;
   if (obj)
      obj->refcount++;
   *fd_out = fd;
   return 0;
}

static int
syncobj_handle_to_fd(struct shim_file *file, void *arg)
{
   struct drm_syncobj_handle *h = arg;
   if (h->pad)
      return -EINVAL;
   if (h->flags != 0 &&
       h->flags != DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE)
      return -EINVAL;

   struct shim_syncobj *obj = drm_shim_syncobj_lookup(file, h->handle);
   if (!obj)
      return -EINVAL;

   if (h->flags) {
      /* A sync_file needs a fence to wrap. */
      if (!obj->has_fence)
         return -EINVAL;
      return export_fd(NULL, &h->fd);
   }
   return export_fd(obj, &h->fd);
}

static int
syncobj_fd_to_handle(struct shim_file *file, void *arg)
{
   struct drm_syncobj_handle *h = arg;
   if (h->pad)
      return -EINVAL;
   if (h->flags != 0 &&
       h->flags != DRM_SYNCOBJ_FD_TO_HANDLE_FLAGS_IMPORT_SYNC_FILE)
      return -EINVAL;

   struct shim_sync_export *e = find_export(h->fd);
   if (h->flags) {
      struct shim_syncobj *obj = drm_shim_syncobj_lookup(file, h->handle);
      if (!e || e->obj)
         return -EINVAL;
      if (!obj)
         return -ENOENT;
      drm_shim_syncobj_signal(obj, 0);
      return 0;
   }

   if (!e || !e->obj)
      return -EINVAL;
   int ret = shim_idr_alloc(file->syncobj_handles, e->obj, &h->handle);
   if (!ret)
      e->obj->refcount++;
   return ret;
}

static int
syncobj_array_op(struct shim_file *file, struct drm_syncobj_array *a,
                 bool signal)
{
   if (a->pad || a->count_handles == 0)
      return -EINVAL;
   if (a->count_handles > MAX_WAIT_HANDLES)
      return -ENOMEM;

   struct shim_syncobj **objs;
   int ret = lookup_array(file, a->handles, a->count_handles, &objs);
   if (ret)
      return ret;
   for (uint32_t i = 0; i < a->count_handles; i++) {
      if (signal) {
         drm_shim_syncobj_signal(objs[i], 0);
      } else {
         objs[i]->has_fence = false;
         objs[i]->point = 0;
      }
   }
   free(objs);
   return 0;
}

static int
syncobj_reset(struct shim_file *file, void *arg)
{
   return syncobj_array_op(file, arg, false);
}

static int
syncobj_signal(struct shim_file *file, void *arg)
{
   return syncobj_array_op(file, arg, true);
}

/* The common wait: points may be NULL (binary wait, point 0). */
static int
wait_common(struct shim_file *file, uint64_t handles_ptr, uint64_t points_ptr,
            uint32_t count, uint32_t flags, int64_t timeout_ns,
            uint32_t *first_signaled, bool timeline)
{
   uint32_t known =
      DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL | DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT;
   if (timeline)
      known |= DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE;
   if (flags & ~known)
      return -EINVAL;
   if (count == 0)
      return 0;
   if (count > MAX_WAIT_HANDLES)
      return -ENOMEM;

   struct shim_syncobj **objs;
   uint64_t *points = NULL;
   int ret = lookup_array(file, handles_ptr, count, &objs);
   if (ret)
      return ret;
   if (timeline) {
      ret = read_points(points_ptr, count, &points);
      if (ret) {
         free(objs);
         return ret;
      }
   }

   /* The lock drops while we sleep: another thread may destroy handles
    * meanwhile, so hold references.
    */
   for (uint32_t i = 0; i < count; i++)
      objs[i]->refcount++;

   bool for_submit = flags & (DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT |
                              DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE);
   bool wait_all = flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL;

   for (;;) {
      uint32_t ready = 0, first = UINT32_MAX;
      for (uint32_t i = 0; i < count; i++) {
         uint64_t p = points ? points[i] : 0;
         if (drm_shim_syncobj_has_point(objs[i], p)) {
            ready++;
            if (first == UINT32_MAX)
               first = i;
         } else if (!for_submit) {
            /* Nothing submitted and the caller would not wait for it. */
            ret = -EINVAL;
            goto out;
         }
      }

      if (wait_all ? ready == count : ready > 0) {
         *first_signaled = wait_all ? 0 : first;
         ret = 0;
         break;
      }
      if (!drm_shim_cond_wait(timeout_ns) && drm_shim_now_ns() >= timeout_ns) {
         ret = -ETIME;
         break;
      }
   }

out:
   for (uint32_t i = 0; i < count; i++)
      syncobj_unref(objs[i]);
   free(objs);
   free(points);
   return ret;
}

static int
syncobj_wait(struct shim_file *file, void *arg)
{
   struct drm_syncobj_wait *w = arg;
   return wait_common(file, w->handles, 0, w->count_handles, w->flags,
                      w->timeout_nsec, &w->first_signaled, false);
}

static int
syncobj_timeline_wait(struct shim_file *file, void *arg)
{
   struct drm_syncobj_timeline_wait *w = arg;
   return wait_common(file, w->handles, w->points, w->count_handles, w->flags,
                      w->timeout_nsec, &w->first_signaled, true);
}

static int
syncobj_timeline_signal(struct shim_file *file, void *arg)
{
   struct drm_syncobj_timeline_array *a = arg;
   if (a->flags || a->count_handles == 0)
      return -EINVAL;
   if (a->count_handles > MAX_WAIT_HANDLES)
      return -ENOMEM;

   struct shim_syncobj **objs;
   uint64_t *points;
   int ret = lookup_array(file, a->handles, a->count_handles, &objs);
   if (ret)
      return ret;
   ret = read_points(a->points, a->count_handles, &points);
   if (!ret) {
      for (uint32_t i = 0; i < a->count_handles; i++)
         drm_shim_syncobj_signal(objs[i], points[i]);
      free(points);
   }
   free(objs);
   return ret;
}

static int
syncobj_query(struct shim_file *file, void *arg)
{
   struct drm_syncobj_timeline_array *a = arg;
   if (a->flags & ~DRM_SYNCOBJ_QUERY_FLAGS_LAST_SUBMITTED)
      return -EINVAL;
   if (a->count_handles == 0)
      return -EINVAL;
   if (a->count_handles > MAX_WAIT_HANDLES)
      return -ENOMEM;

   struct shim_syncobj **objs;
   int ret = lookup_array(file, a->handles, a->count_handles, &objs);
   if (ret)
      return ret;
   uint64_t *points = calloc(a->count_handles, sizeof(uint64_t));
   if (!points) {
      free(objs);
      return -ENOMEM;
   }
   /* Submitted == signalled here, so both flavours give the same. */
   for (uint32_t i = 0; i < a->count_handles; i++)
      points[i] = objs[i]->has_fence ? objs[i]->point : 0;
   ret = drm_shim_copy_to_user(a->points, points, a->count_handles * 8ull);
   free(points);
   free(objs);
   return ret;
}

static int
syncobj_transfer(struct shim_file *file, void *arg)
{
   struct drm_syncobj_transfer *t = arg;
   if (t->pad)
      return -EINVAL;
   if (t->flags & ~(DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT |
                    DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE))
      return -EINVAL;

   struct shim_syncobj *src = drm_shim_syncobj_lookup(file, t->src_handle);
   struct shim_syncobj *dst = drm_shim_syncobj_lookup(file, t->dst_handle);
   if (!src || !dst)
      return -ENOENT;
   if (!drm_shim_syncobj_has_point(src, t->src_point))
      return -EINVAL;

   drm_shim_syncobj_signal(dst, t->dst_point);
   return 0;
}

static const struct shim_ioctl syncobj_ioctls[] = {
   {DRM_IOCTL_SYNCOBJ_CREATE, syncobj_create},
   {DRM_IOCTL_SYNCOBJ_DESTROY, syncobj_destroy},
   {DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, syncobj_handle_to_fd},
   {DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE, syncobj_fd_to_handle},
   {DRM_IOCTL_SYNCOBJ_WAIT, syncobj_wait},
   {DRM_IOCTL_SYNCOBJ_RESET, syncobj_reset},
   {DRM_IOCTL_SYNCOBJ_SIGNAL, syncobj_signal},
   {DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, syncobj_timeline_wait},
   {DRM_IOCTL_SYNCOBJ_QUERY, syncobj_query},
   {DRM_IOCTL_SYNCOBJ_TRANSFER, syncobj_transfer},
   {DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, syncobj_timeline_signal},
};

const struct shim_ioctl *
drm_shim_syncobj_ioctl_lookup(unsigned nr)
{
   for (unsigned i = 0; i < sizeof(syncobj_ioctls) / sizeof(syncobj_ioctls[0]);
        i++) {
      if (_IOC_NR(syncobj_ioctls[i].request) == nr)
         return &syncobj_ioctls[i];
   }
   return NULL;
}
