/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * ABI check of include/drm-uapi/asahi_drm.h: every struct size, every field
 * offset and every ioctl request code against the values measured from
 * torvalds/linux include/uapi/drm/asahi_drm.h (compiled on x86-64).  The numbers below
 * are typed in from those measurements, not produced by this code.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "drm-uapi/asahi_drm.h"

#define CHECK_SIZE(type, expected)                                             \
   do {                                                                        \
      printf("sizeof(struct %s) = %zu\n", #type, sizeof(struct type));         \
      assert_int_equal(sizeof(struct type), (expected));                       \
   } while (0)

#define CHECK_OFF(type, field, expected)                                       \
   do {                                                                        \
      printf("  offsetof(%s, %s) = %zu\n", #type, #field,                      \
             offsetof(struct type, field));                                    \
      assert_int_equal(offsetof(struct type, field), (expected));              \
   } while (0)

static void
test_sizes(void **state)
{
   CHECK_SIZE(drm_asahi_params_global, 592);
   CHECK_SIZE(drm_asahi_get_params, 24);
   CHECK_SIZE(drm_asahi_vm_create, 24);
   CHECK_SIZE(drm_asahi_vm_destroy, 8);
   CHECK_SIZE(drm_asahi_gem_create, 24);
   CHECK_SIZE(drm_asahi_gem_mmap_offset, 16);
   CHECK_SIZE(drm_asahi_gem_bind_op, 32);
   CHECK_SIZE(drm_asahi_vm_bind, 24);
   CHECK_SIZE(drm_asahi_gem_bind_object, 40);
   CHECK_SIZE(drm_asahi_queue_create, 24);
   CHECK_SIZE(drm_asahi_queue_destroy, 8);
   CHECK_SIZE(drm_asahi_sync, 16);
   CHECK_SIZE(drm_asahi_cmd_header, 8);
   CHECK_SIZE(drm_asahi_submit, 40);
   CHECK_SIZE(drm_asahi_attachment, 24);
   CHECK_SIZE(drm_asahi_zls_buffer, 24);
   CHECK_SIZE(drm_asahi_timestamp, 8);
   CHECK_SIZE(drm_asahi_timestamps, 16);
   CHECK_SIZE(drm_asahi_helper_program, 16);
   CHECK_SIZE(drm_asahi_bg_eot, 8);
   CHECK_SIZE(drm_asahi_cmd_render, 240);
   CHECK_SIZE(drm_asahi_cmd_compute, 64);
   CHECK_SIZE(drm_asahi_get_time, 16);
}

static void
test_params_offsets(void **state)
{
   CHECK_OFF(drm_asahi_params_global, features, 0);
   CHECK_OFF(drm_asahi_params_global, gpu_generation, 8);
   CHECK_OFF(drm_asahi_params_global, gpu_variant, 12);
   CHECK_OFF(drm_asahi_params_global, gpu_revision, 16);
   CHECK_OFF(drm_asahi_params_global, chip_id, 20);
   CHECK_OFF(drm_asahi_params_global, num_dies, 24);
   CHECK_OFF(drm_asahi_params_global, num_clusters_total, 28);
   CHECK_OFF(drm_asahi_params_global, num_cores_per_cluster, 32);
   CHECK_OFF(drm_asahi_params_global, max_frequency_khz, 36);
   CHECK_OFF(drm_asahi_params_global, core_masks, 40);
   CHECK_OFF(drm_asahi_params_global, vm_start, 552);
   CHECK_OFF(drm_asahi_params_global, vm_end, 560);
   CHECK_OFF(drm_asahi_params_global, vm_kernel_min_size, 568);
   CHECK_OFF(drm_asahi_params_global, max_commands_per_submission, 576);
   CHECK_OFF(drm_asahi_params_global, max_attachments, 580);
   CHECK_OFF(drm_asahi_params_global, command_timestamp_frequency_hz, 584);
   assert_int_equal(DRM_ASAHI_MAX_CLUSTERS, 64);
}

static void
test_small_struct_offsets(void **state)
{
   CHECK_OFF(drm_asahi_get_params, param_group, 0);
   CHECK_OFF(drm_asahi_get_params, pad, 4);
   CHECK_OFF(drm_asahi_get_params, pointer, 8);
   CHECK_OFF(drm_asahi_get_params, size, 16);

   CHECK_OFF(drm_asahi_vm_create, kernel_start, 0);
   CHECK_OFF(drm_asahi_vm_create, kernel_end, 8);
   CHECK_OFF(drm_asahi_vm_create, vm_id, 16);
   CHECK_OFF(drm_asahi_vm_create, pad, 20);

   CHECK_OFF(drm_asahi_vm_destroy, vm_id, 0);
   CHECK_OFF(drm_asahi_vm_destroy, pad, 4);

   CHECK_OFF(drm_asahi_gem_create, size, 0);
   CHECK_OFF(drm_asahi_gem_create, flags, 8);
   CHECK_OFF(drm_asahi_gem_create, vm_id, 12);
   CHECK_OFF(drm_asahi_gem_create, handle, 16);
   CHECK_OFF(drm_asahi_gem_create, pad, 20);

   CHECK_OFF(drm_asahi_gem_mmap_offset, handle, 0);
   CHECK_OFF(drm_asahi_gem_mmap_offset, flags, 4);
   CHECK_OFF(drm_asahi_gem_mmap_offset, offset, 8);

   CHECK_OFF(drm_asahi_gem_bind_op, flags, 0);
   CHECK_OFF(drm_asahi_gem_bind_op, handle, 4);
   CHECK_OFF(drm_asahi_gem_bind_op, offset, 8);
   CHECK_OFF(drm_asahi_gem_bind_op, range, 16);
   CHECK_OFF(drm_asahi_gem_bind_op, addr, 24);

   CHECK_OFF(drm_asahi_vm_bind, vm_id, 0);
   CHECK_OFF(drm_asahi_vm_bind, num_binds, 4);
   CHECK_OFF(drm_asahi_vm_bind, stride, 8);
   CHECK_OFF(drm_asahi_vm_bind, pad, 12);
   CHECK_OFF(drm_asahi_vm_bind, userptr, 16);

   CHECK_OFF(drm_asahi_gem_bind_object, op, 0);
   CHECK_OFF(drm_asahi_gem_bind_object, flags, 4);
   CHECK_OFF(drm_asahi_gem_bind_object, handle, 8);
   CHECK_OFF(drm_asahi_gem_bind_object, vm_id, 12);
   CHECK_OFF(drm_asahi_gem_bind_object, offset, 16);
   CHECK_OFF(drm_asahi_gem_bind_object, range, 24);
   CHECK_OFF(drm_asahi_gem_bind_object, object_handle, 32);
   CHECK_OFF(drm_asahi_gem_bind_object, pad, 36);

   CHECK_OFF(drm_asahi_queue_create, flags, 0);
   CHECK_OFF(drm_asahi_queue_create, vm_id, 4);
   CHECK_OFF(drm_asahi_queue_create, priority, 8);
   CHECK_OFF(drm_asahi_queue_create, queue_id, 12);
   CHECK_OFF(drm_asahi_queue_create, usc_exec_base, 16);

   CHECK_OFF(drm_asahi_queue_destroy, queue_id, 0);
   CHECK_OFF(drm_asahi_queue_destroy, pad, 4);

   CHECK_OFF(drm_asahi_sync, sync_type, 0);
   CHECK_OFF(drm_asahi_sync, handle, 4);
   CHECK_OFF(drm_asahi_sync, timeline_value, 8);

   CHECK_OFF(drm_asahi_cmd_header, cmd_type, 0);
   CHECK_OFF(drm_asahi_cmd_header, size, 2);
   CHECK_OFF(drm_asahi_cmd_header, vdm_barrier, 4);
   CHECK_OFF(drm_asahi_cmd_header, cdm_barrier, 6);

   CHECK_OFF(drm_asahi_submit, syncs, 0);
   CHECK_OFF(drm_asahi_submit, cmdbuf, 8);
   CHECK_OFF(drm_asahi_submit, flags, 16);
   CHECK_OFF(drm_asahi_submit, queue_id, 20);
   CHECK_OFF(drm_asahi_submit, in_sync_count, 24);
   CHECK_OFF(drm_asahi_submit, out_sync_count, 28);
   CHECK_OFF(drm_asahi_submit, cmdbuf_size, 32);
   CHECK_OFF(drm_asahi_submit, pad, 36);

   CHECK_OFF(drm_asahi_attachment, pointer, 0);
   CHECK_OFF(drm_asahi_attachment, size, 8);
   CHECK_OFF(drm_asahi_attachment, pad, 16);
   CHECK_OFF(drm_asahi_attachment, flags, 20);

   CHECK_OFF(drm_asahi_zls_buffer, base, 0);
   CHECK_OFF(drm_asahi_zls_buffer, comp_base, 8);
   CHECK_OFF(drm_asahi_zls_buffer, stride, 16);
   CHECK_OFF(drm_asahi_zls_buffer, comp_stride, 20);

   CHECK_OFF(drm_asahi_timestamp, handle, 0);
   CHECK_OFF(drm_asahi_timestamp, offset, 4);
   CHECK_OFF(drm_asahi_timestamps, start, 0);
   CHECK_OFF(drm_asahi_timestamps, end, 8);

   CHECK_OFF(drm_asahi_helper_program, binary, 0);
   CHECK_OFF(drm_asahi_helper_program, cfg, 4);
   CHECK_OFF(drm_asahi_helper_program, data, 8);

   CHECK_OFF(drm_asahi_bg_eot, usc, 0);
   CHECK_OFF(drm_asahi_bg_eot, rsrc_spec, 4);

   CHECK_OFF(drm_asahi_get_time, flags, 0);
   CHECK_OFF(drm_asahi_get_time, gpu_timestamp, 8);
}

static void
test_render_offsets(void **state)
{
   CHECK_OFF(drm_asahi_cmd_render, flags, 0);
   CHECK_OFF(drm_asahi_cmd_render, isp_zls_pixels, 4);
   CHECK_OFF(drm_asahi_cmd_render, vdm_ctrl_stream_base, 8);
   CHECK_OFF(drm_asahi_cmd_render, vertex_helper, 16);
   CHECK_OFF(drm_asahi_cmd_render, fragment_helper, 32);
   CHECK_OFF(drm_asahi_cmd_render, isp_scissor_base, 48);
   CHECK_OFF(drm_asahi_cmd_render, isp_dbias_base, 56);
   CHECK_OFF(drm_asahi_cmd_render, isp_oclqry_base, 64);
   CHECK_OFF(drm_asahi_cmd_render, depth, 72);
   CHECK_OFF(drm_asahi_cmd_render, stencil, 96);
   CHECK_OFF(drm_asahi_cmd_render, zls_ctrl, 120);
   CHECK_OFF(drm_asahi_cmd_render, ppp_multisamplectl, 128);
   CHECK_OFF(drm_asahi_cmd_render, sampler_heap, 136);
   CHECK_OFF(drm_asahi_cmd_render, ppp_ctrl, 144);
   CHECK_OFF(drm_asahi_cmd_render, width_px, 148);
   CHECK_OFF(drm_asahi_cmd_render, height_px, 150);
   CHECK_OFF(drm_asahi_cmd_render, layers, 152);
   CHECK_OFF(drm_asahi_cmd_render, sampler_count, 154);
   CHECK_OFF(drm_asahi_cmd_render, utile_width_px, 156);
   CHECK_OFF(drm_asahi_cmd_render, utile_height_px, 157);
   CHECK_OFF(drm_asahi_cmd_render, samples, 158);
   CHECK_OFF(drm_asahi_cmd_render, sample_size_B, 159);
   CHECK_OFF(drm_asahi_cmd_render, isp_merge_upper_x, 160);
   CHECK_OFF(drm_asahi_cmd_render, isp_merge_upper_y, 164);
   CHECK_OFF(drm_asahi_cmd_render, bg, 168);
   CHECK_OFF(drm_asahi_cmd_render, eot, 176);
   CHECK_OFF(drm_asahi_cmd_render, partial_bg, 184);
   CHECK_OFF(drm_asahi_cmd_render, partial_eot, 192);
   CHECK_OFF(drm_asahi_cmd_render, isp_bgobjdepth, 200);
   CHECK_OFF(drm_asahi_cmd_render, isp_bgobjvals, 204);
   CHECK_OFF(drm_asahi_cmd_render, ts_vtx, 208);
   CHECK_OFF(drm_asahi_cmd_render, ts_frag, 224);
}

static void
test_compute_offsets(void **state)
{
   CHECK_OFF(drm_asahi_cmd_compute, flags, 0);
   CHECK_OFF(drm_asahi_cmd_compute, sampler_count, 4);
   CHECK_OFF(drm_asahi_cmd_compute, cdm_ctrl_stream_base, 8);
   CHECK_OFF(drm_asahi_cmd_compute, cdm_ctrl_stream_end, 16);
   CHECK_OFF(drm_asahi_cmd_compute, sampler_heap, 24);
   CHECK_OFF(drm_asahi_cmd_compute, helper, 32);
   CHECK_OFF(drm_asahi_cmd_compute, ts, 48);
}

static void
test_ioctl_codes(void **state)
{
   /* torvalds/linux include/uapi/drm/asahi_drm.h numbers, encoded with asm-generic _IOC. */
   assert_int_equal((uint32_t)DRM_IOCTL_ASAHI_GET_PARAMS, 0x40186440u);
   assert_int_equal((uint32_t)DRM_IOCTL_ASAHI_GET_TIME, 0xC0106441u);
   assert_int_equal((uint32_t)DRM_IOCTL_ASAHI_VM_CREATE, 0xC0186442u);
   assert_int_equal((uint32_t)DRM_IOCTL_ASAHI_VM_DESTROY, 0x40086443u);
   assert_int_equal((uint32_t)DRM_IOCTL_ASAHI_VM_BIND, 0x40186444u);
   assert_int_equal((uint32_t)DRM_IOCTL_ASAHI_GEM_CREATE, 0xC0186445u);
   assert_int_equal((uint32_t)DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, 0xC0106446u);
   assert_int_equal((uint32_t)DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, 0xC0286447u);
   assert_int_equal((uint32_t)DRM_IOCTL_ASAHI_QUEUE_CREATE, 0xC0186448u);
   assert_int_equal((uint32_t)DRM_IOCTL_ASAHI_QUEUE_DESTROY, 0x40086449u);
   assert_int_equal((uint32_t)DRM_IOCTL_ASAHI_SUBMIT, 0x4028644Au);
}

static void
test_enum_values(void **state)
{
   assert_int_equal(DRM_ASAHI_BARRIER_NONE, 0xFFFF);
   assert_int_equal(DRM_ASAHI_CMD_RENDER, 0);
   assert_int_equal(DRM_ASAHI_CMD_COMPUTE, 1);
   assert_int_equal(DRM_ASAHI_SET_VERTEX_ATTACHMENTS, 2);
   assert_int_equal(DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS, 3);
   assert_int_equal(DRM_ASAHI_SET_COMPUTE_ATTACHMENTS, 4);
   assert_int_equal(DRM_ASAHI_RENDER_DBIAS_IS_INT, 1u << 18);
   assert_int_equal(DRM_ASAHI_FEATURE_SOFT_FAULTS, 1);
   assert_int_equal(DRM_ASAHI_PRIORITY_REALTIME, 3);
   assert_int_equal(DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ, 1);
   assert_int_equal(DRM_ASAHI_BIND_OBJECT_OP_UNBIND, 1);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sizes),
      cmocka_unit_test(test_params_offsets),
      cmocka_unit_test(test_small_struct_offsets),
      cmocka_unit_test(test_render_offsets),
      cmocka_unit_test(test_compute_offsets),
      cmocka_unit_test(test_ioctl_codes),
      cmocka_unit_test(test_enum_values),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
