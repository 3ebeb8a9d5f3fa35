/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Hierarchical arena allocation.
 *
 * Every allocation may have a parent (any other ralloc allocation, or NULL).
 * Freeing an allocation frees its whole subtree, so a compiler pass can hang
 * everything it makes off one context and free it in one call.  Allocations
 * can be moved between parents with ralloc_steal().
 *
 * Only pointers returned by these functions may be passed back to them.
 */
#ifndef UTIL_RALLOC_H
#define UTIL_RALLOC_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A new empty context (a zero-sized allocation) under parent. */
void *ralloc_context(const void *parent);

void *ralloc_size(const void *parent, size_t size);
void *rzalloc_size(const void *parent, size_t size);

/* Resize; keeps the parent and the children.  ptr may be NULL (allocates
 * under parent).  On failure returns NULL and leaves ptr untouched. */
void *reralloc_size(const void *parent, void *ptr, size_t size);
void *rerzalloc_size(const void *parent, void *ptr, size_t old_size,
                     size_t new_size);

/* Array helpers, checked for multiplication overflow. */
void *ralloc_array_size(const void *parent, size_t elem, size_t count);
void *rzalloc_array_size(const void *parent, size_t elem, size_t count);
void *reralloc_array_size(const void *parent, void *ptr, size_t elem,
                          size_t count);

/* Free ptr and everything allocated under it.  NULL is ignored. */
void ralloc_free(void *ptr);

/* Move ptr (with its subtree) under new_parent (NULL detaches it). */
void ralloc_steal(const void *new_parent, void *ptr);

/* Parent of ptr, or NULL. */
void *ralloc_parent(const void *ptr);

/* Call destructor(ptr) just before ptr is freed (after its children). */
void ralloc_set_destructor(const void *ptr, void (*destructor)(void *));

char *ralloc_strdup(const void *parent, const char *str);
char *ralloc_strndup(const void *parent, const char *str, size_t max);
char *ralloc_asprintf(const void *parent, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));
char *ralloc_vasprintf(const void *parent, const char *fmt, va_list args);

/* Append to a ralloc'ed string, reallocating it; *str may be NULL.
 * Return false on allocation failure (*str is then unchanged). */
bool ralloc_strcat(char **str, const char *append);
bool ralloc_asprintf_append(char **str, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));
bool ralloc_vasprintf_append(char **str, const char *fmt, va_list args);

#define ralloc(parent, type) ((type *)ralloc_size(parent, sizeof(type)))
#define rzalloc(parent, type) ((type *)rzalloc_size(parent, sizeof(type)))
#define ralloc_array(parent, type, n)                                         \
   ((type *)ralloc_array_size(parent, sizeof(type), n))
#define rzalloc_array(parent, type, n)                                        \
   ((type *)rzalloc_array_size(parent, sizeof(type), n))
#define reralloc(parent, ptr, type, n)                                        \
   ((type *)reralloc_array_size(parent, ptr, sizeof(type), n))

#ifdef __cplusplus
}
#endif

#endif
