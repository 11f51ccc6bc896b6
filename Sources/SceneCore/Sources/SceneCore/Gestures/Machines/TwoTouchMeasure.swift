/// The value a ``TwoTouchGesture`` measures from its pair of fingers (lower id first).
protocol TwoTouchMeasure: Sendable {
    /// Nothing measured yet (also the value after a reset).
    init()
    /// The current value.
    var value: Double { get }
    /// The pair formed: measuring starts from it.
    mutating func start(_ pair: (first: Point, second: Point))
    /// The pair changed since the last event (nil: a finger lifted meanwhile). Returns true when the
    /// value is to be sampled for the velocity.
    mutating func update(_ pair: (first: Point, second: Point)?) -> Bool
    /// True once the gesture has gone past `slop` since the pair formed.
    func hasPassed(_ slop: Double, pair: (first: Point, second: Point)?) -> Bool
    /// Makes the value read `value` from the current pair on (`pair` nil: the pair is not down).
    mutating func set(_ value: Double, pair: (first: Point, second: Point)?)
}
