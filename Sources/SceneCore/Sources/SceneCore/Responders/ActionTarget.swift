/// An object that can be the explicit target of an action (RC-4): responders conform, and so can
/// any plain object that wants to receive control or gesture actions.
@MainActor
public protocol ActionTarget: AnyObject {
    /// Runs `action` and returns true, or returns false when the object does not implement it.
    func perform(_ action: Selector, sender: AnyObject?, event: Event?) -> Bool
}
