public import SceneErrors

/// An error of the scene channel: a packet that does not decode, a peer that closed, a system call
/// that failed, a shared buffer that cannot be trusted.
public typealias ChannelError = CodedError<ChannelFailure>

/// The scene channel's error domain.
public enum ChannelFailure: ErrorDomain {}

extension ErrorCode where Domain == ChannelFailure {
    /// A packet too short for what its header says, with an unknown kind, or with a value out of
    /// range: the peer is not speaking this protocol (or is corrupt); the board ends the channel.
    public static var malformed: Self { Self("Malformed") }
    /// The peer speaks a protocol version this build does not.
    public static var unsupportedVersion: Self { Self("UnsupportedVersion") }
    /// The peer closed its end (it exited, or was killed).
    public static var closed: Self { Self("Closed") }
    /// A system call failed; the message names it and the errno.
    public static var system: Self { Self("System") }
    /// A message too large for one packet even with its body in shared memory, or more descriptors
    /// than one packet carries.
    public static var oversized: Self { Self("Oversized") }
    /// A descriptor received as a shared buffer is not one that can be mapped safely: not sealed
    /// against shrinking, or smaller than announced.
    public static var untrustedBuffer: Self { Self("UntrustedBuffer") }
}

extension ChannelError {
    /// The error of a failed system call `call`, with `errno`'s name and text.
    static func system(_ call: String, errno number: Int32) -> ChannelError {
        ChannelError(code: .system, message: "\(call) failed: \(SystemErrorText.describe(number))")
    }
}
