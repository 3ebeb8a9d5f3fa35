/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * The agxdecode dump format: writer/reader round trip, the byte layout
 * documented in docs/agxdecode.rst, and rejection of damaged files.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asahi/lib/decode_dump.h"

struct blob {
   char *data;
   size_t size;
};

static struct blob
write_sample(void)
{
   struct blob b = {0};
   FILE *fp = open_memstream(&b.data, &b.size);
   assert_non_null(fp);

   static const uint8_t stream[] = {0x00, 0x00, 0x00, 0xc0};
   static const uint8_t odd[5] = {1, 2, 3, 4, 5};
   static const uint8_t cmdbuf[] = {0xaa, 0xbb, 0xcc};

   struct agx_dump_writer w;
   assert_true(agx_dump_writer_begin(&w, fp, 0x1100000000ull));
   assert_true(agx_dump_writer_add_region(&w, 0x1500000000ull, stream,
                                          sizeof(stream), 0));
   assert_true(agx_dump_writer_add_region(&w, 0x1100004000ull, odd, sizeof(odd),
                                          AGX_DUMP_REGION_SHADER));
   assert_true(agx_dump_writer_finish(&w, AGX_DUMP_SUBMISSION_DRM_ASAHI, cmdbuf,
                                      sizeof(cmdbuf)));
   fclose(fp);
   return b;
}

static void
test_layout(void **state)
{
   struct blob b = write_sample();
   const uint8_t *p = (const uint8_t *)b.data;

   /* 48 header + (24 + 4 + 4 pad) + (24 + 5 + 3 pad) + 3 submission */
   assert_int_equal(b.size, 48 + 32 + 32 + 3);
   assert_memory_equal(p, "AGXDUMP\0", 8);
   assert_int_equal(agx_dump_get_u32(p + 8), 1);
   assert_int_equal(agx_dump_get_u32(p + 12), 48);
   assert_int_equal(agx_dump_get_u32(p + 16), 2);
   assert_int_equal(agx_dump_get_u32(p + 20), 1);
   assert_int_equal(agx_dump_get_u64(p + 24), 3);
   /* Little-endian regardless of host. */
   assert_int_equal(p[32], 0x00);
   assert_int_equal(p[36], 0x11);
   assert_int_equal(agx_dump_get_u64(p + 48), 0x1500000000ull);
   assert_int_equal(agx_dump_get_u64(p + 56), 4);
   assert_int_equal(p[48 + 24 + 3], 0xc0);
   assert_int_equal(p[b.size - 1], 0xcc);
   free(b.data);
}

static void
test_round_trip(void **state)
{
   struct blob b = write_sample();
   struct agx_dump d;
   const char *err = NULL;
   assert_true(agx_dump_read(b.data, b.size, &d, &err));
   assert_int_equal(d.region_count, 2);
   assert_int_equal(d.submission_kind, AGX_DUMP_SUBMISSION_DRM_ASAHI);
   assert_int_equal(d.usc_exec_base, 0x1100000000ull);
   assert_int_equal(d.submission_size_B, 3);
   assert_int_equal(d.submission[0], 0xaa);

   const uint8_t *cursor = NULL;
   uint32_t i = 0;
   struct agx_dump_region r = {0};
   assert_true(agx_dump_next_region(&d, &cursor, &i, &r));
   assert_int_equal(r.va, 0x1500000000ull);
   assert_int_equal(r.size_B, 4);
   assert_int_equal(r.data[3], 0xc0);
   assert_true(agx_dump_next_region(&d, &cursor, &i, &r));
   assert_int_equal(r.va, 0x1100004000ull);
   assert_int_equal(r.flags, AGX_DUMP_REGION_SHADER);
   assert_int_equal(r.data[4], 5);
   assert_false(agx_dump_next_region(&d, &cursor, &i, &r));
   free(b.data);
}

static void
test_damaged(void **state)
{
   struct blob b = write_sample();
   struct agx_dump d;
   const char *err = NULL;

   /* Every truncation is rejected with a message, never read past. */
   for (size_t n = 0; n < b.size; n++) {
      char *copy = malloc(n ? n : 1);
      memcpy(copy, b.data, n);
      err = NULL;
      assert_false(agx_dump_read(copy, n, &d, &err));
      assert_non_null(err);
      free(copy);
   }

   b.data[0] = 'X';
   assert_false(agx_dump_read(b.data, b.size, &d, &err));
   b.data[0] = 'A';
   b.data[8] = 2; /* version */
   assert_false(agx_dump_read(b.data, b.size, &d, &err));
   b.data[8] = 1;
   b.data[16] = (char)0xc8; /* region count beyond the file */
   assert_false(agx_dump_read(b.data, b.size, &d, &err));
   b.data[16] = 2;
   b.data[56 + 7] = 0xff; /* huge region size */
   assert_false(agx_dump_read(b.data, b.size, &d, &err));
   free(b.data);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_layout),
      cmocka_unit_test(test_round_trip),
      cmocka_unit_test(test_damaged),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
