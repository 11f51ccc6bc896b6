// One refusal line on standard error, shared by the seccomp traps (scene_refusals.c) and the
// refused files (scene_file_refusals.c), counted together against SCENE_REFUSAL_LINES.
#ifndef SCENEHOST_SCENE_REFUSAL_LINE_H
#define SCENEHOST_SCENE_REFUSAL_LINE_H

/// Writes "sandbox refused CALLDETAIL: EACCES" (or EPERM) and a newline with one write(2), or, past
/// SCENE_REFUSAL_LINES, once that further refusals are not logged, then nothing. Async-signal-safe;
/// errno is kept.
void scene_refusal_say(const char *call, const char *detail, int error);

#endif
