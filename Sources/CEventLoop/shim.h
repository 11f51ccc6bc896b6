// epoll(7) and eventfd(2), which Swift's Glibc module does not offer, and the two calls of
// libdispatch's main queue that a run loop of one's own needs (the ones CoreFoundation's run loop
// makes: swift-corelibs-libdispatch exports them for it). Seen only by SceneLoop.
#ifndef SCENEHOST_CEVENTLOOP_SHIM_H
#define SCENEHOST_CEVENTLOOP_SHIM_H

#include <stdint.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

/// The main queue's wake-up descriptor (an eventfd on Linux): readable once blocks wait on the main
/// queue. The main thread must then call _dispatch_main_queue_callback_4CF.
extern int _dispatch_get_main_queue_handle_4CF(void);
/// Runs the blocks waiting on the main queue (and Swift's main-actor jobs). Main thread only, and
/// only in a process that never calls dispatch_main().
extern void _dispatch_main_queue_callback_4CF(void *message);

enum {
    CEVENTLOOP_READABLE = EPOLLIN,
    CEVENTLOOP_WRITABLE = EPOLLOUT,
    CEVENTLOOP_ERROR = EPOLLERR,
    CEVENTLOOP_HANGUP = EPOLLHUP,
    /// The most ready descriptors one wait reports (the rest are reported by the next).
    CEVENTLOOP_BATCH = 64,
};

/// A new epoll instance, close-on-exec; -1 with errno set.
static inline int ceventloop_create(void) {
    return epoll_create1(EPOLL_CLOEXEC);
}

/// A new eventfd, close-on-exec and non-blocking; -1 with errno set.
static inline int ceventloop_eventfd(void) {
    return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}

/// Adds `descriptor` to `epoll` for `events` (level-triggered), reported with `token`. 0, or -1 with
/// errno set.
static inline int ceventloop_add(int epoll, int descriptor, uint32_t events, uint64_t token) {
    struct epoll_event event = { .events = events, .data.u64 = token };
    return epoll_ctl(epoll, EPOLL_CTL_ADD, descriptor, &event);
}

/// Removes `descriptor` from `epoll`. 0, or -1 with errno set.
static inline int ceventloop_remove(int epoll, int descriptor) {
    struct epoll_event unused = { 0 };
    return epoll_ctl(epoll, EPOLL_CTL_DEL, descriptor, &unused);
}

/// Waits at most `timeout` milliseconds (-1: until something is ready) and writes each ready
/// descriptor's token and events (at most CEVENTLOOP_BATCH). Returns how many, or -1 with errno set.
/// (epoll_event is packed on x86-64: it does not cross into Swift.)
static inline int ceventloop_wait(int epoll, uint64_t *tokens, uint32_t *events, int timeout) {
    struct epoll_event ready[CEVENTLOOP_BATCH];
    int count = epoll_wait(epoll, ready, CEVENTLOOP_BATCH, timeout);
    for (int index = 0; index < count; index++) {
        tokens[index] = ready[index].data.u64;
        events[index] = ready[index].events;
    }
    return count;
}

/// Empties an eventfd (non-blocking): 0 when it was signalled, -1 with errno EAGAIN when not.
static inline int ceventloop_drain(int descriptor) {
    eventfd_t value;
    return eventfd_read(descriptor, &value);
}

/// Signals an eventfd. 0, or -1 with errno set.
static inline int ceventloop_signal(int descriptor) {
    return eventfd_write(descriptor, 1);
}

#endif
