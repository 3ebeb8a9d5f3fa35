/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Border colours (desktop GL 3.3 sections 3.8.8 and 3.8.10): the
 * TEXTURE_BORDER_COLOR parameter of textures and sampler objects in its
 * float, normalized-integer and pure-integer forms, and the
 * CLAMP_TO_BORDER wrap mode.  Not in ES 3.0 (INVALID_ENUM there).
 */
#ifndef MESA_TEXBORDER_H
#define MESA_TEXBORDER_H

#include "main/mtypes.h"

/* How the four values are given or wanted. */
enum gl_border_form {
   GL_BORDER_FORM_FLOAT, /* TexParameterfv */
   GL_BORDER_FORM_INT,   /* TexParameteriv: normalized (section 2.3.1) */
   GL_BORDER_FORM_IINT,  /* TexParameterIiv: stored as they are */
   GL_BORDER_FORM_IUINT, /* TexParameterIuiv */
};

/* Is value a wrap mode this context accepts (the ES 3.0 list, plus
 * CLAMP_TO_BORDER in desktop contexts)? */
bool _mesa_wrap_value_ok(const struct gl_context *ctx, GLenum value);

/* Store or read a border colour in one of the forms. */
void _mesa_set_border_color(struct gl_border_color *b, const void *params,
                            enum gl_border_form form);
void _mesa_get_border_color(const struct gl_border_color *b, void *params,
                            enum gl_border_form form);

/* glTexParameter*v / glGetTexParameter*v with TEXTURE_BORDER_COLOR on the
 * texture bound to target: the errors of section 3.8.8 (INVALID_ENUM in
 * ES contexts and for bad targets). */
void _mesa_tex_border_color(GLenum target, const void *params,
                            enum gl_border_form form, const char *func);
void _mesa_get_tex_border_color(GLenum target, void *params,
                                enum gl_border_form form, const char *func);

#endif
