/// A desktop window of the display, named by its owner (the host numbers one per scene). Not SDL's
/// window id, which only the display thread sees.
public struct DisplayWindowID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32

    public init(_ rawValue: UInt32) {
        self.rawValue = rawValue
    }

    public var description: String { "desktop window \(rawValue)" }
}
