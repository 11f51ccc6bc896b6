// A scene process's own crash report: which frames of its plugin were on the crashed thread's stack
// when a fatal signal came. Swift's backtracer cannot run inside the scene sandbox (it starts a
// program that reads its own /proc/self, which Landlock refuses a scene process's children), so
// the scene process writes the plugin's return addresses itself, one line on standard error, which
// the board reads and symbolizes from the plugin's file (scene_crash.c says how). Seen only by
// SceneProcesses.
#ifndef SCENEHOST_SCENE_CRASH_H
#define SCENEHOST_SCENE_CRASH_H

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

/// The Swift runtime's demangler (libswiftCore): a malloc'd NUL-terminated name, or NULL when
/// `mangled` is not a Swift symbol. `buffer` and `size` NULL, `flags` 0.
extern char *swift_demangle(const char *mangled, size_t length, char *buffer, size_t *size, uint32_t flags);

#endif
