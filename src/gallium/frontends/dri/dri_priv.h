/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The driver side of include/asahi/dri_interface.h: asahi_dri objects
 * wrapping a pipe_screen and the GL front end's st_api (contract 4).
 * Files: dri_pipe.c (which pipe driver), dri_screen.c (screens, configs,
 * versions), dri_context.c (contexts, make-current, flush, fences),
 * dri_drawable.c (pbuffer framebuffers), dri_image.c (shareable images),
 * dri_interface.c (the table).
 */
#ifndef DRI_PRIV_H
#define DRI_PRIV_H

#include <pthread.h>

#include "asahi/dri_interface.h"
#include "pipe/p_format.h"

struct pipe_context;
struct pipe_resource;
struct pipe_screen;
struct st_context;
struct st_framebuffer;

#define DRI_MAX_CONFIGS 32

struct asahi_dri_screen {
   struct pipe_screen *pipe;
   const char *pipe_driver; /* "asahi" or "noop" */
   int fd;                  /* our dup, or -1 */
   struct asahi_dri_screen_info info;
   bool info_ready;

   /* A driver context of our own for image maps, made on first use. */
   pthread_mutex_t map_lock;
   struct pipe_context *map_ctx;

   struct asahi_dri_config configs[DRI_MAX_CONFIGS];
   enum pipe_format color_formats[DRI_MAX_CONFIGS];
   enum pipe_format zs_formats[DRI_MAX_CONFIGS];
   unsigned num_configs;

   /* GLeglImageOES handles -> images (dri_image_gl.c). */
   bool (*image_lookup)(void *data, void *handle,
                        void (*use)(struct asahi_dri_image *image, void *arg),
                        void *arg);
   void *image_lookup_data;
};

struct asahi_dri_context {
   struct asahi_dri_screen *screen;
   struct st_context *st;
};

struct asahi_dri_drawable {
   struct asahi_dri_screen *screen;
   struct st_framebuffer *fb;
   uint32_t fourcc;
};

/* ---- dri_pipe.c ---------------------------------------------------------- */

/* Which pipe driver a screen gets: explicit (options), else the
 * GALLIUM_DRIVER value `env`, else by kernel driver name ("asahi"), else
 * "noop" when there is no device (fd -1).  NULL: none fits.  Pure.
 */
const char *dri_choose_pipe_driver(const char *explicit_name, const char *env,
                                   const char *kernel_name, bool have_fd);

/* Creates the named pipe driver's screen on fd.  When the AGX pipe driver
 * is not built in, "asahi" is served by noop (and *name says so).
 */
struct pipe_screen *dri_create_pipe_screen(const char **name, int fd,
                                           enum asahi_dri_error *error);

/* ---- dri_screen.c ---------------------------------------------------- */

struct asahi_dri_screen *
dri_screen_create(const struct asahi_dri_screen_options *options,
                  enum asahi_dri_error *error);
void dri_screen_destroy(struct asahi_dri_screen *screen);
void dri_screen_get_info(struct asahi_dri_screen *screen,
                         struct asahi_dri_screen_info *info);
unsigned dri_get_configs(struct asahi_dri_screen *screen,
                         struct asahi_dri_config *configs, unsigned max);
/* Index of a config id, or -1. */
int dri_config_index(const struct asahi_dri_screen *screen, uint32_t id);

/* ---- dri_context.c --------------------------------------------------- */

struct asahi_dri_context *
dri_context_create(struct asahi_dri_screen *screen,
                   const struct asahi_dri_context_attribs *attribs,
                   struct asahi_dri_context *share,
                   enum asahi_dri_error *error);
void dri_context_destroy(struct asahi_dri_context *ctx);
enum asahi_dri_error dri_make_current(struct asahi_dri_context *ctx,
                                      struct asahi_dri_drawable *draw,
                                      struct asahi_dri_drawable *read);
void dri_flush(struct asahi_dri_context *ctx);
void dri_finish(struct asahi_dri_context *ctx);
struct asahi_dri_fence *dri_fence_create(struct asahi_dri_context *ctx);
bool dri_fence_wait(struct asahi_dri_screen *screen,
                    struct asahi_dri_fence *fence, uint64_t timeout_ns);
void dri_fence_destroy(struct asahi_dri_screen *screen,
                       struct asahi_dri_fence *fence);
int dri_fence_get_fd(struct asahi_dri_screen *screen,
                     struct asahi_dri_fence *fence);

/* ---- dri_image.c ----------------------------------------------------- */

struct asahi_dri_image *dri_image_create(struct asahi_dri_screen *screen,
                                         uint32_t width, uint32_t height,
                                         uint32_t fourcc,
                                         const uint64_t *modifiers,
                                         unsigned num_modifiers, uint32_t usage,
                                         enum asahi_dri_error *error);
struct asahi_dri_image *
dri_image_import(struct asahi_dri_screen *screen,
                 const struct asahi_dri_image_desc *desc,
                 enum asahi_dri_error *error);
bool dri_image_export(struct asahi_dri_image *image,
                      struct asahi_dri_image_desc *desc);
void dri_image_destroy(struct asahi_dri_image *image);
void *dri_image_map(struct asahi_dri_image *image, uint32_t x, uint32_t y,
                    uint32_t width, uint32_t height, uint32_t flags,
                    uint32_t *stride_B, void **cookie);
void dri_image_unmap(struct asahi_dri_image *image, void *cookie);
/* An image holding a new reference to res: its level `level`. */
struct asahi_dri_image *dri_image_wrap(struct asahi_dri_screen *screen,
                                       struct pipe_resource *res,
                                       unsigned level, uint32_t fourcc);

struct asahi_dri_screen *dri_image_screen(struct asahi_dri_image *image);
struct pipe_resource *dri_image_resource(struct asahi_dri_image *image,
                                         unsigned *level);

/* ---- dri_image_gl.c -------------------------------------------------- */

struct asahi_dri_image *dri_image_from_gl(struct asahi_dri_context *ctx,
                                          uint32_t gl_target, uint32_t name,
                                          uint32_t level,
                                          enum asahi_dri_error *error);
void dri_screen_set_image_lookup(
   struct asahi_dri_screen *screen,
   bool (*lookup)(void *data, void *handle,
                  void (*use)(struct asahi_dri_image *image, void *arg),
                  void *arg),
   void *data);
/* Points a new context's GL front end at the screen's lookup. */
void dri_context_init_image_lookup(struct asahi_dri_context *ctx);

/* ---- dri_drawable.c -------------------------------------------------- */

struct asahi_dri_drawable *dri_drawable_create(struct asahi_dri_screen *screen,
                                               uint32_t config_id,
                                               uint32_t width, uint32_t height,
                                               enum asahi_dri_error *error);
void dri_drawable_destroy(struct asahi_dri_drawable *drawable);
struct asahi_dri_drawable *dri_window_create(struct asahi_dri_screen *screen,
                                             uint32_t config_id,
                                             uint32_t width, uint32_t height,
                                             enum asahi_dri_error *error);
void dri_swap_buffers(struct asahi_dri_context *ctx,
                      struct asahi_dri_drawable *drawable);
struct asahi_dri_image *dri_drawable_get_image(
   struct asahi_dri_drawable *drawable, bool back);

#endif /* DRI_PRIV_H */
