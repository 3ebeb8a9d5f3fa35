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

/* Insert item right after at (at the front when at is the head). */
static inline void
list_add(struct list_head *item, struct list_head *at)
{
   item->prev = at;
   item->next = at->next;
   at->next->prev = item;
   at->next = item;
}

/* Insert item right before at (at the back when at is the head). */
static inline void
list_addtail(struct list_head *item, struct list_head *at)
{
   list_add(item, at->prev);
}

static inline void
list_del(struct list_head *item)
{
   item->prev->next = item->next;
   item->next->prev = item->prev;
   item->prev = item->next = NULL;
}

static inline void
list_delinit(struct list_head *item)
{
   item->prev->next = item->next;
   item->next->prev = item->prev;
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
   unsigned n = 0;
   for (const struct list_head *n_ = h->next; n_ != h; n_ = n_->next)
      n++;
   return n;
}

/* Move all of src's elements to the front (splice) / back (splicetail) of
 * dst; src is left empty. */
static inline void
list_splice(struct list_head *src, struct list_head *dst)
{
   if (list_is_empty(src))
      return;
   src->next->prev = dst;
   src->prev->next = dst->next;
   dst->next->prev = src->prev;
   dst->next = src->next;
   list_inithead(src);
}

static inline void
list_splicetail(struct list_head *src, struct list_head *dst)
{
   list_splice(src, dst->prev);
}

/* Swap the contents of two lists. */
static inline void
list_replace(struct list_head *from, struct list_head *to)
{
   if (list_is_empty(from)) {
      list_inithead(to);
      return;
   }
   to->prev = from->prev;
   to->next = from->next;
   from->next->prev = to;
   from->prev->next = to;
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
