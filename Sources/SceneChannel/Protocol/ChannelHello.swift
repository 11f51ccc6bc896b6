/// What each side says first.
public struct ChannelHello: Hashable, Sendable {
    /// The newest version the sender speaks.
    public var version: UInt16
    /// The oldest version the sender still accepts.
    public var oldestVersion: UInt16
    /// The sender's process id.
    public var processID: Int32

    public init(version: UInt16 = ChannelProtocol.version, oldestVersion: UInt16 = ChannelProtocol.oldestVersion, processID: Int32) {
        self.version = version
        self.oldestVersion = oldestVersion
        self.processID = processID
    }
}
