/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The one codec of client pixel groups (GL 3.3 compatibility spec section
 * 3.7.2, tables 3.5-3.8): every format of glTexImage*, glDrawPixels,
 * glBitmap, glReadPixels and glGetTexImage (colour, luminance, ABGR_EXT,
 * the index, depth and stencil formats, EXT_texture_integer's integer
 * formats) with every unpacked and packed type, decoded group by group
 * into component values and encoded back.  Its users: the texture path
 * for the desktop pairs no pipe format describes (they become RGBA
 * texels of 32-bit floats or integers, then go the usual way;
 * formats_es3.h describes the pairs pipe formats cover), the pixel
 * rectangle path with its transfer operations (pixel_unpack.c), and the
 * readbacks of those pairs (readpix.c, getteximage.c).
 */
#ifndef MAIN_CLIENT_PIXELS_H
#define MAIN_CLIENT_PIXELS_H

#include <stdbool.h>
#include <stdint.h>

#include "main/gl_api.h"
#include "util/format/u_formats.h"

struct gl_context;

/* The components of a pixel group: R, G, B, A, luminance, an index
 * (colour or stencil), depth. */
enum pixel_comp {
   PIX_R,
   PIX_G,
   PIX_B,
   PIX_A,
   PIX_L,
   PIX_I,
   PIX_Z,
   PIX_COMPS,
};

/* What the final conversion of a texture upload does with the results of
 * the pixel transfer operations (_mesa_texture_upload_clamp). */
enum pixel_clamp {
   PIXEL_CLAMP_UNORM, /* to [0, 1] */
   PIXEL_CLAMP_SNORM, /* to [-1, 1] */
   PIXEL_CLAMP_NONE,  /* kept: floating-point storage */
};

/* A client format: its components in memory order, and whether it is an
 * integer format (values not normalized). */
struct pixel_format_desc {
   unsigned count;
   uint8_t comp[4]; /* enum pixel_comp */
   bool integer;
};

/* false if format is no client pixel format. */
bool _mesa_pixel_format_desc(GLenum format, struct pixel_format_desc *d);

/* A packed type (table 3.8, and UNSIGNED_INT_24_8): its word size and
 * each field's width in component order, the first field in the most
 * significant bits (the _REV types: the least significant ones). */
struct pixel_packed_type {
   GLenum type;
   uint8_t size_B, count;
   bool rev;
   uint8_t bits[4];
};

/* NULL if type is not packed. */
const struct pixel_packed_type *_mesa_pixel_packed_type(GLenum type);

/* Bytes of one component of an unpacked type; 0 if type is not one. */
unsigned _mesa_pixel_type_size(GLenum type);

/* Bytes of one group of a valid (format, type) pair, 0 for an invalid
 * pair or GL_BITMAP.  The packed types go with the formats of table
 * 3.8: 3 fields with RGB and RGB_INTEGER, 4 with RGBA, BGRA, ABGR_EXT,
 * RGBA_INTEGER and BGRA_INTEGER; the depth/stencil ones (UNSIGNED_INT_24_8,
 * FLOAT_32_UNSIGNED_INT_24_8_REV) with DEPTH_STENCIL only; integer
 * formats take no float types. */
unsigned _mesa_pixel_group_size_B(GLenum format, GLenum type);

/* One decoded group: the value of each component it has.  Colour and
 * depth components of non-integer formats are normalized (section
 * 2.1.6: c / (2^b - 1) unsigned, max(c / (2^(b-1) - 1), -1) signed);
 * indices and integer formats' components are the integers they are. */
struct pixel_group {
   double val[PIX_COMPS];
   bool has[PIX_COMPS];
};

/* Decodes the group of a valid pair at src, its elements' bytes swapped
 * when swap (UNPACK_SWAP_BYTES). */
void _mesa_pixel_decode(GLenum format, GLenum type, const void *src,
                        bool swap, struct pixel_group *g);

/* An integer value as the 32-bit word of an element: its integer part,
 * NaN as 0, kept within 32 bits (indices keep their low bits, GL 2.1
 * section 4.3.2 "conversion of indices"). */
uint32_t _mesa_pixel_int_bits(double v);

/* The inverse: the group of a valid pair with g's values at dst
 * (normalized components clamped and rounded to nearest, GL 3.3
 * compatibility section 2.1.6; indices keep their low bits), bytes
 * swapped when swap (PACK_SWAP_BYTES).  Reads only the components the
 * format has. */
void _mesa_pixel_encode(GLenum format, GLenum type,
                        const struct pixel_group *g, bool swap, void *dst);

/* Is (format, type) an INVALID_ENUM for a desktop readback (glReadPixels,
 * glGetTexImage) although both enums are known: DEPTH_STENCIL with a type
 * other than UNSIGNED_INT_24_8 or FLOAT_32_UNSIGNED_INT_24_8_REV
 * (EXT_packed_depth_stencil, ARB_depth_buffer_float), an integer format
 * with FLOAT or HALF_FLOAT (EXT_texture_integer)?  piglit's
 * ext_packed_depth_stencil errors and ext_texture_integer api-readpixels
 * expect it, llvmpipe answers so. */
bool _mesa_readback_pair_enum_error(GLenum format, GLenum type);

/* EXT_texture_integer / GL 3.0 table 3.6: an integer client format? */
bool _mesa_is_client_integer_format(GLenum format);

/* _mesa_pixel_group_size_B for the colour formats (the ones without
 * index, depth or stencil components); 0 for the others. */
unsigned _mesa_client_pixel_size(GLenum format, GLenum type);

/* Desktop DEPTH_COMPONENT pairs that no pipe format describes (types
 * UNSIGNED_BYTE, BYTE, SHORT, INT and HALF_FLOAT; GL 3.3 section 3.7.2
 * takes every type of table 3.5 with it): their group size, else 0.
 * Uploads decode them to Z32_FLOAT (_mesa_client_unpack_image).  Also
 * the STENCIL_INDEX pairs but UNSIGNED_BYTE, decoded to S8_UINT. */
unsigned _mesa_client_depth_size(GLenum format, GLenum type);

/* The pipe format of the texels _mesa_client_unpack_image makes:
 * R32G32B32A32 FLOAT, or UINT/SINT for integer formats (by the type's
 * signedness), Z32_FLOAT for depth, S8_UINT for stencil indices. */
enum pipe_format _mesa_client_unpacked_format(GLenum format, GLenum type);

/* n pixel groups at src as RGBA (missing colour components 0, alpha 1;
 * luminance copied to R, G and B), 32-bit words in the layout of
 * _mesa_client_unpacked_format (bytes not swapped). */
void _mesa_client_unpack_rgba(GLenum format, GLenum type, const void *src,
                              unsigned n, uint32_t (*out)[4]);

/* The inverse for readbacks (glGetTexImage, glReadPixels) of non-integer
 * colour formats: n RGBA float texels packed as (format, type) groups
 * (luminance from R; float to normalized: clamped, c * (2^b - 1) or
 * c * (2^(b-1) - 1) rounded, GL 3.3 compatibility section 2.1.6),
 * bytes swapped when swap (PACK_SWAP_BYTES). */
void _mesa_client_pack_rgba_float(GLenum format, GLenum type,
                                  const float (*in)[4], unsigned n,
                                  bool swap, void *dst);

/* The same for integer colour formats (RGBA_INTEGER, BGRA_INTEGER with
 * their packed types ...): n RGBA texels of 32-bit integers, signed when
 * sint, as (format, type) groups keeping each value's low bits. */
void _mesa_client_pack_rgba_int(GLenum format, GLenum type,
                                const uint32_t (*in)[4], unsigned n,
                                bool sint, bool swap, void *dst);

/* Number of components of a base internal format (ALPHA, LUMINANCE,
 * INTENSITY, RED: 1; LUMINANCE_ALPHA, RG: 2; RGB: 3; else 4). */
unsigned _mesa_base_format_components(GLenum base);

/* Do ctx's unpack modes change the values of a colour upload of
 * (format, type): swapped bytes of multi-byte elements, or, for
 * non-integer formats, the pixel transfer operations?  Such uploads go
 * through _mesa_client_unpack_image. */
bool _mesa_client_unpack_changes(const struct gl_context *ctx,
                                 GLenum format, GLenum type);

/* A w x h x d image at pixels, laid out by ctx's unpack state, unpacked
 * into a new buffer laid out by the same state with 16-byte pixels (so
 * an upload reading _mesa_client_unpacked_format finds each texel where
 * it looks), each texel reduced to the components of base internal
 * format base and expanded back to RGBA as sampling reads it (GL 3.3
 * compatibility table 3.15 and section 3.9.16: L = R, I = R, missing
 * colour 0, missing alpha 1), so that storage with more channels than
 * the base format holds what the base format would; bytes swapped and
 * (non-integer formats) through the pixel transfer operations as ctx
 * says, whose results are then clamped as clamp says (the storage's
 * final conversion).  NULL when out of memory; free() the result. */
void *_mesa_client_unpack_image(const struct gl_context *ctx, GLenum format,
                                GLenum type, GLenum base,
                                enum pixel_clamp clamp, int w, int h, int d,
                                const void *pixels);

/* The clamp of the final conversion of a texture upload into storage
 * (ARB_texture_float; GL 4.6 compatibility section 8.5): SNORM for
 * signed normalized formats, NONE for floating-point ones (unclamped),
 * UNORM for the others. */
enum pixel_clamp _mesa_texture_upload_clamp(enum pipe_format storage);

#endif
