/// Whether a scroll view's indicators show, as a function of the clock [SV-24]:
///
///     hidden ──the content scrolls under a finger or coasts──▶ shown
///     shown ──it comes to rest at t (or a wheel step moved it)──▶ fading(startsAt: t + fadeDelay)
///     hidden, fading ──flashScrollIndicators() at t──▶ fading(startsAt: t + flashHold)
///     fading(startsAt: s) ──s + fadeDuration──▶ hidden
///     fading ──it scrolls again──▶ shown
///
/// The fade is UIKit's as flowkey's port measured it against iOS: a 0.05 s pause, then the alpha goes
/// from 1 to 0 over 0.25 s on `UIView.animate`'s default curve (ease in, ease out). A value: the scroll
/// view keeps one and asks it for the alpha at each drawing.
enum ScrollIndicatorVisibility: Hashable, Sendable {
    case hidden
    case shown
    /// Fully shown until `startsAt` (clock seconds), then fading over ``fadeDuration``.
    case fading(startsAt: Double)

    /// Seconds between coming to rest and the fade's start.
    static let fadeDelay = 0.05
    /// Seconds the fade takes.
    static let fadeDuration = 0.25
    /// Seconds ``ScrollView/flashScrollIndicators()`` shows the indicators fully before they fade.
    /// Our choice: UIKit says "momentarily" and publishes no number.
    static let flashHold = 0.5

    /// The indicators' opacity at `now`, 0…1 (the indicator colour's own alpha multiplies it).
    func alpha(at now: Double) -> Double {
        switch self {
        case .hidden: return 0
        case .shown: return 1
        case .fading(let startsAt):
            let elapsed = now - startsAt
            guard elapsed > 0 else { return 1 }
            guard elapsed < Self.fadeDuration else { return 0 }
            return 1 - TimingCurve.easeInOut.progress(at: elapsed, duration: Self.fadeDuration)
        }
    }

    /// When a fade ends (the indicators are hidden from then on); nil when none runs.
    var fadeEndTime: Double? {
        if case .fading(let startsAt) = self { return startsAt + Self.fadeDuration }
        return nil
    }

    /// The content scrolled under a finger or by itself: the indicators show at once, fully.
    func scrolled() -> ScrollIndicatorVisibility { .shown }

    /// The content came to rest at `now`: shown indicators begin to fade after ``fadeDelay`` (hidden
    /// or fading ones are left as they are).
    func cameToRest(at now: Double) -> ScrollIndicatorVisibility {
        if case .shown = self { return .fading(startsAt: now + Self.fadeDelay) }
        return self
    }

    /// The indicators are flashed at `now`: fully shown for ``flashHold``, then fading (a fade that
    /// would start later is kept; indicators shown while the content moves stay shown).
    func flashed(at now: Double) -> ScrollIndicatorVisibility {
        switch self {
        case .shown: return self
        case .hidden: return .fading(startsAt: now + Self.flashHold)
        case .fading(let startsAt): return .fading(startsAt: Swift.max(startsAt, now + Self.flashHold))
        }
    }
}
