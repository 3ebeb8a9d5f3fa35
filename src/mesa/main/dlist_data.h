/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Display list nodes of generated commands (DL_CALL, gl_dispatch.py)
 * whose arguments include data behind a pointer of a length the registry
 * computes: a count parameter (glUniform4fv, glDrawBuffers), the pname
 * (glTexParameterfv), compressed image bytes (glCompressedTexImage2D) or
 * a pixel rectangle (glDrawPixels, glTexImage*, glTexSubImage*).  GL 2.1
 * section 5.4: the data is copied when the list is compiled (from the
 * pixel unpack buffer when one is bound) and the command replays with
 * that copy.
 */
#ifndef MESA_DLIST_DATA_H
#define MESA_DLIST_DATA_H

#include <stdbool.h>
#include <stddef.h>

#include "main/mtypes.h"

/* The pixel storage modes a copied rectangle is read with again. */
struct gl_dl_unpack {
   GLint alignment, row_length, image_height;
   GLint skip_pixels, skip_rows, skip_images;
   bool swap_bytes, lsb_first;
   struct gl_buffer_object *buffer; /* saved binding (replay only) */
};

/* The first member of such a command's argument struct: size_B bytes of
 * data follow the struct (0: the pointer replays as NULL). */
struct gl_dl_data {
   size_t size_B;
   struct gl_dl_unpack unpack; /* pixel rectangles and compressed data */
};

/* Stores a DL_CALL node owning args (malloc'd; freed with the list, or
 * at once when not stored); true when the caller must not execute it. */
bool _mesa_dlist_save_call_owned(struct gl_context *ctx,
                                 void (*call)(const void *args), void *args);

/* Store the command (args: its argument struct of size bytes, starting
 * with a struct gl_dl_data) with data_B bytes from data; true when the
 * caller must not execute it (GL_COMPILE, or an error was raised). */
bool _mesa_dlist_save_call_data(struct gl_context *ctx,
                                void (*call)(const void *args), void *args,
                                size_t size, const void *data, size_t data_B);
/* The same for data_B bytes at ptr that may be an offset into the bound
 * pixel unpack buffer (compressed images). */
bool _mesa_dlist_save_call_blob(struct gl_context *ctx,
                                void (*call)(const void *args), void *args,
                                size_t size, const void *ptr, size_t data_B,
                                const char *func);
/* The same for a width x height x depth rectangle of (format, type) of a
 * dims-dimensional command, read with the current unpack modes. */
bool _mesa_dlist_save_call_pixels(struct gl_context *ctx,
                                  void (*call)(const void *args), void *args,
                                  size_t size, unsigned dims, GLsizei width,
                                  GLsizei height, GLsizei depth, GLenum format,
                                  GLenum type, const void *ptr,
                                  const char *func);

/* The stored data of the argument struct d of size bytes, or NULL. */
const void *_mesa_dlist_data(const struct gl_dl_data *d, size_t size);
/* Around the replay of a copied rectangle: the unpack modes it was copied
 * with and no unpack buffer, then the application's again. */
void _mesa_dlist_unpack_push(const struct gl_dl_data *d,
                             struct gl_dl_unpack *saved);
void _mesa_dlist_unpack_pop(const struct gl_dl_unpack *saved);

/* Values glTexParameter{f,i}v reads for pname (GL 2.1 section 3.8.4). */
size_t _mesa_tex_param_count(GLenum pname);

#endif
