extension View {
    /// Tells the application's observers that this view's text or caret changed.
    func notifyTextChange(_ change: TextChange) {
        guard let window, let application = window.windowScene?.application, application.hasObservers else { return }
        application.notifyObservers { $0.textDidChange(in: self, change) }
    }

    /// Tells observers that the whole text was replaced: `old` deleted, then `new` inserted (each only
    /// when not empty).
    func notifyTextChange(from old: String, to new: String) {
        guard let window, let application = window.windowScene?.application, application.hasObservers else { return }
        if !old.isEmpty { notifyTextChange(.deleted(offset: 0, text: old)) }
        if !new.isEmpty { notifyTextChange(.inserted(offset: 0, text: new)) }
    }
}
