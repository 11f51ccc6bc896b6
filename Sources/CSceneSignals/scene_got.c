// Pointing other libraries' calls of a C library function at a function of ours: see
// scene_signals.h (3 and 4). The loader has bound every slot by now (the plugin and the libraries
// a scene process runs are loaded with RTLD_NOW or bound at start), so a slot is replaced with one
// atomic store and no later resolution writes it back.
#define _GNU_SOURCE
#include "scene_got.h"

#include <elf.h>
#include <errno.h>
#include <link.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

struct patch {
    const char *symbol;
    void *replacement;
    scene_got_filter wanted;
    int found;
    int failed_errno;
};

// The absolute address of a dynamic entry's pointer (the loader relocated most of them in place).
static uintptr_t dynamic_address(ElfW(Addr) value, ElfW(Addr) base) {
    return value < base ? base + value : value;
}

static int patch_object(struct dl_phdr_info *info, size_t size, void *context) {
    (void)size;
    struct patch *patch = context;
    const char *name = info->dlpi_name ? info->dlpi_name : "";
    const char *slash = strrchr(name, '/');
    if (!patch->wanted(slash ? slash + 1 : name)) return 0;
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
            if (strcmp(strings + symbol->st_name, patch->symbol) != 0) continue;
            void **slot = (void **)(info->dlpi_addr + relocation->r_offset);
            if (__atomic_load_n(slot, __ATOMIC_ACQUIRE) == patch->replacement) continue;
            // Writable for the store: .got.plt is (lazy binding), a slot under RELRO is not; it
            // stays writable after, which costs that one page its read-only hardening.
            uintptr_t start = (uintptr_t)slot & ~(uintptr_t)(page - 1);
            if (mprotect((void *)start, (size_t)page, PROT_READ | PROT_WRITE) != 0) {
                patch->failed_errno = errno;
                return 1;
            }
            __atomic_store_n(slot, patch->replacement, __ATOMIC_RELEASE);
            patch->found++;
        }
    }
    return 0;
}

int scene_got_patch(const char *symbol, void *replacement, scene_got_filter wanted) {
    struct patch patch = {symbol, replacement, wanted, 0, 0};
    dl_iterate_phdr(patch_object, &patch);
    if (patch.failed_errno) {
        errno = patch.failed_errno;
        return -1;
    }
    return patch.found;
}
