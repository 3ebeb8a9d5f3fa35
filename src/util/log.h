/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Minimal logging: one line per message, prefixed with the component tag
 * and level, written to stderr (or a stream set with u_log_set_stream for
 * tests).  MESA_LOG_LEVEL=error|warn|info|debug chooses what is shown
 * (default: info).
 */
#ifndef UTIL_LOG_H
#define UTIL_LOG_H

#include <stdarg.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

enum u_log_level {
   U_LOG_ERROR,
   U_LOG_WARN,
   U_LOG_INFO,
   U_LOG_DEBUG,
};

void u_log(enum u_log_level level, const char *tag, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));
void u_logv(enum u_log_level level, const char *tag, const char *fmt,
            va_list args);

/* For tests: redirect output (NULL restores stderr). */
void u_log_set_stream(FILE *stream);
/* Threshold from MESA_LOG_LEVEL, read once. */
enum u_log_level u_log_threshold(void);

#define u_loge(tag, ...) u_log(U_LOG_ERROR, tag, __VA_ARGS__)
#define u_logw(tag, ...) u_log(U_LOG_WARN, tag, __VA_ARGS__)
#define u_logi(tag, ...) u_log(U_LOG_INFO, tag, __VA_ARGS__)
#define u_logd(tag, ...) u_log(U_LOG_DEBUG, tag, __VA_ARGS__)

#ifdef __cplusplus
}
#endif

#endif
