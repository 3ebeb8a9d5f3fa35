/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glsl-compiler: run the GLSL front end over shader files.
 * Prints nothing and exits 0 when every file is valid; prints the info log
 * and exits 1 otherwise.  See --help.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_program.h"
#include "glsl_state.h"
#include "util/os_file.h"
#include "util/ralloc.h"

/* The largest shader file read.  Real shaders are kilobytes; the
 * preprocessor's own budgets bound the work past this. */
#define GLSL_COMPILER_MAX_SOURCE_B ((size_t)16 << 20)

static void
usage(FILE *f)
{
   fprintf(f,
      "usage: glsl-compiler [options] FILE...\n"
      "Preprocesses, parses and checks GLSL shaders (part 1 of the front\n"
      "end: no code generation yet).  Exit 0 and no output when valid; exit\n"
      "1 with \"0:LINE(COL): error: ...\" messages when not.\n"
      "\n"
      "  --version V      version used when a shader has no #version:\n"
      "                   110 120 130 140 150 330 400 410 420 430 440 450\n"
      "                   460, or 100 300es 310es 320es (default 110)\n"
      "  --stage S        vert frag geom tesc tese comp (default: from the\n"
      "                   file extension)\n"
      "  --extension NAME enable an extension from the start (repeatable)\n"
      "  --link           link the files as one program; link errors are\n"
      "                   printed and give exit status 1\n"
      "  --dump-nir       with --link: print the linked NIR of each stage\n"
      "  --dump-resources with --link: print attributes, uniforms (with\n"
      "                   locations and storage offsets), varyings and\n"
      "                   fragment outputs\n"
      "  --dump-ast       print the syntax tree of each valid file\n"
      "  -E, --preprocess print the preprocessed text only\n"
      "  --list-extensions  print the extensions the front end claims\n"
      "  -h, --help       this text\n"
      "\n"
      "A shader file may be at most %zu MiB.\n",
      GLSL_COMPILER_MAX_SOURCE_B >> 20);
}

static gl_shader_stage
stage_from_name(const char *s)
{
   static const char *const names[] = {
      [MESA_SHADER_VERTEX] = "vert", [MESA_SHADER_TESS_CTRL] = "tesc",
      [MESA_SHADER_TESS_EVAL] = "tese", [MESA_SHADER_GEOMETRY] = "geom",
      [MESA_SHADER_FRAGMENT] = "frag", [MESA_SHADER_COMPUTE] = "comp",
   };
   for (int i = 0; i < (int)(sizeof(names) / sizeof(names[0])); i++) {
      if (names[i] && !strcmp(s, names[i]))
         return i;
   }
   return MESA_SHADER_NONE;
}

static bool
parse_version(const char *s, int *version, bool *es)
{
   char *end;
   long v = strtol(s, &end, 10);
   *es = v == 100 || !strcmp(end, "es");
   if ((*end && strcmp(end, "es")) || v < 100 || v > 460)
      return false;
   *version = v;
   return true;
}

static void
print_type(const struct glsl_type *t, unsigned size, bool is_array)
{
   void *mem = ralloc_context(NULL);
   printf("%s", glsl_type_name(mem, t));
   if (is_array || size > 1)
      printf("[%u]", size);
   ralloc_free(mem);
}

static void
dump_resources(const struct glsl_program *prog)
{
   for (unsigned i = 0; i < prog->num_attribs; i++) {
      const struct glsl_program_attrib *a = &prog->attribs[i];
      printf("attribute %s: ", a->name);
      print_type(a->type, a->array_size, false);
      printf(" (0x%04X) location %d slots %u\n", a->gl_type, a->location,
             a->num_slots);
   }
   for (unsigned i = 0; i < prog->num_uniforms; i++) {
      const struct glsl_program_uniform *u = &prog->uniforms[i];
      printf("uniform %s: ", u->name);
      print_type(u->type, u->array_size, u->is_array);
      printf(" (0x%04X) location %d offset %u stride %u stages 0x%x",
             u->gl_type, u->location, u->offset_B, u->array_stride_B,
             u->stages);
      if (u->sampler_index >= 0)
         printf(" sampler %d", u->sampler_index);
      printf("\n");
   }
   for (unsigned i = 0; i < prog->num_varyings; i++) {
      const struct glsl_program_varying *v = &prog->varyings[i];
      printf("varying %s: ", v->name);
      print_type(v->type, v->array_size, false);
      printf(" slot %d%s\n", v->location, v->flat ? " flat" : "");
   }
   for (unsigned i = 0; i < prog->num_frag_outputs; i++) {
      const struct glsl_program_frag_output *o = &prog->frag_outputs[i];
      printf("output %s: ", o->name);
      print_type(o->type, o->array_size, false);
      printf(" location %d index %u\n", o->location, o->index);
   }
   for (unsigned i = 0; i < prog->num_ubos; i++) {
      const struct glsl_program_block *b = &prog->ubos[i];
      printf("uniform block %u %s: %u bytes binding %d stages 0x%x\n", i,
             b->name, b->size_B, b->binding, b->stages);
      for (unsigned k = 0; k < b->num_members; k++) {
         const struct glsl_program_block_member *m = &b->members[k];
         printf("  %s: ", m->name);
         print_type(m->type, m->array_size, m->is_array);
         printf(" offset %u array stride %u matrix stride %u\n",
                m->offset_B, m->array_stride_B, m->matrix_stride_B);
      }
   }
   for (unsigned i = 0; i < prog->num_ssbos; i++) {
      const struct glsl_program_block *b = &prog->ssbos[i];
      printf("storage block %u %s: %s %u bytes binding %d stages 0x%x "
             "written 0x%x\n", i, b->name, b->std430 ? "std430" : "std140",
             b->size_B, b->binding, b->stages, b->written_stages);
      for (unsigned k = 0; k < b->num_members; k++) {
         const struct glsl_program_block_member *m = &b->members[k];
         printf("  %s: ", m->name);
         print_type(m->type, m->array_size, m->is_array);
         printf(" offset %u array stride %u matrix stride %u top array %u "
                "stride %u\n", m->offset_B, m->array_stride_B,
                m->matrix_stride_B, m->top_array_size,
                m->top_array_stride_B);
      }
   }
   if (prog->nir[MESA_SHADER_COMPUTE])
      printf("work group size: %u %u %u, shared memory: %u bytes\n",
             prog->workgroup_size[0], prog->workgroup_size[1],
             prog->workgroup_size[2], prog->shared_size_B);
   printf("uniform storage: %u bytes\n", prog->uniform_storage_size_B);
   for (unsigned i = 0; i < prog->uniform_storage_size_B / 4; i++) {
      if (prog->uniform_defaults[i])
         printf("  default word %u: 0x%08x\n", i, prog->uniform_defaults[i]);
   }
}

static int
link_files(void *mem, struct glsl_parse_state **shaders, unsigned n,
           bool dump_nir, bool dump_res)
{
   struct glsl_program *prog = glsl_link_program(mem, shaders, n, NULL);
   if (!prog) {
      fprintf(stderr, "glsl-compiler: out of memory\n");
      return 2;
   }
   fputs(prog->info_log, stdout);
   if (!prog->link_status)
      return 1;
   if (dump_nir) {
      for (unsigned s = 0; s < MESA_SHADER_STAGES; s++) {
         if (prog->nir[s])
            nir_print_shader(prog->nir[s], stdout);
      }
   }
   if (dump_res)
      dump_resources(prog);
   return 0;
}

/* Exit status 2 (bad usage or input), everything released. */
static int
fail(void *mem)
{
   ralloc_free(mem);
   return 2;
}

int
main(int argc, char **argv)
{
   void *mem = ralloc_context(NULL);
   struct glsl_compile_options opts = { .stage = MESA_SHADER_NONE };
   const char **files = ralloc_array(mem, const char *, argc);
   opts.extra_extensions = ralloc_array(mem, const char *, argc);
   unsigned nfiles = 0;
   bool dump = false, dump_nir = false, dump_resources = false;
   gl_shader_stage forced = MESA_SHADER_NONE;

   for (int i = 1; i < argc; i++) {
      const char *a = argv[i];
      const char *val = i + 1 < argc ? argv[i + 1] : NULL;
      bool takes_value = !strcmp(a, "--version") || !strcmp(a, "--stage") ||
                         !strcmp(a, "--extension");
      if (takes_value && !val) {
         fprintf(stderr, "glsl-compiler: option '%s' needs a value (see "
                 "--help)\n", a);
         return fail(mem);
      }
      if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
         usage(stdout);
         ralloc_free(mem);
         return 0;
      } else if (!strcmp(a, "--list-extensions")) {
         for (unsigned e = 0; e < glsl_num_extensions; e++)
            printf("%s\n", glsl_extensions[e].name);
         ralloc_free(mem);
         return 0;
      } else if (!strcmp(a, "--version") && val) {
         if (!parse_version(val, &opts.default_version, &opts.default_es)) {
            fprintf(stderr, "glsl-compiler: bad --version '%s'\n", val);
            return fail(mem);
         }
         i++;
      } else if (!strcmp(a, "--stage") && val) {
         forced = stage_from_name(val);
         if (forced == MESA_SHADER_NONE) {
            fprintf(stderr, "glsl-compiler: bad --stage '%s'\n", val);
            return fail(mem);
         }
         i++;
      } else if (!strcmp(a, "--extension") && val) {
         if (glsl_extension_index(val) < 0) {
            fprintf(stderr, "glsl-compiler: unknown extension '%s' (see "
                    "--list-extensions)\n", val);
            return fail(mem);
         }
         opts.extra_extensions[opts.num_extra_extensions++] = val;
         i++;
      } else if (!strcmp(a, "--link")) {
         opts.link = true;
      } else if (!strcmp(a, "-E") || !strcmp(a, "--preprocess")) {
         opts.preprocess_only = true;
      } else if (!strcmp(a, "--dump-ast")) {
         dump = true;
      } else if (!strcmp(a, "--dump-nir")) {
         dump_nir = true;
      } else if (!strcmp(a, "--dump-resources")) {
         dump_resources = true;
      } else if (a[0] == '-' && a[1]) {
         fprintf(stderr, "glsl-compiler: unknown option '%s' (see --help)\n",
                 a);
         return fail(mem);
      } else {
         files[nfiles++] = a;
      }
   }
   if (!nfiles) {
      usage(stderr);
      return fail(mem);
   }

   int status = 0;
   struct glsl_parse_state **compiled =
      ralloc_array(mem, struct glsl_parse_state *, nfiles);
   for (unsigned f = 0; f < nfiles; f++) {
      size_t size = 0;
      char *src = NULL;
      int err = os_read_file_max(files[f], GLSL_COMPILER_MAX_SOURCE_B, &src,
                                 &size);
      if (err) {
         char why[128];
         fprintf(stderr, "glsl-compiler: cannot read %s: %s\n", files[f],
                 os_file_error(err, GLSL_COMPILER_MAX_SOURCE_B, why,
                               sizeof(why)));
         return fail(mem);
      }
      const char *slash = strrchr(files[f], '/');
      const char *dot = strrchr(slash ? slash : files[f], '.');
      opts.stage = forced != MESA_SHADER_NONE ? forced :
                   dot ? stage_from_name(dot + 1) : MESA_SHADER_NONE;
      if (opts.stage == MESA_SHADER_NONE) {
         fprintf(stderr, "glsl-compiler: %s: unknown stage (name the file "
                 "*.vert, *.frag, ... or use --stage)\n", files[f]);
         free(src);
         return fail(mem);
      }
      void *ctx = ralloc_context(mem);
      compiled[f] = NULL;
      struct glsl_parse_state *st = glsl_compile_shader(ctx, src, size,
                                                        &opts);
      free(src);
      if (!st) {
         fprintf(stderr, "glsl-compiler: out of memory\n");
         return fail(mem);
      }
      if (st->log.errors) {
         if (nfiles > 1)
            printf("%s:\n", files[f]);
         fputs(st->log.text, stdout);
         status = 1;
      } else if (opts.preprocess_only) {
         fputs(st->pp_text, stdout);
      } else if (dump) {
         fputs(ast_dump(ctx, &st->unit), stdout);
      }
      if (opts.link) {
         compiled[f] = st; /* kept (under mem) for linking */
         continue;
      }
      ralloc_free(ctx);
   }
   if (opts.link && !status && !opts.preprocess_only)
      status = link_files(mem, compiled, nfiles, dump_nir, dump_resources);
   ralloc_free(mem);
   return status;
}
