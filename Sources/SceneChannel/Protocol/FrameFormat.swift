/// The pixel layout of a shared frame buffer: premultiplied ARGB32 in native byte order (Cairo's
/// `CAIRO_FORMAT_ARGB32`, SDL's `ARGB8888`), rows `stride` bytes apart.
public struct FrameFormat: Hashable, Sendable {
    public var width: UInt32
    public var height: UInt32
    public var stride: UInt32

    public init(width: UInt32, height: UInt32, stride: UInt32) {
        self.width = width
        self.height = height
        self.stride = stride
    }

    /// The bytes the buffer holds: `stride × height`.
    public var byteCount: Int { Int(stride) * Int(height) }

    /// Whether a row of `width` pixels fits in `stride` bytes.
    public var isConsistent: Bool { UInt64(width) * 4 <= UInt64(stride) && width > 0 && height > 0 }
}
