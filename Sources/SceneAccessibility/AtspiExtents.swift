import SceneCore

/// A rectangle as AT-SPI sends it: whole points, `(iiii)` = x, y, width, height.
struct AtspiExtents: Sendable, Equatable {
    var x: Int32
    var y: Int32
    var width: Int32
    var height: Int32

    init(x: Int32, y: Int32, width: Int32, height: Int32) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// `rect` rounded to whole points (NaN becomes 0, values beyond `Int32` are clamped).
    init(_ rect: Rect) {
        self.init(
            x: Self.whole(rect.minX), y: Self.whole(rect.minY), width: Self.whole(rect.width), height: Self.whole(rect.height))
    }

    static func whole(_ value: Double) -> Int32 {
        guard !value.isNaN else { return 0 }
        return Int32(clamping: Int64(max(min(value.rounded(), 2e9), -2e9)))
    }
}
