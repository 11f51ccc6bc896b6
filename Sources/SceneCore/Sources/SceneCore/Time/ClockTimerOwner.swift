/// The object an owner-driven ``ClockTimer`` calls when it fires, instead of a closure. SceneCore's
/// gesture recognizers are owners: each keeps one timer for its life and arms it again for every
/// deadline (see `ClockTimer.arm(at:owner:)`).
///
/// An owner must cancel its pending timer before it goes away: the timer does not keep it alive.
@MainActor
protocol ClockTimerOwner: AnyObject {
    /// `timer`, armed by this owner, reached its deadline. Called once per arming, from the clock.
    func clockTimerFired(_ timer: ClockTimer)
}
