// Building one line in a fixed buffer inside a signal handler: no allocation, no locale, no stdio
// (scene_crash.c, scene_refusals.c). Each returns the new length, never past `capacity`.
#ifndef SCENEHOST_SIGNAL_LINE_H
#define SCENEHOST_SIGNAL_LINE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

static inline size_t signal_line_append(char *line, size_t used, size_t capacity, const char *text) {
    size_t length = strlen(text);
    if (used + length > capacity) length = capacity - used;
    memcpy(line + used, text, length);
    return used + length;
}

/// `value` in `base` (10 or 16; 16 with a 0x prefix).
static inline size_t signal_line_append_number(char *line, size_t used, size_t capacity, uintptr_t value, unsigned base) {
    char digits[2 + 2 * sizeof(uintptr_t) * 2];
    size_t count = 0;
    do {
        digits[sizeof digits - 1 - count++] = "0123456789abcdef"[value % base];
        value /= base;
    } while (value != 0 && count < sizeof digits - 2);
    if (base == 16) {
        digits[sizeof digits - 1 - count++] = 'x';
        digits[sizeof digits - 1 - count++] = '0';
    }
    size_t length = count;
    if (used + length > capacity) length = capacity - used;
    memcpy(line + used, digits + sizeof digits - count, length);
    return used + length;
}

#endif
