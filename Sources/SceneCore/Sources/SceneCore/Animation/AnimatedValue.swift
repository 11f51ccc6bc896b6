/// The value of an ``AnimatableProperty``, and the straight path between two of them.
enum AnimatedValue: Equatable {
    case rect(Rect)
    case point(Point)
    case transform(AffineTransform)
    case number(Double)
    case color(Color)

    /// The value `progress` of the way from `self` to `end` (0: `self`, 1: `end`; outside 0…1 for a
    /// curve that overshoots). Rectangles, points and transforms move component by component; a
    /// colour moves in its premultiplied components, so that fading from clear does not pass through
    /// black.
    func interpolated(to end: AnimatedValue, progress: Double) -> AnimatedValue {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * progress }
        switch (self, end) {
        case (.rect(let a), .rect(let b)):
            return .rect(
                Rect(x: mix(a.origin.x, b.origin.x), y: mix(a.origin.y, b.origin.y),
                    width: mix(a.size.width, b.size.width), height: mix(a.size.height, b.size.height)))
        case (.point(let a), .point(let b)):
            return .point(Point(x: mix(a.x, b.x), y: mix(a.y, b.y)))
        case (.transform(let a), .transform(let b)):
            return .transform(
                AffineTransform(a: mix(a.a, b.a), b: mix(a.b, b.b), c: mix(a.c, b.c), d: mix(a.d, b.d), tx: mix(a.tx, b.tx), ty: mix(a.ty, b.ty)))
        case (.number(let a), .number(let b)):
            return .number(mix(a, b))
        case (.color(let a), .color(let b)):
            let alpha = Swift.min(1, Swift.max(0, mix(a.alpha, b.alpha)))
            guard alpha > 0 else { return .color(Color(red: b.red, green: b.green, blue: b.blue, alpha: 0)) }
            func channel(_ x: Double, _ y: Double) -> Double {
                Swift.min(1, Swift.max(0, mix(x * a.alpha, y * b.alpha) / alpha))
            }
            return .color(Color(red: channel(a.red, b.red), green: channel(a.green, b.green), blue: channel(a.blue, b.blue), alpha: alpha))
        default:
            return progress < 1 ? self : end
        }
    }
}
