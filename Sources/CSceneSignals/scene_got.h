// Replacing the slots through which loaded libraries call a function (scene_got.c). Seen only by
// CSceneSignals' own files.
#ifndef SCENEHOST_SCENE_GOT_H
#define SCENEHOST_SCENE_GOT_H

/// Whether the loaded object named `name` (its file name; "" for the executable) is patched.
typedef int (*scene_got_filter)(const char *name);

/// Points every PLT and GOT slot named `symbol` of the loaded objects `wanted` accepts at
/// `replacement` (x86-64 relocations; a slot already pointing there is left). The number of slots
/// newly pointed, or -1 with errno set (a page could not be made writable).
int scene_got_patch(const char *symbol, void *replacement, scene_got_filter wanted);

#endif
