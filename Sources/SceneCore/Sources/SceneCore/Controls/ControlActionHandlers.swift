/// Action closures that get the control as its own class: a `TextField`'s handler is given a
/// `TextField`, so it reads the text without a downcast.
///
/// Every control conforms (through ``Control``); nothing else needs to. The closures run like those
/// of ``Control/addAction(named:for:_:)``: on the main actor, in registration order, when one of
/// their events is sent [UC-4].
@MainActor
public protocol ControlActionHandlers: Control {}

extension Control: ControlActionHandlers {}

extension ControlActionHandlers {
    /// Registers a closure for `events` (UIKit's `UIAction`); it is given this control as its static
    /// class (`Self`), which the control is, being the one that sends it, and the event (nil when
    /// the action is sent without one). `name` is what observers and D-Bus report as the action.
    public func addAction(named name: Selector, for events: Control.Events, _ handler: @escaping @MainActor (Self, Event?) -> Void) {
        appendHandler(named: name, for: events) { control, event in handler(unsafeDowncast(control, to: Self.self), event) }
    }
}
