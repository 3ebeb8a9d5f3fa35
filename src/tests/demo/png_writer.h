/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * A minimal PNG writer for RGBA8 images: no compression (the zlib stream
 * uses stored deflate blocks), CRC-32 and Adler-32 computed here, so no
 * library is needed.  Format: W3C PNG specification (IHDR, IDAT, IEND;
 * colour type 6, bit depth 8; filter type 0 per row) and RFC 1950/1951.
 */
#ifndef PNG_WRITER_H
#define PNG_WRITER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t
png_crc(uint32_t crc, const uint8_t *p, size_t n)
{
   crc = ~crc;
   for (size_t i = 0; i < n; ++i) {
      crc ^= p[i];
      for (int k = 0; k < 8; ++k)
         crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1)));
   }
   return ~crc;
}

static void
png_be32(uint8_t *p, uint32_t v)
{
   p[0] = v >> 24;
   p[1] = v >> 16;
   p[2] = v >> 8;
   p[3] = v;
}

/* One chunk: length, type, data, CRC over type and data. */
static bool
png_chunk(FILE *fp, const char *type, const uint8_t *data, uint32_t n)
{
   uint8_t hdr[8];
   png_be32(hdr, n);
   memcpy(hdr + 4, type, 4);
   uint32_t crc = png_crc(0, hdr + 4, 4);
   crc = png_crc(crc, data, n);
   uint8_t tail[4];
   png_be32(tail, crc);
   return fwrite(hdr, 1, 8, fp) == 8 &&
          (n == 0 || fwrite(data, 1, n, fp) == n) &&
          fwrite(tail, 1, 4, fp) == 4;
}

/* rgba: rows top to bottom, `stride` bytes apart. */
static bool
png_write_rgba(const char *path, const uint8_t *rgba, unsigned w, unsigned h,
               size_t stride)
{
   size_t raw_size = (size_t)h * (1 + 4 * (size_t)w);
   size_t blocks = (raw_size + 65534) / 65535;
   size_t z_size = 2 + raw_size + 5 * blocks + 4;
   uint8_t *raw = malloc(raw_size);
   uint8_t *z = malloc(z_size);
   FILE *fp = fopen(path, "wb");
   bool ok = raw && z && fp;

   if (ok) {
      for (unsigned y = 0; y < h; ++y) {
         uint8_t *row = raw + (size_t)y * (1 + 4 * w);
         row[0] = 0; /* filter: none */
         memcpy(row + 1, rgba + (size_t)y * stride, 4 * (size_t)w);
      }

      /* zlib header (deflate, 32K window, no dictionary, check bits) */
      size_t at = 0;
      z[at++] = 0x78;
      z[at++] = 0x01;
      uint32_t a = 1, b = 0;
      for (size_t off = 0; off < raw_size; off += 65535) {
         size_t n = raw_size - off < 65535 ? raw_size - off : 65535;
         z[at++] = off + n == raw_size; /* BFINAL, BTYPE = stored */
         z[at++] = n & 0xff;
         z[at++] = n >> 8;
         z[at++] = ~n & 0xff;
         z[at++] = (~n >> 8) & 0xff;
         memcpy(z + at, raw + off, n);
         at += n;
      }
      for (size_t i = 0; i < raw_size; ++i) {
         a = (a + raw[i]) % 65521;
         b = (b + a) % 65521;
      }
      png_be32(z + at, (b << 16) | a);
      at += 4;

      static const uint8_t sig[8] = {0x89, 'P',  'N',  'G',
                                     '\r', '\n', 0x1a, '\n'};
      uint8_t ihdr[13];
      png_be32(ihdr, w);
      png_be32(ihdr + 4, h);
      ihdr[8] = 8;  /* bit depth */
      ihdr[9] = 6;  /* RGBA */
      ihdr[10] = 0; /* deflate */
      ihdr[11] = 0; /* adaptive filtering */
      ihdr[12] = 0; /* no interlace */
      ok = fwrite(sig, 1, 8, fp) == 8 && png_chunk(fp, "IHDR", ihdr, 13) &&
           png_chunk(fp, "IDAT", z, (uint32_t)at) &&
           png_chunk(fp, "IEND", NULL, 0);
   }
   if (fp && fclose(fp))
      ok = false;
   free(raw);
   free(z);
   return ok;
}

#endif
