/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The noop screen: capabilities of a modest ES 3.0 / GL 3.3 device, every
 * uncompressed format supported, and resources in host memory.
 */
#include <stdlib.h>
#include <string.h>

#include "noop_priv.h"
#include "noop_public.h"
#include "util/format/u_format.h"
#include "util/u_inlines.h"

struct noop_fence {
   struct pipe_reference reference;
};

static const char *
noop_get_name(struct pipe_screen *screen)
{
   return "noop";
}

static const char *
noop_get_vendor(struct pipe_screen *screen)
{
   return "asahi-gl";
}

static int
noop_get_param(struct pipe_screen *screen, enum pipe_cap param)
{
   switch (param) {
   case PIPE_CAP_NPOT_TEXTURES:
   case PIPE_CAP_OCCLUSION_QUERY:
   case PIPE_CAP_TEXTURE_SWIZZLE:
   case PIPE_CAP_BLEND_EQUATION_SEPARATE:
   case PIPE_CAP_INDEP_BLEND_ENABLE:
   case PIPE_CAP_INDEP_BLEND_FUNC:
   case PIPE_CAP_FRAGMENT_SHADER_TEXTURE_LOD:
   case PIPE_CAP_FRAGMENT_SHADER_DERIVATIVES:
   case PIPE_CAP_PRIMITIVE_RESTART:
   case PIPE_CAP_PRIMITIVE_RESTART_FIXED_INDEX:
   case PIPE_CAP_INSTANCE_ID:
   case PIPE_CAP_VERTEX_ELEMENT_INSTANCE_DIVISOR:
   case PIPE_CAP_SEAMLESS_CUBE_MAP:
   case PIPE_CAP_CONDITIONAL_RENDER:
   case PIPE_CAP_START_INSTANCE:
   case PIPE_CAP_VS_INSTANCEID:
   case PIPE_CAP_UMA:
   case PIPE_CAP_SHAREABLE_SHADERS:
   case PIPE_CAP_TEXRECT:
   case PIPE_CAP_CUBE_MAP_ARRAY:
      return 1;
   case PIPE_CAP_MAX_TEXTURE_2D_SIZE:
      return 16384;
   /* Buffer textures, with GL 3.1's minimum size (table 6.50). */
   case PIPE_CAP_TEXTURE_BUFFER_OBJECTS:
      return 1;
   case PIPE_CAP_TEXTURE_BUFFER_OFFSET_ALIGNMENT:
      return 16;
   case PIPE_CAP_MAX_TEXEL_BUFFER_ELEMENTS:
      return 65536;
   case PIPE_CAP_MAX_TEXTURE_3D_LEVELS:
      return 12; /* 2048^3 */
   case PIPE_CAP_MAX_TEXTURE_CUBE_LEVELS:
      return 15;
   case PIPE_CAP_MAX_TEXTURE_ARRAY_LAYERS:
      return 2048;
   case PIPE_CAP_MAX_RENDER_TARGETS:
      return 8;
   case PIPE_CAP_MIN_TEXEL_OFFSET:
      return -8;
   case PIPE_CAP_MAX_TEXEL_OFFSET:
      return 7;
   case PIPE_CAP_MAX_TEXTURE_GATHER_COMPONENTS:
      return 4;
   case PIPE_CAP_MIN_TEXTURE_GATHER_OFFSET:
      return -8;
   case PIPE_CAP_MAX_TEXTURE_GATHER_OFFSET:
      return 7;
   case PIPE_CAP_MAX_STREAM_OUTPUT_BUFFERS:
      return 4;
   /* queries per vertex stream (ARB_transform_feedback3's front end) */
   case PIPE_CAP_MAX_VERTEX_STREAMS:
      return 4;
   case PIPE_CAP_MAX_STREAM_OUTPUT_SEPARATE_COMPONENTS:
   case PIPE_CAP_MAX_STREAM_OUTPUT_INTERLEAVED_COMPONENTS:
      return 64;
   case PIPE_CAP_GLSL_FEATURE_LEVEL:
      return 330;
   case PIPE_CAP_ESSL_FEATURE_LEVEL:
      return 300;
   case PIPE_CAP_CONSTANT_BUFFER_OFFSET_ALIGNMENT:
   case PIPE_CAP_MIN_MAP_BUFFER_ALIGNMENT:
      return 64;
   case PIPE_CAP_MAX_VIEWPORTS:
      return 16;
   case PIPE_CAP_MAX_DUAL_SOURCE_RENDER_TARGETS:
   case PIPE_CAP_QUERY_TIME_ELAPSED:
   case PIPE_CAP_QUERY_TIMESTAMP:
      return 1;
   case PIPE_CAP_MAX_VERTEX_ATTRIB_STRIDE:
      return 2048;
   case PIPE_CAP_MAX_VERTEX_ELEMENT_SRC_OFFSET:
      return 2047;
   case PIPE_CAP_VIDEO_MEMORY:
      return 1024;
   /* Compute and storage buffers, with GL 4.3's minimums, so that the
    * front end's ARB_compute_shader / ARB_shader_storage_buffer_object
    * can be tested. */
   case PIPE_CAP_COMPUTE:
      return 1;
   case PIPE_CAP_SHADER_BUFFER_OFFSET_ALIGNMENT:
      return 16;
   case PIPE_CAP_MAX_SHADER_BUFFER_SIZE:
      return 1 << 27;
   default:
      return 0;
   }
}

static float
noop_get_paramf(struct pipe_screen *screen, enum pipe_capf param)
{
   switch (param) {
   case PIPE_CAPF_MIN_LINE_WIDTH:
   case PIPE_CAPF_MIN_POINT_SIZE:
      return 1.0f;
   case PIPE_CAPF_MAX_LINE_WIDTH:
      return 16.0f;
   case PIPE_CAPF_MAX_POINT_SIZE:
      return 511.0f;
   case PIPE_CAPF_MAX_TEXTURE_ANISOTROPY:
      return 16.0f;
   case PIPE_CAPF_MAX_TEXTURE_LOD_BIAS:
      return 16.0f;
   default:
      return 0.0f;
   }
}

static int
noop_get_shader_param(struct pipe_screen *screen, enum pipe_shader_type shader,
                      enum pipe_shader_cap param)
{
   /* Geometry and compute shaders are accepted (and ignored) like the
    * others. */
   if (shader != PIPE_SHADER_VERTEX && shader != PIPE_SHADER_FRAGMENT &&
       shader != PIPE_SHADER_GEOMETRY && shader != PIPE_SHADER_COMPUTE)
      return 0;

   switch (param) {
   case PIPE_SHADER_CAP_MAX_INSTRUCTIONS:
      return 16384;
   case PIPE_SHADER_CAP_MAX_CONTROL_FLOW_DEPTH:
      return 1024;
   case PIPE_SHADER_CAP_MAX_INPUTS:
      return shader == PIPE_SHADER_VERTEX ? 16 : 32;
   case PIPE_SHADER_CAP_MAX_OUTPUTS:
      return shader == PIPE_SHADER_FRAGMENT ? 8 : 32;
   case PIPE_SHADER_CAP_MAX_CONST_BUFFER0_SIZE:
      return 16384;
   case PIPE_SHADER_CAP_MAX_CONST_BUFFERS:
      return PIPE_MAX_CONSTANT_BUFFERS;
   case PIPE_SHADER_CAP_MAX_TEMPS:
      return 256;
   case PIPE_SHADER_CAP_CONT_SUPPORTED:
   case PIPE_SHADER_CAP_INDIRECT_INPUT_ADDR:
   case PIPE_SHADER_CAP_INDIRECT_OUTPUT_ADDR:
   case PIPE_SHADER_CAP_INDIRECT_TEMP_ADDR:
   case PIPE_SHADER_CAP_INDIRECT_CONST_ADDR:
   case PIPE_SHADER_CAP_INTEGERS:
      return 1;
   case PIPE_SHADER_CAP_MAX_TEXTURE_SAMPLERS:
   case PIPE_SHADER_CAP_MAX_SAMPLER_VIEWS:
      return 16;
   case PIPE_SHADER_CAP_SUPPORTED_IRS:
      return 1 << PIPE_SHADER_IR_NIR;
   case PIPE_SHADER_CAP_MAX_SHADER_BUFFERS:
      return 16;
   default:
      return 0;
   }
}

static bool
noop_is_format_supported(struct pipe_screen *screen, enum pipe_format format,
                         enum pipe_texture_target target, unsigned sample_count,
                         unsigned storage_sample_count, unsigned bindings)
{
   const struct util_format_description *desc = util_format_description(format);

   if (!desc || format == PIPE_FORMAT_NONE || sample_count > 1)
      return false;
   if (util_format_is_compressed(format) &&
       (bindings & (PIPE_BIND_RENDER_TARGET | PIPE_BIND_DEPTH_STENCIL)))
      return false;
   if ((bindings & PIPE_BIND_DEPTH_STENCIL) &&
       !util_format_is_depth_or_stencil(format))
      return false;
   if ((bindings & PIPE_BIND_RENDER_TARGET) &&
       util_format_is_depth_or_stencil(format))
      return false;
   return true;
}

size_t
noop_resource_offset(struct noop_resource *res, unsigned level,
                     const struct pipe_box *box)
{
   enum pipe_format format = res->base.format;
   unsigned bw = util_format_get_blockwidth(format);
   unsigned bh = util_format_get_blockheight(format);
   unsigned bsize = util_format_get_blocksize(format);

   if (res->base.target == PIPE_BUFFER)
      return (size_t)box->x;
   return res->level_offset_B[level] +
          (size_t)box->z * res->layer_stride_B[level] +
          (size_t)(box->y / bh) * res->stride_B[level] +
          (size_t)(box->x / bw) * bsize;
}

static struct pipe_resource *
noop_resource_create(struct pipe_screen *screen,
                     const struct pipe_resource *templ)
{
   struct noop_resource *res = calloc(1, sizeof(*res));
   size_t offset = 0;

   if (!res)
      return NULL;
   res->base = *templ;
   res->base.screen = screen;
   res->base.next = NULL;
   pipe_reference_init(&res->base.reference, 1);

   if (templ->target == PIPE_BUFFER) {
      offset = templ->width0;
   } else {
      unsigned layers = templ->array_size ? templ->array_size : 1;

      for (unsigned l = 0;
           l <= templ->last_level && l < PIPE_MAX_TEXTURE_LEVELS; l++) {
         unsigned w = u_minify(templ->width0, l);
         unsigned h = u_minify(templ->height0, l);
         unsigned d = templ->target == PIPE_TEXTURE_3D
                         ? u_minify(templ->depth0, l)
                         : layers;

         res->level_offset_B[l] = offset;
         res->stride_B[l] = util_format_get_nblocksx(templ->format, w) *
                            util_format_get_blocksize(templ->format);
         res->layer_stride_B[l] = (size_t)res->stride_B[l] *
                                  util_format_get_nblocksy(templ->format, h);
         offset += res->layer_stride_B[l] * d *
                   (templ->nr_samples > 1 ? templ->nr_samples : 1);
      }
   }

   res->size_B = offset;
   res->data = calloc(1, offset ? offset : 1);
   if (!res->data) {
      free(res);
      return NULL;
   }
   return &res->base;
}

static void
noop_resource_destroy(struct pipe_screen *screen, struct pipe_resource *res)
{
   free(noop_resource(res)->data);
   free(res);
}

static struct pipe_resource *
noop_resource_from_handle(struct pipe_screen *screen,
                          const struct pipe_resource *templ,
                          struct winsys_handle *handle, unsigned usage)
{
   /* No memory is shared with anyone: the import is a fresh resource. */
   return noop_resource_create(screen, templ);
}

static bool
noop_resource_get_handle(struct pipe_screen *screen, struct pipe_context *ctx,
                         struct pipe_resource *res,
                         struct winsys_handle *handle, unsigned usage)
{
   return false;
}

static void
noop_fence_reference(struct pipe_screen *screen, struct pipe_fence_handle **dst,
                     struct pipe_fence_handle *src)
{
   struct noop_fence *old = (struct noop_fence *)*dst;
   struct noop_fence *f = (struct noop_fence *)src;

   if (pipe_reference(old ? &old->reference : NULL, f ? &f->reference : NULL))
      free(old);
   *dst = src;
}

static bool
noop_fence_finish(struct pipe_screen *screen, struct pipe_context *ctx,
                  struct pipe_fence_handle *fence, uint64_t timeout)
{
   return true;
}

static uint64_t
noop_get_timestamp(struct pipe_screen *screen)
{
   return 0;
}

static void
noop_screen_destroy(struct pipe_screen *screen)
{
   free(screen);
}

/* Used by the context's flush. */
struct pipe_fence_handle *
noop_fence_create(void)
{
   struct noop_fence *f = calloc(1, sizeof(*f));

   if (f)
      pipe_reference_init(&f->reference, 1);
   return (struct pipe_fence_handle *)f;
}

struct pipe_screen *
noop_screen_create(void)
{
   struct pipe_screen *screen = calloc(1, sizeof(*screen));

   if (!screen)
      return NULL;
   screen->destroy = noop_screen_destroy;
   screen->get_name = noop_get_name;
   screen->get_vendor = noop_get_vendor;
   screen->get_device_vendor = noop_get_vendor;
   screen->get_param = noop_get_param;
   screen->get_paramf = noop_get_paramf;
   screen->get_shader_param = noop_get_shader_param;
   screen->is_format_supported = noop_is_format_supported;
   screen->context_create = noop_context_create;
   screen->resource_create = noop_resource_create;
   screen->resource_destroy = noop_resource_destroy;
   screen->resource_from_handle = noop_resource_from_handle;
   screen->resource_get_handle = noop_resource_get_handle;
   screen->fence_reference = noop_fence_reference;
   screen->fence_finish = noop_fence_finish;
   screen->get_timestamp = noop_get_timestamp;
   return screen;
}
