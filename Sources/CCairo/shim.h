// Cairo, seen only by SceneRender (the only module that draws with it).
#include <cairo.h>
