/// The closed-form formulas of scrolling [SV-5 … SV-7], as pure functions: what a flick coasts, how far
/// content follows a finger past its edge, and the constants of the motions built from them
/// (``ScrollAxisMotion``). Nothing here reads a clock; callers pass times in.
public enum ScrollPhysics {
    /// Rubber-band stiffness `c` of `(1 − 1/(x·c/d + 1))·d` [SV-6].
    public static let rubberBandCoefficient = 0.55
    /// Natural angular frequency, in 1/s, of the critically damped spring that brings content back to
    /// an edge or settles it on a page [SV-6, SV-8]: √(stiffness / mass) of Flutter's default scroll
    /// spring (mass 0.5, stiffness 100). Our choice; UIKit's is not public.
    public static let springFrequency = 14.142135623730951
    /// A motion ends once what is left of it is within this many points of its end [SV-5, SV-6]:
    /// the offset then snaps to the end. Our choice.
    public static let restingDistance = 0.1
    /// Seconds `setContentOffset(_:animated: true)` and `scrollRectToVisible(_:animated: true)` take
    /// [SV-9]. Our choice (UIKit's is about 0.3 s and not documented).
    public static let animationDuration = 0.3
    /// Points per second from which a flick of a paging scroll view goes on to the next page in its
    /// direction instead of settling on the nearest [SV-8]. Our choice.
    public static let pagingFlickVelocity = 200.0

    /// How far past a zoom limit a pinch may take the scale, as a fraction of the limit, when the
    /// fingers pinch without end [SV-25]: the `d` of the zoom's rubber band. Our choice (UIKit's is
    /// not public): at most 2× the maximum scale, at least half the minimum.
    public static let zoomRubberBandReach = 1.0

    /// The scale a pinch shows when the fingers ask for `raw` [SV-25]: `raw` within
    /// `minimum…maximum`; past a limit, the limit times (or divided by) one plus the rubber band of
    /// the ratio's excess, `1 + (1 − 1/(x·0.55/d + 1))·d` with `x = raw/maximum − 1` (or
    /// `minimum/raw − 1`) and `d` = ``zoomRubberBandReach``. Continuous at the limits, and always
    /// within `minimum/(1 + d)…maximum·(1 + d)`.
    public static func zoomRubberBand(scale raw: Double, minimum: Double, maximum: Double) -> Double {
        if raw > maximum {
            return maximum * (1 + rubberBand(overshoot: raw / maximum - 1, dimension: zoomRubberBandReach))
        }
        if raw < minimum {
            guard raw > 0 else { return minimum / (1 + zoomRubberBandReach) }
            return minimum / (1 + rubberBand(overshoot: minimum / raw - 1, dimension: zoomRubberBandReach))
        }
        return raw
    }

    /// How far a flick at `velocity` (points per second) coasts at `rate` before it stops:
    /// `velocity / 1000 · rate / (1 − rate)`, the sum of a velocity that keeps `rate` of itself every
    /// millisecond (WWDC 2018 "Designing Fluid Interfaces") [SV-5]. 1,000 pt/s at `.normal` coasts 499 pt.
    public static func projectedDistance(velocity: Double, rate: DecelerationRate) -> Double {
        velocity / 1000 * rate.rawValue / (1 - rate.rawValue)
    }

    /// How far content shown past an edge moves when the finger has dragged it `overshoot` points past
    /// that edge, in a view `dimension` points long along the drag: `(1 − 1/(x·0.55/d + 1))·d`, with
    /// the sign of `overshoot` [SV-6]. Always less than `dimension`.
    public static func rubberBand(overshoot: Double, dimension: Double) -> Double {
        guard dimension > 0 else { return 0 }
        let x = abs(overshoot)
        let banded = (1 - 1 / (x * rubberBandCoefficient / dimension + 1)) * dimension
        return overshoot < 0 ? -banded : banded
    }

    /// The overshoot the finger must drag for the content to show `banded` points past the edge: the
    /// inverse of ``rubberBand(overshoot:dimension:)``, `b·d / ((d − b)·c)` [SV-6]. A drag that catches
    /// content shown past an edge starts from there without a jump. Infinite from `dimension` on.
    public static func rubberBandOvershoot(banded: Double, dimension: Double) -> Double {
        guard dimension > 0 else { return 0 }
        let b = abs(banded)
        guard b < dimension else { return banded < 0 ? -.infinity : .infinity }
        let overshoot = b * dimension / ((dimension - b) * rubberBandCoefficient)
        return banded < 0 ? -overshoot : overshoot
    }
}
