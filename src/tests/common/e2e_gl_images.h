/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * What the desktop image load/store programs share: a forward-compatible
 * OpenGL 3.3 context with GL_ARB_shader_image_load_store and
 * GL_ARB_compute_shader, and the GL 4.2-4.5 entry points they all call
 * (the ES headers do not declare glGetTexImage; the context's own
 * glDispatchCompute and friends are used, not libGLESv2's).
 */
#ifndef E2E_GL_IMAGES_H
#define E2E_GL_IMAGES_H

#include "e2e_gl.h"

struct e2e_gl_images {
   void (*bind_image_texture)(GLuint unit, GLuint texture, GLint level,
                              GLboolean layered, GLint layer, GLenum access,
                              GLenum format);
   void (*dispatch_compute)(GLuint x, GLuint y, GLuint z);
   void (*memory_barrier)(GLbitfield barriers);
   void (*get_tex_image)(GLenum target, GLint level, GLenum format, GLenum type,
                         void *pixels);
};

/* e2e_gl_start of a w x h forward-compatible desktop 3.3 context, then
 * both extensions (E2E_SKIP when one is missing, as
 * e2e_gl_need_extensions) and the entry points of img (1 when one is
 * missing); 0 when all is there. */
int e2e_gl_start_images(struct e2e_gl *gl, int argc, char **argv, int w, int h,
                        bool *quiet, struct e2e_gl_images *img);

#endif
