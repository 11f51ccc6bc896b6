/// A responder that takes typed text: UIKit's `UIKeyInput`. When the key window's first responder
/// adopts it, ``Application/insertText(_:)`` (a keyboard's input method, `Window1.TypeText`) types
/// into it [KB-4].
@MainActor
public protocol KeyInput: AnyObject {
    /// Whether there is text to delete.
    var hasText: Bool { get }
    /// Inserts `text` at the caret (replacing the selection).
    func insertText(_ text: String)
    /// Deletes the character before the caret.
    func deleteBackward()
}
