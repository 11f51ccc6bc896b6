/// Fine-tunes one recognizer's participation [GR-1, GR-5, GR-6, GR-8]. Every method has a default
/// that changes nothing (`true` for the "should" questions that allow, `false` for the others).
@MainActor
public protocol GestureRecognizerDelegate: AnyObject {
    /// Asked when the recognizer tries to leave `possible` [GR-5]; false makes it fail.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool
    /// Asked for each new touch, after ``gestureRecognizer(_:shouldReceive:)-(_,Event)``; false and the
    /// recognizer never sees that touch [GR-1].
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    /// Asked first for each new touch's event (iOS 13.4+) [GR-1].
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive event: Event) -> Bool
    /// True lets both recognizers run at the same time; either delegate saying so is enough [GR-6].
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool
    /// True makes `gestureRecognizer` wait for `other` to fail [GR-8].
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool
    /// True makes `other` wait for `gestureRecognizer` to fail [GR-8].
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive event: Event) -> Bool { true }
    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        false
    }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        false
    }
}
