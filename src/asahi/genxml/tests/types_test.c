/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * Generator checks on types.xml whose expected bytes are worked out by hand
 * from the field layout in the XML (not taken from the packer's output).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>

#include "types_pack.h"

static void
check_defaults(void)
{
   uint8_t p[20];
   agx_pack(p, EVERY_TYPE, cfg) {
   }
   /* flag 1 | small 5<<1 | signed -3 (0b111101)<<4 | raw 0x2a<<10
    * | colour 5<<16 | lod 2.5*64=160<<19 */
   uint32_t w0 = 1 | 5 << 1 | 0x3d << 4 | 0x2a << 10 | 5 << 16 | 160u << 19;
   assert_int_equal(agx_genxml_get_bits(p, 0, 32), w0);
   assert_int_equal(agx_genxml_get_bits(p, 32, 32), 0xc000);     /* -2.0 half */
   assert_int_equal(agx_genxml_get_bits(p, 64, 32), 0x3e800000); /* 0.25 */

   agx_unpack(NULL, p, EVERY_TYPE, v);
   assert_int_equal(v.signed_, -3);
   assert_true(v.half == -2.0f);

   uint8_t m[6];
   agx_pack(m, MODIFIERS, cfg) {
      cfg.straddle = 0x5555555;
   }
   /* plus one 16 -> 15; aligned 0x80 -> 8; power 4 -> 2; blocks 8 -> 2 */
   uint64_t expect = 15 | 8 << 4 | 2 << 12 | 2 << 15 | 0x5555555ull << 19;
   assert_int_equal(agx_genxml_get_bits(m, 0, 48), expect);
}

static void
check_half(void)
{
   static const struct {
      float f;
      uint16_t h;
   } cases[] = {
      {1.0f, 0x3c00},           {-0.0f, 0x8000},
      {65504.0f, 0x7bff},       {65520.0f, 0x7c00},
      {5.9604645e-8f, 0x0001}, /* 2^-24 */
      {1e-9f, 0x0000},          {0.333333f, 0x3555},
      {1.00048828125f, 0x3c00}, {6.1035156e-5f, 0x0400}, /* smallest normal */
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      assert_int_equal(agx_genxml_float_to_half(cases[i].f), cases[i].h);
   }
   assert_true(agx_genxml_half_to_float(0x3555) > 0.3332f);
   assert_true(agx_genxml_half_to_float(0x0001) == 5.9604645e-8f);
}

static void
check_lod_and_groups(void)
{
   uint8_t p[20];
   agx_pack(p, EVERY_TYPE, cfg) {
      cfg.lod = 20.0f; /* clamps to 14 */
   }
   assert_int_equal(agx_genxml_get_bits(p, 19, 10), 14 * 64);
   agx_pack(p, EVERY_TYPE, cfg) {
      cfg.lod = -1.0f;
   }
   assert_int_equal(agx_genxml_get_bits(p, 19, 10), 0);

   uint8_t m[6];
   agx_pack(m, MODIFIERS, cfg) {
      cfg.blocks = 5; /* rounds up to 2 groups of 4 */
   }
   assert_int_equal(agx_genxml_get_bits(m, 15, 4), 2);
   agx_pack(m, MODIFIERS, cfg) {
      cfg.blocks = 64; /* 16 groups: all, stored as 0 */
   }
   assert_int_equal(agx_genxml_get_bits(m, 15, 4), 0);
   agx_unpack(NULL, m, MODIFIERS, v);
   assert_int_equal(v.blocks, 64);
}

static void
check_unknown_bits(void)
{
   /* Bits 29-31 of every type and 46-47 of modifiers belong to no field. */
   uint8_t p[20] = {0};
   p[3] = 0x80;
   char *text = NULL;
   size_t size = 0;
   FILE *fp = open_memstream(&text, &size);
   struct AGX_EVERY_TYPE v;
   assert_false(AGX_EVERY_TYPE_unpack(fp, p, &v));
   fclose(fp);
   assert_non_null(strstr(text, "byte 3: 0x80"));
   free(text);

   uint8_t m[6] = {0, 0, 0, 0, 0, 0x40};
   struct AGX_MODIFIERS mv;
   assert_false(AGX_MODIFIERS_unpack(NULL, m, &mv));
   m[5] = 0x20;
   assert_true(AGX_MODIFIERS_unpack(NULL, m, &mv));
}

static void
check_print_and_merge(void)
{
   uint8_t a[20], b[20];
   agx_pack(a, EVERY_TYPE, cfg) {
      cfg.colour = (enum agx_colour)3; /* not a named value */
   }
   agx_unpack(NULL, a, EVERY_TYPE, v);
   char *text = NULL;
   size_t size = 0;
   FILE *fp = open_memstream(&text, &size);
   agx_print(fp, EVERY_TYPE, v, 2);
   fclose(fp);
   assert_non_null(strstr(text, "  Colour: XXX: unknown (3)\n"));
   assert_non_null(strstr(text, "  Signed: -3\n"));
   assert_non_null(strstr(text, "  Raw: 0x2a\n"));
   assert_non_null(strstr(text, "  Flag: true\n"));
   free(text);
   assert_string_equal(agx_colour_as_str(AGX_COLOUR_BLUE), "blue");
   assert_null(agx_colour_as_str((enum agx_colour)2));

   memset(a, 0, sizeof(a));
   memset(b, 0, sizeof(b));
   a[0] = 0x01;
   b[0] = 0x10;
   b[19] = 0x80;
   agx_merge(a, b, EVERY_TYPE);
   assert_int_equal(a[0], 0x11);
   assert_int_equal(a[19], 0x80);
}

void genxml_types_extra_tests(void **state);

void
genxml_types_extra_tests(void **state)
{
   check_defaults();
   check_half();
   check_lod_and_groups();
   check_unknown_bits();
   check_print_and_merge();
}
