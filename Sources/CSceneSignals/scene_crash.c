// The scene process's crash handler (scene_signals.h).
//
// Everything the handler does is async-signal-safe: it reads registers from the signal's context,
// words of the main thread's stack between the interrupted stack pointer and the stack's top
// (mapped, whatever the frame pointers hold: a chain that leaves that range is not followed), and
// writes one line with write(2). Then, when asked to, it hands the signal to the handler that was
// there before (the Swift runtime's, when backtracing is on), and returns with the default action
// back, so the process ends by the same signal as without it.
#define _GNU_SOURCE
#include "scene_signals.h"
#include "signal_line.h"

#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

static char crash_library[256];
static uintptr_t crash_base, crash_text_start, crash_text_end;
static uintptr_t crash_stack_low, crash_stack_high;
static struct sigaction crash_previous[65];
static int crash_chain;
static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE };

static int crash_in_plugin(uintptr_t address) {
    return address >= crash_text_start && address < crash_text_end;
}

static void crash_handler(int number, siginfo_t *info, void *context) {
    ucontext_t *state = (ucontext_t *)context;
    uintptr_t pc = 0, fp = 0, sp = 0;
#if defined(__x86_64__)
    pc = (uintptr_t)state->uc_mcontext.gregs[REG_RIP];
    fp = (uintptr_t)state->uc_mcontext.gregs[REG_RBP];
    sp = (uintptr_t)state->uc_mcontext.gregs[REG_RSP];
#elif defined(__aarch64__)
    pc = (uintptr_t)state->uc_mcontext.pc;
    fp = (uintptr_t)state->uc_mcontext.regs[29];
    sp = (uintptr_t)state->uc_mcontext.sp;
#endif
    uintptr_t frames[SCENE_CRASH_FRAMES];
    int count = 0;
    if (crash_in_plugin(pc)) frames[count++] = pc;
    if (sp >= crash_stack_low && sp < crash_stack_high) {
        // The frame-pointer chain: each frame holds the caller's frame pointer, then the return
        // address. A return address points after its call: minus one is inside the calling line.
        uintptr_t frame = fp;
        for (int depth = 0; depth < 256 && count < SCENE_CRASH_FRAMES; depth++) {
            if (frame < sp || frame > crash_stack_high - 2 * sizeof(uintptr_t) || (frame & (sizeof(uintptr_t) - 1))) break;
            uintptr_t next = ((const uintptr_t *)frame)[0];
            uintptr_t back = ((const uintptr_t *)frame)[1];
            if (crash_in_plugin(back)) frames[count++] = back - 1;
            if (next <= frame) break;
            frame = next;
        }
        if (count == 0) {
            // Code without frame pointers (a C library's abort) between the signal and the plugin:
            // the first word of the stack that points into the plugin's code, a return address.
            uintptr_t limit = sp + 65536 < crash_stack_high ? sp + 65536 : crash_stack_high;
            for (uintptr_t at = sp & ~(uintptr_t)(sizeof(uintptr_t) - 1); at + sizeof(uintptr_t) <= limit; at += sizeof(uintptr_t)) {
                uintptr_t word = *(const uintptr_t *)at;
                if (crash_in_plugin(word)) {
                    frames[count++] = word - 1;
                    break;
                }
            }
        }
    }
    char line[1024];
    size_t used = signal_line_append(line, 0, sizeof line - 1, SCENE_CRASH_PREFIX);
    for (int index = 0; index < count; index++) {
        used = signal_line_append(line, used, sizeof line - 1, " ");
        used = signal_line_append(line, used, sizeof line - 1, crash_library);
        used = signal_line_append(line, used, sizeof line - 1, "+");
        used = signal_line_append_number(line, used, sizeof line - 1, frames[index] - crash_base, 16);
    }
    if (count == 0) used = signal_line_append(line, used, sizeof line - 1, " none");
    line[used++] = '\n';
    ssize_t written = write(STDERR_FILENO, line, used);
    (void)written;

    struct sigaction *previous = &crash_previous[number];
    if (!crash_chain) {
        // Nothing more to say.
    } else if ((previous->sa_flags & SA_SIGINFO) && previous->sa_sigaction != NULL) {
        previous->sa_sigaction(number, info, context);
    } else if (!(previous->sa_flags & SA_SIGINFO) && previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN) {
        previous->sa_handler(number);
    }
    // The default action again, set in the kernel itself: returning re-runs the faulting
    // instruction, and abort(3) raises again, so the process ends by this signal. Not through
    // sigaction(3): a sanitizer's runtime intercepts that and keeps its own handler in the kernel,
    // emulating the default action (under ThreadSanitizer a scene process whose handler set SIG_DFL
    // that way never ended after a trap). An all-zero kernel sigaction is SIG_DFL with no flags and
    // an empty mask.
    uint64_t defaults[8];
    memset(defaults, 0, sizeof defaults);
    syscall(SYS_rt_sigaction, number, defaults, NULL, sizeof(uint64_t));
}

int scene_crash_install(const char *library, uintptr_t base, uintptr_t text_start, uintptr_t text_end, int chain) {
    crash_chain = chain;
    strncpy(crash_library, library, sizeof crash_library - 1);
    crash_base = base;
    crash_text_start = text_start;
    crash_text_end = text_end;
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) == 0) {
        void *low = NULL;
        size_t size = 0;
        if (pthread_attr_getstack(&attributes, &low, &size) == 0) {
            crash_stack_low = (uintptr_t)low;
            crash_stack_high = (uintptr_t)low + size;
        }
        pthread_attr_destroy(&attributes);
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = crash_handler;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
    sigfillset(&action.sa_mask);
    for (size_t index = 0; index < sizeof crash_signals / sizeof crash_signals[0]; index++) {
        int number = crash_signals[index];
        if (sigaction(number, &action, &crash_previous[number]) != 0) return -1;
    }
    return 0;
}

