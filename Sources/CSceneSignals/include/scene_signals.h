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
//
// 3. libdispatch's worker monitor under the sandbox (scene_thread_stat.c): once a second, while a
// global queue has work waiting, libdispatch opens "/proc/<tid>/stat" of each of its worker
// threads, and ends the process (an illegal instruction: "workq: registered worker exited
// prematurely") when the open fails. Landlock lets a scene process read only its own
// /proc/<pid>, not /proc/<tid> of its threads, so any plugin work on a global queue, or a page
// source formatted off the main thread, could end a sandboxed scene process. Its `open` slot is
// pointed at a function that opens "/proc/self/task/<tid>/stat" instead, the same file.
//
// 4. The files its sandbox refuses (scene_file_refusals.c): Landlock fails a refused open with
// EACCES and tells only the kernel's audit log. The loaded libraries' slots for open, open64,
// openat, openat64, fopen, fopen64, opendir and mkdir (the plugin's, Foundation's, the Swift
// runtime's; not the C library's own calls) are pointed at functions that call the real one and,
// when it failed with EACCES on a path outside what the sandbox allows for that access, write a
// refusal line as the seccomp traps do ("sandbox refused open(2) of /root/.ssh: EACCES").
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

/// Points libdispatch's `open` (its PLT or GOT slot) at a function that opens
/// "/proc/<tid>/stat" of this process's threads through "/proc/self/task/<tid>/stat" and any other
/// path as given. Call it once, before the sandbox is applied, while no other thread can be in
/// libdispatch's monitor (the slot is written with one atomic store). 0, or -1 with errno set
/// (ENOENT: libdispatch or its `open` slot was not found).
int scene_redirect_thread_stat_opens(void);

/// Starts (4): remembers the paths the sandbox lets the process read (`readable`) and also write
/// (`writable`), and points the loaded libraries' file-opening slots at the functions that say
/// refusals; they say nothing until scene_file_refusals_activate. Call it on the main thread before
/// the sandbox is applied, with no other thread opening files. The number of slots pointed, or -1
/// with errno set (ENOENT: a function was not found).
int scene_file_refusals_install(const char *const *readable, size_t readable_count, const char *const *writable, size_t writable_count);

/// Points the slots of libraries loaded since (the plugin) too; the same answer.
int scene_say_refused_files(void);

/// Refusals are said from now on (once the sandbox is applied).
void scene_file_refusals_activate(void);

/// The Swift runtime's demangler (libswiftCore): a malloc'd NUL-terminated name, or NULL when
/// `mangled` is not a Swift symbol. `buffer` and `size` NULL, `flags` 0.
extern char *swift_demangle(const char *mangled, size_t length, char *buffer, size_t *size, uint32_t flags);

#endif
