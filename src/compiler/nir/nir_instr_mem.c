/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Instruction memory.  The common instructions (ALU, intrinsics, derefs,
 * constants, undefs, jumps, phis) are carved, in creation order, out of
 * 64 KiB chunks the shader owns: no allocation header per instruction,
 * and instructions built one after the other sit one after the other in
 * memory, so a walk over the shader reads memory in order.  Texture
 * instructions own a ralloc'd source array and stay ralloc objects.
 *
 * Control flow (blocks, ifs, loops) and phi sources come the same way
 * from a second set of chunks, which is never compacted: nothing frees
 * them before the shader, and pointers to blocks are everywhere (phi
 * sources, dominance, instructions).  Every walk reads the blocks as well
 * as the instructions; a ralloc'd block cost an allocation header and a
 * place of its own in the heap.
 *
 * A removed instruction's memory is not reused at once: the optimisation
 * loop deletes most of a large shader (a shader of 80k instructions
 * optimises to 20k) and rewrites much of the rest, so without more, the
 * live instructions end up scattered over all the memory ever carved,
 * every walk touches several times the memory the shader needs, and a
 * large shader falls out of the caches for good.  So the shader counts
 * the bytes carved and the bytes of removed instructions, and
 * nir_shader_compact_instrs() copies the live instructions, in program
 * order, into fresh chunks and frees the old ones.  It costs about one
 * walk that copies, and nir_optimize() runs it only once at least half of
 * the carved memory is garbage, so its cost is bounded by the removals
 * that made it worth doing.
 */
#include "nir.h"

#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define INSTR_CHUNK_SIZE (64 * 1024)
#define INSTR_ALIGN 8
/* Shaders whose instructions take less than this are never compacted:
 * they fit in the caches anyway. */
#define COMPACT_MIN_BYTES (512 * 1024)

static_assert(_Alignof(nir_phi_instr) <= INSTR_ALIGN &&
                 _Alignof(nir_block) <= INSTR_ALIGN &&
                 _Alignof(nir_if) <= INSTR_ALIGN &&
                 _Alignof(nir_loop) <= INSTR_ALIGN &&
                 _Alignof(nir_phi_src) <= INSTR_ALIGN,
              "control-flow chunks are 8-byte aligned");
static_assert(_Alignof(nir_alu_instr) <= INSTR_ALIGN &&
                 _Alignof(nir_intrinsic_instr) <= INSTR_ALIGN &&
                 _Alignof(nir_deref_instr) <= INSTR_ALIGN &&
                 _Alignof(nir_load_const_instr) <= INSTR_ALIGN &&
                 _Alignof(nir_undef_instr) <= INSTR_ALIGN &&
                 _Alignof(nir_jump_instr) <= INSTR_ALIGN,
              "instruction chunks are 8-byte aligned");

/* Once a shader's instructions take this much, further chunks are 2 MiB,
 * aligned and marked for transparent huge pages: a large shader spread
 * over 4 KiB pages costs a TLB miss (a page walk, two-dimensional in a
 * virtual machine) every few instructions of every walk. */
#define HUGE_AFTER_BYTES (2 * 1024 * 1024)
#define HUGE_CHUNK_SIZE (2 * 1024 * 1024)

/* Chunks are linked through their header, newest first.  A small chunk
 * is the ralloc object itself, its memory after the header; a huge one
 * is a ralloc'd header owning an aligned block (freed with it). */
typedef struct instr_chunk {
   struct instr_chunk *next;
   void *huge;
} instr_chunk;

static_assert(sizeof(instr_chunk) % INSTR_ALIGN == 0, "chunk header");

static size_t
round_size(size_t size)
{
   return (size + INSTR_ALIGN - 1) & ~(size_t)(INSTR_ALIGN - 1);
}

/* One bump allocator: the current chunk's free range and the chunk list. */
typedef struct {
   char **cur, **end;
   void **chunks;
} bump;

static void
free_huge(void *p)
{
   free(((instr_chunk *)p)->huge);
}

/* A 2 MiB chunk, or NULL (then a small one will do). */
static instr_chunk *
new_huge_chunk(nir_shader *shader, char **start, char **end)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
   void *mem = NULL;
   if (posix_memalign(&mem, HUGE_CHUNK_SIZE, HUGE_CHUNK_SIZE))
      return NULL;
   instr_chunk *chunk = ralloc(shader, instr_chunk);
   if (!chunk) {
      free(mem);
      return NULL;
   }
   /* Advice only: without huge pages the chunk still works. */
   madvise(mem, HUGE_CHUNK_SIZE, MADV_HUGEPAGE);
   chunk->huge = mem;
   ralloc_set_destructor(chunk, free_huge);
   *start = mem;
   *end = (char *)mem + HUGE_CHUNK_SIZE;
   return chunk;
#else
   (void)shader;
   (void)start;
   (void)end;
   return NULL;
#endif
}

/* Carve `size` bytes (rounded) from the current chunk, or NULL.  `carved`
 * is how much the allocator has handed out so far. */
static void *
bump_carve(nir_shader *shader, const bump *b, size_t size, size_t carved)
{
   if ((size_t)(*b->end - *b->cur) < size) {
      char *start, *end;
      instr_chunk *chunk = carved >= HUGE_AFTER_BYTES
                              ? new_huge_chunk(shader, &start, &end)
                              : NULL;
      if (!chunk) {
         chunk = ralloc_size(shader, INSTR_CHUNK_SIZE);
         if (!chunk)
            return NULL;
         chunk->huge = NULL;
         start = (char *)(chunk + 1);
         end = (char *)chunk + INSTR_CHUNK_SIZE;
      }
      chunk->next = *b->chunks;
      *b->chunks = chunk;
      *b->cur = start;
      *b->end = end;
   }
   void *p = *b->cur;
   *b->cur += size;
   return p;
}

static void *
carve(nir_shader *shader, size_t size)
{
   const bump b = { &shader->instr_mem_cur, &shader->instr_mem_end,
                    &shader->instr_chunks };
   void *p = bump_carve(shader, &b, size, shader->instr_mem_used_B);
   if (p)
      shader->instr_mem_used_B += size;
   return p;
}

void *
nir_cf_mem_zalloc(nir_shader *shader, size_t size)
{
   size = round_size(size);
   assert(size <= INSTR_CHUNK_SIZE / 16);
   const bump b = { &shader->cf_mem_cur, &shader->cf_mem_end,
                    &shader->cf_chunks };
   void *p = bump_carve(shader, &b, size, 0);
   if (p)
      memset(p, 0, size);
   return p;
}

void *
nir_instr_mem_zalloc(nir_shader *shader, size_t size)
{
   size = round_size(size);
   if (!shader || size > INSTR_CHUNK_SIZE / 16)
      return rzalloc_size(shader, size);
   nir_instr *instr = carve(shader, size);
   if (!instr)
      return NULL;
   memset(instr, 0, size);
   instr->mem = NIR_INSTR_MEM_CHUNK;
   return instr;
}

/* The size nir_instr_mem_zalloc() was asked for when `instr` (carved from
 * a chunk) was created, rounded. */
static size_t
instr_size(const nir_instr *instr)
{
   switch (instr->type) {
   case nir_instr_type_alu: {
      const nir_alu_instr *alu = nir_instr_as_alu(instr);
      return round_size(sizeof(nir_alu_instr) +
                        nir_op_infos[alu->op].num_inputs *
                           sizeof(nir_alu_src));
   }
   case nir_instr_type_intrinsic: {
      const nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      return round_size(sizeof(nir_intrinsic_instr) +
                        nir_intrinsic_infos[intr->intrinsic].num_srcs *
                           sizeof(nir_src));
   }
   case nir_instr_type_load_const: {
      const nir_load_const_instr *lc = nir_instr_as_load_const(instr);
      return round_size(sizeof(nir_load_const_instr) +
                        lc->def.num_components * sizeof(nir_const_value));
   }
   case nir_instr_type_deref:
      return round_size(
         nir_deref_instr_size(nir_instr_as_deref(instr)->deref_type));
   case nir_instr_type_undef:
      return round_size(sizeof(nir_undef_instr));
   case nir_instr_type_jump:
      return round_size(sizeof(nir_jump_instr));
   case nir_instr_type_phi:
      return round_size(sizeof(nir_phi_instr));
   case nir_instr_type_tex:
      break;
   }
   assert(!"not a chunk instruction");
   return 0;
}

static nir_shader *
instr_shader(const nir_instr *instr)
{
   return nir_cf_node_get_function(&instr->block->cf_node)->function->shader;
}

size_t
nir_instr_mem_size(const nir_instr *instr)
{
   return instr->mem == NIR_INSTR_MEM_RALLOC ? 0 : instr_size(instr);
}

void
nir_instr_mem_removed(nir_instr *instr)
{
   if (instr->mem != NIR_INSTR_MEM_CHUNK || !instr->block)
      return;
   instr_shader(instr)->instr_mem_removed_B += instr_size(instr);
   instr->mem = NIR_INSTR_MEM_CHUNK_REMOVED;
}

void
nir_instr_mem_inserted(nir_instr *instr)
{
   if (instr->mem != NIR_INSTR_MEM_CHUNK_REMOVED)
      return;
   nir_shader *shader = instr_shader(instr);
   size_t size = instr_size(instr);
   assert(shader->instr_mem_removed_B >= size);
   shader->instr_mem_removed_B -= size;
   instr->mem = NIR_INSTR_MEM_CHUNK;
}

/* The instruction being moved: its old and new address and size. */
typedef struct {
   const char *old;
   char *dst;
   size_t size;
} move_ctx;

/* Pointers into the old copy (a neighbour in the same list that is part
 * of the same instruction, e.g. two sources reading one def, or a node
 * alone in its list) move with it. */
static struct list_head *
translate(const move_ctx *m, struct list_head *p)
{
   const char *c = (const char *)p;
   if (c >= m->old && c < m->old + m->size)
      return (struct list_head *)(m->dst + (c - m->old));
   return p;
}

/* A list node or head that moved: make its neighbours point at it. */
static void
relink(const move_ctx *m, struct list_head *node)
{
   node->next = translate(m, node->next);
   node->prev = translate(m, node->prev);
   node->next->prev = node;
   node->prev->next = node;
}

static void
move_src(const move_ctx *m, nir_src *src, nir_instr *instr)
{
   nir_src_set_parent_instr(src, instr);
   relink(m, &src->use_link);
}

/* Copy one instruction to `dst` and repoint everything that referred to
 * the old copy: its list neighbours, the use lists its sources are on,
 * its def's users and use list. */
static void
move_instr(nir_instr *old, void *dst, size_t size)
{
   const move_ctx m = { (const char *)old, dst, size };
   nir_instr *instr = dst;
   memcpy(instr, old, size);
   relink(&m, &instr->node);

   switch (instr->type) {
   case nir_instr_type_alu: {
      nir_alu_instr *alu = nir_instr_as_alu(instr);
      for (unsigned i = 0; i < nir_op_infos[alu->op].num_inputs; i++)
         move_src(&m, &alu->src[i].src, instr);
      break;
   }
   case nir_instr_type_intrinsic: {
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      for (unsigned i = 0; i < nir_intrinsic_infos[intr->intrinsic].num_srcs;
           i++)
         move_src(&m, &intr->src[i], instr);
      break;
   }
   case nir_instr_type_deref: {
      nir_deref_instr *d = nir_instr_as_deref(instr);
      if (d->deref_type != nir_deref_type_var)
         move_src(&m, &d->parent, instr);
      if (d->deref_type == nir_deref_type_array)
         move_src(&m, &d->arr_index, instr);
      break;
   }
   case nir_instr_type_phi: {
      /* The sources stay where they are (control-flow memory). */
      nir_phi_instr *phi = nir_instr_as_phi(instr);
      relink(&m, &phi->srcs);
      nir_foreach_phi_src(ps, phi)
         nir_src_set_parent_instr(&ps->src, instr);
      break;
   }
   default:
      break;
   }

   nir_def *def = nir_instr_def(instr);
   if (def) {
      relink(&m, &def->uses);
      nir_foreach_use_including_if(use, def)
         use->ssa = def;
   }
}

void
nir_shader_compact_instrs(nir_shader *shader)
{
   instr_chunk *old_chunks = shader->instr_chunks;
   shader->instr_chunks = NULL;
   shader->instr_mem_cur = shader->instr_mem_end = NULL;
   shader->instr_mem_used_B = 0;
   shader->instr_mem_removed_B = 0;

   bool out_of_memory = false;
   nir_foreach_function_impl(impl, shader) {
      unsigned next_def = 0;
      nir_foreach_block(block, impl) {
         nir_foreach_instr_safe(instr, block) {
            /* Def indices are handed out once and never reused, so most
             * of them belong to removed instructions by now: number the
             * live defs again, in program order, so that arrays indexed
             * by def (impl->ssa_alloc long) are dense and read in order. */
            nir_def *def = nir_instr_def(instr);
            if (def)
               def->index = next_def++;
            /* (An instruction counted as removed may be back in the
             * shader through plain list operations.) */
            if (instr->mem == NIR_INSTR_MEM_RALLOC || out_of_memory)
               continue;
            size_t size = instr_size(instr);
            nir_instr *moved = carve(shader, size);
            if (!moved) {
               /* Out of memory: the rest stays where it is. */
               out_of_memory = true;
               continue;
            }
            move_instr(instr, moved, size);
            moved->mem = NIR_INSTR_MEM_CHUNK;
         }
      }
      impl->ssa_alloc = next_def;
      /* Liveness is keyed by def index. */
      impl->valid_metadata &= ~nir_metadata_live_defs;
   }

   /* Everything live has moved, unless memory ran out: then the old
    * chunks stay (they are still the shader's children). */
   if (out_of_memory)
      return;
   while (old_chunks) {
      instr_chunk *next = old_chunks->next;
      ralloc_free(old_chunks);
      old_chunks = next;
   }
}

bool
nir_shader_compact_instrs_if_sparse(nir_shader *shader)
{
   if (shader->instr_mem_used_B < COMPACT_MIN_BYTES ||
       shader->instr_mem_removed_B < shader->instr_mem_used_B / 2 ||
       (nir_debug_flags() & NIR_DEBUG_NOCOMPACT))
      return false;
   nir_shader_compact_instrs(shader);
   return true;
}
