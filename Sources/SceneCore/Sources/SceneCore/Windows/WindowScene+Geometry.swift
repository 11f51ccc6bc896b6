// Scenes of any size [LY-10, LY-11]: UIKit's `UIWindowScene.sizeRestrictions` and
// `requestGeometryUpdate(_:)`, with the windows that cover the scene following its size.

extension WindowScene {
    /// The sizes the scene may take [LY-11]. Setting it stores the ``SceneSizeRestrictions/normalized``
    /// value; a scene whose size is then outside is resized to the nearest size within (as
    /// ``resize(to:)`` does, notifications included). Main actor.
    public var sizeRestrictions: SceneSizeRestrictions {
        get { _sizeRestrictions }
        set {
            let restrictions = newValue.normalized
            guard restrictions != _sizeRestrictions else { return }
            _sizeRestrictions = restrictions
            _application?.notifyObservers { $0.sceneSizeRestrictionsDidChange(self) }
            let size = screenFrame.size
            if !restrictions.contains(size) { applySize(restrictions.clamp(size)) }
        }
    }

    /// Resizes the scene to `size` [LY-10]: the origin stays, every window that covers the scene's
    /// area exactly takes the new size (its root view and autoresizing subviews follow, and the
    /// windows need layout), the delegate hears `sceneDidChangeGeometry(_:from:)`, then observers
    /// `sceneGeometryDidChange(_:from:)`. The layout pass and the drawing follow as for any change:
    /// before the next touch is hit-tested and before the next frame. Live touches stay with their
    /// views [LY-12]. The same size changes nothing and notifies nobody. Main actor.
    ///
    /// - Throws: ``ApplicationError/Code/invalidSceneSize`` naming the value when a dimension is not a
    ///   finite number above 0, is above ``maximumDimension``, or the size is outside
    ///   ``sizeRestrictions``; nothing changes then.
    public func resize(to size: Size) throws(ApplicationError) {
        try Self.checkSize(size, restrictions: _sizeRestrictions)
        applySize(size)
    }

    /// The largest width or height a scene can have, in points, whatever its restrictions: the side of
    /// the largest image a renderer or a desktop window is asked to hold (16,384, the common limit of
    /// GPU textures and X11 windows; Cairo's is 32,767).
    public nonisolated static let maximumDimension = 16_384.0

    /// Why `size` cannot be a scene's size under `restrictions`; nothing when it can.
    public static func checkSize(_ size: Size, restrictions: SceneSizeRestrictions) throws(ApplicationError) {
        for (name, value) in [("width", size.width), ("height", size.height)] {
            guard value.isFinite && value > 0 else {
                throw ApplicationError(
                    code: .invalidSceneSize,
                    message: "the \(name) \(value.compactDescription) is not a size: give a finite number of points above 0")
            }
            guard value <= maximumDimension else {
                throw ApplicationError(
                    code: .invalidSceneSize,
                    message: "the \(name) \(value.compactDescription) is larger than a scene can be: give at most \(maximumDimension.compactDescription) points")
            }
        }
        guard restrictions.contains(size) else {
            throw ApplicationError(
                code: .invalidSceneSize,
                message: "the size \(size) is outside the scene's size restrictions \(restrictions): give a size within them")
        }
    }

    /// Sets the size with no checks, and carries the change to the covering windows, the delegate and
    /// the observers.
    func applySize(_ size: Size) {
        let old = screenFrame
        guard size != old.size else { return }
        screenFrame.size = size
        for window in _windows where window.frame == old {
            window.frame = Rect(origin: old.origin, size: size)
        }
        delegate?.sceneDidChangeGeometry(self, from: old)
        _application?.notifyObservers { $0.sceneGeometryDidChange(self, from: old) }
    }
}
