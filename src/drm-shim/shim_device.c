/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * The shim's device: open files, GEM objects, mmap offsets, dma-buf
 * export/import, and the DRM core ioctls libdrm needs (version, caps, GEM
 * close, prime).  Driver ioctls go to the backend's table.
 *
 * There is one fake device per process, as there is one kernel device per
 * node; its state is the one piece of global state in the shim, guarded by
 * one mutex that every ioctl holds.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util/hash_table.h"
#include "drm_shim.h"

uint64_t drm_shim_page_size = 4096;

/* Fake mmap offsets start high, like the kernel's DRM_FILE_PAGE_OFFSET,
 * so a stray mmap(0) of the DRM fd maps nothing.
 */
#define SHIM_MMAP_OFFSET_BASE (1ull << 32)

/* The biggest BO we agree to create; beyond it GEM_CREATE gives -ENOMEM
 * (memfds are sparse, but a fuzzer asking for 2^63 bytes must not win).
 */
#define SHIM_BO_MAX_SIZE (1ull << 34)

static struct {
   pthread_mutex_t lock;
   pthread_cond_t cond;
   pthread_once_t once;
   int init_result;
   struct shim_driver driver;
   struct hash_table *bo_by_offset; /* mmap offset -> shim_bo */
   struct hash_table *bos;          /* shim_bo -> shim_bo (all live) */
   uint64_t next_mmap_offset;
   struct hash_table *overrides; /* path -> contents */
   int render_minor;
} shim = {
   .lock = PTHREAD_MUTEX_INITIALIZER,
   .cond = PTHREAD_COND_INITIALIZER,
   .once = PTHREAD_ONCE_INIT,
   .render_minor = 128,
};

void
drm_shim_lock(void)
{
   pthread_mutex_lock(&shim.lock);
}

void
drm_shim_unlock(void)
{
   pthread_mutex_unlock(&shim.lock);
}

int64_t
drm_shim_now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (int64_t)ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

bool
drm_shim_cond_wait(int64_t deadline_ns)
{
   if (deadline_ns <= drm_shim_now_ns())
      return false;
   struct timespec ts = {
      .tv_sec = deadline_ns / 1000000000ll,
      .tv_nsec = deadline_ns % 1000000000ll,
   };
   return pthread_cond_timedwait(&shim.cond, &shim.lock, &ts) == 0;
}

void
drm_shim_cond_broadcast(void)
{
   pthread_cond_broadcast(&shim.cond);
}

static void
init_cond(void)
{
   /* Waits use absolute CLOCK_MONOTONIC deadlines, as DRM's do. */
   pthread_condattr_t attr;
   pthread_condattr_init(&attr);
   pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
   pthread_cond_init(&shim.cond, &attr);
   pthread_condattr_destroy(&attr);
}

/* fork() while a queue's worker thread holds the lock (it does while a
 * command runs) would leave the child a lock nobody can release: fork
 * waits for the lock, and the child starts with a fresh one (and no
 * workers: queues start new ones on their next submission). */
static void
fork_prepare(void)
{
   pthread_mutex_lock(&shim.lock);
}

static void
fork_parent(void)
{
   pthread_mutex_unlock(&shim.lock);
}

static void
fork_child(void)
{
   pthread_mutex_init(&shim.lock, NULL);
   init_cond();
}

static void
shim_init_once(void)
{
   init_cond();
   pthread_atfork(fork_prepare, fork_parent, fork_child);

   shim.bo_by_offset = hash_table_create_u64_keys(NULL);
   shim.bos = hash_table_create_pointer_keys(NULL);
   shim.overrides = hash_table_create_string_keys(NULL);
   shim.next_mmap_offset = SHIM_MMAP_OFFSET_BASE;
   if (!shim.bo_by_offset || !shim.bos || !shim.overrides) {
      shim.init_result = -ENOMEM;
      return;
   }
   shim.init_result = drm_shim_driver_init(&shim.driver);
}

int
drm_shim_device_init(void)
{
   pthread_once(&shim.once, shim_init_once);
   return shim.init_result;
}

const struct shim_driver *
drm_shim_driver(void)
{
   return &shim.driver;
}

int
drm_shim_render_minor(void)
{
   return shim.render_minor;
}

void
drm_shim_set_render_minor(int minor)
{
   shim.render_minor = minor;
}

void
drm_shim_override_file(const char *path, const char *contents)
{
   char *key = strdup(path), *data = strdup(contents);
   if (!key || !data || !hash_table_insert(shim.overrides, key, data)) {
      free(key);
      free(data);
   }
}

const char *
drm_shim_override_lookup(const char *path)
{
   if (!path || !shim.overrides)
      return NULL;
   return hash_table_search_data(shim.overrides, path);
}

/* ---- BOs --------------------------------------------------------------- */

/* A BO of one reference around map, a mapping of size bytes (of memfd,
 * or -1), listed in shim.bos; NULL, map unmapped, when the mapping
 * failed or there is no memory for it. */
static struct shim_bo *
bo_new(void *map, uint64_t size, int memfd)
{
   if (map == MAP_FAILED)
      return NULL;
   struct shim_bo *bo = calloc(1, sizeof(*bo));
   if (!bo || !hash_table_insert(shim.bos, bo, bo)) {
      free(bo);
      munmap(map, size);
      return NULL;
   }
   bo->refcount = 1;
   bo->size = size;
   bo->memfd = memfd;
   bo->map = map;
   return bo;
}

static int
bo_wrap_memfd(int memfd, uint64_t size, struct shim_bo **out)
{
   struct stat st;
   if (fstat(memfd, &st) < 0)
      return -errno;

   struct shim_bo *bo = bo_new(
      mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, memfd, 0), size,
      memfd);
   if (!bo)
      return -ENOMEM;
   bo->exportable = true;
   bo->dev = st.st_dev;
   bo->ino = st.st_ino;
   *out = bo;
   return 0;
}

int
drm_shim_bo_create(uint64_t size, bool exportable, struct shim_bo **out)
{
   if (size == 0)
      return -EINVAL;
   if (size > SHIM_BO_MAX_SIZE)
      return -ENOMEM;
   size = (size + drm_shim_page_size - 1) & ~(drm_shim_page_size - 1);

   /* DRM_SHIM_BO_MEMFD=1: a memfd per BO from the start (one descriptor
    * each), mapped through it; for tools such as valgrind that do not
    * follow mremap() copies of shared memory. */
   static int memfd_mode = -1;
   if (memfd_mode < 0) {
      const char *v = getenv("DRM_SHIM_BO_MEMFD");
      memfd_mode = v && *v && strcmp(v, "0");
   }
   if (memfd_mode) {
      int memfd = memfd_create("drm-shim-bo", MFD_CLOEXEC);
      if (memfd < 0)
         return -ENOMEM;
      int ret = ftruncate(memfd, size) ? -ENOMEM
                                       : bo_wrap_memfd(memfd, size, out);
      if (ret)
         close(memfd);
      else
         (*out)->exportable = exportable;
      return ret;
   }

   /* Shared anonymous memory: pages on demand, no descriptor.  A memfd
    * appears only if the BO is exported (drm_shim_bo_give_memfd). */
   struct shim_bo *bo =
      bo_new(mmap(NULL, size, PROT_READ | PROT_WRITE,
                  MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
             size, -1);
   if (!bo)
      return -ENOMEM;
   bo->exportable = exportable;
   *out = bo;
   return 0;
}

void
drm_shim_bo_ref(struct shim_bo *bo)
{
   bo->refcount++;
}

void
drm_shim_bo_unref(struct shim_bo *bo)
{
   if (--bo->refcount)
      return;

   if (shim.driver.bo_free)
      shim.driver.bo_free(bo);
   if (bo->mmap_offset)
      hash_table_remove_key(shim.bo_by_offset,
                            (void *)(uintptr_t)bo->mmap_offset);
   hash_table_remove_key(shim.bos, bo);
   munmap(bo->map, bo->size);
   if (bo->memfd >= 0)
      close(bo->memfd);
   free(bo);
}

int
drm_shim_bo_add_handle(struct shim_file *file, struct shim_bo *bo,
                       uint32_t *handle)
{
   int ret = shim_idr_alloc(file->bo_handles, bo, handle);
   if (!ret)
      drm_shim_bo_ref(bo);
   return ret;
}

struct shim_bo *
drm_shim_bo_lookup(struct shim_file *file, uint32_t handle)
{
   return shim_idr_get(file->bo_handles, handle);
}

uint64_t
drm_shim_bo_mmap_offset(struct shim_bo *bo)
{
   if (!bo->mmap_offset) {
      uint64_t offset = shim.next_mmap_offset;
      if (!hash_table_insert(shim.bo_by_offset, (void *)(uintptr_t)offset, bo))
         return 0;
      bo->mmap_offset = offset;
      /* A page of gap between BOs catches mappings that run over. */
      shim.next_mmap_offset += bo->size + drm_shim_page_size;
   }
   return bo->mmap_offset;
}

/* The BO whose mmap range holds `offset`.  Nearly every mapping starts
 * at a BO's offset itself: looked up by key (walking every BO was a
 * share of the drivers' shader uploads in programs with thousands of
 * BOs); an offset inside a BO still walks them. */
static struct shim_bo *
bo_at_mmap_offset(uint64_t offset)
{
   struct shim_bo *bo =
      hash_table_search_data(shim.bo_by_offset, (void *)(uintptr_t)offset);
   if (bo)
      return bo;
   hash_table_foreach (shim.bo_by_offset, entry) {
      bo = entry->data;
      if (offset >= bo->mmap_offset && offset < bo->mmap_offset + bo->size)
         return bo;
   }
   return NULL;
}

void *
drm_shim_mmap_bo(void *addr, uint64_t length, int prot, int flags,
                 uint64_t offset, int *err)
{
   void *map = MAP_FAILED;
   *err = EINVAL;
   drm_shim_lock();
   /* Like the kernel, a mapping must start at a BO's offset (or inside
    * it) and stay inside it.
    */
   struct shim_bo *bo = bo_at_mmap_offset(offset);
   uint64_t rel = bo ? offset - bo->mmap_offset : 0;
   if (bo && length != 0 && length <= bo->size - rel) {
      if (bo->memfd >= 0) {
         map = mmap(addr, length, prot, flags, bo->memfd, rel);
      } else {
         /* A zero old size makes mremap() map the same shared pages
          * again (mremap(2)); then the protection the caller asked for. */
         int mflags = MREMAP_MAYMOVE | ((flags & MAP_FIXED) ? MREMAP_FIXED : 0);
         map = mremap((uint8_t *)bo->map + rel, 0, length, mflags, addr);
         if (map != MAP_FAILED &&
             mprotect(map, length, prot & (PROT_READ | PROT_WRITE)) < 0) {
            munmap(map, length);
            map = MAP_FAILED;
         }
      }
      *err = map == MAP_FAILED ? errno : 0;
   }
   drm_shim_unlock();
   return map;
}

/* ---- files -------------------------------------------------------------- */

struct shim_file *
drm_shim_file_open(void)
{
   if (drm_shim_device_init())
      return NULL;

   struct shim_file *file = calloc(1, sizeof(*file));
   if (!file)
      return NULL;
   file->refcount = 1;
   file->bo_handles = shim_idr_create();
   file->syncobj_handles = shim_idr_create();
   if (!file->bo_handles || !file->syncobj_handles)
      goto fail;

   drm_shim_lock();
   int ret = shim.driver.file_open ? shim.driver.file_open(file) : 0;
   drm_shim_unlock();
   if (ret)
      goto fail;
   return file;

fail:
   shim_idr_destroy(file->bo_handles);
   shim_idr_destroy(file->syncobj_handles);
   free(file);
   return NULL;
}

void
drm_shim_file_ref(struct shim_file *file)
{
   drm_shim_lock();
   file->refcount++;
   drm_shim_unlock();
}

void
drm_shim_file_unref(struct shim_file *file)
{
   drm_shim_lock();
   if (--file->refcount) {
      drm_shim_unlock();
      return;
   }

   /* Backend objects (VMs holding BO references) go first. */
   if (shim.driver.file_close)
      shim.driver.file_close(file);
   drm_shim_syncobj_file_close(file);
   for (uint32_t h = 1; h < file->bo_handles->size; h++) {
      struct shim_bo *bo = shim_idr_remove(file->bo_handles, h);
      if (bo)
         drm_shim_bo_unref(bo);
   }
   drm_shim_unlock();

   shim_idr_destroy(file->bo_handles);
   shim_idr_destroy(file->syncobj_handles);
   free(file);
}

/* ---- DRM core ioctls ------------------------------------------------------
 */

static int
copy_string(uint64_t user_ptr, __kernel_size_t *user_len, const char *str)
{
   size_t len = strlen(str);
   size_t n = *user_len < len ? *user_len : len;
   *user_len = len;
   return n ? drm_shim_copy_to_user(user_ptr, str, n) : 0;
}

static int
core_version(struct shim_file *file, void *arg)
{
   struct drm_version *v = arg;
   v->version_major = shim.driver.version_major;
   v->version_minor = shim.driver.version_minor;
   v->version_patchlevel = shim.driver.version_patchlevel;

   int ret = copy_string((uintptr_t)v->name, &v->name_len,
                         shim.driver.name ? shim.driver.name : "");
   if (!ret)
      ret = copy_string((uintptr_t)v->date, &v->date_len,
                        shim.driver.date ? shim.driver.date : "0");
   if (!ret)
      ret = copy_string((uintptr_t)v->desc, &v->desc_len,
                        shim.driver.desc ? shim.driver.desc : "");
   return ret;
}

static int
core_get_unique(struct shim_file *file, void *arg)
{
   struct drm_unique *u = arg;
   return copy_string((uintptr_t)u->unique, &u->unique_len, "");
}

static int
core_get_cap(struct shim_file *file, void *arg)
{
   struct drm_get_cap *cap = arg;
   switch (cap->capability) {
   case DRM_CAP_PRIME:
      cap->value = DRM_PRIME_CAP_IMPORT | DRM_PRIME_CAP_EXPORT;
      return 0;
   case DRM_CAP_SYNCOBJ:
   case DRM_CAP_SYNCOBJ_TIMELINE:
      cap->value = 1;
      return 0;
   case DRM_CAP_DUMB_BUFFER:
   case DRM_CAP_VBLANK_HIGH_CRTC:
   case DRM_CAP_ASYNC_PAGE_FLIP:
   case DRM_CAP_TIMESTAMP_MONOTONIC:
      cap->value = cap->capability == DRM_CAP_TIMESTAMP_MONOTONIC;
      return 0;
   default:
      return -EINVAL;
   }
}

static int
core_gem_close(struct shim_file *file, void *arg)
{
   struct drm_gem_close *c = arg;
   struct shim_bo *bo = shim_idr_remove(file->bo_handles, c->handle);
   if (!bo)
      return -EINVAL;
   drm_shim_bo_unref(bo);
   return 0;
}

static int
core_prime_handle_to_fd(struct shim_file *file, void *arg)
{
   struct drm_prime_handle *p = arg;
   if (p->flags & ~(DRM_CLOEXEC | DRM_RDWR))
      return -EINVAL;

   struct shim_bo *bo = drm_shim_bo_lookup(file, p->handle);
   if (!bo)
      return -ENOENT;
   if (shim.driver.bo_export) {
      int r = shim.driver.bo_export(bo);
      if (r)
         return r;
   }

   if (!bo->exportable)
      return -EINVAL;
   int ret = drm_shim_bo_give_memfd(bo);
   if (ret)
      return ret;

   /* The dma-buf is another fd of the BO's memfd: importing it finds the
    * BO again by inode, in this process or (via fd passing) another.
    */
   int fd =
      fcntl(bo->memfd, (p->flags & DRM_CLOEXEC) ? F_DUPFD_CLOEXEC : F_DUPFD, 0);
   if (fd < 0)
      return -EMFILE;
   p->fd = fd;
   return 0;
}

static int
core_prime_fd_to_handle(struct shim_file *file, void *arg)
{
   struct drm_prime_handle *p = arg;
   struct stat st;
   if (fstat(p->fd, &st) < 0)
      return -EBADF;

   struct shim_bo *bo = NULL;
   hash_table_foreach (shim.bos, entry) {
      struct shim_bo *b = entry->data;
      if (b->dev == st.st_dev && b->ino == st.st_ino) {
         bo = b;
         break;
      }
   }

   if (bo) {
      uint32_t h = shim_idr_find(file->bo_handles, bo);
      if (h) {
         p->handle = h;
         return 0;
      }
      return drm_shim_bo_add_handle(file, bo, &p->handle);
   }

   /* A dma-buf whose exporter is gone (or another process's): only
    * memfds qualify (F_GET_SEALS fails on anything else), sized in pages.
    */
   if (!S_ISREG(st.st_mode) || fcntl(p->fd, F_GET_SEALS) < 0 ||
       st.st_size <= 0 || (st.st_size & (drm_shim_page_size - 1)))
      return -EINVAL;

   int memfd = fcntl(p->fd, F_DUPFD_CLOEXEC, 0);
   if (memfd < 0)
      return -EMFILE;
   int ret = bo_wrap_memfd(memfd, st.st_size, &bo);
   if (ret) {
      close(memfd);
      return ret;
   }
   ret = drm_shim_bo_add_handle(file, bo, &p->handle);
   drm_shim_bo_unref(bo);
   return ret;
}

static const struct shim_ioctl core_ioctls[] = {
   {DRM_IOCTL_VERSION, core_version},
   {DRM_IOCTL_GET_UNIQUE, core_get_unique},
   {DRM_IOCTL_GET_CAP, core_get_cap},
   {DRM_IOCTL_GEM_CLOSE, core_gem_close},
   {DRM_IOCTL_PRIME_HANDLE_TO_FD, core_prime_handle_to_fd},
   {DRM_IOCTL_PRIME_FD_TO_HANDLE, core_prime_fd_to_handle},
};

static const struct shim_ioctl *
lookup_ioctl(unsigned nr)
{
   if (nr >= DRM_COMMAND_BASE && nr < DRM_COMMAND_END) {
      unsigned i = nr - DRM_COMMAND_BASE;
      if (i < shim.driver.ioctl_count && shim.driver.ioctls[i].handler)
         return &shim.driver.ioctls[i];
      return NULL;
   }

   for (unsigned i = 0; i < sizeof(core_ioctls) / sizeof(core_ioctls[0]); i++) {
      if (_IOC_NR(core_ioctls[i].request) == nr)
         return &core_ioctls[i];
   }
   return drm_shim_syncobj_ioctl_lookup(nr);
}

int
drm_shim_ioctl(struct shim_file *file, unsigned long request, void *arg)
{
   if (_IOC_TYPE(request) != DRM_IOCTL_BASE)
      return -ENOTTY;

   const struct shim_ioctl *ioc = lookup_ioctl(_IOC_NR(request));
   if (!ioc)
      return -EINVAL;

   /* As drm_ioctl does: copy in what the caller's code says it passes,
    * zero-extend to what we expect, copy out what the caller reads.
    */
   size_t user_size = _IOC_SIZE(request);
   size_t kernel_size = _IOC_SIZE(ioc->request);
   size_t size = user_size > kernel_size ? user_size : kernel_size;
   uint64_t kdata[2048];
   if (size > sizeof(kdata))
      return -EINVAL;
   memset(kdata, 0, size);

   if ((_IOC_DIR(request) & _IOC_WRITE) &&
       drm_shim_copy_from_user(kdata, (uintptr_t)arg, user_size))
      return -EFAULT;

   drm_shim_lock();
   int ret = ioc->handler(file, kdata);
   drm_shim_unlock();

   if ((_IOC_DIR(request) & _IOC_READ) &&
       drm_shim_copy_to_user((uintptr_t)arg, kdata, user_size))
      ret = -EFAULT;
   return ret;
}
