/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The NIR printer.  Output is meant to be diffed: SSA values and blocks are
 * renumbered in program order before printing, predecessor lists are
 * sorted, and nothing depends on pointer values.
 */
#include "nir.h"
#include "util/u_math.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
   FILE *fp;
   unsigned indent;
} print_state;

static void
indent(print_state *st)
{
   for (unsigned i = 0; i < st->indent; i++)
      fputs("   ", st->fp);
}

static void
print_def_decl(nir_def *def, FILE *fp)
{
   if (def->num_components > 1)
      fprintf(fp, "%ux%u %%%u = ", def->bit_size, def->num_components,
              def->index);
   else
      fprintf(fp, "%u %%%u = ", def->bit_size, def->index);
}

static void
print_src(const nir_src *src, FILE *fp)
{
   if (src->ssa)
      fprintf(fp, "%%%u", src->ssa->index);
   else
      fprintf(fp, "<null>");
}

static const char swizzle_chars[] = "xyzwabcdefghijkl";

static void
print_alu_src(nir_alu_instr *alu, unsigned i, FILE *fp)
{
   print_src(&alu->src[i].src, fp);
   unsigned n = nir_ssa_alu_instr_src_components(alu, i);
   bool identity = n == alu->src[i].src.ssa->num_components;
   for (unsigned c = 0; c < n; c++)
      identity = identity && nir_alu_src_swizzle(&alu->src[i], c) == c;
   if (!identity) {
      fputc('.', fp);
      for (unsigned c = 0; c < n; c++)
         fputc(swizzle_chars[nir_alu_src_swizzle(&alu->src[i], c)], fp);
   }
}

static void
print_const_value(nir_const_value v, unsigned bit_size, FILE *fp)
{
   switch (bit_size) {
   case 1:
      fprintf(fp, "%s", v.b ? "true" : "false");
      break;
   case 8:
      fprintf(fp, "0x%02x", v.u8);
      break;
   case 16:
      fprintf(fp, "0x%04x", v.u16);
      break;
   case 32:
      fprintf(fp, "0x%08x /* %.9g */", v.u32, v.f32);
      break;
   default:
      fprintf(fp, "0x%016" PRIx64 " /* %.17g */", v.u64, v.f64);
      break;
   }
}

static void
print_indices(const nir_intrinsic_instr *intr, FILE *fp)
{
   const nir_intrinsic_info *info = &nir_intrinsic_infos[intr->intrinsic];
   if (!info->index_mask)
      return;
   fputs(" (", fp);
   bool first = true;
   u_foreach_bit(flag, info->index_mask) {
      int v = intr->index_value[info->index_slot[flag]];
      if (!first)
         fputs(", ", fp);
      first = false;
      fprintf(fp, "%s=", nir_intrinsic_index_names[flag]);
      if (flag == NIR_INTRINSIC_WRITE_MASK) {
         for (unsigned c = 0; c < 16; c++) {
            if (v & (1 << c))
               fputc(swizzle_chars[c], fp);
         }
      } else if (flag == NIR_INTRINSIC_DEST_TYPE ||
                 flag == NIR_INTRINSIC_SRC_TYPE) {
         fprintf(fp, "%s%u", nir_alu_type_name((nir_alu_type)v),
                 nir_alu_type_get_type_size((nir_alu_type)v));
      } else {
         fprintf(fp, "%d", v);
      }
   }
   fputc(')', fp);
}

static const char *
texop_name(nir_texop op)
{
   static const char *const names[] = {
      "tex", "txb", "txl", "txd", "txf", "txf_ms",
      "txs", "lod", "tg4", "query_levels", "texture_samples",
   };
   return names[op];
}

static const char *
tex_src_name(nir_tex_src_type t)
{
   static const char *const names[] = {
      "coord", "projector", "comparator", "offset", "bias", "lod",
      "min_lod", "ms_index", "ddx", "ddy", "texture", "sampler",
      "texture_offset", "sampler_offset",
   };
   return names[t];
}

void
nir_print_instr(nir_instr *instr, FILE *fp)
{
   nir_def *def = nir_instr_def(instr);
   if (def)
      print_def_decl(def, fp);

   switch (instr->type) {
   case nir_instr_type_alu: {
      nir_alu_instr *alu = nir_instr_as_alu(instr);
      /* .mp: nir_alu_instr::mediump, .u: mediump_unsigned */
      fprintf(fp, "%s%s%s%s", alu->exact ? "!" : "",
              nir_op_infos[alu->op].name, alu->mediump ? ".mp" : "",
              alu->mediump_unsigned ? ".u" : "");
      for (unsigned i = 0; i < nir_op_infos[alu->op].num_inputs; i++) {
         fputs(i ? ", " : " ", fp);
         print_alu_src(alu, i, fp);
      }
      break;
   }
   case nir_instr_type_intrinsic: {
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      const nir_intrinsic_info *info = &nir_intrinsic_infos[intr->intrinsic];
      fprintf(fp, "@%s (", info->name);
      for (unsigned i = 0; i < info->num_srcs; i++) {
         if (i)
            fputs(", ", fp);
         print_src(&intr->src[i], fp);
      }
      fputc(')', fp);
      print_indices(intr, fp);
      break;
   }
   case nir_instr_type_deref: {
      nir_deref_instr *d = nir_instr_as_deref(instr);
      switch (d->deref_type) {
      case nir_deref_type_var:
         fprintf(fp, "deref_var &%s", d->var->name ? d->var->name : "?");
         break;
      case nir_deref_type_array:
         fputs("deref_array &", fp);
         print_src(&d->parent, fp);
         fputc('[', fp);
         print_src(&d->arr_index, fp);
         fputc(']', fp);
         break;
      case nir_deref_type_struct:
         fputs("deref_struct &", fp);
         print_src(&d->parent, fp);
         fprintf(fp, ".%s", d->type && nir_deref_instr_parent(d)->type
                               ? nir_deref_instr_parent(d)
                                    ->type->fields[d->field_index].name
                               : "?");
         break;
      case nir_deref_type_cast:
         fputs("deref_cast ", fp);
         print_src(&d->parent, fp);
         fprintf(fp, " stride=%u", d->cast_stride);
         break;
      }
      fprintf(fp, " (%s ", nir_variable_mode_name(d->modes));
      nir_vtype_print(d->type, fp);
      fputc(')', fp);
      break;
   }
   case nir_instr_type_tex: {
      nir_tex_instr *tex = nir_instr_as_tex(instr);
      fprintf(fp, "%s", texop_name(tex->op));
      for (unsigned i = 0; i < tex->num_srcs; i++) {
         fprintf(fp, "%s%s: ", i ? ", " : " ",
                 tex_src_name(tex->src[i].src_type));
         print_src(&tex->src[i].src, fp);
      }
      fprintf(fp, " (texture %u, sampler %u, dim %u%s%s, %s%u",
              tex->texture_index, tex->sampler_index, tex->sampler_dim,
              tex->is_array ? ", array" : "",
              tex->is_shadow ? ", shadow" : "",
              nir_alu_type_name(tex->dest_type),
              nir_alu_type_get_type_size(tex->dest_type));
      if (tex->op == nir_texop_tg4)
         fprintf(fp, ", component %u", tex->component);
      fputc(')', fp);
      break;
   }
   case nir_instr_type_load_const: {
      nir_load_const_instr *lc = nir_instr_as_load_const(instr);
      fputs("load_const (", fp);
      for (unsigned i = 0; i < lc->def.num_components; i++) {
         if (i)
            fputs(", ", fp);
         print_const_value(lc->value[i], lc->def.bit_size, fp);
      }
      fputc(')', fp);
      break;
   }
   case nir_instr_type_undef:
      fputs("undefined", fp);
      break;
   case nir_instr_type_phi: {
      nir_phi_instr *phi = nir_instr_as_phi(instr);
      fputs("phi", fp);
      /* Sources in predecessor index order for stable output. */
      unsigned n = list_length(&phi->srcs), k = 0;
      nir_phi_src **srcs = calloc(n ? n : 1, sizeof(*srcs));
      if (!srcs)
         break;
      nir_foreach_phi_src(ps, phi)
         srcs[k++] = ps;
      for (unsigned i = 1; i < n; i++) {
         for (unsigned j = i; j > 0 &&
              srcs[j - 1]->pred->index > srcs[j]->pred->index; j--) {
            nir_phi_src *t = srcs[j];
            srcs[j] = srcs[j - 1];
            srcs[j - 1] = t;
         }
      }
      for (unsigned i = 0; i < n; i++) {
         fprintf(fp, "%s b%u: ", i ? "," : "", srcs[i]->pred->index);
         print_src(&srcs[i]->src, fp);
      }
      free(srcs);
      break;
   }
   case nir_instr_type_jump: {
      static const char *const names[] = { "return", "break", "continue" };
      fputs(names[nir_instr_as_jump(instr)->type], fp);
      break;
   }
   }
}

static int
compare_block_index(const void *a, const void *b)
{
   const nir_block *x = *(nir_block *const *)a, *y = *(nir_block *const *)b;
   return x->index < y->index ? -1 : x->index > y->index;
}

static void print_cf_list(struct list_head *list, print_state *st);

static void
print_block(nir_block *block, print_state *st)
{
   indent(st);
   fprintf(st->fp, "block b%u:", block->index);
   unsigned n = block->num_preds;
   if (n) {
      nir_block **preds = calloc(n, sizeof(*preds));
      unsigned k = n;
      if (preds) {
         memcpy(preds, block->preds, n * sizeof(*preds));
         qsort(preds, k, sizeof(*preds), compare_block_index);
         fputs("  // preds:", st->fp);
         for (unsigned i = 0; i < k; i++)
            fprintf(st->fp, " b%u", preds[i]->index);
         free(preds);
      }
   }
   fputc('\n', st->fp);
   st->indent++;
   nir_foreach_instr(instr, block) {
      indent(st);
      nir_print_instr(instr, st->fp);
      fputc('\n', st->fp);
   }
   st->indent--;
}

static void
print_cf_list(struct list_head *list, print_state *st)
{
   list_for_each_entry(nir_cf_node, node, list, node) {
      switch (node->type) {
      case nir_cf_node_block:
         print_block(nir_cf_node_as_block(node), st);
         break;
      case nir_cf_node_if: {
         nir_if *nif = nir_cf_node_as_if(node);
         indent(st);
         fputs("if ", st->fp);
         print_src(&nif->condition, st->fp);
         fputs(" {\n", st->fp);
         st->indent++;
         print_cf_list(&nif->then_list, st);
         st->indent--;
         indent(st);
         fputs("} else {\n", st->fp);
         st->indent++;
         print_cf_list(&nif->else_list, st);
         st->indent--;
         indent(st);
         fputs("}\n", st->fp);
         break;
      }
      case nir_cf_node_loop: {
         nir_loop *loop = nir_cf_node_as_loop(node);
         indent(st);
         fputs("loop {\n", st->fp);
         st->indent++;
         print_cf_list(&loop->body, st);
         st->indent--;
         indent(st);
         fputs("}\n", st->fp);
         break;
      }
      default:
         break;
      }
   }
}

static void
print_var(nir_variable *var, print_state *st)
{
   indent(st);
   fprintf(st->fp, "decl_var %s ", nir_variable_mode_name(var->mode));
   nir_vtype_print(var->type, st->fp);
   fprintf(st->fp, " %s", var->name ? var->name : "?");
   if (var->data.location >= 0 || var->data.driver_location ||
       var->data.binding)
      fprintf(st->fp, " (location=%d, driver_location=%u, binding=%u)",
              var->data.location, var->data.driver_location,
              var->data.binding);
   fputc('\n', st->fp);
}

void
nir_print_shader(nir_shader *shader, FILE *fp)
{
   print_state st = { .fp = fp, .indent = 0 };
   fprintf(fp, "shader: %s\n", gl_shader_stage_name(shader->info.stage));
   if (shader->info.name)
      fprintf(fp, "name: %s\n", shader->info.name);
   fprintf(fp, "inputs: %u, outputs: %u, uniforms: %u\n", shader->num_inputs,
           shader->num_outputs, shader->num_uniforms);
   if (shader->info.stage == MESA_SHADER_GEOMETRY)
      fprintf(fp, "gs: in prim %u (%u vertices), out prim %u, "
                  "max_vertices %u, invocations %u%s\n",
              shader->info.gs.input_primitive, shader->info.gs.vertices_in,
              shader->info.gs.output_primitive, shader->info.gs.vertices_out,
              shader->info.gs.invocations,
              shader->info.gs.uses_end_primitive ? ", end_primitive" : "");
   if (shader->info.stage == MESA_SHADER_FRAGMENT &&
       (shader->info.fs.origin_upper_left ||
        shader->info.fs.pixel_center_integer))
      fprintf(fp, "fs:%s%s\n",
              shader->info.fs.origin_upper_left ? " origin_upper_left" : "",
              shader->info.fs.pixel_center_integer ? " pixel_center_integer"
                                                   : "");
   nir_foreach_variable_in_shader(var, shader)
      print_var(var, &st);

   nir_foreach_function(func, shader) {
      fprintf(fp, "%s%s {\n", func->is_entrypoint ? "entrypoint " : "",
              func->name);
      nir_function_impl *impl = func->impl;
      if (!impl) {
         fputs("}\n", fp);
         continue;
      }
      nir_index_ssa_defs(impl);
      nir_index_blocks(impl);
      nir_update_cfg(impl);
      st.indent = 1;
      list_for_each_entry(nir_variable, var, &impl->locals, link)
         print_var(var, &st);
      print_cf_list(&impl->body, &st);
      indent(&st);
      fprintf(fp, "block b%u:\n", impl->end_block->index);
      fputs("}\n", fp);
   }
}

char *
nir_shader_as_str(nir_shader *shader, void *mem_ctx)
{
   char *buf = NULL;
   size_t size = 0;
   FILE *fp = open_memstream(&buf, &size);
   if (!fp)
      return NULL;
   nir_print_shader(shader, fp);
   fclose(fp);
   char *r = ralloc_strdup(mem_ctx, buf ? buf : "");
   free(buf);
   return r;
}
