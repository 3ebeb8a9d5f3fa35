/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * AST to NIR: expressions.  Operators (with GLSL's scalar-vector
 * broadcasting and linear-algebra products), implicit conversions,
 * l-values (variables, fields, elements, swizzles) and initializers.
 * Short-circuit operators and ?: become ifs over a temporary, which
 * nir_lower_vars_to_ssa and peephole selection turn back into selects.
 */
#include <ctype.h>
#include <string.h>

#include "glsl_parser.h"
#include "glsl_to_nir_priv.h"

struct g2n_val
g2n_basic(const struct glsl_type *t, nir_def *v)
{
   struct g2n_val r = { .type = t };
   r.col[0] = v;
   return r;
}

static bool
is_aggregate(const struct glsl_type *t)
{
   return t->base_type == GLSL_TYPE_ARRAY ||
          t->base_type == GLSL_TYPE_STRUCT ||
          t->base_type == GLSL_TYPE_INTERFACE;
}

nir_def *
g2n_bool(struct g2n *c, struct g2n_val v)
{
   (void)c;
   return v.col[0];
}

unsigned
g2n_components(struct g2n *c, struct g2n_val v, nir_def **out)
{
   unsigned n = 0;
   for (unsigned col = 0; col < v.type->matrix_columns; col++) {
      for (unsigned i = 0; i < v.type->vector_elements; i++)
         out[n++] = v.col[col]->num_components > 1
                       ? nir_channel(&c->b, v.col[col], i)
                       : v.col[col];
   }
   return n;
}

/* One def from base type `from` to `to` (same component count). */
static nir_def *
convert_def(struct g2n *c, nir_def *x, enum glsl_base_type from,
            enum glsl_base_type to)
{
   nir_builder *b = &c->b;
   if (from == to)
      return x;
   switch (to) {
   case GLSL_TYPE_FLOAT:
      switch (from) {
      case GLSL_TYPE_INT: return nir_i2f32(b, x);
      case GLSL_TYPE_UINT: return nir_u2f32(b, x);
      case GLSL_TYPE_BOOL: return nir_b2f32(b, x);
      case GLSL_TYPE_DOUBLE: return nir_f2f32(b, x);
      default: return x;
      }
   case GLSL_TYPE_DOUBLE:
      switch (from) {
      case GLSL_TYPE_INT: return nir_i2f64(b, x);
      case GLSL_TYPE_UINT: return nir_u2f64(b, x);
      case GLSL_TYPE_BOOL: return nir_b2f64(b, x);
      case GLSL_TYPE_FLOAT: return nir_f2f64(b, x);
      default: return x;
      }
   case GLSL_TYPE_INT:
   case GLSL_TYPE_UINT:
      switch (from) {
      case GLSL_TYPE_FLOAT:
      case GLSL_TYPE_DOUBLE:
         return to == GLSL_TYPE_INT ? nir_f2i32(b, x) : nir_f2u32(b, x);
      case GLSL_TYPE_BOOL: return nir_b2i32(b, x);
      default: return x; /* int <-> uint keeps the bits */
      }
   case GLSL_TYPE_BOOL:
      switch (from) {
      case GLSL_TYPE_FLOAT:
      case GLSL_TYPE_DOUBLE:
         return nir_fneu(b, x, nir_imm_float_like(b, 0.0, x));
      default:
         return nir_ine(b, x, nir_imm_int_like(b, 0, x));
      }
   default:
      return x;
   }
}

struct g2n_val
g2n_convert(struct g2n *c, struct g2n_val v, const struct glsl_type *to)
{
   if (!to || !v.type || v.type == to || is_aggregate(to) ||
       !glsl_type_is_basic(to) || !glsl_type_is_basic(v.type))
      return v;
   struct g2n_val r = { .type = to };
   for (unsigned i = 0; i < v.type->matrix_columns && i < 4; i++)
      r.col[i] = convert_def(c, v.col[i], v.type->base_type, to->base_type);
   return r;
}

/* The same shape with another base type. */
static const struct glsl_type *
with_base(const struct glsl_type *t, enum glsl_base_type base)
{
   return glsl_simple_type(base, t->vector_elements, t->matrix_columns);
}

static nir_def *
splat(struct g2n *c, nir_def *x, unsigned n)
{
   if (x->num_components == n)
      return x;
   unsigned swz[16] = { 0 };
   return nir_swizzle(&c->b, x, swz, n);
}

/* Component-wise ALU of one column. */
static nir_def *
cw_op(struct g2n *c, int op, enum glsl_base_type base, nir_def *x,
      nir_def *y)
{
   nir_builder *b = &c->b;
   unsigned n = MAX2(x->num_components, y->num_components);
   x = splat(c, x, n);
   y = splat(c, y, n);
   bool f = glsl_type_is_float_base(base);
   bool u = base == GLSL_TYPE_UINT || base == GLSL_TYPE_UINT64;
   switch (op) {
   case '+': return f ? nir_fadd(b, x, y) : nir_iadd(b, x, y);
   case '-': return f ? nir_fsub(b, x, y) : nir_isub(b, x, y);
   case '*': return f ? nir_fmul(b, x, y) : nir_imul(b, x, y);
   case '/': return f ? nir_fdiv(b, x, y) : u ? nir_udiv(b, x, y)
                                              : nir_idiv(b, x, y);
   case '%': return u ? nir_umod(b, x, y) : nir_irem(b, x, y);
   case '&': return nir_iand(b, x, y);
   case '|': return nir_ior(b, x, y);
   case '^': return nir_ixor(b, x, y);
   case LEFT_OP: return nir_ishl(b, x, y);
   case RIGHT_OP: return u ? nir_ushr(b, x, y) : nir_ishr(b, x, y);
   default: return x;
   }
}

static enum glsl_base_type
common_base(enum glsl_base_type a, enum glsl_base_type b)
{
   if (a == b)
      return a;
   if (a == GLSL_TYPE_DOUBLE || b == GLSL_TYPE_DOUBLE)
      return GLSL_TYPE_DOUBLE;
   if (a == GLSL_TYPE_FLOAT || b == GLSL_TYPE_FLOAT)
      return GLSL_TYPE_FLOAT;
   if (a == GLSL_TYPE_UINT || b == GLSL_TYPE_UINT)
      return GLSL_TYPE_UINT;
   return a;
}

static nir_def *
equal_leaves(struct g2n *c, struct g2n_val a, struct g2n_val b)
{
   nir_builder *nb = &c->b;
   const struct glsl_type *t = a.type;
   if (t->base_type == GLSL_TYPE_ARRAY || t->base_type == GLSL_TYPE_STRUCT) {
      nir_def *all = nir_imm_true(nb);
      unsigned n = t->base_type == GLSL_TYPE_ARRAY ? (unsigned)t->length
                                                   : t->num_fields;
      for (unsigned i = 0; i < n; i++) {
         const struct glsl_type *et = t->base_type == GLSL_TYPE_ARRAY
                                         ? t->element
                                         : t->fields[i].type;
         nir_deref_instr *da = t->base_type == GLSL_TYPE_ARRAY
                                  ? nir_build_deref_array_imm(nb, a.deref, i)
                                  : nir_build_deref_struct(nb, a.deref, i);
         nir_deref_instr *db = t->base_type == GLSL_TYPE_ARRAY
                                  ? nir_build_deref_array_imm(nb, b.deref, i)
                                  : nir_build_deref_struct(nb, b.deref, i);
         all = nir_iand(nb, all, equal_leaves(c, g2n_load(c, da, et),
                                              g2n_load(c, db, et)));
      }
      return all;
   }
   enum glsl_base_type base = common_base(a.type->base_type,
                                          b.type->base_type);
   a = g2n_convert(c, a, with_base(a.type, base));
   b = g2n_convert(c, b, with_base(b.type, base));
   nir_def *all = nir_imm_true(nb);
   for (unsigned col = 0; col < t->matrix_columns; col++) {
      nir_def *x = a.col[col], *y = b.col[col];
      nir_def *eq;
      if (glsl_type_is_float_base(base))
         eq = nir_feq(nb, x, y);
      else if (base == GLSL_TYPE_BOOL)
         eq = nir_inot(nb, nir_ixor(nb, x, y));
      else
         eq = nir_ieq(nb, x, y);
      for (unsigned i = 0; i < eq->num_components; i++)
         all = nir_iand(nb, all, nir_channel(nb, eq, i));
   }
   return all;
}

static nir_def *
compare(struct g2n *c, int op, struct g2n_val a, struct g2n_val b)
{
   nir_builder *nb = &c->b;
   enum glsl_base_type base = common_base(a.type->base_type,
                                          b.type->base_type);
   nir_def *x = convert_def(c, a.col[0], a.type->base_type, base);
   nir_def *y = convert_def(c, b.col[0], b.type->base_type, base);
   bool f = glsl_type_is_float_base(base);
   bool u = base == GLSL_TYPE_UINT;
   switch (op) {
   case '<': return f ? nir_flt(nb, x, y) : u ? nir_ult(nb, x, y)
                                              : nir_ilt(nb, x, y);
   case '>': return f ? nir_flt(nb, y, x) : u ? nir_ult(nb, y, x)
                                              : nir_ilt(nb, y, x);
   case LE_OP: return f ? nir_fge(nb, y, x) : u ? nir_uge(nb, y, x)
                                                : nir_ige(nb, y, x);
   default: return f ? nir_fge(nb, x, y) : u ? nir_uge(nb, x, y)
                                             : nir_ige(nb, x, y);
   }
}

struct g2n_val
g2n_binop(struct g2n *c, int op, struct g2n_val a, struct g2n_val b,
          const struct glsl_type *rt)
{
   nir_builder *nb = &c->b;
   const struct glsl_type *tbool = glsl_simple_type(GLSL_TYPE_BOOL, 1, 1);
   switch (op) {
   case EQ_OP:
   case NE_OP: {
      nir_def *eq = equal_leaves(c, a, b);
      return g2n_basic(tbool, op == EQ_OP ? eq : nir_inot(nb, eq));
   }
   case '<':
   case '>':
   case LE_OP:
   case GE_OP:
      return g2n_basic(tbool, compare(c, op, a, b));
   case XOR_OP:
      return g2n_basic(tbool, nir_ixor(nb, a.col[0], b.col[0]));
   case AND_OP:
      return g2n_basic(tbool, nir_iand(nb, a.col[0], b.col[0]));
   case OR_OP:
      return g2n_basic(tbool, nir_ior(nb, a.col[0], b.col[0]));
   case LEFT_OP:
   case RIGHT_OP: {
      /* The shift count keeps its own type; both are 32-bit. */
      struct g2n_val r = { .type = rt };
      r.col[0] = cw_op(c, op, a.type->base_type, a.col[0], b.col[0]);
      return r;
   }
   default:
      break;
   }

   enum glsl_base_type base = rt->base_type;
   a = g2n_convert(c, a, with_base(a.type, base));
   b = g2n_convert(c, b, with_base(b.type, base));
   struct g2n_val r = { .type = rt };
   bool am = glsl_type_is_matrix(a.type), bm = glsl_type_is_matrix(b.type);
   if (op == '*' && (am || bm) && !glsl_type_is_scalar(a.type) &&
       !glsl_type_is_scalar(b.type)) {
      if (am && bm) {
         /* r[j] = sum_k a[k] * b[j][k] */
         for (unsigned j = 0; j < b.type->matrix_columns; j++) {
            nir_def *sum = NULL;
            for (unsigned k = 0; k < a.type->matrix_columns; k++) {
               nir_def *t = nir_fmul(nb, a.col[k],
                                     splat(c, nir_channel(nb, b.col[j], k),
                                           a.type->vector_elements));
               sum = sum ? nir_fadd(nb, sum, t) : t;
            }
            r.col[j] = sum;
         }
      } else if (am) {
         /* matrix * column vector */
         nir_def *sum = NULL;
         for (unsigned k = 0; k < a.type->matrix_columns; k++) {
            nir_def *t = nir_fmul(nb, a.col[k],
                                  splat(c, nir_channel(nb, b.col[0], k),
                                        a.type->vector_elements));
            sum = sum ? nir_fadd(nb, sum, t) : t;
         }
         r.col[0] = sum;
      } else {
         /* row vector * matrix: r[j] = dot(a, b[j]) */
         nir_def *comps[4];
         for (unsigned j = 0; j < b.type->matrix_columns; j++) {
            nir_def *sum = NULL;
            for (unsigned k = 0; k < b.type->vector_elements; k++) {
               nir_def *t = nir_fmul(nb, nir_channel(nb, a.col[0], k),
                                     nir_channel(nb, b.col[j], k));
               sum = sum ? nir_fadd(nb, sum, t) : t;
            }
            comps[j] = sum;
         }
         r.col[0] = nir_vec(nb, comps, b.type->matrix_columns);
      }
      return r;
   }
   for (unsigned col = 0; col < rt->matrix_columns; col++) {
      nir_def *x = a.col[am ? col : 0], *y = b.col[bm ? col : 0];
      r.col[col] = cw_op(c, op, base, x, y);
   }
   return r;
}

/* ---- l-values -------------------------------------------------------------- */

static int
swizzle_index(char ch)
{
   static const char *const sets[] = { "xyzw", "rgba", "stpq" };
   for (unsigned s = 0; s < 3; s++) {
      const char *p = strchr(sets[s], ch);
      if (p && ch)
         return (int)(p - sets[s]);
   }
   return -1;
}

static bool
parse_swizzle(const char *name, unsigned *swz, unsigned *n)
{
   *n = 0;
   for (const char *p = name; *p; p++) {
      int i = swizzle_index(*p);
      if (i < 0 || *n >= 4)
         return false;
      swz[(*n)++] = (unsigned)i;
   }
   return *n > 0;
}

static nir_def *
index_def(struct g2n *c, struct ast_node *n)
{
   struct g2n_val v = g2n_expr(c, n);
   nir_def *x = v.col[0];
   if (x && x->bit_size != 32)
      x = nir_type_convert(&c->b, x, nir_type_int, nir_type_int32);
   return x;
}

/* Elements an index may select in a value of type t (0: no limit). */
static unsigned
index_limit(const struct glsl_type *t)
{
   if (glsl_type_is_array(t))
      return t->length > 0 ? (unsigned)t->length : 0;
   if (glsl_type_is_matrix(t))
      return t->matrix_columns;
   return t->vector_elements;
}

/* Out-of-range indices are undefined in GLSL but must not stop the
 * program (GLSL 4.60 5.11 and piglit's array_bounds tests): a dynamic
 * index is clamped to the last element (an unsigned minimum, so negative
 * ones clamp too), which the robustness rules also allow for writes. */
static nir_def *
clamp_index(struct g2n *c, nir_def *idx, unsigned limit)
{
   if (!limit)
      return idx;
   if (nir_def_instr(idx)->type == nir_instr_type_load_const) {
      uint32_t v = nir_instr_as_load_const(nir_def_instr(idx))->value[0].u32;
      if (v < limit)
         return idx;
   }
   return nir_umin(&c->b, idx, nir_imm_int(&c->b, (int)limit - 1));
}

static void
lval_from_value(struct g2n *c, struct ast_node *n, struct g2n_lval *lv)
{
   struct g2n_val v = g2n_expr(c, n);
   memset(lv, 0, sizeof(*lv));
   lv->type = lv->dtype = v.type;
   lv->deref = g2n_spill(c, v);
}

bool
g2n_lvalue(struct g2n *c, struct ast_node *n, struct g2n_lval *lv)
{
   nir_builder *b = &c->b;
   memset(lv, 0, sizeof(*lv));
   switch (n->kind) {
   case AST_IDENT: {
      struct g2n_sym *sym = g2n_lookup(c, n->name);
      if (!sym) {
         g2n_fail(c, n, "unknown name '%s'", n->name);
         return false;
      }
      if (sym->var_index >= 0)
         util_dynarray_element(&c->vars, struct glsl_nir_var,
                               sym->var_index)->used = true;
      if (sym->is_sysval)
         return false;
      if (sym->mem_alias) {
         *lv = *sym->mem_alias;
         return true;
      }
      if (sym->is_ubo) {
         if (sym->mem != G2N_MEM_UBO)
            g2n_mem_lval(c, sym, lv);
         else
            g2n_ubo_lval(c, sym, lv);
         return true;
      }
      if (sym->io_members) {
         lv->type = lv->dtype = sym->type;
         lv->io_block = sym;
         return true;
      }
      lv->type = lv->dtype = sym->type;
      if (sym->ssa) {
         lv->ssa = sym;
         return true;
      }
      if (sym->alias)
         lv->deref = sym->alias;
      else
         lv->deref = g2n_var_deref(c, sym);
      if (sym->field >= 0)
         lv->deref = nir_build_deref_struct(b, lv->deref,
                                            (unsigned)sym->field);
      return true;
   }
   case AST_INDEX: {
      struct g2n_lval base;
      if (!g2n_lvalue(c, n->a, &base)) {
         if (c->failed)
            return false;
         lval_from_value(c, n->a, &base);
      }
      if (c->failed)
         return false;
      if (base.ssa && !base.nswz) {
         /* A component of a local kept as a value: as v.xyzw[i]. */
         base.nswz = base.dtype->vector_elements;
         for (unsigned k = 0; k < base.nswz; k++)
            base.swz[k] = k;
      }
      nir_def *idx = index_def(c, n->b);
      if (c->failed || !idx)
         return false;
      idx = clamp_index(c, idx,
                        base.ubo && base.ubo_array_len ? base.ubo_array_len
                        : base.nswz                    ? base.nswz
                                                       : index_limit(base.dtype));
      if (base.io_block) {
         /* An element of an array of blocks: the member picks the
          * variable, then this index applies to it. */
         *lv = base;
         lv->type = lv->dtype = base.dtype->element;
         if (lv->io_nindex == ARRAY_SIZE(lv->io_index)) {
            g2n_fail(c, n, "too many array dimensions on a block");
            return false;
         }
         lv->io_index[lv->io_nindex++] = idx;
         return true;
      }
      if (base.nswz) {
         /* v.zyx[i] names one component of v itself. */
         *lv = base;
         lv->type = glsl_simple_type(base.dtype->base_type, 1, 1);
         if (nir_def_instr(idx)->type == nir_instr_type_load_const) {
            unsigned k =
               nir_instr_as_load_const(nir_def_instr(idx))->value[0].u32;
            lv->swz[0] = base.swz[k < base.nswz ? k : 0];
            lv->nswz = 1;
         } else {
            lv->dyn_index = idx;
         }
         return true;
      }
      if (base.ubo) {
         *lv = base;
         g2n_ubo_index(c, lv, idx);
         return true;
      }
      const struct glsl_type *t = base.dtype;
      const struct glsl_type *et =
         t->base_type == GLSL_TYPE_ARRAY ? t->element
         : glsl_type_is_matrix(t)        ? glsl_column_type(t)
                                         : glsl_simple_type(t->base_type,
                                                            1, 1);
      lv->type = lv->dtype = et;
      lv->deref = nir_build_deref_array(b, base.deref, idx);
      return true;
   }
   case AST_FIELD: {
      const struct glsl_type *bt = n->a->vtype;
      struct g2n_lval base;
      if (!g2n_lvalue(c, n->a, &base)) {
         if (c->failed)
            return false;
         lval_from_value(c, n->a, &base);
      }
      if (c->failed)
         return false;
      if (bt && (bt->base_type == GLSL_TYPE_STRUCT ||
                 bt->base_type == GLSL_TYPE_INTERFACE)) {
         for (unsigned i = 0; i < bt->num_fields; i++) {
            if (!strcmp(bt->fields[i].name, n->name)) {
               if (base.ubo) {
                  *lv = base;
                  g2n_ubo_field(c, lv, i);
                  return true;
               }
               if (base.io_block) {
                  struct g2n_sym *blk = base.io_block;
                  nir_variable *mv = NULL;
                  int vi = -1;
                  const struct glsl_type *mt = bt->fields[i].type;
                  if (blk->io_builtin) {
                     struct g2n_sym *ms =
                        g2n_geom_in_member(c, bt->fields[i].name);
                     if (!ms) {
                        g2n_fail(c, n, "gl_in member '%s' is not "
                                 "translated yet", n->name);
                        return false;
                     }
                     mv = ms->var;
                     vi = ms->var_index;
                     mt = ms->type;
                  } else {
                     mv = blk->io_members[i];
                     vi = blk->io_member_index[i];
                  }
                  if (vi >= 0)
                     util_dynarray_element(&c->vars, struct glsl_nir_var,
                                           vi)->used = true;
                  lv->deref = nir_build_deref_var(b, mv);
                  for (unsigned k = 0; k < base.io_nindex; k++)
                     lv->deref = nir_build_deref_array(b, lv->deref,
                                                       base.io_index[k]);
                  if ((!base.io_nindex && blk->io_builtin) ||
                      glsl_type_is_array(base.dtype)) {
                     g2n_fail(c, n, "an array of blocks is used without "
                              "an index");
                     return false;
                  }
                  lv->type = lv->dtype = mt;
                  lv->io_nindex = 0;
                  lv->io_block = NULL;
                  return true;
               }
               lv->type = lv->dtype = bt->fields[i].type;
               lv->deref = nir_build_deref_struct(b, base.deref, i);
               return true;
            }
         }
         g2n_fail(c, n, "no field '%s'", n->name);
         return false;
      }
      unsigned swz[4], ns;
      if (!parse_swizzle(n->name, swz, &ns)) {
         g2n_fail(c, n, "bad swizzle '%s'", n->name);
         return false;
      }
      *lv = base;
      lv->type = n->vtype;
      if (base.nswz) {
         for (unsigned i = 0; i < ns; i++)
            lv->swz[i] = base.swz[swz[i]];
      } else {
         memcpy(lv->swz, swz, sizeof(swz));
      }
      lv->nswz = ns;
      return true;
   }
   default:
      return false;
   }
}

/* ---- expressions ----------------------------------------------------------- */

static struct g2n_val
sysval(struct g2n *c, struct g2n_sym *sym)
{
   unsigned bits = sym->type->base_type == GLSL_TYPE_BOOL ? 1 : 32;
   return g2n_basic(sym->type, nir_load_system_value(&c->b, sym->sysval,
                                                     bits));
}

static struct g2n_val
one_like(struct g2n *c, const struct glsl_type *t)
{
   struct g2n_val one = { .type = glsl_simple_type(t->base_type, 1, 1) };
   one.col[0] = glsl_type_is_float_base(t->base_type)
                   ? nir_imm_floatN_t(&c->b, 1.0,
                                      t->base_type == GLSL_TYPE_DOUBLE ? 64
                                                                       : 32)
                   : nir_imm_int(&c->b, 1);
   return one;
}

static struct g2n_val
incdec(struct g2n *c, struct ast_node *n)
{
   struct g2n_lval lv;
   if (!g2n_lvalue(c, n->a, &lv)) {
      g2n_fail(c, n, "increment of something that is not a variable");
      return (struct g2n_val){ .type = n->vtype };
   }
   struct g2n_val old = g2n_load_lval(c, &lv);
   int op = n->kind == AST_PRE_INC || n->kind == AST_POST_INC ? '+' : '-';
   g2n_prec_begin(c, g2n_lval_prec(c, n->a), lv.type->base_type);
   struct g2n_val nv = g2n_binop(c, op, old, one_like(c, lv.type), lv.type);
   g2n_prec_end(c);
   g2n_store_lval(c, &lv, nv);
   return n->kind == AST_PRE_INC || n->kind == AST_PRE_DEC ? nv : old;
}

static struct g2n_val
assign(struct g2n *c, struct ast_node *n)
{
   struct g2n_lval lv;
   if (!g2n_lvalue(c, n->a, &lv)) {
      g2n_fail(c, n, "assignment to something that is not a variable");
      return (struct g2n_val){ .type = n->vtype };
   }
   struct g2n_val v = g2n_expr(c, n->b);
   if (c->failed)
      return v;
   if (n->op != '=') {
      struct g2n_val old = g2n_load_lval(c, &lv);
      g2n_prec_begin(c, g2n_prec_max(c->operand_prec,
                                     g2n_lval_prec(c, n->a)),
                     lv.type->base_type);
      v = g2n_binop(c, n->op, old, v, lv.type);
      g2n_prec_end(c);
   }
   v = g2n_convert(c, v, lv.type);
   g2n_store_lval(c, &lv, v);
   return v;
}

/* a && b, a || b: b runs only when it decides the result. */
static struct g2n_val
logic(struct g2n *c, struct ast_node *n)
{
   nir_builder *b = &c->b;
   const struct glsl_type *tbool = glsl_simple_type(GLSL_TYPE_BOOL, 1, 1);
   nir_def *x = g2n_expr(c, n->a).col[0];
   if (c->failed)
      return g2n_basic(tbool, x);
   /* A constant left side decides alone, or leaves the right side's
    * value (straight code, so that it folds further). */
   int known = g2n_fold_bool(c, &x);
   if (known >= 0) {
      if ((known == 1) == (n->op == OR_OP))
         return g2n_basic(tbool, x);
      return g2n_expr(c, n->b);
   }
   struct g2n_ssa_join join;
   g2n_ssa_join_begin(c, &join);
   nir_if *nif = nir_push_if(b, n->op == AND_OP ? x : nir_inot(b, x));
   nir_def *y = g2n_expr(c, n->b).col[0];
   g2n_ssa_join_mid(c, &join);
   nir_pop_if(b, nif);
   g2n_ssa_join_end(c, &join, nif);
   if (c->failed || !y)
      return g2n_basic(tbool, x);
   return g2n_basic(tbool, nir_if_phi(b, y, x));
}

static struct g2n_val
conditional(struct g2n *c, struct ast_node *n)
{
   nir_builder *b = &c->b;
   const struct glsl_type *t = n->vtype;
   nir_def *cond = g2n_expr(c, n->a).col[0];
   if (c->failed)
      return (struct g2n_val){ .type = t };
   /* A constant condition: only the side it picks. */
   int known = g2n_fold_bool(c, &cond);
   if (known >= 0) {
      struct g2n_val v = g2n_expr(c, known ? n->b : n->c);
      return t->base_type == GLSL_TYPE_VOID ? v : g2n_convert(c, v, t);
   }
   /* Two void calls have only their effects; a scalar or vector result
    * is a phi, others go through a temporary. */
   bool is_void = t->base_type == GLSL_TYPE_VOID;
   nir_variable *tmp = is_void || g2n_ssa_type_ok(t) ? NULL
                                                     : g2n_temp(c, t, "cond");
   struct g2n_ssa_join join;
   g2n_ssa_join_begin(c, &join);
   nir_if *nif = nir_push_if(b, cond);
   struct g2n_val x = g2n_expr(c, n->b);
   if (!is_void && !c->failed) {
      x = g2n_convert(c, x, t);
      if (tmp && !c->failed)
         g2n_store(c, nir_build_deref_var(b, tmp), t, x);
   }
   g2n_ssa_join_mid(c, &join);
   nir_push_else(b, nif);
   struct g2n_val y = g2n_expr(c, n->c);
   if (!is_void && !c->failed) {
      y = g2n_convert(c, y, t);
      if (tmp && !c->failed)
         g2n_store(c, nir_build_deref_var(b, tmp), t, y);
   }
   nir_pop_if(b, nif);
   g2n_ssa_join_end(c, &join, nif);
   if (is_void || c->failed)
      return (struct g2n_val){ .type = t };
   if (tmp)
      return g2n_load(c, nir_build_deref_var(b, tmp), t);
   return g2n_basic(t, nir_if_phi(b, x.col[0], y.col[0]));
}

static struct g2n_val
unary(struct g2n *c, struct ast_node *n)
{
   struct g2n_val v = g2n_expr(c, n->a);
   if (c->failed)
      return v;
   nir_builder *b = &c->b;
   g2n_prec_begin(c, c->operand_prec, v.type->base_type);
   for (unsigned i = 0; i < v.type->matrix_columns && i < 4; i++) {
      nir_def *x = v.col[i];
      switch (n->op) {
      case '-':
         v.col[i] = glsl_type_is_float_base(v.type->base_type)
                       ? nir_fneg(b, x)
                       : nir_ineg(b, x);
         break;
      case '!':
      case '~':
         v.col[i] = nir_inot(b, x);
         break;
      default:
         break;
      }
   }
   g2n_prec_end(c);
   return v;
}

static struct g2n_val
constant(struct g2n *c, struct ast_node *n)
{
   nir_builder *b = &c->b;
   const struct glsl_type *t = n->vtype;
   switch (n->kind) {
   case AST_INT_CONST:
   case AST_UINT_CONST:
      if (t && (t->base_type == GLSL_TYPE_INT64 ||
                t->base_type == GLSL_TYPE_UINT64))
         return g2n_basic(t, nir_imm_int64(b, (int64_t)n->value.u));
      return g2n_basic(t, nir_imm_int(b, (int32_t)(uint32_t)n->value.u));
   case AST_FLOAT_CONST:
      return g2n_basic(t, nir_imm_float(b, (float)n->value.f));
   case AST_DOUBLE_CONST:
      return g2n_basic(t, nir_imm_floatN_t(b, n->value.f, 64));
   default:
      return g2n_basic(t, nir_imm_bool(b, n->value.b));
   }
}

/* The checker leaves the error type on calls of texture functions its
 * tables describe only in part (it accepts them unchecked), and on what
 * contains them.  The type follows from GLSL 1.10 8.7 / 4.60 8.9: the
 * 1.10 names return vec4; the others a vec4 of the sampler's type, or a
 * float for shadow samplers; an assignment has its left side's type. */
static const struct glsl_type *
infer_type(struct ast_node *n)
{
   if (n->kind == AST_ASSIGN)
      return n->a ? n->a->vtype : NULL;
   if (n->kind == AST_FIELD && n->a) {
      /* a swizzle of such a call */
      const struct glsl_type *bt = n->a->vtype;
      if (!bt || bt->base_type == GLSL_TYPE_ERROR)
         bt = n->a->vtype = infer_type(n->a);
      size_t len = strlen(n->name);
      if (bt && glsl_type_is_basic(bt) && len >= 1 && len <= 4)
         return glsl_simple_type(bt->base_type, (unsigned)len, 1);
      return NULL;
   }
   if (n->kind != AST_CALL || n->type || !n->list.head)
      return NULL;
   const char *name = n->name;
   const struct glsl_type *st = n->list.head->vtype;
   if (strncmp(name, "texture", 7) && strncmp(name, "shadow", 6))
      return NULL;
   if (!strncmp(name, "shadow", 6) || isdigit((unsigned char)name[7]) ||
       !strncmp(name + 7, "Cube", 4) || !strncmp(name + 7, "Rect", 4))
      return glsl_simple_type(GLSL_TYPE_FLOAT, 4, 1);
   if (!st || st->base_type != GLSL_TYPE_SAMPLER ||
       !strncmp(name, "textureSize", 11))
      return NULL;
   if (st->sampler_shadow)
      return glsl_simple_type(GLSL_TYPE_FLOAT, 1, 1);
   return glsl_simple_type(st->sampled_type, 4, 1);
}

static struct g2n_val
expr(struct g2n *c, struct ast_node *n)
{
   struct g2n_val none = { .type = n->vtype };
   if (c->failed)
      return none;
   if (!n->vtype || n->vtype->base_type == GLSL_TYPE_ERROR)
      n->vtype = infer_type(n);
   if (!n->vtype || n->vtype->base_type == GLSL_TYPE_ERROR) {
      g2n_fail(c, n, "expression without a type");
      return none;
   }
   none.type = n->vtype;
   switch (n->kind) {
   case AST_INT_CONST:
   case AST_UINT_CONST:
   case AST_FLOAT_CONST:
   case AST_DOUBLE_CONST:
   case AST_BOOL_CONST:
      return constant(c, n);
   case AST_IDENT: {
      struct g2n_sym *sym = g2n_lookup(c, n->name);
      if (sym && sym->is_sysval)
         return sysval(c, sym);
   }
      /* fallthrough */
   case AST_INDEX: {
      /* gl_SampleMaskIn[i]: its one word (the only valid index is 0) */
      if (n->kind == AST_INDEX && n->a && n->a->kind == AST_IDENT) {
         struct g2n_sym *sym = g2n_lookup(c, n->a->name);
         if (sym && sym->is_sysval && !glsl_type_is_array(sym->type))
            return sysval(c, sym);
      }
      struct g2n_lval lv;
      if (!g2n_lvalue(c, n, &lv)) {
         if (!c->failed)
            g2n_fail(c, n, "cannot translate this expression");
         return none;
      }
      return g2n_load_lval(c, &lv);
   }
   case AST_FIELD: {
      const struct glsl_type *bt = n->a->vtype;
      if (bt && (bt->base_type == GLSL_TYPE_STRUCT ||
                 bt->base_type == GLSL_TYPE_INTERFACE)) {
         struct g2n_lval lv;
         if (!g2n_lvalue(c, n, &lv))
            return none;
         return g2n_load_lval(c, &lv);
      }
      struct g2n_val v = g2n_expr(c, n->a);
      unsigned swz[4], ns;
      if (c->failed || !parse_swizzle(n->name, swz, &ns)) {
         g2n_fail(c, n, "bad swizzle '%s'", n->name);
         return none;
      }
      return g2n_basic(n->vtype, nir_swizzle(&c->b, v.col[0], swz, ns));
   }
   case AST_BINARY: {
      if (n->op == AND_OP || n->op == OR_OP)
         return logic(c, n);
      struct g2n_val a = g2n_expr(c, n->a);
      struct g2n_val b = g2n_expr(c, n->b);
      if (c->failed)
         return none;
      /* a comparison's operation is on its operands' type */
      g2n_prec_begin(c, c->operand_prec, n->vtype->base_type ==
                                               GLSL_TYPE_BOOL
                                            ? a.type->base_type
                                            : n->vtype->base_type);
      struct g2n_val r = g2n_binop(c, n->op, a, b, n->vtype);
      g2n_prec_end(c);
      return r;
   }
   case AST_UNARY:
      return unary(c, n);
   case AST_PRE_INC:
   case AST_PRE_DEC:
   case AST_POST_INC:
   case AST_POST_DEC:
      return incdec(c, n);
   case AST_ASSIGN:
      return assign(c, n);
   case AST_COND:
      return conditional(c, n);
   case AST_SEQUENCE:
      g2n_expr(c, n->a);
      return g2n_expr(c, n->b);
   case AST_CALL:
      if (n->type)
         return g2n_constructor(c, n);
      return g2n_call(c, n);
   case AST_METHOD: {
      /* length(): arrays, and vectors/matrices from GLSL 4.30. */
      const struct glsl_type *t = n->a->vtype;
      int len = 0;
      if (t && t->base_type == GLSL_TYPE_ARRAY)
         len = t->length;
      else if (t && glsl_type_is_matrix(t))
         len = t->matrix_columns;
      else if (t)
         len = t->vector_elements;
      /* Geometry inputs are sized by the stage's input primitive
       * (declared maybe in another shader of the stage): the size of
       * the translated variable counts. */
      if (c->stage == MESA_SHADER_GEOMETRY && n->a->kind == AST_IDENT) {
         struct g2n_sym *sym = g2n_lookup(c, n->a->name);
         if (sym && sym->type && glsl_type_is_array(sym->type) &&
             sym->type->length > 0)
            len = sym->type->length;
      }
      if (len < 0) {
         /* the unsized last member of a storage block */
         nir_def *rt = g2n_mem_length(c, n->a);
         if (rt)
            return g2n_basic(n->vtype, rt);
         /* an array sized by its constant indices (GLSL 4.30 4.1.9,
          * ARB_shader_storage_buffer_object): the size it was given */
         struct g2n_sym *sym = n->a->kind == AST_IDENT
                                  ? g2n_lookup(c, n->a->name)
                                  : NULL;
         if (sym && sym->type && glsl_type_is_array(sym->type) &&
             sym->type->length > 0)
            len = sym->type->length;
      }
      return g2n_basic(n->vtype, nir_imm_int(&c->b, len));
   }
   default:
      g2n_fail(c, n, "unexpected expression");
      return none;
   }
}

/* Translates n, keeping its precision rank (glsl_to_nir_prec.c): the
 * highest of its direct operands is gathered in operand_prec while they
 * are translated. */
struct g2n_val
g2n_expr(struct g2n *c, struct ast_node *n)
{
   unsigned outer = c->operand_prec;
   c->operand_prec = G2N_PREC_NONE;
   struct g2n_val v = expr(c, n);
   c->expr_prec = g2n_node_prec(c, n, c->operand_prec);
   c->operand_prec = g2n_prec_max(outer, c->expr_prec);
   return v;
}

/* ---- initializers ------------------------------------------------------------ */

struct g2n_val
g2n_initializer(struct g2n *c, struct ast_node *init,
                const struct glsl_type *t)
{
   if (init->kind != AST_INIT_LIST)
      return g2n_convert(c, g2n_expr(c, init), t);
   nir_builder *b = &c->b;
   if (is_aggregate(t)) {
      nir_variable *tmp = g2n_temp(c, t, "init");
      nir_deref_instr *d = nir_build_deref_var(b, tmp);
      unsigned i = 0;
      for (struct ast_node *e = init->list.head; e && !c->failed;
           e = e->next, i++) {
         const struct glsl_type *et;
         nir_deref_instr *ed = g2n_member_deref(b, d, t, i, &et);
         if (!ed)
            break;
         g2n_store(c, ed, et, g2n_initializer(c, e, et));
      }
      struct g2n_val v = { .type = t, .deref = d };
      return v;
   }
   /* vec4 v = { 1, 2, 3, 4 }; mat2 m = { vec2(...), vec2(...) }; */
   struct g2n_val v = { .type = t };
   if (glsl_type_is_matrix(t)) {
      unsigned i = 0;
      for (struct ast_node *e = init->list.head; e && i < 4; e = e->next)
         v.col[i++] = g2n_initializer(c, e, glsl_column_type(t)).col[0];
      return v;
   }
   nir_def *comps[4];
   unsigned i = 0;
   for (struct ast_node *e = init->list.head; e && i < 4; e = e->next) {
      comps[i++] = g2n_initializer(c, e, glsl_simple_type(t->base_type, 1,
                                                         1)).col[0];
   }
   if (c->failed || i != t->vector_elements)
      return v;
   v.col[0] = i > 1 ? nir_vec(b, comps, i) : comps[0];
   return v;
}
