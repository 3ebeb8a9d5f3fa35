/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The asahi pipe driver's objects: screen, resources, context, state
 * objects, shaders and batches.
 *
 * Shape of the driver (one idea per file):
 *   agx_screen.c    screen, caps, formats, fences
 *   agx_resource.c  resources (ail layouts) and transfers
 *   agx_context.c   context, state objects, bindings
 *   agx_shader.c    shader CSOs and their compiled variants
 *   agx_shader_variants.c  a CSO's variants looked up by key
 *   agx_batch.c     batches: memory pools, BO lists, flush and submission
 *   agx_draw.c      draw_vbo: VDM and PPP encoding of one draw
 *   agx_clear.c     clears
 *
 * A batch is one render pass over one framebuffer: a VDM control stream
 * plus the memory it points at.  Flushing a batch turns it into a
 * drm_asahi render command (src/asahi/lib/agx_render.h) and submits it,
 * signalling the screen's timeline syncobj at a new point; resources
 * remember the last point that used them so maps wait only as needed.
 */
#ifndef AGX_STATE_H
#define AGX_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"
#include "util/u_debug_callback.h"
#include "util/u_dynarray.h"

#include "agx_bg_eot.h"
#include "agx_bo.h"
#include "asahi/compiler/agx_compile.h"
#include "agx_device.h"
#include "agx_tilebuffer.h"
#include "layout.h"

/* Driver debug flags beyond the winsys ones (agx_device.h). */
#define AGX_DBG_DRIVER_SHIFT 16

/* Waits are bounded: a submission not done after this many ns is treated
 * as a GPU hang (context reset).  Longer than any command may run: the
 * kernel's firmware and the simulator's budgets end a runaway command
 * (with -ETIMEDOUT on its fence) well before.
 */
#define AGX_WAIT_TIMEOUT_NS (60ull * 1000 * 1000 * 1000)

#define AGX_BG_EOT_CACHE_SIZE 32

/* primitive queries of one type and stream active at once */
#define AGX_MAX_PRIMS_QUERIES 4

struct agx_bg_eot_cache_entry {
   struct agx_bg_eot_key key;
   struct agx_bg_eot_program prog; /* code/source not used */
   uint8_t *code;                  /* malloc'ed, NULL when empty */
};

struct agx_screen {
   struct pipe_screen base;
   struct agx_device dev;
   uint32_t queue_id;
   /* Timeline syncobj signalled by every submission, at seqno. */
   uint32_t timeline;
   uint64_t seqno;
   pthread_mutex_t submit_lock;
   char name[128];
   /* The first page of the shader heap, held so that no USC word list or
    * program ever sits at USC offset 0 (which the hardware words use to
    * mean "none", e.g. the coefficient binding table).
    */
   struct agx_bo *usc_reserved;
   /* Assembled background/end-of-tile programs. */
   pthread_mutex_t bg_eot_lock;
   struct agx_bg_eot_cache_entry bg_eot_cache[AGX_BG_EOT_CACHE_SIZE];
   unsigned bg_eot_next;
   /* The device reported a fault or a wait timed out. */
   bool lost;
};

static inline struct agx_screen *
agx_screen(struct pipe_screen *p)
{
   return (struct agx_screen *)p;
}

struct agx_resource {
   struct pipe_resource base;
   struct agx_bo *bo;
   /* Textures: the layout; buffers use layout.size_B only. */
   struct ail_layout layout;
   uint64_t modifier;
   /* Depth/stencil formats with both (Z24S8, Z32F_S8X24) are two images:
    * this resource holds Z32F depth, separate_stencil the S8 stencil.
    */
   struct agx_resource *separate_stencil;
   /* Levels with defined contents (bit per level). */
   uint32_t valid_levels;
   /* Last submission that read or wrote it (timeline point). */
   uint64_t last_use;
   /* Last submission that wrote it. */
   uint64_t last_write;
};

static inline struct agx_resource *
agx_resource(struct pipe_resource *p)
{
   return (struct agx_resource *)p;
}

struct agx_transfer {
   struct pipe_transfer base;
   void *map;     /* what the caller got */
   void *staging;  /* linear copy of a twiddled level, or NULL */
   void *resolved; /* multisampled: the samples averaged, or NULL */
   /* Depth/stencil stored as planes (Z32F + S8): the planes' own
    * transfers, and the packed copy in the logical format the caller
    * sees (agx_resource.c). */
   struct pipe_transfer *z_plane, *s_plane;
   void *packed;
};

/* A bump allocator over BOs, all freed when the batch is done. */
struct agx_pool {
   struct agx_device *dev;
   uint32_t bo_flags;
   struct util_dynarray bos; /* struct agx_bo * */
   struct agx_bo *current;
   uint64_t offset;
};

struct agx_ptr {
   void *cpu;
   uint64_t gpu;
};

void agx_pool_init(struct agx_pool *pool, struct agx_device *dev,
                   uint32_t bo_flags);
void agx_pool_cleanup(struct agx_pool *pool);
/* gpu == 0 on failure. */
struct agx_ptr agx_pool_alloc(struct agx_pool *pool, size_t size,
                              unsigned align);
uint64_t agx_pool_upload(struct agx_pool *pool, const void *data, size_t size,
                         unsigned align);

/* ---- shaders ------------------------------------------------------- */

struct hash_table;

struct agx_compiled_shader {
   struct agx_shader_key key;
   /* Unique over the process, never reused (agx_shader_new_id): names
    * the variant in caches that may outlive it (agx_link_cache.c). */
   uint64_t id;
   struct agx_bo *bo;
   uint32_t code_usc; /* code offset from usc_exec_base */
   struct agx_shader_info info;
};

struct agx_uncompiled_shader {
   gl_shader_stage stage;
   struct nir_shader *nir;
   /* A precompiled binary (PIPE_SHADER_IR_NATIVE): one variant, any key. */
   bool native;
   struct util_dynarray variants; /* struct agx_compiled_shader * */
   /* The same variants by key (&cs->key -> cs, agx_shader_variants.c):
    * a draw finds its variant without comparing every key. */
   struct hash_table *variant_by_key;
   /* The variant the last lookup found: compared before hashing, since
    * draws mostly ask again for the key they asked for last. */
   struct agx_compiled_shader *last_variant;
   /* Vertex shaders: what transform feedback captures. */
   struct pipe_stream_output_info so;
   /* Fragment shaders: gl_ClipDistance is read (the vertex shader variant
    * then writes the distances as varyings, agx_vs_key). */
   bool reads_clip_distance;
   /* ... and gl_CullDistance (agx_vs_key::cull_distance_varyings) */
   bool reads_cull_distance;
   /* Vertex shaders: the cull distances written (agx_nir_cull_distance_
    * count), which the fragment shader's variant tests (agx_fs_key). */
   uint8_t nr_cull_distances;
   /* Samplers the shader's lookups use (bit i: sampler_index i < 16): a
    * LOD bias on any other changes no code (agx_shader_key). */
   uint16_t samplers_used;
   /* Textures its shadow lookups use (bit i: texture_index i < 16): only
    * those take agx_shader_key::texture_clamp_ref. */
   uint16_t shadow_textures;
   /* Geometry shaders (agx_gs.c): the NIR is the vertex-stage program of
    * agx_nir_lower_gs, described by gs (NULL: lowering failed, draws are
    * skipped); passthrough is the vertex shader of the rasterization
    * pass. */
   struct agx_gs_info *gs;
   struct agx_uncompiled_shader *passthrough;
   /* Vertex shaders: the varying slots written (bit = slot) and which are
    * flat / noperspective, and the geometry shaders generated to give a
    * fragment shader gl_PrimitiveID (agx_gs.c; points, lines, triangles,
    * quads).  Fragment shaders: gl_PrimitiveID is read. */
   uint64_t outputs, outputs_flat, outputs_linear;
   struct agx_uncompiled_shader *primitive_id_gs[7];
   bool reads_primitive_id;
   /* Fragment shaders: gl_SampleID or gl_SamplePosition is read, which
    * makes shading per sample (GL 4.6 section 14.3.1.1). */
   bool reads_sample;
   /* Compute shaders: pipe_compute_state::static_shared_mem (bytes). */
   unsigned static_shared_B;
};

/* ---- state objects -------------------------------------------------- */

struct agx_blend {
   struct pipe_blend_state base;
};

struct agx_rasterizer {
   struct pipe_rasterizer_state base;
   uint32_t cull; /* packed Cull word */
   uint8_t line_width;
};

struct agx_zsa {
   struct pipe_depth_stencil_alpha_state base;
   uint32_t face;       /* Fragment Face word without reference/line/polygon */
   uint32_t stencil[2]; /* Fragment Stencil words, front and back */
};

struct agx_vertex_elements {
   unsigned count;
   struct pipe_vertex_element el[AGX_MAX_ATTRIBS];
};

/* ---- batches -------------------------------------------------------- */

#define AGX_VDM_SIZE (256 * 1024)

struct agx_batch {
   struct agx_context *ctx;
   struct pipe_framebuffer_state key; /* surfaces referenced */
   struct agx_tilebuffer_layout tib;

   struct agx_pool pool;     /* data: descriptors, uniforms, PPP */
   struct agx_pool pipeline; /* USC heap: word lists, cf tables */

   struct agx_bo *vdm;
   uint8_t *vdm_head, *vdm_end;

   struct util_dynarray scissor;    /* packed Scissor records */
   struct util_dynarray depth_bias; /* packed Depth Bias records */

   /* Resources to keep alive and stamp at submission. */
   struct util_dynarray reads;  /* struct pipe_resource * (referenced) */
   struct util_dynarray writes; /* struct pipe_resource * (referenced) */
   struct util_dynarray bos;    /* struct agx_bo * (referenced): shaders */
   /* Bytes of the BOs of `reads` and `writes` (a resource in both counts
    * twice): what the batch keeps alive until it is submitted and done. */
   uint64_t held_B;

   /* PIPE_CLEAR_* bits */
   unsigned clear, load, draws;
   /* PIPE_CLEAR_COLOR* bits: render targets the background program fills
    * with the average of resolve_src's samples (a GPU resolve; the batch
    * has no draws).  resolve_src is in the batch's reads. */
   unsigned resolve;
   struct pipe_resource *resolve_src[PIPE_MAX_COLOR_BUFS];
   union pipe_color_union clear_color[PIPE_MAX_COLOR_BUFS];
   double clear_depth;
   unsigned clear_stencil;
   bool initialized;
   bool failed;    /* out of memory while recording: drop at flush */
   uint64_t seqno; /* timeline point of its submission */
   /* Binary syncobj that receives the submission's fence too: its
    * sync_file status says whether the GPU ran it without error. */
   uint32_t status_syncobj;
   bool oq_used;   /* some draw counts into the occlusion heap */
   bool vertex_scratch; /* some vertex shader uses stack memory */
   /* Multisampled passes: whether their draws rasterise with
    * GL_MULTISAMPLE off (every sample at the pixel centre, see
    * agx_render_desc::centre_samples); set by the first draw, a draw of
    * the other kind starts a new pass. */
   bool sample_mode_set, centre_samples;
   /* A compute dispatch (agx_compute.c): no framebuffer, no VDM stream;
    * the CDM stream lives in `pool`. */
   bool compute;
};

#define AGX_MAX_OCCLUSION_QUERIES 256
/* TIME_ELAPSED queries a context may have at once (slot pairs of its
 * timestamp heap). */
#define AGX_MAX_TIMER_QUERIES 128

/* Submitted batches kept before waiting for the oldest. */
#define AGX_MAX_PENDING_BATCHES 8

/* Viewports and scissor boxes (PIPE_CAP_MAX_VIEWPORTS): the PPP takes up
 * to 16 (its header's viewport count is 4 bits of count - 1), as Mesa's
 * asahi driver uses (alexvorxx/Mesa-VirGL agx_state.h AGX_MAX_VIEWPORTS). */
#define AGX_MAX_VIEWPORTS 16

/* ---- context -------------------------------------------------------- */

enum agx_dirty {
   AGX_DIRTY_VS = 1 << 0,
   AGX_DIRTY_FS = 1 << 1,
   AGX_DIRTY_RS = 1 << 2,
   AGX_DIRTY_ZS = 1 << 3,
   AGX_DIRTY_VIEWPORT = 1 << 4,
   AGX_DIRTY_SCISSOR = 1 << 5,
   AGX_DIRTY_VERTEX = 1 << 6,
   AGX_DIRTY_CONST = 1 << 7, /* fragment constant buffer 0 */
   AGX_DIRTY_STENCIL_REF = 1 << 8,
   AGX_DIRTY_PRIM = 1 << 9,
   AGX_DIRTY_BLEND = 1 << 10,
   AGX_DIRTY_TEXTURES = 1 << 11,
   AGX_DIRTY_VS_CONST = 1 << 12, /* vertex constant buffer 0 */
   AGX_DIRTY_QUERY = 1 << 13,
   /* An input of agx_draw_direct's choice of path that no bit above
    * covers (primitive-counting queries, the minimum sample count): the
    * next draw takes the whole path (agx_draw_repeat.c). */
   AGX_DIRTY_DRAW_PATH = 1 << 14,
   AGX_DIRTY_ALL = 0xffff,
};

/* What a draw with no state change may repeat without the whole path
 * (agx_draw_repeat.c): valid after a direct non-indexed draw of `mode`
 * with `start_instance` that agx_draw_direct gave to agx_draw_one alone
 * (`recorded`: agx_draw_one recorded it), while the batch writes no more
 * resources than `writes_B` bytes of its list.  `allowed`: the rest was
 * checked, at the first repeat. */
struct agx_draw_repeat {
   bool valid, recorded, allowed;
   unsigned mode;
   unsigned start_instance;
   size_t writes_B;
   /* Indexed draws (index_size non-zero): the index buffer (read by the
    * batch already), primitive restart and its index. */
   unsigned index_size;
   unsigned hw_prim; /* enum agx_primitive (agx_vdm_draw) */
   struct pipe_resource *index_res;
   bool restart;
   uint32_t restart_index;
   /* The draw words before the index address (restart index, Index List
    * header) for index addresses of bits 32+ prefix_hi; none packed when
    * prefix_B is 0. */
   uint32_t prefix[4];
   unsigned prefix_B;
   uint32_t prefix_hi;
};

/* Descriptor tables of a stage in the current batch. */
struct agx_stage_tables {
   bool valid;
   uint64_t texture_va, sampler_va;
   unsigned nr_textures, nr_samplers, sampler_states;
};

struct agx_stage_state {
   struct agx_stage_tables tables;
   struct agx_uncompiled_shader *shader;
   /* constant buffer 0, as a CPU copy (GL default uniform block) */
   void *cb0;
   size_t cb0_size;
   size_t cb0_capacity; /* bytes allocated at cb0 */
   uint64_t cb0_va; /* cb0 uploaded in the current batch, or 0 */
   /* constant buffers 1.. (uniform blocks, agx_ubo.c): slot i is
    * constant buffer 1 + i */
   struct pipe_resource *ubo[AGX_MAX_UBOS];
   uint32_t ubo_offset[AGX_MAX_UBOS];
   /* shader storage buffers (set_shader_buffers, agx_compute.c); bit i
    * of ssbo_writable: slot i may be written */
   struct pipe_shader_buffer ssbo[AGX_MAX_SSBOS];
   uint32_t ssbo_writable;
   struct pipe_sampler_view *views[PIPE_MAX_SHADER_SAMPLER_VIEWS];
   void *samplers[PIPE_MAX_SAMPLERS];
   unsigned nr_views, nr_samplers;
   /* set_shader_images (agx_image.c); nr_images: slots up to the last
    * bound one */
   struct pipe_image_view images[AGX_MAX_IMAGES];
   unsigned nr_images;
};

/* agx_link_varyings results of the last few (VS, FS, provoking vertex)
 * triples, so a program change back and forth does not link again. */
#define AGX_LINK_CACHE_SIZE 4
struct agx_link_cache {
   struct agx_link_cache_entry {
      uint64_t vs_id, fs_id; /* agx_compiled_shader::id, 0: empty */
      bool flat_first;
      int words;
      uint32_t table[1 + AGX_MAX_CF_BINDINGS];
   } e[AGX_LINK_CACHE_SIZE];
   unsigned next; /* entry replaced next */
};

/* agx_link_varyings(vs, fs, flat_first) through the cache: the table and
 * its word count (<= 0: no table). */
const struct agx_link_cache_entry *
agx_link_cached(struct agx_link_cache *c, const struct agx_compiled_shader *vs,
                const struct agx_compiled_shader *fs, bool flat_first);

struct agx_context {
   struct pipe_context base;
   struct agx_batch *batch; /* NULL when nothing is recorded */
   /* Submitted batches whose memory the GPU may still read. */
   struct util_dynarray pending; /* struct agx_batch * */

   struct agx_stage_state stage[PIPE_SHADER_TYPES];
   /* read by uniform blocks with nothing bound (agx_ubo.c) */
   struct pipe_resource *ubo_zero;
   struct agx_compiled_shader *vs, *fs; /* variants of the last draw */
   /* The front end's KHR_debug callback (set_debug_callback): shader
    * statistics go there, as shader-db's run expects.
    */
   struct util_debug_callback debug;

   struct agx_blend *blend;
   struct agx_rasterizer *rast;
   /* user clip planes (AGX_SYSVAL_CLIP_PLANE0) */
   struct pipe_clip_state clip;
   struct agx_zsa *zs;
   struct agx_vertex_elements *velems;
   struct pipe_vertex_buffer vb[PIPE_MAX_ATTRIBS];
   unsigned nr_vb;
   struct pipe_framebuffer_state fb;
   /* ARB_viewport_array: gl_ViewportIndex selects one per primitive */
   struct pipe_viewport_state viewport[AGX_MAX_VIEWPORTS];
   struct pipe_scissor_state scissor[AGX_MAX_VIEWPORTS];
   /* viewports in the last viewport/scissor update (agx_draw.c) */
   unsigned viewport_count;
   struct pipe_stencil_ref stencil_ref;
   struct pipe_blend_color blend_color;
   unsigned sample_mask; /* set_sample_mask (all bits: every sample) */
   /* set_min_samples (ARB_sample_shading), and the sample the draw being
    * recorded shades when it is drawn once per sample (-1: none;
    * agx_sample_shading.c). */
   unsigned min_samples;
   int shade_sample;
   /* The indirect draw being recorded reads its count, instances and
    * start from this buffer (NULL: a direct draw; agx_draw_indirect.c). */
   const struct pipe_draw_indirect_info *indirect;
   unsigned prim; /* enum pipe_prim_type of the last draw */
   /* set_polygon_stipple, and whether the draw being recorded stipples
    * (filled polygons with the rasterizer's poly_stipple_enable: the
    * fragment key's poly_stipple). */
   struct pipe_poly_stipple poly_stipple;
   bool poly_stipple_on;
   /* The rasterizer's sprite_coord_enable while points are drawn, else
    * 0 (agx_fs_key::sprite_coord_replace). */
   uint8_t sprite_coord_replace;
   /* drawing points without per-vertex sizes (agx_vs_key::fixed_point_size) */
   bool fixed_point_size_on;
   /* Coefficient binding table of the bound VS/FS pair in this batch
    * (USC offset; valid unless shaders, rasterizer or batch changed).
    */
   uint32_t cf_usc;
   /* Coefficient binding tables of recent VS/FS pairs (agx_link_cache.c). */
   struct agx_link_cache link_cache;
   /* A draw with no state change (agx_draw_repeat.c). */
   struct agx_draw_repeat repeat;
   /* The base instance the vertex word list holds (BASE_INSTANCE). */
   unsigned vs_start_instance;
   /* Packed Index List header of the last non-indexed draw. */
   uint32_t draw_header;
   unsigned draw_header_prim;
   bool dirty_draw_header;
   /* Texture registers and sampler states code of the last word lists. */
   unsigned vs_textures, vs_sampler_states;
   unsigned fs_textures, fs_sampler_states;
   uint32_t dirty;

   /* Occlusion queries: the heap of u64 slots, which are taken, the
    * active query, and the queries the current batch writes (stamped with
    * its submission).
    */
   struct agx_bo *oq_heap;
   uint64_t oq_used[AGX_MAX_OCCLUSION_QUERIES / 64];
   struct agx_query *occlusion_query;
   struct agx_query *stamp[AGX_MAX_OCCLUSION_QUERIES];
   unsigned nr_stamp;

   /* GL_KHR_robustness: set when a submission of this context faulted or
    * hung.  Stays set (the context draws nothing more); reset_reported
    * records that get_device_reset_status has told the front end.
    */
   bool reset;
   bool reset_reported;
   bool fault_logged; /* the GPU error message was printed */

   /* Transform feedback (agx_streamout.c): bound targets, and the
    * PRIMITIVES_EMITTED / PRIMITIVES_GENERATED queries counting, by
    * vertex stream (the query's index, ARB_transform_feedback3); a few
    * at once (the application's and the front end's own for
    * glDrawTransformFeedback). */
   struct pipe_stream_output_target *so_targets[AGX_MAX_XFB_BUFFERS];
   unsigned nr_so_targets;
   /* [emitted, generated][stream][active query]: NULL when free */
   struct agx_query *prims_query[2][AGX_GS_MAX_STREAMS][AGX_MAX_PRIMS_QUERIES];
   unsigned xfb_prim; /* mode of the draw being recorded (variant key) */

   /* TIME_ELAPSED queries (agx_query.c): a heap of u64 (start, end) slot
    * pairs bound as the timestamp object of submissions
    * (DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS), which pairs are taken, and
    * the active query. */
   struct agx_bo *ts_heap;
   uint32_t ts_object;
   uint64_t ts_used[AGX_MAX_TIMER_QUERIES / 64];
   struct agx_query *time_query;

   /* A draw with a geometry shader being recorded pass by pass (agx_gs.c),
    * or NULL. */
   struct agx_gs_pass *gs_pass;
   /* The draw of agx_draw_capture_apart after its capture: no capturing
    * variant and no primitive counts. */
   bool xfb_off;
};

/* agx_gs.c: the pass of a geometry-shader draw agx_draw_one records. */
enum agx_gs_phase {
   AGX_GS_PHASE_VS,     /* vertex shader, outputs stored (xfb stores) */
   AGX_GS_PHASE_GS,     /* the geometry program, as points */
   AGX_GS_PHASE_RASTER, /* the emitted strips, passthrough vertex shader */
};

struct agx_gs_pass {
   enum agx_gs_phase phase;
   /* The vertex shader's capture (AGX_GS_PHASE_VS) */
   struct agx_xfb_key capture;
   /* AGX_SYSVAL_XFB_* of the pass (store addresses, first vertex...) */
   struct agx_xfb_draw *xfb;
   /* Addresses of load_ubo blocks AGX_MAX_UBOS + i (AGX_GS_*_BLOCK) */
   uint64_t block_va[3];
   uint32_t vs_vertices, invocations; /* AGX_SYSVAL_GS_* */
   /* Buffers the pass reads and writes (the batch keeps them alive). */
   struct pipe_resource *reads[3], *writes[3];
};

/* Draws with a geometry shader bound, and draws of adjacency primitives
 * without one (drawn as their base primitives); false when the draw is
 * not one of those and takes the ordinary path. */
bool agx_gs_draw(struct agx_context *ctx, const struct pipe_draw_info *info,
                 const struct pipe_draw_start_count_bias *draw);
/* At geometry-shader CSO creation: lowers so->nir (agx_nir_lower_gs) and
 * makes the passthrough vertex shader; false when not supported. */
bool agx_gs_prepare(struct pipe_context *pctx,
                    struct agx_uncompiled_shader *so);
void agx_draw_one(struct agx_context *ctx, const struct pipe_draw_info *info,
                  const struct pipe_draw_start_count_bias *draw);
/* Whether a bound vertex buffer is user memory (uploaded per draw). */
bool agx_uses_user_vbs(struct agx_context *ctx);
/* The bytes past a 4-byte boundary at which vertex buffer i starts in its
 * resource: its address is pushed rounded down to the boundary, and the
 * vertex shader key adds them to each attribute's offset (the word loads
 * need aligned addresses). */
static inline unsigned
agx_vb_misalign(const struct agx_context *ctx, unsigned i)
{
   const struct pipe_vertex_buffer *vb = &ctx->vb[i];
   if (i >= ctx->nr_vb || vb->is_user_buffer || !vb->buffer.resource)
      return 0;
   return vb->buffer_offset & 3;
}
/* A direct draw through the path it needs: per sample, with a geometry
 * shader, as converted triangles, or agx_draw_one (agx_draw.c). */
void agx_draw_direct(struct agx_context *ctx, const struct pipe_draw_info *info,
                     const struct pipe_draw_start_count_bias *draw);
/* agx_draw_indirect.c: a draw with pipe_draw_indirect_info, by the
 * hardware's indirect Index List words when the draw needs no count on
 * the CPU, else by reading the parameters back. */
void agx_draw_indirect(struct agx_context *ctx,
                       const struct pipe_draw_info *info,
                       const struct pipe_draw_indirect_info *indirect);

static inline struct agx_context *
agx_context(struct pipe_context *p)
{
   return (struct agx_context *)p;
}

/* agx_context.c */
struct pipe_context *agx_create_context(struct pipe_screen *screen, void *priv,
                                        unsigned flags);

/* agx_resource.c */
void agx_init_resource_functions(struct pipe_screen *screen);
void agx_init_transfer_functions(struct pipe_context *pctx);

/* agx_shader.c */
void agx_init_shader_functions(struct pipe_context *pctx);
/* The variant of the bound shader for the current state; NULL if it
 * cannot be compiled.
 */
struct agx_compiled_shader *agx_get_variant(struct agx_context *ctx,
                                            enum pipe_shader_type stage);

/* agx_shader_variants.c: so->variants indexed by key */
/* Appends cs to so->variants and indexes its key; false (nothing kept)
 * without memory. */
bool agx_shader_add_variant(struct agx_uncompiled_shader *so,
                            struct agx_compiled_shader *cs);
/* The variant compiled for an equal key (bytewise), or NULL. */
struct agx_compiled_shader *
agx_shader_find_variant(struct agx_uncompiled_shader *so,
                        const struct agx_shader_key *key);
/* Frees the index and the array (not the variants themselves). */
void agx_shader_variants_fini(struct agx_uncompiled_shader *so);
/* A new agx_compiled_shader::id (never 0, never the same twice). */
uint64_t agx_shader_new_id(void);


/* agx_batch.c */
struct agx_batch *agx_get_batch(struct agx_context *ctx);
void agx_flush_batch(struct agx_context *ctx, const char *reason);
void agx_retire_batches(struct agx_context *ctx, bool wait);
/* A batch for one compute dispatch (not ctx->batch), and its submission
 * as a drm_asahi compute command after all earlier work; the batch is
 * then the context's (pending until the GPU is done, or freed). */
struct drm_asahi_cmd_compute;
struct agx_batch *agx_batch_create_compute(struct agx_context *ctx);
void agx_batch_submit_compute(struct agx_batch *batch,
                              const struct drm_asahi_cmd_compute *cmd);

/* agx_bg_eot_usc.c: the USC word list (offset from usc_exec_base, 0 on
 * failure) and Counts word of the batch's background (store false) or
 * end-of-tile (store true) program.
 */
uint32_t agx_build_bg_eot_usc(struct agx_batch *batch, bool store,
                              uint32_t *counts);
void agx_batch_reads(struct agx_batch *batch, struct pipe_resource *res);
void agx_batch_writes(struct agx_batch *batch, struct pipe_resource *res);
/* A batch keeps every resource it reads or writes alive until the GPU is
 * done with it; a program that draws with one new texture after another
 * and deletes each (piglit's streaming-texture-leak: 5000 textures of
 * 4 MiB) would otherwise hold all of them in one batch.  Past this many
 * bytes a draw submits its batch, as GL allows at any time.  Only draws
 * need the check: blits and clear_render_target go through texture_map
 * on the CPU (or, for a resolve, submit their own batch at once), a
 * compute dispatch submits its batch before returning, and agx_clear
 * only records a clear on the batch of the bound framebuffer, which adds
 * no resource. */
#define AGX_BATCH_MAX_HELD_B (256ull << 20)
bool agx_batch_holds_too_much(const struct agx_batch *batch);
void agx_batch_add_bo(struct agx_batch *batch, struct agx_bo *bo);
bool agx_batch_uses(struct agx_batch *batch, struct pipe_resource *res,
                    bool writes_only);
/* Wait until the GPU is done with everything up to seqno; false on
 * timeout or device loss.
 */
bool agx_wait_seqno(struct agx_screen *screen, uint64_t seqno);
/* Flush what the context records that touches res (with writes_only:
 * only if it writes it), then wait for the GPU to finish with it.
 */
bool agx_sync_resource(struct agx_context *ctx, struct agx_resource *rsrc,
                       bool writes_only);

/* agx_draw.c */
void agx_init_draw_functions(struct pipe_context *pctx);
/* AGX_PUSH_TEXTURE_SIZE words of a view (agx_compile.h). */
/* The linear 2D layout a buffer view of size_el texels is described with
 * (AGX_BUFFER_TEXTURE_WIDTH texels a row; agx_texture.c). */
struct ail_layout agx_buffer_layout(enum pipe_format format,
                                    unsigned size_el);
/* Words 0-2 of a size record: level `level` of t as a `target` view of
 * `layers` layers sees it (textureSize, imageSize). */
void agx_level_size_words(const struct pipe_resource *t,
                          enum pipe_texture_target target, unsigned level,
                          unsigned layers, uint32_t out[3]);
void agx_texture_size_words(const struct pipe_sampler_view *v,
                            uint32_t out[4]);
void agx_batch_init_state(struct agx_batch *batch);

/* agx_texture.c */
struct agx_usc_builder;
void agx_init_texture_functions(struct pipe_context *pctx);
/* Texture and Sampler words of a stage's word list; the counts for its
 * Counts word (texture registers, sampler states code).
 */
/* Elements a buffer view shows: its size in whole elements, within the
 * buffer and the largest buffer texture (PIPE_CAP_MAX_TEXEL_BUFFER_ELEMENTS).
 */
static inline unsigned
agx_buffer_view_size_el(const struct pipe_sampler_view *v)
{
   unsigned bs = util_format_get_blocksize(v->format);
   unsigned size_B = v->u.buf.size;
   if (!bs || !v->texture || v->u.buf.offset >= v->texture->width0)
      return 0;
   if (size_B > v->texture->width0 - v->u.buf.offset)
      size_B = v->texture->width0 - v->u.buf.offset;
   unsigned max_el = AGX_BUFFER_TEXTURE_WIDTH * 16384u;
   return size_B / bs < max_el ? size_B / bs : max_el;
}

void agx_bind_textures(struct agx_context *ctx, struct agx_batch *batch,
                       enum pipe_shader_type stage, struct agx_usc_builder *b,
                       unsigned *nr_textures, unsigned *sampler_states);
/* pipe_sampler_state::lod_bias of a sampler CSO (0 for NULL): AGX
 * samplers hold no bias, shaders add it (agx_shader_key). */
float agx_sampler_lod_bias(const void *sampler);
/* A sampler view with its texture descriptor, packed at its first use:
 * a view's resource never changes its BO or layout, so the descriptor
 * is the same for every table it goes into (since wave 16; a texture
 * change between draws used to pack it again each time). */
struct agx_sampler_view {
   struct pipe_sampler_view base;
   bool packed;
   uint32_t desc[6]; /* AGX_TEXTURE_LENGTH bytes */
};

/* Whether shadow lookups through the view clamp their reference in the
 * shader (agx_shader_key::texture_clamp_ref): a fixed-point depth format
 * stored as Z32_FLOAT.  False for NULL. */
bool agx_view_clamps_ref(const struct pipe_sampler_view *view);

/* agx_query.c */
struct agx_query;
void agx_init_query_functions(struct pipe_context *pctx);
/* Slot of the active occlusion query (-1: none), noted for stamping. */
/* agx_ubo.c: uniform blocks (constant buffers 1..) */
#define AGX_MAX_UBO_SIZE 65536
void agx_set_ubo(struct agx_context *ctx, enum pipe_shader_type shader,
                 unsigned index, bool take_ownership,
                 const struct pipe_constant_buffer *cb);
uint64_t agx_ubo_address(struct agx_context *ctx, struct agx_batch *batch,
                         enum pipe_shader_type shader, unsigned block);
void agx_release_ubos(struct agx_context *ctx);

int agx_query_slot(struct agx_context *ctx);
bool agx_query_counting(struct agx_context *ctx);
/* The queries the just-submitted batch wrote were written by seqno. */
void agx_query_stamp(struct agx_context *ctx, uint64_t seqno);
/* The active TIME_ELAPSED query's timestamps for a render command about
 * to be submitted (the firmware writes the start of its vertex work and
 * the end of its fragment work); true when cmd now names them, and then
 * agx_query_time_submitted follows with the submission's seqno. */
struct drm_asahi_cmd_render;
bool agx_query_timestamps(struct agx_context *ctx,
                          struct drm_asahi_cmd_render *cmd);
void agx_query_time_submitted(struct agx_context *ctx, uint64_t seqno);
/* Frees the timer query heap (context destruction). */
void agx_query_fini(struct agx_context *ctx);

/* agx_streamout.c: transform feedback of one draw, worked out before it
 * is recorded (AGX_SYSVAL_XFB_* values, primitives counted). */
struct agx_xfb_draw {
   uint64_t addr[AGX_MAX_XFB_BUFFERS]; /* where the next vertex goes */
   uint32_t first, vertices, limit;    /* AGX_SYSVAL_XFB_* */
   uint64_t generated, written;        /* primitives */
   /* Strips, loops, fans: drawn as `vertices` vertices of `list`
    * (enum pipe_prim_type) instead (agx_xfb_unroll). */
   bool unrolled;
   unsigned list;
   /* Indexed draws (AGX_XFB_UNROLL_INDEXED): drawn without indices, the
    * vertex numbers at indices_va, the largest max_index. */
   bool indexed;
   uint64_t indices_va;
   uint32_t max_index;
};
/* agx_context::xfb_prim of indexed draws: the mode | this. */
#define AGX_XFB_PRIM_INDEXED 0x100
void agx_init_streamout_functions(struct pipe_context *pctx);
void agx_release_so_targets(struct agx_context *ctx);
void agx_xfb_key(struct agx_context *ctx,
                 const struct agx_uncompiled_shader *so,
                 struct agx_xfb_key *key);
void agx_xfb_prepare(struct agx_context *ctx, struct agx_batch *batch,
                     const struct agx_compiled_shader *vs,
                     const struct pipe_draw_info *info,
                     const struct pipe_draw_start_count_bias *draw,
                     struct agx_xfb_draw *out);
void agx_xfb_done(struct agx_context *ctx,
                  const struct agx_compiled_shader *vs,
                  const struct agx_xfb_draw *x);
bool agx_xfb_reads_batch_writes(struct agx_context *ctx,
                                const struct pipe_draw_info *info);
/* Transform feedback done on the CPU, for primitives read back from the
 * GPU (geometry shaders, agx_gs.c): `prims` primitives of vertex stream
 * `stream`, vpp vertices each, fetch(user, primitive, vertex, slot)
 * giving the four words of a varying slot (NULL: not written).  Writes
 * the stream's outputs to its buffers, what fits after what they hold
 * (waiting for the GPU to be done with them), and returns the primitives
 * written. */
typedef const uint32_t *(*agx_xfb_fetch_fn)(void *user, uint64_t prim,
                                            unsigned vertex, unsigned slot);
uint64_t agx_xfb_capture_cpu(struct agx_context *ctx,
                             const struct pipe_stream_output_info *info,
                             unsigned stream, unsigned vpp, uint64_t prims,
                             agx_xfb_fetch_fn fetch, void *user);
/* agx_query.c: primitives of a draw's vertex stream for the active
 * primitive queries of that stream */
void agx_query_count_prims(struct agx_context *ctx, unsigned stream,
                           uint64_t generated, uint64_t written);
/* Whether a primitive query of some stream is active. */
bool agx_query_counts_prims(const struct agx_context *ctx);

/* agx_compute.c: compute dispatches and shader storage buffers */
void agx_init_compute_functions(struct pipe_context *pctx);
void agx_release_ssbos(struct agx_context *ctx);

/* Images (agx_image.c): set_shader_images; the descriptors of the
 * stage's images into a texture table of AGX_IMAGE_TS_BASE +
 * 2 nr_images entries; imageSize() of a texture state register past
 * AGX_IMAGE_TS_BASE (AGX_PUSH_TEXTURE_SIZE); dropping the references. */
void agx_init_image_functions(struct pipe_context *pctx);
void agx_pack_image_descriptors(struct agx_context *ctx,
                                struct agx_batch *batch,
                                enum pipe_shader_type stage, uint8_t *table,
                                uint64_t table_va);
void agx_image_size_words(const struct agx_stage_state *st, unsigned reg,
                          uint32_t out[4]);
uint32_t agx_texture_samples_word(const struct agx_stage_state *st,
                                  unsigned reg);
void agx_release_images(struct agx_context *ctx);
/* AGX_PUSH_IMAGE_ATOMIC (agx_compile.h): image `index`'s texel
 * addressing record, 8 words. */
void agx_image_atomic_record(const struct agx_stage_state *st,
                             unsigned index, uint32_t out[8]);
/* The AGX_PUSH_SSBO record of slot `index` of a stage (address lo, hi,
 * size in bytes, 0), noting the buffer in the batch's reads or writes. */
void agx_ssbo_record(struct agx_context *ctx, struct agx_batch *batch,
                     enum pipe_shader_type stage, unsigned index,
                     uint32_t out[4]);

/* The words of push range r of a stage's shader cs that draws and
 * dispatches fill alike (GL uniforms, texture sizes and sample counts,
 * storage buffer and image records, constants) into data; false, data
 * untouched, for the other kinds, which each path fills itself. */
bool agx_push_stage_words(struct agx_context *ctx, struct agx_batch *batch,
                          enum pipe_shader_type stage,
                          const struct agx_compiled_shader *cs,
                          const struct agx_push_range *r, uint32_t *data);

/* Uploads the r->length halves of data, the words of push range r, to the
 * batch's pool and loads them into the uniforms at r->uniform; a failed
 * upload fails the batch. */
void agx_push_range_upload(struct agx_batch *batch, struct agx_usc_builder *b,
                           const struct agx_push_range *r,
                           const uint32_t *data);

/* *word = the LOD bias of sampler k (0 without one) when sysval sv is
 * AGX_SYSVAL_SAMPLER_LOD_BIAS0 + k; *word untouched for other sysvals. */
void agx_lod_bias_sysval(const struct agx_stage_state *st, unsigned sv,
                         uint32_t *word);

/* Room in the batch's pipeline pool for the USC word list of shader cs
 * (its push ranges and 8 more records), and a builder over it in *b;
 * false, the pool full, when there is none. */
bool agx_usc_alloc(struct agx_batch *batch,
                   const struct agx_compiled_shader *cs, struct agx_ptr *t,
                   struct agx_usc_builder *b);

/* agx_blit.c */
void agx_init_blit_functions(struct pipe_context *pctx);

/* agx_sample_shading.c: draws shaded once per sample (ARB_sample_shading)
 * when the framebuffer is multisampled and min_samples > 1 or the
 * fragment shader reads gl_SampleID / gl_SamplePosition; false when the
 * draw is not one of those (then it takes the ordinary path). */
bool agx_draw_per_sample(struct agx_context *ctx,
                         const struct pipe_draw_info *info,
                         const struct pipe_draw_start_count_bias *draw);
/* agx_xfb_apart.c: a captured quad, quad strip or polygon draw in the
 * polygon modes GL_LINE/GL_POINT as a capture with rasterization
 * discarded, then the draw uncaptured; false when the draw is not one. */
bool agx_draw_capture_apart(struct agx_context *ctx,
                            const struct pipe_draw_info *info,
                            const struct pipe_draw_start_count_bias *draw);
/* The fragment-key fields of per-sample shading for the current pass. */
void agx_sample_shading_key(const struct agx_context *ctx,
                            struct agx_fs_key *key);
/* Whether the NIR of a fragment shader reads gl_SampleID or
 * gl_SamplePosition. */
bool agx_nir_reads_sample(const struct nir_shader *nir);

/* agx_clear.c */
void agx_init_clear_functions(struct pipe_context *pctx);

/* agx_screen.c */
void agx_init_fence_functions(struct pipe_screen *screen);

#endif
