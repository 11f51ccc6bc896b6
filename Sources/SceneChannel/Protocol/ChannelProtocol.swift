/// The protocol's constants: its versions, its packet header, its kinds.
///
/// A packet is one `SOCK_SEQPACKET` record: a 12-byte header (magic `"SC"`, version, kind, and a
/// 64-bit id, all little-endian), then the kind's fields. Strings and bodies are a 32-bit length and
/// the bytes; a body over ``ChannelLimits/inlineBody`` is replaced by its length alone and travels in
/// the packet's attached shared-memory file.
public enum ChannelProtocol {
    /// The version this build speaks.
    public static let version: UInt16 = 1
    /// The oldest version this build accepts.
    public static let oldestVersion: UInt16 = 1
    /// `"SC"`.
    static let magic: UInt16 = 0x4353
    static let headerSize = 12

    /// The kind byte of each message.
    enum Kind: UInt8, CaseIterable {
        case hello = 1, input, inputDone, query, reply, failure, event, attachBuffer, frame, releaseBuffer, detachWindow, goodbye

        /// The case's name, as `"\(kind)"` prints it, without the reflection that costs: every packet
        /// read names its kind for the messages of its errors.
        var name: String {
            switch self {
            case .hello: "hello"
            case .input: "input"
            case .inputDone: "inputDone"
            case .query: "query"
            case .reply: "reply"
            case .failure: "failure"
            case .event: "event"
            case .attachBuffer: "attachBuffer"
            case .frame: "frame"
            case .releaseBuffer: "releaseBuffer"
            case .detachWindow: "detachWindow"
            case .goodbye: "goodbye"
            }
        }
    }

    /// The version both sides then speak: the newest that each accepts, or nil when the ranges do not meet.
    public static func agreedVersion(ours: ChannelHello, theirs: ChannelHello) -> UInt16? {
        let newest = min(ours.version, theirs.version)
        guard newest >= max(ours.oldestVersion, theirs.oldestVersion) else { return nil }
        return newest
    }
}

/// Sizes the channel keeps to.
public enum ChannelLimits {
    /// The largest body sent inside the packet; a longer one travels in shared memory. Well under a
    /// Unix socket's default send buffer (≈208 KiB), so that a few packets always fit.
    public static let inlineBody = 32 << 10
    /// The largest packet a receiver accepts: an inline body plus the header and fields.
    public static let packet = inlineBody + 4 << 10
    /// The largest body at all (in shared memory): 256 MiB, far above a 10,000-view tree's JSON.
    public static let body = 256 << 20
    /// The most damage rectangles in one frame (more is sent as their union).
    public static let damageRects = 256
}
