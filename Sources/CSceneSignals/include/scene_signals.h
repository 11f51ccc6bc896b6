// The signal handlers of a scene process, in C because a signal handler's code must be
// async-signal-safe. Seen only by SceneProcesses.
//
// 1. Its sandbox's refusals (scene_refusals.c): the seccomp filter traps the calls it refuses
// (SECCOMP_RET_TRAP) instead of failing them silently, and a SIGSYS handler fails each with its
// error and writes a line naming it on standard error, which the board logs under the scene's name.
//
// 2. Its own crash report (scene_crash.c): which frames of its plugin were on the crashed thread's stack
// when a fatal signal came. Swift's backtracer cannot run inside the scene sandbox (it starts a
// program that reads its own /proc/self, which Landlock refuses a scene process's children), so
// the scene process writes the plugin's return addresses itself, one line on standard error, which
// the board reads and symbolizes from the plugin's file (scene_crash.c says how).
#ifndef SCENEHOST_SCENE_SIGNALS_H
#define SCENEHOST_SCENE_SIGNALS_H

#include <stddef.h>
#include <stdint.h>

/// At most this many plugin frames are written.
enum { SCENE_CRASH_FRAMES = 8 };

/// The line's beginning; the frames follow as " LIBRARY+0xOFFSET", innermost first, or " none".
#define SCENE_CRASH_PREFIX "scene process crash: plugin frames"

/// Installs the handler for SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT and SIGFPE, for the plugin
/// `library` (its file name) loaded at `base` (where its file's offset 0 is mapped) with its code
/// in [code_start, code_end). With `chain` non-zero the signal then goes to the handler that was
/// there before (the Swift runtime's backtracer, which cannot run in the sandbox: 0 there). Call it
/// once, on the main thread (its stack is the one searched), after the plugin loaded. 0, or -1 with
/// errno set.
int scene_crash_install(const char *library, uintptr_t base, uintptr_t code_start, uintptr_t code_end, int chain);

/// The refusal lines' beginning; `socket(2) of family F`, `ptrace(2) of process P` or
/// `process_vm_readv(2)`/`process_vm_writev(2) of process P`, and the error follow, e.g.
/// "sandbox refused socket(2) of family 2: EACCES".
#define SCENE_REFUSAL_PREFIX "sandbox refused "

/// At most this many refusals are written; then one line says that the rest are not.
enum { SCENE_REFUSAL_LINES = 32 };

/// Installs the SIGSYS handler that answers the seccomp filter's traps (SA_SIGINFO, SA_NODEFER, on
/// every thread: handlers are per process). Call it before the filter is installed: a trap with no
/// handler would end the process. 0, or -1 with errno set.
int scene_refusals_install(void);

/// The Swift runtime's demangler (libswiftCore): a malloc'd NUL-terminated name, or NULL when
/// `mangled` is not a Swift symbol. `buffer` and `size` NULL, `flags` 0.
extern char *swift_demangle(const char *mangled, size_t length, char *buffer, size_t *size, uint32_t flags);

#endif
