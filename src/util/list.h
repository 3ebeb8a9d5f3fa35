/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Intrusive circular doubly linked lists.  A list is a struct list_head used
 * as a sentinel; elements embed a struct list_head member.
 */
#ifndef UTIL_LIST_H
#define UTIL_LIST_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>

struct list_head {
   struct list_head *prev, *next;
};

static inline void
list_inithead(struct list_head *h)
{
   h->prev = h->next = h;
}

/* The two primitives everything else is built from: put the chain
 * first..last between the adjacent nodes before and after, and take an
 * item out of whatever chain holds it. */
static inline void
__list_join(struct list_head *first, struct list_head *last,
            struct list_head *before, struct list_head *after)
{
   assert(before->next == after && after->prev == before);
   first->prev = before;
   last->next = after;
   before->next = first;
   after->prev = last;
}

static inline void
__list_unlink(struct list_head *item)
{
   struct list_head *before = item->prev, *after = item->next;
   before->next = after;
   after->prev = before;
}

/* Insert item right after at (at the front when at is the head). */
static inline void
list_add(struct list_head *item, struct list_head *at)
{
   __list_join(item, item, at, at->next);
}

/* Insert item right before at (at the back when at is the head). */
static inline void
list_addtail(struct list_head *item, struct list_head *at)
{
   __list_join(item, item, at->prev, at);
}

/* Remove item; its links are cleared so list_is_linked() reports false. */
static inline void
list_del(struct list_head *item)
{
   __list_unlink(item);
   item->prev = item->next = NULL;
}

/* Remove item and leave it as an empty list of its own. */
static inline void
list_delinit(struct list_head *item)
{
   __list_unlink(item);
   list_inithead(item);
}

static inline bool
list_is_empty(const struct list_head *h)
{
   return h->next == h;
}

static inline bool
list_is_singular(const struct list_head *h)
{
   return !list_is_empty(h) && h->next == h->prev;
}

static inline bool
list_is_linked(const struct list_head *item)
{
   return item->next != NULL;
}

static inline unsigned
list_length(const struct list_head *h)
{
   unsigned count = 0;
   for (const struct list_head *it = h->next; it != h; it = it->next)
      count++;
   return count;
}

/* Move every element of src to the front (list_splice) or the back
 * (list_splicetail) of dst, keeping their order; src ends up empty. */
static inline void
list_splice(struct list_head *src, struct list_head *dst)
{
   if (!list_is_empty(src)) {
      __list_join(src->next, src->prev, dst, dst->next);
      list_inithead(src);
   }
}

static inline void
list_splicetail(struct list_head *src, struct list_head *dst)
{
   if (!list_is_empty(src)) {
      __list_join(src->next, src->prev, dst->prev, dst);
      list_inithead(src);
   }
}

/* Make `to` the head of the elements `from` heads (for moving a list head
 * to new storage).  `from` is stale afterwards; re-initialise it to reuse
 * it. */
static inline void
list_replace(struct list_head *from, struct list_head *to)
{
   list_inithead(to);
   if (!list_is_empty(from))
      __list_join(from->next, from->prev, to, to);
}

#define list_entry(ptr, type, member)                                         \
   ((type *)((char *)(ptr) - offsetof(type, member)))
#define list_first_entry(head, type, member)                                  \
   list_entry((head)->next, type, member)
#define list_last_entry(head, type, member)                                   \
   list_entry((head)->prev, type, member)

#define list_for_each_entry(type, pos, head, member)                          \
   for (type *pos = list_entry((head)->next, type, member);                   \
        &pos->member != (head);                                               \
        pos = list_entry(pos->member.next, type, member))

/* Safe against removal of pos during the walk. */
#define list_for_each_entry_safe(type, pos, head, member)                     \
   for (type *pos = list_entry((head)->next, type, member),                   \
             *pos##__next = list_entry(pos->member.next, type, member);       \
        &pos->member != (head);                                               \
        pos = pos##__next,                                                    \
             pos##__next = list_entry(pos##__next->member.next, type, member))

#define list_for_each_entry_rev(type, pos, head, member)                      \
   for (type *pos = list_entry((head)->prev, type, member);                   \
        &pos->member != (head);                                               \
        pos = list_entry(pos->member.prev, type, member))

#define list_for_each_entry_safe_rev(type, pos, head, member)                 \
   for (type *pos = list_entry((head)->prev, type, member),                   \
             *pos##__prev = list_entry(pos->member.prev, type, member);       \
        &pos->member != (head);                                               \
        pos = pos##__prev,                                                    \
             pos##__prev = list_entry(pos##__prev->member.prev, type, member))

#endif
