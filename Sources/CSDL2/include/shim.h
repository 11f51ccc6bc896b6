// SDL2 (libsdl2-dev), seen only by SceneDisplay, the desktop display layer. Included by its path
// under /usr/include rather than through pkg-config's -I/usr/include/SDL2 (see Package.swift).
//
// The program does not link libSDL2: sdl_library.c defines each SDL function SceneDisplay calls and
// forwards it to libSDL2-2.0.so.0, opened when the first of them is called (the display thread's
// first SDL_SetHint). A process that never opens a display (a scene process, the plugin probe,
// `--check-config`, a headless host) so never maps SDL2 and the 30 libraries it brings (X11,
// Wayland, PulseAudio, ALSA, libdecor, ...). When the library cannot be opened, SDL_Init fails and
// SDL_GetError says why.
#include <SDL2/SDL.h>

// Macros Swift cannot import (casts, function-like macros), as inline functions.

/// SDL_TOUCH_MOUSEID: the mouse `which` of SDL's synthetic mouse events made from touches.
static inline Uint32 csdl_touch_mouse_id(void) { return SDL_TOUCH_MOUSEID; }

/// SDL_MOUSE_TOUCHID: the touch device of SDL's synthetic touches made from the mouse.
static inline SDL_TouchID csdl_mouse_touch_id(void) { return SDL_MOUSE_TOUCHID; }

/// SDL_WINDOWPOS_UNDEFINED.
static inline int csdl_windowpos_undefined(void) { return SDL_WINDOWPOS_UNDEFINED; }

/// SDL_BUTTON(SDL_BUTTON_LEFT): the left button's bit in a button state.
static inline Uint32 csdl_button_left_mask(void) { return SDL_BUTTON(SDL_BUTTON_LEFT); }
