/// The name of an action, the Linux stand-in for an Objective-C selector: `"save:"`, `"buttonTapped"`.
///
/// A responder "implements" an action when it registered a handler for it with
/// ``Responder/implement(_:_:)`` (or overrides ``Responder/canPerformAction(_:withSender:)`` and
/// ``Responder/perform(_:sender:event:)``). Control target-action and gesture-recognizer actions use it.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public init(stringLiteral value: String) {
        self.name = value
    }

    public var description: String { name }
}
