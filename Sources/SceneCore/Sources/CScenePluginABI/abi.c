#include "scene_plugin_abi.h"

uint32_t scene_core_abi_version(void) {
    return SCENE_PLUGIN_ABI_VERSION;
}

uint32_t scene_core_version(void) {
    return SCENE_CORE_VERSION;
}
