/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Displays: one per (platform, native display), created by glvnd's call to
 * our getPlatformDisplay and kept for the life of the process, as EGL
 * requires the same handle for the same arguments.  eglInitialize opens the
 * render node, loads the driver, creates its screen and derives the EGL
 * configs; eglTerminate releases them once no context or surface of the
 * display is current any more.
 */
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "egl_private.h"

/* One lock for all EGL state of this vendor: calls are short, and a single
 * lock keeps eglMakeCurrent across displays free of lock ordering.
 */
static pthread_mutex_t egl_lock = PTHREAD_MUTEX_INITIALIZER;
static struct list_head egl_displays = {&egl_displays, &egl_displays};

/* AGX's largest 2D image.  Fact: alexvorxx/Mesa-VirGL
 * src/gallium/drivers/asahi/agx_pipe.c (max texture 2D size 16384).
 */
#define EGL_MAX_PBUFFER_SIZE 16384

/* The platforms this build provides (meson's -Dplatforms; surfaceless
 * always, as it is the default display). */
#ifndef EGL_ASAHI_PLATFORM_DEVICE
#define EGL_ASAHI_PLATFORM_DEVICE 1
#endif
#ifndef EGL_ASAHI_PLATFORM_GBM
#define EGL_ASAHI_PLATFORM_GBM 1
#endif

static bool
platform_known(EGLenum platform)
{
   return platform == EGL_PLATFORM_SURFACELESS_MESA ||
          (EGL_ASAHI_PLATFORM_DEVICE && platform == EGL_PLATFORM_DEVICE_EXT) ||
          (EGL_ASAHI_PLATFORM_GBM && platform == EGL_PLATFORM_GBM_MESA);
}

/* A function of the libgbm the program uses.  A program linked with it
 * has it in the global scope; one that opened it with dlopen (waffle, so
 * piglit's gbm platform, does: RTLD_LOCAL) has it only under its name, so
 * look there too without loading anything new.
 */
void *
egl_gbm_symbol(const char *name)
{
   void *sym = dlsym(RTLD_DEFAULT, name);
   if (sym)
      return sym;
   void *lib = dlopen("libgbm.so.1", RTLD_LAZY | RTLD_NOLOAD);
   if (!lib)
      return NULL;
   sym = dlsym(lib, name);
   dlclose(lib);
   return sym;
}

/* The fd of a GBM device, through whichever libgbm the program uses (ours
 * or Mesa's: gbm_device_get_fd is standard API), or -1.
 */
static int
gbm_device_fd(void *gbm)
{
   int (*get_fd)(void *) =
      (int (*)(void *))egl_gbm_symbol("gbm_device_get_fd");
   return get_fd ? get_fd(gbm) : -1;
}

/* EGL_PLATFORM for eglGetDisplay: glvnd passes EGL_NONE when it does not
 * know the name (it knows "device", not "surfaceless").  With no variable
 * set, the default display is the surfaceless one: we have no window
 * system.
 */
static EGLenum
platform_from_env(void)
{
   const char *name = getenv("EGL_PLATFORM");
   if (!name || !*name || !strcmp(name, "surfaceless"))
      return EGL_PLATFORM_SURFACELESS_MESA;
   if (EGL_ASAHI_PLATFORM_DEVICE && !strcmp(name, "device"))
      return EGL_PLATFORM_DEVICE_EXT;
   return EGL_NONE;
}

EGLDisplay
egl_get_platform_display(EGLenum platform, void *native,
                         const EGLAttrib *attrib_list)
{
   static const char func[] = "eglGetPlatformDisplay";

   if (platform == EGL_NONE) {
      platform = platform_from_env();
      if (platform == EGL_NONE) {
         /* Not ours: let another vendor answer, without an error. */
         egl_success();
         return EGL_NO_DISPLAY;
      }
   }
   if (!platform_known(platform)) {
      egl_success();
      return EGL_NO_DISPLAY;
   }

   if (attrib_list && attrib_list[0] != EGL_NONE) {
      egl_error(EGL_BAD_ATTRIBUTE, func, "no display attributes supported");
      return EGL_NO_DISPLAY;
   }

   if (platform == EGL_PLATFORM_SURFACELESS_MESA && native) {
      /* Fact: EGL_MESA_platform_surfaceless: native_display must be
       * EGL_DEFAULT_DISPLAY.
       */
      egl_error(EGL_BAD_PARAMETER, func, "native display must be NULL");
      return EGL_NO_DISPLAY;
   }
   if (platform == EGL_PLATFORM_GBM_MESA && native &&
       gbm_device_fd(native) < 0) {
      egl_error(EGL_BAD_PARAMETER, func, "not a GBM device");
      return EGL_NO_DISPLAY;
   }
   if (platform == EGL_PLATFORM_DEVICE_EXT && native &&
       !egl_device_node(native)) {
      egl_error(EGL_BAD_PARAMETER, func, "not a device of ours");
      return EGL_NO_DISPLAY;
   }

   pthread_mutex_lock(&egl_lock);
   list_for_each_entry(struct egl_display, d, &egl_displays, link) {
      if (d->platform == platform && d->native == native) {
         pthread_mutex_unlock(&egl_lock);
         egl_success();
         return d;
      }
   }

   struct egl_display *disp = calloc(1, sizeof(*disp));
   if (!disp) {
      pthread_mutex_unlock(&egl_lock);
      egl_error(EGL_BAD_ALLOC, func, "out of memory");
      return EGL_NO_DISPLAY;
   }
   disp->platform = platform;
   disp->native = native;
   disp->fd = -1;
   list_inithead(&disp->contexts);
   list_inithead(&disp->surfaces);
   list_inithead(&disp->syncs);
   list_inithead(&disp->images);
   list_addtail(&disp->link, &egl_displays);
   pthread_mutex_unlock(&egl_lock);

   egl_success();
   return disp;
}

static struct egl_display *
lookup_locked(EGLDisplay dpy)
{
   list_for_each_entry(struct egl_display, d, &egl_displays, link) {
      if ((EGLDisplay)d == dpy)
         return d;
   }
   return NULL;
}

struct egl_display *
egl_lookup_display(EGLDisplay dpy)
{
   pthread_mutex_lock(&egl_lock);
   struct egl_display *disp = lookup_locked(dpy);
   pthread_mutex_unlock(&egl_lock);
   return disp;
}

struct egl_display *
egl_lock_display(EGLDisplay dpy, const char *func)
{
   pthread_mutex_lock(&egl_lock);
   struct egl_display *disp = lookup_locked(dpy);
   if (!disp) {
      pthread_mutex_unlock(&egl_lock);
      egl_error(EGL_BAD_DISPLAY, func, "not a display");
      return NULL;
   }
   if (!disp->initialized) {
      pthread_mutex_unlock(&egl_lock);
      egl_error(EGL_NOT_INITIALIZED, func, "display not initialized");
      return NULL;
   }
   return disp;
}

void
egl_unlock_display(struct egl_display *disp)
{
   (void)disp;
   pthread_mutex_unlock(&egl_lock);
}

void
egl_global_lock(void)
{
   pthread_mutex_lock(&egl_lock);
}

void
egl_global_unlock(void)
{
   pthread_mutex_unlock(&egl_lock);
}

const struct egl_config *
egl_lookup_config(struct egl_display *disp, EGLConfig config)
{
   for (unsigned i = 0; i < disp->num_configs; i++) {
      if ((EGLConfig)&disp->configs[i] == config)
         return &disp->configs[i];
   }
   return NULL;
}

EGLint
egl_error_from_dri(enum asahi_dri_error error)
{
   switch (error) {
   case ASAHI_DRI_SUCCESS:
      return EGL_SUCCESS;
   case ASAHI_DRI_ERROR_NO_MEMORY:
      return EGL_BAD_ALLOC;
   case ASAHI_DRI_ERROR_NO_DEVICE:
      return EGL_NOT_INITIALIZED;
   case ASAHI_DRI_ERROR_BAD_CONFIG:
      return EGL_BAD_CONFIG;
   case ASAHI_DRI_ERROR_BAD_SIZE:
      return EGL_BAD_ALLOC;
   case ASAHI_DRI_ERROR_BAD_API:
   case ASAHI_DRI_ERROR_BAD_VERSION:
   case ASAHI_DRI_ERROR_BAD_FLAG:
   case ASAHI_DRI_ERROR_BAD_SHARE:
   case ASAHI_DRI_ERROR_BAD_MATCH:
   case ASAHI_DRI_ERROR_UNSUPPORTED:
      return EGL_BAD_MATCH;
   case ASAHI_DRI_ERROR_BAD_PARAMETER:
      return EGL_BAD_PARAMETER;
   }
   return EGL_BAD_MATCH;
}

/* ---- configs ---------------------------------------------------------- */

static EGLint
renderable_bits(const struct asahi_dri_screen_info *info)
{
   EGLint bits = 0;
   if (info->max_gles_version >= 20)
      bits |= EGL_OPENGL_ES2_BIT;
   if (info->max_gles_version >= 30)
      bits |= EGL_OPENGL_ES3_BIT;
   if (info->max_gl_core_version || info->max_gl_compat_version)
      bits |= EGL_OPENGL_BIT;
   return bits;
}

static void
fill_config(struct egl_config *c, const struct asahi_dri_config *dc, EGLint id,
            EGLint renderable, EGLint surface_type, bool gbm)
{
   memset(c, 0, sizeof(*c));
   c->dri_id = dc->id;
   c->v[EGL_CA_CONFIG_ID] = id;
   c->v[EGL_CA_RED_SIZE] = dc->red_size;
   c->v[EGL_CA_GREEN_SIZE] = dc->green_size;
   c->v[EGL_CA_BLUE_SIZE] = dc->blue_size;
   c->v[EGL_CA_ALPHA_SIZE] = dc->alpha_size;
   c->v[EGL_CA_BUFFER_SIZE] =
      dc->red_size + dc->green_size + dc->blue_size + dc->alpha_size;
   c->v[EGL_CA_DEPTH_SIZE] = dc->depth_size;
   c->v[EGL_CA_STENCIL_SIZE] = dc->stencil_size;
   c->v[EGL_CA_SAMPLE_BUFFERS] = dc->samples > 1;
   c->v[EGL_CA_SAMPLES] = dc->samples > 1 ? dc->samples : 0;
   c->v[EGL_CA_BIND_TO_TEXTURE_RGB] = EGL_FALSE;
   c->v[EGL_CA_BIND_TO_TEXTURE_RGBA] = EGL_FALSE;
   c->v[EGL_CA_COLOR_BUFFER_TYPE] = EGL_RGB_BUFFER;
   c->v[EGL_CA_CONFIG_CAVEAT] = EGL_NONE;
   c->v[EGL_CA_CONFORMANT] = renderable;
   c->v[EGL_CA_RENDERABLE_TYPE] = renderable;
   c->v[EGL_CA_LEVEL] = 0;
   c->v[EGL_CA_MAX_PBUFFER_WIDTH] = EGL_MAX_PBUFFER_SIZE;
   c->v[EGL_CA_MAX_PBUFFER_HEIGHT] = EGL_MAX_PBUFFER_SIZE;
   c->v[EGL_CA_MAX_PBUFFER_PIXELS] =
      EGL_MAX_PBUFFER_SIZE * EGL_MAX_PBUFFER_SIZE;
   c->v[EGL_CA_MIN_SWAP_INTERVAL] = 0;
   c->v[EGL_CA_MAX_SWAP_INTERVAL] = 1;
   c->v[EGL_CA_NATIVE_RENDERABLE] = EGL_FALSE;
   /* On GBM the native visual is the buffer format (a DRM fourcc). */
   c->v[EGL_CA_NATIVE_VISUAL_ID] = gbm ? (EGLint)dc->fourcc : 0;
   c->v[EGL_CA_NATIVE_VISUAL_TYPE] = EGL_NONE;
   c->v[EGL_CA_SURFACE_TYPE] = surface_type;
   c->v[EGL_CA_TRANSPARENT_TYPE] = EGL_NONE;
}

static bool
build_configs(struct egl_display *disp)
{
   unsigned n = disp->dri->get_configs(disp->screen, NULL, 0);
   struct asahi_dri_config *dc = calloc(n ? n : 1, sizeof(*dc));
   disp->configs = calloc(n ? n : 1, sizeof(*disp->configs));
   if (!dc || !disp->configs) {
      free(dc);
      free(disp->configs);
      disp->configs = NULL;
      return false;
   }
   n = disp->dri->get_configs(disp->screen, dc, n);

   /* GBM configs are window configs too (GBM surfaces are the windows),
    * as programs written for Mesa expect; creating one fails for now.
    */
   bool gbm = disp->platform == EGL_PLATFORM_GBM_MESA;
   EGLint renderable = renderable_bits(&disp->info);
   EGLint surface_type = EGL_PBUFFER_BIT | (gbm ? EGL_WINDOW_BIT : 0);
   for (unsigned i = 0; i < n; i++)
      fill_config(&disp->configs[i], &dc[i], (EGLint)i + 1, renderable,
                  surface_type, gbm);
   disp->num_configs = n;
   free(dc);
   return true;
}

/* ---- initialize / terminate ------------------------------------------- */

static void
append(char *buf, size_t size, const char *ext, bool cond)
{
   if (!cond)
      return;
   size_t len = strlen(buf);
   snprintf(buf + len, size - len, "%s%s", len ? " " : "", ext);
}

static void
build_strings(struct egl_display *disp)
{
   const struct asahi_dri_screen_info *info = &disp->info;
   bool gl = info->max_gl_core_version || info->max_gl_compat_version;
   bool robust = info->caps & ASAHI_DRI_CAP_ROBUSTNESS;
   bool fence = info->caps & ASAHI_DRI_CAP_FENCE;
   char *e = disp->extensions;
   size_t n = sizeof(disp->extensions);

   disp->client_apis[0] = '\0';
   append(disp->client_apis, sizeof(disp->client_apis), "OpenGL", gl);
   append(disp->client_apis, sizeof(disp->client_apis), "OpenGL_ES",
          info->max_gles_version >= 20);

   e[0] = '\0';
   bool images = egl_images_supported(disp);
   append(e, n, "EGL_EXT_create_context_robustness",
          robust || (info->caps & ASAHI_DRI_CAP_RESET_NOTIFICATION));
   append(e, n, "EGL_EXT_image_dma_buf_import",
          images && ASAHI_DRI_HAS(disp->dri, image_import));
   append(e, n, "EGL_IMG_context_priority", true);
   append(e, n, "EGL_KHR_config_attribs", true);
   append(e, n, "EGL_KHR_context_flush_control", true);
   append(e, n, "EGL_KHR_create_context", true);
   append(e, n, "EGL_KHR_create_context_no_error",
          info->caps & ASAHI_DRI_CAP_NO_ERROR);
   append(e, n, "EGL_KHR_fence_sync", fence);
   append(e, n, "EGL_KHR_get_all_proc_addresses", true);
   append(e, n, "EGL_KHR_gl_renderbuffer_image",
          images && ASAHI_DRI_HAS(disp->dri, image_from_gl));
   append(e, n, "EGL_KHR_gl_texture_2D_image",
          images && ASAHI_DRI_HAS(disp->dri, image_from_gl));
   append(e, n, "EGL_KHR_image_base", images);
   append(e, n, "EGL_KHR_no_config_context", true);
   append(e, n, "EGL_KHR_surfaceless_context", true);
   append(e, n, "EGL_KHR_wait_sync", fence);
   append(e, n, "EGL_MESA_configless_context", true);
   append(e, n, "EGL_MESA_image_dma_buf_export",
          images && ASAHI_DRI_HAS(disp->dri, image_export));
   append(e, n, "EGL_MESA_query_driver", true);

   disp->context_caps.robust_access = robust;
   disp->context_caps.reset_notification =
      info->caps & ASAHI_DRI_CAP_RESET_NOTIFICATION;
   disp->context_caps.no_error = info->caps & ASAHI_DRI_CAP_NO_ERROR;
}

/* Global GL proc source: the first driver loaded stays loaded, since GL
 * dispatch tables keep pointers into it.
 */
static const struct asahi_dri_interface *egl_gl_driver;

void *
egl_gl_proc_address(const char *name)
{
   pthread_mutex_lock(&egl_lock);
   const struct asahi_dri_interface *dri = egl_gl_driver;
   pthread_mutex_unlock(&egl_lock);
   return dri ? (void *)dri->get_proc_address(name) : NULL;
}

static EGLint
open_device(struct egl_display *disp, char *driver, size_t size)
{
   if (disp->platform == EGL_PLATFORM_GBM_MESA && disp->native) {
      int fd = gbm_device_fd(disp->native);
      disp->fd = fd >= 0 ? fcntl(fd, F_DUPFD_CLOEXEC, 3) : -1;
      if (disp->fd < 0 || !loader_get_driver_for_fd(disp->fd, driver, size))
         return EGL_NOT_INITIALIZED;
      return EGL_SUCCESS;
   }
   if (disp->platform == EGL_PLATFORM_DEVICE_EXT && disp->native) {
      const char *node = egl_device_node(disp->native);
      disp->fd = open(node, O_RDWR | O_CLOEXEC);
      if (disp->fd < 0 || !loader_get_driver_for_fd(disp->fd, driver, size))
         return EGL_NOT_INITIALIZED;
      return EGL_SUCCESS;
   }
   disp->fd = loader_open_render_node(driver, size);
   if (disp->fd < 0 && disp->platform != EGL_PLATFORM_SURFACELESS_MESA)
      return EGL_NOT_INITIALIZED;
   return EGL_SUCCESS;
}

static EGLint
initialize_locked(struct egl_display *disp, char *why, size_t why_size)
{
   char driver[64];
   EGLint err = open_device(disp, driver, sizeof(driver));
   if (err != EGL_SUCCESS) {
      snprintf(why, why_size, "no usable render node");
      goto fail;
   }

   if (!loader_load_driver(driver, &disp->driver, why, why_size)) {
      err = EGL_NOT_INITIALIZED;
      goto fail;
   }
   disp->dri = disp->driver.iface;
   snprintf(disp->driver_name, sizeof(disp->driver_name), "%s", driver);
   if (!egl_gl_driver && dlopen(disp->driver.path, RTLD_NOW | RTLD_NOLOAD)) {
      /* That extra reference is never dropped. */
      egl_gl_driver = disp->dri;
   }

   enum asahi_dri_error derr;
   struct asahi_dri_screen_options opts = {.fd = disp->fd};
   disp->screen = disp->dri->screen_create(&opts, &derr);
   if (!disp->screen) {
      snprintf(why, why_size, "%.200s: %s", disp->driver.path,
               asahi_dri_error_string(derr));
      err = EGL_NOT_INITIALIZED;
      goto fail;
   }
   memset(&disp->info, 0, sizeof(disp->info));
   disp->dri->screen_get_info(disp->screen, &disp->info);
   egl_image_init_display(disp);

   if (!build_configs(disp)) {
      err = EGL_BAD_ALLOC;
      goto fail;
   }
   build_strings(disp);
   disp->initialized = true;
   return EGL_SUCCESS;

fail:
   if (disp->screen)
      disp->dri->screen_destroy(disp->screen);
   disp->screen = NULL;
   if (disp->driver.handle)
      loader_unload_driver(&disp->driver);
   disp->dri = NULL;
   if (disp->fd >= 0)
      close(disp->fd);
   disp->fd = -1;
   return err;
}

static EGLBoolean EGLAPIENTRY
egl_Initialize(EGLDisplay dpy, EGLint *major, EGLint *minor)
{
   pthread_mutex_lock(&egl_lock);
   struct egl_display *disp = lookup_locked(dpy);
   if (!disp) {
      pthread_mutex_unlock(&egl_lock);
      return egl_error(EGL_BAD_DISPLAY, "eglInitialize", "not a display");
   }

   EGLint err = EGL_SUCCESS;
   char why[512] = "";
   if (!disp->initialized) {
      if (disp->screen) {
         /* Terminated while something was current: take it back. */
         disp->initialized = true;
      } else {
         err = initialize_locked(disp, why, sizeof(why));
      }
   }
   pthread_mutex_unlock(&egl_lock);

   if (err != EGL_SUCCESS) {
      if (loader_verbose())
         fprintf(stderr, "libEGL_asahi: eglInitialize: %s\n", why);
      return egl_error(err, "eglInitialize", why);
   }
   if (major)
      *major = EGL_ASAHI_VERSION_MAJOR;
   if (minor)
      *minor = EGL_ASAHI_VERSION_MINOR;
   return egl_success();
}

/* Frees the driver objects once the display is terminated and nothing of
 * it is alive any more.
 */
void
egl_display_teardown_if_unused(struct egl_display *disp)
{
   if (disp->initialized || !disp->screen)
      return;
   if (!list_is_empty(&disp->contexts) || !list_is_empty(&disp->surfaces) ||
       !list_is_empty(&disp->syncs))
      return;
   disp->dri->screen_destroy(disp->screen);
   disp->screen = NULL;
   free(disp->configs);
   disp->configs = NULL;
   disp->num_configs = 0;
   loader_unload_driver(&disp->driver);
   disp->dri = NULL;
   if (disp->fd >= 0)
      close(disp->fd);
   disp->fd = -1;
}

static EGLBoolean EGLAPIENTRY
egl_Terminate(EGLDisplay dpy)
{
   pthread_mutex_lock(&egl_lock);
   struct egl_display *disp = lookup_locked(dpy);
   if (!disp) {
      pthread_mutex_unlock(&egl_lock);
      return egl_error(EGL_BAD_DISPLAY, "eglTerminate", "not a display");
   }
   if (disp->initialized) {
      /* Handles become invalid now; objects still current live on until
       * released (EGL 1.5 section 3.2).
       */
      list_for_each_entry_safe(struct egl_sync, s, &disp->syncs, res.link)
         egl_sync_destroy_locked(s);
      list_for_each_entry_safe(struct egl_image, i, &disp->images, res.link)
         egl_image_destroy_locked(i);
      list_for_each_entry_safe(struct egl_context, c, &disp->contexts,
                               res.link) {
         if (!c->res.destroyed) {
            c->res.destroyed = true;
            egl_context_unref(c);
         }
      }
      list_for_each_entry_safe(struct egl_surface, s, &disp->surfaces,
                               res.link) {
         if (!s->res.destroyed) {
            s->res.destroyed = true;
            egl_surface_unref(s);
         }
      }
      disp->initialized = false;
      egl_display_teardown_if_unused(disp);
   }
   pthread_mutex_unlock(&egl_lock);
   return egl_success();
}

/* Platform extensions of the platforms built in. */
#if EGL_ASAHI_PLATFORM_DEVICE
#define EGL_ASAHI_DEVICE_PLATFORM_EXT "EGL_EXT_platform_device "
#else
#define EGL_ASAHI_DEVICE_PLATFORM_EXT ""
#endif
#if EGL_ASAHI_PLATFORM_GBM
#define EGL_ASAHI_GBM_PLATFORM_EXT "EGL_KHR_platform_gbm EGL_MESA_platform_gbm "
#else
#define EGL_ASAHI_GBM_PLATFORM_EXT ""
#endif
#define EGL_ASAHI_PLATFORM_EXTENSIONS                                          \
   EGL_ASAHI_DEVICE_PLATFORM_EXT EGL_ASAHI_GBM_PLATFORM_EXT                    \
   "EGL_MESA_platform_surfaceless"

/* Extensions of EGL_NO_DISPLAY (glvnd merges them with its own). */
#define EGL_ASAHI_CLIENT_EXTENSIONS                                            \
   "EGL_EXT_client_extensions EGL_EXT_device_base "                            \
   "EGL_EXT_device_enumeration EGL_EXT_device_query "                          \
   "EGL_EXT_platform_base EGL_KHR_client_get_all_proc_addresses "              \
   "EGL_KHR_debug " EGL_ASAHI_PLATFORM_EXTENSIONS

const char *
egl_platform_extensions(void)
{
   return EGL_ASAHI_PLATFORM_EXTENSIONS;
}

static const char *EGLAPIENTRY
egl_QueryString(EGLDisplay dpy, EGLint name)
{
   static const char func[] = "eglQueryString";

   if (dpy == EGL_NO_DISPLAY && name == EGL_EXTENSIONS) {
      egl_success();
      return EGL_ASAHI_CLIENT_EXTENSIONS;
   }

   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return NULL;

   const char *s;
   switch (name) {
   case EGL_VENDOR:
      s = EGL_ASAHI_VENDOR;
      break;
   case EGL_VERSION:
      s = "1.5 asahi-gl";
      break;
   case EGL_EXTENSIONS:
      s = disp->extensions;
      break;
   case EGL_CLIENT_APIS:
      s = disp->client_apis;
      break;
   default:
      egl_unlock_display(disp);
      egl_error(EGL_BAD_PARAMETER, func, "unknown name");
      return NULL;
   }
   egl_unlock_display(disp);
   egl_success();
   return s;
}

static EGLBoolean EGLAPIENTRY
egl_GetConfigs(EGLDisplay dpy, EGLConfig *configs, EGLint config_size,
               EGLint *num_config)
{
   static const char func[] = "eglGetConfigs";
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_FALSE;
   if (!num_config) {
      egl_unlock_display(disp);
      return egl_error(EGL_BAD_PARAMETER, func, "num_config is NULL");
   }

   EGLint n = (EGLint)disp->num_configs;
   if (configs) {
      if (config_size < n)
         n = config_size < 0 ? 0 : config_size;
      for (EGLint i = 0; i < n; i++)
         configs[i] = &disp->configs[i];
   }
   *num_config = n;
   egl_unlock_display(disp);
   return egl_success();
}

static EGLBoolean EGLAPIENTRY
egl_ChooseConfig(EGLDisplay dpy, const EGLint *attrib_list, EGLConfig *configs,
                 EGLint config_size, EGLint *num_config)
{
   static const char func[] = "eglChooseConfig";
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_FALSE;
   if (!num_config) {
      egl_unlock_display(disp);
      return egl_error(EGL_BAD_PARAMETER, func, "num_config is NULL");
   }

   struct egl_config_request req;
   EGLint err = egl_config_parse_request(attrib_list, &req);
   if (err != EGL_SUCCESS) {
      egl_unlock_display(disp);
      return egl_error(err, func, "bad attribute list");
   }

   if (!configs) {
      *num_config = (EGLint)egl_config_choose(disp->configs, disp->num_configs,
                                              &req, NULL, 0);
   } else {
      unsigned max = config_size < 0 ? 0 : (unsigned)config_size;
      const struct egl_config **out = calloc(max ? max : 1, sizeof(*out));
      if (!out) {
         egl_unlock_display(disp);
         return egl_error(EGL_BAD_ALLOC, func, "out of memory");
      }
      unsigned n =
         egl_config_choose(disp->configs, disp->num_configs, &req, out, max);
      for (unsigned i = 0; i < n; i++)
         configs[i] = (EGLConfig)out[i];
      *num_config = (EGLint)n;
      free(out);
   }
   egl_unlock_display(disp);
   return egl_success();
}

static EGLBoolean EGLAPIENTRY
egl_GetConfigAttrib(EGLDisplay dpy, EGLConfig config, EGLint attribute,
                    EGLint *value)
{
   static const char func[] = "eglGetConfigAttrib";
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_FALSE;

   const struct egl_config *c = egl_lookup_config(disp, config);
   EGLint v;
   EGLint err = EGL_SUCCESS;
   if (!c)
      err = EGL_BAD_CONFIG;
   else if (!egl_config_get(c, attribute, &v))
      err = EGL_BAD_ATTRIBUTE;
   else if (!value)
      err = EGL_BAD_PARAMETER;
   else
      *value = v;
   egl_unlock_display(disp);
   return egl_error(err, func, "eglGetConfigAttrib failed");
}

static EGLBoolean EGLAPIENTRY
egl_QueryDisplayAttribEXT(EGLDisplay dpy, EGLint attribute, EGLAttrib *value)
{
   static const char func[] = "eglQueryDisplayAttribEXT";
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_FALSE;

   EGLint err = EGL_SUCCESS;
   if (attribute != EGL_DEVICE_EXT)
      err = EGL_BAD_ATTRIBUTE;
   else if (!value)
      err = EGL_BAD_PARAMETER;
   else if (disp->platform == EGL_PLATFORM_DEVICE_EXT && disp->native)
      *value = (EGLAttrib)disp->native;
   else
      *value = (EGLAttrib)egl_device_for_fd(disp->fd);
   egl_unlock_display(disp);
   if (err == EGL_SUCCESS && !*value)
      err = EGL_BAD_ATTRIBUTE;
   return egl_error(err, func, "eglQueryDisplayAttribEXT failed");
}

EGLint EGLAPIENTRY
egl_LabelObjectKHR(EGLDisplay dpy, EGLenum object_type, EGLObjectKHR object,
                   EGLLabelKHR label)
{
   static const char func[] = "eglLabelObjectKHR";

   if (object_type == EGL_OBJECT_THREAD_KHR) {
      /* glvnd keeps thread labels itself. */
      egl_success();
      return EGL_SUCCESS;
   }

   struct egl_display *disp;
   if (object_type == EGL_OBJECT_DISPLAY_KHR) {
      pthread_mutex_lock(&egl_lock);
      disp = lookup_locked(dpy);
      if (!disp || (EGLDisplay)object != dpy) {
         pthread_mutex_unlock(&egl_lock);
         egl_error(EGL_BAD_PARAMETER, func, "bad display object");
         return EGL_BAD_PARAMETER;
      }
      disp->label = label;
      pthread_mutex_unlock(&egl_lock);
      egl_success();
      return EGL_SUCCESS;
   }

   disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_BAD_DISPLAY;

   struct egl_resource *res = NULL;
   switch (object_type) {
   case EGL_OBJECT_CONTEXT_KHR:
      res = (struct egl_resource *)egl_lookup_context(disp, object);
      break;
   case EGL_OBJECT_SURFACE_KHR:
      res = (struct egl_resource *)egl_lookup_surface(disp, object);
      break;
   case EGL_OBJECT_SYNC_KHR:
      res = (struct egl_resource *)egl_lookup_sync(disp, object);
      break;
   default:
      break;
   }
   if (res)
      res->label = label;
   egl_unlock_display(disp);
   if (!res) {
      egl_error(EGL_BAD_PARAMETER, func, "bad object");
      return EGL_BAD_PARAMETER;
   }
   egl_success();
   return EGL_SUCCESS;
}

/* EGL_MESA_query_driver.  Fact: the extension (Khronos registry): both
 * need an initialized display; the config is an XML string the caller
 * frees.  We have no driver options, so it lists none.
 */
static const char *EGLAPIENTRY
egl_GetDisplayDriverName(EGLDisplay dpy)
{
   struct egl_display *disp = egl_lock_display(dpy, "eglGetDisplayDriverName");
   if (!disp)
      return NULL;
   const char *name = disp->driver_name;
   egl_unlock_display(disp);
   egl_success();
   return name;
}

static char *EGLAPIENTRY
egl_GetDisplayDriverConfig(EGLDisplay dpy)
{
   static const char func[] = "eglGetDisplayDriverConfig";
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return NULL;
   egl_unlock_display(disp);
   char *xml = strdup("<?xml version=\"1.0\" standalone=\"yes\"?>\n"
                      "<driinfo>\n</driinfo>\n");
   if (!xml) {
      egl_error(EGL_BAD_ALLOC, func, "out of memory");
      return NULL;
   }
   egl_success();
   return xml;
}

/* The entry points of this file, for egl_main.c's table. */
const struct egl_named_function egl_display_functions[] = {
   {"eglInitialize", (void *)egl_Initialize},
   {"eglTerminate", (void *)egl_Terminate},
   {"eglQueryString", (void *)egl_QueryString},
   {"eglGetConfigs", (void *)egl_GetConfigs},
   {"eglChooseConfig", (void *)egl_ChooseConfig},
   {"eglGetConfigAttrib", (void *)egl_GetConfigAttrib},
   {"eglQueryDisplayAttribEXT", (void *)egl_QueryDisplayAttribEXT},
   {"eglQueryDisplayAttribKHR", (void *)egl_QueryDisplayAttribEXT},
   {"eglLabelObjectKHR", (void *)egl_LabelObjectKHR},
   {"eglGetDisplayDriverName", (void *)egl_GetDisplayDriverName},
   {"eglGetDisplayDriverConfig", (void *)egl_GetDisplayDriverConfig},
   {NULL, NULL},
};
