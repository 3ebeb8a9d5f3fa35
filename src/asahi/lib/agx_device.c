/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * Opening a drm_asahi device: find the node, check the driver, read the
 * parameters, lay out the VA space and create the VM.
 *
 * VA layout (after alexvorxx/Mesa-VirGL src/asahi/lib/agx_device.c,
 * agx_open_device):
 *    [vm_start, 2^36)              unmapped, catches small wild offsets
 *    [usc_base, usc_base + 4 GiB)  shader heap, usc_base 4 GiB aligned
 *    [usc_end, kernel_start)       general heap
 *    [kernel_start, kernel_end)    the kernel's carve-out, the top
 *                                  max(vm_kernel_min_size, 32 GiB)
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <xf86drm.h>

#include "util/hash_table.h"
#include "util/log.h"
#include "util/u_debug.h"
#include "agx_bo.h"
#include "agx_device.h"

static const struct debug_named_value agx_debug_options[] = {
   {"trace", AGX_DBG_TRACE, "Log every ioctl and its result"},
   {"sync", AGX_DBG_SYNC, "Wait for every submission to finish"},
   {"stats", AGX_DBG_STATS, "Print winsys counters when the device closes"},
   {"resource", AGX_DBG_RESOURCE, "Log buffer object allocation and sharing"},
   {"nocache", AGX_DBG_NOCACHE, "Do not recycle freed buffer objects"},
   {"nowc", AGX_DBG_NOWC, "Map all buffer objects write-back"},
   {"precompile", AGX_DBG_PRECOMPILE,
    "Driver: compile a default variant of every shader when it is created"},
   {"perf", AGX_DBG_PERF,
    "Driver: log render-pass flushes with their reason and CPU fallbacks"},
   DEBUG_NAMED_VALUE_END,
};

uint64_t
agx_get_debug_flags(void)
{
   return debug_get_flags_option("ASAHI_MESA_DEBUG", agx_debug_options, 0);
}

static const char *
errno_name(int err)
{
   switch (err) {
   case EINVAL:
      return "EINVAL";
   case ENOENT:
      return "ENOENT";
   case ENOMEM:
      return "ENOMEM";
   case EFAULT:
      return "EFAULT";
   case ERANGE:
      return "ERANGE";
   case EBUSY:
      return "EBUSY";
   case ENODEV:
      return "ENODEV";
   case ETIME:
      return "ETIME";
   case ENOSPC:
      return "ENOSPC";
   case EBADF:
      return "EBADF";
   case ENOTTY:
      return "ENOTTY";
   case EACCES:
      return "EACCES";
   case EPERM:
      return "EPERM";
   case EINTR:
      return "EINTR";
   case EAGAIN:
      return "EAGAIN";
   default:
      return "errno";
   }
}

int
agx_ioctl(struct agx_device *dev, unsigned long request, void *arg,
          const char *name)
{
   int ret;
   do {
      ret = ioctl(dev->fd, request, arg);
   } while (ret == -1 && (errno == EINTR || errno == EAGAIN));

   int err = ret == -1 ? errno : 0;
   if (dev->debug & AGX_DBG_TRACE)
      u_logi("asahi", "%s -> %s", name, err ? strerror(err) : "ok");
   if (!err)
      return 0;

   snprintf(dev->error, sizeof(dev->error), "%s failed: %s (%s %d)", name,
            strerror(err), errno_name(err), err);
   u_loge("asahi", "%s", dev->error);
   return -err;
}

static int
set_error(struct agx_device *dev, int err, const char *fmt, const char *arg)
{
   snprintf(dev->error, sizeof(dev->error), fmt, arg);
   u_loge("asahi", "%s", dev->error);
   return err;
}

const char *
agx_chip_name(uint32_t chip_id)
{
   /* Apple SoC ids (T-numbers) of the G13/G14 generations. */
   switch (chip_id) {
   case 0x8103:
      return "M1";
   case 0x6000:
      return "M1 Pro";
   case 0x6001:
      return "M1 Max";
   case 0x6002:
      return "M1 Ultra";
   case 0x8112:
      return "M2";
   case 0x6020:
      return "M2 Pro";
   case 0x6021:
      return "M2 Max";
   case 0x6022:
      return "M2 Ultra";
   default:
      return NULL;
   }
}

void
agx_device_name(const struct drm_asahi_params_global *p, char *out, size_t size)
{
   const char *chip = agx_chip_name(p->chip_id);
   char chip_buf[16];
   if (!chip) {
      snprintf(chip_buf, sizeof(chip_buf), "T%04" PRIx32, p->chip_id);
      chip = chip_buf;
   }
   /* Revision is BCD: 0x11 is B1. */
   char variant = (p->gpu_variant >= 'A' && p->gpu_variant <= 'Z')
                     ? (char)p->gpu_variant
                     : '?';
   snprintf(out, size, "Apple %s (G%u%c %c%u)", chip, p->gpu_generation,
            variant, 'A' + ((p->gpu_revision >> 4) & 0xf),
            p->gpu_revision & 0xf);
}

/* Is fd a DRM device whose driver is "asahi"? */
static bool
is_asahi(int fd)
{
   drmVersionPtr version = drmGetVersion(fd);
   if (!version)
      return false;
   bool ok = version->name && !strcmp(version->name, "asahi");
   drmFreeVersion(version);
   return ok;
}

static int
find_render_node(struct agx_device *dev)
{
   DIR *dir = opendir("/dev/dri");
   if (!dir)
      return set_error(dev, -ENODEV, "no /dev/dri: %s", strerror(errno));

   int found = -1;
   struct dirent *ent;
   while (found < 0 && (ent = readdir(dir))) {
      if (strncmp(ent->d_name, "renderD", 7))
         continue;
      char path[300];
      snprintf(path, sizeof(path), "/dev/dri/%s", ent->d_name);
      int fd = open(path, O_RDWR | O_CLOEXEC);
      if (fd < 0)
         continue;
      if (is_asahi(fd))
         found = fd;
      else
         close(fd);
   }
   closedir(dir);

   if (found < 0)
      return set_error(dev, -ENODEV, "%s",
                       "no render node with the asahi DRM driver");
   return found;
}

static int
setup_va(struct agx_device *dev)
{
   const struct drm_asahi_params_global *p = &dev->params;
   const uint64_t page_mask = AGX_PAGE_SIZE - 1;
   uint64_t vm_start = (p->vm_start + page_mask) & ~page_mask;
   uint64_t vm_end = p->vm_end & ~page_mask;

   uint64_t kernel_size = p->vm_kernel_min_size > AGX_KERNEL_VA_SIZE
                             ? p->vm_kernel_min_size
                             : AGX_KERNEL_VA_SIZE;
   kernel_size = (kernel_size + page_mask) & ~page_mask;

   uint64_t low =
      vm_start > AGX_LOW_VA_RESERVED ? vm_start : AGX_LOW_VA_RESERVED;
   uint64_t usc_base = (low + AGX_USC_HEAP_SIZE - 1) & ~(AGX_USC_HEAP_SIZE - 1);
   uint64_t usc_end = usc_base + AGX_USC_HEAP_SIZE;

   if (vm_end <= vm_start || vm_end - vm_start < kernel_size ||
       usc_end > vm_end - kernel_size) {
      snprintf(dev->error, sizeof(dev->error),
               "VA window [0x%" PRIx64 ", 0x%" PRIx64 ") too small for "
               "the shader heap and a 0x%" PRIx64 "-byte kernel range",
               (uint64_t)p->vm_start, (uint64_t)p->vm_end, kernel_size);
      u_loge("asahi", "%s", dev->error);
      return -ENOSPC;
   }

   dev->kernel_end = vm_end;
   dev->kernel_start = vm_end - kernel_size;
   dev->usc_base = usc_base;
   if (!agx_va_heap_init(&dev->usc_heap, usc_base, usc_end) ||
       !agx_va_heap_init(&dev->general_heap, usc_end, dev->kernel_start))
      return -ENOMEM;
   return 0;
}

int
agx_open_device(struct agx_device *dev, int fd)
{
   memset(dev, 0, sizeof(*dev));
   dev->fd = -1;
   dev->debug = agx_get_debug_flags();
   pthread_mutex_init(&dev->lock, NULL);
   for (unsigned i = 0; i < AGX_BO_CACHE_BUCKETS; i++)
      list_inithead(&dev->bo_cache[i]);

   if (fd < 0) {
      fd = find_render_node(dev);
      if (fd < 0)
         return fd;
      dev->owns_fd = true;
   } else if (!is_asahi(fd)) {
      return set_error(dev, -ENODEV, "%s",
                       "the fd is not a DRM device of the asahi driver");
   }
   dev->fd = fd;

   struct drm_asahi_get_params gp = {
      .param_group = 0,
      .pointer = (uintptr_t)&dev->params,
      .size = sizeof(dev->params),
   };
   int ret = agx_ioctl(dev, DRM_IOCTL_ASAHI_GET_PARAMS, &gp,
                       "DRM_IOCTL_ASAHI_GET_PARAMS");
   if (ret)
      goto fail;
   agx_device_name(&dev->params, dev->name, sizeof(dev->name));

   ret = setup_va(dev);
   if (ret)
      goto fail;

   struct drm_asahi_vm_create vm = {
      .kernel_start = dev->kernel_start,
      .kernel_end = dev->kernel_end,
   };
   ret = agx_ioctl(dev, DRM_IOCTL_ASAHI_VM_CREATE, &vm,
                   "DRM_IOCTL_ASAHI_VM_CREATE");
   if (ret)
      goto fail;
   dev->vm_id = vm.vm_id;

   dev->bo_by_handle = hash_table_create_u64_keys(NULL);
   if (!dev->bo_by_handle) {
      ret = -ENOMEM;
      goto fail;
   }
   return 0;

fail:
   agx_close_device(dev);
   return ret;
}

void
agx_close_device(struct agx_device *dev)
{
   if (dev->fd >= 0) {
      agx_bo_cache_evict_all(dev);
      if (dev->debug & AGX_DBG_STATS)
         u_logi("asahi",
                "%" PRIu64 " submits in %" PRIu64 " ioctls, %" PRIu64
                " commands; %" PRIu64 " BOs created, %" PRIu64
                " from the cache, %" PRIu64 " imported, %" PRIu64 " exported",
                dev->stats.submits, dev->stats.submit_ioctls,
                dev->stats.commands, dev->stats.bo_allocs,
                dev->stats.bo_cache_hits, dev->stats.bo_imports,
                dev->stats.bo_exports);
      if (dev->vm_id) {
         struct drm_asahi_vm_destroy d = {.vm_id = dev->vm_id};
         agx_ioctl(dev, DRM_IOCTL_ASAHI_VM_DESTROY, &d,
                   "DRM_IOCTL_ASAHI_VM_DESTROY");
      }
      if (dev->owns_fd)
         close(dev->fd);
   }
   if (dev->bo_by_handle)
      hash_table_destroy(dev->bo_by_handle, NULL);
   agx_va_heap_fini(&dev->usc_heap);
   agx_va_heap_fini(&dev->general_heap);
   pthread_mutex_destroy(&dev->lock);
   dev->fd = -1;
   dev->vm_id = 0;
   dev->bo_by_handle = NULL;
}

int
agx_get_gpu_timestamp(struct agx_device *dev, uint64_t *ns)
{
   struct drm_asahi_get_time t = {0};
   int ret =
      agx_ioctl(dev, DRM_IOCTL_ASAHI_GET_TIME, &t, "DRM_IOCTL_ASAHI_GET_TIME");
   if (!ret)
      *ns = t.gpu_timestamp;
   return ret;
}

int
agx_queue_create(struct agx_device *dev, uint32_t priority, uint32_t *queue_id)
{
   struct drm_asahi_queue_create c = {
      .vm_id = dev->vm_id,
      .priority = priority,
      .usc_exec_base = dev->usc_base,
   };
   int ret = agx_ioctl(dev, DRM_IOCTL_ASAHI_QUEUE_CREATE, &c,
                       "DRM_IOCTL_ASAHI_QUEUE_CREATE");
   if (!ret)
      *queue_id = c.queue_id;
   return ret;
}

int
agx_queue_destroy(struct agx_device *dev, uint32_t queue_id)
{
   struct drm_asahi_queue_destroy d = {.queue_id = queue_id};
   return agx_ioctl(dev, DRM_IOCTL_ASAHI_QUEUE_DESTROY, &d,
                    "DRM_IOCTL_ASAHI_QUEUE_DESTROY");
}

static int
vm_bind_op(struct agx_device *dev, const struct drm_asahi_gem_bind_op *op)
{
   struct drm_asahi_vm_bind b = {
      .vm_id = dev->vm_id,
      .num_binds = 1,
      .stride = sizeof(*op),
      .userptr = (uintptr_t)op,
   };
   return agx_ioctl(dev, DRM_IOCTL_ASAHI_VM_BIND, &b,
                    (op->flags & DRM_ASAHI_BIND_UNBIND)
                       ? "DRM_IOCTL_ASAHI_VM_BIND (unbind)"
                       : "DRM_IOCTL_ASAHI_VM_BIND");
}

int
agx_vm_bind(struct agx_device *dev, uint32_t handle, uint64_t offset,
            uint64_t range, uint64_t va, uint32_t flags)
{
   struct drm_asahi_gem_bind_op op = {
      .flags = flags,
      .handle = handle,
      .offset = offset,
      .range = range,
      .addr = va,
   };
   return vm_bind_op(dev, &op);
}

int
agx_vm_unbind(struct agx_device *dev, uint64_t va, uint64_t range)
{
   struct drm_asahi_gem_bind_op op = {
      .flags = DRM_ASAHI_BIND_UNBIND,
      .range = range,
      .addr = va,
   };
   return vm_bind_op(dev, &op);
}
