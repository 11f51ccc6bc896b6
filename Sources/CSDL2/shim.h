// SDL2 (libsdl2-dev), seen only by SceneDisplay, the desktop display layer. Included by its path
// under /usr/include rather than through pkg-config's -I/usr/include/SDL2 (see Package.swift).
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
