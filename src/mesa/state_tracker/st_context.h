/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The state tracker's side of a context: the pipe_context underneath, the
 * CSO cache, the uploader, and what is currently bound on the pipe so that
 * unchanged state is not sent again.
 */
#ifndef ST_CONTEXT_H
#define ST_CONTEXT_H

#include "main/mtypes.h"
#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"
#include "state_tracker/st_api.h"

struct cso_cache;
struct u_upload_mgr;

/* A window-system framebuffer (st_api.h). */
struct st_framebuffer {
   struct gl_framebuffer base; /* Name 0 */
   struct pipe_screen *screen;
   struct st_visual visual;
   int refcount;   /* creator + contexts bound to it */
   unsigned stamp; /* bumped when its buffers change */
   struct gl_renderbuffer front, back, depth_stencil;
   /* Multisampled double-buffered framebuffers: the colour buffer GL
    * renders into; front and back are single-sampled for display, and the
    * end-of-frame flush resolves this into back (st_framebuffer_resolve). */
   struct gl_renderbuffer msaa;
   /* The same for the front buffer: what drawing into and reading from
    * the front renders to and reads (swapped with msaa when the buffers
    * swap, so each holds the samples of its buffer). */
   struct gl_renderbuffer msaa_front;
   /* The colour attachments that draw buffers render to (bit i: the
    * colour attachment BUFFER_COLOR0 + i is drawn): st_framebuffer_select. */
   unsigned draw_mask;
};

/* Does fb render to its colour attachment BUFFER_COLOR0 + i? */
static inline bool
st_color_attachment_drawn(const struct gl_framebuffer *fb, unsigned i)
{
   return fb->winsys ? (fb->winsys->draw_mask >> i) & 1
                     : fb->ColorDrawBuffer[i] != GL_NONE;
}

/* Uniform blocks a program may have (GL_MAX_COMBINED_UNIFORM_BLOCKS, at
 * most the constant buffers of a stage but one). */
#define ST_MAX_UBOS 36
#define ST_UBO_STAGES 3 /* vertex, fragment, geometry */

struct st_context {
   struct gl_context ctx;
   /* GLeglImageOES handles -> resources (st_eglimage.c). */
   st_image_lookup_fn image_lookup;
   void *image_lookup_data;
   unsigned id;                  /* unique per context, never reused */
   struct pipe_screen *screen;
   struct pipe_context *pipe;
   struct cso_cache *cso;
   struct u_upload_mgr *uploader;

   struct st_framebuffer *draw, *read;
   unsigned draw_stamp;
   /* Texture storage replaced by st_finalize_texture (a count), and the
    * count the draw framebuffer's attachments last followed. */
   unsigned new_trees, new_trees_seen;

   /* Bound on the pipe. */
   void *blend, *rasterizer, *dsa, *velems;
   void *vs, *fs;
   void *gs;         /* bound geometry shader CSO, NULL when none */
   struct pipe_framebuffer_state fb;
   /* Bit i: colour buffer i is of base format ALPHA (compatibility
    * contexts), stored as RGBA where the driver renders no alpha-only
    * format: only its alpha is ever written, so that R, G and B read 0
    * (st_cbuf_channels). */
   unsigned alpha_only_cbufs;
   /* Bit i: colour buffer i has no alpha in GL (base RED, RG, RGB or
    * LUMINANCE) but is stored with one: blending reads its destination
    * alpha as 1 (GL 4.6 section 17.3.6), so the blend CSO gets factors
    * that do not read it (update_blend).  Since wave 16. */
   unsigned no_alpha_cbufs;
   unsigned fb_height; /* for the y flip of window-system framebuffers */
   bool fb_flip;
   /* The colour clamping the program variants made now get
    * (st_color_clamp: ST_CLAMP_*). */
   uint8_t color_clamp;
   /* The draw of points whose clip positions st_capture_positions is
    * capturing (the variants made now capture gl_Position, rasterization
    * is off, nothing is counted). */
   bool capture_positions;
   unsigned num_vbufs;
   /* Whether the vertex buffers setup_vertices last bound for program
    * client_arrays_prog read client memory (or doubles converted on the
    * CPU), so must be set up again at every draw; known only when that
    * draw was an ordinary one (no copy-draw slot).  Stands until
    * ST_NEW_VERTEX_ARRAYS is set again (st_draw.c).  Since wave 17. */
   bool client_arrays, client_arrays_known;
   const void *client_arrays_prog;
   /* sampler views bound per pipe_shader_type (st_texture.c) */
   unsigned num_stage_views[PIPE_SHADER_TYPES];
   struct pipe_sampler_view *dummy_views[NUM_TEXTURE_TARGETS];
   void *clear_vs, *clear_fs; /* st_clear_quad.c */
   void *clear_layered_vs;    /* st_clear_quad.c: gl_Layer = instance */

   /* Constant buffer 0 as last uploaded: the serial of its executable
    * (gl_program_exec::serial; 0 none), which stays valid to compare
    * after the executable is freed, unlike a pointer. */
   unsigned const_serial;
   unsigned const_stamp;
   bool const_valid;
   /* PIPE_CAP_USER_CONSTANT_BUFFERS: constant buffer 0 passed as client
    * memory (no upload). */
   bool user_const_buffers;

   /* Uniform blocks bound as constant buffers 1.. of VS and FS
    * (st_atom_ubo.c), with references. */
   struct st_ubo_binding {
      struct pipe_resource *resource;
      unsigned offset, size;
   } ubos[ST_UBO_STAGES][ST_MAX_UBOS];
   unsigned num_ubos[ST_UBO_STAGES];
   /* Bound again only on ST_NEW_UNIFORM_BUFFER or ST_NEW_PROGRAM, or when
    * gl_shared_state::UboStamp moved from this while some are bound
    * (st_atoms.c).  Since wave 17. */
   unsigned ubo_stamp;
   bool any_ubos; /* some num_ubos[s] is not 0 */

   /* Fixed-function programs (st_ff_program.c): every one made, and the
    * one of the state at the last draw without a program. */
   struct st_ff_program *ff_programs;
   struct gl_program_exec *ff_exec;
   void *cs;         /* bound compute shader CSO (st_compute.c) */
   /* Programs of pixel rectangles by kind (st_pixel_quad.c). */
   struct gl_program_exec *pixel_exec[3];
   /* Copies of client vertex arrays made, one per interleaved range a
    * draw reads (st_draw_client.c); for tests. */
   unsigned client_array_uploads;
};

static inline struct st_context *
st_context(struct gl_context *ctx)
{
   return ctx->st;
}

/* Installs (debug output on) or removes the driver's message callback. */
void st_update_debug_callback(struct st_context *st);

/* A per-stage shader cap of the driver into limits (indexed by GL stage:
 * vertex, geometry, fragment and compute; clamped to [0, max]); gives the
 * largest. */
int st_stage_limits(struct pipe_screen *screen, enum pipe_shader_cap cap,
                    int max, GLint limits[MESA_SHADER_STAGES]);

/* Sends every GL state marked in ctx->NewState to the pipe (st_atoms.c).
 * False if a draw is impossible (e.g. out of memory). */
bool st_validate_state(struct st_context *st);

/* Binds the current program's uniform blocks as constant buffers 1..
 * (st_atom_ubo.c); called at every draw.  st_release_ubos drops the
 * references before the pipe goes away. */
void st_update_ubos(struct st_context *st);
void st_release_ubos(struct st_context *st);

/* The framebuffer to draw into changed (binding or window-system
 * resize): marks what depends on its size. */
void st_invalidate_framebuffer(struct st_context *st);

void st_framebuffer_unref(struct st_framebuffer *fb);

/* The renderbuffer GL renders to or reads from for one of a window-system
 * framebuffer's colour buffers (WINSYS_FRONT or WINSYS_BACK of
 * main/fbobject.h); a single-buffered one has only its front. */
struct gl_renderbuffer *st_framebuffer_color(struct st_framebuffer *fb,
                                             unsigned buffer);

/* Points the colour attachments at the buffers the draw buffers name
 * (after glDrawBuffer(s) and reallocation). */
void st_framebuffer_select(struct st_framebuffer *fb);

/* (Re)allocates a renderbuffer's storage (glRenderbufferStorage). */
bool st_renderbuffer_storage(struct st_context *st, struct gl_renderbuffer *rb,
                             enum pipe_format format, GLsizei width,
                             GLsizei height);

/* Resolves a multisampled window framebuffer's colour buffer into its
 * back buffer (nothing for other framebuffers). */
void st_framebuffer_resolve(struct st_context *st, struct st_framebuffer *fb);

/* The same with a sample count: 0 single-sampled, else rounded up to
 * the smallest count the screen supports for format (rb->Samples says
 * which; false when none >= samples exists or out of memory). */
bool st_renderbuffer_storage_ms(struct st_context *st,
                                struct gl_renderbuffer *rb,
                                enum pipe_format format, unsigned samples,
                                GLsizei width, GLsizei height);

/* The sample counts > 1 (at most max_counts, largest first) the screen can
 * render format with; returns how many. */
unsigned st_sample_counts(struct st_context *st, enum pipe_format format,
                          unsigned *counts, unsigned max_counts);

/* Writes zero into every channel of rb's storage (an ALPHA buffer's new
 * storage, _mesa_is_alpha_renderbuffer). */
void st_renderbuffer_zero(struct st_context *st, struct gl_renderbuffer *rb);

/* Surface of a renderbuffer for this context's pipe (made on demand). */
struct pipe_surface *st_renderbuffer_surface(struct st_context *st,
                                             struct gl_renderbuffer *rb);

/* Releases what framebuffer state holds, before a context goes away. */
void st_release_framebuffer_state(struct st_context *st);

/* The GL scissor box in Gallium coordinates, clamped to the bound
 * framebuffer. */
void st_scissor_rect(struct st_context *st, struct pipe_scissor_state *s);

/* The channels draws and clears may write in colour buffer i. */
static inline unsigned
st_cbuf_channels(const struct st_context *st, unsigned i)
{
   return (st->alpha_only_cbufs >> i) & 1u ? PIPE_MASK_A : PIPE_MASK_RGBA;
}

#endif
