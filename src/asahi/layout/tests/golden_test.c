/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Check ail against allocations the vendor driver made on real M1 hardware
 * (../shared/data/ail, see its README).  Every row must match exactly.  The
 * folder is not part of the repository; without it the program reports a
 * skip to meson (exit 77).  The format names in the data must also be in
 * the format table.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "util/format/u_format.h"
#include "util/tests/golden_data.h"

#define MAX_FIELDS 20

struct row {
   char *field[MAX_FIELDS];
   unsigned count;
};

static FILE *
open_data(const char *name)
{
   char path[4096];
   snprintf(path, sizeof(path), "%s/ail/%s", SHARED_DATA_DIR, name);
   /* main() checked that every file is there. */
   FILE *fp = fopen(path, "r");
   if (!fp)
      fail_msg("cannot open %s", path);
   return fp;
}

/* Split a line at `sep` in place. */
static void
split(char *line, char sep, struct row *row)
{
   row->count = 0;
   line[strcspn(line, "\r\n")] = '\0';
   char *p = line;
   while (row->count < MAX_FIELDS) {
      row->field[row->count++] = p;
      char *next = strchr(p, sep);
      if (!next)
         break;
      *next = '\0';
      p = next + 1;
   }
}

static uint64_t
number(const char *s)
{
   char *end;
   uint64_t v = strtoull(s, &end, 0);
   if (*s == '\0' || *end != '\0')
      fail_msg("bad number '%s' in golden data", s);
   return v;
}

static enum pipe_format
format(const char *s)
{
   enum pipe_format f = util_format_from_name(s);
   if (f == PIPE_FORMAT_NONE)
      fail_msg("unknown format '%s' in golden data", s);
   return f;
}

/* Size-only rows: format,width,height,depth,levels,size_bytes. */
static void
check_sizes(const char *file, enum ail_tiling tiling)
{
   FILE *fp = open_data(file);

   char line[1024];
   unsigned rows = 0, bad = 0;
   bool header = true;
   while (fgets(line, sizeof(line), fp)) {
      if (header) {
         header = false;
         continue;
      }
      struct row r;
      split(line, ',', &r);
      if (r.count != 6)
         fail_msg("%s: malformed row %u", file, rows + 1);

      struct ail_layout layout = {
         .format = format(r.field[0]),
         .width_px = number(r.field[1]),
         .height_px = number(r.field[2]),
         .depth_px = number(r.field[3]),
         .levels = number(r.field[4]),
         .sample_count_sa = 1,
         .tiling = tiling,
      };
      uint64_t expect = number(r.field[5]);
      enum ail_error err = ail_make_miptree(&layout);
      rows++;

      if (err || layout.size_B != expect) {
         if (bad++ < 20)
            print_error("%s %ux%ux%u %u levels: size %" PRIu64
                        ", expected %" PRIu64 " (%s)\n",
                        r.field[0], layout.width_px, layout.height_px,
                        layout.depth_px, layout.levels, layout.size_B, expect,
                        ail_error_string(err));
      }
   }
   fclose(fp);

   print_message("%s: %u/%u rows match\n", file, rows - bad, rows);
   assert_true(rows > 0);
   assert_int_equal(bad, 0);
}

static void
test_twiddled_sizes(void **state)
{
   check_sizes("twiddled_sizes.csv", AIL_TILING_TWIDDLED);
}

static void
test_compressed_sizes(void **state)
{
   check_sizes("compressed_sizes.csv", AIL_TILING_TWIDDLED_COMPRESSED);
}

/* format,width,height,depth,levels,samples,compressed,metadata_offset,size */
static void
test_msaa_sizes(void **state)
{
   FILE *fp = open_data("msaa_sizes.csv");

   char line[1024];
   unsigned rows = 0, bad = 0;
   bool header = true;
   while (fgets(line, sizeof(line), fp)) {
      if (header) {
         header = false;
         continue;
      }
      struct row r;
      split(line, ',', &r);
      if (r.count != 9)
         fail_msg("msaa_sizes.csv: malformed row %u", rows + 1);

      bool compressed = number(r.field[6]);
      struct ail_layout layout = {
         .format = format(r.field[0]),
         .width_px = number(r.field[1]),
         .height_px = number(r.field[2]),
         .depth_px = number(r.field[3]),
         .levels = number(r.field[4]),
         .sample_count_sa = number(r.field[5]),
         .tiling =
            compressed ? AIL_TILING_TWIDDLED_COMPRESSED : AIL_TILING_TWIDDLED,
      };
      uint64_t expect_meta = number(r.field[7]);
      uint64_t expect = number(r.field[8]);
      enum ail_error err = ail_make_miptree(&layout);
      rows++;

      if (err || layout.size_B != expect ||
          (compressed && layout.metadata_offset_B != expect_meta)) {
         if (bad++ < 20)
            print_error("%s %ux%ux%u %u levels %ux %s: size %" PRIu64
                        " meta %" PRIu64 ", expected %" PRIu64 " meta %" PRIu64
                        " (%s)\n",
                        r.field[0], layout.width_px, layout.height_px,
                        layout.depth_px, layout.levels, layout.sample_count_sa,
                        compressed ? "compressed" : "uncompressed",
                        layout.size_B, layout.metadata_offset_B, expect,
                        expect_meta, ail_error_string(err));
      }
   }
   fclose(fp);

   print_message("msaa_sizes.csv: %u/%u rows match\n", rows - bad, rows);
   assert_true(rows > 0);
   assert_int_equal(bad, 0);
}

/* format,width,height,levels,offset;offset;... (2D, twiddled) */
static void
test_mip_offsets(void **state)
{
   FILE *fp = open_data("mip_offsets.csv");

   char line[4096];
   unsigned rows = 0, bad = 0;
   bool header = true;
   while (fgets(line, sizeof(line), fp)) {
      if (header) {
         header = false;
         continue;
      }
      struct row r, offsets;
      split(line, ',', &r);
      if (r.count != 5)
         fail_msg("mip_offsets.csv: malformed row %u", rows + 1);
      split(r.field[4], ';', &offsets);

      struct ail_layout layout = {
         .format = format(r.field[0]),
         .width_px = number(r.field[1]),
         .height_px = number(r.field[2]),
         .depth_px = 1,
         .levels = number(r.field[3]),
         .sample_count_sa = 1,
         .tiling = AIL_TILING_TWIDDLED,
      };
      enum ail_error err = ail_make_miptree(&layout);
      rows++;

      if (offsets.count != layout.levels)
         fail_msg("mip_offsets.csv row %u: %u offsets for %u levels", rows,
                  offsets.count, layout.levels);

      bool ok = err == AIL_OK;
      for (unsigned l = 0; ok && l < layout.levels; ++l) {
         uint64_t expect = number(offsets.field[l]);
         if (ail_get_level_offset_B(&layout, l) != expect) {
            ok = false;
            print_error("%s %ux%u: level %u at 0x%" PRIx64
                        ", expected 0x%" PRIx64 "\n",
                        r.field[0], layout.width_px, layout.height_px, l,
                        ail_get_level_offset_B(&layout, l), expect);
         }
      }
      if (!ok) {
         bad++;
         if (err)
            print_error("%s: %s\n", r.field[0], ail_error_string(err));
      }
   }
   fclose(fp);

   print_message("mip_offsets.csv: %u/%u rows match\n", rows - bad, rows);
   assert_true(rows > 0);
   assert_int_equal(bad, 0);
}

/* Every format the layout golden data names must be in the format table
 * (src/util/format), or the rows above could not have been checked. */
static void
test_format_names(void **state)
{
   static const char *files[] = {"twiddled_sizes.csv", "compressed_sizes.csv",
                                 "msaa_sizes.csv", "mip_offsets.csv"};
   unsigned rows = 0;
   char line[1024];

   for (unsigned i = 0; i < 4; i++) {
      FILE *fp = open_data(files[i]);
      bool header = true;
      while (fgets(line, sizeof(line), fp)) {
         if (header) {
            header = false;
            continue;
         }
         char *comma = strchr(line, ',');
         if (!comma)
            fail_msg("%s: a row without fields: %s", files[i], line);
         *comma = '\0';
         if (util_format_from_name(line) == PIPE_FORMAT_NONE)
            fail_msg("%s (from %s) missing from the table", line, files[i]);
         rows++;
      }
      fclose(fp);
   }
   assert_true(rows > 0);
}

int
main(void)
{
   golden_data_require(SHARED_DATA_DIR "/ail", "twiddled_sizes.csv");
   golden_data_require(SHARED_DATA_DIR "/ail", "compressed_sizes.csv");
   golden_data_require(SHARED_DATA_DIR "/ail", "msaa_sizes.csv");
   golden_data_require(SHARED_DATA_DIR "/ail", "mip_offsets.csv");

   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_format_names),
      cmocka_unit_test(test_twiddled_sizes),
      cmocka_unit_test(test_mip_offsets),
      cmocka_unit_test(test_compressed_sizes),
      cmocka_unit_test(test_msaa_sizes),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
