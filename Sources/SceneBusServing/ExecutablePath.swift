import Glibc

/// The executable a process runs, from `/proc/PID/exe`.
enum ExecutablePath {
    struct Failure: Error, Sendable {
        let reason: String
    }

    /// The target of `/proc/<pid>/exe`: an absolute path with links resolved. Fails when the process is
    /// gone, belongs to another user, or its executable was deleted.
    static func of(processID pid: Int32) -> Result<String, Failure> {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let link = "/proc/\(pid)/exe"
        let count = readlink(link, &buffer, buffer.count - 1)
        guard count > 0 else {
            return .failure(Failure(reason: "cannot read \(link): \(String(cString: strerror(errno)))"))
        }
        let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard !path.hasSuffix(" (deleted)") else {
            return .failure(Failure(reason: "its executable \(path.dropLast(" (deleted)".count)) was deleted"))
        }
        return .success(path)
    }

    /// `path` with every symbolic link resolved (`realpath`), or nil when it does not exist.
    static func resolved(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
