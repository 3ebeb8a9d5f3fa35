/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The test scene (render_scene.h).  Layout of what it builds, after the
 * hardware facts (alexvorxx/Mesa-VirGL src/asahi/genxml/cmdbuf.xml,
 * src/gallium/drivers/asahi/agx_state.c, agx_pipe.c, src/asahi/lib/
 * agx_bg_eot.c):
 *  - background program: st_tile of the clear colour, read from uniforms
 *    u0-u3 (a USC uniform word loads them), format u8norm at tilebuffer
 *    offset 0 (RGBA8 render target, 4 bytes a sample);
 *  - vertex shader: loads its vertex (x, y, z, w, then r, g, b, a) from a
 *    vertex buffer whose address is in u0_u1, indexed by the vertex id in
 *    r5, and writes the position to output words 0-3, the colour to 4-7;
 *  - fragment shader: the constant colour from uniforms, or the colour
 *    varying through coefficient registers (cf0 = 1/w at slot 0, cf1-cf4 =
 *    the colour at slots 1-4), then st_tile;
 *  - end-of-tile program: image_write_block of tilebuffer offset 0 through
 *    the PBE descriptor bound at texture state 0.
 */

#include "render_scene.h"
#include "sim_test_texture.h"

#include <stdio.h>
#include <string.h>

#include "asahi/genxml/agx_pack.h"
#include "asahi/isa/agx_isa.h"
#include "asahi/layout/layout.h"
#include "util/ralloc.h"

struct builder {
   const struct scene_mem *m;
   unsigned samples;
   char *err;
   size_t err_size;
   bool failed;
};

static void *
alloc(struct builder *b, size_t size, unsigned align, bool usc, uint64_t *va)
{
   void *p = b->failed ? NULL : b->m->alloc(b->m->user, size, align, usc, va);
   if (!p && !b->failed) {
      snprintf(b->err, b->err_size, "out of scene memory");
      b->failed = true;
   }
   if (p)
      memset(p, 0, size);
   return p;
}

static unsigned scene_samples(const struct scene_params *p)
{
   return p->samples > 1 ? p->samples : 1;
}

/* Replace every `from` in text by `to` (into out, at most size bytes). */
static void
replace_all(const char *text, const char *from, const char *to, char *out,
            size_t size)
{
   size_t n = 0, lf = strlen(from), lt = strlen(to);
   while (*text && n + 1 < size) {
      if (!strncmp(text, from, lf) && n + lt + 1 < size) {
         memcpy(out + n, to, lt);
         n += lt;
         text += lf;
      } else {
         out[n++] = *text++;
      }
   }
   out[n] = 0;
}

/* Assemble source into the shader heap; the USC offset of the code.  For
 * 4x MSAA, tilebuffer stores write every sample and the block store
 * takes the multisampled dimension. */
static uint32_t
shader(struct builder *b, const char *text)
{
   char adapted[1024], tmp[1024];
   const char *source = text;
   if (b->samples == 4) {
      replace_all(text, "xyzw, 0, 1, 0", "xyzw, 0, 15, 0", tmp, sizeof(tmp));
      replace_all(tmp, "r2_r3, 0, ts0, tex_2d,",
                  "r2l_r2h_r3l, 0, ts0, tex_2d_ms,", adapted,
                  sizeof(adapted));
      source = adapted;
   }
   void *ctx = ralloc_context(NULL);
   uint8_t *code;
   size_t size;
   char msg[256];
   uint32_t offset = 0;
   if (agx_isa_assemble(source, ctx, &code, &size, msg, sizeof(msg)) !=
       AGX_ISA_OK) {
      if (!b->failed)
         snprintf(b->err, b->err_size, "assembler: %s", msg);
      b->failed = true;
   } else {
      uint64_t va;
      uint8_t *p = alloc(b, size + 16, 64, true, &va);
      if (p) {
         memcpy(p, code, size);
         offset = (uint32_t)(va - b->m->usc_base);
      }
   }
   ralloc_free(ctx);
   return offset;
}

/* 16 bytes of uniform data: four floats. */
static uint64_t
vec4_data(struct builder *b, const float v[4])
{
   uint64_t va = 0;
   float *p = alloc(b, 16, 16, false, &va);
   if (p)
      memcpy(p, v, 16);
   return va;
}

/* A USC word list: optional uniforms (8 halves from uniforms_va into
 * u0-u3), optional texture state 0, the shader, its registers.  Returns
 * the list's USC offset. */
static uint32_t
word_list_sampled(struct builder *b, uint64_t uniforms_va,
                  uint64_t texture_va, uint64_t sampler_va, uint32_t code);

static uint32_t
word_list(struct builder *b, uint64_t uniforms_va, uint64_t texture_va,
          uint32_t code)
{
   return word_list_sampled(b, uniforms_va, texture_va, 0, code);
}

static uint32_t
word_list_sampled(struct builder *b, uint64_t uniforms_va,
                  uint64_t texture_va, uint64_t sampler_va, uint32_t code)
{
   uint64_t va = 0;
   uint8_t *p = alloc(b, 64, 64, true, &va);
   if (!p)
      return 0;
   uint8_t *w = p;
   if (uniforms_va) {
      agx_pack(w, USC_UNIFORM, cfg) {
         cfg.start = 0;
         cfg.size = 8;
         cfg.buffer = uniforms_va;
      }
      w += AGX_USC_UNIFORM_LENGTH;
   }
   if (texture_va) {
      agx_pack(w, USC_TEXTURE, cfg) {
         cfg.start = 0;
         cfg.count = 1;
         cfg.buffer = texture_va;
      }
      w += AGX_USC_TEXTURE_LENGTH;
   }
   if (sampler_va) {
      agx_pack(w, USC_SAMPLER, cfg) {
         cfg.start = 0;
         cfg.count = 1;
         cfg.buffer = sampler_va;
      }
      w += AGX_USC_SAMPLER_LENGTH;
   }
   agx_pack(w, USC_SHADER, cfg) {
      cfg.code = code;
   }
   w += AGX_USC_SHADER_LENGTH;
   agx_pack(w, USC_REGISTERS, cfg) {
      cfg.gprs = 16;
   }
   w += AGX_USC_REGISTERS_LENGTH;
   agx_pack(w, USC_NO_PRESHADER, cfg)
      ;
   return (uint32_t)(va - b->m->usc_base);
}

void
scene_window_to_clip(const struct scene_params *p, float wx, float wy,
                     float w, float out[4])
{
   out[0] = (2.0f * wx / p->width - 1.0f) * w;
   out[1] = (2.0f * wy / p->height - 1.0f) * w;
   out[2] = 0.5f * w;
   out[3] = w;
}

static const char *const bg_source =
   "iadd r0, u0, 0\n"
   "iadd r1, u1, 0\n"
   "iadd r2, u2, 0\n"
   "iadd r3, u3, 0\n"
   "st_tile r0_r1_r2_r3, u8norm, 0, xyzw, 0, 1, 0\n"
   "stop\n";

static const char *const vs_source =
   "iadd r7, r5, r5\n"
   "iadd r12, r7, 1\n"
   "device_load 0, i32, xyzw, r8_r9_r10_r11, u0_u1, r7, unsigned, lsl 2\n"
   "device_load 0, i32, xyzw, r13_r14_r15_r16, u0_u1, r12, unsigned, "
   "lsl 2\n"
   "wait 0\n"
   "st_var 0, r8, 0\n"
   "st_var 0, r9, 1\n"
   "st_var 0, r10, 2\n"
   "st_var 0, r11, 3\n"
   "st_var 0, r13, 4\n"
   "st_var 0, r14, 5\n"
   "st_var 0, r15, 6\n"
   "st_var_final 0, r16, 7\n"
   "stop\n";

/* The same, with the alpha also stored as clip distance 0 (word 8). */
static const char *const vs_clip_source =
   "iadd r7, r5, r5\n"
   "iadd r12, r7, 1\n"
   "device_load 0, i32, xyzw, r8_r9_r10_r11, u0_u1, r7, unsigned, lsl 2\n"
   "device_load 0, i32, xyzw, r13_r14_r15_r16, u0_u1, r12, unsigned, "
   "lsl 2\n"
   "wait 0\n"
   "st_var 0, r8, 0\n"
   "st_var 0, r9, 1\n"
   "st_var 0, r10, 2\n"
   "st_var 0, r11, 3\n"
   "st_var 0, r13, 4\n"
   "st_var 0, r14, 5\n"
   "st_var 0, r15, 6\n"
   "st_var 0, r16, 7\n"
   "st_var_final 0, r16, 8\n"
   "stop\n";

static const char *const fs_constant_source =
   "iadd r0, u0, 0\n"
   "iadd r1, u1, 0\n"
   "iadd r2, u2, 0\n"
   "iadd r3, u3, 0\n"
   "st_tile r0_r1_r2_r3, u8norm, 0, xyzw, 0, 1, 0\n"
   "stop\n";

static const char *const fs_iter_source =
   "iter r0_r1_r2_r3, cf1, center, 0b0, 0, 0, 0, 0, 0\n"
   "st_tile r0_r1_r2_r3, u8norm, 0, xyzw, 0, 1, 0\n"
   "stop\n";

static const char *const fs_iterproj_source =
   "iterproj r0_r1_r2_r3, cf1, cf0, center, 0b0, 0, 0, 0, 0, 0\n"
   "st_tile r0_r1_r2_r3, u8norm, 0, xyzw, 0, 1, 0\n"
   "stop\n";

static const char *const fs_textured_source =
   "iter r4_r5, cf1, center, 0b0, 0, 0, 0, 0, 0\n"
   "texture_sample 0, 0b0000, 0b0, none, xyzw, 0b00, "
   "r0_r1_r2_r3, ts0, ss0, tex_2d, r4_r5, auto_lod, 0\n"
   "wait 0\n"
   "st_tile r0_r1_r2_r3, u8norm, 0, xyzw, 0, 1, 0\n"
   "stop\n";

/* The resolve: texel fetches of samples 0-3 of the pixel (x, y from the
 * grid position, the sample index in the 16-bit half after them: Mesa
 * agx_nir_lower_texture.c), summed and scaled by 1/4. */
#define RESOLVE_FETCH(s, dst)                                                  \
   "mov_imm r6l, " #s "\n"                                                     \
   "texture_load 0, 0b1100, 0b0, none, xyzw, 0b00, " dst ", ts0, ss0, "        \
   "tex_2d_ms, r4l_r4h_r5l_r5h_r6l, auto_lod, 0\n"                             \
   "wait 0\n"
#define RESOLVE_ADD                                                            \
   "fadd32 r0, r0, r8\n"                                                       \
   "fadd32 r1, r1, r9\n"                                                       \
   "fadd32 r2, r2, r10\n"                                                      \
   "fadd32 r3, r3, r11\n"

static const char *const fs_resolve_source =
   "get_sr r4, sr80\n"
   "get_sr r5, sr81\n"
   RESOLVE_FETCH(0, "r0_r1_r2_r3")
   RESOLVE_FETCH(1, "r8_r9_r10_r11") RESOLVE_ADD
   RESOLVE_FETCH(2, "r8_r9_r10_r11") RESOLVE_ADD
   RESOLVE_FETCH(3, "r8_r9_r10_r11") RESOLVE_ADD
   "fmul32 r0, r0, 0.25\n"
   "fmul32 r1, r1, 0.25\n"
   "fmul32 r2, r2, 0.25\n"
   "fmul32 r3, r3, 0.25\n"
   "st_tile r0_r1_r2_r3, u8norm, 0, xyzw, 0, 1, 0\n"
   "stop\n";

/* The red flat varying's C coefficient, its 32 bits as they are. */
static const char *const fs_flat_bits_source =
   "TODO.ldcf r0_r1_r2, cf1\n"
   "st_tile r2, i32, 0, x, 0, 1, 0\n"
   "stop\n";

/* The pixel's coverage mask into the red byte of its covered samples. */
static const char *const fs_coverage_source =
   "get_sr r0, sr60\n"
   "st_tile r0, i8, 0, x, 0, 15, 0\n"
   "stop\n";

/* A texture descriptor of a w x h RGBA8 unorm image at address:
 * dimension 2D_MS is 4x multisampled; a linear image (not twiddled) has
 * rows stride bytes apart. */
static uint64_t
rgba8_texture(struct builder *b, enum agx_texture_dimension dimension,
              unsigned w, unsigned h, uint64_t address, bool twiddled,
              unsigned stride)
{
   uint64_t va = 0;
   uint8_t *d = alloc(b, AGX_TEXTURE_LENGTH, 64, false, &va);
   if (!d)
      return 0;
   struct AGX_TEXTURE cfg = sim_test_rgba8(dimension, w, h, address);
   if (dimension == AGX_TEXTURE_DIMENSION_2D_MS)
      cfg.samples = AGX_SAMPLE_COUNT_4;
   if (!twiddled) {
      cfg.layout = AGX_LAYOUT_LINEAR;
      /* Packed as bytes - 16 (the texture unit adds them back). */
      cfg.stride = stride - 16;
   }
   AGX_TEXTURE_pack(d, &cfg);
   return va;
}

/* The texture descriptor of the resolve's 4x source. */
static uint64_t
resolve_texture(struct builder *b, const struct scene_params *p)
{
   return rgba8_texture(b, AGX_TEXTURE_DIMENSION_2D_MS, p->width, p->height,
                        p->resolve_src_va, true, 0);
}

/* The 4x4 texture, twiddled, and its texture and sampler descriptors. */
static void
texture(struct builder *b, const struct scene_params *p, uint64_t *tex_va,
        uint64_t *sampler_va)
{
   struct ail_layout l = {
      .width_px = 4,
      .height_px = 4,
      .depth_px = 1,
      .sample_count_sa = 1,
      .levels = 1,
      .tiling = AIL_TILING_TWIDDLED,
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
   };
   ail_make_miptree(&l);
   uint64_t data_va = 0;
   uint8_t *data = alloc(b, l.size_B, 128, false, &data_va);
   if (!data)
      return;
   for (unsigned j = 0; j < 4; j++) {
      for (unsigned i = 0; i < 4; i++) {
         uint64_t off = 0;
         ail_get_element_offset_B(&l, 0, i, j, &off);
         const uint8_t t[4] = {(uint8_t)(60 * i), (uint8_t)(60 * j), 100, 255};
         memcpy(data + off, t, 4);
      }
   }
   *tex_va = rgba8_texture(b, AGX_TEXTURE_DIMENSION_2D, 4, 4, data_va, true,
                           0);
   uint8_t *s = alloc(b, AGX_SAMPLER_LENGTH, 64, false, sampler_va);
   if (!s)
      return;
   enum agx_filter f = p->linear_filter ? AGX_FILTER_LINEAR : AGX_FILTER_NEAREST;
   agx_pack(s, SAMPLER, cfg) {
      cfg.mag_filter = f;
      cfg.min_filter = f;
      cfg.mip_filter = AGX_MIP_FILTER_NONE;
      cfg.wrap_s = AGX_WRAP_CLAMP_TO_EDGE;
      cfg.wrap_t = AGX_WRAP_CLAMP_TO_EDGE;
      cfg.wrap_r = AGX_WRAP_CLAMP_TO_EDGE;
   }
}

static const char *const eot_source =
   "mov_imm r4l, 0\n"
   "image_write_block r4l, r2_r3, 0, ts0, tex_2d, rte, u8norm, 0, 9, 1\n"
   "stop\n";

/* A layered render: the layer of this run (sr2, Mesa cmdbuf.xml's
 * "framebuffer layers" note) in the low half of the coordinate word of a
 * 2D array store (Mesa agx_emit_block_image_store). */
static const char *const eot_layered_source =
   "get_sr r2, sr2\n"
   "mov_imm r6l, 0\n"
   "image_write_block r6l, r2l_r2h_r3l_r3h_r4l, 0, ts0, tex_2d_array, rte, "
   "u8norm, 0, 9, 1\n"
   "stop\n";

static unsigned
scene_layers(const struct scene_params *p)
{
   return p->layers > 1 ? p->layers : 1;
}

const char scene_reload_bg_source[] =
   "get_sr r4, sr80\n"
   "get_sr r5, sr81\n"
   "texture_load 0, 0b1100, 0b0, none, xyzw, 0b00, r0_r1_r2_r3, ts0, ss0, "
   "tex_2d, r4_r5, auto_lod, 0\n"
   "wait 0\n"
   "st_tile r0_r1_r2_r3, u8norm, 0, xyzw, 0, 255, 0\n"
   "stop\n";

/* The render target as a texture (bg_reload): single-sample RGBA8. */
static uint64_t
target_texture(struct builder *b, const struct scene_params *p,
               const struct scene *s)
{
   return rgba8_texture(b, AGX_TEXTURE_DIMENSION_2D, p->width, p->height,
                        s->rt_va, p->twiddled, s->rt_stride);
}

static uint64_t
render_target(struct builder *b, const struct scene_params *p,
              struct scene *s)
{
   bool twiddled = p->twiddled || scene_samples(p) > 1 || p->layers > 1;
   struct ail_layout l = {
      .width_px = p->width,
      .height_px = p->height,
      .depth_px = scene_layers(p),
      .sample_count_sa = (uint8_t)scene_samples(p),
      .levels = 1,
      .tiling = twiddled ? AIL_TILING_TWIDDLED : AIL_TILING_LINEAR,
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .linear_stride_B = twiddled ? 0 : (p->width * 4 + 15) & ~15u,
      .renderable = true,
   };
   if (ail_make_miptree(&l) != AIL_OK) {
      snprintf(b->err, b->err_size, "ail refuses the render target");
      b->failed = true;
      return 0;
   }
   s->rt_size = l.size_B;
   s->rt_stride = l.linear_stride_B;
   s->rt = alloc(b, s->rt_size, 128, false, &s->rt_va);
   if (!s->rt)
      return 0;

   uint64_t va = 0;
   uint8_t *d = alloc(b, AGX_PBE_LENGTH, 64, false, &va);
   if (!d)
      return 0;
   agx_pack(d, PBE, cfg) {
      cfg.dimension = scene_samples(p) > 1 ? AGX_TEXTURE_DIMENSION_2D_MS
                                           : AGX_TEXTURE_DIMENSION_2D;
      cfg.samples = AGX_SAMPLE_COUNT_4;
      cfg.layout = twiddled ? AGX_LAYOUT_TWIDDLED : AGX_LAYOUT_LINEAR;
      cfg.channels = AGX_CHANNELS_R8G8B8A8;
      cfg.type = AGX_TEXTURE_TYPE_UNORM;
      cfg.swizzle_r = AGX_CHANNEL_R;
      cfg.swizzle_g = AGX_CHANNEL_G;
      cfg.swizzle_b = AGX_CHANNEL_B;
      cfg.swizzle_a = AGX_CHANNEL_A;
      cfg.width = p->width;
      cfg.height = p->height;
      cfg.buffer = s->rt_va;
      if (p->layers > 1) {
         cfg.dimension = AGX_TEXTURE_DIMENSION_2D_ARRAY;
         cfg.page_aligned_layers = l.page_aligned_layers;
      }
      if (twiddled) {
         cfg.levels = 1;
         cfg.layers = scene_layers(p);
      } else {
         /* The linear stride, packed as bytes - 4 (Mesa agx_state.c). */
         cfg.stride = s->rt_stride - 4;
      }
   }
   return va;
}

/* The twiddled, renderable layout of the scene's depth (Z32_FLOAT) or
 * stencil (S8_UINT) buffer. */
static struct ail_layout
zs_layout(const struct scene_params *p, enum pipe_format format)
{
   struct ail_layout l = {
      .width_px = p->width,
      .height_px = p->height,
      .depth_px = 1,
      .sample_count_sa = 1,
      .levels = 1,
      .tiling = AIL_TILING_TWIDDLED,
      .format = format,
      .renderable = true,
   };
   ail_make_miptree(&l);
   return l;
}

uint8_t
scene_stencil(const struct scene_params *p, const struct scene *s,
              unsigned x, unsigned y)
{
   struct ail_layout l = zs_layout(p, PIPE_FORMAT_S8_UINT);
   uint64_t off = 0;
   ail_get_element_offset_B(&l, 0, x, y, &off);
   return s->stencil[off];
}

float
scene_depth(const struct scene_params *p, const struct scene *s, unsigned x,
            unsigned y)
{
   struct ail_layout l = zs_layout(p, PIPE_FORMAT_Z32_FLOAT);
   uint64_t off = 0;
   ail_get_element_offset_B(&l, 0, x, y, &off);
   float f;
   memcpy(&f, s->depth + off, 4);
   return f;
}

static void
vdm_stream(struct builder *b, const struct scene_params *p, uint32_t vs_words,
           uint32_t fs_words, uint32_t cf_table, unsigned nr_bindings,
           uint64_t index_va, uint64_t *stream_va)
{
   /* PPP update: viewport, cull, fragment shader. */
   uint64_t ppp_va = 0;
   uint8_t *ppp = alloc(b, 256, 64, false, &ppp_va);
   uint8_t *vdm = alloc(b, 256, 64, false, stream_va);
   if (!ppp || !vdm)
      return;

   uint8_t *w = ppp;
   agx_pack(w, PPP_HEADER, cfg) {
      cfg.fragment_control = true;
      cfg.front_face = true;
      cfg.front_stencil = p->stencil_test;
      cfg.back_face = true;
      cfg.back_stencil = p->stencil_test;
      cfg.depth_bias_scissor = true;
      cfg.region_clip = p->two_viewports;
      cfg.viewport = true;
      cfg.viewport_count = p->two_viewports ? 2 : 1;
      cfg.output_select = true;
      cfg.cull = true;
      cfg.fragment_shader = true;
      cfg.occlusion_query = p->occlusion;
      cfg.output_size = true;
   }
   w += AGX_PPP_HEADER_LENGTH;
   agx_pack(w, FRAGMENT_CONTROL, cfg) {
      cfg.scissor_enable = p->scissor;
      cfg.depth_bias_enable = p->depth_bias;
      cfg.stencil_test_enable = p->stencil_test;
      cfg.visibility_mode = p->occlusion ? AGX_VISIBILITY_MODE_COUNTING
                                         : AGX_VISIBILITY_MODE_NONE;
   }
   w += AGX_FRAGMENT_CONTROL_LENGTH;
   for (unsigned face = 0; face < 2; face++) {
      agx_pack(w, FRAGMENT_FACE, cfg) {
         cfg.depth_function =
            p->depth_test ? AGX_ZS_FUNC_LESS : AGX_ZS_FUNC_ALWAYS;
         cfg.disable_depth_write = !p->depth_test;
         cfg.polygon_mode = (enum agx_polygon_mode)p->polygon_mode;
         cfg.line_width = 15; /* 1 pixel: (15 + 1) / 16 */
         cfg.stencil_reference = 1;
      }
      w += AGX_FRAGMENT_FACE_LENGTH;
      /* Then the face's stencil word (no face 2 words: bits clear). */
      if (p->stencil_test) {
         agx_pack(w, FRAGMENT_STENCIL, cfg) {
            cfg.compare = AGX_ZS_FUNC_NOT_EQUAL;
            cfg.read_mask = 0xff;
            cfg.write_mask = 0xff;
            cfg.depth_pass = AGX_STENCIL_OP_REPLACE;
            cfg.depth_fail = AGX_STENCIL_OP_KEEP;
            cfg.stencil_fail = AGX_STENCIL_OP_KEEP;
         }
         w += AGX_FRAGMENT_STENCIL_LENGTH;
      }
   }
   agx_pack(w, DEPTH_BIAS_SCISSOR, cfg) {
      cfg.scissor = 0;
   }
   w += AGX_DEPTH_BIAS_SCISSOR_LENGTH;
   unsigned nr_viewports = p->two_viewports ? 2 : 1;
   for (unsigned i = 0; p->two_viewports && i < nr_viewports; i++) {
      agx_pack(w, REGION_CLIP, cfg) {
         cfg.enable = true;
         cfg.max_x = (p->width + 31) / 32;
         cfg.max_y = (p->height + 31) / 32;
      }
      w += AGX_REGION_CLIP_LENGTH;
   }
   agx_pack(w, VIEWPORT_CONTROL, cfg)
      ;
   w += AGX_VIEWPORT_CONTROL_LENGTH;
   for (unsigned i = 0; i < nr_viewports; i++) {
      agx_pack(w, VIEWPORT, cfg) {
         /* viewport 1: x onto [width / 2, width) */
         cfg.translate_x = i ? p->width * 0.75f : p->width / 2.0f;
         cfg.scale_x = i ? p->width / 4.0f : p->width / 2.0f;
         cfg.translate_y = p->height / 2.0f;
         cfg.scale_y = p->height / 2.0f;
         cfg.translate_z = 0.0f;
         cfg.scale_z = 1.0f;
      }
      w += AGX_VIEWPORT_LENGTH;
   }
   agx_pack(w, OUTPUT_SELECT, cfg) {
      cfg.varyings = p->shading != SCENE_CONSTANT;
      cfg.point_size = p->point_size;
      cfg.clip_distance_0 = p->clip_distance;
      cfg.render_target = p->layers > 1 || p->two_viewports;
      cfg.viewport_target = p->layers > 1 || p->two_viewports;
   }
   w += AGX_OUTPUT_SELECT_LENGTH;
   agx_pack(w, CULL, cfg) {
      cfg.flat_shading_vertex = AGX_PPP_VERTEX_2;
      cfg.depth_clip = p->depth_clip;
      cfg.depth_clamp = p->depth_clamp;
   }
   w += AGX_CULL_LENGTH;
   agx_pack(w, FRAGMENT_SHADER_WORD_0, cfg) {
      cfg.uniforms = 8;
      cfg.texture_states = 0;
      cfg.cf_bindings = nr_bindings;
   }
   w += 4;
   agx_pack(w, FRAGMENT_SHADER_WORD_1, cfg) {
      cfg.pipeline = fs_words;
   }
   w += 4;
   agx_pack(w, FRAGMENT_SHADER_WORD_2, cfg) {
      cfg.cf_bindings = cf_table;
   }
   w += 4;
   agx_pack(w, FRAGMENT_SHADER_WORD_3, cfg)
      ;
   w += 4;
   if (p->occlusion) {
      agx_pack(w, FRAGMENT_OCCLUSION_QUERY, cfg) {
         cfg.index = 1;
      }
      w += AGX_FRAGMENT_OCCLUSION_QUERY_LENGTH;
   }
   agx_pack(w, OUTPUT_SIZE, cfg) {
      cfg.count =
         p->clip_distance || p->layers > 1 || p->two_viewports ? 9 : 8;
   }
   w += AGX_OUTPUT_SIZE_LENGTH;
   uint32_t ppp_words = (uint32_t)(w - ppp) / 4;

   /* VDM: vertex state, the PPP update, the draw, the end. */
   uint8_t *v = vdm;
   /* (the restart index word comes first: the state stays 16 bytes, as
    * without it; scene_params says restart is not for flat_first) */
   unsigned r = p->restart ? 4 : 0;
   agx_pack(v, VDM_STATE, cfg) {
      cfg.restart_index_present = p->restart;
      cfg.vs_word_0_present = true;
      cfg.vs_word_1_present = true;
      cfg.vertex_unknown_present = p->flat_first && !p->restart;
   }
   if (p->restart) {
      agx_pack(v + 4, VDM_STATE_RESTART_INDEX, cfg) {
         cfg.value = 0xffff;
      }
   }
   agx_pack(v + 4 + r, VDM_STATE_VS_WORD_0, cfg) {
      cfg.uniforms = 8;
   }
   agx_pack(v + 8 + r, VDM_STATE_VS_WORD_1, cfg) {
      cfg.pipeline = vs_words;
   }
   if (!r)
      memset(v + 12, 0, 4);
   if (p->flat_first && !p->restart) {
      agx_pack(v + 12, VDM_STATE_VERTEX_UNKNOWN, cfg) {
         cfg.flat_shading_vertex = AGX_VDM_VERTEX_0;
      }
   }
   v += 16; /* padded to 8 bytes */
   agx_pack(v, PPP_STATE, cfg) {
      cfg.pointer_hi = (uint32_t)(ppp_va >> 32);
      cfg.pointer_lo = (uint32_t)ppp_va;
      cfg.size_words = ppp_words;
   }
   v += AGX_PPP_STATE_LENGTH;
   agx_pack(v, INDEX_LIST, cfg) {
      cfg.primitive =
         p->use_primitive ? p->primitive : AGX_PRIMITIVE_TRIANGLES;
      cfg.index_count_present = true;
      cfg.instance_count_present = true;
      cfg.start_present = true;
      if (index_va) {
         cfg.index_buffer_hi = (uint32_t)(index_va >> 32);
         cfg.restart_enable = p->restart;
         cfg.index_size = AGX_INDEX_SIZE_U16;
         cfg.index_buffer_present = true;
         cfg.index_buffer_size_present = true;
      }
   }
   v += 4;
   if (index_va) {
      agx_pack(v, INDEX_LIST_BUFFER_LO, cfg) {
         cfg.buffer_lo = (uint32_t)index_va;
      }
      v += 4;
   }
   agx_pack(v, INDEX_LIST_COUNT, cfg) {
      cfg.count = p->big_vertices ? p->nr_big_vertices
                  : p->nr_vertices ? p->nr_vertices : 3;
   }
   agx_pack(v + 4, INDEX_LIST_INSTANCES, cfg) {
      cfg.count = p->instances ? p->instances : 1;
   }
   agx_pack(v + 8, INDEX_LIST_START, cfg) {
      cfg.start = 0;
   }
   v += 12;
   if (index_va) {
      agx_pack(v, INDEX_LIST_BUFFER_SIZE, cfg) {
         cfg.size = sizeof(p->indices);
      }
      v += 4;
   }
   agx_pack(v, VDM_STREAM_TERMINATE, cfg)
      ;
}

/* The CF binding table of the varying fragment shaders: cf0 = 1/w (slot
 * 0, linear), cf1-cf4 = the colour (slots 1-4). */
static uint32_t
cf_table(struct builder *b, enum scene_shading shading, bool flat_first,
         bool primitive_id)
{
   uint64_t va = 0;
   uint8_t *t = alloc(b, 64, 64, true, &va);
   if (!t)
      return 0;
   agx_pack(t, CF_BINDING_HEADER, cfg) {
      cfg.slots = 5;
      cfg.coefficient_registers = 5;
   }
   agx_pack(t + 4, CF_BINDING, cfg) {
      cfg.components = 1;
      cfg.shade_model = AGX_SHADE_MODEL_LINEAR;
      cfg.source = AGX_COEFFICIENT_SOURCE_VARYING;
      cfg.base_slot = 0;
      cfg.base_cf = 0;
   }
   agx_pack(t + 8, CF_BINDING, cfg) {
      cfg.components = 4;
      cfg.shade_model = shading == SCENE_PERSPECTIVE
                           ? AGX_SHADE_MODEL_PERSPECTIVE
                        : shading != SCENE_FLAT && shading != SCENE_FLAT_BITS
                           ? AGX_SHADE_MODEL_LINEAR
                        : flat_first         ? AGX_SHADE_MODEL_FLAT_VERTEX_0
                                                : AGX_SHADE_MODEL_FLAT_VERTEX_2;
      cfg.source = primitive_id ? AGX_COEFFICIENT_SOURCE_PRIMITIVE_ID
                                : AGX_COEFFICIENT_SOURCE_VARYING;
      cfg.base_slot = 1;
      cfg.base_cf = 1;
   }
   return (uint32_t)(va - b->m->usc_base);
}

bool
scene_build(const struct scene_mem *m, const struct scene_params *p,
            struct scene *out, char *err, size_t err_size)
{
   struct builder b = {m, scene_samples(p), err, err_size, false};
   memset(out, 0, sizeof(*out));

   uint64_t pbe = render_target(&b, p, out);

   /* Vertex buffer: per vertex, position then colour. */
   uint64_t vb_va = 0;
   unsigned nv = p->nr_vertices ? p->nr_vertices : 3;
   size_t vb_floats = p->big_vertices ? (size_t)p->nr_big_vertices * 8 : 48;
   float *vb = alloc(&b, vb_floats * sizeof(float), 16, false, &vb_va);
   if (vb && p->big_vertices) {
      memcpy(vb, p->big_vertices, vb_floats * sizeof(float));
   } else if (vb) {
      for (unsigned i = 0; i < nv; i++) {
         memcpy(vb + 8 * i, p->pos[i], 16);
         memcpy(vb + 8 * i + 4, p->vcolour[i], 16);
      }
   }
   uint64_t vs_uniforms = 0;
   uint64_t *u = alloc(&b, 16, 16, false, &vs_uniforms);
   if (u)
      u[0] = vb_va;

   const char *fs_source = p->shading == SCENE_CONSTANT ? fs_constant_source
                           : p->shading == SCENE_PERSPECTIVE
                              ? fs_iterproj_source
                           : p->shading == SCENE_TEXTURED ? fs_textured_source
                           : p->shading == SCENE_RESOLVE  ? fs_resolve_source
                           : p->shading == SCENE_COVERAGE ? fs_coverage_source
                           : p->shading == SCENE_FLAT_BITS
                              ? fs_flat_bits_source
                                                          : fs_iter_source;
   uint64_t tex_va = 0, sampler_va = 0;
   if (p->shading == SCENE_TEXTURED)
      texture(&b, p, &tex_va, &sampler_va);
   else if (p->shading == SCENE_RESOLVE)
      tex_va = resolve_texture(&b, p);
   const char *bg_code = p->bg_reload   ? scene_reload_bg_source
                         : p->bg_source ? p->bg_source
                                        : bg_source;
   uint64_t bg_tex = p->bg_reload ? target_texture(&b, p, out)
                                  : p->bg_texture_va;
   uint32_t bg = word_list(&b, vec4_data(&b, p->clear), bg_tex,
                           shader(&b, bg_code));
   uint32_t vs = word_list(&b, vs_uniforms, 0,
                           shader(&b, p->clip_distance || p->layers > 1 ||
                                            p->two_viewports
                                         ? vs_clip_source
                                         : vs_source));
   uint32_t fs = word_list_sampled(
      &b, p->shading == SCENE_CONSTANT ? vec4_data(&b, p->colour) : 0, tex_va,
      sampler_va, shader(&b, fs_source));
   uint32_t eot = word_list(
      &b, 0, pbe,
      shader(&b, p->layers > 1 ? eot_layered_source : eot_source));
   bool varying =
      p->shading != SCENE_CONSTANT && p->shading != SCENE_RESOLVE &&
      p->shading != SCENE_COVERAGE;
   uint32_t cf = varying ? cf_table(&b, p->shading, p->flat_first,
                                       p->primitive_id)
                        : 0;

   uint64_t index_va = 0;
   if (p->indexed) {
      uint16_t *ib = alloc(&b, sizeof(p->indices), 16, false, &index_va);
      if (ib)
         memcpy(ib, p->indices, sizeof(p->indices));
   }
   uint64_t scissor_va = 0;
   if (p->scissor) {
      unsigned n = p->two_viewports ? 2 : 1;
      uint8_t *sc =
         alloc(&b, n * AGX_SCISSOR_LENGTH, 16, false, &scissor_va);
      for (unsigned i = 0; sc && i < n; i++) {
         const uint16_t *r = i ? p->scissor_rect_1 : p->scissor_rect;
         agx_pack(sc + i * AGX_SCISSOR_LENGTH, SCISSOR, cfg) {
            cfg.min_x = r[0];
            cfg.min_y = r[1];
            cfg.max_x = r[2];
            cfg.max_y = r[3];
            cfg.min_z = p->depth_clamp ? p->clamp_z[0] : 0.0f;
            cfg.max_z = p->depth_clamp ? p->clamp_z[1] : 1.0f;
         }
      }
   }
   uint64_t dbias_va = 0;
   if (p->depth_bias) {
      uint8_t *db = alloc(&b, AGX_DEPTH_BIAS_LENGTH, 16, false, &dbias_va);
      if (db) {
         agx_pack(db, DEPTH_BIAS, cfg) {
            cfg.constant = p->depth_bias_record[0];
            cfg.slope_scale = p->depth_bias_record[1];
            cfg.clamp = p->depth_bias_record[2];
         }
      }
   }
   uint64_t query_va = 0;
   if (p->occlusion)
      out->queries = alloc(&b, 16, 16, false, &query_va);
   uint64_t stencil_va = 0;
   if (p->stencil_test) {
      struct ail_layout l = zs_layout(p, PIPE_FORMAT_S8_UINT);
      out->stencil = alloc(&b, l.size_B, 128, false, &stencil_va);
   }
   uint64_t depth_va = 0;
   if (p->depth_test) {
      struct ail_layout l = zs_layout(p, PIPE_FORMAT_Z32_FLOAT);
      out->depth = alloc(&b, l.size_B, 128, false, &depth_va);
   }

   uint64_t stream = 0;
   vdm_stream(&b, p, vs, fs, cf, varying ? 2 : 0, index_va, &stream);
   if (b.failed)
      return false;

   struct drm_asahi_cmd_render *c = &out->cmd;
   c->flags = p->process_empty_tiles ? DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES
                                     : 0;
   c->vdm_ctrl_stream_base = stream;
   c->ppp_ctrl = 0x202;
   c->width_px = (uint16_t)p->width;
   c->height_px = (uint16_t)p->height;
   c->layers = (uint16_t)scene_layers(p);
   c->utile_width_px = (uint8_t)p->tile_w;
   c->utile_height_px = (uint8_t)p->tile_h;
   c->samples = (uint8_t)scene_samples(p);
   c->sample_size_B = 4;
   c->isp_zls_pixels = (p->width - 1) | (p->height - 1) << 15;
   /* Sample positions (Mesa agx_default_sample_positions). */
   c->ppp_multisamplectl = scene_samples(p) == 4 ? 0xeaa26e26 : 0x88;
   /* USC offsets with the tag bits Mesa ORs in (agx_pipe.c: | 4). */
   c->bg.usc = bg | 4;
   c->eot.usc = eot | 4;
   c->partial_bg.usc = bg | 4;
   c->partial_eot.usc = eot | 4;
   c->isp_scissor_base = scissor_va;
   c->isp_dbias_base = dbias_va;
   c->isp_oclqry_base = query_va;
   c->depth.base = depth_va;
   c->stencil.base = stencil_va;
   memcpy(&c->isp_bgobjdepth, &p->depth_clear, 4);
   c->isp_bgobjvals = 0x300; /* stencil clear 0 (Mesa: 0x300 | value) */
   uint8_t zls[8];
   agx_pack(zls, ZLS_CONTROL, cfg) {
      cfg.z_store_enable = p->depth_test;
      cfg.s_store_enable = p->stencil_test;
      cfg.z_format = AGX_ZLS_FORMAT_32F;
   }
   memcpy(&c->zls_ctrl, zls, 8);
   return true;
}

const uint8_t *
scene_layer_pixel(const struct scene_params *p, const struct scene *s,
                  unsigned layer, unsigned x, unsigned y)
{
   struct ail_layout l = {
      .width_px = p->width,
      .height_px = p->height,
      .depth_px = scene_layers(p),
      .sample_count_sa = 1,
      .levels = 1,
      .tiling = AIL_TILING_TWIDDLED,
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .renderable = true,
   };
   uint64_t off = 0;
   ail_make_miptree(&l);
   ail_get_element_offset_B(&l, 0, x, y, &off);
   return s->rt + ail_get_layer_level_B(&l, layer, 0) + off;
}

const uint8_t *
scene_pixel(const struct scene_params *p, const struct scene *s, unsigned x,
            unsigned y)
{
   return scene_sample(p, s, x, y, 0);
}

const uint8_t *
scene_sample(const struct scene_params *p, const struct scene *s, unsigned x,
             unsigned y, unsigned sample)
{
   if (!p->twiddled && scene_samples(p) == 1)
      return s->rt + (size_t)y * s->rt_stride + 4 * x;
   struct ail_layout l = {
      .width_px = p->width,
      .height_px = p->height,
      .depth_px = 1,
      .sample_count_sa = (uint8_t)scene_samples(p),
      .levels = 1,
      .tiling = AIL_TILING_TWIDDLED,
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .renderable = true,
   };
   uint64_t off = 0;
   ail_make_miptree(&l);
   ail_get_element_offset_B(&l, 0, x, y, &off);
   return s->rt + off + 4 * sample;
}

size_t
scene_cmdbuf(const struct scene *s, uint8_t *buf, size_t size)
{
   struct drm_asahi_cmd_header h = {
      .cmd_type = DRM_ASAHI_CMD_RENDER,
      .size = sizeof(s->cmd),
      .vdm_barrier = 0,
      .cdm_barrier = 0,
   };
   if (size < sizeof(h) + sizeof(s->cmd))
      return 0;
   memcpy(buf, &h, sizeof(h));
   memcpy(buf + sizeof(h), &s->cmd, sizeof(s->cmd));
   return sizeof(h) + sizeof(s->cmd);
}
