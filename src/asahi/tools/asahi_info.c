/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * asahi-info: open the AGX GPU through the winsys and print what the
 * kernel reports about it (drm_asahi GET_PARAMS), plus the VA layout the
 * winsys chose.  --json prints the same as one JSON object.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "agx_device.h"

static void
usage(FILE *out)
{
   fprintf(out,
           "Usage: asahi-info [--json] [DEVICE]\n"
           "Print the Apple GPU's parameters as the drm_asahi kernel driver\n"
           "reports them (GET_PARAMS) and the winsys VA layout.\n"
           "\n"
           "  DEVICE     a DRM render node (default: the first asahi one)\n"
           "  --json     print one JSON object instead of text\n"
           "  -h, --help show this help\n"
           "\n"
           "Without Apple hardware, preload the drm-shim:\n"
           "  LD_PRELOAD=build/src/asahi/drm-shim/libasahi_noop_drm_shim.so"
           " asahi-info\n");
}

static unsigned
total_cores(const struct drm_asahi_params_global *p)
{
   unsigned n = 0;
   for (unsigned i = 0; i < p->num_clusters_total && i < DRM_ASAHI_MAX_CLUSTERS;
        i++)
      n += __builtin_popcountll(p->core_masks[i]);
   return n;
}

static void
print_text(const struct agx_device *dev)
{
   const struct drm_asahi_params_global *p = &dev->params;
   printf("GPU: %s\n", dev->name);
   printf("  chip id               T%04" PRIx32 "\n", p->chip_id);
   printf("  generation            G%u%c, revision %c%u (0x%02x)\n",
          p->gpu_generation, (char)p->gpu_variant,
          'A' + ((p->gpu_revision >> 4) & 0xf), p->gpu_revision & 0xf,
          p->gpu_revision);
   printf("  dies                  %u\n", p->num_dies);
   printf("  clusters              %u\n", p->num_clusters_total);
   printf("  cores per cluster     %u\n", p->num_cores_per_cluster);
   printf("  active cores          %u\n", total_cores(p));
   for (unsigned i = 0; i < p->num_clusters_total && i < DRM_ASAHI_MAX_CLUSTERS;
        i++)
      printf("  core mask [%u]         0x%" PRIx64 "\n", i,
             (uint64_t)p->core_masks[i]);
   printf("  max frequency         %u MHz\n", p->max_frequency_khz / 1000);
   printf("  features              0x%" PRIx64 "%s\n", (uint64_t)p->features,
          (p->features & DRM_ASAHI_FEATURE_SOFT_FAULTS) ? " (SOFT_FAULTS)"
                                                        : "");
   printf("  commands / submission %u\n", p->max_commands_per_submission);
   printf("  attachments / command %u\n", p->max_attachments);
   printf("  timestamp frequency   %" PRIu64 " Hz\n",
          (uint64_t)p->command_timestamp_frequency_hz);
   printf("VA window:              [0x%" PRIx64 ", 0x%" PRIx64 ")\n",
          (uint64_t)p->vm_start, (uint64_t)p->vm_end);
   printf("  kernel minimum        0x%" PRIx64 "\n",
          (uint64_t)p->vm_kernel_min_size);
   printf("  shader heap           [0x%" PRIx64 ", 0x%" PRIx64 ")\n",
          dev->usc_heap.start, dev->usc_heap.end);
   printf("  general heap          [0x%" PRIx64 ", 0x%" PRIx64 ")\n",
          dev->general_heap.start, dev->general_heap.end);
   printf("  kernel range          [0x%" PRIx64 ", 0x%" PRIx64 ")\n",
          dev->kernel_start, dev->kernel_end);
}

static void
print_json(const struct agx_device *dev)
{
   const struct drm_asahi_params_global *p = &dev->params;
   printf("{\n");
   printf("  \"name\": \"%s\",\n", dev->name);
   printf("  \"chip_id\": %" PRIu32 ",\n", p->chip_id);
   printf("  \"gpu_generation\": %u,\n", p->gpu_generation);
   printf("  \"gpu_variant\": \"%c\",\n", (char)p->gpu_variant);
   printf("  \"gpu_revision\": %u,\n", p->gpu_revision);
   printf("  \"num_dies\": %u,\n", p->num_dies);
   printf("  \"num_clusters_total\": %u,\n", p->num_clusters_total);
   printf("  \"num_cores_per_cluster\": %u,\n", p->num_cores_per_cluster);
   printf("  \"active_cores\": %u,\n", total_cores(p));
   printf("  \"core_masks\": [");
   for (unsigned i = 0; i < p->num_clusters_total && i < DRM_ASAHI_MAX_CLUSTERS;
        i++)
      printf("%s%" PRIu64, i ? ", " : "", (uint64_t)p->core_masks[i]);
   printf("],\n");
   printf("  \"max_frequency_khz\": %u,\n", p->max_frequency_khz);
   printf("  \"features\": %" PRIu64 ",\n", (uint64_t)p->features);
   printf("  \"soft_faults\": %s,\n",
          (p->features & DRM_ASAHI_FEATURE_SOFT_FAULTS) ? "true" : "false");
   printf("  \"max_commands_per_submission\": %u,\n",
          p->max_commands_per_submission);
   printf("  \"max_attachments\": %u,\n", p->max_attachments);
   printf("  \"command_timestamp_frequency_hz\": %" PRIu64 ",\n",
          (uint64_t)p->command_timestamp_frequency_hz);
   printf("  \"vm_start\": %" PRIu64 ",\n", (uint64_t)p->vm_start);
   printf("  \"vm_end\": %" PRIu64 ",\n", (uint64_t)p->vm_end);
   printf("  \"vm_kernel_min_size\": %" PRIu64 ",\n",
          (uint64_t)p->vm_kernel_min_size);
   printf("  \"usc_exec_base\": %" PRIu64 ",\n", dev->usc_base);
   printf("  \"general_heap\": [%" PRIu64 ", %" PRIu64 "],\n",
          dev->general_heap.start, dev->general_heap.end);
   printf("  \"kernel_range\": [%" PRIu64 ", %" PRIu64 "]\n", dev->kernel_start,
          dev->kernel_end);
   printf("}\n");
}

int
main(int argc, char **argv)
{
   bool json = false;
   const char *path = NULL;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
         usage(stdout);
         return 0;
      } else if (!strcmp(argv[i], "--json")) {
         json = true;
      } else if (argv[i][0] == '-' || path) {
         fprintf(stderr, "asahi-info: unexpected argument '%s'\n", argv[i]);
         usage(stderr);
         return 2;
      } else {
         path = argv[i];
      }
   }

   int fd = -1;
   if (path) {
      fd = open(path, O_RDWR | O_CLOEXEC);
      if (fd < 0) {
         fprintf(stderr, "asahi-info: cannot open %s: %s\n", path,
                 strerror(errno));
         return 1;
      }
   }

   struct agx_device dev;
   int ret = agx_open_device(&dev, fd);
   if (ret) {
      fprintf(stderr, "asahi-info: no usable Apple GPU: %s\n", dev.error);
      fprintf(stderr, "  (no hardware? try LD_PRELOAD=.../"
                      "libasahi_noop_drm_shim.so)\n");
      if (fd >= 0)
         close(fd);
      return 1;
   }

   if (json)
      print_json(&dev);
   else
      print_text(&dev);

   agx_close_device(&dev);
   if (fd >= 0)
      close(fd);
   return 0;
}
