/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * struct pipe_screen: one GPU device as a driver exposes it, as a table of
 * function pointers.  A screen is shared by all contexts of a process on
 * that device and is thread-safe.  It answers capability and format
 * questions, creates resources and contexts, and manages fences.
 */
#ifndef PIPE_SCREEN_H
#define PIPE_SCREEN_H

#include "p_compiler.h"
#include "p_defines.h"
#include "p_format.h"
#include "p_state.h"

#ifdef __cplusplus
extern "C" {
#endif

struct pipe_context;
struct pipe_fence_handle;
struct nir_shader_compiler_options;

struct pipe_screen {
   /* Optional: the winsys or loader may keep its own data here. */
   void *winsys_priv;

   void (*destroy)(struct pipe_screen *screen);

   const char *(*get_name)(struct pipe_screen *screen);   /* GL_RENDERER */
   const char *(*get_vendor)(struct pipe_screen *screen); /* GL_VENDOR */
   /* Optional: the hardware vendor, when different from get_vendor. */
   const char *(*get_device_vendor)(struct pipe_screen *screen);

   /* Capabilities (p_defines.h); 0 for unknown caps. */
   int (*get_param)(struct pipe_screen *screen, enum pipe_cap param);
   float (*get_paramf)(struct pipe_screen *screen, enum pipe_capf param);
   int (*get_shader_param)(struct pipe_screen *screen,
                           enum pipe_shader_type shader,
                           enum pipe_shader_cap param);

   /* Optional: NIR options the driver wants generic lowering to follow. */
   const struct nir_shader_compiler_options *(*get_compiler_options)(
      struct pipe_screen *screen, enum pipe_shader_type shader);

   /* Can a resource of this format, target and sample count be made with
    * all of bindings (PIPE_BIND_*)?  sample_count 0 or 1: single-sampled. */
   bool (*is_format_supported)(struct pipe_screen *screen,
                               enum pipe_format format,
                               enum pipe_texture_target target,
                               unsigned sample_count,
                               unsigned storage_sample_count,
                               unsigned bindings);

   /* Creates a context.  priv is stored in pipe_context::priv; flags are
    * PIPE_CONTEXT_*.  NULL on failure. */
   struct pipe_context *(*context_create)(struct pipe_screen *screen,
                                          void *priv, unsigned flags);

   /* Creates a resource from a template; the result has reference count 1
    * and screen set.  NULL on failure (out of memory, unsupported). */
   struct pipe_resource *(*resource_create)(
      struct pipe_screen *screen, const struct pipe_resource *templ);
   /* Optional: with explicit DRM format modifiers. */
   struct pipe_resource *(*resource_create_with_modifiers)(
      struct pipe_screen *screen, const struct pipe_resource *templ,
      const uint64_t *modifiers, int count);
   /* Frees a resource whose reference count reached 0 (called from
    * pipe_resource_reference, never directly by the front end). */
   void (*resource_destroy)(struct pipe_screen *screen,
                            struct pipe_resource *res);

   /* Imports / exports shared memory (dma-buf, GEM handle).  usage is
    * PIPE_HANDLE_USAGE_*.  ctx may be NULL. */
   struct pipe_resource *(*resource_from_handle)(
      struct pipe_screen *screen, const struct pipe_resource *templ,
      struct winsys_handle *handle, unsigned usage);
   bool (*resource_get_handle)(struct pipe_screen *screen,
                               struct pipe_context *ctx,
                               struct pipe_resource *res,
                               struct winsys_handle *handle,
                               unsigned usage);

   /* Optional: front-buffer presentation for window systems. */
   void (*flush_frontbuffer)(struct pipe_screen *screen,
                             struct pipe_context *ctx,
                             struct pipe_resource *res, unsigned level,
                             unsigned layer, void *winsys_drawable_handle,
                             unsigned nboxes, struct pipe_box *sub_box);

   /* *dst = src with reference counting: releases the old *dst, takes a
    * reference on src (either may be NULL). */
   void (*fence_reference)(struct pipe_screen *screen,
                           struct pipe_fence_handle **dst,
                           struct pipe_fence_handle *src);
   /* Waits up to timeout ns (PIPE_TIMEOUT_INFINITE, 0 to poll) for the
    * fence; true when signalled.  ctx may be NULL; with a context, a
    * deferred fence of that context is flushed first. */
   bool (*fence_finish)(struct pipe_screen *screen, struct pipe_context *ctx,
                        struct pipe_fence_handle *fence, uint64_t timeout);
   /* Optional: a sync-file fd for the fence, or -1. */
   int (*fence_get_fd)(struct pipe_screen *screen,
                       struct pipe_fence_handle *fence);

   /* Optional. */
   uint64_t (*get_timestamp)(struct pipe_screen *screen); /* ns */
   void (*query_memory_info)(struct pipe_screen *screen,
                             struct pipe_memory_info *info);
   /* Optional: supported DRM format modifiers of a format. */
   void (*query_dmabuf_modifiers)(struct pipe_screen *screen,
                                  enum pipe_format format, int max,
                                  uint64_t *modifiers,
                                  unsigned int *external_only, int *count);
   /* Optional: the driver's finalisation of a NIR shader before the CSO
    * is made (lowering it wants done once, shared by all variants). */
   char *(*finalize_nir)(struct pipe_screen *screen, void *nir);
};

#ifdef __cplusplus
}
#endif

#endif
