/// A pinch's value (GR-17): the scale, the distance between the fingers over their distance when the
/// pair formed — absolute, not a per-event factor. After ``set(_:pair:)`` it is that value times the
/// distance's change since then. Two fingers down at the same point have no start distance; the scale
/// is then measured from the first non-zero distance.
struct PinchMeasure: TwoTouchMeasure {
    /// Distance between the fingers when the pair formed: what the begin slop is measured from.
    private var startDistance = 0.0
    /// ``value`` = `referenceScale` × current distance / `referenceDistance`.
    private var referenceScale = 1.0
    private var referenceDistance = 0.0
    private(set) var value = 1.0

    mutating func start(_ pair: (first: Point, second: Point)) {
        let distance = pair.first.distance(to: pair.second)
        startDistance = distance
        referenceDistance = distance
        referenceScale = 1
        value = 1
    }

    mutating func update(_ pair: (first: Point, second: Point)?) -> Bool {
        if let pair {
            let distance = pair.first.distance(to: pair.second)
            if referenceDistance > 0 {
                value = referenceScale * distance / referenceDistance
            } else if distance > 0 {
                referenceDistance = distance
                value = referenceScale
            }
        }
        // A pinch samples its scale at every change, frozen or not.
        return true
    }

    func hasPassed(_ slop: Double, pair: (first: Point, second: Point)?) -> Bool {
        guard let pair else { return false }
        return abs(pair.first.distance(to: pair.second) - startDistance) >= slop
    }

    mutating func set(_ value: Double, pair: (first: Point, second: Point)?) {
        self.value = value
        referenceScale = value
        if let pair { referenceDistance = pair.first.distance(to: pair.second) }
    }
}
