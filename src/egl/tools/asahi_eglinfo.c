/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * asahi-eglinfo: what EGL offers on each platform, as a program linked
 * against libglvnd sees it (run it through meson devenv to see our stack):
 * vendor, version, client APIs, extensions, configs, and the GL strings of
 * one context per client API.
 *
 * Usage: asahi-eglinfo [--platform surfaceless|device|gbm|all] [--configs]
 */
#include <dlfcn.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>

static bool show_configs;

static void
print_wrapped(const char *label, const char *list)
{
   printf("%s:\n", label);
   if (!list || !*list) {
      printf("    (none)\n");
      return;
   }
   unsigned col = 4;
   printf("    ");
   const char *p = list;
   while (*p) {
      while (*p == ' ')
         p++;
      const char *end = strchr(p, ' ');
      unsigned len = end ? (unsigned)(end - p) : (unsigned)strlen(p);
      if (!len)
         break;
      if (col > 4 && col + len + 1 > 78) {
         printf("\n    ");
         col = 4;
      } else if (col > 4) {
         putchar(' ');
         col++;
      }
      printf("%.*s", (int)len, p);
      col += len;
      p += len;
   }
   putchar('\n');
}

static void
print_configs(EGLDisplay dpy)
{
   EGLint n = 0;
   if (!eglGetConfigs(dpy, NULL, 0, &n) || n <= 0) {
      printf("configs: none\n");
      return;
   }
   EGLConfig *configs = calloc((size_t)n, sizeof(*configs));
   if (!configs)
      return;
   eglGetConfigs(dpy, configs, n, &n);
   printf("configs (%d):\n", n);
   printf("    id  r  g  b  a  z  s ms surfaces  renderable          visual\n");
   for (EGLint i = 0; i < n; i++) {
      EGLint v[11] = {0};
      static const EGLint attrs[11] = {
         EGL_CONFIG_ID,       EGL_RED_SIZE,         EGL_GREEN_SIZE,
         EGL_BLUE_SIZE,       EGL_ALPHA_SIZE,       EGL_DEPTH_SIZE,
         EGL_STENCIL_SIZE,    EGL_SAMPLES,          EGL_SURFACE_TYPE,
         EGL_RENDERABLE_TYPE, EGL_NATIVE_VISUAL_ID,
      };
      for (unsigned a = 0; a < 11; a++)
         eglGetConfigAttrib(dpy, configs[i], attrs[a], &v[a]);
      char visual[5] = "-";
      if (v[10]) {
         for (unsigned c = 0; c < 4; c++)
            visual[c] = (char)((v[10] >> (8 * c)) & 0xff);
         visual[4] = '\0';
      }
      printf(
         "  %4d %2d %2d %2d %2d %2d %2d %2d %-9s %-19s %s\n", v[0], v[1], v[2],
         v[3], v[4], v[5], v[6], v[7], v[8] & EGL_WINDOW_BIT ? "win,pb" : "pb",
         (v[9] & EGL_OPENGL_BIT) && (v[9] & EGL_OPENGL_ES3_BIT) ? "gl,es2,es3"
         : (v[9] & EGL_OPENGL_BIT)                              ? "gl,es2"
         : (v[9] & EGL_OPENGL_ES3_BIT)                          ? "es2,es3"
                                                                : "es2",
         visual);
   }
   free(configs);
}

static void
print_context(EGLDisplay dpy, EGLenum api, const EGLint *attribs,
              const char *label)
{
   if (!eglBindAPI(api)) {
      printf("  %s: API not available\n", label);
      return;
   }
   EGLContext ctx =
      eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
   if (ctx == EGL_NO_CONTEXT) {
      printf("  %s: no context (EGL error 0x%04x)\n", label, eglGetError());
      return;
   }
   if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
      printf("  %s: cannot make current (0x%04x)\n", label, eglGetError());
   } else {
      printf("  %s:\n", label);
      printf("    GL_VENDOR:   %s\n", (const char *)glGetString(GL_VENDOR));
      printf("    GL_RENDERER: %s\n", (const char *)glGetString(GL_RENDERER));
      printf("    GL_VERSION:  %s\n", (const char *)glGetString(GL_VERSION));
      const char *glsl = (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
      printf("    GLSL:        %s\n", glsl ? glsl : "(none)");
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   }
   eglDestroyContext(dpy, ctx);
}

static void
describe(EGLDisplay dpy, const char *title)
{
   printf("\n== %s\n", title);
   EGLint major, minor;
   if (dpy == EGL_NO_DISPLAY) {
      printf("no display (EGL error 0x%04x)\n", eglGetError());
      return;
   }
   if (!eglInitialize(dpy, &major, &minor)) {
      printf("eglInitialize failed (EGL error 0x%04x)\n", eglGetError());
      return;
   }
   printf("EGL %d.%d, vendor \"%s\", version \"%s\"\n", major, minor,
          eglQueryString(dpy, EGL_VENDOR), eglQueryString(dpy, EGL_VERSION));
   printf("client APIs: %s\n", eglQueryString(dpy, EGL_CLIENT_APIS));
   print_wrapped("extensions", eglQueryString(dpy, EGL_EXTENSIONS));
   if (show_configs)
      print_configs(dpy);

   printf("contexts (no config, no surface):\n");
   static const EGLint es2[] = {EGL_CONTEXT_MAJOR_VERSION, 2, EGL_NONE};
   static const EGLint core[] = {EGL_CONTEXT_MAJOR_VERSION,
                                 3,
                                 EGL_CONTEXT_MINOR_VERSION,
                                 2,
                                 EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                 EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                 EGL_NONE};
   print_context(dpy, EGL_OPENGL_ES_API, es2, "OpenGL ES 2.0+");
   print_context(dpy, EGL_OPENGL_API, core, "OpenGL 3.2+ core");
   print_context(dpy, EGL_OPENGL_API, NULL, "OpenGL compatibility");
   eglTerminate(dpy);
}

static void
do_devices(void)
{
   PFNEGLQUERYDEVICESEXTPROC query_devices =
      (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
   PFNEGLQUERYDEVICESTRINGEXTPROC query_string =
      (PFNEGLQUERYDEVICESTRINGEXTPROC)eglGetProcAddress(
         "eglQueryDeviceStringEXT");
   EGLDeviceEXT devices[16];
   EGLint n = 0;
   if (!query_devices || !query_devices(16, devices, &n) || n == 0) {
      printf("\n== device platform: no devices\n");
      return;
   }
   for (EGLint i = 0; i < n; i++) {
      char title[160];
      const char *node =
         query_string ? query_string(devices[i], EGL_DRM_RENDER_NODE_FILE_EXT)
                      : NULL;
      snprintf(title, sizeof(title), "device %d (%s)", i,
               node ? node : "no render node");
      describe(eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, devices[i], NULL),
               title);
   }
}

static void
do_gbm(void)
{
   void *lib = dlopen("libgbm.so.1", RTLD_NOW | RTLD_GLOBAL);
   void *(*create)(int) =
      lib ? (void *(*)(int))dlsym(lib, "gbm_create_device") : NULL;
   void (*destroy)(void *) =
      lib ? (void (*)(void *))dlsym(lib, "gbm_device_destroy") : NULL;
   if (!create || !destroy) {
      printf("\n== GBM platform: libgbm.so.1 not found\n");
      return;
   }
   for (int minor = 128; minor < 192; minor++) {
      char node[64];
      snprintf(node, sizeof(node), "/dev/dri/renderD%d", minor);
      int fd = open(node, O_RDWR | O_CLOEXEC);
      if (fd < 0)
         continue;
      void *gbm = create(fd);
      char title[160];
      snprintf(title, sizeof(title), "GBM on %s", node);
      if (gbm) {
         describe(eglGetPlatformDisplay(EGL_PLATFORM_GBM_MESA, gbm, NULL),
                  title);
         destroy(gbm);
      } else {
         printf("\n== %s: gbm_create_device failed\n", title);
      }
      close(fd);
      return;
   }
   printf("\n== GBM platform: no render node\n");
}

int
main(int argc, char **argv)
{
   const char *platform = "all";
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--configs")) {
         show_configs = true;
      } else if (!strcmp(argv[i], "--platform") && i + 1 < argc) {
         platform = argv[++i];
      } else {
         fprintf(stderr,
                 "usage: %s [--platform surfaceless|device|gbm|all] "
                 "[--configs]\n"
                 "What EGL offers on each platform (vendor, versions, "
                 "extensions, configs, GL strings).\n",
                 argv[0]);
         return strcmp(argv[i], "--help") ? 2 : 0;
      }
   }
   bool all = !strcmp(platform, "all");
   if (!all && strcmp(platform, "surfaceless") && strcmp(platform, "device") &&
       strcmp(platform, "gbm")) {
      fprintf(stderr, "unknown platform '%s'\n", platform);
      return 2;
   }

   print_wrapped("client extensions",
                 eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS));
   if (all || !strcmp(platform, "surfaceless"))
      describe(eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA,
                                     EGL_DEFAULT_DISPLAY, NULL),
               "surfaceless platform");
   if (all || !strcmp(platform, "device"))
      do_devices();
   if (all || !strcmp(platform, "gbm"))
      do_gbm();
   return 0;
}
