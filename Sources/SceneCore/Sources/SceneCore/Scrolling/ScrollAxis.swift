/// One of a scroll view's two directions.
enum ScrollAxis: Hashable, Sendable {
    case horizontal
    case vertical

    /// The axis along which `vector` moves more; nil when it moves as much along both.
    static func dominant(in vector: Point) -> ScrollAxis? {
        let dx = abs(vector.x), dy = abs(vector.y)
        if dx > dy { return .horizontal }
        if dy > dx { return .vertical }
        return nil
    }
}
