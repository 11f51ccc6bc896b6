/// Action closures that get the recognizer as its own class: a `PanGestureRecognizer`'s handler is
/// given a `PanGestureRecognizer`, so it reads the translation without a downcast.
///
/// Every recognizer conforms (through ``GestureRecognizer``); nothing else needs to. The closures
/// run like those of ``GestureRecognizer/addAction(_:)``: synchronously on the main actor on each
/// transition into began, changed, ended or cancelled, with ``GestureRecognizer/state`` reading as
/// the new state [GR-4]. The six recognizers' `init(name:handler:)` take such a closure too.
@MainActor
public protocol GestureRecognizerActionHandlers: GestureRecognizer {}

extension GestureRecognizer: GestureRecognizerActionHandlers {}

extension GestureRecognizerActionHandlers {
    /// Adds a closure to the actions sent on each transition; it is given this recognizer as its
    /// static class (`Self`), which the recognizer is, being the one that calls it.
    public func addAction(_ handler: @escaping @MainActor (Self) -> Void) {
        appendHandler { recognizer in handler(unsafeDowncast(recognizer, to: Self.self)) }
    }

    /// Names the recognizer and adds `handler`: what the recognizers' `init(name:handler:)` do.
    func configure(name: String?, handler: @escaping @MainActor (Self) -> Void) {
        self.name = name
        addAction(handler)
    }
}
