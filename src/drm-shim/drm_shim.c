/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * The LD_PRELOAD front of drm-shim: make a DRM render node appear.
 *
 * The node is /dev/dri/renderD128, or the first of renderD128..137 that
 * does not exist on the host.  Opening it gives an fd of /dev/null that we
 * remember as a DRM file; ioctl and mmap on such fds go to the shim core,
 * stat/fstat report a DRM character device (major 226), and the sysfs
 * files libdrm reads about the node are served from text the backend
 * registered.  Other DRM nodes are hidden, so the application finds only
 * ours.  The real functions are reached through dlsym(RTLD_NEXT); the whole
 * front is glibc-specific, like any interposer of this kind.
 *
 * DRM_SHIM_DEBUG=1 prints the node chosen.
 */
#undef _FILE_OFFSET_BITS
#undef _FORTIFY_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <linux/sync_file.h>

#include "util/hash_table.h"
#include "drm_shim.h"

#define PUBLIC __attribute__((visibility("default")))

/* glibc marks path arguments nonnull, but a broken caller may still pass
 * NULL; the real function reports EFAULT and so must we, not crash.
 */
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wtautological-pointer-compare"
#pragma clang diagnostic ignored "-Wpointer-bool-conversion"
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wnonnull-compare"
#endif
#define DRM_MAJOR 226

_Static_assert(sizeof(struct stat) == sizeof(struct stat64),
               "stat and stat64 must agree (64-bit glibc)");

static int (*real_open)(const char *, int, ...);
static int (*real_openat)(int, const char *, int, ...);
static int (*real_close)(int);
static int (*real_close_range)(unsigned, unsigned, int);
static void (*real_closefrom)(int);
static int (*real_ioctl)(int, unsigned long, ...);
static void *(*real_mmap)(void *, size_t, int, int, int, off_t);
static int (*real_stat)(const char *, struct stat *);
static int (*real_lstat)(const char *, struct stat *);
static int (*real_fstat)(int, struct stat *);
static int (*real_fstatat)(int, const char *, struct stat *, int);
static int (*real___xstat)(int, const char *, struct stat *);
static int (*real___lxstat)(int, const char *, struct stat *);
static int (*real___fxstat)(int, int, struct stat *);
static int (*real___fxstatat)(int, int, const char *, struct stat *, int);
static int (*real_access)(const char *, int);
static int (*real_faccessat)(int, const char *, int, int);
static ssize_t (*real_readlink)(const char *, char *, size_t);
static char *(*real_realpath)(const char *, char *);
static DIR *(*real_opendir)(const char *);
static struct dirent *(*real_readdir)(DIR *);
static struct dirent64 *(*real_readdir64)(DIR *);
static int (*real_closedir)(DIR *);
static FILE *(*real_fopen)(const char *, const char *);
static int (*real_dup)(int);
static int (*real_dup2)(int, int);
static int (*real_dup3)(int, int, int);
static int (*real_fcntl)(int, int, ...);

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t fd_lock = PTHREAD_MUTEX_INITIALIZER;
static struct hash_table *fd_files; /* fd -> shim_file */
static char node_path[64];
static char sysfs_prefix[64]; /* /sys/dev/char/226:<minor> */
static bool shim_ready;

/* A listing of /dev/dri that holds only our node. */
struct fake_dir {
   unsigned next;
   struct dirent ent;
   struct dirent64 ent64;
};
static struct hash_table *fake_dirs;

#define RESOLVE(name) real_##name = dlsym(RTLD_NEXT, #name)

static pthread_once_t resolve_once = PTHREAD_ONCE_INIT;

/* The libc functions we stand in front of: no environment needed. */
static void
shim_resolve(void)
{
   RESOLVE(open);
   RESOLVE(openat);
   RESOLVE(close);
   RESOLVE(close_range);
   RESOLVE(closefrom);
   RESOLVE(ioctl);
   RESOLVE(mmap);
   RESOLVE(stat);
   RESOLVE(lstat);
   RESOLVE(fstat);
   RESOLVE(fstatat);
   RESOLVE(__xstat);
   RESOLVE(__lxstat);
   RESOLVE(__fxstat);
   RESOLVE(__fxstatat);
   RESOLVE(access);
   RESOLVE(faccessat);
   RESOLVE(readlink);
   RESOLVE(realpath);
   RESOLVE(opendir);
   RESOLVE(readdir);
   RESOLVE(readdir64);
   RESOLVE(closedir);
   RESOLVE(fopen);
   RESOLVE(dup);
   RESOLVE(dup2);
   RESOLVE(dup3);
   RESOLVE(fcntl);
}

static void
shim_init(void)
{
   pthread_once(&resolve_once, shim_resolve);

   int minor = 128;
   for (int i = 0; i < 10; i++) {
      char path[64];
      struct stat st;
      snprintf(path, sizeof(path), "/dev/dri/renderD%d", 128 + i);
      if (real_stat && real_stat(path, &st) != 0) {
         minor = 128 + i;
         break;
      }
   }
   snprintf(node_path, sizeof(node_path), "/dev/dri/renderD%d", minor);
   snprintf(sysfs_prefix, sizeof(sysfs_prefix), "/sys/dev/char/%d:%d",
            DRM_MAJOR, minor);
   drm_shim_set_render_minor(minor);

   fd_files = hash_table_create_u64_keys(NULL);
   fake_dirs = hash_table_create_pointer_keys(NULL);
   if (!fd_files || !fake_dirs || drm_shim_device_init() != 0) {
      fprintf(stderr, "drm-shim: could not initialise the fake device\n");
      return;
   }
   shim_ready = true;

   const char *debug = getenv("DRM_SHIM_DEBUG");
   if (debug && *debug && strcmp(debug, "0"))
      fprintf(stderr, "drm-shim: %s is a fake %s device\n", node_path,
              drm_shim_driver()->name);
}

static void
ensure_init(void)
{
   pthread_once(&init_once, shim_init);
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SHIM_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define SHIM_ASAN 1
#endif

__attribute__((constructor)) static void
shim_constructor(void)
{
#ifdef SHIM_ASAN
   /* An ASan-built shim only loads into ASan-built programs; keep it from
    * child processes such as the sanitizer's own llvm-symbolizer.
    */
   unsetenv("LD_PRELOAD");
#endif
   ensure_init();
}

static struct shim_file *
fd_file(int fd)
{
   ensure_init();
   if (!shim_ready || fd < 0)
      return NULL;
   pthread_mutex_lock(&fd_lock);
   struct shim_file *file =
      hash_table_search_data(fd_files, (void *)(uintptr_t)fd);
   pthread_mutex_unlock(&fd_lock);
   return file;
}

/* fd now refers to file (which gains a reference).  An entry left for the
 * same number by a close the shim did not see (a raw syscall) is replaced,
 * and its reference dropped.
 */
static void
fd_register(int fd, struct shim_file *file)
{
   drm_shim_file_ref(file);
   pthread_mutex_lock(&fd_lock);
   void *key = (void *)(uintptr_t)fd;
   struct shim_file *old = hash_table_search_data(fd_files, key);
   if (!hash_table_insert(fd_files, key, file)) {
      /* Out of memory: the fd stays unknown (or keeps its old file). */
      old = file;
   }
   pthread_mutex_unlock(&fd_lock);
   if (old)
      drm_shim_file_unref(old);
}

/* Take one fd in [first, last] off the table: its file, or NULL if none. */
static struct shim_file *
fd_take_one(unsigned first, unsigned last)
{
   struct shim_file *file = NULL;
   pthread_mutex_lock(&fd_lock);
   hash_table_foreach(fd_files, e) {
      uintptr_t fd = (uintptr_t)e->key;
      if (fd >= first && fd <= last) {
         file = e->data;
         hash_table_remove(fd_files, e);
         break;
      }
   }
   pthread_mutex_unlock(&fd_lock);
   return file;
}

/* The fds in [first, last] are being closed: drop their files.  The files
 * are released outside fd_lock, as a last release takes the device lock.
 */
static void
fd_forget_range(unsigned first, unsigned last)
{
   struct shim_file *file;
   while ((file = fd_take_one(first, last)))
      drm_shim_file_unref(file);
}

static void
fd_forget(int fd)
{
   fd_forget_range(fd, fd);
}

static bool
is_node(const char *path)
{
   return path && shim_ready && !strcmp(path, node_path);
}

static bool
starts_with(const char *s, const char *prefix)
{
   return s && !strncmp(s, prefix, strlen(prefix));
}

/* Paths of the host's own DRM devices, which we hide. */
static bool
is_hidden(const char *path)
{
   if (!shim_ready || !path || is_node(path))
      return false;
   if (drm_shim_override_lookup(path))
      return false;
   if (starts_with(path, "/dev/dri/"))
      return true;
   char prefix[32];
   snprintf(prefix, sizeof(prefix), "/sys/dev/char/%d:", DRM_MAJOR);
   return starts_with(path, prefix) && !starts_with(path, sysfs_prefix);
}

static int
open_node(int flags)
{
   int fd = real_open("/dev/null", O_RDWR | (flags & O_CLOEXEC));
   if (fd < 0)
      return -1;
   struct shim_file *file = drm_shim_file_open();
   if (!file) {
      real_close(fd);
      errno = ENOMEM;
      return -1;
   }
   fd_register(fd, file);
   drm_shim_file_unref(file);
   return fd;
}

static int
open_override(const char *contents, int flags)
{
   int fd =
      memfd_create("drm-shim-file", (flags & O_CLOEXEC) ? MFD_CLOEXEC : 0);
   if (fd < 0)
      return -1;
   size_t len = strlen(contents);
   if (write(fd, contents, len) != (ssize_t)len) {
      real_close(fd);
      errno = EIO;
      return -1;
   }
   lseek(fd, 0, SEEK_SET);
   return fd;
}

/* Our answer for an open of path, or -2 to let the real open run. */
static int
shim_open(const char *path, int flags)
{
   ensure_init();
   if (is_node(path))
      return open_node(flags);
   const char *contents = drm_shim_override_lookup(path);
   if (shim_ready && contents)
      return open_override(contents, flags);
   if (is_hidden(path)) {
      errno = ENOENT;
      return -1;
   }
   return -2;
}

static mode_t
open_mode(int flags, va_list ap)
{
   bool has_mode = (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE;
   return has_mode ? va_arg(ap, mode_t) : 0;
}

PUBLIC int
open(const char *path, int flags, ...)
{
   va_list ap;
   va_start(ap, flags);
   mode_t mode = open_mode(flags, ap);
   va_end(ap);
   int fd = shim_open(path, flags);
   return fd != -2 ? fd : real_open(path, flags, mode);
}

PUBLIC int
open64(const char *path, int flags, ...)
{
   va_list ap;
   va_start(ap, flags);
   mode_t mode = open_mode(flags, ap);
   va_end(ap);
   int fd = shim_open(path, flags);
   return fd != -2 ? fd : real_open(path, flags | O_LARGEFILE, mode);
}

PUBLIC int
__open_2(const char *path, int flags)
{
   return open(path, flags);
}

PUBLIC int
__open64_2(const char *path, int flags)
{
   return open64(path, flags);
}

PUBLIC int
openat(int dirfd, const char *path, int flags, ...)
{
   va_list ap;
   va_start(ap, flags);
   mode_t mode = open_mode(flags, ap);
   va_end(ap);
   if (path && path[0] == '/') {
      int fd = shim_open(path, flags);
      if (fd != -2)
         return fd;
   }
   return real_openat(dirfd, path, flags, mode);
}

PUBLIC int
openat64(int dirfd, const char *path, int flags, ...)
{
   va_list ap;
   va_start(ap, flags);
   mode_t mode = open_mode(flags, ap);
   va_end(ap);
   return openat(dirfd, path, flags | O_LARGEFILE, mode);
}

PUBLIC int
__openat_2(int dirfd, const char *path, int flags)
{
   return openat(dirfd, path, flags);
}

PUBLIC int
__openat64_2(int dirfd, const char *path, int flags)
{
   return openat(dirfd, path, flags | O_LARGEFILE);
}

PUBLIC int
close(int fd)
{
   if (fd_file(fd))
      fd_forget(fd);
   return real_close(fd);
}

/* close_range and closefrom close fds the shim may know; glibc's closefrom
 * does not go through close_range, so both are wrapped.  With
 * CLOSE_RANGE_CLOEXEC nothing is closed now (and exec ends the shim), so
 * the files stay.
 */
PUBLIC int
close_range(unsigned first, unsigned last, int flags)
{
   ensure_init();
   if (!real_close_range) {
      errno = ENOSYS;
      return -1;
   }
   /* Arguments the kernel rejects close nothing. */
   const unsigned known = CLOSE_RANGE_UNSHARE | CLOSE_RANGE_CLOEXEC;
   if (shim_ready && first <= last && !(flags & ~known) &&
       !(flags & CLOSE_RANGE_CLOEXEC))
      fd_forget_range(first, last);
   return real_close_range(first, last, flags);
}

PUBLIC void
closefrom(int low_fd)
{
   ensure_init();
   if (shim_ready && low_fd >= 0)
      fd_forget_range(low_fd, UINT_MAX);
   if (real_closefrom)
      real_closefrom(low_fd);
   else if (real_close_range && low_fd >= 0)
      real_close_range(low_fd, UINT_MAX, 0);
}

PUBLIC int
ioctl(int fd, unsigned long request, ...)
{
   va_list ap;
   va_start(ap, request);
   void *arg = va_arg(ap, void *);
   va_end(ap);

   struct shim_file *file = fd_file(fd);
   if (!file) {
      /* Sync files the shim exported answer SYNC_IOC_FILE_INFO. */
      if (request == SYNC_IOC_FILE_INFO && shim_ready && arg) {
         struct sync_file_info info;
         memcpy(&info, arg, sizeof(info));
         int ret = drm_shim_sync_file_info(fd, &info);
         if (ret == 0) {
            memcpy(arg, &info, sizeof(info));
            return 0;
         }
      }
      return real_ioctl(fd, request, arg);
   }

   int ret = drm_shim_ioctl(file, request, arg);
   if (ret < 0) {
      errno = -ret;
      return -1;
   }
   return ret;
}

PUBLIC void *
mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset)
{
   /* Anonymous maps never concern the device, and must not set it up:
    * AddressSanitizer's runtime maps memory while it starts, before libc
    * has the environment, where the device's set-up would read
    * ASAHI_SIM_DEBUG (and DRM_SHIM_*) as unset. */
   if (fd < 0) {
      pthread_once(&resolve_once, shim_resolve);
      return real_mmap(addr, length, prot, flags, fd, offset);
   }
   if (!fd_file(fd))
      return real_mmap(addr, length, prot, flags, fd, offset);

   int err;
   void *map = drm_shim_mmap_bo(addr, length, prot, flags, offset, &err);
   if (map == MAP_FAILED)
      errno = err;
   return map;
}

PUBLIC void *
mmap64(void *addr, size_t length, int prot, int flags, int fd, off64_t offset)
{
   return mmap(addr, length, prot, flags, fd, offset);
}

/* ---- stat family --------------------------------------------------------- */

static void
fill_node_stat(struct stat *st)
{
   memset(st, 0, sizeof(*st));
   st->st_mode = S_IFCHR | 0666;
   st->st_rdev = makedev(DRM_MAJOR, drm_shim_render_minor());
   st->st_nlink = 1;
   st->st_blksize = 4096;
}

/* 1 when path is ours and *st is filled, 0 when not ours, -1 hidden. */
static int
shim_stat_path(const char *path, struct stat *st)
{
   ensure_init();
   if (!shim_ready || !path)
      return 0;
   if (is_node(path)) {
      fill_node_stat(st);
      return 1;
   }
   /* libdrm checks that the node has a sysfs "device/drm" directory. */
   char dir[128];
   snprintf(dir, sizeof(dir), "%s/device/drm", sysfs_prefix);
   if (!strcmp(path, dir) || !strcmp(path, sysfs_prefix)) {
      memset(st, 0, sizeof(*st));
      st->st_mode = S_IFDIR | 0755;
      st->st_nlink = 2;
      return 1;
   }
   if (drm_shim_override_lookup(path)) {
      memset(st, 0, sizeof(*st));
      st->st_mode = S_IFREG | 0444;
      st->st_size = strlen(drm_shim_override_lookup(path));
      return 1;
   }
   if (is_hidden(path)) {
      errno = ENOENT;
      return -1;
   }
   return 0;
}

PUBLIC int
stat(const char *path, struct stat *st)
{
   int r = shim_stat_path(path, st);
   return r ? (r > 0 ? 0 : -1) : real_stat(path, st);
}

PUBLIC int
stat64(const char *path, struct stat64 *st)
{
   return stat(path, (struct stat *)st);
}

PUBLIC int
lstat(const char *path, struct stat *st)
{
   int r = shim_stat_path(path, st);
   return r ? (r > 0 ? 0 : -1) : real_lstat(path, st);
}

PUBLIC int
lstat64(const char *path, struct stat64 *st)
{
   return lstat(path, (struct stat *)st);
}

PUBLIC int
fstat(int fd, struct stat *st)
{
   if (fd_file(fd)) {
      fill_node_stat(st);
      return 0;
   }
   return real_fstat(fd, st);
}

PUBLIC int
fstat64(int fd, struct stat64 *st)
{
   return fstat(fd, (struct stat *)st);
}

PUBLIC int
fstatat(int dirfd, const char *path, struct stat *st, int flags)
{
   if ((flags & AT_EMPTY_PATH) && path && !path[0] && fd_file(dirfd)) {
      fill_node_stat(st);
      return 0;
   }
   if (path && path[0] == '/') {
      int r = shim_stat_path(path, st);
      if (r)
         return r > 0 ? 0 : -1;
   }
   return real_fstatat(dirfd, path, st, flags);
}

PUBLIC int
fstatat64(int dirfd, const char *path, struct stat64 *st, int flags)
{
   return fstatat(dirfd, path, (struct stat *)st, flags);
}

/* Programs built against glibc < 2.33 call these instead of stat & co. */

PUBLIC int
__xstat(int ver, const char *path, struct stat *st)
{
   int r = shim_stat_path(path, st);
   if (r)
      return r > 0 ? 0 : -1;
   return real___xstat ? real___xstat(ver, path, st) : real_stat(path, st);
}

PUBLIC int
__xstat64(int ver, const char *path, struct stat64 *st)
{
   return __xstat(ver, path, (struct stat *)st);
}

PUBLIC int
__lxstat(int ver, const char *path, struct stat *st)
{
   int r = shim_stat_path(path, st);
   if (r)
      return r > 0 ? 0 : -1;
   return real___lxstat ? real___lxstat(ver, path, st) : real_lstat(path, st);
}

PUBLIC int
__lxstat64(int ver, const char *path, struct stat64 *st)
{
   return __lxstat(ver, path, (struct stat *)st);
}

PUBLIC int
__fxstat(int ver, int fd, struct stat *st)
{
   if (fd_file(fd)) {
      fill_node_stat(st);
      return 0;
   }
   return real___fxstat ? real___fxstat(ver, fd, st) : real_fstat(fd, st);
}

PUBLIC int
__fxstat64(int ver, int fd, struct stat64 *st)
{
   return __fxstat(ver, fd, (struct stat *)st);
}

PUBLIC int
__fxstatat(int ver, int dirfd, const char *path, struct stat *st, int flags)
{
   if (path && path[0] == '/') {
      int r = shim_stat_path(path, st);
      if (r)
         return r > 0 ? 0 : -1;
   }
   if (real___fxstatat)
      return real___fxstatat(ver, dirfd, path, st, flags);
   return real_fstatat(dirfd, path, st, flags);
}

PUBLIC int
__fxstatat64(int ver, int dirfd, const char *path, struct stat64 *st, int flags)
{
   return __fxstatat(ver, dirfd, path, (struct stat *)st, flags);
}

/* ---- access, readlink, realpath ---------------------------------------- */

PUBLIC int
access(const char *path, int mode)
{
   struct stat st;
   int r = shim_stat_path(path, &st);
   return r ? (r > 0 ? 0 : -1) : real_access(path, mode);
}

PUBLIC int
faccessat(int dirfd, const char *path, int mode, int flags)
{
   struct stat st;
   int r = (path && path[0] == '/') ? shim_stat_path(path, &st) : 0;
   return r ? (r > 0 ? 0 : -1) : real_faccessat(dirfd, path, mode, flags);
}

PUBLIC ssize_t
readlink(const char *path, char *buf, size_t size)
{
   ensure_init();
   if (shim_ready && starts_with(path, sysfs_prefix)) {
      const char *rest = path + strlen(sysfs_prefix);
      const char *target = NULL;
      if (!strcmp(rest, "/device/subsystem"))
         target = drm_shim_driver()->bus == SHIM_BUS_PCI
                     ? "../../../bus/pci"
                     : "../../../bus/platform";
      else if (!strcmp(rest, "/device/driver"))
         target = drm_shim_driver()->name;
      if (target) {
         size_t len = strlen(target);
         if (len > size)
            len = size;
         memcpy(buf, target, len);
         return len;
      }
   }
   if (is_hidden(path)) {
      errno = ENOENT;
      return -1;
   }
   return real_readlink(path, buf, size);
}

PUBLIC ssize_t
__readlink_chk(const char *path, char *buf, size_t size, size_t buflen)
{
   return readlink(path, buf, size < buflen ? size : buflen);
}

PUBLIC char *
realpath(const char *path, char *resolved)
{
   ensure_init();
   if (is_node(path) || (shim_ready && starts_with(path, sysfs_prefix))) {
      if (!resolved) {
         resolved = malloc(PATH_MAX);
         if (!resolved)
            return NULL;
      }
      snprintf(resolved, PATH_MAX, "%s", path);
      return resolved;
   }
   return real_realpath(path, resolved);
}

/* ---- /dev/dri listing ------------------------------------------------------
 */

PUBLIC DIR *
opendir(const char *name)
{
   ensure_init();
   if (!shim_ready || !name ||
       (strcmp(name, "/dev/dri") && strcmp(name, "/dev/dri/")))
      return real_opendir(name);

   struct fake_dir *dir = calloc(1, sizeof(*dir));
   if (!dir)
      return NULL;
   pthread_mutex_lock(&fd_lock);
   hash_table_insert(fake_dirs, dir, dir);
   pthread_mutex_unlock(&fd_lock);
   return (DIR *)dir;
}

static struct fake_dir *
fake_dir(DIR *d)
{
   if (!fake_dirs)
      return NULL;
   pthread_mutex_lock(&fd_lock);
   struct fake_dir *dir = hash_table_search_data(fake_dirs, d);
   pthread_mutex_unlock(&fd_lock);
   return dir;
}

/* Name of the next entry of a fake listing, NULL at the end. */
static const char *
fake_dir_next(struct fake_dir *dir, unsigned char *type)
{
   static const char *const dots[] = {".", ".."};
   unsigned i = dir->next++;
   if (i < 2) {
      *type = DT_DIR;
      return dots[i];
   }
   if (i == 2) {
      *type = DT_CHR;
      return node_path + strlen("/dev/dri/");
   }
   return NULL;
}

PUBLIC struct dirent *
readdir(DIR *d)
{
   struct fake_dir *dir = fake_dir(d);
   if (!dir)
      return real_readdir(d);
   unsigned char type;
   const char *name = fake_dir_next(dir, &type);
   if (!name)
      return NULL;
   memset(&dir->ent, 0, sizeof(dir->ent));
   dir->ent.d_ino = dir->next;
   dir->ent.d_type = type;
   snprintf(dir->ent.d_name, sizeof(dir->ent.d_name), "%s", name);
   return &dir->ent;
}

PUBLIC struct dirent64 *
readdir64(DIR *d)
{
   struct fake_dir *dir = fake_dir(d);
   if (!dir)
      return real_readdir64(d);
   unsigned char type;
   const char *name = fake_dir_next(dir, &type);
   if (!name)
      return NULL;
   memset(&dir->ent64, 0, sizeof(dir->ent64));
   dir->ent64.d_ino = dir->next;
   dir->ent64.d_type = type;
   snprintf(dir->ent64.d_name, sizeof(dir->ent64.d_name), "%s", name);
   return &dir->ent64;
}

PUBLIC int
closedir(DIR *d)
{
   struct fake_dir *dir = fake_dir(d);
   if (!dir)
      return real_closedir(d);
   pthread_mutex_lock(&fd_lock);
   hash_table_remove_key(fake_dirs, dir);
   pthread_mutex_unlock(&fd_lock);
   free(dir);
   return 0;
}

/* ---- fopen of served files -------------------------------------------- */

PUBLIC FILE *
fopen(const char *path, const char *mode)
{
   ensure_init();
   const char *contents = shim_ready ? drm_shim_override_lookup(path) : NULL;
   if (contents) {
      int fd = open_override(contents, O_CLOEXEC);
      return fd < 0 ? NULL : fdopen(fd, "r");
   }
   if (is_hidden(path)) {
      errno = ENOENT;
      return NULL;
   }
   return real_fopen(path, mode);
}

PUBLIC FILE *
fopen64(const char *path, const char *mode)
{
   return fopen(path, mode);
}

/* ---- dup and fcntl carry the DRM file to the new fd ------------------- */

static int
dup_result(int old_fd, int new_fd)
{
   struct shim_file *file = fd_file(old_fd);
   if (file && new_fd >= 0 && new_fd != old_fd)
      fd_register(new_fd, file);
   return new_fd;
}

PUBLIC int
dup(int fd)
{
   return dup_result(fd, real_dup(fd));
}

PUBLIC int
dup2(int old_fd, int new_fd)
{
   if (old_fd != new_fd && fd_file(new_fd))
      fd_forget(new_fd);
   return dup_result(old_fd, real_dup2(old_fd, new_fd));
}

PUBLIC int
dup3(int old_fd, int new_fd, int flags)
{
   if (old_fd != new_fd && fd_file(new_fd))
      fd_forget(new_fd);
   return dup_result(old_fd, real_dup3(old_fd, new_fd, flags));
}

PUBLIC int
fcntl(int fd, int cmd, ...)
{
   va_list ap;
   va_start(ap, cmd);
   void *arg = va_arg(ap, void *);
   va_end(ap);

   ensure_init();
   int ret = real_fcntl(fd, cmd, arg);
   if (cmd == F_DUPFD || cmd == F_DUPFD_CLOEXEC)
      return dup_result(fd, ret);
   return ret;
}

PUBLIC int
fcntl64(int fd, int cmd, ...)
{
   va_list ap;
   va_start(ap, cmd);
   void *arg = va_arg(ap, void *);
   va_end(ap);
   return fcntl(fd, cmd, arg);
}
