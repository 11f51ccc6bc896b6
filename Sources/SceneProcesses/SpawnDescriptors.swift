package import Glibc

/// What a child started with `posix_spawn` inherits: only the descriptors its file actions set up.
///
/// Descriptors without close-on-exec (a library's socket, an SDL or X connection, a pipe another
/// thread is creating) would otherwise reach every child: a plugin probe or a bus daemon holding the
/// host's descriptors keeps them open, and runs untrusted code with them. For the package's own
/// spawners (the bus daemon, the host's probes), not for clients: it takes a C type.
package enum SpawnDescriptors {
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+; not visible to Swift), looked up
    /// once. The symbol is a plain C function of the process's libc: calling it through this pointer
    /// is calling it directly.
    private static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {  // RTLD_DEFAULT
            return nil
        }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// Adds to `actions`, after the ones already there, closing every descriptor from `lowest` on in
    /// the child. Without `addclosefrom_np` it closes those open in this process now (read from
    /// `/proc/self/fd`), as Foundation's `Process` does.
    package static func closeAll(from lowest: Int32, in actions: inout posix_spawn_file_actions_t) {
        if let addCloseFrom, addCloseFrom(&actions, lowest) == 0 { return }
        guard let directory = opendir("/proc/self/fd") else { return }
        defer { closedir(directory) }
        let own = dirfd(directory)
        var open: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let descriptor = Int32(name), descriptor >= lowest, descriptor != own { open.append(descriptor) }
        }
        for descriptor in open { posix_spawn_file_actions_addclose(&actions, descriptor) }
    }
}
