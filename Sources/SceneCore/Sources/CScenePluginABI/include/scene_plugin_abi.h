// SceneHost plugin ABI. A plugin is a shared library that exports two C symbols:
//
//   int32_t scene_plugin_query(ScenePluginInfo *out);   fills `out`; touches C types only; returns 0
//   void   *scene_plugin_create(void);                  returns a +1 retained SceneCore PluginDescriptor
//
// The host dlopens the library (RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE), calls the query entry, checks
// the magic, the ABI version and the debug/release flag, and only then calls the create entry.
// The ABI version is a macro so that its value is compiled INTO each plugin: the plugin reports the
// header it was built against, not the header of whichever core happens to be loaded.
// Bump SCENE_PLUGIN_ABI_VERSION for every incompatible change to this header or to the core's
// public classes that library evolution cannot absorb (removals, signature changes).
#ifndef SCENE_PLUGIN_ABI_H
#define SCENE_PLUGIN_ABI_H

#include <stdint.h>

/* The version of SceneCore this header belongs to. A plugin records the version it was built
   against; scripts/install writes it into scenecore.pc. */
#define SCENE_CORE_VERSION_MAJOR 1
#define SCENE_CORE_VERSION_MINOR 1
#define SCENE_CORE_VERSION_PATCH 0
/* The same as one number, (major << 16) | (minor << 8) | patch: what ScenePluginInfo.min_core_version holds. */
#define SCENE_CORE_VERSION ((SCENE_CORE_VERSION_MAJOR << 16) | (SCENE_CORE_VERSION_MINOR << 8) | SCENE_CORE_VERSION_PATCH)

#define SCENE_PLUGIN_MAGIC 0x534E5047u /* 'SNPG' */
#define SCENE_PLUGIN_ABI_VERSION 1u
#define SCENE_PLUGIN_FLAG_DEBUG 0x1u

#define SCENE_PLUGIN_QUERY_SYMBOL "scene_plugin_query"
#define SCENE_PLUGIN_CREATE_SYMBOL "scene_plugin_create"

/// What a plugin says about itself before anything of it runs. Strings point to static storage
/// owned by the plugin and stay valid for the life of the process (plugins are never unloaded).
///
/// Fields are only ever added at the end: the host reads a field only when the plugin's struct_size
/// covers it, so plugins built with an older header keep loading (their later fields read as absent).
typedef struct ScenePluginInfo {
    uint32_t magic;        /* SCENE_PLUGIN_MAGIC */
    uint32_t abi_version;  /* SCENE_PLUGIN_ABI_VERSION as compiled into the plugin */
    uint32_t struct_size;  /* sizeof(ScenePluginInfo) as compiled into the plugin */
    uint32_t flags;        /* SCENE_PLUGIN_FLAG_DEBUG for a debug build */
    const char *name;      /* plugin name, e.g. "FindView" */
    const char *version;   /* plugin version, e.g. "1.0.0" */
    /* Since SceneCore 1.1: */
    const char *description;    /* one line saying what the plugin shows, or NULL */
    uint32_t min_core_version;  /* the oldest SceneCore it runs on, as SCENE_CORE_VERSION; 0 for any */
} ScenePluginInfo;

typedef int32_t (*ScenePluginQueryFn)(ScenePluginInfo *out);
typedef void *(*ScenePluginCreateFn)(void);

/// The ABI version the loaded libSceneCore.so was built with (implemented in the core itself).
uint32_t scene_core_abi_version(void);

/// The version of the loaded libSceneCore.so, as SCENE_CORE_VERSION (implemented in the core itself).
uint32_t scene_core_version(void);

#endif
