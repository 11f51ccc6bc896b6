/// A view's content hugging and compression resistance on both axes [LY-7], kept only once one is set
/// away from its default.
struct LayoutPriorities: Equatable {
    var hugging: (horizontal: LayoutPriority, vertical: LayoutPriority) = (.defaultLow, .defaultLow)
    var compressionResistance: (horizontal: LayoutPriority, vertical: LayoutPriority) = (.defaultHigh, .defaultHigh)

    static func == (lhs: LayoutPriorities, rhs: LayoutPriorities) -> Bool {
        lhs.hugging == rhs.hugging && lhs.compressionResistance == rhs.compressionResistance
    }
}
