/// Touch forwarding along the responder chain [TD-10] without a call per responder.
///
/// A touch that nobody handles bubbles from the hit view to the application: each responder's default
/// `touchesX` calls `next?.touchesX`. For a responder whose class is one of SceneCore's own that keeps
/// both the default touch methods and the default `next` (plain views, windows, labels, image views
/// and window scenes), that call can only forward again, to a `next` that is known without asking.
/// Stepping over those responders in a loop calls exactly the same overridden methods, in the same
/// order, with the same arguments, as the recursive chain would; it just does not make the calls (nor
/// the retain and release of each `next`) that would only forward.
extension View {
    /// Calls `deliver` with the responder whose touch method has to run when this view forwards a
    /// touch with the default implementation (see `touchForwardingTarget()`); not at all at the end
    /// of the chain.
    @inline(__always)
    final func forwardTouch(_ deliver: (Responder) -> Void) {
        switch touchForwardingTarget() {
        case .none:
            break
        case .responder(let responder):
            deliver(responder)
        case .application(let bits):
            withUnretained(bits, as: Application.self) { deliver($0) }
        }
    }

    /// The first responder after this view whose touch method has to run when this view forwards a
    /// touch: `next`, unless `next` would only forward it again, and so on.
    final func touchForwardingTarget() -> TouchForwardingTarget {
        guard _flags.contains(.forwardsTouches) else {
            // This view's class may override `next`: ask it.
            guard let next else { return .none }
            return View.firstTouchHandler(from: next)
        }
        // The walk reads the links as bits, so it neither retains nor releases the views it steps
        // over. Unretained (main actor only: nothing runs during the walk; owner holds: every view on
        // the way is held by its superview, a window by its scene; back links cleared). Only the
        // responder returned is retained.
        var bits = UInt(bitPattern: ObjectIdentifier(self))
        while true {
            unowned(unsafe) let view = unretained(bits, as: View.self)
            if view._flags.contains(.isWindow) {
                let scene = sceneBits(ofWindow: bits)
                guard scene != 0 else {
                    return unsafeDowncast(view, to: Window.self).lastApplication.map { .responder($0) } ?? .none
                }
                return View.target(afterScene: scene)
            }
            if unretainedBits(&view._viewController) != 0 { return .responder(view._viewController.unsafelyUnwrapped) }
            bits = unretainedBits(&view._superview)
            if bits == 0 { return .none }
            unowned(unsafe) let superview = unretained(bits, as: View.self)
            if !superview._flags.contains(.forwardsTouches) { return .responder(superview) }
        }
    }

    /// `responder`, unless its touch methods would only forward: then the responder they forward to.
    private static func firstTouchHandler(from responder: Responder) -> TouchForwardingTarget {
        if let view = responder as? View {
            return view._flags.contains(.forwardsTouches) ? view.touchForwardingTarget() : .responder(view)
        }
        if let scene = responder as? WindowScene {
            return target(afterScene: UInt(bitPattern: ObjectIdentifier(scene)))
        }
        return .responder(responder)
    }

    /// After a window's scene: a window scene is always exactly `WindowScene` (its initializer is
    /// internal to SceneCore and SceneCore does not subclass it), so its touch methods are
    /// `Responder`'s, which forward to its next, its application.
    private static func target(afterScene sceneBits: UInt) -> TouchForwardingTarget {
        let application = applicationBits(ofScene: sceneBits)
        return application == 0 ? .none : .application(application)
    }
}

/// Where a touch forwarded along the responder chain has to be delivered.
enum TouchForwardingTarget {
    /// The end of the chain: nobody.
    case none
    /// A responder whose touch method must run (retained for the call: it may change the hierarchy
    /// and would otherwise be able to release itself while it runs).
    case responder(Responder)
    /// The application at the end of the chain, reached through the window's scene, as bits: it is
    /// called unretained (owner holds: it owns the scene and is the one dispatching the touch; back
    /// links cleared), since each retain of it would be a slow one (it has a side table).
    case application(UInt)
}
