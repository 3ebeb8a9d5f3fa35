/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * struct pipe_context: one rendering context of a driver, as a table of
 * function pointers filled in by pipe_screen::context_create.  A context is
 * used by one thread at a time.
 *
 * State objects (CSOs) are made once with create_*_state from a template,
 * bound any number of times, and deleted by the caller when unused; a
 * driver never deletes a CSO itself.  The caller unbinds a CSO before it
 * deletes it.
 *
 * Hooks the GL front end may leave unused are marked "optional"; a driver
 * may leave those NULL.  All others must be set.
 */
#ifndef PIPE_CONTEXT_H
#define PIPE_CONTEXT_H

#include "p_compiler.h"
#include "p_defines.h"
#include "p_format.h"
#include "p_state.h"

#ifdef __cplusplus
extern "C" {
#endif

struct pipe_fence_handle;
struct pipe_query;
struct util_debug_callback;

struct pipe_context {
   struct pipe_screen *screen;
   void *priv;        /* owned by the creator of the context */
   void *draw;        /* unused */

   void (*destroy)(struct pipe_context *ctx);

   /* --- Draws ------------------------------------------------------- */

   /* Draw num_draws ranges with the bound state.  drawid_offset is the
    * gl_DrawID of draws[0].  indirect is NULL for direct draws; when set,
    * draws[0] is ignored except for what the indirect buffer omits. */
   void (*draw_vbo)(struct pipe_context *ctx,
                    const struct pipe_draw_info *info,
                    unsigned drawid_offset,
                    const struct pipe_draw_indirect_info *indirect,
                    const struct pipe_draw_start_count_bias *draws,
                    unsigned num_draws);

   /* Optional: compute. */
   void (*launch_grid)(struct pipe_context *ctx,
                       const struct pipe_grid_info *info);

   /* --- Queries (optional for ES 2.0) ------------------------------- */

   struct pipe_query *(*create_query)(struct pipe_context *ctx,
                                      unsigned query_type, unsigned index);
   void (*destroy_query)(struct pipe_context *ctx, struct pipe_query *q);
   bool (*begin_query)(struct pipe_context *ctx, struct pipe_query *q);
   bool (*end_query)(struct pipe_context *ctx, struct pipe_query *q);
   /* With wait false, returns false when the result is not ready yet. */
   bool (*get_query_result)(struct pipe_context *ctx, struct pipe_query *q,
                            bool wait, union pipe_query_result *result);
   void (*render_condition)(struct pipe_context *ctx,
                            struct pipe_query *q, bool condition,
                            enum pipe_render_cond_flag mode);

   /* --- Constant state objects -------------------------------------- */

   void *(*create_blend_state)(struct pipe_context *ctx,
                               const struct pipe_blend_state *templ);
   void (*bind_blend_state)(struct pipe_context *ctx, void *cso);
   void (*delete_blend_state)(struct pipe_context *ctx, void *cso);

   /* One sampler CSO per binding point; bind_sampler_states binds count
    * of them from slot start (NULL entries unbind). */
   void *(*create_sampler_state)(struct pipe_context *ctx,
                                 const struct pipe_sampler_state *templ);
   void (*bind_sampler_states)(struct pipe_context *ctx,
                               enum pipe_shader_type shader, unsigned start,
                               unsigned count, void **samplers);
   void (*delete_sampler_state)(struct pipe_context *ctx, void *cso);

   void *(*create_rasterizer_state)(struct pipe_context *ctx,
                                    const struct pipe_rasterizer_state *t);
   void (*bind_rasterizer_state)(struct pipe_context *ctx, void *cso);
   void (*delete_rasterizer_state)(struct pipe_context *ctx, void *cso);

   void *(*create_depth_stencil_alpha_state)(
      struct pipe_context *ctx,
      const struct pipe_depth_stencil_alpha_state *templ);
   void (*bind_depth_stencil_alpha_state)(struct pipe_context *ctx,
                                          void *cso);
   void (*delete_depth_stencil_alpha_state)(struct pipe_context *ctx,
                                            void *cso);

   /* Shaders: templ->ir.nir becomes the driver's (see p_state.h). */
   void *(*create_vs_state)(struct pipe_context *ctx,
                            const struct pipe_shader_state *templ);
   void (*bind_vs_state)(struct pipe_context *ctx, void *cso);
   void (*delete_vs_state)(struct pipe_context *ctx, void *cso);

   void *(*create_fs_state)(struct pipe_context *ctx,
                            const struct pipe_shader_state *templ);
   void (*bind_fs_state)(struct pipe_context *ctx, void *cso);
   void (*delete_fs_state)(struct pipe_context *ctx, void *cso);

   /* Optional: further stages. */
   void *(*create_gs_state)(struct pipe_context *ctx,
                            const struct pipe_shader_state *templ);
   void (*bind_gs_state)(struct pipe_context *ctx, void *cso);
   void (*delete_gs_state)(struct pipe_context *ctx, void *cso);
   void *(*create_tcs_state)(struct pipe_context *ctx,
                             const struct pipe_shader_state *templ);
   void (*bind_tcs_state)(struct pipe_context *ctx, void *cso);
   void (*delete_tcs_state)(struct pipe_context *ctx, void *cso);
   void *(*create_tes_state)(struct pipe_context *ctx,
                             const struct pipe_shader_state *templ);
   void (*bind_tes_state)(struct pipe_context *ctx, void *cso);
   void (*delete_tes_state)(struct pipe_context *ctx, void *cso);
   void *(*create_compute_state)(struct pipe_context *ctx,
                                 const struct pipe_compute_state *templ);
   void (*bind_compute_state)(struct pipe_context *ctx, void *cso);
   void (*delete_compute_state)(struct pipe_context *ctx, void *cso);

   /* count elements; element i feeds vertex attribute i (the attribute
    * VERT_ATTRIB_GENERIC0 + i of the vertex shader). */
   void *(*create_vertex_elements_state)(
      struct pipe_context *ctx, unsigned count,
      const struct pipe_vertex_element *elements);
   void (*bind_vertex_elements_state)(struct pipe_context *ctx, void *cso);
   void (*delete_vertex_elements_state)(struct pipe_context *ctx,
                                        void *cso);

   /* --- Parameter-like state ---------------------------------------- */

   void (*set_blend_color)(struct pipe_context *ctx,
                           const struct pipe_blend_color *color);
   void (*set_stencil_ref)(struct pipe_context *ctx,
                           const struct pipe_stencil_ref ref);
   void (*set_sample_mask)(struct pipe_context *ctx, unsigned sample_mask);
   void (*set_min_samples)(struct pipe_context *ctx, unsigned min_samples);
   void (*set_clip_state)(struct pipe_context *ctx,
                          const struct pipe_clip_state *clip);
   void (*set_polygon_stipple)(struct pipe_context *ctx,
                               const struct pipe_poly_stipple *stipple);

   /* Binds buffer (or unbinds, when NULL) at constant buffer slot index.
    * Slot 0 holds the default-block uniforms.  With a user_buffer the
    * driver copies the data before returning.  take_ownership: the
    * caller's reference on buf->buffer passes to the driver. */
   void (*set_constant_buffer)(struct pipe_context *ctx,
                               enum pipe_shader_type shader, unsigned index,
                               bool take_ownership,
                               const struct pipe_constant_buffer *buf);

   /* The surfaces are referenced by the driver for as long as it keeps
    * them; the caller keeps its own references. */
   void (*set_framebuffer_state)(struct pipe_context *ctx,
                                 const struct pipe_framebuffer_state *fb);

   void (*set_scissor_states)(struct pipe_context *ctx, unsigned start_slot,
                              unsigned num_scissors,
                              const struct pipe_scissor_state *scissors);
   void (*set_viewport_states)(struct pipe_context *ctx, unsigned start_slot,
                               unsigned num_viewports,
                               const struct pipe_viewport_state *vps);

   /* Binds views[0..count) at slots start..; then unbinds
    * unbind_num_trailing_slots more.  The driver takes its own references
    * unless take_ownership, where the caller's pass to it. */
   void (*set_sampler_views)(struct pipe_context *ctx,
                             enum pipe_shader_type shader, unsigned start,
                             unsigned count,
                             unsigned unbind_num_trailing_slots,
                             bool take_ownership,
                             struct pipe_sampler_view **views);

   /* Optional: SSBOs and images. */
   void (*set_shader_buffers)(struct pipe_context *ctx,
                              enum pipe_shader_type shader, unsigned start,
                              unsigned count,
                              const struct pipe_shader_buffer *buffers,
                              unsigned writable_bitmask);
   void (*set_shader_images)(struct pipe_context *ctx,
                             enum pipe_shader_type shader, unsigned start,
                             unsigned count,
                             unsigned unbind_num_trailing_slots,
                             const struct pipe_image_view *images);

   /* Binds buffers[0..count) to vertex buffer slots 0..count-1 and unbinds
    * every slot above.  The driver takes its own references on the
    * resources it keeps; user buffers must be consumed (copied) before the
    * next draw returns. */
   void (*set_vertex_buffers)(struct pipe_context *ctx, unsigned count,
                              const struct pipe_vertex_buffer *buffers);

   /* Optional: transform feedback. */
   struct pipe_stream_output_target *(*create_stream_output_target)(
      struct pipe_context *ctx, struct pipe_resource *buffer,
      unsigned buffer_offset, unsigned buffer_size);
   void (*stream_output_target_destroy)(
      struct pipe_context *ctx, struct pipe_stream_output_target *target);
   void (*set_stream_output_targets)(
      struct pipe_context *ctx, unsigned num_targets,
      struct pipe_stream_output_target **targets, const unsigned *offsets);

   /* --- Copies and clears ------------------------------------------- */

   /* Copies a box of src into dst at (dstx, dsty, dstz); formats must be
    * compatible in block size.  Buffers copy bytes. */
   void (*resource_copy_region)(struct pipe_context *ctx,
                                struct pipe_resource *dst, unsigned dst_level,
                                unsigned dstx, unsigned dsty, unsigned dstz,
                                struct pipe_resource *src, unsigned src_level,
                                const struct pipe_box *src_box);

   /* Scaled, converting copy (MSAA resolve included). */
   void (*blit)(struct pipe_context *ctx, const struct pipe_blit_info *info);

   /* Clears the buffers in mask (PIPE_CLEAR_*) of the bound framebuffer.
    * scissor_state, if not NULL, limits the clear to that rectangle.  The
    * colour is given as floats or integers by the render target's format;
    * depth is in [0, 1]. */
   void (*clear)(struct pipe_context *ctx, unsigned buffers,
                 const struct pipe_scissor_state *scissor_state,
                 const union pipe_color_union *color, double depth,
                 unsigned stencil);

   /* Clear a rectangle of a surface, ignoring bound state (scissor,
    * masks, render condition unless render_condition_enabled). */
   void (*clear_render_target)(struct pipe_context *ctx,
                               struct pipe_surface *dst,
                               const union pipe_color_union *color,
                               unsigned dstx, unsigned dsty,
                               unsigned width, unsigned height,
                               bool render_condition_enabled);
   void (*clear_depth_stencil)(struct pipe_context *ctx,
                               struct pipe_surface *dst,
                               unsigned clear_flags, double depth,
                               unsigned stencil, unsigned dstx,
                               unsigned dsty, unsigned width,
                               unsigned height,
                               bool render_condition_enabled);
   /* Optional. */
   void (*clear_buffer)(struct pipe_context *ctx, struct pipe_resource *res,
                        unsigned offset, unsigned size,
                        const void *clear_value, int clear_value_size);

   /* --- Submission -------------------------------------------------- */

   /* Submits queued work.  If fence is not NULL, *fence receives a new
    * reference to a fence signalled when that work is done (release it with
    * pipe_screen::fence_reference(screen, fence, NULL)). */
   void (*flush)(struct pipe_context *ctx, struct pipe_fence_handle **fence,
                 unsigned flags);

   /* Optional. */
   void (*texture_barrier)(struct pipe_context *ctx, unsigned flags);
   void (*memory_barrier)(struct pipe_context *ctx, unsigned flags);
   /* Optional: the resource's contents may be dropped. */
   void (*invalidate_resource)(struct pipe_context *ctx,
                               struct pipe_resource *res);
   /* Optional: finish rendering to res so it can be read elsewhere. */
   void (*flush_resource)(struct pipe_context *ctx,
                          struct pipe_resource *res);

   /* --- Views ------------------------------------------------------- */

   struct pipe_sampler_view *(*create_sampler_view)(
      struct pipe_context *ctx, struct pipe_resource *res,
      const struct pipe_sampler_view *templ);
   void (*sampler_view_destroy)(struct pipe_context *ctx,
                                struct pipe_sampler_view *view);

   struct pipe_surface *(*create_surface)(struct pipe_context *ctx,
                                          struct pipe_resource *res,
                                          const struct pipe_surface *templ);
   void (*surface_destroy)(struct pipe_context *ctx,
                           struct pipe_surface *surf);

   /* --- Transfers --------------------------------------------------- */

   /* Maps box of level of a resource with PIPE_MAP_* usage.  Returns the
    * CPU address of the box's origin and a transfer describing the layout
    * (*transfer), or NULL on failure (or would-block with DONTBLOCK). */
   void *(*buffer_map)(struct pipe_context *ctx, struct pipe_resource *res,
                       unsigned level, unsigned usage,
                       const struct pipe_box *box,
                       struct pipe_transfer **transfer);
   void (*buffer_unmap)(struct pipe_context *ctx,
                        struct pipe_transfer *transfer);
   void *(*texture_map)(struct pipe_context *ctx, struct pipe_resource *res,
                        unsigned level, unsigned usage,
                        const struct pipe_box *box,
                        struct pipe_transfer **transfer);
   void (*texture_unmap)(struct pipe_context *ctx,
                         struct pipe_transfer *transfer);
   /* Optional: with PIPE_MAP_FLUSH_EXPLICIT. */
   void (*transfer_flush_region)(struct pipe_context *ctx,
                                 struct pipe_transfer *transfer,
                                 const struct pipe_box *box);

   /* Writes size bytes of data at offset of a buffer. */
   void (*buffer_subdata)(struct pipe_context *ctx,
                          struct pipe_resource *res, unsigned usage,
                          unsigned offset, unsigned size, const void *data);
   /* Writes a box of a texture level from data laid out with the given
    * row (stride) and layer (layer_stride) pitches in bytes. */
   void (*texture_subdata)(struct pipe_context *ctx,
                           struct pipe_resource *res, unsigned level,
                           unsigned usage, const struct pipe_box *box,
                           const void *data, unsigned stride,
                           uintptr_t layer_stride);

   /* Optional: mipmap generation; returns false if not done. */
   bool (*generate_mipmap)(struct pipe_context *ctx,
                           struct pipe_resource *res,
                           enum pipe_format format, unsigned base_level,
                           unsigned last_level, unsigned first_layer,
                           unsigned last_layer);

   /* Optional: where the driver sends messages for the application
    * (util/u_debug_callback.h), e.g. shader statistics; NULL removes it.
    * The driver copies *cb. */
   void (*set_debug_callback)(struct pipe_context *ctx,
                              const struct util_debug_callback *cb);

   /* Optional: make a fence from an fd and make the GPU wait on it. */
   void (*create_fence_fd)(struct pipe_context *ctx,
                           struct pipe_fence_handle **fence, int fd,
                           int type);
   void (*fence_server_sync)(struct pipe_context *ctx,
                             struct pipe_fence_handle *fence);

   /* Optional (NULL: never resets): a reset of the device since the last
    * call, reported once; later calls return PIPE_NO_RESET until the next
    * one.  Never waits for the GPU.
    */
   enum pipe_reset_status (*get_device_reset_status)(struct pipe_context *ctx);

   /* Optional (NULL: every sample at the pixel centre): where sample
    * sample_index of a sample_count-sampled pixel is, out[0] = x and
    * out[1] = y in [0, 1) from the pixel's top-left corner (Gallium's
    * y points down).  GL 3.2 glGetMultisamplefv(GL_SAMPLE_POSITION). */
   void (*get_sample_position)(struct pipe_context *ctx,
                               unsigned sample_count, unsigned sample_index,
                               float *out);
};

#ifdef __cplusplus
}
#endif

#endif
