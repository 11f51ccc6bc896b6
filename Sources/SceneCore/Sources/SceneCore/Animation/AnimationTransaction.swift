/// The changes made inside one `animate` block: for each view and property changed, its model value
/// before the first change. Open in ``AnimationScope`` while the block runs, so that the
/// animatable setters record into it; committed when the block returns [AN-2].
@MainActor
final class AnimationTransaction {
    struct Change {
        let view: View
        let property: AnimatableProperty
        let before: AnimatedValue
    }

    let duration: Double
    let delay: Double
    let options: AnimationOptions
    let curve: TimingCurve
    private(set) var changes: [Change] = []

    init(duration: Double, delay: Double, options: AnimationOptions, curve: TimingCurve) {
        self.duration = duration
        self.delay = delay
        self.options = options
        self.curve = curve
    }

    /// `property` of `view` is about to change; its current model value is kept the first time.
    func record(_ view: View, _ property: AnimatableProperty) {
        guard !changes.contains(where: { $0.view === view && $0.property == property }) else { return }
        changes.append(Change(view: view, property: property, before: view.modelValue(of: property)))
    }
}
