/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * The simulator shim's queues, through the UAPI only (libasahi_sim_drm_shim
 * preloaded):
 *  - a command that faults or runs away ends with the kernel's error on
 *    its submission's fence (-EIO, -ETIMEDOUT; AsahiLinux/linux
 *    drivers/gpu/drm/asahi/workqueue.rs; -ENODATA for a stream it cannot
 *    run), read as a sync_file status, and the queue goes on;
 *  - SUBMIT returns before the work is done (a worker per queue), a job
 *    waits for its in-syncs, and binary and timeline out-syncs signal when
 *    it is done; with ASAHI_SIM_DEBUG=sync the work is done inside SUBMIT;
 *  - fork() while a command runs leaves the child a working device.
 *
 * The CDM control streams are hand-encoded from src/asahi/genxml/cmdbuf.xml
 * ("cdm block type" in bits 29-31 of a packet's first word: 1 stream
 * link, 2 stream terminate).
 */
#include <linux/sync_file.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>

#include <cmocka.h>

#include "shim_test_util.h"

#define PAGE 0x4000ull
#define BO_VA 0x10000000ull
#define UNMAPPED_VA 0x20000000ull

/* Offsets of the streams in the BO. */
#define TERMINATE 0x0
#define SELF_LINK 0x100
#define UNKNOWN 0x200

struct env {
   int fd;
   uint32_t vm, queue[2], bo;
   uint32_t *map;
};

static int64_t
now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (int64_t)ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

/* AddressSanitizer's runtime maps memory from the program's .preinit_array,
 * before libc has the environment (getenv gives NULL there).  The shim set
 * its device up at that first mmap and read ASAHI_SIM_DEBUG as unset: under
 * ASan the sync mode ran threaded and the inline check below failed.  The
 * same early anonymous map here, in every build. */
static void
early_anonymous_map(int argc, char **argv, char **envp)
{
   (void)argc, (void)argv, (void)envp;
   void *p = mmap(NULL, PAGE, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
   if (p != MAP_FAILED)
      munmap(p, PAGE);
}
__attribute__((section(".preinit_array"), used)) static void (
   *const early_map)(int, char **, char **) = early_anonymous_map;

static bool
sync_mode(void)
{
   const char *d = getenv("ASAHI_SIM_DEBUG");
   return d && strstr(d, "sync");
}

static int
setup(void **state)
{
   struct env *e = calloc(1, sizeof(*e));
   e->fd = shim_test_open();
   if (e->fd < 0) {
      free(e);
      return -1;
   }
   struct drm_asahi_vm_create vc = {.kernel_start = 0x7000000000ull,
                                    .kernel_end = 0x7800000000ull};
   assert_int_equal(shim_ioctl_errno(e->fd, DRM_IOCTL_ASAHI_VM_CREATE, &vc),
                    0);
   e->vm = vc.vm_id;
   for (int i = 0; i < 2; i++) {
      struct drm_asahi_queue_create qc = {.vm_id = e->vm};
      assert_int_equal(
         shim_ioctl_errno(e->fd, DRM_IOCTL_ASAHI_QUEUE_CREATE, &qc), 0);
      e->queue[i] = qc.queue_id;
   }
   struct drm_asahi_gem_create gc = {.size = PAGE};
   assert_int_equal(shim_ioctl_errno(e->fd, DRM_IOCTL_ASAHI_GEM_CREATE, &gc),
                    0);
   e->bo = gc.handle;
   struct drm_asahi_gem_bind_op op = {
      .flags = DRM_ASAHI_BIND_READ | DRM_ASAHI_BIND_WRITE,
      .handle = e->bo,
      .range = PAGE,
      .addr = BO_VA,
   };
   struct drm_asahi_vm_bind vb = {.vm_id = e->vm,
                                  .num_binds = 1,
                                  .stride = sizeof(op),
                                  .userptr = (uintptr_t)&op};
   assert_int_equal(shim_ioctl_errno(e->fd, DRM_IOCTL_ASAHI_VM_BIND, &vb), 0);
   struct drm_asahi_gem_mmap_offset mo = {.handle = e->bo};
   assert_int_equal(
      shim_ioctl_errno(e->fd, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &mo), 0);
   e->map = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, e->fd,
                 mo.offset);
   assert_true(e->map != MAP_FAILED);

   /* A stream that ends at once, and one that jumps to itself forever. */
   e->map[TERMINATE / 4] = 2u << 29;
   e->map[TERMINATE / 4 + 1] = 0;
   uint64_t self = BO_VA + SELF_LINK;
   e->map[SELF_LINK / 4] = (1u << 29) | (uint32_t)(self >> 32);
   e->map[SELF_LINK / 4 + 1] = (uint32_t)self;
   /* Block type 7: no such packet. */
   e->map[UNKNOWN / 4] = 7u << 29;
   *state = e;
   return 0;
}

static int
teardown(void **state)
{
   struct env *e = *state;
   munmap(e->map, PAGE);
   close(e->fd);
   free(e);
   return 0;
}

/* Submit compute commands running the streams at vas[] on queue q. */
static void
submit(struct env *e, unsigned q, const uint64_t *vas, unsigned count,
       const struct drm_asahi_sync *syncs, unsigned in, unsigned out)
{
   struct {
      struct drm_asahi_cmd_header h;
      struct drm_asahi_cmd_compute c;
   } cmds[64];
   assert_true(count <= 64);
   memset(cmds, 0, sizeof(cmds));
   for (unsigned i = 0; i < count; i++) {
      cmds[i].h = (struct drm_asahi_cmd_header){
         .cmd_type = DRM_ASAHI_CMD_COMPUTE,
         .size = sizeof(cmds[i].c),
         .vdm_barrier = DRM_ASAHI_BARRIER_NONE,
         .cdm_barrier = DRM_ASAHI_BARRIER_NONE,
      };
      cmds[i].c.cdm_ctrl_stream_base = vas[i];
      cmds[i].c.cdm_ctrl_stream_end = vas[i] + 8;
   }
   struct drm_asahi_submit s = {
      .syncs = (uintptr_t)syncs,
      .cmdbuf = (uintptr_t)cmds,
      .queue_id = e->queue[q],
      .in_sync_count = in,
      .out_sync_count = out,
      .cmdbuf_size = count * sizeof(cmds[0]),
   };
   assert_int_equal(shim_ioctl_errno(e->fd, DRM_IOCTL_ASAHI_SUBMIT, &s), 0);
}

/* Wait (bounded) for a binary syncobj, then its sync_file status. */
static int
status_of(struct env *e, uint32_t syncobj)
{
   assert_int_equal(drmSyncobjWait(e->fd, &syncobj, 1, now_ns() + 30000000000ll,
                                   DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT,
                                   NULL),
                    0);
   int sf = -1;
   assert_int_equal(drmSyncobjExportSyncFile(e->fd, syncobj, &sf), 0);
   struct sync_file_info info = {0};
   assert_int_equal(ioctl(sf, SYNC_IOC_FILE_INFO, &info), 0);
   close(sf);
   return info.status;
}

static uint32_t
run_status(struct env *e, const uint64_t *vas, unsigned count)
{
   uint32_t obj = 0;
   assert_int_equal(drmSyncobjCreate(e->fd, 0, &obj), 0);
   struct drm_asahi_sync out = {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ,
                                .handle = obj};
   submit(e, 0, vas, count, &out, 0, 1);
   int status = status_of(e, obj);
   drmSyncobjDestroy(e->fd, obj);
   return (uint32_t)status;
}

static void
faults_end_the_command_with_the_kernels_error(void **state)
{
   struct env *e = *state;
   const uint64_t ok = BO_VA + TERMINATE, bad = UNMAPPED_VA,
                  loop = BO_VA + SELF_LINK;

   assert_int_equal(run_status(e, &ok, 1), 1);
   /* A control stream in unmapped memory: a GPU fault, -EIO. */
   assert_int_equal((int)run_status(e, &bad, 1), -EIO);
   /* One that never ends: a timeout. */
   assert_int_equal((int)run_status(e, &loop, 1), -ETIMEDOUT);
   /* A packet that does not exist: the kernel's "unknown" error. */
   const uint64_t unknown = BO_VA + UNKNOWN;
   assert_int_equal((int)run_status(e, &unknown, 1), -ENODATA);
   /* The first error is the submission's; the command after it ran (a
    * later fault would otherwise not matter, so check that order). */
   const uint64_t two[2] = {bad, loop};
   assert_int_equal((int)run_status(e, two, 2), -EIO);
   const uint64_t two_b[2] = {ok, loop};
   assert_int_equal((int)run_status(e, two_b, 2), -ETIMEDOUT);
   /* The queue goes on. */
   assert_int_equal(run_status(e, &ok, 1), 1);

   /* Exported, the BO moves into a memfd: the GPU's view moves with it.
    * A stream written through the dma-buf only is run. */
   int dmabuf = -1;
   assert_int_equal(drmPrimeHandleToFD(e->fd, e->bo, DRM_CLOEXEC | DRM_RDWR,
                                       &dmabuf),
                    0);
   uint32_t *buf = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED,
                        dmabuf, 0);
   assert_true(buf != MAP_FAILED);
   buf[0x300 / 4] = 2u << 29;
   const uint64_t fresh = BO_VA + 0x300;
   assert_int_equal(run_status(e, &fresh, 1), 1);
   buf[0x300 / 4] = 7u << 29;
   assert_int_equal((int)run_status(e, &fresh, 1), -ENODATA);
   munmap(buf, PAGE);
   close(dmabuf);
}

static void
queues_run_after_their_dependencies(void **state)
{
   struct env *e = *state;
   uint32_t timeline = 0, done = 0;
   assert_int_equal(drmSyncobjCreate(e->fd, 0, &timeline), 0);
   assert_int_equal(drmSyncobjCreate(e->fd, 0, &done), 0);

   /* Queue 0: a long submission (runaway streams, each ended by the
    * simulator's packet budget) signalling timeline point 5. */
   uint64_t loops[16];
   for (unsigned i = 0; i < 16; i++)
      loops[i] = BO_VA + SELF_LINK;
   struct drm_asahi_sync t5 = {.sync_type = DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ,
                               .handle = timeline,
                               .timeline_value = 5};
   int64_t t0 = now_ns();
   submit(e, 0, loops, 16, &t5, 0, 1);
   int64_t t_submit = now_ns() - t0;

   /* Queue 1 waits for point 5, then signals a binary syncobj. */
   const uint64_t ok = BO_VA + TERMINATE;
   struct drm_asahi_sync deps[2] = {
      t5,
      {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ, .handle = done},
   };
   submit(e, 1, &ok, 1, deps, 1, 1);

   uint64_t point = 0;
   assert_int_equal(drmSyncobjQuery2(e->fd, &timeline, &point, 1,
                                     DRM_SYNCOBJ_QUERY_FLAGS_LAST_SUBMITTED),
                    0);
   assert_int_equal(point, 5);
   uint64_t p5 = 5;
   if (sync_mode()) {
      /* Inline: done before SUBMIT returned. */
      assert_int_equal(drmSyncobjTimelineWait(e->fd, &timeline, &p5, 1,
                                              now_ns(),
                                              DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL,
                                              NULL),
                       0);
   }
   /* Queue 1's job ends only after queue 0's. */
   assert_int_equal(status_of(e, done), 1);
   assert_int_equal(drmSyncobjQuery(e->fd, &timeline, &point, 1), 0);
   assert_int_equal(point, 5);
   assert_int_equal(drmSyncobjTimelineWait(e->fd, &timeline, &p5, 1, now_ns(),
                                           DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL,
                                           NULL),
                    0);
   /* Queued: SUBMIT returned in a small part of the time the work took.
    * (Later ioctls wait for the device lock while a command runs, so
    * the pending state itself cannot be observed reliably.) */
   int64_t t_done = now_ns() - t0;
   if (!sync_mode())
      assert_true(t_submit * 4 < t_done);
   drmSyncobjDestroy(e->fd, timeline);
   drmSyncobjDestroy(e->fd, done);
}

/* A sync_file polls as a kernel one: readable (POLLIN) once its fence
 * has signalled, and only then (never readable while pending). */
static void
sync_file_polls_when_signalled(void **state)
{
   struct env *e = *state;
   uint32_t obj = 0;
   assert_int_equal(drmSyncobjCreate(e->fd, 0, &obj), 0);
   struct drm_asahi_sync out = {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ,
                                .handle = obj};
   uint64_t loops[8];
   for (unsigned i = 0; i < 8; i++)
      loops[i] = BO_VA + SELF_LINK;
   submit(e, 0, loops, 8, &out, 0, 1);

   int sf = -1;
   assert_int_equal(drmSyncobjExportSyncFile(e->fd, obj, &sf), 0);
   struct pollfd pfd = {.fd = sf, .events = POLLIN};
   int ready = poll(&pfd, 1, 0);
   struct sync_file_info info = {0};
   assert_int_equal(ioctl(sf, SYNC_IOC_FILE_INFO, &info), 0);
   /* Ready then means signalled now (the other order would race). */
   if (ready)
      assert_int_not_equal(info.status, 0);
   else if (!sync_mode())
      printf("pending sync_file not readable, as it should be\n");
   assert_int_equal(poll(&pfd, 1, 30000), 1);
   assert_true(pfd.revents & POLLIN);
   memset(&info, 0, sizeof(info));
   assert_int_equal(ioctl(sf, SYNC_IOC_FILE_INFO, &info), 0);
   assert_int_equal(info.status, -ETIMEDOUT);
   close(sf);
   drmSyncobjDestroy(e->fd, obj);
}

/* fork() while a worker runs a command: the child gets a working device
 * (the lock is not left held) and its queues start their own workers. */
static void
fork_during_a_command(void **state)
{
   struct env *e = *state;
   uint64_t loops[8];
   for (unsigned i = 0; i < 8; i++)
      loops[i] = BO_VA + SELF_LINK;
   submit(e, 0, loops, 8, NULL, 0, 0);

   pid_t pid = fork();
   assert_true(pid >= 0);
   if (pid == 0) {
      uint32_t obj = 0;
      if (drmSyncobjCreate(e->fd, 0, &obj))
         _exit(2);
      struct drm_asahi_sync out = {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ,
                                   .handle = obj};
      struct {
         struct drm_asahi_cmd_header h;
         struct drm_asahi_cmd_compute c;
      } cmd = {
         .h = {.cmd_type = DRM_ASAHI_CMD_COMPUTE,
               .size = sizeof(cmd.c),
               .vdm_barrier = DRM_ASAHI_BARRIER_NONE,
               .cdm_barrier = DRM_ASAHI_BARRIER_NONE},
         .c = {.cdm_ctrl_stream_base = BO_VA + TERMINATE,
               .cdm_ctrl_stream_end = BO_VA + TERMINATE + 8},
      };
      struct drm_asahi_submit s = {.syncs = (uintptr_t)&out,
                                   .cmdbuf = (uintptr_t)&cmd,
                                   .queue_id = e->queue[1],
                                   .out_sync_count = 1,
                                   .cmdbuf_size = sizeof(cmd)};
      if (ioctl(e->fd, DRM_IOCTL_ASAHI_SUBMIT, &s))
         _exit(3);
      if (drmSyncobjWait(e->fd, &obj, 1, now_ns() + 20000000000ll, 0, NULL))
         _exit(4);
      _exit(0);
   }
   int status = 0;
   int64_t deadline = now_ns() + 30000000000ll;
   pid_t got;
   while ((got = waitpid(pid, &status, WNOHANG)) == 0 && now_ns() < deadline)
      usleep(10000);
   if (got == 0) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      fail_msg("the child hung");
   }
   assert_true(WIFEXITED(status));
   assert_int_equal(WEXITSTATUS(status), 0);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(
         faults_end_the_command_with_the_kernels_error, setup, teardown),
      cmocka_unit_test_setup_teardown(queues_run_after_their_dependencies,
                                      setup, teardown),
      cmocka_unit_test_setup_teardown(sync_file_polls_when_signalled, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(fork_during_a_command, setup,
                                      teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
