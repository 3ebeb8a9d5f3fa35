/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * DRM sync objects with real fences.
 *
 * A fence (struct shim_fence) is created unsignalled by a submission and
 * signalled, possibly with an error, when the work completes (by a queue's
 * worker in the simulator; at once in the no-op backend), or created
 * signalled by the CPU ioctls.  A binary syncobj holds one fence or none;
 * a timeline syncobj holds its pending points in order, each with its
 * fence, and "done": every point up to it has signalled.  As with the
 * kernel's dma_fence_chain, a point counts as signalled only when it and
 * every earlier point have.  Waiting on a missing fence returns -EINVAL,
 * unless the caller asked to wait for it to be submitted; waits block on
 * the device's condition variable until the absolute CLOCK_MONOTONIC
 * deadline (-ETIME).  Error codes follow drivers/gpu/drm/drm_syncobj.c.
 *
 * A fence's error is what the kernel keeps with dma_fence_set_error(): it
 * reaches userspace through a sync_file's SYNC_IOC_FILE_INFO status
 * (drm_shim_sync_file_info), as drivers/dma-buf/sync_file.c reports it.
 * An exported sync_file is the read end of a pipe, readable (POLLIN)
 * once its fence has signalled, as a kernel sync_file polls.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/hash_table.h"
#include "drm_shim.h"
#include <linux/sync_file.h>

struct shim_fence {
   unsigned refcount;
   bool signalled;
   int error; /* 0 or -errno, set when signalled */
   /* Write ends of the pipes behind exported sync_files: a byte goes
    * into each when the fence signals, so poll() on the sync_file sees
    * POLLIN then, as on a kernel sync_file. */
   int *notify;
   unsigned notify_count, notify_cap;
};

struct timeline_point {
   uint64_t value;
   struct shim_fence *fence;
};

struct shim_syncobj {
   unsigned refcount; /* handles and exported fds */
   /* The binary fence; for a timeline, the fence of its last point. */
   struct shim_fence *fence;
   /* Timeline: pending points [head, count) in increasing value. */
   struct timeline_point *points;
   uint32_t head, count, cap;
   uint64_t done; /* every point <= done has signalled */
};

/* Exported syncobj fds and sync_file fds, found again by inode. */
struct shim_sync_export {
   dev_t dev;
   ino_t ino;
   struct shim_syncobj *obj; /* a syncobj fd, or NULL for a sync_file */
   struct shim_fence *fence; /* the sync_file's fence */
};

static struct hash_table *exports; /* shim_sync_export* -> itself */

#define MAX_WAIT_HANDLES (1u << 16)

/* ---- fences -------------------------------------------------------------- */

struct shim_fence *
drm_shim_fence_create(bool signalled)
{
   struct shim_fence *f = calloc(1, sizeof(*f));
   if (f) {
      f->refcount = 1;
      f->signalled = signalled;
   }
   return f;
}

void
drm_shim_fence_ref(struct shim_fence *f)
{
   f->refcount++;
}

static void
fence_notify(struct shim_fence *f)
{
   for (unsigned i = 0; i < f->notify_count; i++) {
      ssize_t ret = write(f->notify[i], "", 1);
      (void)ret; /* a full or closed pipe is ready anyway */
      close(f->notify[i]);
   }
   free(f->notify);
   f->notify = NULL;
   f->notify_count = f->notify_cap = 0;
}

void
drm_shim_fence_unref(struct shim_fence *f)
{
   if (f && --f->refcount == 0) {
      fence_notify(f);
      free(f);
   }
}

void
drm_shim_fence_signal(struct shim_fence *f, int error)
{
   if (f->signalled)
      return;
   f->signalled = true;
   f->error = error;
   fence_notify(f);
   drm_shim_cond_broadcast();
}

bool
drm_shim_fence_is_signalled(const struct shim_fence *f)
{
   return f->signalled;
}

int
drm_shim_fence_error(const struct shim_fence *f)
{
   return f->error;
}

/* ---- syncobjs ------------------------------------------------------------ */

static struct shim_syncobj *
syncobj_new(bool signalled)
{
   struct shim_syncobj *obj = calloc(1, sizeof(*obj));
   if (!obj)
      return NULL;
   obj->refcount = 1;
   if (signalled) {
      obj->fence = drm_shim_fence_create(true);
      if (!obj->fence) {
         free(obj);
         return NULL;
      }
   }
   return obj;
}

static void
timeline_clear(struct shim_syncobj *obj)
{
   for (uint32_t i = obj->head; i < obj->count; i++)
      drm_shim_fence_unref(obj->points[i].fence);
   obj->head = obj->count = 0;
   obj->done = 0;
}

static void
syncobj_unref(struct shim_syncobj *obj)
{
   if (--obj->refcount)
      return;
   timeline_clear(obj);
   free(obj->points);
   drm_shim_fence_unref(obj->fence);
   free(obj);
}

/* Drop the signalled points at the front of the timeline. */
static void
timeline_advance(struct shim_syncobj *obj)
{
   while (obj->head < obj->count &&
          obj->points[obj->head].fence->signalled) {
      obj->done = obj->points[obj->head].value;
      drm_shim_fence_unref(obj->points[obj->head].fence);
      obj->head++;
   }
   if (obj->head == obj->count)
      obj->head = obj->count = 0;
}

static uint64_t
timeline_last(const struct shim_syncobj *obj)
{
   return obj->count > obj->head ? obj->points[obj->count - 1].value
                                 : obj->done;
}

struct shim_syncobj *
drm_shim_syncobj_lookup(struct shim_file *file, uint32_t handle)
{
   return shim_idr_get(file->syncobj_handles, handle);
}

bool
drm_shim_syncobj_has_point(struct shim_syncobj *obj, uint64_t point)
{
   if (point == 0)
      return obj->fence != NULL;
   return timeline_last(obj) >= point;
}

/* Has the fence at point (0: the binary fence) signalled?  Only asked of
 * points that exist. */
static bool
point_signalled(struct shim_syncobj *obj, uint64_t point)
{
   if (point == 0)
      return obj->fence && obj->fence->signalled;
   timeline_advance(obj);
   return obj->done >= point;
}

struct shim_fence *
drm_shim_syncobj_get_fence(struct shim_syncobj *obj, uint64_t point)
{
   struct shim_fence *f = NULL;
   if (point == 0) {
      f = obj->fence;
   } else {
      timeline_advance(obj);
      if (obj->done >= point) {
         /* Signalled and gone from the list: a stub stands for it. */
         return drm_shim_fence_create(true);
      }
      for (uint32_t i = obj->head; i < obj->count && !f; i++) {
         if (obj->points[i].value >= point)
            f = obj->points[i].fence;
      }
   }
   if (f)
      drm_shim_fence_ref(f);
   return f;
}

int
drm_shim_syncobj_add_fence(struct shim_syncobj *obj, uint64_t point,
                           struct shim_fence *fence)
{
   if (point == 0) {
      /* A binary fence replaces everything: the timeline is forgotten. */
      timeline_clear(obj);
   } else {
      timeline_advance(obj);
      /* A point at or below the last one adds nothing new. */
      if (point <= timeline_last(obj))
         return 0;
      if (obj->count == obj->cap) {
         if (obj->head) {
            memmove(obj->points, obj->points + obj->head,
                    (obj->count - obj->head) * sizeof(*obj->points));
            obj->count -= obj->head;
            obj->head = 0;
         } else {
            uint32_t cap = obj->cap ? obj->cap * 2 : 4;
            struct timeline_point *p =
               realloc(obj->points, cap * sizeof(*p));
            if (!p)
               return -ENOMEM;
            obj->points = p;
            obj->cap = cap;
         }
      }
      drm_shim_fence_ref(fence);
      obj->points[obj->count++] = (struct timeline_point){point, fence};
   }
   drm_shim_fence_ref(fence);
   drm_shim_fence_unref(obj->fence);
   obj->fence = fence;
   drm_shim_cond_broadcast(); /* waiters for submission */
   return 0;
}

int
drm_shim_syncobj_signal(struct shim_syncobj *obj, uint64_t point)
{
   struct shim_fence *f = drm_shim_fence_create(true);
   if (!f)
      return -ENOMEM;
   int ret = drm_shim_syncobj_add_fence(obj, point, f);
   drm_shim_fence_unref(f);
   drm_shim_cond_broadcast();
   return ret;
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
   struct shim_sync_export *e =
      hash_table_search_data(exports, (void *)(uintptr_t)st->st_ino);
   return e && e->dev == st->st_dev ? e : NULL;
}

static struct shim_sync_export *
find_export(int fd)
{
   struct stat st;
   return fstat(fd, &st) < 0 ? NULL : find_export_stat(&st);
}

static void
export_free(struct shim_sync_export *e)
{
   if (e->obj)
      syncobj_unref(e->obj);
   drm_shim_fence_unref(e->fence);
   free(e);
}

/* The shim cannot see an exported fd being closed, so entries pile up:
 * when the table has doubled since the last sweep, drop every entry whose
 * inode no descriptor of this process refers to any more.  (A descriptor
 * passed to another process reaches another shim there, which never knew
 * the entry.) */
static void
sweep_exports(void)
{
   static unsigned next_sweep = 64;
   if (hash_table_num_entries(exports) < next_sweep)
      return;

   struct hash_table *live = hash_table_create_u64_keys(NULL);
   DIR *dir = live ? opendir("/proc/self/fd") : NULL;
   if (!dir) {
      if (live)
         hash_table_destroy(live, NULL);
      next_sweep *= 2;
      return;
   }
   struct dirent *d;
   while ((d = readdir(dir))) {
      struct stat st;
      if (d->d_name[0] != '.' && fstat(atoi(d->d_name), &st) == 0)
         hash_table_insert(live, (void *)(uintptr_t)st.st_ino, NULL);
   }
   closedir(dir);
   hash_table_foreach (exports, entry) {
      struct shim_sync_export *e = entry->data;
      if (!hash_table_search(live, (void *)(uintptr_t)e->ino)) {
         hash_table_remove(exports, entry);
         export_free(e);
      }
   }
   hash_table_destroy(live, NULL);
   uint32_t left = hash_table_num_entries(exports);
   next_sweep = 2 * (left > 32 ? left : 32);
}

/* A sync_file is the read end of a pipe that becomes readable when its
 * fence signals (the write end waits in fence->notify until then). */
static int
sync_file_fd(struct shim_fence *fence)
{
   int p[2];
   if (pipe2(p, O_CLOEXEC) < 0)
      return -1;
   if (!fence->signalled && fence->notify_count == fence->notify_cap) {
      unsigned cap = fence->notify_cap ? 2 * fence->notify_cap : 2;
      int *n = realloc(fence->notify, cap * sizeof(*n));
      if (!n) {
         close(p[0]);
         close(p[1]);
         errno = ENOMEM;
         return -1;
      }
      fence->notify = n;
      fence->notify_cap = cap;
   }
   if (fence->signalled) {
      ssize_t ret = write(p[1], "", 1);
      (void)ret;
      close(p[1]);
   } else {
      fence->notify[fence->notify_count++] = p[1];
   }
   return p[0];
}

static int
export_fd(struct shim_syncobj *obj, struct shim_fence *fence, int *fd_out)
{
   if (!exports) {
      exports = hash_table_create_u64_keys(NULL);
      if (!exports)
         return -ENOMEM;
   }
   sweep_exports();

   int fd = obj ? memfd_create("drm-shim-syncobj", MFD_CLOEXEC)
                : sync_file_fd(fence);
   if (fd < 0)
      return errno == ENOMEM ? -ENOMEM : -EMFILE;
   struct stat st;
   if (fstat(fd, &st) < 0) {
      close(fd);
      return -ENOMEM;
   }

   /* An entry for the same inode is stale (its fd was closed and the
    * inode number reused): drop it.
    */
   struct hash_entry *stale =
      hash_table_search(exports, (void *)(uintptr_t)st.st_ino);
   if (stale) {
      export_free(stale->data);
      hash_table_remove(exports, stale);
   }

   struct shim_sync_export *e = calloc(1, sizeof(*e));
   if (!e || !hash_table_insert(exports, (void *)(uintptr_t)st.st_ino, e)) {
      free(e);
      close(fd);
      return -ENOMEM;
   }
   e->dev = st.st_dev;
   e->ino = st.st_ino;
   /* The export keeps the object (or fence) alive: we cannot see the
    * fd's close. */
   e->obj = obj;
   if (obj)
      obj->refcount++;
   e->fence = fence;
   if (fence)
      drm_shim_fence_ref(fence);
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
      /* A sync_file wraps the current fence (the last point's for a
       * timeline): there must be one. */
      if (!obj->fence)
         return -EINVAL;
      return export_fd(NULL, obj->fence, &h->fd);
   }
   return export_fd(obj, NULL, &h->fd);
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
      return drm_shim_syncobj_add_fence(obj, 0, e->fence);
   }

   if (!e || !e->obj)
      return -EINVAL;
   int ret = shim_idr_alloc(file->syncobj_handles, e->obj, &h->handle);
   if (!ret)
      e->obj->refcount++;
   return ret;
}

int
drm_shim_sync_file_info(int fd, void *arg)
{
   struct sync_file_info *info = arg;
   drm_shim_lock();
   struct shim_sync_export *e = exports ? find_export(fd) : NULL;
   int ret = 0;
   if (!e || !e->fence) {
      ret = -EINVAL; /* not a sync_file we made */
   } else if (info->flags || info->num_fences) {
      /* The fence array is not served: one fence, asked for by count. */
      ret = info->flags ? -EINVAL : 0;
      info->num_fences = 1;
   } else {
      memset(info, 0, sizeof(*info));
      snprintf(info->name, sizeof(info->name), "drm-shim");
      info->num_fences = 1;
      /* 1 signalled, 0 active, <0 signalled with an error (sync_file.c
       * via dma_fence_get_status). */
      info->status = !e->fence->signalled ? 0
                     : e->fence->error    ? e->fence->error
                                          : 1;
   }
   drm_shim_unlock();
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
   for (uint32_t i = 0; !ret && i < a->count_handles; i++) {
      if (signal) {
         ret = drm_shim_syncobj_signal(objs[i], 0);
      } else {
         timeline_clear(objs[i]);
         drm_shim_fence_unref(objs[i]->fence);
         objs[i]->fence = NULL;
      }
   }
   free(objs);
   return ret;
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
   /* WAIT_AVAILABLE: a fence being there is enough. */
   bool available = flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE;
   bool wait_all = flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL;

   for (;;) {
      uint32_t ready = 0, first = UINT32_MAX;
      for (uint32_t i = 0; i < count; i++) {
         uint64_t p = points ? points[i] : 0;
         if (drm_shim_syncobj_has_point(objs[i], p)) {
            if (!available && !point_signalled(objs[i], p))
               continue;
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
      for (uint32_t i = 0; !ret && i < a->count_handles; i++)
         ret = drm_shim_syncobj_signal(objs[i], points[i]);
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
   /* The last point signalled in order, or the last submitted. */
   bool submitted = a->flags & DRM_SYNCOBJ_QUERY_FLAGS_LAST_SUBMITTED;
   for (uint32_t i = 0; i < a->count_handles; i++) {
      timeline_advance(objs[i]);
      points[i] = submitted ? timeline_last(objs[i]) : objs[i]->done;
   }
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

   struct shim_fence *f = drm_shim_syncobj_get_fence(src, t->src_point);
   if (!f)
      return -ENOMEM;
   int ret = drm_shim_syncobj_add_fence(dst, t->dst_point, f);
   drm_shim_fence_unref(f);
   return ret;
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
