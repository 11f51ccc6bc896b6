// Landlock's refusals said: see scene_signals.h (4).
#define _GNU_SOURCE
#include "scene_signals.h"
#include "scene_got.h"
#include "scene_refusal_line.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef int (*open_function)(const char *, int, ...);
typedef int (*openat_function)(int, const char *, int, ...);
typedef FILE *(*fopen_function)(const char *, const char *);
typedef DIR *(*opendir_function)(const char *);
typedef int (*mkdir_function)(const char *, mode_t);

// The functions the slots held (the C library's, or a sanitizer's interceptors), found once.
static open_function real_open, real_open64;
static openat_function real_openat, real_openat64;
static fopen_function real_fopen, real_fopen64;
static opendir_function real_opendir;
static mkdir_function real_mkdir;

// The folders and files the sandbox allows, copied once; set before `active`.
static char **readable, **writable;
static size_t readable_count, writable_count;
// Whether refusals are said: set once the sandbox is applied.
static atomic_int active;

// Whether `path` is `prefix` or beneath it.
static int beneath(const char *path, const char *prefix) {
    size_t length = strlen(prefix);
    while (length > 1 && prefix[length - 1] == '/') length--;
    return strncmp(path, prefix, length) == 0 && (path[length] == 0 || path[length] == '/' || (length == 1 && prefix[0] == '/'));
}

static int allowed(const char *path, int writing) {
    for (size_t index = 0; index < writable_count; index++) {
        if (beneath(path, writable[index])) return 1;
    }
    if (writing) return 0;
    for (size_t index = 0; index < readable_count; index++) {
        if (beneath(path, readable[index])) return 1;
    }
    return 0;
}

// Says a refusal of `call` on `path` (relative to `folder`: AT_FDCWD or a descriptor) when it failed
// with EACCES and the path is outside what the sandbox allows for it: the refusal is Landlock's,
// not the file's permissions'. A path that only looks inside (`..`, symbolic links) is not said.
static void say(const char *call, int folder, const char *path, int writing) {
    int error = errno;
    if (error != EACCES || !atomic_load(&active) || path == NULL) return;
    char absolute[PATH_MAX + 2];
    if (path[0] == '/') {
        snprintf(absolute, sizeof absolute, "%s", path);
    } else {
        char base[PATH_MAX];
        if (folder == AT_FDCWD) {
            if (!getcwd(base, sizeof base)) goto restore;
        } else {
            char link[64];
            snprintf(link, sizeof link, "/proc/self/fd/%d", folder);
            ssize_t length = readlink(link, base, sizeof base - 1);
            if (length <= 0) goto restore;
            base[length] = 0;
        }
        snprintf(absolute, sizeof absolute, "%s/%s", base, path);
    }
    if (!allowed(absolute, writing)) {
        char detail[PATH_MAX + 8];
        snprintf(detail, sizeof detail, " of %s", absolute);
        scene_refusal_say(call, detail, EACCES);
    }
restore:
    errno = error;
}

static int writes(int flags) { return (flags & O_ACCMODE) != O_RDONLY || (flags & (O_CREAT | O_TRUNC)) != 0; }

static int writes_mode(const char *mode) { return mode && (strchr(mode, 'w') || strchr(mode, 'a') || strchr(mode, '+')); }

static mode_t mode_argument(int flags, va_list arguments) {
    return (flags & (O_CREAT | O_TMPFILE)) ? (mode_t)va_arg(arguments, int) : 0;
}

// open(2) and openat(2) and their 64-bit names: the mode is read only when the flags say it is there.
#define SAID_OPEN(name, real, call)                                          \
    static int name(const char *path, int flags, ...) {                      \
        va_list arguments;                                                   \
        va_start(arguments, flags);                                          \
        mode_t mode = mode_argument(flags, arguments);                       \
        va_end(arguments);                                                   \
        int result = real(path, flags, mode);                                \
        if (result < 0) say(call, AT_FDCWD, path, writes(flags));            \
        return result;                                                       \
    }
#define SAID_OPENAT(name, real, call)                                        \
    static int name(int folder, const char *path, int flags, ...) {          \
        va_list arguments;                                                   \
        va_start(arguments, flags);                                          \
        mode_t mode = mode_argument(flags, arguments);                       \
        va_end(arguments);                                                   \
        int result = real(folder, path, flags, mode);                        \
        if (result < 0) say(call, folder, path, writes(flags));              \
        return result;                                                       \
    }
SAID_OPEN(said_open, real_open, "open(2)")
SAID_OPEN(said_open64, real_open64, "open(2)")
SAID_OPENAT(said_openat, real_openat, "openat(2)")
SAID_OPENAT(said_openat64, real_openat64, "openat(2)")

static FILE *said_fopen(const char *path, const char *mode) {
    FILE *file = real_fopen(path, mode);
    if (!file) say("fopen(3)", AT_FDCWD, path, writes_mode(mode));
    return file;
}

static FILE *said_fopen64(const char *path, const char *mode) {
    FILE *file = real_fopen64(path, mode);
    if (!file) say("fopen(3)", AT_FDCWD, path, writes_mode(mode));
    return file;
}

static DIR *said_opendir(const char *path) {
    DIR *folder = real_opendir(path);
    if (!folder) say("opendir(3)", AT_FDCWD, path, 0);
    return folder;
}

static int said_mkdir(const char *path, mode_t mode) {
    int result = real_mkdir(path, mode);
    if (result < 0) say("mkdir(2)", AT_FDCWD, path, 1);
    return result;
}

// Every loaded object but the C library and the loader (whose own calls are not a plugin's),
// libdispatch (whose `open` is redirected for its worker monitor, (3)) and a sanitizer's runtime
// (whose interceptors are what the slots elsewhere call).
static int wanted(const char *name) {
    static const char *const skipped[] = {"libc.so", "ld-linux", "libdispatch.so", "libclang_rt", "linux-vdso", "libpthread"};
    for (size_t index = 0; index < sizeof skipped / sizeof *skipped; index++) {
        if (strncmp(name, skipped[index], strlen(skipped[index])) == 0) return 0;
    }
    return 1;
}

static char **copy(const char *const *paths, size_t count) {
    char **copies = calloc(count ? count : 1, sizeof *copies);
    for (size_t index = 0; copies && index < count; index++) copies[index] = strdup(paths[index]);
    return copies;
}

int scene_say_refused_files(void) {
    if (!real_open) {
        errno = ENOENT;
        return -1;
    }
    static const struct {
        const char *symbol;
        void *replacement;
    } slots[] = {
        {"open", (void *)said_open}, {"open64", (void *)said_open64}, {"openat", (void *)said_openat},
        {"openat64", (void *)said_openat64}, {"fopen", (void *)said_fopen}, {"fopen64", (void *)said_fopen64},
        {"opendir", (void *)said_opendir}, {"mkdir", (void *)said_mkdir},
    };
    int found = 0;
    for (size_t index = 0; index < sizeof slots / sizeof *slots; index++) {
        int patched = scene_got_patch(slots[index].symbol, slots[index].replacement, wanted);
        if (patched < 0) return -1;
        found += patched;
    }
    return found;
}

int scene_file_refusals_install(const char *const *readable_paths, size_t readable_total, const char *const *writable_paths, size_t writable_total) {
    if (!real_open) {
        real_open = (open_function)dlsym(RTLD_DEFAULT, "open");
        real_open64 = (open_function)dlsym(RTLD_DEFAULT, "open64");
        real_openat = (openat_function)dlsym(RTLD_DEFAULT, "openat");
        real_openat64 = (openat_function)dlsym(RTLD_DEFAULT, "openat64");
        real_fopen = (fopen_function)dlsym(RTLD_DEFAULT, "fopen");
        real_fopen64 = (fopen_function)dlsym(RTLD_DEFAULT, "fopen64");
        real_opendir = (opendir_function)dlsym(RTLD_DEFAULT, "opendir");
        real_mkdir = (mkdir_function)dlsym(RTLD_DEFAULT, "mkdir");
        if (!real_open || !real_open64 || !real_openat || !real_openat64 || !real_fopen || !real_fopen64 || !real_opendir || !real_mkdir) {
            real_open = NULL;
            errno = ENOENT;
            return -1;
        }
        readable = copy(readable_paths, readable_total);
        writable = copy(writable_paths, writable_total);
        readable_count = readable ? readable_total : 0;
        writable_count = writable ? writable_total : 0;
    }
    return scene_say_refused_files();
}

void scene_file_refusals_activate(void) { atomic_store(&active, 1); }
