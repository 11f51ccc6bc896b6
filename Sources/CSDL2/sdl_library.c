// libSDL2, opened when first used (see include/shim.h): the SDL functions SceneDisplay calls, each
// forwarding to the library's own. The library is opened once per process (pthread_once) with
// RTLD_LOCAL, and each function is looked up through its handle, so a name here always resolves to
// libSDL2's definition, never to these. SDL keeps process-wide state of its own; so does this: the
// handle and the function table, written once inside pthread_once and only read after it.
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "shim.h"

/// Functions that return a value: F(return type, name, parameters, arguments, value when SDL is missing).
#define CSDL_VALUE_FUNCTIONS(F) \
    F(SDL_Surface *, SDL_CreateRGBSurfaceWithFormatFrom, (void *pixels, int width, int height, int depth, int pitch, Uint32 format), (pixels, width, height, depth, pitch, format), NULL) \
    F(SDL_Window *, SDL_CreateWindow, (const char *title, int x, int y, int w, int h, Uint32 flags), (title, x, y, w, h, flags), NULL) \
    F(int, SDL_FillRect, (SDL_Surface *dst, const SDL_Rect *rect, Uint32 color), (dst, rect, color), -1) \
    F(int, SDL_GetCurrentDisplayMode, (int displayIndex, SDL_DisplayMode *mode), (displayIndex, mode), -1) \
    F(const char *, SDL_GetCurrentVideoDriver, (void), (), NULL) \
    F(SDL_Keymod, SDL_GetModState, (void), (), KMOD_NONE) \
    F(SDL_Window *, SDL_GetMouseFocus, (void), (), NULL) \
    F(Uint64, SDL_GetTicks64, (void), (), 0) \
    F(Uint32, SDL_GetWindowID, (SDL_Window *window), (window), 0) \
    F(SDL_Surface *, SDL_GetWindowSurface, (SDL_Window *window), (window), NULL) \
    F(int, SDL_Init, (Uint32 flags), (flags), -1) \
    F(int, SDL_LockSurface, (SDL_Surface *surface), (surface), -1) \
    F(Uint32, SDL_MapRGB, (const SDL_PixelFormat *format, Uint8 r, Uint8 g, Uint8 b), (format, r, g, b), 0) \
    F(int, SDL_PeepEvents, (SDL_Event *events, int numevents, SDL_eventaction action, Uint32 minType, Uint32 maxType), (events, numevents, action, minType, maxType), -1) \
    F(int, SDL_PollEvent, (SDL_Event *event), (event), 0) \
    F(int, SDL_PushEvent, (SDL_Event *event), (event), -1) \
    F(Uint32, SDL_RegisterEvents, (int numevents), (numevents), (Uint32)-1) \
    F(SDL_bool, SDL_SetHint, (const char *name, const char *value), (name, value), SDL_FALSE) \
    F(int, SDL_SetSurfaceBlendMode, (SDL_Surface *surface, SDL_BlendMode blendMode), (surface, blendMode), -1) \
    F(int, SDL_SetWindowInputFocus, (SDL_Window *window), (window), -1) \
    F(int, SDL_UpdateWindowSurface, (SDL_Window *window), (window), -1) \
    F(int, SDL_UpdateWindowSurfaceRects, (SDL_Window *window, const SDL_Rect *rects, int numrects), (window, rects, numrects), -1) \
    F(int, SDL_UpperBlit, (SDL_Surface *src, const SDL_Rect *srcrect, SDL_Surface *dst, SDL_Rect *dstrect), (src, srcrect, dst, dstrect), -1) \
    F(int, SDL_WaitEvent, (SDL_Event *event), (event), 0)

/// Functions without a value: F(name, parameters, arguments).
#define CSDL_VOID_FUNCTIONS(F) \
    F(SDL_DestroyWindow, (SDL_Window *window), (window)) \
    F(SDL_FreeSurface, (SDL_Surface *surface), (surface)) \
    F(SDL_GetRGB, (Uint32 pixel, const SDL_PixelFormat *format, Uint8 *r, Uint8 *g, Uint8 *b), (pixel, format, r, g, b)) \
    F(SDL_GetWindowPosition, (SDL_Window *window, int *x, int *y), (window, x, y)) \
    F(SDL_GetWindowSize, (SDL_Window *window, int *w, int *h), (window, w, h)) \
    F(SDL_HideWindow, (SDL_Window *window), (window)) \
    F(SDL_Quit, (void), ()) \
    F(SDL_RaiseWindow, (SDL_Window *window), (window)) \
    F(SDL_SetTextInputRect, (const SDL_Rect *rect), (rect)) \
    F(SDL_SetWindowMaximumSize, (SDL_Window *window, int max_w, int max_h), (window, max_w, max_h)) \
    F(SDL_SetWindowMinimumSize, (SDL_Window *window, int min_w, int min_h), (window, min_w, min_h)) \
    F(SDL_SetWindowResizable, (SDL_Window *window, SDL_bool resizable), (window, resizable)) \
    F(SDL_SetWindowSize, (SDL_Window *window, int w, int h), (window, w, h)) \
    F(SDL_SetWindowTitle, (SDL_Window *window, const char *title), (window, title)) \
    F(SDL_ShowWindow, (SDL_Window *window), (window)) \
    F(SDL_StartTextInput, (void), ()) \
    F(SDL_StopTextInput, (void), ()) \
    F(SDL_UnlockSurface, (SDL_Surface *surface), (surface))

#define CSDL_VALUE_FIELD(type, name, parameters, arguments, missing) __typeof__(&name) name;
#define CSDL_VOID_FIELD(name, parameters, arguments) __typeof__(&name) name;

/// libSDL2's own functions, looked up through its handle.
static struct {
    CSDL_VALUE_FUNCTIONS(CSDL_VALUE_FIELD)
    CSDL_VOID_FUNCTIONS(CSDL_VOID_FIELD)
    __typeof__(&SDL_GetError) SDL_GetError;
} library;

static pthread_once_t opening = PTHREAD_ONCE_INIT;
static void *handle;
/// Why the library could not be used, for SDL_GetError.
static char failure[512];

/// The library's file: SCENEHOST_SDL2_LIBRARY when set (the tests name one that does not exist),
/// else SDL2's soname.
static const char *library_name(void) {
    const char *name = getenv("SCENEHOST_SDL2_LIBRARY");
    return name != NULL && name[0] != '\0' ? name : "libSDL2-2.0.so.0";
}

#define CSDL_LOOK_UP(name)                                                                                          \
    if ((library.name = (__typeof__(library.name))dlsym(opened, #name)) == NULL) {                                  \
        snprintf(failure, sizeof failure, "%s has no %s (SceneHost needs SDL 2.0.18 or later)", library_name(), #name); \
        dlclose(opened);                                                                                             \
        return;                                                                                                      \
    }
#define CSDL_LOOK_UP_VALUE(type, name, parameters, arguments, missing) CSDL_LOOK_UP(name)
#define CSDL_LOOK_UP_VOID(name, parameters, arguments) CSDL_LOOK_UP(name)

static void open_library(void) {
    void *opened = dlopen(library_name(), RTLD_NOW | RTLD_LOCAL);
    if (opened == NULL) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "cannot open %s (%s); install it with `apt-get install libsdl2-2.0-0`", library_name(),
                 reason != NULL ? reason : "no reason given");
        return;
    }
    CSDL_VALUE_FUNCTIONS(CSDL_LOOK_UP_VALUE)
    CSDL_VOID_FUNCTIONS(CSDL_LOOK_UP_VOID)
    CSDL_LOOK_UP(SDL_GetError)
    handle = opened;
}

/// Whether libSDL2 is open (opening it on the first call).
static int opened(void) {
    pthread_once(&opening, open_library);
    return handle != NULL;
}

#define CSDL_FORWARD_VALUE(type, name, parameters, arguments, missing) \
    type name parameters { return opened() ? library.name arguments : (missing); }
#define CSDL_FORWARD_VOID(name, parameters, arguments) \
    void name parameters {                               \
        if (opened()) library.name arguments;            \
    }

CSDL_VALUE_FUNCTIONS(CSDL_FORWARD_VALUE)
CSDL_VOID_FUNCTIONS(CSDL_FORWARD_VOID)

const char *SDL_GetError(void) {
    return opened() ? library.SDL_GetError() : failure;
}
