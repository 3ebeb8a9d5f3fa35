/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * EGL frame buffer configurations: the attribute table of EGL 1.5 section
 * 3.4 (defaults, selection criteria, sort order) as data, and the
 * eglChooseConfig rules over it.  No display, no driver: pure functions,
 * unit tested on their own.
 */
#ifndef EGL_CONFIG_H
#define EGL_CONFIG_H

#include <stdbool.h>
#include <stdint.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Index of each config attribute in egl_config::v. */
enum egl_config_attr {
   EGL_CA_BUFFER_SIZE,
   EGL_CA_RED_SIZE,
   EGL_CA_GREEN_SIZE,
   EGL_CA_BLUE_SIZE,
   EGL_CA_LUMINANCE_SIZE,
   EGL_CA_ALPHA_SIZE,
   EGL_CA_ALPHA_MASK_SIZE,
   EGL_CA_BIND_TO_TEXTURE_RGB,
   EGL_CA_BIND_TO_TEXTURE_RGBA,
   EGL_CA_COLOR_BUFFER_TYPE,
   EGL_CA_CONFIG_CAVEAT,
   EGL_CA_CONFIG_ID,
   EGL_CA_CONFORMANT,
   EGL_CA_DEPTH_SIZE,
   EGL_CA_LEVEL,
   EGL_CA_MAX_PBUFFER_WIDTH,
   EGL_CA_MAX_PBUFFER_HEIGHT,
   EGL_CA_MAX_PBUFFER_PIXELS,
   EGL_CA_MAX_SWAP_INTERVAL,
   EGL_CA_MIN_SWAP_INTERVAL,
   EGL_CA_NATIVE_RENDERABLE,
   EGL_CA_NATIVE_VISUAL_ID,
   EGL_CA_NATIVE_VISUAL_TYPE,
   EGL_CA_RENDERABLE_TYPE,
   EGL_CA_SAMPLE_BUFFERS,
   EGL_CA_SAMPLES,
   EGL_CA_STENCIL_SIZE,
   EGL_CA_SURFACE_TYPE,
   EGL_CA_TRANSPARENT_TYPE,
   EGL_CA_TRANSPARENT_RED_VALUE,
   EGL_CA_TRANSPARENT_GREEN_VALUE,
   EGL_CA_TRANSPARENT_BLUE_VALUE,
   EGL_CA_COUNT,
};

struct egl_config {
   EGLint v[EGL_CA_COUNT];
   uint32_t dri_id; /* the driver's asahi_dri_config id */
};

/* What eglChooseConfig was asked for: a value per attribute (the spec's
 * default where not given) and whether EGL_CONFIG_ID was given.
 */
struct egl_config_request {
   EGLint v[EGL_CA_COUNT];
   bool by_id;
};

/* Index of an EGL attribute enum, or -1 if it is not a config attribute. */
int egl_config_attr_index(EGLint attrib);

/* Value of attribute `attrib` of a config; false if not an attribute. */
bool egl_config_get(const struct egl_config *config, EGLint attrib,
                    EGLint *value);

/* Parses an eglChooseConfig attribute list (NULL or EGL_NONE-terminated).
 * Returns EGL_SUCCESS or the error the spec names (EGL_BAD_ATTRIBUTE for
 * unknown attributes or values out of their domain).
 */
EGLint egl_config_parse_request(const EGLint *attrib_list,
                                struct egl_config_request *request);

bool egl_config_matches(const struct egl_config *config,
                        const struct egl_config_request *request);

/* <0 when a sorts before b under the request (EGL 1.5 table 3.4 order). */
int egl_config_compare(const struct egl_config *a, const struct egl_config *b,
                       const struct egl_config_request *request);

/* eglChooseConfig: the matching configs, best first.  Writes up to max of
 * them into out (none when out is NULL) and returns how many were written,
 * or the number matching when out is NULL.
 */
unsigned egl_config_choose(const struct egl_config *configs, unsigned count,
                           const struct egl_config_request *request,
                           const struct egl_config **out, unsigned max);

#ifdef __cplusplus
}
#endif

#endif /* EGL_CONFIG_H */
