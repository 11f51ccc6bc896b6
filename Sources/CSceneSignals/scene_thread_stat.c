// libdispatch's worker monitor under the scene sandbox: see scene_signals.h (3).
#define _GNU_SOURCE
#include "scene_signals.h"
#include "scene_got.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

typedef int (*open_function)(const char *, int, ...);

// The `open` libdispatch's slot held (the C library's, or a sanitizer's interceptor of it). Set
// once, before the slot points at redirected_open, and never again.
static open_function original_open;
// Whether libdispatch's slot points at redirected_open (a second call finds nothing new to patch).
static int redirected;

// The thread id in "/proc/<tid>/stat", or -1 for any other path.
static long thread_stat_id(const char *path) {
    static const char prefix[] = "/proc/";
    if (strncmp(path, prefix, sizeof prefix - 1) != 0) return -1;
    const char *cursor = path + sizeof prefix - 1, *digits = cursor;
    long id = 0;
    while (*cursor >= '0' && *cursor <= '9' && cursor - digits < 10) id = id * 10 + (*cursor++ - '0');
    if (cursor == digits || strcmp(cursor, "/stat") != 0) return -1;
    return id;
}

// libdispatch's `open`: "/proc/<tid>/stat" of one of this process's threads is opened as
// "/proc/self/task/<tid>/stat", the same file under the process's own /proc entry (which the
// sandbox lets it read); a path that is not one, or a tid that is not this process's, as given.
static int redirected_open(const char *path, int flags, ...) {
    mode_t mode = 0;
    if (flags & (O_CREAT | O_TMPFILE)) {
        va_list arguments;
        va_start(arguments, flags);
        mode = (mode_t)va_arg(arguments, int);
        va_end(arguments);
    }
    long id = thread_stat_id(path);
    if (id > 0 && id != (long)getpid()) {
        char task[64];
        snprintf(task, sizeof task, "/proc/self/task/%ld/stat", id);
        int descriptor = original_open(task, flags, mode);
        if (descriptor >= 0 || errno != ENOENT) return descriptor;
    }
    return original_open(path, flags, mode);
}

static int is_libdispatch(const char *name) { return strcmp(name, "libdispatch.so") == 0; }

int scene_redirect_thread_stat_opens(void) {
    if (!original_open) {
        // The function libdispatch's slot resolves to, bound now: a lazy slot still holds the
        // loader's stub, which would write the slot back when called.
        original_open = (open_function)dlsym(RTLD_DEFAULT, "open");
        if (!original_open) {
            errno = ENOENT;
            return -1;
        }
    }
    int found = scene_got_patch("open", (void *)redirected_open, is_libdispatch);
    if (found < 0) return -1;
    if (found == 0 && !redirected) {
        errno = ENOENT;
        return -1;
    }
    redirected = 1;
    return 0;
}
