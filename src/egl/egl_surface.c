/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Surfaces.  Our platforms have no windows or pixmaps, so the only
 * surfaces are pbuffers: driver drawables of the config's formats.
 * Facts: EGL 1.5 sections 3.5.2 (pbuffer attributes and errors), 3.5.6
 * (surface attributes, eglQuerySurface), 3.9.3 (eglSwapBuffers has no
 * effect on pbuffers but the surface must be the current draw surface),
 * 3.6.1 (texture binding needs EGL_TEXTURE_FORMAT).
 */
#include <stdlib.h>

#include "egl_private.h"
#include "gbm_asahi.h"

#define EGL_MAX_PBUFFER_SIZE 16384

void
egl_surface_unref(struct egl_surface *surf)
{
   if (--surf->res.refs > 0)
      return;
   struct egl_display *disp = surf->res.display;
   if (surf->native_window) {
      gbm_asahi_surface_bind_fn bind = egl_gbm_symbol(GBM_ASAHI_SURFACE_BIND);
      if (bind)
         bind(surf->native_window, NULL, NULL);
   }
   disp->dri->drawable_destroy(surf->dri);
   list_del(&surf->res.link);
   free(surf);
   egl_display_teardown_if_unused(disp);
}

struct egl_surface *
egl_lookup_surface(struct egl_display *disp, EGLSurface handle)
{
   list_for_each_entry(struct egl_surface, s, &disp->surfaces, res.link) {
      if ((EGLSurface)s == handle && !s->res.destroyed)
         return s;
   }
   return NULL;
}

static EGLint
parse_pbuffer_attribs(const EGLint *list, struct egl_surface *s)
{
   s->width = 0;
   s->height = 0;
   s->largest_pbuffer = EGL_FALSE;
   s->texture_format = EGL_NO_TEXTURE;
   s->texture_target = EGL_NO_TEXTURE;
   s->mipmap_texture = EGL_FALSE;
   s->gl_colorspace = EGL_GL_COLORSPACE_LINEAR;
   s->vg_alpha_format = EGL_VG_ALPHA_FORMAT_NONPRE;
   s->vg_colorspace = EGL_VG_COLORSPACE_sRGB;
   s->swap_behavior = EGL_BUFFER_DESTROYED;
   s->multisample_resolve = EGL_MULTISAMPLE_RESOLVE_DEFAULT;
   s->swap_interval = 1;

   for (unsigned i = 0; list && list[i] != EGL_NONE; i += 2) {
      EGLint v = list[i + 1];
      switch (list[i]) {
      case EGL_WIDTH:
         if (v < 0)
            return EGL_BAD_PARAMETER;
         s->width = v;
         break;
      case EGL_HEIGHT:
         if (v < 0)
            return EGL_BAD_PARAMETER;
         s->height = v;
         break;
      case EGL_LARGEST_PBUFFER:
         s->largest_pbuffer = v != EGL_FALSE;
         break;
      case EGL_TEXTURE_FORMAT:
         if (v != EGL_NO_TEXTURE && v != EGL_TEXTURE_RGB &&
             v != EGL_TEXTURE_RGBA)
            return EGL_BAD_ATTRIBUTE;
         s->texture_format = v;
         break;
      case EGL_TEXTURE_TARGET:
         if (v != EGL_NO_TEXTURE && v != EGL_TEXTURE_2D)
            return EGL_BAD_ATTRIBUTE;
         s->texture_target = v;
         break;
      case EGL_MIPMAP_TEXTURE:
         s->mipmap_texture = v != EGL_FALSE;
         break;
      case EGL_GL_COLORSPACE:
         if (v != EGL_GL_COLORSPACE_LINEAR && v != EGL_GL_COLORSPACE_SRGB)
            return EGL_BAD_ATTRIBUTE;
         s->gl_colorspace = v;
         break;
      case EGL_VG_ALPHA_FORMAT:
         if (v != EGL_VG_ALPHA_FORMAT_NONPRE && v != EGL_VG_ALPHA_FORMAT_PRE)
            return EGL_BAD_ATTRIBUTE;
         s->vg_alpha_format = v;
         break;
      case EGL_VG_COLORSPACE:
         if (v != EGL_VG_COLORSPACE_sRGB && v != EGL_VG_COLORSPACE_LINEAR)
            return EGL_BAD_ATTRIBUTE;
         s->vg_colorspace = v;
         break;
      default:
         return EGL_BAD_ATTRIBUTE;
      }
   }

   /* Both texture attributes or neither. */
   if ((s->texture_format == EGL_NO_TEXTURE) !=
       (s->texture_target == EGL_NO_TEXTURE))
      return EGL_BAD_MATCH;
   return EGL_SUCCESS;
}

static EGLSurface EGLAPIENTRY
egl_CreatePbufferSurface(EGLDisplay dpy, EGLConfig config,
                         const EGLint *attrib_list)
{
   static const char func[] = "eglCreatePbufferSurface";
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_NO_SURFACE;

   EGLint err = EGL_SUCCESS;
   const char *why = "";
   struct egl_surface *s = NULL;
   const struct egl_config *conf = egl_lookup_config(disp, config);
   if (!conf) {
      err = EGL_BAD_CONFIG;
      why = "not a config of this display";
      goto fail;
   }
   if (!(conf->v[EGL_CA_SURFACE_TYPE] & EGL_PBUFFER_BIT)) {
      err = EGL_BAD_MATCH;
      why = "config has no pbuffers";
      goto fail;
   }

   s = calloc(1, sizeof(*s));
   if (!s) {
      err = EGL_BAD_ALLOC;
      goto fail;
   }
   err = parse_pbuffer_attribs(attrib_list, s);
   if (err != EGL_SUCCESS) {
      why = "bad attribute list";
      goto fail;
   }
   /* Our configs cannot be bound as textures. */
   if (s->texture_format != EGL_NO_TEXTURE) {
      err = EGL_BAD_MATCH;
      why = "config cannot bind to textures";
      goto fail;
   }
   if (s->gl_colorspace == EGL_GL_COLORSPACE_SRGB) {
      err = EGL_BAD_MATCH;
      why = "no sRGB pbuffers";
      goto fail;
   }

   if (s->width > EGL_MAX_PBUFFER_SIZE || s->height > EGL_MAX_PBUFFER_SIZE) {
      if (!s->largest_pbuffer) {
         err = EGL_BAD_ALLOC;
         why = "pbuffer too large";
         goto fail;
      }
      if (s->width > EGL_MAX_PBUFFER_SIZE)
         s->width = EGL_MAX_PBUFFER_SIZE;
      if (s->height > EGL_MAX_PBUFFER_SIZE)
         s->height = EGL_MAX_PBUFFER_SIZE;
   }

   /* A 0x0 pbuffer is valid EGL; the driver gets at least one pixel. */
   enum asahi_dri_error derr = ASAHI_DRI_SUCCESS;
   s->dri = disp->dri->drawable_create(
      disp->screen, conf->dri_id, s->width ? (uint32_t)s->width : 1,
      s->height ? (uint32_t)s->height : 1, &derr);
   if (!s->dri) {
      err = egl_error_from_dri(derr);
      why = asahi_dri_error_string(derr);
      goto fail;
   }

   s->res.display = disp;
   s->res.refs = 1;
   s->config = conf;
   s->type = EGL_PBUFFER_BIT;
   list_addtail(&s->res.link, &disp->surfaces);
   egl_unlock_display(disp);
   egl_success();
   return (EGLSurface)s;

fail:
   free(s);
   egl_unlock_display(disp);
   egl_error(err, func, why);
   return EGL_NO_SURFACE;
}

/* Window and pixmap surfaces.  Fact: EGL_MESA_platform_surfaceless (and
 * likewise EGL_EXT_platform_device): the platform has no native windows or
 * pixmaps, so creation fails unconditionally with EGL_BAD_NATIVE_WINDOW /
 * EGL_BAD_NATIVE_PIXMAP, whatever the config.  GBM has no pixmaps either.
 */
static EGLSurface
no_native_surface(EGLDisplay dpy, EGLint bit, const char *func)
{
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_NO_SURFACE;
   egl_unlock_display(disp);
   egl_error(bit == EGL_WINDOW_BIT ? EGL_BAD_NATIVE_WINDOW
                                   : EGL_BAD_NATIVE_PIXMAP,
             func, "no native surfaces on this platform");
   return EGL_NO_SURFACE;
}

/* A window on the GBM platform: a GBM surface of our libgbm, rendered
 * through a double-buffered driver drawable bound to it.  Facts: EGL 1.5
 * section 3.5.1 (errors of eglCreateWindowSurface), EGL_MESA_platform_gbm
 * (the native window is a gbm_surface whose format must be the config's
 * EGL_NATIVE_VISUAL_ID).
 */
static EGLSurface
gbm_window_surface(EGLDisplay dpy, EGLConfig config, void *win,
                   const EGLint *attribs_int, const EGLAttrib *attribs,
                   const char *func)
{
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_NO_SURFACE;
   if (disp->platform != EGL_PLATFORM_GBM_MESA) {
      egl_unlock_display(disp);
      egl_error(EGL_BAD_NATIVE_WINDOW, func,
                "no native windows on this platform");
      return EGL_NO_SURFACE;
   }

   EGLint err = EGL_SUCCESS;
   const char *why = "";
   struct egl_surface *s = NULL;
   const struct egl_config *conf = egl_lookup_config(disp, config);
   gbm_asahi_surface_info_fn info_fn = egl_gbm_symbol(GBM_ASAHI_SURFACE_INFO);
   gbm_asahi_surface_bind_fn bind = egl_gbm_symbol(GBM_ASAHI_SURFACE_BIND);
   struct gbm_asahi_surface_info info;

   if (!conf) {
      err = EGL_BAD_CONFIG;
      why = "not a config of this display";
      goto fail;
   }
   if (!(conf->v[EGL_CA_SURFACE_TYPE] & EGL_WINDOW_BIT)) {
      err = EGL_BAD_MATCH;
      why = "config has no windows";
      goto fail;
   }
   if (!win || !info_fn || !bind || !info_fn(win, &info) ||
       !ASAHI_DRI_HAS(disp->dri, drawable_get_image)) {
      err = EGL_BAD_NATIVE_WINDOW;
      why = "not a GBM surface of asahi-gl's libgbm";
      goto fail;
   }
   if (info.format != (uint32_t)conf->v[EGL_CA_NATIVE_VISUAL_ID]) {
      err = EGL_BAD_MATCH;
      why = "GBM surface format differs from the config's visual";
      goto fail;
   }

   for (unsigned i = 0;; i += 2) {
      EGLAttrib a = attribs ? attribs[i] : attribs_int ? attribs_int[i]
                                                       : EGL_NONE;
      if (a == EGL_NONE)
         break;
      EGLAttrib v = attribs ? attribs[i + 1] : attribs_int[i + 1];
      if (a == EGL_RENDER_BUFFER &&
          (v == EGL_BACK_BUFFER || v == EGL_SINGLE_BUFFER))
         continue; /* windows here are always back-buffered */
      if (a == EGL_GL_COLORSPACE && v == EGL_GL_COLORSPACE_LINEAR)
         continue;
      err = a == EGL_RENDER_BUFFER || a == EGL_GL_COLORSPACE
               ? EGL_BAD_MATCH
               : EGL_BAD_ATTRIBUTE;
      why = "bad attribute list";
      goto fail;
   }

   s = calloc(1, sizeof(*s));
   if (!s) {
      err = EGL_BAD_ALLOC;
      goto fail;
   }
   enum asahi_dri_error derr = ASAHI_DRI_SUCCESS;
   s->dri = disp->dri->window_create(disp->screen, conf->dri_id, info.width,
                                     info.height, &derr);
   if (!s->dri) {
      err = egl_error_from_dri(derr);
      why = asahi_dri_error_string(derr);
      goto fail;
   }
   if (!bind(win, disp->dri, s->dri)) {
      disp->dri->drawable_destroy(s->dri);
      /* EGL 1.5: a window already in use by another surface. */
      err = EGL_BAD_ALLOC;
      why = "the GBM surface has an EGL surface already";
      goto fail;
   }

   s->res.display = disp;
   s->res.refs = 1;
   s->config = conf;
   s->type = EGL_WINDOW_BIT;
   s->width = (EGLint)info.width;
   s->height = (EGLint)info.height;
   s->native_window = win;
   s->texture_format = EGL_NO_TEXTURE;
   s->texture_target = EGL_NO_TEXTURE;
   s->gl_colorspace = EGL_GL_COLORSPACE_LINEAR;
   s->vg_alpha_format = EGL_VG_ALPHA_FORMAT_NONPRE;
   s->vg_colorspace = EGL_VG_COLORSPACE_sRGB;
   s->swap_behavior = EGL_BUFFER_DESTROYED;
   s->multisample_resolve = EGL_MULTISAMPLE_RESOLVE_DEFAULT;
   s->swap_interval = 1;
   list_addtail(&s->res.link, &disp->surfaces);
   egl_unlock_display(disp);
   egl_success();
   return (EGLSurface)s;

fail:
   free(s);
   egl_unlock_display(disp);
   egl_error(err, func, why);
   return EGL_NO_SURFACE;
}

static EGLSurface EGLAPIENTRY
egl_CreateWindowSurface(EGLDisplay dpy, EGLConfig config,
                        EGLNativeWindowType win, const EGLint *attrib_list)
{
   return gbm_window_surface(dpy, config, (void *)win, attrib_list, NULL,
                             "eglCreateWindowSurface");
}

static EGLSurface EGLAPIENTRY
egl_CreatePlatformWindowSurface(EGLDisplay dpy, EGLConfig config, void *win,
                                const EGLAttrib *attrib_list)
{
   return gbm_window_surface(dpy, config, win, NULL, attrib_list,
                             "eglCreatePlatformWindowSurface");
}

static EGLSurface EGLAPIENTRY
egl_CreatePlatformWindowSurfaceEXT(EGLDisplay dpy, EGLConfig config,
                                   void *win, const EGLint *attrib_list)
{
   return gbm_window_surface(dpy, config, win, attrib_list, NULL,
                             "eglCreatePlatformWindowSurfaceEXT");
}

static EGLSurface EGLAPIENTRY
egl_CreatePixmapSurface(EGLDisplay dpy, EGLConfig config,
                        EGLNativePixmapType pixmap, const EGLint *attrib_list)
{
   return no_native_surface(dpy, EGL_PIXMAP_BIT, "eglCreatePixmapSurface");
}

static EGLSurface EGLAPIENTRY
egl_CreatePlatformPixmapSurface(EGLDisplay dpy, EGLConfig config, void *pixmap,
                                const EGLAttrib *attrib_list)
{
   return no_native_surface(dpy, EGL_PIXMAP_BIT,
                            "eglCreatePlatformPixmapSurface");
}

static EGLSurface EGLAPIENTRY
egl_CreatePbufferFromClientBuffer(EGLDisplay dpy, EGLenum buftype,
                                  EGLClientBuffer buffer, EGLConfig config,
                                  const EGLint *attrib_list)
{
   static const char func[] = "eglCreatePbufferFromClientBuffer";
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_NO_SURFACE;
   egl_unlock_display(disp);
   /* The only buffer type EGL defines is an OpenVG image; we have no VG. */
   egl_error(EGL_BAD_PARAMETER, func, "unsupported client buffer type");
   return EGL_NO_SURFACE;
}

static EGLBoolean EGLAPIENTRY
egl_DestroySurface(EGLDisplay dpy, EGLSurface handle)
{
   static const char func[] = "eglDestroySurface";
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_FALSE;
   struct egl_surface *s = egl_lookup_surface(disp, handle);
   if (!s) {
      egl_unlock_display(disp);
      return egl_error(EGL_BAD_SURFACE, func, "not a surface");
   }
   s->res.destroyed = true;
   egl_surface_unref(s);
   egl_unlock_display(disp);
   return egl_success();
}

static EGLBoolean EGLAPIENTRY
egl_QuerySurface(EGLDisplay dpy, EGLSurface handle, EGLint attribute,
                 EGLint *value)
{
   static const char func[] = "eglQuerySurface";
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_FALSE;
   struct egl_surface *s = egl_lookup_surface(disp, handle);
   EGLint err = EGL_SUCCESS;
   if (!s) {
      err = EGL_BAD_SURFACE;
      goto out;
   }
   if (!value) {
      err = EGL_BAD_PARAMETER;
      goto out;
   }

   switch (attribute) {
   case EGL_CONFIG_ID:
      *value = s->config->v[EGL_CA_CONFIG_ID];
      break;
   case EGL_WIDTH:
      *value = s->width;
      break;
   case EGL_HEIGHT:
      *value = s->height;
      break;
   case EGL_LARGEST_PBUFFER:
      *value = s->largest_pbuffer;
      break;
   case EGL_TEXTURE_FORMAT:
      *value = s->texture_format;
      break;
   case EGL_TEXTURE_TARGET:
      *value = s->texture_target;
      break;
   case EGL_MIPMAP_TEXTURE:
      *value = s->mipmap_texture;
      break;
   case EGL_MIPMAP_LEVEL:
      *value = s->mipmap_level;
      break;
   case EGL_RENDER_BUFFER:
      *value = EGL_BACK_BUFFER;
      break;
   case EGL_GL_COLORSPACE:
      *value = s->gl_colorspace;
      break;
   case EGL_VG_ALPHA_FORMAT:
      *value = s->vg_alpha_format;
      break;
   case EGL_VG_COLORSPACE:
      *value = s->vg_colorspace;
      break;
   case EGL_SWAP_BEHAVIOR:
      *value = s->swap_behavior;
      break;
   case EGL_MULTISAMPLE_RESOLVE:
      *value = s->multisample_resolve;
      break;
   case EGL_HORIZONTAL_RESOLUTION:
   case EGL_VERTICAL_RESOLUTION:
   case EGL_PIXEL_ASPECT_RATIO:
      *value = EGL_UNKNOWN;
      break;
   default:
      err = EGL_BAD_ATTRIBUTE;
      break;
   }
out:
   egl_unlock_display(disp);
   return egl_error(err, func, "eglQuerySurface failed");
}

/* eglSurfaceAttrib of an attribute with two values, `special` allowed
 * only when the config's surface type has its bit: the error, or
 * EGL_SUCCESS with *field = value. */
static EGLint
set_two_valued(EGLint *field, EGLint value, EGLint special, EGLint plain,
               bool special_ok)
{
   if (value == special && !special_ok)
      return EGL_BAD_MATCH;
   if (value != special && value != plain)
      return EGL_BAD_PARAMETER;
   *field = value;
   return EGL_SUCCESS;
}

static EGLBoolean EGLAPIENTRY
egl_SurfaceAttrib(EGLDisplay dpy, EGLSurface handle, EGLint attribute,
                  EGLint value)
{
   static const char func[] = "eglSurfaceAttrib";
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_FALSE;
   struct egl_surface *s = egl_lookup_surface(disp, handle);
   EGLint err = EGL_SUCCESS;
   if (!s) {
      err = EGL_BAD_SURFACE;
      goto out;
   }
   EGLint type = s->config->v[EGL_CA_SURFACE_TYPE];
   switch (attribute) {
   case EGL_MIPMAP_LEVEL:
      s->mipmap_level = value;
      break;
   case EGL_MULTISAMPLE_RESOLVE:
      err = set_two_valued(&s->multisample_resolve, value,
                           EGL_MULTISAMPLE_RESOLVE_BOX,
                           EGL_MULTISAMPLE_RESOLVE_DEFAULT,
                           type & EGL_MULTISAMPLE_RESOLVE_BOX_BIT);
      break;
   case EGL_SWAP_BEHAVIOR:
      err = set_two_valued(&s->swap_behavior, value, EGL_BUFFER_PRESERVED,
                           EGL_BUFFER_DESTROYED,
                           type & EGL_SWAP_BEHAVIOR_PRESERVED_BIT);
      break;
   default:
      err = EGL_BAD_ATTRIBUTE;
      break;
   }
out:
   egl_unlock_display(disp);
   return egl_error(err, func, "eglSurfaceAttrib failed");
}

static EGLBoolean EGLAPIENTRY
egl_SwapBuffers(EGLDisplay dpy, EGLSurface handle)
{
   static const char func[] = "eglSwapBuffers";
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_FALSE;
   struct egl_surface *s = egl_lookup_surface(disp, handle);
   struct egl_context *ctx = egl_current_context();
   EGLint err = EGL_SUCCESS;
   if (!s)
      err = EGL_BAD_SURFACE;
   else if (!ctx || ctx->draw != s)
      err = EGL_BAD_SURFACE; /* not the current draw surface */
   else if (s->type != EGL_WINDOW_BIT)
      disp->dri->flush(ctx->dri); /* a pbuffer swap has no other effect */
   else {
      disp->dri->swap_buffers(ctx->dri, s->dri);
      gbm_asahi_surface_swapped_fn swapped =
         egl_gbm_symbol(GBM_ASAHI_SURFACE_SWAPPED);
      if (swapped)
         swapped(s->native_window);
   }
   egl_unlock_display(disp);
   return egl_error(err, func, "eglSwapBuffers failed");
}

static EGLBoolean EGLAPIENTRY
egl_SwapInterval(EGLDisplay dpy, EGLint interval)
{
   static const char func[] = "eglSwapInterval";
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_FALSE;
   struct egl_context *ctx = egl_current_context();
   EGLint err = EGL_SUCCESS;
   if (!ctx || ctx->res.display != disp)
      err = EGL_BAD_CONTEXT;
   else if (!ctx->draw)
      err = EGL_BAD_SURFACE;
   else {
      const struct egl_config *c = ctx->draw->config;
      if (interval < c->v[EGL_CA_MIN_SWAP_INTERVAL])
         interval = c->v[EGL_CA_MIN_SWAP_INTERVAL];
      if (interval > c->v[EGL_CA_MAX_SWAP_INTERVAL])
         interval = c->v[EGL_CA_MAX_SWAP_INTERVAL];
      ctx->draw->swap_interval = interval;
   }
   egl_unlock_display(disp);
   return egl_error(err, func, "eglSwapInterval failed");
}

static EGLBoolean
tex_image(EGLDisplay dpy, EGLSurface handle, EGLint buffer, const char *func)
{
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_FALSE;
   struct egl_surface *s = egl_lookup_surface(disp, handle);
   EGLint err;
   if (!s)
      err = EGL_BAD_SURFACE;
   else if (buffer != EGL_BACK_BUFFER)
      err = EGL_BAD_PARAMETER;
   else
      err = EGL_BAD_MATCH; /* EGL_TEXTURE_FORMAT is always EGL_NO_TEXTURE */
   egl_unlock_display(disp);
   return egl_error(err, func, "surface cannot be bound as a texture");
}

static EGLBoolean EGLAPIENTRY
egl_BindTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer)
{
   return tex_image(dpy, surface, buffer, "eglBindTexImage");
}

static EGLBoolean EGLAPIENTRY
egl_ReleaseTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer)
{
   return tex_image(dpy, surface, buffer, "eglReleaseTexImage");
}

static EGLBoolean EGLAPIENTRY
egl_CopyBuffers(EGLDisplay dpy, EGLSurface handle, EGLNativePixmapType target)
{
   static const char func[] = "eglCopyBuffers";
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_FALSE;
   bool ok = egl_lookup_surface(disp, handle) != NULL;
   egl_unlock_display(disp);
   return egl_error(ok ? EGL_BAD_NATIVE_PIXMAP : EGL_BAD_SURFACE, func,
                    "no native pixmaps on this platform");
}

const struct egl_named_function egl_surface_functions[] = {
   {"eglCreatePbufferSurface", (void *)egl_CreatePbufferSurface},
   {"eglCreateWindowSurface", (void *)egl_CreateWindowSurface},
   {"eglCreatePlatformWindowSurface", (void *)egl_CreatePlatformWindowSurface},
   /* EGL_EXT_platform_base forms: glvnd's own stubs ask for these. */
   {"eglCreatePlatformWindowSurfaceEXT",
    (void *)egl_CreatePlatformWindowSurfaceEXT},
   {"eglCreatePlatformPixmapSurfaceEXT",
    (void *)egl_CreatePlatformPixmapSurface},
   {"eglCreatePixmapSurface", (void *)egl_CreatePixmapSurface},
   {"eglCreatePlatformPixmapSurface", (void *)egl_CreatePlatformPixmapSurface},
   {"eglCreatePbufferFromClientBuffer",
    (void *)egl_CreatePbufferFromClientBuffer},
   {"eglDestroySurface", (void *)egl_DestroySurface},
   {"eglQuerySurface", (void *)egl_QuerySurface},
   {"eglSurfaceAttrib", (void *)egl_SurfaceAttrib},
   {"eglSwapBuffers", (void *)egl_SwapBuffers},
   {"eglSwapInterval", (void *)egl_SwapInterval},
   {"eglBindTexImage", (void *)egl_BindTexImage},
   {"eglReleaseTexImage", (void *)egl_ReleaseTexImage},
   {"eglCopyBuffers", (void *)egl_CopyBuffers},
   {NULL, NULL},
};
