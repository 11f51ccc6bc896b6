// Linux calls Swift's Glibc module does not offer (glibc declares them only under _GNU_SOURCE, and
// the module is built without it) and the control-message arithmetic of descriptor passing, whose
// CMSG_* macros Swift cannot import. Seen only by SceneChannel and SceneProcesses: the basement of
// the scene channel and of the processes on its ends.
#ifndef SCENEHOST_CLINUX_SHIM_H
#define SCENEHOST_CLINUX_SHIM_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

/// memfd_create(2)'s flags and fcntl(2)'s sealing commands (linux/memfd.h, linux/fcntl.h; those
/// headers clash with glibc's).
enum {
    CLINUX_MFD_CLOEXEC = 0x0001U,
    CLINUX_MFD_ALLOW_SEALING = 0x0002U,
    CLINUX_F_ADD_SEALS = 1024 + 9,
    CLINUX_F_GET_SEALS = 1024 + 10,
    CLINUX_F_SEAL_SEAL = 0x0001,
    CLINUX_F_SEAL_SHRINK = 0x0002,
    CLINUX_F_SEAL_GROW = 0x0004,
};

/// memfd_create(2): an anonymous file in memory. Returns the descriptor or -1 with errno set.
static inline int clinux_memfd_create(const char *name, unsigned int flags) {
    return (int)syscall(SYS_memfd_create, name, flags);
}

/// pidfd_open(2): a descriptor that becomes readable when process `pid` ends. -1 with errno set.
static inline int clinux_pidfd_open(pid_t pid) {
    return (int)syscall(SYS_pidfd_open, pid, 0);
}

/// The most descriptors one packet carries (a frame buffer, or a large body, is one).
enum { CLINUX_MAX_DESCRIPTORS = 4 };

/// Room for one SCM_RIGHTS control message of CLINUX_MAX_DESCRIPTORS descriptors, aligned.
union clinux_control {
    char buffer[CMSG_SPACE(sizeof(int) * CLINUX_MAX_DESCRIPTORS)];
    struct cmsghdr align;
};

/// A message header for one buffer, without control data yet.
static inline struct msghdr clinux_message(struct iovec *vector) {
    struct msghdr message;
    memset(&message, 0, sizeof message);
    message.msg_iov = vector;
    message.msg_iovlen = 1;
    return message;
}

/// Sends `length` bytes from `bytes` as one packet with `count` descriptors (at most
/// CLINUX_MAX_DESCRIPTORS) attached by SCM_RIGHTS, without blocking and without SIGPIPE. Returns
/// what sendmsg(2) returns (-1 with errno set, EAGAIN when the socket's buffer is full).
static inline ssize_t clinux_send_packet(int socket, const void *bytes, size_t length, const int *descriptors, int count) {
    struct iovec vector = { .iov_base = (void *)bytes, .iov_len = length };
    union clinux_control control;
    struct msghdr message = clinux_message(&vector);
    if (count > 0) {
        if (count > CLINUX_MAX_DESCRIPTORS) { errno = EINVAL; return -1; }
        memset(&control, 0, sizeof control);
        message.msg_control = control.buffer;
        message.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)count);
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)count);
        memcpy(CMSG_DATA(header), descriptors, sizeof(int) * (size_t)count);
    }
    return sendmsg(socket, &message, MSG_DONTWAIT | MSG_NOSIGNAL);
}

/// What clinux_receive_packet found besides the bytes.
enum {
    /// The packet was longer than the buffer: the rest was dropped.
    CLINUX_PACKET_TRUNCATED = 1,
    /// More descriptors came than CLINUX_MAX_DESCRIPTORS: the kernel closed the rest.
    CLINUX_DESCRIPTORS_TRUNCATED = 2,
};

/// Receives one packet into `bytes` (capacity `capacity`) without blocking, its descriptors (opened
/// close-on-exec) into `descriptors` (room for CLINUX_MAX_DESCRIPTORS) and their number into
/// `count`, and CLINUX_* bits into `flags`. Returns what recvmsg(2) returns: the packet's length, 0
/// when the peer has closed, -1 with errno set (EAGAIN when no packet waits). Descriptors of a
/// control message other than SCM_RIGHTS are not expected and are ignored.
static inline ssize_t clinux_receive_packet(int socket, void *bytes, size_t capacity, int *descriptors, int *count, int *flags) {
    struct iovec vector = { .iov_base = bytes, .iov_len = capacity };
    union clinux_control control;
    struct msghdr message = clinux_message(&vector);
    message.msg_control = control.buffer;
    message.msg_controllen = sizeof control.buffer;
    *count = 0;
    *flags = 0;
    ssize_t received = recvmsg(socket, &message, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
    if (received < 0) return received;
    if (message.msg_flags & MSG_TRUNC) *flags |= CLINUX_PACKET_TRUNCATED;
    if (message.msg_flags & MSG_CTRUNC) *flags |= CLINUX_DESCRIPTORS_TRUNCATED;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header != NULL; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        size_t found = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t index = 0; index < found; index++) {
            int descriptor;
            memcpy(&descriptor, CMSG_DATA(header) + index * sizeof(int), sizeof(int));
            if (*count < CLINUX_MAX_DESCRIPTORS) {
                descriptors[(*count)++] = descriptor;
            } else {
                close(descriptor);
                *flags |= CLINUX_DESCRIPTORS_TRUNCATED;
            }
        }
    }
    return received;
}

#endif
