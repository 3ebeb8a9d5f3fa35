/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * The drm_asahi ioctls of drm-shim, shared by both backends: a fake Apple
 * M1 (G13G B1) that keeps VMs, binds, queues and timestamp objects exactly
 * as the kernel would and validates every argument with the kernel's
 * error codes.  The no-op backend (asahi_noop.c) completes submissions at
 * once without running them; the simulator backend (asahi_sim.c) executes
 * them (asahi_shim_queue.c calls asahi_shim_execute).
 *
 * Validation and errno values follow AsahiLinux/linux
 * drivers/gpu/drm/asahi/file.rs.  Where that driver leaves a padding field
 * unchecked, we check it anyway, as the UAPI header's rules ask ("all
 * padding fields will be checked"), so the shim is a little stricter.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "asahi_shim.h"

/* ---- VMs and their mappings -------------------------------------------- */

static void
resv_unref(struct asahi_shim_resv *resv)
{
   if (resv && --resv->refcount == 0)
      free(resv);
}

void
asahi_shim_vm_unref(struct asahi_shim_vm *vm)
{
   if (--vm->refcount)
      return;
   resv_unref(vm->resv);
   asahi_shim_vm_clear(vm);
   free(vm);
}

static bool
overlaps(uint64_t a_start, uint64_t a_end, uint64_t b_start, uint64_t b_end)
{
   return a_start < b_end && b_start < a_end;
}

static bool
in_user_range(uint64_t start, uint64_t end)
{
   return start >= ASAHI_SHIM_VM_START && end <= ASAHI_SHIM_VM_END &&
          start <= end;
}

/* ---- ioctls ------------------------------------------------------------ */

static void
fill_params(struct drm_asahi_params_global *p)
{
   memset(p, 0, sizeof(*p));
   /* An M1 (T8103): G13G, revision B1, one die, one cluster of 8 cores. */
   p->features = 0; /* SOFT_FAULTS off */
   p->gpu_generation = 13;
   p->gpu_variant = 'G';
   p->gpu_revision = 0x11;
   p->chip_id = 0x8103;
   p->num_dies = 1;
   p->num_clusters_total = 1;
   p->num_cores_per_cluster = 8;
   p->max_frequency_khz = 1278000;
   p->core_masks[0] = 0xff;
   p->vm_start = ASAHI_SHIM_VM_START;
   p->vm_end = ASAHI_SHIM_VM_END;
   p->vm_kernel_min_size = ASAHI_SHIM_VM_KERNEL_MIN_SIZE;
   p->max_commands_per_submission = ASAHI_SHIM_MAX_COMMANDS;
   p->max_attachments = ASAHI_SHIM_MAX_ATTACHMENTS;
   p->command_timestamp_frequency_hz = 1000000000ull;
}

static int
asahi_get_params(struct shim_file *file, void *arg)
{
   struct drm_asahi_get_params *gp = arg;
   if (gp->param_group != 0 || gp->pad != 0)
      return -EINVAL;

   struct drm_asahi_params_global params;
   fill_params(&params);
   size_t size = gp->size < sizeof(params) ? gp->size : sizeof(params);
   return drm_shim_copy_to_user(gp->pointer, &params, size);
}

static int
asahi_get_time(struct shim_file *file, void *arg)
{
   struct drm_asahi_get_time *t = arg;
   if (t->flags != 0)
      return -EINVAL;
   t->gpu_timestamp = drm_shim_now_ns();
   return 0;
}

static int
asahi_vm_create(struct shim_file *file, void *arg)
{
   struct drm_asahi_vm_create *c = arg;
   const uint64_t mask = ASAHI_SHIM_PAGE_SIZE - 1;
   if (c->pad)
      return -EINVAL;
   if (c->kernel_end <= c->kernel_start ||
       !in_user_range(c->kernel_start, c->kernel_end) ||
       c->kernel_end - c->kernel_start < ASAHI_SHIM_VM_KERNEL_MIN_SIZE ||
       (c->kernel_start & mask) || (c->kernel_end & mask))
      return -EINVAL;

   struct asahi_shim_vm *vm = calloc(1, sizeof(*vm));
   struct asahi_shim_resv *resv = calloc(1, sizeof(*resv));
   if (!vm || !resv) {
      free(vm);
      free(resv);
      return -ENOMEM;
   }
   resv->refcount = 1;
   vm->resv = resv;
   vm->refcount = 1;
   vm->kernel_start = c->kernel_start;
   vm->kernel_end = c->kernel_end;
   int ret = shim_idr_alloc(asahi_shim_file(file)->vms, vm, &c->vm_id);
   if (ret)
      asahi_shim_vm_unref(vm);
   return ret;
}

static int
asahi_vm_destroy(struct shim_file *file, void *arg)
{
   struct drm_asahi_vm_destroy *d = arg;
   if (d->pad)
      return -EINVAL;
   struct asahi_shim_vm *vm =
      shim_idr_remove(asahi_shim_file(file)->vms, d->vm_id);
   if (!vm)
      return -ENOENT;
   asahi_shim_vm_unref(vm);
   return 0;
}

static int
asahi_gem_create(struct shim_file *file, void *arg)
{
   struct drm_asahi_gem_create *c = arg;
   const uint32_t known = DRM_ASAHI_GEM_WRITEBACK | DRM_ASAHI_GEM_VM_PRIVATE;
   bool private = c->flags & DRM_ASAHI_GEM_VM_PRIVATE;
   if ((c->flags & ~known) || (!private && c->vm_id != 0) || c->pad)
      return -EINVAL;

   struct asahi_shim_vm *vm = NULL;
   if (private) {
      vm = shim_idr_get(asahi_shim_file(file)->vms, c->vm_id);
      if (!vm)
         return -ENOENT;
   }

   struct shim_bo *bo;
   /* VM-private BOs can never be exported: they hold no descriptor. */
   int ret = drm_shim_bo_create(c->size, !private, &bo);
   if (ret)
      return ret;
   bo->flags = c->flags;
   if (vm) {
      /* The BO keeps its VM's identity, even past VM_DESTROY. */
      bo->driver_priv = vm->resv;
      vm->resv->refcount++;
   }
   ret = drm_shim_bo_add_handle(file, bo, &c->handle);
   drm_shim_bo_unref(bo);
   return ret;
}

static int
asahi_gem_mmap_offset(struct shim_file *file, void *arg)
{
   struct drm_asahi_gem_mmap_offset *m = arg;
   if (m->flags != 0)
      return -EINVAL;
   struct shim_bo *bo = drm_shim_bo_lookup(file, m->handle);
   if (!bo)
      return -ENOENT;
   m->offset = drm_shim_bo_mmap_offset(bo);
   return m->offset ? 0 : -ENOMEM;
}

static int
do_bind(struct shim_file *file, uint32_t vm_id,
        const struct drm_asahi_gem_bind_op *op)
{
   const uint64_t mask = ASAHI_SHIM_PAGE_SIZE - 1;
   const uint32_t known =
      DRM_ASAHI_BIND_READ | DRM_ASAHI_BIND_WRITE | DRM_ASAHI_BIND_SINGLE_PAGE;

   if ((op->addr | op->range | op->offset) & mask)
      return -EINVAL;
   if (op->flags & ~known)
      return -EINVAL;

   struct shim_bo *bo = drm_shim_bo_lookup(file, op->handle);
   if (!bo)
      return -ENOENT;

   uint64_t end = op->addr + op->range;
   if (end < op->addr || op->range == 0)
      return -EINVAL;

   bool single = op->flags & DRM_ASAHI_BIND_SINGLE_PAGE;
   uint64_t accessed = single ? ASAHI_SHIM_PAGE_SIZE : op->range;
   uint64_t end_off = op->offset + accessed;
   if (end_off < op->offset || end_off > bo->size)
      return -EINVAL;

   if (!in_user_range(op->addr, end))
      return -EINVAL;
   if (!(op->flags & (DRM_ASAHI_BIND_READ | DRM_ASAHI_BIND_WRITE)))
      return -EINVAL;

   struct asahi_shim_vm *vm = shim_idr_get(asahi_shim_file(file)->vms, vm_id);
   if (!vm)
      return -ENOENT;
   if (overlaps(op->addr, end, vm->kernel_start, vm->kernel_end))
      return -EINVAL;

   /* A VM-private BO binds only into the VM it was created for.  EINVAL as
    * in the Asahi driver's gem.rs validate_vm_binding (a private BO that is
    * an external object of the target VM); older revisions of
    * AsahiLinux/linux file.rs + mmu.rs do not check this at all.
    */
   if ((bo->flags & DRM_ASAHI_GEM_VM_PRIVATE) && bo->driver_priv != vm->resv)
      return -EINVAL;

   struct asahi_shim_mapping m = {
      .addr = op->addr,
      .range = op->range,
      .bo = bo,
      .offset = op->offset,
      .flags = op->flags,
   };
   return asahi_shim_vm_bind(vm, &m);
}

static int
do_unbind(struct shim_file *file, uint32_t vm_id,
          const struct drm_asahi_gem_bind_op *op)
{
   const uint64_t mask = ASAHI_SHIM_PAGE_SIZE - 1;
   if (op->offset != 0 || op->flags != DRM_ASAHI_BIND_UNBIND || op->handle != 0)
      return -EINVAL;
   if ((op->addr | op->range) & mask)
      return -EINVAL;

   uint64_t end = op->addr + op->range;
   if (end < op->addr)
      return -EINVAL;
   if (!in_user_range(op->addr, end))
      return -EINVAL;

   struct asahi_shim_vm *vm = shim_idr_get(asahi_shim_file(file)->vms, vm_id);
   if (!vm)
      return -ENOENT;
   if (overlaps(op->addr, end, vm->kernel_start, vm->kernel_end))
      return -EINVAL;
   return asahi_shim_vm_unbind(vm, op->addr, end);
}

/* The kernel computes the size of the op array as stride * num_binds in
 * 32-bit arithmetic (AsahiLinux/linux drivers/gpu/drm/asahi/file.rs,
 * vm_bind): a product that does not fit in 32 bits is refused with EINVAL
 * here rather than wrapped.  The kernel reads the whole array before
 * applying any op, so an unreadable array changes nothing; the shim reads
 * it op by op, twice (check, then apply), so a huge array costs time in
 * proportion to its size but never a huge allocation. */
/* Reads op i of b into *op.  Bytes past the op struct this UAPI knows (a
 * longer stride) must be zero for the op to be applied: *tail_zero says
 * whether they are.  The tail is read in small pieces, so any stride
 * costs time, never memory. */
static int
read_bind_op(const struct drm_asahi_vm_bind *b, uint32_t i,
             struct drm_asahi_gem_bind_op *op, bool *tail_zero)
{
   uint64_t at = b->userptr + (uint64_t)i * b->stride;
   size_t n = b->stride < sizeof(*op) ? b->stride : sizeof(*op);
   memset(op, 0, sizeof(*op));
   int ret = drm_shim_copy_from_user(op, at, n);
   *tail_zero = true;
   for (uint64_t off = n; !ret && off < b->stride;) {
      uint8_t piece[4096];
      size_t len = b->stride - off < sizeof(piece) ? b->stride - off
                                                   : sizeof(piece);
      ret = drm_shim_copy_from_user(piece, at + off, len);
      for (size_t j = 0; !ret && j < len; j++)
         *tail_zero &= piece[j] == 0;
      off += len;
   }
   return ret;
}

static int
asahi_vm_bind(struct shim_file *file, void *arg)
{
   struct drm_asahi_vm_bind *b = arg;
   if (b->stride == 0 || b->pad != 0)
      return -EINVAL;
   if ((uint64_t)b->stride * b->num_binds > UINT32_MAX)
      return -EINVAL;

   struct drm_asahi_gem_bind_op op;
   bool tail_zero;

   /* Pass 1: the whole array must be readable before anything changes. */
   for (uint32_t i = 0; i < b->num_binds; i++) {
      int ret = read_bind_op(b, i, &op, &tail_zero);
      if (ret)
         return ret;
   }

   /* Pass 2: applied in order; an error stops there, earlier ops stay
    * done, as in the kernel. */
   for (uint32_t i = 0; i < b->num_binds; i++) {
      int ret = read_bind_op(b, i, &op, &tail_zero);
      if (!ret && !tail_zero)
         ret = -EINVAL;
      if (!ret)
         ret = op.flags & DRM_ASAHI_BIND_UNBIND
                  ? do_unbind(file, b->vm_id, &op)
                  : do_bind(file, b->vm_id, &op);
      if (ret)
         return ret;
   }
   return 0;
}

static int
asahi_gem_bind_object(struct shim_file *file, void *arg)
{
   struct drm_asahi_gem_bind_object *o = arg;
   struct asahi_shim_file *af = asahi_shim_file(file);
   const uint64_t mask = ASAHI_SHIM_PAGE_SIZE - 1;

   if (o->pad != 0 || o->vm_id != 0)
      return -EINVAL;

   if (o->op == DRM_ASAHI_BIND_OBJECT_OP_BIND) {
      if ((o->range | o->offset) & mask)
         return -EINVAL;
      if (o->flags != DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS)
         return -EINVAL;
      uint64_t end = o->offset + o->range;
      if (end < o->offset)
         return -EINVAL;
      struct shim_bo *bo = drm_shim_bo_lookup(file, o->handle);
      if (!bo)
         return -ENOENT;
      if (o->range == 0 || end > bo->size)
         return -EINVAL;

      struct asahi_shim_object *obj = calloc(1, sizeof(*obj));
      if (!obj)
         return -ENOMEM;
      obj->bo = bo;
      obj->offset = o->offset;
      obj->range = o->range;
      int ret = shim_idr_alloc(af->objects, obj, &o->object_handle);
      if (ret) {
         free(obj);
         return ret;
      }
      drm_shim_bo_ref(bo);
      return 0;
   } else if (o->op == DRM_ASAHI_BIND_OBJECT_OP_UNBIND) {
      if (o->range != 0 || o->offset != 0 || o->flags != 0 || o->handle != 0)
         return -EINVAL;
      struct asahi_shim_object *obj =
         shim_idr_remove(af->objects, o->object_handle);
      if (!obj)
         return -ENOENT;
      drm_shim_bo_unref(obj->bo);
      free(obj);
      return 0;
   }
   return -EINVAL;
}

static int
asahi_queue_create(struct shim_file *file, void *arg)
{
   struct drm_asahi_queue_create *c = arg;
   if (c->flags != 0 || c->priority > DRM_ASAHI_PRIORITY_REALTIME)
      return -EINVAL;
   /* HIGH and REALTIME are reserved (K: would need CAP_SYS_NICE). */
   if (c->priority >= DRM_ASAHI_PRIORITY_HIGH)
      return -EINVAL;

   struct asahi_shim_vm *vm =
      shim_idr_get(asahi_shim_file(file)->vms, c->vm_id);
   if (!vm)
      return -ENOENT;

   struct asahi_shim_queue *q = calloc(1, sizeof(*q));
   if (!q)
      return -ENOMEM;
   q->vm = vm;
   q->jobs_tail = &q->jobs;
   q->usc_exec_base = c->usc_exec_base;
   q->priority = c->priority;
   int ret = shim_idr_alloc(asahi_shim_file(file)->queues, q, &c->queue_id);
   if (ret) {
      free(q);
      return ret;
   }
   vm->refcount++;
   return 0;
}

static void
queue_free(struct asahi_shim_queue *q)
{
   asahi_shim_queue_release(q);
}

static int
asahi_queue_destroy(struct shim_file *file, void *arg)
{
   struct drm_asahi_queue_destroy *d = arg;
   if (d->pad)
      return -EINVAL;
   struct asahi_shim_queue *q =
      shim_idr_remove(asahi_shim_file(file)->queues, d->queue_id);
   if (!q)
      return -ENOENT;
   queue_free(q);
   return 0;
}

static const struct shim_ioctl asahi_ioctls[] = {
   [DRM_ASAHI_GET_PARAMS] = {DRM_IOCTL_ASAHI_GET_PARAMS, asahi_get_params},
   [DRM_ASAHI_GET_TIME] = {DRM_IOCTL_ASAHI_GET_TIME, asahi_get_time},
   [DRM_ASAHI_VM_CREATE] = {DRM_IOCTL_ASAHI_VM_CREATE, asahi_vm_create},
   [DRM_ASAHI_VM_DESTROY] = {DRM_IOCTL_ASAHI_VM_DESTROY, asahi_vm_destroy},
   [DRM_ASAHI_VM_BIND] = {DRM_IOCTL_ASAHI_VM_BIND, asahi_vm_bind},
   [DRM_ASAHI_GEM_CREATE] = {DRM_IOCTL_ASAHI_GEM_CREATE, asahi_gem_create},
   [DRM_ASAHI_GEM_MMAP_OFFSET] = {DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET,
                                  asahi_gem_mmap_offset},
   [DRM_ASAHI_GEM_BIND_OBJECT] = {DRM_IOCTL_ASAHI_GEM_BIND_OBJECT,
                                  asahi_gem_bind_object},
   [DRM_ASAHI_QUEUE_CREATE] = {DRM_IOCTL_ASAHI_QUEUE_CREATE,
                               asahi_queue_create},
   [DRM_ASAHI_QUEUE_DESTROY] = {DRM_IOCTL_ASAHI_QUEUE_DESTROY,
                                asahi_queue_destroy},
   [DRM_ASAHI_SUBMIT] = {DRM_IOCTL_ASAHI_SUBMIT, asahi_shim_submit},
};

/* ---- files and BOs ------------------------------------------------------- */

static int
asahi_file_open(struct shim_file *file)
{
   struct asahi_shim_file *af = calloc(1, sizeof(*af));
   if (!af)
      return -ENOMEM;
   af->vms = shim_idr_create();
   af->queues = shim_idr_create();
   af->objects = shim_idr_create();
   if (!af->vms || !af->queues || !af->objects) {
      shim_idr_destroy(af->vms);
      shim_idr_destroy(af->queues);
      shim_idr_destroy(af->objects);
      free(af);
      return -ENOMEM;
   }
   file->driver_priv = af;
   return 0;
}

static void
asahi_file_close(struct shim_file *file)
{
   struct asahi_shim_file *af = asahi_shim_file(file);
   for (uint32_t h = 1; h < af->queues->size; h++) {
      struct asahi_shim_queue *q = shim_idr_remove(af->queues, h);
      if (q)
         queue_free(q);
   }
   for (uint32_t h = 1; h < af->vms->size; h++) {
      struct asahi_shim_vm *vm = shim_idr_remove(af->vms, h);
      if (vm)
         asahi_shim_vm_unref(vm);
   }
   for (uint32_t h = 1; h < af->objects->size; h++) {
      struct asahi_shim_object *obj = shim_idr_remove(af->objects, h);
      if (obj) {
         drm_shim_bo_unref(obj->bo);
         free(obj);
      }
   }
   shim_idr_destroy(af->vms);
   shim_idr_destroy(af->queues);
   shim_idr_destroy(af->objects);
   free(af);
   file->driver_priv = NULL;
}

static void
asahi_bo_free(struct shim_bo *bo)
{
   resv_unref(bo->driver_priv);
}

static int
asahi_bo_export(struct shim_bo *bo)
{
   /* VM-private objects cannot leave their VM. */
   return (bo->flags & DRM_ASAHI_GEM_VM_PRIVATE) ? -EINVAL : 0;
}

void
asahi_shim_driver_setup(struct shim_driver *driver, const char *desc)
{
   driver->name = "asahi";
   driver->desc = desc;
   driver->date = "20260101";
   driver->version_major = 1;
   driver->bus = SHIM_BUS_PLATFORM;
   driver->ioctls = asahi_ioctls;
   driver->ioctl_count = sizeof(asahi_ioctls) / sizeof(asahi_ioctls[0]);
   driver->file_open = asahi_file_open;
   driver->file_close = asahi_file_close;
   driver->bo_export = asahi_bo_export;
   driver->bo_free = asahi_bo_free;
   drm_shim_page_size = ASAHI_SHIM_PAGE_SIZE;

   /* The device-tree identity a real M1 GPU shows in sysfs. */
   char path[128];
   snprintf(path, sizeof(path), "/sys/dev/char/226:%d/device/uevent",
            drm_shim_render_minor());
   drm_shim_override_file(path, "DRIVER=asahi\n"
                                "OF_NAME=gpu\n"
                                "OF_FULLNAME=/soc/agx\n"
                                "OF_COMPATIBLE_0=apple,gpu-g13g\n"
                                "OF_COMPATIBLE_N=1\n");
}
