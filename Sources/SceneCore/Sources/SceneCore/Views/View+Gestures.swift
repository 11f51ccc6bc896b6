extension View {
    /// The recognizers attached to this view, in the order they were added [GR-1].
    public var gestureRecognizers: [GestureRecognizer] { _gestureRecognizers }

    /// Attaches `recognizer` (moving it from another view if needed). It starts receiving touches that
    /// begin after this call in this view's subtree [GR-1].
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if let owner = recognizer._view {
            if owner === self { return }
            owner.removeGestureRecognizer(recognizer)
        }
        _gestureRecognizers.append(recognizer)
        recognizer._view = self
    }

    /// Detaches `recognizer`; one that had begun is cancelled (one action), one that was possible
    /// fails [GR-11].
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard recognizer._view === self else { return }
        recognizer.stopParticipating()
        _gestureRecognizers.removeAll { $0 === recognizer }
        recognizer._view = nil
    }
}
