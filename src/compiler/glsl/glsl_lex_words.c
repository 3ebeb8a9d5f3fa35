/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Word and number classification for the GLSL lexer.
 *
 * Keyword and reserved-word availability per version comes from the
 * "Keywords" sections of the GLSL 1.10-4.60 and GLSL ES 1.00-3.20 specs.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "glsl_state.h"
#include "glsl_parser.h"

#define YYSTYPE GLSL_YYSTYPE
#define YYLTYPE GLSL_YYLTYPE
#include "util/ralloc.h"

enum word_kind {
   W_TOKEN,   /* token */
   W_QUAL,    /* QUAL with bit */
};

struct keyword {
   const char *name;
   int token;
   unsigned qual;
   uint16_t desktop, es;      /* first version where it is a keyword */
   const char *ext, *ext2;    /* extensions that make it a keyword earlier */
   uint16_t res_desktop, res_es; /* reserved from (until a keyword) */
};

#define Q(name, bit, d, e, x, x2, rd, re) \
   { name, QUAL, bit, d, e, x, x2, rd, re }
#define K(name, tok, d, e, x, rd, re) { name, tok, 0, d, e, x, NULL, rd, re }

static const struct keyword keywords[] = {
   Q("const", AST_Q_CONST, 110, 100, NULL, NULL, 0, 0),
   Q("uniform", AST_Q_UNIFORM, 110, 100, NULL, NULL, 0, 0),
   Q("in", AST_Q_IN, 110, 100, NULL, NULL, 0, 0),
   Q("out", AST_Q_OUT, 110, 100, NULL, NULL, 0, 0),
   Q("inout", AST_Q_INOUT, 110, 100, NULL, NULL, 0, 0),
   Q("attribute", AST_Q_ATTRIBUTE, 110, 100, NULL, NULL, 0, 0),
   Q("varying", AST_Q_VARYING, 110, 100, NULL, NULL, 0, 0),
   Q("centroid", AST_Q_CENTROID, 120, 300, NULL, NULL, 0, 0),
   Q("flat", AST_Q_FLAT, 130, 300, NULL, NULL, 0, 100),
   Q("smooth", AST_Q_SMOOTH, 130, 300, NULL, NULL, 0, 0),
   Q("noperspective", AST_Q_NOPERSPECTIVE, 130, 0, NULL, NULL, 0, 300),
   Q("patch", AST_Q_PATCH, 400, 320, "GL_ARB_tessellation_shader",
     "GL_EXT_tessellation_shader", 0, 300),
   Q("sample", AST_Q_SAMPLE, 400, 320, "GL_ARB_gpu_shader5",
     "GL_OES_shader_multisample_interpolation", 0, 300),
   Q("invariant", AST_Q_INVARIANT, 120, 100, NULL, NULL, 0, 0),
   Q("precise", AST_Q_PRECISE, 400, 320, "GL_ARB_gpu_shader5",
     "GL_EXT_gpu_shader5", 0, 0),
   Q("buffer", AST_Q_BUFFER, 430, 310,
     "GL_ARB_shader_storage_buffer_object", NULL, 0, 0),
   Q("shared", AST_Q_SHARED, 430, 310, "GL_ARB_compute_shader", NULL, 0, 0),
   Q("coherent", AST_Q_COHERENT, 420, 310,
     "GL_ARB_shader_image_load_store", "GL_ARB_shader_storage_buffer_object",
     0, 300),
   Q("volatile", AST_Q_VOLATILE, 420, 310,
     "GL_ARB_shader_image_load_store", "GL_ARB_shader_storage_buffer_object",
     110, 100),
   Q("restrict", AST_Q_RESTRICT, 420, 310,
     "GL_ARB_shader_image_load_store", "GL_ARB_shader_storage_buffer_object",
     0, 300),
   Q("readonly", AST_Q_READONLY, 420, 310,
     "GL_ARB_shader_image_load_store", "GL_ARB_shader_storage_buffer_object",
     0, 300),
   Q("writeonly", AST_Q_WRITEONLY, 420, 310,
     "GL_ARB_shader_image_load_store", "GL_ARB_shader_storage_buffer_object",
     0, 300),
   Q("highp", AST_Q_HIGHP, 130, 100, NULL, NULL, 0, 0),
   Q("mediump", AST_Q_MEDIUMP, 130, 100, NULL, NULL, 0, 0),
   Q("lowp", AST_Q_LOWP, 130, 100, NULL, NULL, 0, 0),
   K("precision", PRECISION, 130, 100, NULL, 0, 0),
   K("subroutine", SUBROUTINE, 400, 0, "GL_ARB_shader_subroutine", 0, 300),
   K("layout", LAYOUT, 140, 300, NULL, 0, 0),
   K("struct", STRUCT, 110, 100, NULL, 0, 0),
   K("if", IF, 110, 100, NULL, 0, 0),
   K("else", ELSE, 110, 100, NULL, 0, 0),
   K("switch", SWITCH, 130, 300, NULL, 110, 100),
   K("case", CASE, 130, 300, NULL, 0, 100),
   K("default", DEFAULT, 130, 300, NULL, 110, 100),
   K("while", WHILE, 110, 100, NULL, 0, 0),
   K("do", DO, 110, 100, NULL, 0, 0),
   K("for", FOR, 110, 100, NULL, 0, 0),
   K("break", BREAK, 110, 100, NULL, 0, 0),
   K("continue", CONTINUE, 110, 100, NULL, 0, 0),
   K("return", RETURN, 110, 100, NULL, 0, 0),
   K("discard", DISCARD, 110, 100, NULL, 0, 0),
   K("demote", DEMOTE, 0, 0, "GL_EXT_demote_to_helper_invocation", 0, 0),
   K("true", BOOLCONSTANT, 110, 100, NULL, 0, 0),
   K("false", BOOLCONSTANT, 110, 100, NULL, 0, 0),
};

/* Reserved for future use: (first desktop version, first ES version);
 * the word stops being reserved when a keyword or type takes it. */
static const struct {
   const char *name;
   uint16_t desktop, es;
} reserved[] = {
   { "asm", 110, 100 }, { "class", 110, 100 }, { "union", 110, 100 },
   { "enum", 110, 100 }, { "typedef", 110, 100 }, { "template", 110, 100 },
   { "this", 110, 100 }, { "packed", 110, 100 }, { "goto", 110, 100 },
   { "inline", 110, 100 }, { "noinline", 110, 100 },
   { "public", 110, 100 }, { "static", 110, 100 }, { "extern", 110, 100 },
   { "external", 110, 100 }, { "interface", 110, 100 },
   { "long", 110, 100 }, { "short", 110, 100 }, { "double", 110, 100 },
   { "half", 110, 100 }, { "fixed", 110, 100 }, { "unsigned", 110, 100 },
   { "superp", 130, 100 }, { "input", 110, 100 }, { "output", 110, 100 },
   { "hvec2", 110, 100 }, { "hvec3", 110, 100 }, { "hvec4", 110, 100 },
   { "dvec2", 110, 100 }, { "dvec3", 110, 100 }, { "dvec4", 110, 100 },
   { "fvec2", 110, 100 }, { "fvec3", 110, 100 }, { "fvec4", 110, 100 },
   { "sampler2DRect", 0, 100 }, { "sampler3DRect", 110, 100 },
   { "sampler2DRectShadow", 0, 100 }, { "sizeof", 110, 100 },
   { "cast", 110, 100 }, { "namespace", 110, 100 }, { "using", 110, 100 },
   { "sampler1D", 0, 100 }, { "sampler1DShadow", 0, 100 },
   { "sampler3D", 0, 100 }, { "sampler2DShadow", 0, 100 },
   { "common", 130, 300 }, { "partition", 130, 300 }, { "active", 130, 300 },
   { "filter", 130, 300 }, { "row_major", 130, 0 },
   { "samplerBuffer", 130, 300 },
   { "image1D", 130, 300 }, { "image2D", 130, 300 }, { "image3D", 130, 300 },
   { "imageCube", 130, 300 }, { "iimage1D", 130, 300 },
   { "iimage2D", 130, 300 }, { "iimage3D", 130, 300 },
   { "iimageCube", 130, 300 }, { "uimage1D", 130, 300 },
   { "uimage2D", 130, 300 }, { "uimage3D", 130, 300 },
   { "uimageCube", 130, 300 }, { "image1DArray", 130, 300 },
   { "image2DArray", 130, 300 }, { "iimage1DArray", 130, 300 },
   { "iimage2DArray", 130, 300 }, { "uimage1DArray", 130, 300 },
   { "uimage2DArray", 130, 300 }, { "image1DShadow", 130, 300 },
   { "image2DShadow", 130, 300 }, { "image1DArrayShadow", 130, 300 },
   { "image2DArrayShadow", 130, 300 }, { "imageBuffer", 130, 300 },
   { "iimageBuffer", 130, 300 }, { "uimageBuffer", 130, 300 },
   { "resource", 420, 300 }, { "atomic_uint", 0, 300 },
   { "attribute", 0, 300 }, { "varying", 0, 300 },
   { "subroutine", 0, 300 },
   { "isampler1D", 0, 300 }, { "usampler1D", 0, 300 },
   { "sampler1DArray", 0, 300 }, { "sampler1DArrayShadow", 0, 300 },
   { "isampler1DArray", 0, 300 }, { "usampler1DArray", 0, 300 },
   { "sampler2DMS", 0, 300 }, { "isampler2DMS", 0, 300 },
   { "usampler2DMS", 0, 300 }, { "sampler2DMSArray", 0, 300 },
   { "isampler2DMSArray", 0, 300 }, { "usampler2DMSArray", 0, 300 },
   { "dmat2", 0, 300 }, { "dmat3", 0, 300 }, { "dmat4", 0, 300 },
};

static bool
ext_on(const struct glsl_parse_state *st, const char *a, const char *b)
{
   return (a && glsl_ext_enabled(st, a)) || (b && glsl_ext_enabled(st, b));
}

static bool
layout_extension_on(const struct glsl_parse_state *st)
{
   static const char *const exts[] = {
      "GL_ARB_explicit_attrib_location", "GL_ARB_uniform_buffer_object",
      "GL_ARB_fragment_coord_conventions", "GL_ARB_separate_shader_objects",
      "GL_ARB_shading_language_420pack", "GL_ARB_compute_shader",
      "GL_ARB_tessellation_shader", "GL_ARB_explicit_uniform_location",
      "GL_ARB_conservative_depth", "GL_AMD_conservative_depth",
      "GL_ARB_shader_image_load_store", "GL_ARB_shader_atomic_counters",
      "GL_ARB_shader_storage_buffer_object", "GL_ARB_gpu_shader5",
      "GL_ARB_enhanced_layouts", "GL_ARB_geometry_shader4",
      "GL_ARB_cull_distance", "GL_ARB_viewport_array",
      "GL_ARB_shader_draw_parameters", "GL_ARB_shading_language_packing",
      "GL_KHR_blend_equation_advanced",
   };
   for (unsigned i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
      if (glsl_ext_enabled(st, exts[i]))
         return true;
   }
   return false;
}

static bool
reserved_here(const struct glsl_parse_state *st, uint16_t desktop,
              uint16_t es)
{
   if (st->layout_depth >= 2)
      return false;
   return glsl_is_version(st, desktop, es);
}

/* Most words are user identifiers, which are in neither table: a filter
 * of (length, first, last character) over both tables' names lets them skip
 * the scans.  A hit only means "maybe": the scans below still decide. */
#define WORD_FILTER_BITS 4096

static uint64_t word_filter[WORD_FILTER_BITS / 64];
static once_flag word_filter_once = ONCE_FLAG_INIT;

static unsigned
word_filter_bit(const char *text, size_t len)
{
   unsigned h = (unsigned)len * 131u + (unsigned char)text[0] * 31u +
                (unsigned char)text[len - 1];
   return (h * 2654435761u >> 8) % WORD_FILTER_BITS;
}

static void
word_filter_add(const char *name)
{
   unsigned b = word_filter_bit(name, strlen(name));
   word_filter[b / 64] |= UINT64_C(1) << (b % 64);
}

static void
word_filter_init(void)
{
   for (unsigned i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++)
      word_filter_add(keywords[i].name);
   for (unsigned i = 0; i < sizeof(reserved) / sizeof(reserved[0]); i++)
      word_filter_add(reserved[i].name);
}

static bool
word_maybe_listed(const char *text, size_t len)
{
   call_once(&word_filter_once, word_filter_init);
   unsigned b = word_filter_bit(text, len);
   return (word_filter[b / 64] >> (b % 64)) & 1;
}

#define GLSL_ES_MAX_IDENTIFIER_LENGTH 1024

int
glsl_lex_word(struct glsl_parse_state *st, const char *text, YYSTYPE *lval,
              int line, int col)
{
   /* GLSL ES 3.00 3.8 (and 3.10, 3.20): "The maximum length of an
    * identifier is 1024 characters"; longer is a compile-time error. */
   size_t len = strlen(text);
   if (st->es && st->version >= 300 && len > GLSL_ES_MAX_IDENTIFIER_LENGTH)
      glsl_log_error(&st->log, line, col, "identifier '%.32s...' is %zu "
                     "characters long; GLSL ES allows at most %d", text,
                     len, GLSL_ES_MAX_IDENTIFIER_LENGTH);
   if (st->after_dot) {
      lval->str = glsl_ast_strdup(st, text);
      return FIELD_SEL;
   }

   const bool listed = len && word_maybe_listed(text, len);
   for (unsigned i = 0;
        listed && i < sizeof(keywords) / sizeof(keywords[0]); i++) {
      const struct keyword *k = &keywords[i];
      if (strcmp(k->name, text))
         continue;
      bool on = glsl_is_version(st, k->desktop, k->es) ||
                ext_on(st, k->ext, k->ext2) ||
                (k->token == LAYOUT && !st->es && layout_extension_on(st));
      if (!on) {
         if (reserved_here(st, k->res_desktop, k->res_es)) {
            glsl_log_error(&st->log, line, col,
                           "'%s' is reserved in GLSL%s %d", text,
                           st->es ? " ES" : "", st->version);
            return LEX_ERROR;
         }
         break;
      }
      if (k->token == QUAL) {
         lval->qual = k->qual;
      } else if (k->token == BOOLCONSTANT) {
         struct ast_node *n = ast_new(st, AST_BOOL_CONST, line, col);
         n->value.b = text[0] == 't';
         lval->node = n;
      }
      return k->token;
   }

   const struct glsl_builtin_type_info *info = NULL;
   const struct glsl_type *t = glsl_builtin_type_by_name(text, &info);
   if (t && glsl_builtin_type_available(st, info)) {
      struct ast_type *at = ast_type_new(st, line, col);
      at->type_name = t->name;
      at->builtin = t;
      lval->type = at;
      return TYPE_NAME;
   }

   for (unsigned i = 0;
        listed && i < sizeof(reserved) / sizeof(reserved[0]); i++) {
      if (strcmp(reserved[i].name, text) == 0 &&
          reserved_here(st, reserved[i].desktop, reserved[i].es)) {
         glsl_log_error(&st->log, line, col, "'%s' is reserved in GLSL%s %d",
                        text, st->es ? " ES" : "", st->version);
         return LEX_ERROR;
      }
   }

   if (glsl_struct_name_find(st, text)) {
      struct ast_type *at = ast_type_new(st, line, col);
      at->type_name = glsl_ast_strdup(st, text);
      lval->type = at;
      return TYPE_NAME;
   }

   lval->str = glsl_ast_strdup(st, text);
   return IDENTIFIER;
}

int
glsl_lex_number(struct glsl_parse_state *st, const char *text, int kind,
                YYSTYPE *lval, int line, int col)
{
   size_t len = strlen(text);

   if (kind == 'x') {
      glsl_log_error(&st->log, line, col, "invalid number '%s'", text);
      return LEX_ERROR;
   }

   if (kind == 'f') {
      bool dbl = len > 2 && (text[len - 1] == 'f' || text[len - 1] == 'F') &&
                 (text[len - 2] == 'l' || text[len - 2] == 'L');
      bool fsuffix = !dbl && (text[len - 1] == 'f' || text[len - 1] == 'F');
      if (dbl && text[len - 2] != (text[len - 1] == 'f' ? 'l' : 'L')) {
         glsl_log_error(&st->log, line, col, "invalid suffix on '%s'", text);
         return LEX_ERROR;
      }
      if (dbl && !glsl_is_version(st, 400, 0) &&
          !glsl_ext_enabled(st, "GL_ARB_gpu_shader_fp64")) {
         glsl_log_error(&st->log, line, col,
                        "double literals need GLSL 4.00 or "
                        "GL_ARB_gpu_shader_fp64");
         return LEX_ERROR;
      }
      /* GLSL 1.20 4.1.4 added the suffix; desktop GLSL 1.10 shaders using
       * it compile with a warning, as in Mesa (piglit's glsl-1.10 tests
       * rely on it); GLSL ES 1.00 rejects it. */
      if (fsuffix && !glsl_is_version(st, 120, 300)) {
         if (st->es) {
            glsl_log_error(&st->log, line, col,
                           "the 'f' suffix needs GLSL ES 3.00");
            return LEX_ERROR;
         }
         glsl_log_warning(&st->log, line, col,
                          "the 'f' suffix needs GLSL 1.20");
      }
      struct ast_node *n = ast_new(st, dbl ? AST_DOUBLE_CONST :
                                   AST_FLOAT_CONST, line, col);
      n->value.f = strtod(text, NULL);
      if (!dbl)
         n->value.f = (float)n->value.f;
      lval->node = n;
      return dbl ? DOUBLECONSTANT : FLOATCONSTANT;
   }

   bool is_uint = text[len - 1] == 'u' || text[len - 1] == 'U';
   if (is_uint && !glsl_is_version(st, 130, 300)) {
      glsl_log_error(&st->log, line, col,
                     "unsigned integer literals need GLSL 1.30 or GLSL ES "
                     "3.00");
      return LEX_ERROR;
   }
   errno = 0;
   uint64_t v;
   if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
      v = strtoull(text + 2, NULL, 16);
   else if (text[0] == '0')
      v = strtoull(text, NULL, 8);
   else
      v = strtoull(text, NULL, 10);
   if (errno == ERANGE || v > UINT32_MAX) {
      /* GLSL 1.30+ says literals that do not fit 32 bits are errors. */
      if (glsl_is_version(st, 130, 300)) {
         glsl_log_error(&st->log, line, col,
                        "integer literal '%s' does not fit in 32 bits", text);
         return LEX_ERROR;
      }
      glsl_log_warning(&st->log, line, col,
                       "integer literal '%s' does not fit in 32 bits", text);
   }
   struct ast_node *n = ast_new(st, is_uint ? AST_UINT_CONST : AST_INT_CONST,
                                line, col);
   n->value.u = (uint32_t)v;
   lval->node = n;
   return is_uint ? UINTCONSTANT : INTCONSTANT;
}
