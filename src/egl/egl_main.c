/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The glvnd side of libEGL_asahi: __egl_Main, the vendor callbacks, and
 * dispatch stubs for our extension functions.
 *
 * Facts: NVIDIA/libglvnd include/glvnd/libeglabi.h (the vendor ABI) and
 * src/EGL: libEGL fetches every core EGL function from getProcAddress and
 * calls it after checking the display; an extension function not exported
 * by libEGL is reached through a stub that some vendor returns from
 * getDispatchAddress, and that stub must find the vendor owning its
 * display or device (exports->getVendorFromDisplay/Device) and call that
 * vendor's implementation (exports->fetchDispatchEntry with the index
 * given by setDispatchIndex).  GL functions are asked of getProcAddress
 * too, by libGLdispatch, when one of our contexts becomes current.
 */
#include <string.h>

#include <glvnd/libeglabi.h>

#include "egl_private.h"

#define PUBLIC __attribute__((visibility("default")))

static const __EGLapiExports *egl_exports;
static __EGLvendorInfo *egl_vendor;

EGLenum
egl_bound_api(void)
{
   return egl_exports ? egl_exports->getCurrentApi() : EGL_OPENGL_ES_API;
}

static const struct egl_named_function egl_misc_functions[] = {
   {"eglGetError", (void *)egl_GetError},
   {"eglDebugMessageControlKHR", (void *)egl_DebugMessageControlKHR},
   {"eglQueryDebugKHR", (void *)egl_QueryDebugKHR},
   {"eglQueryDevicesEXT", (void *)egl_QueryDevicesEXT},
   {"eglQueryDeviceStringEXT", (void *)egl_QueryDeviceStringEXT},
   {"eglQueryDeviceAttribEXT", (void *)egl_QueryDeviceAttribEXT},
   {NULL, NULL},
};

void *
egl_lookup_function(const char *name)
{
   const struct egl_named_function *tables[] = {
      egl_display_functions, egl_context_functions, egl_surface_functions,
      egl_sync_functions,    egl_image_functions,   egl_misc_functions,
   };
   for (unsigned t = 0; t < sizeof(tables) / sizeof(tables[0]); t++) {
      for (const struct egl_named_function *f = tables[t]; f->name; f++) {
         if (!strcmp(f->name, name))
            return f->func;
      }
   }
   return NULL;
}

/* ---- dispatch stubs ----------------------------------------------------- */

enum egl_stub {
   STUB_CREATE_SYNC_KHR,
   STUB_DESTROY_SYNC_KHR,
   STUB_CLIENT_WAIT_SYNC_KHR,
   STUB_GET_SYNC_ATTRIB_KHR,
   STUB_WAIT_SYNC_KHR,
   STUB_QUERY_DEVICE_STRING_EXT,
   STUB_QUERY_DEVICE_ATTRIB_EXT,
   STUB_GET_DISPLAY_DRIVER_NAME,
   STUB_GET_DISPLAY_DRIVER_CONFIG,
   STUB_CREATE_IMAGE_KHR,
   STUB_DESTROY_IMAGE_KHR,
   STUB_EXPORT_DMABUF_IMAGE_QUERY_MESA,
   STUB_EXPORT_DMABUF_IMAGE_MESA,
   STUB_COUNT,
};

static const char *const egl_stub_names[STUB_COUNT] = {
   [STUB_CREATE_SYNC_KHR] = "eglCreateSyncKHR",
   [STUB_DESTROY_SYNC_KHR] = "eglDestroySyncKHR",
   [STUB_CLIENT_WAIT_SYNC_KHR] = "eglClientWaitSyncKHR",
   [STUB_GET_SYNC_ATTRIB_KHR] = "eglGetSyncAttribKHR",
   [STUB_WAIT_SYNC_KHR] = "eglWaitSyncKHR",
   [STUB_QUERY_DEVICE_STRING_EXT] = "eglQueryDeviceStringEXT",
   [STUB_QUERY_DEVICE_ATTRIB_EXT] = "eglQueryDeviceAttribEXT",
   [STUB_GET_DISPLAY_DRIVER_NAME] = "eglGetDisplayDriverName",
   [STUB_GET_DISPLAY_DRIVER_CONFIG] = "eglGetDisplayDriverConfig",
   [STUB_CREATE_IMAGE_KHR] = "eglCreateImageKHR",
   [STUB_DESTROY_IMAGE_KHR] = "eglDestroyImageKHR",
   [STUB_EXPORT_DMABUF_IMAGE_QUERY_MESA] = "eglExportDMABUFImageQueryMESA",
   [STUB_EXPORT_DMABUF_IMAGE_MESA] = "eglExportDMABUFImageMESA",
};

/* glvnd assigns each index once, under its own lock, before handing the
 * stub to anyone; stubs only read it afterwards.  -1 (set in __egl_Main):
 * not assigned.
 */
static int egl_stub_index[STUB_COUNT];

static void *
vendor_function(__EGLvendorInfo *vendor, enum egl_stub stub)
{
   if (!vendor)
      return NULL;
   if (vendor == egl_vendor)
      return egl_lookup_function(egl_stub_names[stub]);
   if (egl_stub_index[stub] < 0)
      return NULL;
   return (void *)egl_exports->fetchDispatchEntry(vendor, egl_stub_index[stub]);
}

static void *
display_function(EGLDisplay dpy, enum egl_stub stub)
{
   __EGLvendorInfo *vendor = egl_exports->getVendorFromDisplay(dpy);
   void *func = vendor_function(vendor, stub);
   if (!func) {
      egl_exports->setEGLError(EGL_BAD_DISPLAY);
      return NULL;
   }
   egl_exports->setLastVendor(vendor);
   return func;
}

static void *
device_function(EGLDeviceEXT dev, enum egl_stub stub)
{
   __EGLvendorInfo *vendor = egl_exports->getVendorFromDevice(dev);
   void *func = vendor_function(vendor, stub);
   if (!func) {
      egl_exports->setEGLError(EGL_BAD_DEVICE_EXT);
      return NULL;
   }
   egl_exports->setLastVendor(vendor);
   return func;
}

static EGLSyncKHR EGLAPIENTRY
stub_CreateSyncKHR(EGLDisplay dpy, EGLenum type, const EGLint *attribs)
{
   PFNEGLCREATESYNCKHRPROC f = display_function(dpy, STUB_CREATE_SYNC_KHR);
   return f ? f(dpy, type, attribs) : EGL_NO_SYNC_KHR;
}

static EGLBoolean EGLAPIENTRY
stub_DestroySyncKHR(EGLDisplay dpy, EGLSyncKHR sync)
{
   PFNEGLDESTROYSYNCKHRPROC f = display_function(dpy, STUB_DESTROY_SYNC_KHR);
   return f ? f(dpy, sync) : EGL_FALSE;
}

static EGLint EGLAPIENTRY
stub_ClientWaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags,
                       EGLTimeKHR timeout)
{
   PFNEGLCLIENTWAITSYNCKHRPROC f =
      display_function(dpy, STUB_CLIENT_WAIT_SYNC_KHR);
   return f ? f(dpy, sync, flags, timeout) : EGL_FALSE;
}

static EGLBoolean EGLAPIENTRY
stub_GetSyncAttribKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint attribute,
                      EGLint *value)
{
   PFNEGLGETSYNCATTRIBKHRPROC f =
      display_function(dpy, STUB_GET_SYNC_ATTRIB_KHR);
   return f ? f(dpy, sync, attribute, value) : EGL_FALSE;
}

static EGLint EGLAPIENTRY
stub_WaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags)
{
   PFNEGLWAITSYNCKHRPROC f = display_function(dpy, STUB_WAIT_SYNC_KHR);
   return f ? f(dpy, sync, flags) : EGL_FALSE;
}

static const char *EGLAPIENTRY
stub_QueryDeviceStringEXT(EGLDeviceEXT dev, EGLint name)
{
   PFNEGLQUERYDEVICESTRINGEXTPROC f =
      device_function(dev, STUB_QUERY_DEVICE_STRING_EXT);
   return f ? f(dev, name) : NULL;
}

static EGLBoolean EGLAPIENTRY
stub_QueryDeviceAttribEXT(EGLDeviceEXT dev, EGLint attribute, EGLAttrib *value)
{
   PFNEGLQUERYDEVICEATTRIBEXTPROC f =
      device_function(dev, STUB_QUERY_DEVICE_ATTRIB_EXT);
   return f ? f(dev, attribute, value) : EGL_FALSE;
}

static const char *EGLAPIENTRY
stub_GetDisplayDriverName(EGLDisplay dpy)
{
   const char *(EGLAPIENTRY * f)(EGLDisplay) =
      display_function(dpy, STUB_GET_DISPLAY_DRIVER_NAME);
   return f ? f(dpy) : NULL;
}

static char *EGLAPIENTRY
stub_GetDisplayDriverConfig(EGLDisplay dpy)
{
   char *(EGLAPIENTRY * f)(EGLDisplay) =
      display_function(dpy, STUB_GET_DISPLAY_DRIVER_CONFIG);
   return f ? f(dpy) : NULL;
}

static EGLImageKHR EGLAPIENTRY
stub_CreateImageKHR(EGLDisplay dpy, EGLContext ctx, EGLenum target,
                    EGLClientBuffer buffer, const EGLint *attribs)
{
   PFNEGLCREATEIMAGEKHRPROC f = display_function(dpy, STUB_CREATE_IMAGE_KHR);
   return f ? f(dpy, ctx, target, buffer, attribs) : EGL_NO_IMAGE_KHR;
}

static EGLBoolean EGLAPIENTRY
stub_DestroyImageKHR(EGLDisplay dpy, EGLImageKHR image)
{
   PFNEGLDESTROYIMAGEKHRPROC f = display_function(dpy, STUB_DESTROY_IMAGE_KHR);
   return f ? f(dpy, image) : EGL_FALSE;
}

static EGLBoolean EGLAPIENTRY
stub_ExportDMABUFImageQueryMESA(EGLDisplay dpy, EGLImageKHR image,
                                int *fourcc, int *num_planes,
                                EGLuint64KHR *modifiers)
{
   PFNEGLEXPORTDMABUFIMAGEQUERYMESAPROC f =
      display_function(dpy, STUB_EXPORT_DMABUF_IMAGE_QUERY_MESA);
   return f ? f(dpy, image, fourcc, num_planes, modifiers) : EGL_FALSE;
}

static EGLBoolean EGLAPIENTRY
stub_ExportDMABUFImageMESA(EGLDisplay dpy, EGLImageKHR image, int *fds,
                           EGLint *strides, EGLint *offsets)
{
   PFNEGLEXPORTDMABUFIMAGEMESAPROC f =
      display_function(dpy, STUB_EXPORT_DMABUF_IMAGE_MESA);
   return f ? f(dpy, image, fds, strides, offsets) : EGL_FALSE;
}

static void *const egl_stubs[STUB_COUNT] = {
   [STUB_CREATE_SYNC_KHR] = (void *)stub_CreateSyncKHR,
   [STUB_DESTROY_SYNC_KHR] = (void *)stub_DestroySyncKHR,
   [STUB_CLIENT_WAIT_SYNC_KHR] = (void *)stub_ClientWaitSyncKHR,
   [STUB_GET_SYNC_ATTRIB_KHR] = (void *)stub_GetSyncAttribKHR,
   [STUB_WAIT_SYNC_KHR] = (void *)stub_WaitSyncKHR,
   [STUB_QUERY_DEVICE_STRING_EXT] = (void *)stub_QueryDeviceStringEXT,
   [STUB_QUERY_DEVICE_ATTRIB_EXT] = (void *)stub_QueryDeviceAttribEXT,
   [STUB_GET_DISPLAY_DRIVER_NAME] = (void *)stub_GetDisplayDriverName,
   [STUB_GET_DISPLAY_DRIVER_CONFIG] = (void *)stub_GetDisplayDriverConfig,
   [STUB_CREATE_IMAGE_KHR] = (void *)stub_CreateImageKHR,
   [STUB_DESTROY_IMAGE_KHR] = (void *)stub_DestroyImageKHR,
   [STUB_EXPORT_DMABUF_IMAGE_QUERY_MESA] =
      (void *)stub_ExportDMABUFImageQueryMESA,
   [STUB_EXPORT_DMABUF_IMAGE_MESA] = (void *)stub_ExportDMABUFImageMESA,
};

static int
stub_by_name(const char *name)
{
   for (int i = 0; i < STUB_COUNT; i++) {
      if (!strcmp(egl_stub_names[i], name))
         return i;
   }
   return -1;
}

/* ---- vendor callbacks --------------------------------------------------- */

static EGLDisplay
vendor_get_platform_display(EGLenum platform, void *native,
                            const EGLAttrib *attrib_list)
{
   return egl_get_platform_display(platform, native, attrib_list);
}

static EGLBoolean
vendor_supports_api(EGLenum api)
{
   return api == EGL_OPENGL_ES_API || api == EGL_OPENGL_API;
}

static const char *
vendor_string(int name)
{
   if (name == __EGL_VENDOR_STRING_PLATFORM_EXTENSIONS)
      return egl_platform_extensions();
   return NULL;
}

static void *
vendor_get_proc_address(const char *name)
{
   if (!name)
      return NULL;
   if (!strncmp(name, "egl", 3))
      return egl_lookup_function(name);
   return egl_gl_proc_address(name);
}

static void *
vendor_get_dispatch_address(const char *name)
{
   int stub = name ? stub_by_name(name) : -1;
   return stub < 0 ? NULL : egl_stubs[stub];
}

static void
vendor_set_dispatch_index(const char *name, int index)
{
   int stub = name ? stub_by_name(name) : -1;
   if (stub >= 0)
      egl_stub_index[stub] = index;
}

PUBLIC EGLBoolean
__egl_Main(uint32_t version, const __EGLapiExports *exports,
           __EGLvendorInfo *vendor, __EGLapiImports *imports)
{
   if (EGL_VENDOR_ABI_GET_MAJOR_VERSION(version) !=
       EGL_VENDOR_ABI_MAJOR_VERSION)
      return EGL_FALSE;

   egl_exports = exports;
   egl_vendor = vendor;
   for (unsigned i = 0; i < STUB_COUNT; i++)
      egl_stub_index[i] = -1;

   imports->getPlatformDisplay = vendor_get_platform_display;
   imports->getSupportsAPI = vendor_supports_api;
   imports->getVendorString = vendor_string;
   imports->getProcAddress = vendor_get_proc_address;
   imports->getDispatchAddress = vendor_get_dispatch_address;
   imports->setDispatchIndex = vendor_set_dispatch_index;
   return EGL_TRUE;
}
