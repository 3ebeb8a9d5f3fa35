/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * drm_asahi: the userspace <-> kernel interface of the Apple AGX GPU driver.
 *
 * Written for this project from the field list of Linux's
 * include/uapi/drm/asahi_drm.h (merged for Linux 6.16); it is meant to be
 * binary-compatible with it: the ioctl numbers, names, sizes and offsets are
 * the same.  The _Static_asserts at the bottom pin every struct size, and
 * src/asahi/lib/tests/test_uapi_abi.c checks the offsets.
 *
 * Ground rules of the interface, as we understand them:
 *  - every struct is a multiple of 8 bytes with explicit "pad" fields, and
 *    the kernel rejects nonzero padding (MBZ = must be zero);
 *  - fields only ever grow at the end of a struct or replace padding, and a
 *    value of zero keeps the old behaviour;
 *  - structs embedded in other structs, and records without a size field,
 *    never change;
 *  - new ioctls are appended, never renumbered.
 */
#ifndef _ASAHI_DRM_H_
#define _ASAHI_DRM_H_

#include "drm.h"

#if defined(__cplusplus)
extern "C" {
#endif

/* Driver-private ioctl numbers, relative to DRM_COMMAND_BASE.  Use the
 * DRM_IOCTL_ASAHI_* request codes at the end of this file instead.
 */
enum drm_asahi_ioctl_id {
   DRM_ASAHI_GET_PARAMS = 0, /* read the device parameters */
   DRM_ASAHI_GET_TIME,       /* read the GPU clock */
   DRM_ASAHI_VM_CREATE,      /* new GPU address space */
   DRM_ASAHI_VM_DESTROY,
   DRM_ASAHI_VM_BIND,         /* map/unmap BO ranges in a VM (array of ops) */
   DRM_ASAHI_GEM_CREATE,      /* new buffer object */
   DRM_ASAHI_GEM_MMAP_OFFSET, /* fake offset for mmap() on the DRM fd */
   DRM_ASAHI_GEM_BIND_OBJECT, /* bind a BO as a special (timestamp) object */
   DRM_ASAHI_QUEUE_CREATE,    /* new scheduling queue on a VM */
   DRM_ASAHI_QUEUE_DESTROY,
   DRM_ASAHI_SUBMIT, /* run a command buffer on a queue */
};

/* Length of drm_asahi_params_global::core_masks. */
#define DRM_ASAHI_MAX_CLUSTERS 64

/* Parameter group 0, written by GET_PARAMS into user memory. */
struct drm_asahi_params_global {
   __u64 features;       /* enum drm_asahi_feature bits */
   __u32 gpu_generation; /* 13 for G13 */
   __u32 gpu_variant;    /* ASCII: 'G', 'S', 'C' or 'D' */
   __u32 gpu_revision;   /* BCD: 0x00 = A0, 0x21 = C1 */
   __u32 chip_id;        /* BCD: 0x8103 = T8103 (M1) */
   __u32 num_dies;
   __u32 num_clusters_total;    /* over all dies */
   __u32 num_cores_per_cluster; /* logical cores, disabled ones included */
   __u32 max_frequency_khz;
   __u64 core_masks[DRM_ASAHI_MAX_CLUSTERS]; /* enabled cores per cluster */

   /* [vm_start, vm_end] is every GPU VA userspace may use; it carves its
    * heaps and the kernel's range (see drm_asahi_vm_create) out of it.
    */
   __u64 vm_start;
   __u64 vm_end;
   __u64 vm_kernel_min_size; /* smallest kernel range VM_CREATE takes */

   /* Firmware limit; longer command lists are split by userspace. */
   __u32 max_commands_per_submission;
   __u32 max_attachments; /* per hardware command */

   /* Clock of drm_asahi_timestamp writes; divide by it to get seconds. */
   __u64 command_timestamp_frequency_hz;
};

/* Feature bits that cannot be derived from the GPU generation. */
enum drm_asahi_feature {
   /* Shader loads from unmapped memory read zero and stores are dropped
    * (shader memory access only; texturing still faults).  Fixed at boot.
    */
   DRM_ASAHI_FEATURE_SOFT_FAULTS = (1UL) << 0,
};

/* GET_PARAMS argument.  The kernel copies at most "size" bytes of the
 * group's struct to "pointer", so older userspace may pass less.
 */
struct drm_asahi_get_params {
   __u32 param_group; /* only group 0 exists */
   __u32 pad;         /* MBZ */
   __u64 pointer;     /* user pointer to a drm_asahi_params_global */
   __u64 size;        /* bytes available at pointer */
};

/* VM_CREATE argument.  Userspace chooses the VA range the kernel may use
 * for its own objects in this VM: inside [vm_start, vm_end], at least
 * vm_kernel_min_size long.  Userspace must never bind into it.
 */
struct drm_asahi_vm_create {
   __u64 kernel_start;
   __u64 kernel_end;
   __u32 vm_id; /* out */
   __u32 pad;   /* MBZ */
};

/* VM_DESTROY argument. */
struct drm_asahi_vm_destroy {
   __u32 vm_id;
   __u32 pad; /* MBZ */
};

/* drm_asahi_gem_create::flags */
enum drm_asahi_gem_flags {
   /* CPU mapping is cached write-back instead of write-combined. */
   DRM_ASAHI_GEM_WRITEBACK = (1L << 0),
   /* Only usable in drm_asahi_gem_create::vm_id; cannot be exported. */
   DRM_ASAHI_GEM_VM_PRIVATE = (1L << 1),
};

/* GEM_CREATE argument. */
struct drm_asahi_gem_create {
   __u64 size;
   __u32 flags;  /* enum drm_asahi_gem_flags */
   __u32 vm_id;  /* with DRM_ASAHI_GEM_VM_PRIVATE only, else 0 */
   __u32 handle; /* out */
   __u32 pad;    /* MBZ */
};

/* GEM_MMAP_OFFSET argument. */
struct drm_asahi_gem_mmap_offset {
   __u32 handle;
   __u32 flags;  /* MBZ */
   __u64 offset; /* out: pass to mmap() on the DRM fd */
};

/* drm_asahi_gem_bind_op::flags */
enum drm_asahi_bind_flags {
   /* Unmap [addr, addr + range); handle and offset are ignored. */
   DRM_ASAHI_BIND_UNBIND = (1L << 0),
   DRM_ASAHI_BIND_READ = (1L << 1),  /* GPU may read */
   DRM_ASAHI_BIND_WRITE = (1L << 2), /* GPU may write */
   /* Repeat the one page at "offset" over the whole range (sparse). */
   DRM_ASAHI_BIND_SINGLE_PAGE = (1L << 3),
};

/* One element of a VM_BIND.  offset, range and addr are page aligned. */
struct drm_asahi_gem_bind_op {
   __u32 flags;  /* enum drm_asahi_bind_flags */
   __u32 handle; /* BO to map (not for UNBIND) */
   __u64 offset; /* first byte of the BO to map (not for UNBIND) */
   __u64 range;  /* bytes to (un)map */
   __u64 addr;   /* GPU VA */
};

/* VM_BIND argument: num_binds ops, "stride" bytes apart at userptr. */
struct drm_asahi_vm_bind {
   __u32 vm_id;
   __u32 num_binds;
   __u32 stride; /* lets drm_asahi_gem_bind_op grow */
   __u32 pad;    /* MBZ */
   __u64 userptr;
};

/* drm_asahi_gem_bind_object::op */
enum drm_asahi_bind_object_op {
   DRM_ASAHI_BIND_OBJECT_OP_BIND = 0,
   DRM_ASAHI_BIND_OBJECT_OP_UNBIND = 1,
};

/* drm_asahi_gem_bind_object::flags */
enum drm_asahi_bind_object_flags {
   /* The object receives command timestamps (drm_asahi_timestamp). */
   DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS = (1L << 0),
};

/* GEM_BIND_OBJECT argument. */
struct drm_asahi_gem_bind_object {
   __u32 op;            /* enum drm_asahi_bind_object_op */
   __u32 flags;         /* enum drm_asahi_bind_object_flags */
   __u32 handle;        /* BO (BIND) */
   __u32 vm_id;         /* MBZ for now */
   __u64 offset;        /* into the BO (BIND) */
   __u64 range;         /* bytes (BIND) */
   __u32 object_handle; /* out for BIND, in for UNBIND */
   __u32 pad;           /* MBZ */
};

/* drm_asahi_cmd_header::cmd_type */
enum drm_asahi_cmd_type {
   /* Render pass (vertex + fragment) on the render sub-queue; payload is
    * a drm_asahi_cmd_render.
    */
   DRM_ASAHI_CMD_RENDER = 0,
   /* Compute on the compute sub-queue; payload is a drm_asahi_cmd_compute. */
   DRM_ASAHI_CMD_COMPUTE = 1,
   /* Software records: the payload is N drm_asahi_attachment and applies to
    * the following hardware commands of this submit.
    */
   DRM_ASAHI_SET_VERTEX_ATTACHMENTS = 2,
   DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS = 3,
   DRM_ASAHI_SET_COMPUTE_ATTACHMENTS = 4,
};

/* drm_asahi_queue_create::priority (a hint to the firmware scheduler) */
enum drm_asahi_priority {
   DRM_ASAHI_PRIORITY_LOW = 0,
   DRM_ASAHI_PRIORITY_MEDIUM = 1,
   DRM_ASAHI_PRIORITY_HIGH = 2,     /* reserved */
   DRM_ASAHI_PRIORITY_REALTIME = 3, /* reserved */
};

/* QUEUE_CREATE argument. */
struct drm_asahi_queue_create {
   __u32 flags;    /* MBZ */
   __u32 vm_id;    /* the VM every command of the queue runs in */
   __u32 priority; /* enum drm_asahi_priority */
   __u32 queue_id; /* out */
   /* 64-bit base of every USC (shader) address on this queue: the
    * hardware's USC_EXEC_BASE_TA/_ISP/_CP.  Shader pointers in commands
    * and descriptors are 32-bit offsets from it, so userspace keeps a
    * 4 GiB shader heap starting here.
    */
   __u64 usc_exec_base;
};

/* QUEUE_DESTROY argument. */
struct drm_asahi_queue_destroy {
   __u32 queue_id;
   __u32 pad; /* MBZ */
};

/* drm_asahi_sync::sync_type */
enum drm_asahi_sync_type {
   DRM_ASAHI_SYNC_SYNCOBJ = 0,          /* binary syncobj */
   DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ = 1, /* timeline syncobj point */
};

/* One element of drm_asahi_submit::syncs. */
struct drm_asahi_sync {
   __u32 sync_type;      /* enum drm_asahi_sync_type */
   __u32 handle;         /* DRM syncobj handle */
   __u64 timeline_value; /* point of a timeline syncobj; 0 for binary */
};

/* A barrier index meaning "do not wait on this sub-queue". */
#define DRM_ASAHI_BARRIER_NONE (0xFFFFu)

/* Record header in a command buffer (fixed forever).
 *
 * Barriers name, per sub-queue (VDM = render, CDM = compute), how much
 * earlier work a hardware command waits for: 0 waits for everything queued
 * before this submit, N > 0 for the first N commands of that sub-queue in
 * this submit, DRM_ASAHI_BARRIER_NONE for nothing.  Attachment records take
 * NONE in both.
 */
struct drm_asahi_cmd_header {
   __u16 cmd_type; /* enum drm_asahi_cmd_type */
   /* Payload bytes after this header.  Hardware commands may be shorter
    * than the current struct (the rest reads as zero); attachment records
    * are N * sizeof(struct drm_asahi_attachment).
    */
   __u16 size;
   __u16 vdm_barrier;
   __u16 cdm_barrier;
};

/* SUBMIT argument. */
struct drm_asahi_submit {
   /* Array of drm_asahi_sync: in_sync_count waits, then out_sync_count
    * signals.
    */
   __u64 syncs;
   /* Flat buffer of header + payload records, with no CPU pointers in it.
    * Holds between 1 and max_commands_per_submission hardware commands.
    */
   __u64 cmdbuf;
   __u32 flags; /* MBZ */
   __u32 queue_id;
   __u32 in_sync_count;
   __u32 out_sync_count;
   __u32 cmdbuf_size; /* bytes */
   __u32 pad;         /* MBZ */
};

/* A memory range shaders write (e.g. render targets written by the
 * end-of-tile program).  Only a hint for the firmware.  Fixed size.
 */
struct drm_asahi_attachment {
   __u64 pointer; /* GPU VA */
   __u64 size;    /* bytes */
   __u32 pad;     /* MBZ */
   __u32 flags;   /* MBZ */
};

/* drm_asahi_cmd_render::flags */
enum drm_asahi_render_flags {
   DRM_ASAHI_RENDER_VERTEX_SCRATCH = (1U << 0),      /* VS uses scratch */
   DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES = (1U << 1), /* needed for clears */
   /* Keep vertex work on one cluster: slow, a debugging aid. */
   DRM_ASAHI_RENDER_NO_VERTEX_CLUSTERING = (1U << 2),
   /* Integer (unorm) depth-bias formula; bit 18 as in the hardware
    * register.
    */
   DRM_ASAHI_RENDER_DBIAS_IS_INT = (1U << 18),
};

/* Depth or stencil buffer of a render pass (ZLS unit).  Fixed size. */
struct drm_asahi_zls_buffer {
   __u64 base;        /* GPU VA of the data */
   __u64 comp_base;   /* GPU VA of compression metadata, if compressed */
   __u32 stride;      /* bytes between layers (layered rendering) */
   __u32 comp_stride; /* bytes between layers of the metadata */
};

/* Where the firmware writes one timestamp.  Fixed size. */
struct drm_asahi_timestamp {
   /* object_handle from GEM_BIND_OBJECT(USAGE_TIMESTAMPS), 0 = none */
   __u32 handle;
   __u32 offset; /* bytes into that object */
};

/* Start and end timestamps of one operation.  Fixed size. */
struct drm_asahi_timestamps {
   struct drm_asahi_timestamp start;
   struct drm_asahi_timestamp end;
};

/* The helper program the hardware runs to hand out scratch memory per
 * subgroup.  Fixed size.
 */
struct drm_asahi_helper_program {
   __u32 binary; /* USC offset, configuration in the low bits */
   __u32 cfg;
   __u64 data; /* opaque to the kernel; usually a GPU VA */
};

/* A background or end-of-tile program.  Fixed size. */
struct drm_asahi_bg_eot {
   __u32 usc;       /* USC offset of a USC word list, tag in low bits */
   __u32 rsrc_spec; /* packed resource counts */
};

/* Payload of DRM_ASAHI_CMD_RENDER: one render pass, as the values of the
 * per-pass hardware control registers plus the framebuffer geometry the
 * kernel needs for its tiling structures.
 */
struct drm_asahi_cmd_render {
   __u32 flags;                /* enum drm_asahi_render_flags */
   __u32 isp_zls_pixels;       /* ISP_ZLS_PIXELS: depth/stencil size */
   __u64 vdm_ctrl_stream_base; /* VDM control stream start */
   struct drm_asahi_helper_program vertex_helper;
   struct drm_asahi_helper_program fragment_helper;
   __u64 isp_scissor_base; /* scissor descriptor array */
   __u64 isp_dbias_base;   /* depth-bias descriptor array */
   __u64 isp_oclqry_base;  /* occlusion query results */
   struct drm_asahi_zls_buffer depth;
   struct drm_asahi_zls_buffer stencil;
   __u64 zls_ctrl;           /* ZLS_CTRL */
   __u64 ppp_multisamplectl; /* sample positions */
   __u64 sampler_heap;       /* shared by vertex and fragment */
   __u32 ppp_ctrl;           /* PPP_CTRL */
   __u16 width_px;
   __u16 height_px;
   __u16 layers;
   __u16 sampler_count;
   __u8 utile_width_px;
   __u8 utile_height_px;
   __u8 samples;                        /* 1, 2 or 4 */
   __u8 sample_size_B;                  /* tilebuffer bytes per sample */
   __u32 isp_merge_upper_x;             /* f32 bits, for triangle merging */
   __u32 isp_merge_upper_y;             /* f32 bits */
   struct drm_asahi_bg_eot bg;          /* per-tile load/clear */
   struct drm_asahi_bg_eot eot;         /* per-tile store */
   struct drm_asahi_bg_eot partial_bg;  /* reload after a partial render */
   struct drm_asahi_bg_eot partial_eot; /* store before a partial render */
   __u32 isp_bgobjdepth;                /* depth clear value, in the Z format */
   __u32 isp_bgobjvals;                 /* stencil clear value in bits 0-7 */
   struct drm_asahi_timestamps ts_vtx;
   struct drm_asahi_timestamps ts_frag;
};

/* Payload of DRM_ASAHI_CMD_COMPUTE: a CDM control stream. */
struct drm_asahi_cmd_compute {
   __u32 flags; /* MBZ */
   __u32 sampler_count;
   __u64 cdm_ctrl_stream_base;
   __u64 cdm_ctrl_stream_end; /* end of the first contiguous segment */
   __u64 sampler_heap;
   struct drm_asahi_helper_program helper;
   struct drm_asahi_timestamps ts;
};

/* GET_TIME argument. */
struct drm_asahi_get_time {
   __u64 flags;         /* MBZ */
   __u64 gpu_timestamp; /* out, nanoseconds */
};

/* Request code for ioctl id DRM_ASAHI_<id> with argument drm_asahi_<type>;
 * dir is W or WR.
 */
#define DRM_IOCTL_ASAHI(dir, id, type)                                         \
   DRM_IO##dir(DRM_COMMAND_BASE + DRM_ASAHI_##id, struct drm_asahi_##type)

/* An enum rather than #defines, so Rust bindgen sees the values too. */
enum {
   DRM_IOCTL_ASAHI_GET_PARAMS = DRM_IOCTL_ASAHI(W, GET_PARAMS, get_params),
   DRM_IOCTL_ASAHI_GET_TIME = DRM_IOCTL_ASAHI(WR, GET_TIME, get_time),
   DRM_IOCTL_ASAHI_VM_CREATE = DRM_IOCTL_ASAHI(WR, VM_CREATE, vm_create),
   DRM_IOCTL_ASAHI_VM_DESTROY = DRM_IOCTL_ASAHI(W, VM_DESTROY, vm_destroy),
   DRM_IOCTL_ASAHI_VM_BIND = DRM_IOCTL_ASAHI(W, VM_BIND, vm_bind),
   DRM_IOCTL_ASAHI_GEM_CREATE = DRM_IOCTL_ASAHI(WR, GEM_CREATE, gem_create),
   DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET =
      DRM_IOCTL_ASAHI(WR, GEM_MMAP_OFFSET, gem_mmap_offset),
   DRM_IOCTL_ASAHI_GEM_BIND_OBJECT =
      DRM_IOCTL_ASAHI(WR, GEM_BIND_OBJECT, gem_bind_object),
   DRM_IOCTL_ASAHI_QUEUE_CREATE =
      DRM_IOCTL_ASAHI(WR, QUEUE_CREATE, queue_create),
   DRM_IOCTL_ASAHI_QUEUE_DESTROY =
      DRM_IOCTL_ASAHI(W, QUEUE_DESTROY, queue_destroy),
   DRM_IOCTL_ASAHI_SUBMIT = DRM_IOCTL_ASAHI(W, SUBMIT, submit),
};

/* Sizes are ABI (measured from torvalds/linux include/uapi/drm/asahi_drm.h). */
#if !defined(__cplusplus)
_Static_assert(sizeof(struct drm_asahi_params_global) == 592, "ABI");
_Static_assert(sizeof(struct drm_asahi_get_params) == 24, "ABI");
_Static_assert(sizeof(struct drm_asahi_vm_create) == 24, "ABI");
_Static_assert(sizeof(struct drm_asahi_vm_destroy) == 8, "ABI");
_Static_assert(sizeof(struct drm_asahi_gem_create) == 24, "ABI");
_Static_assert(sizeof(struct drm_asahi_gem_mmap_offset) == 16, "ABI");
_Static_assert(sizeof(struct drm_asahi_gem_bind_op) == 32, "ABI");
_Static_assert(sizeof(struct drm_asahi_vm_bind) == 24, "ABI");
_Static_assert(sizeof(struct drm_asahi_gem_bind_object) == 40, "ABI");
_Static_assert(sizeof(struct drm_asahi_queue_create) == 24, "ABI");
_Static_assert(sizeof(struct drm_asahi_queue_destroy) == 8, "ABI");
_Static_assert(sizeof(struct drm_asahi_sync) == 16, "ABI");
_Static_assert(sizeof(struct drm_asahi_cmd_header) == 8, "ABI");
_Static_assert(sizeof(struct drm_asahi_submit) == 40, "ABI");
_Static_assert(sizeof(struct drm_asahi_attachment) == 24, "ABI");
_Static_assert(sizeof(struct drm_asahi_zls_buffer) == 24, "ABI");
_Static_assert(sizeof(struct drm_asahi_timestamp) == 8, "ABI");
_Static_assert(sizeof(struct drm_asahi_timestamps) == 16, "ABI");
_Static_assert(sizeof(struct drm_asahi_helper_program) == 16, "ABI");
_Static_assert(sizeof(struct drm_asahi_bg_eot) == 8, "ABI");
_Static_assert(sizeof(struct drm_asahi_cmd_render) == 240, "ABI");
_Static_assert(sizeof(struct drm_asahi_cmd_compute) == 64, "ABI");
_Static_assert(sizeof(struct drm_asahi_get_time) == 16, "ABI");
#endif

#if defined(__cplusplus)
}
#endif

#endif /* _ASAHI_DRM_H_ */
