import SceneCore

/// A rectangle as AT-SPI sends it: whole points, `(iiii)` = x, y, width, height.
struct AtspiExtents: Sendable, Equatable {
    var x: Int32
    var y: Int32
    var width: Int32
    var height: Int32
}

extension AtspiExtents {
    // In an extension, so that the struct keeps its member-wise initializer `init(x:y:width:height:)`.

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
