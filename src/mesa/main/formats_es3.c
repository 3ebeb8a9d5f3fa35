/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The format tables (see formats_es3.h).  Sources: ES 3.0.6 spec tables
 * 3.2 (format, type, sized internalformat), 3.3 (unsized), 3.12
 * (effective internal formats), 3.13 (sized colour formats: bits, CR,
 * TF) and 3.14 (depth and stencil).
 */
#include <stddef.h>

#include "main/client_pixels.h"
#include "main/context.h"
#include "main/formats_es3.h"
#include "main/texobj.h"
#include "pipe/p_screen.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#define UN GL_UNSIGNED_NORMALIZED
#define SN GL_SIGNED_NORMALIZED
#define FL GL_FLOAT
#define SI GL_INT
#define UI GL_UNSIGNED_INT

#define S GL_FMT_SIZED
#define CR (GL_FMT_COLOR_RENDERABLE | GL_FMT_SIZED)
#define TF GL_FMT_FILTERABLE
#define FR GL_FMT_FLOAT_RENDERABLE
#define DR (GL_FMT_DEPTH_RENDERABLE | GL_FMT_SIZED)
#define E2 GL_FMT_ES2_RENDERBUFFER
#define DT GL_FMT_DESKTOP

#define P(x) PIPE_FORMAT_##x

/* internalformat, base, type, {r, g, b, a, d, s, e, l}, flags, sRGB,
 * storage candidates (best first). */
#define F(ifmt, base, ty, r, g, b, a, d, s, e, l, flags, srgb, ...)           \
   {GL_##ifmt, GL_##base, ty, r, g, b, a, d, s, e, l, flags, srgb, {__VA_ARGS__}}

/* clang-format off */
static const struct gl_format_info formats[] = {
   /* Unsized (ES 3.0.6 table 3.3): stored like their common sized form;
    * luminance and alpha are expanded to RGBA at upload. */
   F(RGBA,            RGBA,  UN, 8, 8, 8, 8, 0, 0, 0, 0, TF, false, P(R8G8B8A8_UNORM)),
   F(RGB,             RGB,   UN, 8, 8, 8, 0, 0, 0, 0, 0, TF, false, P(R8G8B8X8_UNORM), P(R8G8B8A8_UNORM)),
   F(LUMINANCE_ALPHA, LUMINANCE_ALPHA, UN, 0, 0, 0, 8, 0, 0, 0, 8, TF, false, P(R8G8B8A8_UNORM)),
   F(LUMINANCE,       LUMINANCE, UN, 0, 0, 0, 0, 0, 0, 0, 8, TF, false, P(R8G8B8A8_UNORM)),
   F(ALPHA,           ALPHA, UN, 0, 0, 0, 8, 0, 0, 0, 0, TF, false, P(R8G8B8A8_UNORM)),
   /* OES_depth_texture, OES_packed_depth_stencil (accepted by ES 3.0
    * implementations; desktop GL's unsized depth formats). */
   F(DEPTH_COMPONENT, DEPTH_COMPONENT, UN, 0, 0, 0, 0, 24, 0, 0, 0, 0, false, P(Z24X8_UNORM), P(Z32_FLOAT), P(Z24_UNORM_S8_UINT)),
   F(DEPTH_STENCIL,   DEPTH_STENCIL,   UN, 0, 0, 0, 0, 24, 8, 0, 0, 0, false, P(Z24_UNORM_S8_UINT), P(Z32_FLOAT_S8X24_UINT)),
   /* OES_required_internalformat's sized luminance and alpha formats
    * (ES 2.0 contexts; EXT_texture_storage's in ES 3.0): stored like the
    * unsized ones. */
   F(ALPHA8,          ALPHA, UN, 0, 0, 0, 8, 0, 0, 0, 0, TF, false, P(R8G8B8A8_UNORM)),
   F(LUMINANCE8,      LUMINANCE, UN, 0, 0, 0, 0, 0, 0, 0, 8, TF, false, P(R8G8B8A8_UNORM)),
   F(LUMINANCE8_ALPHA8, LUMINANCE_ALPHA, UN, 0, 0, 0, 8, 0, 0, 0, 8, TF, false, P(R8G8B8A8_UNORM)),
   F(LUMINANCE4_ALPHA4, LUMINANCE_ALPHA, UN, 0, 0, 0, 4, 0, 0, 0, 4, TF, false, P(R8G8B8A8_UNORM)),
   /* EXT_texture_format_BGRA8888: an unsized format of its own, stored
    * as RGBA (the upload swaps the channels). */
   F(BGRA_EXT,        RGBA,  UN, 8, 8, 8, 8, 0, 0, 0, 0, TF, false, P(R8G8B8A8_UNORM)),
   /* The effective formats of unsized luminance and alpha images from
    * OES_texture_float / OES_texture_half_float texels (the names are
    * EXT_texture_storage's), and ARB_texture_float's sized ones in
    * desktop contexts (the same enums, plus intensity).  Stored in the
    * pipe formats of their components (one or two channels read through
    * the format's swizzle: L = (L, L, L, 1), I = (I, I, I, I), A = (0, 0,
    * 0, A)), so that client RGBA texels keep only R (and A), as GL 3.0
    * table 3.15 wants; RGBA storage when the driver has none of them.
    * 32-bit ones filter with OES_texture_float_linear in ES. */
   F(ALPHA16F_EXT,    ALPHA, FL, 0, 0, 0, 16, 0, 0, 0, 0, TF, false, P(A16_FLOAT), P(R16G16B16A16_FLOAT)),
   F(LUMINANCE16F_EXT, LUMINANCE, FL, 0, 0, 0, 0, 0, 0, 0, 16, TF, false, P(L16_FLOAT), P(R16G16B16A16_FLOAT)),
   F(LUMINANCE_ALPHA16F_EXT, LUMINANCE_ALPHA, FL, 0, 0, 0, 16, 0, 0, 0, 16, TF, false, P(L16A16_FLOAT), P(R16G16B16A16_FLOAT)),
   F(INTENSITY16F_ARB, INTENSITY, FL, 0, 0, 0, 0, 0, 0, 0, 16, TF, false, P(I16_FLOAT)),
   F(ALPHA32F_EXT,    ALPHA, FL, 0, 0, 0, 32, 0, 0, 0, 0, 0, false, P(A32_FLOAT), P(R32G32B32A32_FLOAT)),
   F(LUMINANCE32F_EXT, LUMINANCE, FL, 0, 0, 0, 0, 0, 0, 0, 32, 0, false, P(L32_FLOAT), P(R32G32B32A32_FLOAT)),
   F(LUMINANCE_ALPHA32F_EXT, LUMINANCE_ALPHA, FL, 0, 0, 0, 32, 0, 0, 0, 32, 0, false, P(L32A32_FLOAT), P(R32G32B32A32_FLOAT)),
   F(INTENSITY32F_ARB, INTENSITY, FL, 0, 0, 0, 0, 0, 0, 0, 32, 0, false, P(I32_FLOAT)),

   /* Sized colour formats (table 3.13). */
   F(R8,              RED,   UN, 8, 0, 0, 0, 0, 0, 0, 0, CR | TF, false, P(R8_UNORM), P(R8G8B8A8_UNORM)),
   F(R8_SNORM,        RED,   SN, 8, 0, 0, 0, 0, 0, 0, 0, S | TF, false, P(R8_SNORM), P(R8G8B8A8_SNORM)),
   F(RG8,             RG,    UN, 8, 8, 0, 0, 0, 0, 0, 0, CR | TF, false, P(R8G8_UNORM), P(R8G8B8A8_UNORM)),
   F(RG8_SNORM,       RG,    SN, 8, 8, 0, 0, 0, 0, 0, 0, S | TF, false, P(R8G8_SNORM), P(R8G8B8A8_SNORM)),
   F(RGB8,            RGB,   UN, 8, 8, 8, 0, 0, 0, 0, 0, CR | TF | E2, false, P(R8G8B8X8_UNORM), P(R8G8B8A8_UNORM)),
   F(RGB8_SNORM,      RGB,   SN, 8, 8, 8, 0, 0, 0, 0, 0, S | TF, false, P(R8G8B8X8_SNORM), P(R8G8B8A8_SNORM)),
   F(RGB565,          RGB,   UN, 5, 6, 5, 0, 0, 0, 0, 0, CR | TF | E2, false, P(B5G6R5_UNORM), P(R8G8B8X8_UNORM), P(R8G8B8A8_UNORM)),
   F(RGBA4,           RGBA,  UN, 4, 4, 4, 4, 0, 0, 0, 0, CR | TF | E2, false, P(A4B4G4R4_UNORM), P(R8G8B8A8_UNORM)),
   /* RGB5_A1: B5G5R5A1 too, the form the asahi driver renders (fact:
    * alexvorxx/Mesa-VirGL src/asahi/layout/formats.c has no A1B5G5R5). */
   F(RGB5_A1,         RGBA,  UN, 5, 5, 5, 1, 0, 0, 0, 0, CR | TF | E2, false, P(A1B5G5R5_UNORM), P(B5G5R5A1_UNORM), P(R8G8B8A8_UNORM)),
   F(RGBA8,           RGBA,  UN, 8, 8, 8, 8, 0, 0, 0, 0, CR | TF | E2, false, P(R8G8B8A8_UNORM)),
   F(RGBA8_SNORM,     RGBA,  SN, 8, 8, 8, 8, 0, 0, 0, 0, S | TF, false, P(R8G8B8A8_SNORM)),
   F(RGB10_A2,        RGBA,  UN, 10, 10, 10, 2, 0, 0, 0, 0, CR | TF, false, P(R10G10B10A2_UNORM), P(R16G16B16A16_UNORM)),
   F(RGB10_A2UI,      RGBA,  UI, 10, 10, 10, 2, 0, 0, 0, 0, CR, false, P(R10G10B10A2_UINT), P(R16G16B16A16_UINT)),
   F(SRGB8,           RGB,   UN, 8, 8, 8, 0, 0, 0, 0, 0, S | TF, true, P(R8G8B8X8_SRGB), P(R8G8B8A8_SRGB)),
   F(SRGB8_ALPHA8,    RGBA,  UN, 8, 8, 8, 8, 0, 0, 0, 0, CR | TF, true, P(R8G8B8A8_SRGB)),
   F(R16F,            RED,   FL, 16, 0, 0, 0, 0, 0, 0, 0, S | TF | FR, false, P(R16_FLOAT), P(R16G16B16A16_FLOAT)),
   F(RG16F,           RG,    FL, 16, 16, 0, 0, 0, 0, 0, 0, S | TF | FR, false, P(R16G16_FLOAT), P(R16G16B16A16_FLOAT)),
   F(RGB16F,          RGB,   FL, 16, 16, 16, 0, 0, 0, 0, 0, S | TF, false, P(R16G16B16X16_FLOAT), P(R16G16B16A16_FLOAT)),
   F(RGBA16F,         RGBA,  FL, 16, 16, 16, 16, 0, 0, 0, 0, S | TF | FR, false, P(R16G16B16A16_FLOAT)),
   F(R32F,            RED,   FL, 32, 0, 0, 0, 0, 0, 0, 0, S | FR, false, P(R32_FLOAT), P(R32G32B32A32_FLOAT)),
   F(RG32F,           RG,    FL, 32, 32, 0, 0, 0, 0, 0, 0, S | FR, false, P(R32G32_FLOAT), P(R32G32B32A32_FLOAT)),
   F(RGB32F,          RGB,   FL, 32, 32, 32, 0, 0, 0, 0, 0, S, false, P(R32G32B32X32_FLOAT), P(R32G32B32A32_FLOAT)),
   F(RGBA32F,         RGBA,  FL, 32, 32, 32, 32, 0, 0, 0, 0, S | FR, false, P(R32G32B32A32_FLOAT)),
   F(R11F_G11F_B10F,  RGB,   FL, 11, 11, 10, 0, 0, 0, 0, 0, S | TF | FR, false, P(R11G11B10_FLOAT), P(R16G16B16X16_FLOAT), P(R16G16B16A16_FLOAT)),
   F(RGB9_E5,         RGB,   FL, 9, 9, 9, 0, 0, 0, 5, 0, S | TF, false, P(R9G9B9E5_FLOAT), P(R16G16B16X16_FLOAT), P(R16G16B16A16_FLOAT)),

   F(R8I,             RED,   SI, 8, 0, 0, 0, 0, 0, 0, 0, CR, false, P(R8_SINT), P(R8G8B8A8_SINT)),
   F(R8UI,            RED,   UI, 8, 0, 0, 0, 0, 0, 0, 0, CR, false, P(R8_UINT), P(R8G8B8A8_UINT)),
   F(R16I,            RED,   SI, 16, 0, 0, 0, 0, 0, 0, 0, CR, false, P(R16_SINT), P(R16G16B16A16_SINT)),
   F(R16UI,           RED,   UI, 16, 0, 0, 0, 0, 0, 0, 0, CR, false, P(R16_UINT), P(R16G16B16A16_UINT)),
   F(R32I,            RED,   SI, 32, 0, 0, 0, 0, 0, 0, 0, CR, false, P(R32_SINT), P(R32G32B32A32_SINT)),
   F(R32UI,           RED,   UI, 32, 0, 0, 0, 0, 0, 0, 0, CR, false, P(R32_UINT), P(R32G32B32A32_UINT)),
   F(RG8I,            RG,    SI, 8, 8, 0, 0, 0, 0, 0, 0, CR, false, P(R8G8_SINT), P(R8G8B8A8_SINT)),
   F(RG8UI,           RG,    UI, 8, 8, 0, 0, 0, 0, 0, 0, CR, false, P(R8G8_UINT), P(R8G8B8A8_UINT)),
   F(RG16I,           RG,    SI, 16, 16, 0, 0, 0, 0, 0, 0, CR, false, P(R16G16_SINT), P(R16G16B16A16_SINT)),
   F(RG16UI,          RG,    UI, 16, 16, 0, 0, 0, 0, 0, 0, CR, false, P(R16G16_UINT), P(R16G16B16A16_UINT)),
   F(RG32I,           RG,    SI, 32, 32, 0, 0, 0, 0, 0, 0, CR, false, P(R32G32_SINT), P(R32G32B32A32_SINT)),
   F(RG32UI,          RG,    UI, 32, 32, 0, 0, 0, 0, 0, 0, CR, false, P(R32G32_UINT), P(R32G32B32A32_UINT)),
   F(RGB8I,           RGB,   SI, 8, 8, 8, 0, 0, 0, 0, 0, S, false, P(R8G8B8X8_SINT), P(R8G8B8A8_SINT)),
   F(RGB8UI,          RGB,   UI, 8, 8, 8, 0, 0, 0, 0, 0, S, false, P(R8G8B8X8_UINT), P(R8G8B8A8_UINT)),
   F(RGB16I,          RGB,   SI, 16, 16, 16, 0, 0, 0, 0, 0, S, false, P(R16G16B16X16_SINT), P(R16G16B16A16_SINT)),
   F(RGB16UI,         RGB,   UI, 16, 16, 16, 0, 0, 0, 0, 0, S, false, P(R16G16B16X16_UINT), P(R16G16B16A16_UINT)),
   F(RGB32I,          RGB,   SI, 32, 32, 32, 0, 0, 0, 0, 0, S, false, P(R32G32B32X32_SINT), P(R32G32B32A32_SINT)),
   F(RGB32UI,         RGB,   UI, 32, 32, 32, 0, 0, 0, 0, 0, S, false, P(R32G32B32X32_UINT), P(R32G32B32A32_UINT)),
   F(RGBA8I,          RGBA,  SI, 8, 8, 8, 8, 0, 0, 0, 0, CR, false, P(R8G8B8A8_SINT)),
   F(RGBA8UI,         RGBA,  UI, 8, 8, 8, 8, 0, 0, 0, 0, CR, false, P(R8G8B8A8_UINT)),
   F(RGBA16I,         RGBA,  SI, 16, 16, 16, 16, 0, 0, 0, 0, CR, false, P(R16G16B16A16_SINT)),
   F(RGBA16UI,        RGBA,  UI, 16, 16, 16, 16, 0, 0, 0, 0, CR, false, P(R16G16B16A16_UINT)),
   F(RGBA32I,         RGBA,  SI, 32, 32, 32, 32, 0, 0, 0, 0, CR, false, P(R32G32B32A32_SINT)),
   F(RGBA32UI,        RGBA,  UI, 32, 32, 32, 32, 0, 0, 0, 0, CR, false, P(R32G32B32A32_UINT)),

   /* Depth and stencil (table 3.14). */
   F(DEPTH_COMPONENT16,  DEPTH_COMPONENT, UN, 0, 0, 0, 0, 16, 0, 0, 0, DR | E2, false, P(Z16_UNORM), P(Z32_FLOAT)),
   F(DEPTH_COMPONENT24,  DEPTH_COMPONENT, UN, 0, 0, 0, 0, 24, 0, 0, 0, DR | E2, false, P(Z24X8_UNORM), P(Z32_FLOAT), P(Z24_UNORM_S8_UINT)),
   F(DEPTH_COMPONENT32F, DEPTH_COMPONENT, FL, 0, 0, 0, 0, 32, 0, 0, 0, DR, false, P(Z32_FLOAT)),
   /* Desktop GL 3.2 table 3.17 (ARB_depth_texture): 32-bit normalized
    * depth, kept as a 32-bit float where the driver has no Z32_UNORM (it
    * holds more than the 24 bits of precision AGX depth tests use). */
   F(DEPTH_COMPONENT32,  DEPTH_COMPONENT, UN, 0, 0, 0, 0, 32, 0, 0, 0, DR | DT, false, P(Z32_UNORM), P(Z32_FLOAT)),
   F(DEPTH24_STENCIL8,   DEPTH_STENCIL,   UN, 0, 0, 0, 0, 24, 8, 0, 0, DR | E2, false, P(Z24_UNORM_S8_UINT), P(Z32_FLOAT_S8X24_UINT)),
   F(DEPTH32F_STENCIL8,  DEPTH_STENCIL,   FL, 0, 0, 0, 0, 32, 8, 0, 0, DR, false, P(Z32_FLOAT_S8X24_UINT)),
   /* Stencil bytes alone, as Mesa's state tracker picks S8_UINT first
    * (alexvorxx/Mesa-VirGL src/mesa/state_tracker/st_format.c), since wave
    * 16: a STENCIL_INDEX8 texture then samples its one channel. */
   F(STENCIL_INDEX8,     STENCIL_INDEX,   UI, 0, 0, 0, 0, 0, 8, 0, 0, DR | E2, false, P(S8_UINT), P(Z24_UNORM_S8_UINT)),

   /* Desktop GL only: the sized formats of GL 3.3 compatibility table
    * 3.12 and GL 2.1 table 3.16 that ES lacks.  A format stored with more
    * bits than it names keeps them (GL 3.3 section 3.9.3: an implementation
    * may choose any resolution of at least the named one; "required" sizes
    * of table 3.12 are met exactly or exceeded).  Luminance, alpha and
    * intensity use the L/A/I pipe formats, whose swizzles give (L, L, L,
    * 1), (0, 0, 0, A), (I, I, I, I) and which keep only R (and A) of
    * client RGBA texels, as GL 3.3 compatibility table 3.15 wants. */
   F(R16,             RED,   UN, 16, 0, 0, 0, 0, 0, 0, 0, CR | TF | DT, false, P(R16_UNORM), P(R16G16B16A16_UNORM)),
   F(RG16,            RG,    UN, 16, 16, 0, 0, 0, 0, 0, 0, CR | TF | DT, false, P(R16G16_UNORM), P(R16G16B16A16_UNORM)),
   F(RGB16,           RGB,   UN, 16, 16, 16, 0, 0, 0, 0, 0, CR | TF | DT, false, P(R16G16B16X16_UNORM), P(R16G16B16A16_UNORM)),
   F(RGBA16,          RGBA,  UN, 16, 16, 16, 16, 0, 0, 0, 0, CR | TF | DT, false, P(R16G16B16A16_UNORM)),
   F(R16_SNORM,       RED,   SN, 16, 0, 0, 0, 0, 0, 0, 0, S | TF | DT, false, P(R16_SNORM), P(R16G16B16A16_SNORM)),
   F(RG16_SNORM,      RG,    SN, 16, 16, 0, 0, 0, 0, 0, 0, S | TF | DT, false, P(R16G16_SNORM), P(R16G16B16A16_SNORM)),
   F(RGB16_SNORM,     RGB,   SN, 16, 16, 16, 0, 0, 0, 0, 0, S | TF | DT, false, P(R16G16B16X16_SNORM), P(R16G16B16A16_SNORM)),
   F(RGBA16_SNORM,    RGBA,  SN, 16, 16, 16, 16, 0, 0, 0, 0, S | TF | DT, false, P(R16G16B16A16_SNORM)),
   F(R3_G3_B2,        RGB,   UN, 3, 3, 2, 0, 0, 0, 0, 0, CR | TF | DT, false, P(R8G8B8X8_UNORM), P(R8G8B8A8_UNORM)),
   F(RGB4,            RGB,   UN, 4, 4, 4, 0, 0, 0, 0, 0, CR | TF | DT, false, P(R8G8B8X8_UNORM), P(R8G8B8A8_UNORM)),
   F(RGB5,            RGB,   UN, 5, 5, 5, 0, 0, 0, 0, 0, CR | TF | DT, false, P(R8G8B8X8_UNORM), P(R8G8B8A8_UNORM)),
   F(RGB10,           RGB,   UN, 10, 10, 10, 0, 0, 0, 0, 0, CR | TF | DT, false, P(R16G16B16X16_UNORM), P(R16G16B16A16_UNORM)),
   F(RGB12,           RGB,   UN, 12, 12, 12, 0, 0, 0, 0, 0, CR | TF | DT, false, P(R16G16B16X16_UNORM), P(R16G16B16A16_UNORM)),
   F(RGBA2,           RGBA,  UN, 2, 2, 2, 2, 0, 0, 0, 0, CR | TF | DT, false, P(A4B4G4R4_UNORM), P(R8G8B8A8_UNORM)),
   F(RGBA12,          RGBA,  UN, 12, 12, 12, 12, 0, 0, 0, 0, CR | TF | DT, false, P(R16G16B16A16_UNORM)),
   F(ALPHA4,          ALPHA, UN, 0, 0, 0, 4, 0, 0, 0, 0, S | TF | DT, false, P(A8_UNORM), P(R8G8B8A8_UNORM)),
   F(ALPHA12,         ALPHA, UN, 0, 0, 0, 12, 0, 0, 0, 0, S | TF | DT, false, P(A16_UNORM), P(R16G16B16A16_UNORM)),
   F(ALPHA16,         ALPHA, UN, 0, 0, 0, 16, 0, 0, 0, 0, S | TF | DT, false, P(A16_UNORM), P(R16G16B16A16_UNORM)),
   F(LUMINANCE4,      LUMINANCE, UN, 0, 0, 0, 0, 0, 0, 0, 4, S | TF | DT, false, P(L8_UNORM), P(R8G8B8A8_UNORM)),
   F(LUMINANCE12,     LUMINANCE, UN, 0, 0, 0, 0, 0, 0, 0, 12, S | TF | DT, false, P(L16_UNORM), P(R16G16B16A16_UNORM)),
   F(LUMINANCE16,     LUMINANCE, UN, 0, 0, 0, 0, 0, 0, 0, 16, S | TF | DT, false, P(L16_UNORM), P(R16G16B16A16_UNORM)),
   F(LUMINANCE6_ALPHA2, LUMINANCE_ALPHA, UN, 0, 0, 0, 2, 0, 0, 0, 6, S | TF | DT, false, P(L8A8_UNORM), P(R8G8B8A8_UNORM)),
   F(LUMINANCE12_ALPHA4, LUMINANCE_ALPHA, UN, 0, 0, 0, 4, 0, 0, 0, 12, S | TF | DT, false, P(L16A16_UNORM), P(R16G16B16A16_UNORM)),
   F(LUMINANCE12_ALPHA12, LUMINANCE_ALPHA, UN, 0, 0, 0, 12, 0, 0, 0, 12, S | TF | DT, false, P(L16A16_UNORM), P(R16G16B16A16_UNORM)),
   F(LUMINANCE16_ALPHA16, LUMINANCE_ALPHA, UN, 0, 0, 0, 16, 0, 0, 0, 16, S | TF | DT, false, P(L16A16_UNORM), P(R16G16B16A16_UNORM)),
   F(RED,             RED,   UN, 8, 0, 0, 0, 0, 0, 0, 0, TF | DT, false, P(R8_UNORM), P(R8G8B8A8_UNORM)),
   F(RG,              RG,    UN, 8, 8, 0, 0, 0, 0, 0, 0, TF | DT, false, P(R8G8_UNORM), P(R8G8B8A8_UNORM)),
   F(INTENSITY,       INTENSITY, UN, 0, 0, 0, 0, 0, 0, 0, 8, TF | DT, false, P(I8_UNORM), P(R8G8B8A8_UNORM)),
   F(INTENSITY4,      INTENSITY, UN, 0, 0, 0, 0, 0, 0, 0, 4, S | TF | DT, false, P(I8_UNORM), P(R8G8B8A8_UNORM)),
   F(INTENSITY8,      INTENSITY, UN, 0, 0, 0, 0, 0, 0, 0, 8, S | TF | DT, false, P(I8_UNORM), P(R8G8B8A8_UNORM)),
   F(INTENSITY12,     INTENSITY, UN, 0, 0, 0, 0, 0, 0, 0, 12, S | TF | DT, false, P(I16_UNORM), P(R16G16B16A16_UNORM)),
   F(INTENSITY16,     INTENSITY, UN, 0, 0, 0, 0, 0, 0, 0, 16, S | TF | DT, false, P(I16_UNORM), P(R16G16B16A16_UNORM)),
   F(SLUMINANCE,      LUMINANCE, UN, 0, 0, 0, 0, 0, 0, 0, 8, TF | DT, true, P(L8_SRGB)),
   F(SLUMINANCE8,     LUMINANCE, UN, 0, 0, 0, 0, 0, 0, 0, 8, S | TF | DT, true, P(L8_SRGB)),
   /* (sRGB R8G8 would decode alpha too: RGBA storage, reduced at upload) */
   F(SLUMINANCE_ALPHA, LUMINANCE_ALPHA, UN, 0, 0, 0, 8, 0, 0, 0, 8, TF | DT, true, P(R8G8B8A8_SRGB)),
   F(SLUMINANCE8_ALPHA8, LUMINANCE_ALPHA, UN, 0, 0, 0, 8, 0, 0, 0, 8, S | TF | DT, true, P(R8G8B8A8_SRGB)),
   F(SRGB,            RGB,   UN, 8, 8, 8, 0, 0, 0, 0, 0, TF | DT, true, P(R8G8B8X8_SRGB), P(R8G8B8A8_SRGB)),
   F(SRGB_ALPHA,      RGBA,  UN, 8, 8, 8, 8, 0, 0, 0, 0, TF | DT, true, P(R8G8B8A8_SRGB)),

   /* EXT_texture_snorm (desktop; GL 3.1 core has its RED, RG, RGB and
    * RGBA ones): the unsized signed formats and the signed alpha,
    * luminance, luminance-alpha and intensity ones of its table 3.16
    * additions, with their 8 and 16 bits.  Sampled as [-1, 1]; stored in
    * the L/A/I pipe formats where the driver has them, else as RGBA
    * expanded at upload (the 16-bit ones but intensity always: there is no
    * L16_SNORM). */
   F(RED_SNORM,       RED,   SN, 8, 0, 0, 0, 0, 0, 0, 0, TF | DT, false, P(R8_SNORM), P(R8G8B8A8_SNORM)),
   F(RG_SNORM,        RG,    SN, 8, 8, 0, 0, 0, 0, 0, 0, TF | DT, false, P(R8G8_SNORM), P(R8G8B8A8_SNORM)),
   F(RGB_SNORM,       RGB,   SN, 8, 8, 8, 0, 0, 0, 0, 0, TF | DT, false, P(R8G8B8X8_SNORM), P(R8G8B8A8_SNORM)),
   F(RGBA_SNORM,      RGBA,  SN, 8, 8, 8, 8, 0, 0, 0, 0, TF | DT, false, P(R8G8B8A8_SNORM)),
   F(ALPHA_SNORM,     ALPHA, SN, 0, 0, 0, 8, 0, 0, 0, 0, TF | DT, false, P(A8_SNORM), P(R8G8B8A8_SNORM)),
   F(LUMINANCE_SNORM, LUMINANCE, SN, 0, 0, 0, 0, 0, 0, 0, 8, TF | DT, false, P(L8_SNORM), P(R8G8B8A8_SNORM)),
   F(LUMINANCE_ALPHA_SNORM, LUMINANCE_ALPHA, SN, 0, 0, 0, 8, 0, 0, 0, 8, TF | DT, false, P(L8A8_SNORM), P(R8G8B8A8_SNORM)),
   F(INTENSITY_SNORM, INTENSITY, SN, 0, 0, 0, 0, 0, 0, 0, 8, TF | DT, false, P(I8_SNORM), P(R8G8B8A8_SNORM)),
   F(ALPHA8_SNORM,    ALPHA, SN, 0, 0, 0, 8, 0, 0, 0, 0, S | TF | DT, false, P(A8_SNORM), P(R8G8B8A8_SNORM)),
   F(LUMINANCE8_SNORM, LUMINANCE, SN, 0, 0, 0, 0, 0, 0, 0, 8, S | TF | DT, false, P(L8_SNORM), P(R8G8B8A8_SNORM)),
   F(LUMINANCE8_ALPHA8_SNORM, LUMINANCE_ALPHA, SN, 0, 0, 0, 8, 0, 0, 0, 8, S | TF | DT, false, P(L8A8_SNORM), P(R8G8B8A8_SNORM)),
   F(INTENSITY8_SNORM, INTENSITY, SN, 0, 0, 0, 0, 0, 0, 0, 8, S | TF | DT, false, P(I8_SNORM), P(R8G8B8A8_SNORM)),
   F(ALPHA16_SNORM,   ALPHA, SN, 0, 0, 0, 16, 0, 0, 0, 0, S | TF | DT, false, P(R16G16B16A16_SNORM)),
   F(LUMINANCE16_SNORM, LUMINANCE, SN, 0, 0, 0, 0, 0, 0, 0, 16, S | TF | DT, false, P(R16G16B16A16_SNORM)),
   F(LUMINANCE16_ALPHA16_SNORM, LUMINANCE_ALPHA, SN, 0, 0, 0, 16, 0, 0, 0, 16, S | TF | DT, false, P(R16G16B16A16_SNORM)),
   F(INTENSITY16_SNORM, INTENSITY, SN, 0, 0, 0, 0, 0, 0, 0, 16, S | TF | DT, false, P(I16_SNORM), P(R16G16B16A16_SNORM)),

   /* EXT_texture_integer's alpha, luminance, luminance-alpha and
    * intensity formats (not colour-renderable: GL 3.3 compatibility
    * section 4.4.4 names RED, RG, RGB and RGBA only). */
#define INT_LAI(n, b, k, ty)                                                   \
   F(ALPHA##n##_EXT, ALPHA, ty, 0, 0, 0, b, 0, 0, 0, 0, S | DT, false, P(A##b##_##k)), \
   F(INTENSITY##n##_EXT, INTENSITY, ty, 0, 0, 0, 0, 0, 0, 0, b, S | DT, false, P(I##b##_##k)), \
   F(LUMINANCE##n##_EXT, LUMINANCE, ty, 0, 0, 0, 0, 0, 0, 0, b, S | DT, false, P(L##b##_##k)), \
   F(LUMINANCE_ALPHA##n##_EXT, LUMINANCE_ALPHA, ty, 0, 0, 0, b, 0, 0, 0, b, S | DT, false, P(L##b##A##b##_##k))
   INT_LAI(8UI, 8, UINT, UI),
   INT_LAI(8I, 8, SINT, SI),
   INT_LAI(16UI, 16, UINT, UI),
   INT_LAI(16I, 16, SINT, SI),
   INT_LAI(32UI, 32, UINT, UI),
   INT_LAI(32I, 32, SINT, SI),
#undef INT_LAI
};
/* clang-format on */

const struct gl_format_info *
_mesa_format_info_for(const struct gl_context *ctx, GLenum internalformat)
{
   const struct gl_format_info *f = _mesa_format_info(internalformat);

   if (f && (f->flags & GL_FMT_DESKTOP) && _mesa_is_gles(ctx))
      return NULL;
   return f;
}

const struct gl_format_info *
_mesa_format_info(GLenum internalformat)
{
   for (size_t i = 0; i < ARRAY_LEN(formats); i++) {
      if (formats[i].internalformat == internalformat)
         return &formats[i];
   }
   return NULL;
}

/* OES_texture_float / OES_texture_half_float: the float formats unsized
 * ones stand for with FLOAT and HALF_FLOAT_OES texels (the sizes of
 * ES 3.0.6 table 3.12 for RGB and RGBA). */
static GLenum
effective_float_format(GLenum internalformat, GLenum type)
{
   bool half = type == GL_HALF_FLOAT_OES;

   if (type != GL_FLOAT && !half)
      return GL_NONE;
   switch (internalformat) {
   case GL_RGBA:
      return half ? GL_RGBA16F : GL_RGBA32F;
   case GL_RGB:
      return half ? GL_RGB16F : GL_RGB32F;
   case GL_LUMINANCE_ALPHA:
      return half ? GL_LUMINANCE_ALPHA16F_EXT : GL_LUMINANCE_ALPHA32F_EXT;
   case GL_LUMINANCE:
      return half ? GL_LUMINANCE16F_EXT : GL_LUMINANCE32F_EXT;
   case GL_ALPHA:
      return half ? GL_ALPHA16F_EXT : GL_ALPHA32F_EXT;
   default:
      return GL_NONE;
   }
}

GLenum
_mesa_effective_internalformat(GLenum internalformat, GLenum type)
{
   GLenum f = effective_float_format(internalformat, type);

   if (f != GL_NONE)
      return f;
   /* ES 3.0.6 table 3.12: unsized formats with these types. */
   if (internalformat == GL_RGB) {
      if (type == GL_UNSIGNED_SHORT_5_6_5)
         return GL_RGB565;
      if (type == GL_UNSIGNED_BYTE)
         return GL_RGB8;
   } else if (internalformat == GL_DEPTH_COMPONENT) {
      if (type == GL_UNSIGNED_SHORT)
         return GL_DEPTH_COMPONENT16;
      if (type == GL_UNSIGNED_INT)
         return GL_DEPTH_COMPONENT24;
   } else if (internalformat == GL_DEPTH_STENCIL) {
      if (type == GL_UNSIGNED_INT_24_8)
         return GL_DEPTH24_STENCIL8;
      if (type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV)
         return GL_DEPTH32F_STENCIL8;
   } else if (internalformat == GL_RGBA) {
      if (type == GL_UNSIGNED_SHORT_4_4_4_4)
         return GL_RGBA4;
      if (type == GL_UNSIGNED_SHORT_5_5_5_1)
         return GL_RGB5_A1;
      if (type == GL_UNSIGNED_BYTE)
         return GL_RGBA8;
   }
   return internalformat;
}

bool
_mesa_is_integer_format(GLenum format)
{
   switch (format) {
   case GL_RED_INTEGER:
   case GL_RG_INTEGER:
   case GL_RGB_INTEGER:
   case GL_RGBA_INTEGER:
      return true;
   default:
      /* EXT_texture_integer's others (desktop only). */
      return _mesa_is_client_integer_format(format);
   }
}

bool
_mesa_format_info_is_integer(const struct gl_format_info *f)
{
   return f && (f->type == GL_INT || f->type == GL_UNSIGNED_INT) &&
          f->base != GL_STENCIL_INDEX;
}

/* Normalized fixed point (unsigned or signed) or floating point: the
 * types of the alpha, luminance and intensity formats that render. */
static bool
is_fixed_or_float(const struct gl_format_info *f)
{
   return f->type == GL_UNSIGNED_NORMALIZED ||
          f->type == GL_SIGNED_NORMALIZED || f->type == GL_FLOAT;
}

bool
_mesa_is_color_renderable(struct gl_context *ctx,
                          const struct gl_format_info *f)
{
   if (!f || (f->flags & GL_FMT_DEPTH_RENDERABLE))
      return false;
   if (f->flags & GL_FMT_COLOR_RENDERABLE)
      return true;
   /* Unsized RGB and RGBA render as in ES 2.0; float formats on desktop
    * and with EXT_color_buffer_float (advertised in ES 3.0 contexts,
    * main/extensions.c). */
   if (f->internalformat == GL_RGB || f->internalformat == GL_RGBA)
      return true;
   /* Desktop: unsized RED and RG as well (GL 3.0 section 4.4.4 names the
    * base formats RED and RG colour-renderable), since wave 16. */
   if (!_mesa_is_gles(ctx) &&
       (f->internalformat == GL_RED || f->internalformat == GL_RG))
      return true;
   /* Desktop: SRGB8 too (base RGB; alexvorxx/Mesa-VirGL
    * src/mesa/main/fbobject.c, _mesa_base_fbo_format; piglit's fbo-srgb
    * renders to it), since wave 15. */
   if (!_mesa_is_gles(ctx) && f->internalformat == GL_SRGB8)
      return true;
   /* ES: EXT_color_buffer_half_float's RGBA16F and RGB16F (what
    * HALF_FLOAT_OES images of RGBA and RGB are; RGB16F is stored as
    * RGBA16F where the driver cannot render the RGBX form); in ES 2.0
    * no other float format. */
   if (_mesa_is_gles(ctx) && (f->internalformat == GL_RGBA16F ||
                              f->internalformat == GL_RGB16F))
      return true;
   if (_mesa_is_gles(ctx) && ctx->Version < 30)
      return false;
   /* Compatibility contexts: ARB_framebuffer_object (GL 3.0) makes the
    * ALPHA formats colour-renderable, as Mesa does
    * (alexvorxx/Mesa-VirGL src/mesa/main/fbobject.c,
    * _mesa_base_fbo_format); stored as RGBA where the driver renders no
    * alpha-only format, whose RGB every read hides (readpix.c). */
   if (!_mesa_is_gles(ctx) && !_mesa_is_desktop_fc(ctx) &&
       f->base == GL_ALPHA && is_fixed_or_float(f))
      return true;
   /* Since wave 16, LUMINANCE, LUMINANCE_ALPHA and INTENSITY too (GL 3.0
    * section 4.4.4 names them colour-renderable base formats with ALPHA;
    * Mesa the same: alexvorxx/Mesa-VirGL src/mesa/main/fbobject.c,
    * _mesa_base_fbo_format), normalized and linear ones: stored in RGBA
    * (RGBA8 or RGBA16) where the driver renders no L/LA/I format, the
    * sampler view's swizzle giving L, LA or I back (st_texture.c).
    * Since wave 17 the signed ones of EXT_texture_snorm and the float
    * ones of ARB_texture_float too (Mesa's _mesa_base_fbo_format again),
    * in RGBA8/RGBA16 SNORM or RGBA16F/RGBA32F, intensity in I8/I16 SNORM
    * or I16/I32 FLOAT; ALPHA_SNORM and the float ALPHAs above. */
   if (!_mesa_is_gles(ctx) && !_mesa_is_desktop_fc(ctx) && !f->srgb &&
       is_fixed_or_float(f) &&
       (f->base == GL_LUMINANCE || f->base == GL_LUMINANCE_ALPHA ||
        f->base == GL_INTENSITY))
      return true;
   /* The unsized RGB_SNORM as well since wave 17 (Mesa's
    * _mesa_base_fbo_format takes it with EXT_texture_snorm; llvmpipe
    * renders it). */
   if (!_mesa_is_gles(ctx) && f->internalformat == GL_RGB_SNORM)
      return true;
   /* Desktop GL: every sized base-RGB format of an integer, snorm or
    * 16/32-bit float type, since wave 16 (Mesa renders them with
    * EXT_texture_integer, EXT_texture_snorm and ARB_texture_float:
    * _mesa_base_fbo_format, as above; llvmpipe's multisample RGB8UI,
    * RGB16_SNORM, RGB32F ... textures are complete).  AGX has no
    * 3-component render format: they are kept in the 4-component one
    * (RGBX or RGBA, alexvorxx/Mesa-VirGL src/asahi/layout/formats.c lists
    * only the X forms of the 3-channel ones), alpha read as one. */
   if (!_mesa_is_gles(ctx) && f->base == GL_RGB &&
       (f->flags & GL_FMT_SIZED) && !f->e && !f->srgb &&
       (f->type == GL_INT || f->type == GL_UNSIGNED_INT ||
        f->type == GL_SIGNED_NORMALIZED ||
        (f->type == GL_FLOAT && (f->r == 16 || f->r == 32))))
      return true;
   /* Desktop: the sized R, RG and RGBA snorm formats render where the
    * driver can (as Mesa renders them with EXT_texture_snorm:
    * alexvorxx/Mesa-VirGL src/mesa/main/fbobject.c,
    * _mesa_base_fbo_format); multisample images of them need it. */
   if (!_mesa_is_gles(ctx) && f->type == GL_SIGNED_NORMALIZED &&
       f->base != GL_RGB && f->base != GL_LUMINANCE &&
       f->base != GL_LUMINANCE_ALPHA && f->base != GL_ALPHA &&
       f->base != GL_INTENSITY && f->base != f->internalformat)
      return true;
   return f->flags & GL_FMT_FLOAT_RENDERABLE;
}

bool
_mesa_is_alpha_renderbuffer(const struct gl_context *ctx,
                            const struct gl_renderbuffer *rb)
{
   const struct gl_format_info *f =
      rb ? _mesa_format_info_for(ctx, rb->InternalFormat) : NULL;
   return f && f->base == GL_ALPHA && !_mesa_is_gles(ctx);
}

bool
_mesa_is_filterable(struct gl_context *ctx, const struct gl_format_info *f)
{
   if (!f)
      return true;
   if (f->flags & GL_FMT_FILTERABLE)
      return true;
   /* Desktop GL filters 32-bit floats too, and so does ES with
    * OES_texture_float_linear (advertised in every ES context,
    * main/extensions.c); integer formats never. */
   (void)ctx;
   return f->type == GL_FLOAT && f->base != GL_DEPTH_COMPONENT &&
          f->base != GL_DEPTH_STENCIL;
}

/* --- Client formats ----------------------------------------------------- */

/* Which APIs know a client pair (0: all). */
#define CF_GL 1
#define CF_ES 2
#define CF_ES31 4 /* ES 3.1 and later */

/* The CF_ bits of ctx's API. */
static unsigned
client_api(const struct gl_context *ctx)
{
   if (!_mesa_is_gles(ctx))
      return CF_GL;
   return ctx->Version >= 31 ? CF_ES | CF_ES31 : CF_ES;
}

struct client_format {
   GLenum format, type;
   enum pipe_format pipe;
   unsigned only;
};

/* ES 3.0.6 tables 3.2-3.5 (pixel layouts: the first component in the
 * lowest address or the lowest bits of a packed type). */
static const struct client_format client_formats[] = {
   {GL_RGBA, GL_UNSIGNED_BYTE, P(R8G8B8A8_UNORM)},
   {GL_RGBA, GL_BYTE, P(R8G8B8A8_SNORM)},
   {GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, P(A4B4G4R4_UNORM)},
   {GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, P(A1B5G5R5_UNORM)},
   {GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, P(R10G10B10A2_UNORM)},
   {GL_RGBA, GL_HALF_FLOAT, P(R16G16B16A16_FLOAT)},
   {GL_RGBA, GL_FLOAT, P(R32G32B32A32_FLOAT)},
   {GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, P(R8G8B8A8_UINT)},
   {GL_RGBA_INTEGER, GL_BYTE, P(R8G8B8A8_SINT)},
   {GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, P(R16G16B16A16_UINT)},
   {GL_RGBA_INTEGER, GL_SHORT, P(R16G16B16A16_SINT)},
   {GL_RGBA_INTEGER, GL_UNSIGNED_INT, P(R32G32B32A32_UINT)},
   {GL_RGBA_INTEGER, GL_INT, P(R32G32B32A32_SINT)},
   {GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV, P(R10G10B10A2_UINT)},
   {GL_RGB, GL_UNSIGNED_BYTE, P(R8G8B8_UNORM)},
   {GL_RGB, GL_BYTE, P(R8G8B8_SNORM)},
   {GL_RGB, GL_UNSIGNED_SHORT_5_6_5, P(B5G6R5_UNORM)},
   {GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, P(R11G11B10_FLOAT)},
   {GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, P(R9G9B9E5_FLOAT)},
   {GL_RGB, GL_HALF_FLOAT, P(R16G16B16_FLOAT)},
   {GL_RGB, GL_FLOAT, P(R32G32B32_FLOAT)},
   {GL_RGB_INTEGER, GL_UNSIGNED_BYTE, P(R8G8B8_UINT)},
   {GL_RGB_INTEGER, GL_BYTE, P(R8G8B8_SINT)},
   {GL_RGB_INTEGER, GL_UNSIGNED_SHORT, P(R16G16B16_UINT)},
   {GL_RGB_INTEGER, GL_SHORT, P(R16G16B16_SINT)},
   {GL_RGB_INTEGER, GL_UNSIGNED_INT, P(R32G32B32_UINT)},
   {GL_RGB_INTEGER, GL_INT, P(R32G32B32_SINT)},
   {GL_RG, GL_UNSIGNED_BYTE, P(R8G8_UNORM)},
   {GL_RG, GL_BYTE, P(R8G8_SNORM)},
   {GL_RG, GL_HALF_FLOAT, P(R16G16_FLOAT)},
   {GL_RG, GL_FLOAT, P(R32G32_FLOAT)},
   {GL_RG_INTEGER, GL_UNSIGNED_BYTE, P(R8G8_UINT)},
   {GL_RG_INTEGER, GL_BYTE, P(R8G8_SINT)},
   {GL_RG_INTEGER, GL_UNSIGNED_SHORT, P(R16G16_UINT)},
   {GL_RG_INTEGER, GL_SHORT, P(R16G16_SINT)},
   {GL_RG_INTEGER, GL_UNSIGNED_INT, P(R32G32_UINT)},
   {GL_RG_INTEGER, GL_INT, P(R32G32_SINT)},
   {GL_RED, GL_UNSIGNED_BYTE, P(R8_UNORM)},
   {GL_RED, GL_BYTE, P(R8_SNORM)},
   {GL_RED, GL_HALF_FLOAT, P(R16_FLOAT)},
   {GL_RED, GL_FLOAT, P(R32_FLOAT)},
   {GL_RED_INTEGER, GL_UNSIGNED_BYTE, P(R8_UINT)},
   {GL_RED_INTEGER, GL_BYTE, P(R8_SINT)},
   {GL_RED_INTEGER, GL_UNSIGNED_SHORT, P(R16_UINT)},
   {GL_RED_INTEGER, GL_SHORT, P(R16_SINT)},
   {GL_RED_INTEGER, GL_UNSIGNED_INT, P(R32_UINT)},
   {GL_RED_INTEGER, GL_INT, P(R32_SINT)},
   {GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, P(L8A8_UNORM)},
   {GL_LUMINANCE, GL_UNSIGNED_BYTE, P(L8_UNORM)},
   {GL_ALPHA, GL_UNSIGNED_BYTE, P(A8_UNORM)},
   /* ES: OES_texture_float. */
   {GL_LUMINANCE_ALPHA, GL_FLOAT, P(L32A32_FLOAT)},
   {GL_LUMINANCE, GL_FLOAT, P(L32_FLOAT)},
   {GL_ALPHA, GL_FLOAT, P(A32_FLOAT)},
   /* OES_texture_half_float (its own enum for half floats). */
   {GL_RGBA, GL_HALF_FLOAT_OES, P(R16G16B16A16_FLOAT), CF_ES},
   {GL_RGB, GL_HALF_FLOAT_OES, P(R16G16B16_FLOAT), CF_ES},
   {GL_LUMINANCE_ALPHA, GL_HALF_FLOAT_OES, P(L16A16_FLOAT), CF_ES},
   {GL_LUMINANCE, GL_HALF_FLOAT_OES, P(L16_FLOAT), CF_ES},
   {GL_ALPHA, GL_HALF_FLOAT_OES, P(A16_FLOAT), CF_ES},
   /* EXT_texture_format_BGRA8888 (desktop GL 1.2's BGRA has the same
    * value and layout). */
   {GL_BGRA_EXT, GL_UNSIGNED_BYTE, P(B8G8R8A8_UNORM)},
   {GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, P(Z16_UNORM)},
   {GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, P(Z32_UNORM)},
   {GL_DEPTH_COMPONENT, GL_FLOAT, P(Z32_FLOAT)},
   {GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, P(S8_UINT_Z24_UNORM)},
   {GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV,
    P(Z32_FLOAT_S8X24_UINT)},
   /* Stencil indices as bytes: STENCIL_INDEX8 texels (ARB_texture_stencil8;
    * ES 3.1's OES_texture_stencil8, its table 8.2 row). */
   {GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, P(S8_UINT), CF_GL | CF_ES31},
   /* Desktop GL 3.2 section 3.7.2 (table 3.5): 16- and 32-bit integer
    * types with a normalized format are normalized components. */
   {GL_RGBA, GL_UNSIGNED_SHORT, P(R16G16B16A16_UNORM), CF_GL},
   {GL_RGBA, GL_SHORT, P(R16G16B16A16_SNORM), CF_GL},
   {GL_RGBA, GL_UNSIGNED_INT, P(R32G32B32A32_UNORM), CF_GL},
   {GL_RGBA, GL_INT, P(R32G32B32A32_SNORM), CF_GL},
   {GL_RGB, GL_UNSIGNED_SHORT, P(R16G16B16_UNORM), CF_GL},
   {GL_RGB, GL_SHORT, P(R16G16B16_SNORM), CF_GL},
   {GL_RGB, GL_UNSIGNED_INT, P(R32G32B32_UNORM), CF_GL},
   {GL_RGB, GL_INT, P(R32G32B32_SNORM), CF_GL},
   {GL_RG, GL_UNSIGNED_SHORT, P(R16G16_UNORM), CF_GL},
   {GL_RG, GL_SHORT, P(R16G16_SNORM), CF_GL},
   {GL_RG, GL_UNSIGNED_INT, P(R32G32_UNORM), CF_GL},
   {GL_RG, GL_INT, P(R32G32_SNORM), CF_GL},
   {GL_RED, GL_UNSIGNED_SHORT, P(R16_UNORM), CF_GL},
   {GL_RED, GL_SHORT, P(R16_SNORM), CF_GL},
   {GL_RED, GL_UNSIGNED_INT, P(R32_UNORM), CF_GL},
   {GL_RED, GL_INT, P(R32_SNORM), CF_GL},
};

/* Does a pair of ctx's API name this client format (or type)? */
static bool
known_enum(struct gl_context *ctx, GLenum e, bool is_type)
{
   unsigned api = client_api(ctx);

   for (size_t i = 0; i < ARRAY_LEN(client_formats); i++) {
      const struct client_format *c = &client_formats[i];
      if ((is_type ? c->type : c->format) == e && (!c->only || (c->only & api)))
         return true;
   }
   return false;
}

/* A desktop client format or type of client_pixels.h or of the table. */
static bool
desktop_format(struct gl_context *ctx, GLenum format)
{
   struct pixel_format_desc d;
   return known_enum(ctx, format, false) || _mesa_pixel_format_desc(format, &d);
}

static bool
desktop_type(struct gl_context *ctx, GLenum type)
{
   return known_enum(ctx, type, true) || _mesa_pixel_packed_type(type) ||
          _mesa_pixel_type_size(type);
}

enum pipe_format
_mesa_client_format(struct gl_context *ctx, GLenum format, GLenum type,
                    bool *enums_ok)
{
   bool es2 = _mesa_is_gles(ctx) && ctx->Version < 30;

   *enums_ok = known_enum(ctx, format, false) && known_enum(ctx, type, true);
   /* Desktop pairs without a pipe format are converted at upload
    * (client_pixels.h): known, but PIPE_FORMAT_NONE here. */
   if (!*enums_ok && !_mesa_is_gles(ctx) &&
       _mesa_client_pixel_size(format, type))
      *enums_ok = true;
   /* Desktop: two known enums that do not go together (a packed type
    * with a format of another component count, GL 4.6 section 8.4.4.2)
    * are INVALID_OPERATION, not INVALID_ENUM: known here, and
    * PIPE_FORMAT_NONE. */
   if (!*enums_ok && !_mesa_is_gles(ctx) && desktop_format(ctx, format) &&
       desktop_type(ctx, type))
      *enums_ok = true;
   if (!*enums_ok)
      return PIPE_FORMAT_NONE;
   /* ES 2.0 knows the unsized formats with UNSIGNED_BYTE and the 16-bit
    * packed types (table 3.4), and what its extensions add:
    * DEPTH_COMPONENT with UNSIGNED_SHORT/INT (OES_depth_texture),
    * DEPTH_STENCIL with UNSIGNED_INT_24_8 (OES_packed_depth_stencil),
    * FLOAT (OES_texture_float), HALF_FLOAT_OES (OES_texture_half_float),
    * BGRA (EXT_texture_format_BGRA8888). */
   if (es2) {
      bool f = format == GL_RGBA || format == GL_RGB ||
               format == GL_LUMINANCE_ALPHA || format == GL_LUMINANCE ||
               format == GL_ALPHA || format == GL_DEPTH_COMPONENT ||
               format == GL_DEPTH_STENCIL || format == GL_BGRA_EXT;
      bool t = type == GL_UNSIGNED_BYTE || type == GL_UNSIGNED_SHORT_5_6_5 ||
               type == GL_UNSIGNED_SHORT_4_4_4_4 ||
               type == GL_UNSIGNED_SHORT_5_5_5_1 ||
               type == GL_UNSIGNED_SHORT || type == GL_UNSIGNED_INT ||
               type == GL_UNSIGNED_INT_24_8 || type == GL_FLOAT ||
               type == GL_HALF_FLOAT_OES;
      *enums_ok = f && t;
      if (!*enums_ok)
         return PIPE_FORMAT_NONE;
   }
   for (size_t i = 0; i < ARRAY_LEN(client_formats); i++) {
      const struct client_format *c = &client_formats[i];
      if (c->format == format && c->type == type) {
         if (c->only && !(c->only & client_api(ctx)))
            return PIPE_FORMAT_NONE;
         return c->pipe;
      }
   }
   return PIPE_FORMAT_NONE;
}

/* --- Valid combinations (ES 3.0.6 tables 3.2 and 3.3) ------------------ */

struct combination {
   GLenum format, type, internalformat;
};

static const struct combination combinations[] = {
   /* Table 3.2: sized internal formats. */
   {GL_RGBA, GL_UNSIGNED_BYTE, GL_RGBA8},
   {GL_RGBA, GL_UNSIGNED_BYTE, GL_RGB5_A1},
   {GL_RGBA, GL_UNSIGNED_BYTE, GL_RGBA4},
   {GL_RGBA, GL_UNSIGNED_BYTE, GL_SRGB8_ALPHA8},
   {GL_RGBA, GL_BYTE, GL_RGBA8_SNORM},
   {GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, GL_RGBA4},
   {GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, GL_RGB5_A1},
   {GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, GL_RGB10_A2},
   {GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, GL_RGB5_A1},
   {GL_RGBA, GL_HALF_FLOAT, GL_RGBA16F},
   {GL_RGBA, GL_FLOAT, GL_RGBA32F},
   {GL_RGBA, GL_FLOAT, GL_RGBA16F},
   {GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, GL_RGBA8UI},
   {GL_RGBA_INTEGER, GL_BYTE, GL_RGBA8I},
   {GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, GL_RGBA16UI},
   {GL_RGBA_INTEGER, GL_SHORT, GL_RGBA16I},
   {GL_RGBA_INTEGER, GL_UNSIGNED_INT, GL_RGBA32UI},
   {GL_RGBA_INTEGER, GL_INT, GL_RGBA32I},
   {GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV, GL_RGB10_A2UI},
   {GL_RGB, GL_UNSIGNED_BYTE, GL_RGB8},
   {GL_RGB, GL_UNSIGNED_BYTE, GL_RGB565},
   {GL_RGB, GL_UNSIGNED_BYTE, GL_SRGB8},
   {GL_RGB, GL_BYTE, GL_RGB8_SNORM},
   {GL_RGB, GL_UNSIGNED_SHORT_5_6_5, GL_RGB565},
   {GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_R11F_G11F_B10F},
   {GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, GL_RGB9_E5},
   {GL_RGB, GL_HALF_FLOAT, GL_RGB16F},
   {GL_RGB, GL_HALF_FLOAT, GL_R11F_G11F_B10F},
   {GL_RGB, GL_HALF_FLOAT, GL_RGB9_E5},
   {GL_RGB, GL_FLOAT, GL_RGB32F},
   {GL_RGB, GL_FLOAT, GL_RGB16F},
   {GL_RGB, GL_FLOAT, GL_R11F_G11F_B10F},
   {GL_RGB, GL_FLOAT, GL_RGB9_E5},
   {GL_RGB_INTEGER, GL_UNSIGNED_BYTE, GL_RGB8UI},
   {GL_RGB_INTEGER, GL_BYTE, GL_RGB8I},
   {GL_RGB_INTEGER, GL_UNSIGNED_SHORT, GL_RGB16UI},
   {GL_RGB_INTEGER, GL_SHORT, GL_RGB16I},
   {GL_RGB_INTEGER, GL_UNSIGNED_INT, GL_RGB32UI},
   {GL_RGB_INTEGER, GL_INT, GL_RGB32I},
   {GL_RG, GL_UNSIGNED_BYTE, GL_RG8},
   {GL_RG, GL_BYTE, GL_RG8_SNORM},
   {GL_RG, GL_HALF_FLOAT, GL_RG16F},
   {GL_RG, GL_FLOAT, GL_RG32F},
   {GL_RG, GL_FLOAT, GL_RG16F},
   {GL_RG_INTEGER, GL_UNSIGNED_BYTE, GL_RG8UI},
   {GL_RG_INTEGER, GL_BYTE, GL_RG8I},
   {GL_RG_INTEGER, GL_UNSIGNED_SHORT, GL_RG16UI},
   {GL_RG_INTEGER, GL_SHORT, GL_RG16I},
   {GL_RG_INTEGER, GL_UNSIGNED_INT, GL_RG32UI},
   {GL_RG_INTEGER, GL_INT, GL_RG32I},
   {GL_RED, GL_UNSIGNED_BYTE, GL_R8},
   {GL_RED, GL_BYTE, GL_R8_SNORM},
   {GL_RED, GL_HALF_FLOAT, GL_R16F},
   {GL_RED, GL_FLOAT, GL_R32F},
   {GL_RED, GL_FLOAT, GL_R16F},
   {GL_RED_INTEGER, GL_UNSIGNED_BYTE, GL_R8UI},
   {GL_RED_INTEGER, GL_BYTE, GL_R8I},
   {GL_RED_INTEGER, GL_UNSIGNED_SHORT, GL_R16UI},
   {GL_RED_INTEGER, GL_SHORT, GL_R16I},
   {GL_RED_INTEGER, GL_UNSIGNED_INT, GL_R32UI},
   {GL_RED_INTEGER, GL_INT, GL_R32I},
   {GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, GL_DEPTH_COMPONENT16},
   {GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, GL_DEPTH_COMPONENT24},
   {GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, GL_DEPTH_COMPONENT16},
   {GL_DEPTH_COMPONENT, GL_FLOAT, GL_DEPTH_COMPONENT32F},
   {GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, GL_DEPTH24_STENCIL8},
   {GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV,
    GL_DEPTH32F_STENCIL8},
};

/* Valid in ES 2.0 contexts too: table 3.3 (ES 2.0 table 3.4 with format
 * = internalformat) and what ES extensions add to it. */
static const struct combination es2_combinations[] = {
   /* OES_required_internalformat table 3.4 (the sized formats; not the
    * 10-bit ones of EXT_texture_type_2_10_10_10_REV, nor OES_depth32's). */
   {GL_RGBA, GL_UNSIGNED_BYTE, GL_RGBA8},
   {GL_RGBA, GL_UNSIGNED_BYTE, GL_RGB5_A1},
   {GL_RGBA, GL_UNSIGNED_BYTE, GL_RGBA4},
   {GL_RGB, GL_UNSIGNED_BYTE, GL_RGB8},
   {GL_RGB, GL_UNSIGNED_BYTE, GL_RGB565},
   {GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, GL_RGBA4},
   {GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, GL_RGB5_A1},
   {GL_RGB, GL_UNSIGNED_SHORT_5_6_5, GL_RGB565},
   {GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, GL_LUMINANCE8_ALPHA8},
   {GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, GL_LUMINANCE4_ALPHA4},
   {GL_LUMINANCE, GL_UNSIGNED_BYTE, GL_LUMINANCE8},
   {GL_ALPHA, GL_UNSIGNED_BYTE, GL_ALPHA8},
   {GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, GL_DEPTH_COMPONENT16},
   {GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, GL_DEPTH_COMPONENT24},
   {GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, GL_DEPTH_COMPONENT16},
   {GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, GL_DEPTH24_STENCIL8},
   /* Table 3.3: unsized internal formats. */
   {GL_RGB, GL_UNSIGNED_BYTE, GL_RGB},
   {GL_RGB, GL_UNSIGNED_SHORT_5_6_5, GL_RGB},
   {GL_RGBA, GL_UNSIGNED_BYTE, GL_RGBA},
   {GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, GL_RGBA},
   {GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, GL_RGBA},
   {GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, GL_LUMINANCE_ALPHA},
   {GL_LUMINANCE, GL_UNSIGNED_BYTE, GL_LUMINANCE},
   {GL_ALPHA, GL_UNSIGNED_BYTE, GL_ALPHA},
   /* OES_depth_texture, OES_packed_depth_stencil. */
   {GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, GL_DEPTH_COMPONENT},
   {GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, GL_DEPTH_COMPONENT},
   {GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, GL_DEPTH_STENCIL},
   /* OES_texture_float, OES_texture_half_float. */
   {GL_RGBA, GL_FLOAT, GL_RGBA},
   {GL_RGB, GL_FLOAT, GL_RGB},
   {GL_LUMINANCE_ALPHA, GL_FLOAT, GL_LUMINANCE_ALPHA},
   {GL_LUMINANCE, GL_FLOAT, GL_LUMINANCE},
   {GL_ALPHA, GL_FLOAT, GL_ALPHA},
   {GL_RGBA, GL_HALF_FLOAT_OES, GL_RGBA},
   {GL_RGB, GL_HALF_FLOAT_OES, GL_RGB},
   {GL_LUMINANCE_ALPHA, GL_HALF_FLOAT_OES, GL_LUMINANCE_ALPHA},
   {GL_LUMINANCE, GL_HALF_FLOAT_OES, GL_LUMINANCE},
   {GL_ALPHA, GL_HALF_FLOAT_OES, GL_ALPHA},
   /* EXT_texture_format_BGRA8888. */
   {GL_BGRA_EXT, GL_UNSIGNED_BYTE, GL_BGRA_EXT},
};

/* The kind of a client format for desktop's looser rule: colour,
 * integer colour, depth, or stencil.  DEPTH_COMPONENT and DEPTH_STENCIL
 * are one kind: GL 3.2 section 3.8.3 only rejects one of the base
 * internal format and format being depth or depth-stencil while the
 * other is neither.  STENCIL_INDEX goes with the STENCIL_INDEX base
 * format only (GL 4.4 section 8.5, ARB_texture_stencil8). */
static int
format_kind(GLenum format)
{
   if (_mesa_is_integer_format(format))
      return 1;
   if (format == GL_DEPTH_COMPONENT || format == GL_DEPTH_STENCIL)
      return 2;
   if (format == GL_STENCIL_INDEX)
      return 3;
   return 0;
}

static int
info_kind(const struct gl_format_info *f)
{
   if (f->base == GL_DEPTH_COMPONENT || f->base == GL_DEPTH_STENCIL)
      return 2;
   if (f->base == GL_STENCIL_INDEX)
      return 3;
   return _mesa_format_info_is_integer(f) ? 1 : 0;
}

bool
_mesa_format_combination_ok(struct gl_context *ctx, GLenum format,
                            GLenum type, GLenum internalformat)
{
   if (!_mesa_is_gles(ctx)) {
      const struct gl_format_info *f = _mesa_format_info(internalformat);
      bool enums_ok;
      /* BGRA is a client format only in desktop GL.  STENCIL_INDEX8
       * images take stencil indices of the unpacked types. */
      if (f && f->base == GL_STENCIL_INDEX)
         return _mesa_has_texture_stencil8(ctx) &&
                format == GL_STENCIL_INDEX &&
                (type == GL_UNSIGNED_BYTE ||
                 _mesa_client_depth_size(format, type));
      return f && f->internalformat != GL_BGRA_EXT &&
             (_mesa_client_format(ctx, format, type, &enums_ok) !=
                 PIPE_FORMAT_NONE ||
              _mesa_client_pixel_size(format, type) ||
              _mesa_client_depth_size(format, type)) &&
             info_kind(f) == format_kind(format);
   }
   for (size_t i = 0; i < ARRAY_LEN(es2_combinations); i++) {
      const struct combination *c = &es2_combinations[i];
      if (c->format == format && c->type == type &&
          c->internalformat == internalformat)
         return true;
   }
   if (ctx->Version < 30)
      return false;
   /* OES_texture_stencil8 (ES 3.1; core in ES 3.2, its table 8.2). */
   if (format == GL_STENCIL_INDEX && type == GL_UNSIGNED_BYTE &&
       internalformat == GL_STENCIL_INDEX8)
      return _mesa_has_texture_stencil8(ctx);
   for (size_t i = 0; i < ARRAY_LEN(combinations); i++) {
      const struct combination *c = &combinations[i];
      if (c->format == format && c->type == type &&
          c->internalformat == internalformat)
         return true;
   }
   return false;
}

enum pipe_format
_mesa_choose_storage(struct pipe_screen *screen,
                     const struct gl_format_info *f,
                     enum pipe_texture_target target, unsigned bind)
{
   for (unsigned pass = 0; pass < 2; pass++) {
      for (unsigned i = 0; i < GL_FMT_MAX_STORAGE; i++) {
         enum pipe_format p = f->storage[i];
         if (p == PIPE_FORMAT_NONE)
            break;
         if (screen->is_format_supported(screen, p, target, 0, 0, bind))
            return p;
      }
      /* Could not render: settle for sampling. */
      if (!(bind & PIPE_BIND_RENDER_TARGET) ||
          !(bind & PIPE_BIND_SAMPLER_VIEW))
         break;
      bind &= ~PIPE_BIND_RENDER_TARGET;
   }
   return PIPE_FORMAT_NONE;
}

GLint
_mesa_stored_color_bits(GLint bits, unsigned c, enum pipe_format storage)
{
   const struct util_format_description *d =
      storage != PIPE_FORMAT_NONE ? util_format_description(storage) : NULL;

   if (!bits || c > 3 || !d || d->layout != UTIL_FORMAT_LAYOUT_PLAIN)
      return bits;
   unsigned swz = d->swizzle[c];
   if (swz > PIPE_SWIZZLE_W)
      return bits;
   GLint wide = (GLint)d->channel[swz].size;
   return wide > bits ? wide : bits;
}
