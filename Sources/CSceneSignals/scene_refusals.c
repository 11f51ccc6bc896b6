// The answer to the sandbox's seccomp traps (scene_signals.h).
//
// The filter (CLinux's clinux_seccomp_refuse_sockets, with trapping on) returns SECCOMP_RET_TRAP
// for socket(2), ptrace(2), process_vm_readv(2) and process_vm_writev(2) of another process: the
// kernel skips the call and sends SIGSYS to the calling thread, synchronously, with the call's
// number and its registers in the signal's context. The handler sets the call's result register
// to the refusal's error (what SECCOMP_RET_ERRNO would have returned: EACCES for a socket, EPERM
// otherwise), so the caller sees the same failure, and writes one line with write(2). Everything
// it does is async-signal-safe.
#define _GNU_SOURCE
#include "scene_signals.h"
#include "signal_line.h"
#include "scene_refusal_line.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

static atomic_int refusals_written;

static void refusal_handler(int number, siginfo_t *info, void *context) {
    (void)number;
    ucontext_t *state = (ucontext_t *)context;
    int call = info->si_syscall;
#if defined(__x86_64__)
    long first = (long)state->uc_mcontext.gregs[REG_RDI];
#elif defined(__aarch64__)
    long first = (long)state->uc_mcontext.regs[0];
#else
    long first = 0;
#endif
    const char *name = "a system call";
    const char *what = NULL;
    int error = EPERM;
    if (call == SYS_socket) {
        name = "socket(2)";
        what = " of family ";
        error = EACCES;
    } else if (call == SYS_ptrace) {
        name = "ptrace(2)";
    } else if (call == SYS_process_vm_readv) {
        name = "process_vm_readv(2)";
        what = " of process ";
    } else if (call == SYS_process_vm_writev) {
        name = "process_vm_writev(2)";
        what = " of process ";
    }
#if defined(__x86_64__)
    state->uc_mcontext.gregs[REG_RAX] = -error;
#elif defined(__aarch64__)
    state->uc_mcontext.regs[0] = (unsigned long long)(long long)-error;
#endif
    char detail[32];
    size_t length = 0;
    if (what != NULL) {
        length = signal_line_append(detail, 0, sizeof detail - 1, what);
        length = signal_line_append_number(detail, length, sizeof detail - 1, (uintptr_t)first, 10);
    }
    detail[length] = 0;
    scene_refusal_say(name, detail, error);
}

void scene_refusal_say(const char *call, const char *detail, int error) {
    int written = atomic_fetch_add(&refusals_written, 1);
    if (written > SCENE_REFUSAL_LINES) return;
    char line[512];
    size_t used = 0;
    if (written == SCENE_REFUSAL_LINES) {
        used = signal_line_append(line, used, sizeof line - 1, "sandbox: further refusals are not logged");
    } else {
        used = signal_line_append(line, used, sizeof line - 1, SCENE_REFUSAL_PREFIX);
        used = signal_line_append(line, used, sizeof line - 1, call);
        used = signal_line_append(line, used, sizeof line - 1, detail);
        used = signal_line_append(line, used, sizeof line - 1, error == EACCES ? ": EACCES" : ": EPERM");
    }
    line[used++] = '\n';
    int saved = errno;
    ssize_t result = write(STDERR_FILENO, line, used);
    (void)result;
    errno = saved;
}

int scene_refusals_install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = refusal_handler;
    action.sa_flags = SA_SIGINFO | SA_NODEFER | SA_RESTART;
    sigemptyset(&action.sa_mask);
    return sigaction(SIGSYS, &action, NULL);
}
