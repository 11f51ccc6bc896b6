/// Where a view controller is in its appearance transitions [LY-8]. A transition goes
/// `disappeared → appearing → appeared` (``ViewController/viewWillAppear(_:)``, then
/// ``ViewController/viewDidAppear(_:)``) or `appeared → disappearing → disappeared`; one may be
/// reversed before it ends (`appearing → disappearing`, and back).
public enum AppearanceState: Sendable, Hashable {
    case disappeared
    case appearing
    case appeared
    case disappearing
}
