// libdispatch's worker monitor under the scene sandbox: see scene_signals.h (3).
#define _GNU_SOURCE
#include "scene_signals.h"

#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

typedef int (*open_function)(const char *, int, ...);

// The `open` libdispatch's slot held (the C library's, or a sanitizer's interceptor of it). Set
// once, before the slot points at redirected_open, and never again.
static open_function original_open;

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

struct search {
    int found;
    int failed_errno;
};

// The absolute address of a dynamic entry's pointer (the loader relocated most of them in place).
static uintptr_t dynamic_address(ElfW(Addr) value, ElfW(Addr) base) {
    return value < base ? base + value : value;
}

static int patch_object(struct dl_phdr_info *info, size_t size, void *context) {
    (void)size;
    struct search *search = context;
    const char *name = info->dlpi_name;
    const char *slash = name ? strrchr(name, '/') : NULL;
    if (!name || strcmp(slash ? slash + 1 : name, "libdispatch.so") != 0) return 0;
    const ElfW(Dyn) *dynamic = NULL;
    for (int index = 0; index < info->dlpi_phnum; index++) {
        if (info->dlpi_phdr[index].p_type == PT_DYNAMIC) {
            dynamic = (const ElfW(Dyn) *)(info->dlpi_addr + info->dlpi_phdr[index].p_vaddr);
        }
    }
    if (!dynamic) return 0;
    const ElfW(Sym) *symbols = NULL;
    const char *strings = NULL;
    const ElfW(Rela) *relocations[2] = {NULL, NULL};
    size_t sizes[2] = {0, 0};
    for (const ElfW(Dyn) *entry = dynamic; entry->d_tag != DT_NULL; entry++) {
        switch (entry->d_tag) {
        case DT_SYMTAB: symbols = (const ElfW(Sym) *)dynamic_address(entry->d_un.d_ptr, info->dlpi_addr); break;
        case DT_STRTAB: strings = (const char *)dynamic_address(entry->d_un.d_ptr, info->dlpi_addr); break;
        case DT_JMPREL: relocations[0] = (const ElfW(Rela) *)dynamic_address(entry->d_un.d_ptr, info->dlpi_addr); break;
        case DT_PLTRELSZ: sizes[0] = entry->d_un.d_val; break;
        case DT_RELA: relocations[1] = (const ElfW(Rela) *)dynamic_address(entry->d_un.d_ptr, info->dlpi_addr); break;
        case DT_RELASZ: sizes[1] = entry->d_un.d_val; break;
        }
    }
    if (!symbols || !strings) return 0;
    long page = sysconf(_SC_PAGESIZE);
    for (int table = 0; table < 2; table++) {
        if (!relocations[table]) continue;
        for (size_t index = 0; index < sizes[table] / sizeof(ElfW(Rela)); index++) {
            const ElfW(Rela) *relocation = &relocations[table][index];
            unsigned long type = ELF64_R_TYPE(relocation->r_info);
            if (type != R_X86_64_JUMP_SLOT && type != R_X86_64_GLOB_DAT) continue;
            const ElfW(Sym) *symbol = &symbols[ELF64_R_SYM(relocation->r_info)];
            if (strcmp(strings + symbol->st_name, "open") != 0) continue;
            void **slot = (void **)(info->dlpi_addr + relocation->r_offset);
            // Writable for the store: .got.plt is (lazy binding), a slot under RELRO is not; it
            // stays writable after, which costs that one page its read-only hardening.
            uintptr_t start = (uintptr_t)slot & ~(uintptr_t)(page - 1);
            if (mprotect((void *)start, (size_t)page, PROT_READ | PROT_WRITE) != 0) {
                search->failed_errno = errno;
                return 1;
            }
            __atomic_store_n(slot, (void *)redirected_open, __ATOMIC_RELEASE);
            search->found++;
        }
    }
    return 1;
}

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
    struct search search = {0, 0};
    dl_iterate_phdr(patch_object, &search);
    if (search.failed_errno) {
        errno = search.failed_errno;
        return -1;
    }
    if (search.found == 0) {
        errno = ENOENT;
        return -1;
    }
    return 0;
}
