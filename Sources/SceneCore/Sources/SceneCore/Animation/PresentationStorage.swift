/// What an animating view is drawn with instead of its model values [AN-2]: one optional per
/// animatable property, set while that property animates (nil: drawn as the model says). Allocated
/// by the first animation of the view and dropped with its last, so that views that do not animate
/// pay one nil pointer, and drawing reads one field to know.
final class PresentationStorage {
    var bounds: Rect?
    var center: Point?
    var transform: AffineTransform?
    var alpha: Double?
    /// A background colour animation's current colour (a nil model colour animates as clear).
    var backgroundColor: Color?
    /// Running animations of the view started without ``AnimationOptions/allowUserInteraction``;
    /// while above 0 the view is not hit [HT-10].
    var blockingAnimations = 0

    /// True when a geometry property (bounds, center, transform) has a presentation value.
    var movesGeometry: Bool { bounds != nil || center != nil || transform != nil }

    /// True when nothing is overridden and no animation blocks touches: the storage can go.
    var isUnused: Bool {
        !movesGeometry && alpha == nil && backgroundColor == nil && blockingAnimations == 0
    }

    func set(_ property: AnimatableProperty, to value: AnimatedValue?) {
        switch (property, value) {
        case (.bounds, .rect(let rect)): bounds = rect
        case (.center, .point(let point)): center = point
        case (.transform, .transform(let transform)): self.transform = transform
        case (.alpha, .number(let number)): alpha = number
        case (.backgroundColor, .color(let color)): backgroundColor = color
        case (.bounds, _): bounds = nil
        case (.center, _): center = nil
        case (.transform, _): transform = nil
        case (.alpha, _): alpha = nil
        case (.backgroundColor, _): backgroundColor = nil
        }
    }
}
