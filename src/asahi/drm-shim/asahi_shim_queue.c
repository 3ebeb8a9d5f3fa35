/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * Queues run their submissions in order, each on the queue's own worker
 * thread once every in-fence has signalled, as the kernel's per-queue
 * drm_sched entity does (AsahiLinux/linux drivers/gpu/drm/asahi/queue):
 * SUBMIT returns as soon as the job is queued, its out-syncs carry an
 * unsignalled fence until the job has run, and that fence then signals
 * with the job's error (0, -EIO for a fault, ...).
 *
 * The worker is started by the first submission to the queue (and again
 * in a child after fork(), which has no threads).  It holds the device
 * lock while a command executes, so commands of all queues run one at a
 * time, like one GPU, and ioctls wait for the command under way; it drops
 * the lock between commands and while it waits for work or in-fences.
 * A destroyed queue finishes the jobs it has, then its worker frees it.
 *
 * Without an executor (the no-op backend), or with ASAHI_SIM_DEBUG=sync,
 * jobs run inline in SUBMIT instead: single-threaded, for debugging.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "asahi_shim.h"

int (*asahi_shim_execute)(struct asahi_shim_job *job);
bool asahi_shim_sync_submit;

/* Waits are in slices: the condition variable needs a deadline. */
#define SLICE_NS 1000000000ll

void
asahi_shim_job_free(struct asahi_shim_job *job)
{
   for (unsigned i = 0; i < job->in_count; i++)
      drm_shim_fence_unref(job->in[i]);
   for (unsigned i = 0; i < job->ts_count; i++) {
      if (job->ts[i].bo)
         drm_shim_bo_unref(job->ts[i].bo);
   }
   drm_shim_fence_unref(job->out);
   if (job->vm)
      asahi_shim_vm_unref(job->vm);
   free(job->in);
   free(job->ts);
   free(job->cmdbuf);
   free(job);
}

static bool
job_ready(const struct asahi_shim_job *job)
{
   for (unsigned i = 0; i < job->in_count; i++) {
      if (!drm_shim_fence_is_signalled(job->in[i]))
         return false;
   }
   return true;
}

void
asahi_shim_job_run(struct asahi_shim_job *job)
{
   int error = asahi_shim_execute ? asahi_shim_execute(job) : 0;
   drm_shim_fence_signal(job->out, error);
}

static void
queue_free(struct asahi_shim_queue *q)
{
   while (q->jobs) {
      struct asahi_shim_job *job = q->jobs;
      q->jobs = job->next;
      /* Never run: it still completes, as the kernel cancels it. */
      drm_shim_fence_signal(job->out, -ECANCELED);
      asahi_shim_job_free(job);
   }
   asahi_shim_vm_unref(q->vm);
   free(q);
}

static void *
worker_main(void *arg)
{
   struct asahi_shim_queue *q = arg;
   drm_shim_lock();
   for (;;) {
      struct asahi_shim_job *job = q->jobs;
      if (!job && q->dying)
         break;
      if (!job || !job_ready(job)) {
         drm_shim_cond_wait(drm_shim_now_ns() + SLICE_NS);
         continue;
      }
      q->jobs = job->next;
      if (!q->jobs)
         q->jobs_tail = &q->jobs;
      asahi_shim_job_run(job);
      asahi_shim_job_free(job);
   }
   queue_free(q);
   drm_shim_unlock();
   return NULL;
}

static bool
start_worker(struct asahi_shim_queue *q)
{
   pthread_attr_t attr;
   pthread_t thread;
   if (pthread_attr_init(&attr))
      return false;
   pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
   bool ok = pthread_create(&thread, &attr, worker_main, q) == 0;
   pthread_attr_destroy(&attr);
   if (ok) {
      q->worker = true;
      q->worker_pid = getpid();
   }
   return ok;
}

int
asahi_shim_queue_push(struct asahi_shim_queue *q, struct asahi_shim_job *job)
{
   bool threaded = asahi_shim_execute && !asahi_shim_sync_submit;
   if (threaded && (!q->worker || q->worker_pid != getpid()) &&
       !start_worker(q))
      threaded = false; /* no thread to be had: run it here */

   if (!threaded) {
      /* Inline, in order: after anything a worker still has queued. */
      while (q->jobs || !job_ready(job))
         drm_shim_cond_wait(drm_shim_now_ns() + SLICE_NS);
      asahi_shim_job_run(job);
      asahi_shim_job_free(job);
      return 0;
   }

   job->next = NULL;
   if (!q->jobs_tail)
      q->jobs_tail = &q->jobs;
   *q->jobs_tail = job;
   q->jobs_tail = &job->next;
   drm_shim_cond_broadcast();
   return 0;
}

void
asahi_shim_queue_release(struct asahi_shim_queue *q)
{
   if (q->worker && q->worker_pid == getpid()) {
      q->dying = true;
      drm_shim_cond_broadcast();
      return;
   }
   queue_free(q);
}
