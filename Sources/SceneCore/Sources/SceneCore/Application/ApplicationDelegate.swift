/// The application's delegate. When it is a plain ``Responder`` (not a view, view controller or the
/// application), it is the last link of the responder chain [RC-1].
@MainActor
public protocol ApplicationDelegate: AnyObject {}
