/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * A BO gets its file descriptor when it is first exported.
 *
 * BOs are born as shared anonymous memory (drm_shim_bo_create), which
 * costs no descriptor, so a process may hold as many BOs as memory
 * allows.  A dma-buf, though, must be a file another process can map, so
 * the first PRIME_HANDLE_TO_FD moves the BO into a memfd:
 *
 *  1. the memfd is created and the BO's bytes are copied into it;
 *  2. every mapping of the BO's old memory in this process is replaced,
 *     at the same address, offset and protection, by a mapping of the
 *     memfd (MAP_FIXED), so pointers the program took before the export
 *     see the same memory afterwards;
 *  3. the shim's own mapping (bo->map, which the simulator reads) is
 *     replaced last, atomically, by mremap().
 *
 * Which mappings to replace is read from /proc/self/maps rather than from
 * a record of the mmap() calls: the kernel gives every shared anonymous
 * mapping its own shmem inode, and mremap() copies of it (how the shim
 * serves mmap() of the DRM fd) keep that inode, so the lines with the
 * BO's device and inode are exactly its live mappings, whatever the
 * program unmapped, split with mprotect() or overlaid meanwhile, even with
 * raw system calls.
 *
 * Limits: the copy and the switch are not atomic with respect to other
 * threads storing through their mappings during the export (such stores
 * may be lost; the GPU side is excluded by the device lock); a child made
 * by fork() before the export keeps the old memory; the copy touches every
 * page of the BO once.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "drm_shim.h"

struct maps_line {
   uintptr_t start, end;
   uint64_t offset;
   int prot;
};

struct maps_scan {
   dev_t dev;
   ino_t ino;
   struct maps_line *lines;
   size_t count, cap;
};

static bool
parse_line(const char *text, struct maps_line *l, dev_t *dev, ino_t *ino,
           bool *shared)
{
   unsigned long start, end, major_, minor_, inode;
   unsigned long long offset;
   char perms[5];
   if (sscanf(text, "%lx-%lx %4s %llx %lx:%lx %lu", &start, &end, perms,
              &offset, &major_, &minor_, &inode) != 7)
      return false;
   l->start = start;
   l->end = end;
   l->offset = offset;
   l->prot = (perms[0] == 'r' ? PROT_READ : 0) |
             (perms[1] == 'w' ? PROT_WRITE : 0) |
             (perms[2] == 'x' ? PROT_EXEC : 0);
   *shared = perms[3] == 's';
   *dev = makedev(major_, minor_);
   *ino = inode;
   return true;
}

/* Collect the mappings of the object mapped at bo->map (its identity is
 * taken from that line).  0 or -errno. */
static int
scan_maps(const struct shim_bo *bo, struct maps_scan *scan)
{
   FILE *f = fopen("/proc/self/maps", "re");
   if (!f)
      return -EIO;

   /* Read it all first: remapping while reading would change it. */
   char *line = NULL;
   size_t line_cap = 0;
   struct maps_line *all = NULL;
   dev_t *devs = NULL;
   ino_t *inos = NULL;
   size_t n = 0, cap = 0;
   int ret = 0;
   while (getline(&line, &line_cap, f) > 0) {
      struct maps_line l;
      dev_t dev;
      ino_t ino;
      bool shared;
      if (!parse_line(line, &l, &dev, &ino, &shared) || !shared || !ino)
         continue;
      if (n == cap) {
         size_t ncap = cap ? cap * 2 : 64;
         struct maps_line *a = realloc(all, ncap * sizeof(*a));
         if (a)
            all = a;
         dev_t *d = realloc(devs, ncap * sizeof(*d));
         if (d)
            devs = d;
         ino_t *i = realloc(inos, ncap * sizeof(*i));
         if (i)
            inos = i;
         if (!a || !d || !i) {
            ret = -ENOMEM;
            break;
         }
         cap = ncap;
      }
      all[n] = l;
      devs[n] = dev;
      inos[n] = ino;
      n++;
   }
   free(line);
   fclose(f);

   uintptr_t self = (uintptr_t)bo->map;
   bool found = false;
   for (size_t i = 0; !ret && i < n; i++) {
      if (self >= all[i].start && self < all[i].end) {
         scan->dev = devs[i];
         scan->ino = inos[i];
         found = true;
      }
   }
   if (!ret && !found)
      ret = -EIO;

   /* Keep the other mappings of that object (the shim's own is moved
    * separately, last). */
   size_t kept = 0;
   for (size_t i = 0; !ret && i < n; i++) {
      bool own = all[i].end > self && all[i].start < self + bo->size;
      if (devs[i] == scan->dev && inos[i] == scan->ino && !own)
         all[kept++] = all[i];
   }
   free(devs);
   free(inos);
   if (ret) {
      free(all);
      return ret;
   }
   scan->lines = all;
   scan->count = kept;
   return 0;
}

/* Is any swap space in use?  Then a page missing from memory may still
 * hold data (in swap), and only a full copy is safe. */
static bool
swap_configured(void)
{
   FILE *f = fopen("/proc/swaps", "re");
   char line[256];
   unsigned lines = 0;

   if (!f)
      return true;
   while (fgets(line, sizeof(line), f))
      lines++;
   fclose(f);
   return lines > 1; /* a header line, then one line per swap area */
}

/* Copies the BO's pages that hold data.  Pages of shared anonymous memory
 * that were never touched are not in memory (mincore(2) looks at the
 * memory object, so writes through any mapping count) and read as zeros,
 * as does the fresh memfd: copying them would only bring a large, barely
 * used BO into memory in full. */
static void
copy_populated(void *dst, void *src, size_t size)
{
   size_t page = (size_t)sysconf(_SC_PAGESIZE);
   size_t pages = (size + page - 1) / page;
   unsigned char *resident = swap_configured() ? NULL : malloc(pages);

   if (!resident || mincore(src, size, resident)) {
      memcpy(dst, src, size);
      free(resident);
      return;
   }
   for (size_t i = 0; i < pages; i++) {
      if (resident[i] & 1) {
         size_t off = i * page;
         memcpy((char *)dst + off, (char *)src + off,
                size - off < page ? size - off : page);
      }
   }
   free(resident);
}

int
drm_shim_bo_give_memfd(struct shim_bo *bo)
{
   if (bo->memfd >= 0)
      return 0;

   struct maps_scan scan = {0};
   int ret = scan_maps(bo, &scan);
   if (ret)
      return ret;

   int memfd = memfd_create("drm-shim-bo", MFD_CLOEXEC);
   if (memfd < 0) {
      free(scan.lines);
      return errno == EMFILE || errno == ENFILE ? -EMFILE : -ENOMEM;
   }
   struct stat st;
   void *copy = MAP_FAILED;
   if (ftruncate(memfd, bo->size) == 0 && fstat(memfd, &st) == 0)
      copy = mmap(NULL, bo->size, PROT_READ | PROT_WRITE, MAP_SHARED, memfd,
                  0);
   if (copy == MAP_FAILED) {
      close(memfd);
      free(scan.lines);
      return -ENOMEM;
   }
   copy_populated(copy, bo->map, bo->size);

   /* The program's mappings, then ours.  A failure here leaves some
    * mappings on the old memory: report it, nothing better is possible. */
   for (size_t i = 0; !ret && i < scan.count; i++) {
      const struct maps_line *l = &scan.lines[i];
      void *m = mmap((void *)l->start, l->end - l->start, l->prot,
                     MAP_SHARED | MAP_FIXED, memfd, l->offset);
      if (m == MAP_FAILED)
         ret = -ENOMEM;
   }
   free(scan.lines);
   if (!ret && mremap(copy, bo->size, bo->size,
                      MREMAP_MAYMOVE | MREMAP_FIXED, bo->map) == MAP_FAILED)
      ret = -ENOMEM;
   if (ret) {
      munmap(copy, bo->size);
      close(memfd);
      return ret;
   }

   bo->memfd = memfd;
   bo->dev = st.st_dev;
   bo->ino = st.st_ino;
   return 0;
}
