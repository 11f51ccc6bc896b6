/// One property of one view moving from a value to another over time [AN-2]: the record an
/// `animate` call leaves per changed property. Its value is a pure function of the clock's time.
@MainActor
final class PropertyAnimation {
    let view: View
    let property: AnimatableProperty
    let from: AnimatedValue
    let to: AnimatedValue
    let timing: AnimationTiming
    /// Touches may hit the view while it runs [HT-10].
    let allowsUserInteraction: Bool
    /// The block's completion (a ``PropertyAnimator`` keeps its own).
    let group: AnimationGroup?

    init(
        view: View, property: AnimatableProperty, from: AnimatedValue, to: AnimatedValue, timing: AnimationTiming,
        allowsUserInteraction: Bool, group: AnimationGroup?
    ) {
        self.view = view
        self.property = property
        self.from = from
        self.to = to
        self.timing = timing
        self.allowsUserInteraction = allowsUserInteraction
        self.group = group
    }

    /// Clock time at which it ends by itself; nil while a paused animator holds it.
    var endTime: Double? {
        switch timing {
        case .curve(let beginTime, let duration, _): beginTime + duration
        case .animator(let animator): animator.segmentEndTime
        }
    }

    /// True when the clock ends it (a block animation); an animator ends its own.
    var endsByClock: Bool {
        if case .curve = timing { return true }
        return false
    }

    /// The value it draws at clock time `time` [AN-1, AN-5].
    func value(at time: Double) -> AnimatedValue {
        from.interpolated(to: to, progress: progress(at: time))
    }

    private func progress(at time: Double) -> Double {
        switch timing {
        case .curve(let beginTime, let duration, let curve): curve.progress(at: time - beginTime, duration: duration)
        case .animator(let animator): animator.progress(at: time)
        }
    }
}

/// How an animation's progress follows the clock.
@MainActor
enum AnimationTiming {
    /// A block animation: from `beginTime` (after its delay) over `duration` along `curve` [AN-2].
    case curve(beginTime: Double, duration: Double, curve: TimingCurve)
    /// Driven by a property animator: its progress, running, paused or scrubbed [AN-5].
    case animator(PropertyAnimator)
}
