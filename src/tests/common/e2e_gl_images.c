/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* The start of the image load/store programs (e2e_gl_images.h). */
#include "e2e_gl_images.h"

int
e2e_gl_start_images(struct e2e_gl *gl, int argc, char **argv, int w, int h,
                    bool *quiet, struct e2e_gl_images *img)
{
   struct e2e_gl_options opts = e2e_gl_core_options(w, h, 3, 3);
   int status = e2e_gl_start(gl, argc, argv, &opts, quiet);
   if (status)
      return status;

   static const char *const needed[] = {"GL_ARB_shader_image_load_store",
                                        "GL_ARB_compute_shader"};
   status = e2e_gl_need_extensions(gl, &opts, needed, 2);
   if (status)
      return status;

   const struct e2e_gl_proc procs[] = {
      {"glBindImageTexture", &img->bind_image_texture},
      {"glDispatchCompute", &img->dispatch_compute},
      {"glMemoryBarrier", &img->memory_barrier},
      {"glGetTexImage", &img->get_tex_image},
   };
   return E2E_GL_NEED_PROCS(gl, procs);
}
