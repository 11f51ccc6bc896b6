import Glibc

/// A scene process could not be started: the call that failed and its errno.
public struct SceneProcessError: Error, Hashable, Sendable, CustomStringConvertible {
    public let call: String
    public let errno: Int32

    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    public var description: String {
        "\(call) failed: errno \(errno) (\(String(cString: strerror(errno))))"
    }
}
