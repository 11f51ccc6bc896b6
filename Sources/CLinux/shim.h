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
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>

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
    /// open(2)'s O_PATH (a descriptor that names a file without opening it for reading).
    CLINUX_O_PATH = 010000000,
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

/// The most packets one clinux_send_packets call sends.
enum { CLINUX_MAX_BATCH = 64 };

/// One packet for clinux_send_packets: `length` bytes at `bytes` and `count` descriptors (at most
/// CLINUX_MAX_DESCRIPTORS) at `descriptors`.
struct clinux_outgoing {
    const void *bytes;
    size_t length;
    const int *descriptors;
    int count;
};

/// The kernel's struct mmsghdr (glibc declares it only under _GNU_SOURCE).
struct clinux_mmsghdr {
    struct msghdr msg_hdr;
    unsigned int msg_len;
};

/// Sends the first `count` packets (at most CLINUX_MAX_BATCH are taken) in one sendmmsg(2), each
/// as clinux_send_packet sends one, in order, without blocking and without SIGPIPE. Returns how many
/// left (from the first on; fewer than asked when the socket's buffer filled), or -1 with errno set
/// when none did (EAGAIN when the buffer is full; EINVAL when a packet has too many descriptors).
static inline int clinux_send_packets(int socket, const struct clinux_outgoing *packets, unsigned count) {
    struct clinux_mmsghdr messages[CLINUX_MAX_BATCH];
    struct iovec vectors[CLINUX_MAX_BATCH];
    union clinux_control controls[CLINUX_MAX_BATCH];
    if (count > CLINUX_MAX_BATCH) count = CLINUX_MAX_BATCH;
    for (unsigned index = 0; index < count; index++) {
        const struct clinux_outgoing *packet = &packets[index];
        if (packet->count > CLINUX_MAX_DESCRIPTORS || packet->count < 0) { errno = EINVAL; return -1; }
        vectors[index].iov_base = (void *)packet->bytes;
        vectors[index].iov_len = packet->length;
        messages[index].msg_hdr = clinux_message(&vectors[index]);
        messages[index].msg_len = 0;
        if (packet->count > 0) {
            memset(&controls[index], 0, sizeof controls[index]);
            messages[index].msg_hdr.msg_control = controls[index].buffer;
            messages[index].msg_hdr.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)packet->count);
            struct cmsghdr *header = CMSG_FIRSTHDR(&messages[index].msg_hdr);
            header->cmsg_level = SOL_SOCKET;
            header->cmsg_type = SCM_RIGHTS;
            header->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)packet->count);
            memcpy(CMSG_DATA(header), packet->descriptors, sizeof(int) * (size_t)packet->count);
        }
    }
    return (int)syscall(SYS_sendmmsg, socket, messages, count, MSG_DONTWAIT | MSG_NOSIGNAL);
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

// MARK: The sandbox of a scene process

/// landlock_ruleset_attr as of Landlock ABI 6 (the installed header may be older): the kernel is
/// told how much of it to read, by ABI.
struct clinux_landlock_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

/// landlock_path_beneath_attr (packed, as the kernel reads it).
struct __attribute__((packed)) clinux_landlock_path_beneath {
    uint64_t allowed_access;
    int32_t parent_fd;
};

/// The Landlock ABI this kernel offers (1, 2, …), or 0 when it has none (disabled, or too old).
static inline int clinux_landlock_abi(void) {
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, 1U /* LANDLOCK_CREATE_RULESET_VERSION */);
    return abi < 0 ? 0 : (int)abi;
}

/// A new ruleset handling `fs` and `net` rights and `scoped` scopes, read as ABI `abi` defines it.
/// The descriptor, or -1 with errno set.
static inline int clinux_landlock_create(uint64_t fs, uint64_t net, uint64_t scoped, int abi) {
    struct clinux_landlock_ruleset_attr attr = { .handled_access_fs = fs, .handled_access_net = net, .scoped = scoped };
    size_t size = abi >= 6 ? 24 : abi >= 4 ? 16 : 8;
    return (int)syscall(SYS_landlock_create_ruleset, &attr, size, 0U);
}

/// Allows `access` beneath the file or folder open (O_PATH) as `parent`. 0, or -1 with errno set.
static inline int clinux_landlock_allow(int ruleset, int parent, uint64_t access) {
    struct clinux_landlock_path_beneath rule = { .allowed_access = access, .parent_fd = parent };
    return (int)syscall(SYS_landlock_add_rule, ruleset, 1 /* LANDLOCK_RULE_PATH_BENEATH */, &rule, 0U);
}

/// Sets no_new_privs and restricts the calling thread (and the threads it creates later) to
/// `ruleset`. 0, or -1 with errno set.
static inline int clinux_landlock_enforce(int ruleset) {
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
    return (int)syscall(SYS_landlock_restrict_self, ruleset, 0U);
}

#if defined(__x86_64__)
#define CLINUX_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define CLINUX_AUDIT_ARCH AUDIT_ARCH_AARCH64
#endif

/// Installs, on every thread of the process (TSYNC), a seccomp filter that refuses `socket(2)`
/// (no network, no bus, no display connection: a scene process has its channel and needs no other
/// socket) and `ptrace(2)`, `process_vm_readv(2)` and `process_vm_writev(2)` (no reading of another
/// process's memory). Everything else is allowed. With `trap` 0 a refused call fails with EACCES
/// (a socket) or EPERM at once; otherwise it raises SIGSYS (SECCOMP_RET_TRAP), whose handler must be
/// installed first (CSceneSignals' scene_refusals_install fails it with the same error and says so).
/// Needs no_new_privs (clinux_landlock_enforce sets it; it is set here too). 0, or -1 with errno set.
static inline int clinux_seccomp_refuse_sockets(int trap) {
#ifdef CLINUX_AUDIT_ARCH
    const unsigned int refuse_socket = trap ? SECCOMP_RET_TRAP : (SECCOMP_RET_ERRNO | EACCES);
    const unsigned int refuse_other = trap ? SECCOMP_RET_TRAP : (SECCOMP_RET_ERRNO | EPERM);
    struct sock_filter filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, CLINUX_AUDIT_ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_socket, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, refuse_socket),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_ptrace, 2, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_process_vm_readv, 1, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_process_vm_writev, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, refuse_other),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog program = { .len = (unsigned short)(sizeof filter / sizeof filter[0]), .filter = filter };
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
    return (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &program);
#else
    (void)trap;
    errno = ENOSYS;
    return -1;
#endif
}

#endif
