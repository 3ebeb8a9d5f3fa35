/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The config attribute table and the eglChooseConfig rules.
 * Fact: EGL 1.5 specification, section 3.4 "Configuration Management",
 * tables 3.1 (attributes), 3.4 (defaults, selection criteria, sort
 * priority) and the text of 3.4.1.2 (EGL_CONFIG_ID overrides the rest,
 * EGL_DONT_CARE is accepted for every attribute but EGL_LEVEL, colour bits
 * count only for components asked for).
 */
#include "egl_config.h"

#include <stdlib.h>
#include <string.h>

enum egl_match {
   EGL_MATCH_EXACT,
   EGL_MATCH_AT_LEAST,
   EGL_MATCH_MASK,
   EGL_MATCH_NONE, /* not a selection criterion (ignored) */
};

enum egl_domain {
   EGL_DOMAIN_SIZE, /* >= 0 */
   EGL_DOMAIN_INT,  /* anything */
   EGL_DOMAIN_BOOL, /* EGL_TRUE / EGL_FALSE */
   EGL_DOMAIN_ENUM, /* one of the listed values */
   EGL_DOMAIN_BITS, /* a subset of the listed bits */
};

struct egl_config_attr_desc {
   EGLint attrib;
   EGLint dflt; /* the default of a request */
   enum egl_match match;
   enum egl_domain domain;
   EGLint values[4]; /* ENUM: allowed values; BITS: values[0] = mask */
};

#define RENDERABLE_BITS                                                        \
   (EGL_OPENGL_ES_BIT | EGL_OPENVG_BIT | EGL_OPENGL_ES2_BIT | EGL_OPENGL_BIT | \
    EGL_OPENGL_ES3_BIT)
#define SURFACE_BITS                                                           \
   (EGL_WINDOW_BIT | EGL_PIXMAP_BIT | EGL_PBUFFER_BIT |                        \
    EGL_MULTISAMPLE_RESOLVE_BOX_BIT | EGL_SWAP_BEHAVIOR_PRESERVED_BIT |        \
    EGL_VG_COLORSPACE_LINEAR_BIT | EGL_VG_ALPHA_FORMAT_PRE_BIT)

static const struct egl_config_attr_desc egl_config_attrs[EGL_CA_COUNT] = {
   [EGL_CA_BUFFER_SIZE] = {EGL_BUFFER_SIZE, 0, EGL_MATCH_AT_LEAST,
                           EGL_DOMAIN_SIZE},
   [EGL_CA_RED_SIZE] = {EGL_RED_SIZE, 0, EGL_MATCH_AT_LEAST, EGL_DOMAIN_SIZE},
   [EGL_CA_GREEN_SIZE] = {EGL_GREEN_SIZE, 0, EGL_MATCH_AT_LEAST,
                          EGL_DOMAIN_SIZE},
   [EGL_CA_BLUE_SIZE] = {EGL_BLUE_SIZE, 0, EGL_MATCH_AT_LEAST, EGL_DOMAIN_SIZE},
   [EGL_CA_LUMINANCE_SIZE] = {EGL_LUMINANCE_SIZE, 0, EGL_MATCH_AT_LEAST,
                              EGL_DOMAIN_SIZE},
   [EGL_CA_ALPHA_SIZE] = {EGL_ALPHA_SIZE, 0, EGL_MATCH_AT_LEAST,
                          EGL_DOMAIN_SIZE},
   [EGL_CA_ALPHA_MASK_SIZE] = {EGL_ALPHA_MASK_SIZE, 0, EGL_MATCH_AT_LEAST,
                               EGL_DOMAIN_SIZE},
   [EGL_CA_BIND_TO_TEXTURE_RGB] = {EGL_BIND_TO_TEXTURE_RGB, EGL_DONT_CARE,
                                   EGL_MATCH_EXACT, EGL_DOMAIN_BOOL},
   [EGL_CA_BIND_TO_TEXTURE_RGBA] = {EGL_BIND_TO_TEXTURE_RGBA, EGL_DONT_CARE,
                                    EGL_MATCH_EXACT, EGL_DOMAIN_BOOL},
   [EGL_CA_COLOR_BUFFER_TYPE] = {EGL_COLOR_BUFFER_TYPE,
                                 EGL_RGB_BUFFER,
                                 EGL_MATCH_EXACT,
                                 EGL_DOMAIN_ENUM,
                                 {EGL_RGB_BUFFER, EGL_LUMINANCE_BUFFER}},
   [EGL_CA_CONFIG_CAVEAT] = {EGL_CONFIG_CAVEAT,
                             EGL_DONT_CARE,
                             EGL_MATCH_EXACT,
                             EGL_DOMAIN_ENUM,
                             {EGL_NONE, EGL_SLOW_CONFIG,
                              EGL_NON_CONFORMANT_CONFIG}},
   [EGL_CA_CONFIG_ID] = {EGL_CONFIG_ID, EGL_DONT_CARE, EGL_MATCH_EXACT,
                         EGL_DOMAIN_INT},
   [EGL_CA_CONFORMANT] =
      {EGL_CONFORMANT, 0, EGL_MATCH_MASK, EGL_DOMAIN_BITS, {RENDERABLE_BITS}},
   [EGL_CA_DEPTH_SIZE] = {EGL_DEPTH_SIZE, 0, EGL_MATCH_AT_LEAST,
                          EGL_DOMAIN_SIZE},
   [EGL_CA_LEVEL] = {EGL_LEVEL, 0, EGL_MATCH_EXACT, EGL_DOMAIN_INT},
   [EGL_CA_MAX_PBUFFER_WIDTH] = {EGL_MAX_PBUFFER_WIDTH, 0, EGL_MATCH_NONE,
                                 EGL_DOMAIN_INT},
   [EGL_CA_MAX_PBUFFER_HEIGHT] = {EGL_MAX_PBUFFER_HEIGHT, 0, EGL_MATCH_NONE,
                                  EGL_DOMAIN_INT},
   [EGL_CA_MAX_PBUFFER_PIXELS] = {EGL_MAX_PBUFFER_PIXELS, 0, EGL_MATCH_NONE,
                                  EGL_DOMAIN_INT},
   [EGL_CA_MAX_SWAP_INTERVAL] = {EGL_MAX_SWAP_INTERVAL, EGL_DONT_CARE,
                                 EGL_MATCH_EXACT, EGL_DOMAIN_INT},
   [EGL_CA_MIN_SWAP_INTERVAL] = {EGL_MIN_SWAP_INTERVAL, EGL_DONT_CARE,
                                 EGL_MATCH_EXACT, EGL_DOMAIN_INT},
   [EGL_CA_NATIVE_RENDERABLE] = {EGL_NATIVE_RENDERABLE, EGL_DONT_CARE,
                                 EGL_MATCH_EXACT, EGL_DOMAIN_BOOL},
   [EGL_CA_NATIVE_VISUAL_ID] = {EGL_NATIVE_VISUAL_ID, 0, EGL_MATCH_NONE,
                                EGL_DOMAIN_INT},
   [EGL_CA_NATIVE_VISUAL_TYPE] = {EGL_NATIVE_VISUAL_TYPE, EGL_DONT_CARE,
                                  EGL_MATCH_EXACT, EGL_DOMAIN_INT},
   [EGL_CA_RENDERABLE_TYPE] = {EGL_RENDERABLE_TYPE,
                               EGL_OPENGL_ES_BIT,
                               EGL_MATCH_MASK,
                               EGL_DOMAIN_BITS,
                               {RENDERABLE_BITS}},
   [EGL_CA_SAMPLE_BUFFERS] = {EGL_SAMPLE_BUFFERS, 0, EGL_MATCH_AT_LEAST,
                              EGL_DOMAIN_SIZE},
   [EGL_CA_SAMPLES] = {EGL_SAMPLES, 0, EGL_MATCH_AT_LEAST, EGL_DOMAIN_SIZE},
   [EGL_CA_STENCIL_SIZE] = {EGL_STENCIL_SIZE, 0, EGL_MATCH_AT_LEAST,
                            EGL_DOMAIN_SIZE},
   [EGL_CA_SURFACE_TYPE] = {EGL_SURFACE_TYPE,
                            EGL_WINDOW_BIT,
                            EGL_MATCH_MASK,
                            EGL_DOMAIN_BITS,
                            {SURFACE_BITS}},
   [EGL_CA_TRANSPARENT_TYPE] = {EGL_TRANSPARENT_TYPE,
                                EGL_NONE,
                                EGL_MATCH_EXACT,
                                EGL_DOMAIN_ENUM,
                                {EGL_NONE, EGL_TRANSPARENT_RGB}},
   [EGL_CA_TRANSPARENT_RED_VALUE] = {EGL_TRANSPARENT_RED_VALUE, EGL_DONT_CARE,
                                     EGL_MATCH_EXACT, EGL_DOMAIN_INT},
   [EGL_CA_TRANSPARENT_GREEN_VALUE] = {EGL_TRANSPARENT_GREEN_VALUE,
                                       EGL_DONT_CARE, EGL_MATCH_EXACT,
                                       EGL_DOMAIN_INT},
   [EGL_CA_TRANSPARENT_BLUE_VALUE] = {EGL_TRANSPARENT_BLUE_VALUE, EGL_DONT_CARE,
                                      EGL_MATCH_EXACT, EGL_DOMAIN_INT},
};

int
egl_config_attr_index(EGLint attrib)
{
   for (int i = 0; i < EGL_CA_COUNT; i++) {
      if (egl_config_attrs[i].attrib == attrib)
         return i;
   }
   return -1;
}

bool
egl_config_get(const struct egl_config *config, EGLint attrib, EGLint *value)
{
   int i = egl_config_attr_index(attrib);
   if (i < 0)
      return false;
   *value = config->v[i];
   return true;
}

static bool
value_in_domain(const struct egl_config_attr_desc *desc, EGLint value)
{
   switch (desc->domain) {
   case EGL_DOMAIN_SIZE:
      return value >= 0;
   case EGL_DOMAIN_INT:
      return true;
   case EGL_DOMAIN_BOOL:
      return value == EGL_TRUE || value == EGL_FALSE;
   case EGL_DOMAIN_ENUM:
      for (unsigned i = 0; i < 4; i++) {
         /* EGL_NONE (0x3038) is a real value of some enums; the unused
          * trailing slots are 0, which is no EGL enum.
          */
         if (desc->values[i] != 0 && desc->values[i] == value)
            return true;
      }
      return false;
   case EGL_DOMAIN_BITS:
      return (value & ~desc->values[0]) == 0;
   }
   return false;
}

EGLint
egl_config_parse_request(const EGLint *attrib_list,
                         struct egl_config_request *request)
{
   memset(request, 0, sizeof(*request));
   for (int i = 0; i < EGL_CA_COUNT; i++)
      request->v[i] = egl_config_attrs[i].dflt;

   if (!attrib_list)
      return EGL_SUCCESS;

   for (unsigned i = 0; attrib_list[i] != EGL_NONE; i += 2) {
      EGLint attrib = attrib_list[i], value = attrib_list[i + 1];

      if (attrib == EGL_MATCH_NATIVE_PIXMAP) {
         /* No platform of ours has pixmaps: any pixmap is invalid. */
         if (value != EGL_NONE && value != EGL_DONT_CARE)
            return EGL_BAD_NATIVE_PIXMAP;
         continue;
      }

      int idx = egl_config_attr_index(attrib);
      if (idx < 0)
         return EGL_BAD_ATTRIBUTE;

      if (value == EGL_DONT_CARE) {
         if (attrib == EGL_LEVEL)
            return EGL_BAD_ATTRIBUTE;
      } else if (!value_in_domain(&egl_config_attrs[idx], value)) {
         return EGL_BAD_ATTRIBUTE;
      }

      request->v[idx] = value;
      if (attrib == EGL_CONFIG_ID)
         request->by_id = value != EGL_DONT_CARE;
   }
   return EGL_SUCCESS;
}

bool
egl_config_matches(const struct egl_config *config,
                   const struct egl_config_request *request)
{
   if (request->by_id)
      return config->v[EGL_CA_CONFIG_ID] == request->v[EGL_CA_CONFIG_ID];

   for (int i = 0; i < EGL_CA_COUNT; i++) {
      EGLint want = request->v[i], have = config->v[i];
      if (want == EGL_DONT_CARE)
         continue;
      switch (egl_config_attrs[i].match) {
      case EGL_MATCH_EXACT:
         if (have != want)
            return false;
         break;
      case EGL_MATCH_AT_LEAST:
         if (have < want)
            return false;
         break;
      case EGL_MATCH_MASK:
         if ((have & want) != want)
            return false;
         break;
      case EGL_MATCH_NONE:
         break;
      }
   }
   return true;
}

static int
caveat_rank(EGLint caveat)
{
   switch (caveat) {
   case EGL_NONE:
      return 0;
   case EGL_SLOW_CONFIG:
      return 1;
   default:
      return 2; /* EGL_NON_CONFORMANT_CONFIG */
   }
}

/* The colour bits that count for sorting: those of the components the
 * request asked for with a non-zero, non-DONT_CARE size.
 */
static EGLint
color_bits(const struct egl_config *config,
           const struct egl_config_request *request)
{
   static const enum egl_config_attr rgb[] = {
      EGL_CA_RED_SIZE,
      EGL_CA_GREEN_SIZE,
      EGL_CA_BLUE_SIZE,
      EGL_CA_ALPHA_SIZE,
   };
   static const enum egl_config_attr lum[] = {
      EGL_CA_LUMINANCE_SIZE,
      EGL_CA_ALPHA_SIZE,
   };
   bool is_rgb = config->v[EGL_CA_COLOR_BUFFER_TYPE] == EGL_RGB_BUFFER;
   const enum egl_config_attr *list = is_rgb ? rgb : lum;
   unsigned n = is_rgb ? 4 : 2;
   EGLint bits = 0;

   for (unsigned i = 0; i < n; i++) {
      EGLint want = request->v[list[i]];
      if (want != 0 && want != EGL_DONT_CARE)
         bits += config->v[list[i]];
   }
   return bits;
}

#define CMP_SMALLER_FIRST(a, b)                                                \
   do {                                                                        \
      if ((a) != (b))                                                          \
         return (a) < (b) ? -1 : 1;                                            \
   } while (0)

int
egl_config_compare(const struct egl_config *a, const struct egl_config *b,
                   const struct egl_config_request *request)
{
   CMP_SMALLER_FIRST(caveat_rank(a->v[EGL_CA_CONFIG_CAVEAT]),
                     caveat_rank(b->v[EGL_CA_CONFIG_CAVEAT]));
   /* EGL_RGB_BUFFER before EGL_LUMINANCE_BUFFER. */
   CMP_SMALLER_FIRST(a->v[EGL_CA_COLOR_BUFFER_TYPE] != EGL_RGB_BUFFER,
                     b->v[EGL_CA_COLOR_BUFFER_TYPE] != EGL_RGB_BUFFER);
   /* Larger colour first. */
   CMP_SMALLER_FIRST(-color_bits(a, request), -color_bits(b, request));

   static const enum egl_config_attr smaller_first[] = {
      EGL_CA_BUFFER_SIZE, EGL_CA_SAMPLE_BUFFERS, EGL_CA_SAMPLES,
      EGL_CA_DEPTH_SIZE,  EGL_CA_STENCIL_SIZE,   EGL_CA_ALPHA_MASK_SIZE,
   };
   for (unsigned i = 0; i < sizeof(smaller_first) / sizeof(*smaller_first); i++)
      CMP_SMALLER_FIRST(a->v[smaller_first[i]], b->v[smaller_first[i]]);

   /* EGL_NATIVE_VISUAL_TYPE: implementation-defined; we keep none. */
   CMP_SMALLER_FIRST(a->v[EGL_CA_CONFIG_ID], b->v[EGL_CA_CONFIG_ID]);
   return 0;
}

/* Insertion sort: config lists are short and qsort has no context. */
unsigned
egl_config_choose(const struct egl_config *configs, unsigned count,
                  const struct egl_config_request *request,
                  const struct egl_config **out, unsigned max)
{
   unsigned matched = 0;

   if (!out) {
      for (unsigned i = 0; i < count; i++)
         matched += egl_config_matches(&configs[i], request);
      return matched;
   }

   for (unsigned i = 0; i < count; i++) {
      const struct egl_config *c = &configs[i];
      if (!egl_config_matches(c, request))
         continue;

      /* Where c goes among the best `max` so far. */
      unsigned kept = matched < max ? matched : max;
      unsigned pos = kept;
      while (pos > 0 && egl_config_compare(c, out[pos - 1], request) < 0)
         pos--;
      if (pos < max) {
         unsigned last = kept < max ? kept : max - 1;
         for (unsigned j = last; j > pos; j--)
            out[j] = out[j - 1];
         out[pos] = c;
      }
      matched++;
   }
   return matched < max ? matched : max;
}
