/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The asahi screen: device, queue and timeline; capabilities of the M1
 * family as far as this driver implements them (OpenGL ES 3.0); format
 * support; fences.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xf86drm.h>

#include "util/log.h"
#include "util/u_inlines.h"

#include "agx_formats.h"
#include "agx_public.h"
#include "agx_state.h"

struct pipe_fence_handle {
   struct pipe_reference reference;
   uint64_t seqno;
};

static const char *
agx_get_name(struct pipe_screen *pscreen)
{
   return agx_screen(pscreen)->name;
}

static const char *
agx_get_vendor(struct pipe_screen *pscreen)
{
   return "asahi-gl";
}

static const char *
agx_get_device_vendor(struct pipe_screen *pscreen)
{
   return "Apple";
}

static int
agx_get_param(struct pipe_screen *pscreen, enum pipe_cap param)
{
   switch (param) {
   case PIPE_CAP_OCCLUSION_QUERY:
   case PIPE_CAP_QUERY_TIMESTAMP:
   case PIPE_CAP_QUERY_TIME_ELAPSED:
   case PIPE_CAP_NPOT_TEXTURES:
   case PIPE_CAP_TEXTURE_SWIZZLE:
   case PIPE_CAP_BLEND_EQUATION_SEPARATE:
   case PIPE_CAP_INDEP_BLEND_ENABLE:
   case PIPE_CAP_INDEP_BLEND_FUNC:
   case PIPE_CAP_FRAGMENT_SHADER_DERIVATIVES:
   case PIPE_CAP_PRIMITIVE_RESTART:
   case PIPE_CAP_PRIMITIVE_RESTART_FIXED_INDEX:
   case PIPE_CAP_INSTANCE_ID:
   case PIPE_CAP_VERTEX_ELEMENT_INSTANCE_DIVISOR:
   case PIPE_CAP_START_INSTANCE:
   case PIPE_CAP_VS_INSTANCEID:
   case PIPE_CAP_UMA:
   case PIPE_CAP_SHAREABLE_SHADERS:
   case PIPE_CAP_ACCELERATED:
   case PIPE_CAP_DMABUF:
   case PIPE_CAP_TEXRECT: /* the sampler's pixel coordinates bit */
      return 1;
   /* GL 3.2 / Mesa's asahi driver reports these too (alexvorxx/Mesa-VirGL
    * src/gallium/drivers/asahi/agx_pipe.c): multisample textures (2D MS
    * and 2D MS array descriptors, read by texture_load with a sample
    * index); depth clipping can be off, the PPP cull word's depth clamp
    * then clamping to the scissor record's depth range (agx_context.c);
    * cube maps filter across faces unless the sampler's "seamful cube
    * maps" bit is set (genxml; agx_texture.c sets it from the sampler
    * state); cube map arrays have a texture dimension of their own,
    * counting cubes in the descriptor's depth (agx_descriptors.c). */
   case PIPE_CAP_TEXTURE_MULTISAMPLE:
   case PIPE_CAP_DEPTH_CLIP_DISABLE:
   case PIPE_CAP_SEAMLESS_CUBE_MAP:
   case PIPE_CAP_CUBE_MAP_ARRAY:
      return 1;
   /* ARB_sample_shading: draws shaded once per sample
    * (agx_sample_shading.c). */
   case PIPE_CAP_SAMPLE_SHADING:
      return 1;
   case PIPE_CAP_MAX_TEXTURE_2D_SIZE:
      return 16384;
   /* Buffer textures: linear 2D images AGX_BUFFER_TEXTURE_WIDTH texels
    * wide and at most 16384 rows (agx_texture.c).  The descriptor's
    * address has 16-byte granularity (genxml "address", shift 4); views
    * start on 64 bytes, as Mesa's driver asks of them (fact:
    * alexvorxx/Mesa-VirGL src/gallium/drivers/asahi/agx_pipe.c,
    * PIPE_CAP_TEXTURE_BUFFER_OFFSET_ALIGNMENT). */
   case PIPE_CAP_TEXTURE_BUFFER_OBJECTS:
      return 1;
   case PIPE_CAP_TEXTURE_BUFFER_OFFSET_ALIGNMENT:
      return 64;
   case PIPE_CAP_MAX_TEXEL_BUFFER_ELEMENTS:
      return AGX_BUFFER_TEXTURE_WIDTH * 16384;
   case PIPE_CAP_MAX_TEXTURE_3D_LEVELS:
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
   /* Gathers of any channel (texture_sample's gather_r/g/b/a modes,
    * applegpu), offsets packed 4 bits a component as for other lookups;
    * Mesa's driver reports the same (alexvorxx/Mesa-VirGL
    * src/gallium/drivers/asahi/agx_pipe.c). */
   case PIPE_CAP_MAX_TEXTURE_GATHER_COMPONENTS:
      return 4;
   case PIPE_CAP_MIN_TEXTURE_GATHER_OFFSET:
      return -8;
   case PIPE_CAP_MAX_TEXTURE_GATHER_OFFSET:
      return 7;
   /* ARB_gpu_shader5: the component select and the offsets above come
    * from registers as well (texture_sample's offset operand), four
    * offsets are four gathers; geometry shaders are run in software
    * (agx_gs.c), so their instance count and streams are limits of ours,
    * the spec's minimums (ARB_gpu_shader5, New State: 32 and 4). */
   case PIPE_CAP_TEXTURE_GATHER_SM5:
      return 1;
   case PIPE_CAP_MAX_GS_INVOCATIONS:
      return 32;
   case PIPE_CAP_MAX_VERTEX_STREAMS:
      return 4;
   /* The default uniform block is pushed from a CPU copy
    * (agx_set_constant_buffer): client memory saves a map. */
   case PIPE_CAP_USER_CONSTANT_BUFFERS:
      return 1;
   case PIPE_CAP_MAX_STREAM_OUTPUT_BUFFERS:
      return 4;
   case PIPE_CAP_MAX_STREAM_OUTPUT_SEPARATE_COMPONENTS:
   case PIPE_CAP_MAX_STREAM_OUTPUT_INTERLEAVED_COMPONENTS:
      return 64;
   case PIPE_CAP_GLSL_FEATURE_LEVEL:
      return 140;
   case PIPE_CAP_ESSL_FEATURE_LEVEL:
      return 300;
   case PIPE_CAP_CONSTANT_BUFFER_OFFSET_ALIGNMENT:
      return 16;
   case PIPE_CAP_MIN_MAP_BUFFER_ALIGNMENT:
      return 64;
   case PIPE_CAP_MAX_VIEWPORTS:
      /* a viewport and scissor box per primitive (agx_draw.c) */
      return AGX_MAX_VIEWPORTS;
   /* Blending is done in the fragment shader (agx_isel.c), which reads
    * the second colour of render target 0 (FRAG_RESULT_DUAL_SRC0). */
   case PIPE_CAP_MAX_DUAL_SOURCE_RENDER_TARGETS:
      return 1;
   /* Advanced equations too; coherent for free, as the shader reads the
    * tilebuffer in primitive order (wait_pix). */
   case PIPE_CAP_BLEND_EQUATION_ADVANCED:
      return 1;
   case PIPE_CAP_MAX_VERTEX_ATTRIB_STRIDE:
      return 2048;
   case PIPE_CAP_MAX_VERTEX_ELEMENT_SRC_OFFSET:
      return 0xffff;
   case PIPE_CAP_VIDEO_MEMORY:
      return 4096;
   case PIPE_CAP_VENDOR_ID:
      return 0x106b; /* Apple */
   case PIPE_CAP_DEVICE_ID:
      return (int)agx_screen(pscreen)->dev.params.chip_id;
   case PIPE_CAP_VS_LAYER_VIEWPORT:
      /* The layer word of the UVS (agx_isel.c assign_uvs). */
      return 1;
   /* Compute shaders and storage buffers (agx_compute.c).  Limits: a
    * threadgroup is at most 1024 threads (the simulator's and Mesa's
    * asahi limit) with 32 KiB of threadgroup memory (Mesa's
    * PIPE_COMPUTE_CAP_MAX_LOCAL_SIZE: alexvorxx/Mesa-VirGL
    * src/gallium/drivers/asahi/agx_pipe.c); the grid, GL's minimum of
    * 65535 workgroups per dimension (the CDM words hold threads in 32
    * bits).  Storage buffer bindings start on 16 bytes, like Mesa's. */
   case PIPE_CAP_COMPUTE:
      return 1;
   /* pipe_draw_indirect_info (agx_draw_indirect.c) */
   case PIPE_CAP_DRAW_INDIRECT:
      return 1;
   case PIPE_CAP_MAX_COMPUTE_GRID_SIZE_X:
   case PIPE_CAP_MAX_COMPUTE_GRID_SIZE_Y:
   case PIPE_CAP_MAX_COMPUTE_GRID_SIZE_Z:
      return 65535;
   case PIPE_CAP_MAX_COMPUTE_BLOCK_SIZE_X:
   case PIPE_CAP_MAX_COMPUTE_BLOCK_SIZE_Y:
   case PIPE_CAP_MAX_COMPUTE_BLOCK_SIZE_Z:
   case PIPE_CAP_MAX_COMPUTE_THREADS_PER_BLOCK:
      return 1024;
   case PIPE_CAP_MAX_COMPUTE_SHARED_MEMORY:
      return 32768;
   case PIPE_CAP_SHADER_BUFFER_OFFSET_ALIGNMENT:
      return 16;
   case PIPE_CAP_MAX_SHADER_BUFFER_SIZE:
      return 1 << 27;
   default:
      return 0;
   }
}

static float
agx_get_paramf(struct pipe_screen *pscreen, enum pipe_capf param)
{
   switch (param) {
   case PIPE_CAPF_MIN_LINE_WIDTH:
   case PIPE_CAPF_MIN_POINT_SIZE:
      return 1.0f;
   case PIPE_CAPF_MAX_LINE_WIDTH:
      return 16.0f; /* 4.4 fixed point in the Fragment Face word */
   case PIPE_CAPF_MAX_POINT_SIZE:
      return 511.95f;
   case PIPE_CAPF_MAX_TEXTURE_ANISOTROPY:
      return 16.0f;
   case PIPE_CAPF_MAX_TEXTURE_LOD_BIAS:
      return 16.0f;
   default:
      return 0.0f;
   }
}

static int
agx_get_shader_param(struct pipe_screen *pscreen, enum pipe_shader_type shader,
                     enum pipe_shader_cap param)
{
   /* Geometry shaders are emulated (agx_gs.c): up to AGX_GS_MAX_VERTICES
    * (256) emitted vertices, and GL 3.2's 1024 total output components,
    * are what the buffers are sized for. */
   if (shader != PIPE_SHADER_VERTEX && shader != PIPE_SHADER_FRAGMENT &&
       shader != PIPE_SHADER_GEOMETRY && shader != PIPE_SHADER_COMPUTE)
      return 0;
   /* Storage buffers in vertex, fragment and compute shaders
    * (agx_nir_lower_ssbo.c, agx_compute.c); not through the geometry
    * emulation yet. */
   /* images (agx_image.c, agx_nir_lower_image.c): fragment and compute.
    * Vertex shaders store and load images too (e2e-desktop-images-sim),
    * but piglit's coherency program fails its vertex-to-fragment subtest
    * then, so they are not offered yet; not through the geometry
    * emulation yet. */
   if (param == PIPE_SHADER_CAP_MAX_SHADER_IMAGES)
      return AGX_MAX_IMAGES;
   if (param == PIPE_SHADER_CAP_MAX_SHADER_BUFFERS)
      return shader == PIPE_SHADER_GEOMETRY ? 0 : AGX_MAX_SSBOS;
   if (shader == PIPE_SHADER_COMPUTE &&
       (param == PIPE_SHADER_CAP_MAX_INPUTS ||
        param == PIPE_SHADER_CAP_MAX_OUTPUTS))
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
      /* 64 KiB, as Mesa's asahi driver; words past the 128 pushed ones
       * are read from memory (agx_isel.c load_uniform_memory) */
      return 65536;
   case PIPE_SHADER_CAP_MAX_CONST_BUFFERS:
      return 1 + AGX_MAX_UBOS; /* default block + uniform blocks */
   case PIPE_SHADER_CAP_MAX_TEMPS:
      return 256;
   case PIPE_SHADER_CAP_INTEGERS:
   case PIPE_SHADER_CAP_INDIRECT_TEMP_ADDR:
   case PIPE_SHADER_CAP_INDIRECT_CONST_ADDR:
   case PIPE_SHADER_CAP_CONT_SUPPORTED:
      return 1;
   case PIPE_SHADER_CAP_MAX_TEXTURE_SAMPLERS:
   case PIPE_SHADER_CAP_MAX_SAMPLER_VIEWS:
      return 16;
   case PIPE_SHADER_CAP_SUPPORTED_IRS:
      return (1 << PIPE_SHADER_IR_NIR) | (1 << PIPE_SHADER_IR_NATIVE);
   default:
      return 0;
   }
}

static const struct nir_shader_compiler_options *
agx_get_compiler_options(struct pipe_screen *pscreen,
                         enum pipe_shader_type shader)
{
   return &agx_nir_options;
}

static bool
agx_vertex_format_supported(enum pipe_format format)
{
   /* BGRA bytes (GL 3.2 / ARB_vertex_array_bgra): the compiler loads the
    * four bytes and swizzles them. */
   if (format == PIPE_FORMAT_B8G8R8A8_UNORM)
      return true;
   /* The packed 2_10_10_10 formats (GL 3.3): the compiler loads the word
    * and extracts the fields (agx_isel.c, is_packed_1010102). */
   switch (format) {
   case PIPE_FORMAT_R10G10B10A2_UNORM:
   case PIPE_FORMAT_R10G10B10A2_SNORM:
   case PIPE_FORMAT_R10G10B10A2_USCALED:
   case PIPE_FORMAT_R10G10B10A2_SSCALED:
   case PIPE_FORMAT_R10G10B10A2_UINT:
   case PIPE_FORMAT_R10G10B10A2_SINT:
   case PIPE_FORMAT_B10G10R10A2_UNORM:
   case PIPE_FORMAT_B10G10R10A2_SNORM:
   case PIPE_FORMAT_B10G10R10A2_USCALED:
   case PIPE_FORMAT_B10G10R10A2_SSCALED:
      return true;
   default:
      break;
   }
   const struct util_format_description *d = util_format_description(format);
   if (!d || !d->is_array || d->nr_channels < 1 || d->nr_channels > 4 ||
       d->colorspace != UTIL_FORMAT_COLORSPACE_RGB)
      return false;
   for (unsigned i = 0; i < d->nr_channels; ++i) {
      const struct util_format_channel_description *c = &d->channel[i];
      if (d->swizzle[i] != i || c->size != d->channel[0].size ||
          c->type != d->channel[0].type ||
          c->normalized != d->channel[0].normalized)
         return false;
   }
   const struct util_format_channel_description *c = &d->channel[0];
   bool int_or_norm = (c->type == UTIL_FORMAT_TYPE_UNSIGNED ||
                       c->type == UTIL_FORMAT_TYPE_SIGNED) &&
                      (c->pure_integer || c->normalized);
   if (c->size == 32)
      return c->type == UTIL_FORMAT_TYPE_FLOAT ||
             (int_or_norm && c->pure_integer);
   if (c->size == 8 || c->size == 16)
      return int_or_norm;
   return false;
}

static bool
agx_is_format_supported(struct pipe_screen *pscreen, enum pipe_format format,
                        enum pipe_texture_target target, unsigned sample_count,
                        unsigned storage_sample_count, unsigned bindings)
{
   /* 2x and 4x multisampling for render targets and depth/stencil
    * (resolves are CPU blits for now).  Those are the counts the hardware
    * has: the texture and PBE descriptors' sample count is one bit, 2 or 4
    * (fact: alexvorxx/Mesa-VirGL src/asahi/genxml/cmdbuf.xml).
    */
   if (sample_count > 1) {
      if (sample_count != 2 && sample_count != 4)
         return false;
      /* 2D arrays too: multisample array textures (GL 3.2), rendered
       * one layer at a time. */
      /* (and multisample images: agx_image.c) */
      if ((target != PIPE_TEXTURE_2D && target != PIPE_TEXTURE_2D_ARRAY) ||
          !(bindings & (PIPE_BIND_RENDER_TARGET | PIPE_BIND_DEPTH_STENCIL |
                        PIPE_BIND_SHADER_IMAGE)))
         return false;
   }

   if (target == PIPE_BUFFER) {
      /* Vertex data: the attribute formats the compiler fetches
       * (agx_compile.h): 1-4 channels of 32-bit float or integer, or of
       * 8/16-bit normalised or integer values, in memory order (array
       * formats with identity swizzle).
       */
      if (bindings & PIPE_BIND_VERTEX_BUFFER) {
         if (!agx_vertex_format_supported(format))
            return false;
         bindings &= ~PIPE_BIND_VERTEX_BUFFER;
      }
      /* Buffer textures: the formats a texture descriptor reads (GL 3.1
       * table 3.15 has no 3-channel formats, which AGX cannot sample). */
      if (bindings & PIPE_BIND_SAMPLER_VIEW) {
         const struct util_format_description *d =
            util_format_description(format);
         if (!agx_format_info(format) || !d || d->nr_channels == 3 ||
             util_format_is_depth_or_stencil(format) ||
             util_format_is_compressed(format))
            return false;
         bindings &= ~PIPE_BIND_SAMPLER_VIEW;
      }
      bindings &= ~(PIPE_BIND_INDEX_BUFFER | PIPE_BIND_CONSTANT_BUFFER |
                    PIPE_BIND_STREAM_OUTPUT | PIPE_BIND_SHADER_BUFFER |
                    PIPE_BIND_COMMAND_ARGS_BUFFER | PIPE_BIND_QUERY_BUFFER);
      return bindings == 0 || format == PIPE_FORMAT_R8_UNORM;
   }

   if (bindings & PIPE_BIND_DEPTH_STENCIL) {
      /* Z24S8 and Z32F_S8X24 are stored as Z32F plus separate S8, Z24X8
       * as Z32F (AGX has no 24-bit depth; Mesa stores Z24 the same way:
       * alexvorxx/Mesa-VirGL src/gallium/drivers/asahi/agx_pipe.c). */
      if (format != PIPE_FORMAT_Z32_FLOAT && format != PIPE_FORMAT_Z16_UNORM &&
          format != PIPE_FORMAT_S8_UINT &&
          format != PIPE_FORMAT_Z24X8_UNORM &&
          format != PIPE_FORMAT_Z24_UNORM_S8_UINT &&
          format != PIPE_FORMAT_Z32_FLOAT_S8X24_UINT)
         return false;
      return !(bindings & (PIPE_BIND_RENDER_TARGET | PIPE_BIND_BLENDABLE));
   }

   /* Stencil views of Z24S8 and Z32F_S8X24 textures read their S8 plane
    * (agx_texture.c). */
   if (format == PIPE_FORMAT_X24S8_UINT ||
       format == PIPE_FORMAT_X32_S8X24_UINT)
      return bindings == PIPE_BIND_SAMPLER_VIEW;

   const struct agx_format_info *info = agx_format_info(format);
   if (!info)
      return false;

   if ((bindings & (PIPE_BIND_RENDER_TARGET | PIPE_BIND_BLENDABLE |
                    PIPE_BIND_DISPLAY_TARGET | PIPE_BIND_SCANOUT)) &&
       !info->renderable)
      return false;

   /* Render targets: formats the compiler's tilebuffer stores write
    * with the tilebuffer format the table gives. */
   if ((bindings & PIPE_BIND_RENDER_TARGET) &&
       agx_tib_format_of(format) != (int)info->tib_format)
      return false;

   if (bindings & PIPE_BIND_SHADER_BUFFER)
      return false;
   /* Shader images: formats the texture unit reads and the PBE writes
    * texel by texel (agx_image.c), not block-compressed ones. */
   if ((bindings & PIPE_BIND_SHADER_IMAGE) &&
       (util_format_is_compressed(format) ||
        util_format_is_depth_or_stencil(format)))
      return false;

   return true;
}

/* ---- fences ----------------------------------------------------------- */

static void
agx_fence_reference(struct pipe_screen *pscreen, struct pipe_fence_handle **dst,
                    struct pipe_fence_handle *src)
{
   struct pipe_fence_handle *old = *dst;
   if (pipe_reference(old ? &old->reference : NULL,
                      src ? &src->reference : NULL))
      free(old);
   *dst = src;
}

static bool
agx_fence_finish(struct pipe_screen *pscreen, struct pipe_context *pctx,
                 struct pipe_fence_handle *fence, uint64_t timeout)
{
   struct agx_screen *screen = agx_screen(pscreen);
   if (!fence)
      return true;
   if (timeout == 0) {
      uint64_t point = 0;
      if (drmSyncobjQuery(screen->dev.fd, &screen->timeline, &point, 1))
         return false;
      return point >= fence->seqno;
   }
   return agx_wait_seqno(screen, fence->seqno);
}

struct pipe_fence_handle *agx_fence_create(struct agx_screen *screen);

struct pipe_fence_handle *
agx_fence_create(struct agx_screen *screen)
{
   struct pipe_fence_handle *f = calloc(1, sizeof(*f));
   if (!f)
      return NULL;
   pipe_reference_init(&f->reference, 1);
   pthread_mutex_lock(&screen->submit_lock);
   f->seqno = screen->seqno;
   pthread_mutex_unlock(&screen->submit_lock);
   return f;
}

/* A sync file for the fence: the timeline point moved into a temporary
 * binary syncobj, exported.  -1 on failure.
 */
static int
agx_fence_get_fd(struct pipe_screen *pscreen, struct pipe_fence_handle *fence)
{
   struct agx_screen *screen = agx_screen(pscreen);
   uint32_t tmp = 0;
   int fd = -1;
   if (!fence || drmSyncobjCreate(screen->dev.fd, 0, &tmp))
      return -1;
   if (!drmSyncobjTransfer(screen->dev.fd, tmp, 0, screen->timeline,
                           fence->seqno, 0))
      drmSyncobjExportSyncFile(screen->dev.fd, tmp, &fd);
   drmSyncobjDestroy(screen->dev.fd, tmp);
   return fd;
}

static uint64_t
agx_get_timestamp(struct pipe_screen *pscreen)
{
   uint64_t ns = 0;
   agx_get_gpu_timestamp(&agx_screen(pscreen)->dev, &ns);
   return ns;
}

/* ---- creation --------------------------------------------------------- */

static void
agx_destroy_screen(struct pipe_screen *pscreen)
{
   struct agx_screen *screen = agx_screen(pscreen);
   if (screen->timeline)
      drmSyncobjDestroy(screen->dev.fd, screen->timeline);
   if (screen->usc_reserved)
      agx_bo_unreference(screen->usc_reserved);
   agx_queue_destroy(&screen->dev, screen->queue_id);
   agx_close_device(&screen->dev);
   pthread_mutex_destroy(&screen->submit_lock);
   pthread_mutex_destroy(&screen->bg_eot_lock);
   for (unsigned i = 0; i < AGX_BG_EOT_CACHE_SIZE; ++i)
      free(screen->bg_eot_cache[i].code);
   free(screen);
}

struct pipe_screen *
agx_screen_create(int fd)
{
   struct agx_screen *screen = calloc(1, sizeof(*screen));
   if (!screen) {
      close(fd);
      return NULL;
   }

   int ret = agx_open_device(&screen->dev, fd);
   if (ret) {
      u_loge("asahi",
             "cannot use the GPU device (fd %d): %s.  Is this an "
             "Apple GPU with the asahi kernel driver, or is a "
             "drm-shim preloaded (bin/asahi-run)?",
             fd, screen->dev.error[0] ? screen->dev.error : strerror(-ret));
      close(fd);
      free(screen);
      return NULL;
   }
   /* The fd is ours from now on. */
   screen->dev.owns_fd = true;

   ret = agx_queue_create(&screen->dev, DRM_ASAHI_PRIORITY_MEDIUM,
                          &screen->queue_id);
   if (!ret)
      ret = drmSyncobjCreate(screen->dev.fd, 0, &screen->timeline);
   if (ret) {
      u_loge("asahi", "cannot create a GPU queue: %s", screen->dev.error);
      agx_close_device(&screen->dev);
      free(screen);
      return NULL;
   }
   pthread_mutex_init(&screen->submit_lock, NULL);
   pthread_mutex_init(&screen->bg_eot_lock, NULL);
   screen->usc_reserved =
      agx_bo_create(&screen->dev, AGX_PAGE_SIZE, AGX_BO_EXEC, "usc reserve");

   snprintf(screen->name, sizeof(screen->name), "asahi (%s)", screen->dev.name);

   struct pipe_screen *p = &screen->base;
   p->destroy = agx_destroy_screen;
   p->get_name = agx_get_name;
   p->get_vendor = agx_get_vendor;
   p->get_device_vendor = agx_get_device_vendor;
   p->get_param = agx_get_param;
   p->get_paramf = agx_get_paramf;
   p->get_shader_param = agx_get_shader_param;
   p->get_compiler_options = agx_get_compiler_options;
   p->is_format_supported = agx_is_format_supported;
   p->context_create = agx_create_context;
   p->fence_reference = agx_fence_reference;
   p->fence_finish = agx_fence_finish;
   p->fence_get_fd = agx_fence_get_fd;
   p->get_timestamp = agx_get_timestamp;
   agx_init_resource_functions(p);
   return p;
}
