/// Touch input: the host's raw samples become touches bound to a window and view, dispatched as one
/// event per input frame [TD-5].
extension Application {
    /// A finger goes down at `location` (screen coordinates).
    ///
    /// The windows of foreground-active scenes are hit-tested front to back [HT-1]; the first that
    /// returns a view owns the touch, which is bound to that window and view and delivered as
    /// `began`. Returns nil, delivering nothing, when no window takes it (the point is on no window,
    /// or every window's hit test returned nil, or the location is not finite).
    @discardableResult
    public func touchDown(at location: Point, timestamp: Double? = nil) -> Touch? {
        let time = timestamp ?? clock.now
        guard let touch = makeTouch(at: location, time: time) else { return nil }
        dispatchChanged(TouchSet(touch), time: time)
        return touch
    }

    /// A finger that is down moves to `location` (screen coordinates). Ignored for a touch that has
    /// ended or been cancelled [TD-11].
    public func touchMoved(_ touch: Touch, to location: Point, timestamp: Double? = nil) {
        let time = timestamp ?? clock.now
        guard prepareChange(touch, phase: .moved, location: location, time: time) else { return }
        dispatchChanged(TouchSet(touch), time: time)
    }

    /// A finger lifts, at `location` (screen coordinates) or where it last was. Ignored for a touch
    /// that has already ended or been cancelled.
    public func touchUp(_ touch: Touch, at location: Point? = nil, timestamp: Double? = nil) {
        let time = timestamp ?? clock.now
        guard prepareChange(touch, phase: .ended, location: location, time: time) else { return }
        dispatchChanged(TouchSet(touch), time: time)
    }

    /// The input system cancels a finger: recognizers and views get `touchesCancelled`. Ignored for a
    /// touch that has already ended or been cancelled.
    public func touchCancelled(_ touch: Touch, timestamp: Double? = nil) {
        let time = timestamp ?? clock.now
        guard prepareChange(touch, phase: .cancelled, location: nil, time: time) else { return }
        dispatchChanged(TouchSet(touch), time: time)
    }

    /// Several fingers change together, as one event. Returns, in order, the touch each `.down`
    /// created (nil for a down that hit nothing); changes to retired touches are ignored.
    @discardableResult
    public func dispatch(_ frame: [TouchInput], timestamp: Double? = nil) -> [Touch?] {
        dispatch(frame, timestamp: timestamp, in: nil)
    }

    /// ``dispatch(_:timestamp:)`` for input that belongs to one scene (a desktop window shows one
    /// scene): new fingers are hit-tested in `scene`'s windows only, so a window of another scene
    /// laid over the same screen area cannot take them. `nil` hit-tests every scene.
    @discardableResult
    public func dispatch(_ frame: [TouchInput], timestamp: Double? = nil, in scene: WindowScene?) -> [Touch?] {
        let time = timestamp ?? clock.now
        var created: [Touch?] = []
        var changed: [Touch] = []
        for input in frame {
            switch input {
            case .down(let location):
                let touch = makeTouch(at: location, time: time, in: scene)
                created.append(touch)
                if let touch { changed.append(touch) }
            case .move(let touch, let location):
                if !changed.contains(where: { $0 === touch }),
                    prepareChange(touch, phase: .moved, location: location, time: time)
                {
                    changed.append(touch)
                }
            case .up(let touch, let location):
                if !changed.contains(where: { $0 === touch }),
                    prepareChange(touch, phase: .ended, location: location, time: time)
                {
                    changed.append(touch)
                }
            case .cancel(let touch):
                if !changed.contains(where: { $0 === touch }),
                    prepareChange(touch, phase: .cancelled, location: nil, time: time)
                {
                    changed.append(touch)
                }
            }
        }
        if !changed.isEmpty {
            dispatchChanged(TouchSet(changed), time: time)
        }
        return created
    }

    /// Touches that are down and not yet ended or cancelled, in identifier order.
    public var activeTouches: [Touch] { touchEvent.liveTouches.filter { !$0.phase.isTerminal } }

    /// Cancels every live touch matching `predicate` in one event (window hidden or detached, scene
    /// deactivated, host shutting down) [TD-11].
    public func cancelTouches(where predicate: (Touch) -> Bool) {
        let victims = touchEvent.liveTouches.filter { !$0.phase.isTerminal && predicate($0) }
        guard !victims.isEmpty else { return }
        let time = clock.now
        for touch in victims {
            touch.phase = .cancelled
            touch.timestamp = time
        }
        dispatchChanged(TouchSet(sortedUnique: victims), time: time)
    }

    /// Cancels every live touch.
    public func cancelAllTouches() {
        cancelTouches { _ in true }
    }

    // MARK: Internals

    /// [HT-1] the first window, front to back, whose hit test returns a view; then [TD-4] tap count.
    private func makeTouch(at location: Point, time: Double, in scene: WindowScene? = nil) -> Touch? {
        guard location.isFinite else { return nil }
        layoutIfNeeded()  // a new finger is hit-tested against laid-out frames [LY-5]
        guard let (window, view, point) = hitTest(screenPoint: location, in: scene) else {
            diagnose(.hitTesting, "touch at \(location) hit no window; dropped")
            return nil
        }
        focus(window._windowScene)
        let tapCount = tapCount(in: window, at: point, time: time)
        let touch = Touch(
            identifier: nextTouchIdentifierValue(), locationInWindow: point, timestamp: time, window: window,
            view: view, tapCount: tapCount)
        touchEvent.insertLive(touch)
        return touch
    }

    /// Hit-tests the screen point in the windows that take touches, front to back [HT-1], running each
    /// window's hit test ``InteractionSettings/hitTestPasses`` times and keeping the last result [HQ-3].
    public func hitTest(screenPoint: Point) -> (window: Window, view: View, point: Point)? {
        hitTest(screenPoint: screenPoint, in: nil)
    }

    /// ``hitTest(screenPoint:)`` among `scene`'s windows only (every scene's when nil).
    public func hitTest(screenPoint: Point, in scene: WindowScene?) -> (window: Window, view: View, point: Point)? {
        // (`if let`, not `Optional.map`: a main-actor closure handed to the standard library gets a
        // check of the executor at every call, and a page source makes one hit test per view.)
        var wanted: UInt?
        if let scene { wanted = UInt(bitPattern: ObjectIdentifier(scene)) }
        // One scene's windows are the application's order without the others' (kept per scene): a
        // hit test per view of a page source neither retains nor skips every other window.
        for window in scene?.windowsFrontToBack ?? windowsFrontToBack {
            // `window.takesTouches` and the scene's identity, read without retaining the scene (a
            // retain and a release per window of the screen, per hit test). Unretained (owner holds:
            // a window's back link to its scene is cleared when the scene lets the window go).
            let sceneBits = unretainedBits(&window._windowScene)
            guard sceneBits != 0, !window.isHidden, wanted == nil || sceneBits == wanted else { continue }
            guard withUnretained(sceneBits, as: WindowScene.self, { $0.activationState == .foregroundActive }) else { continue }
            let point = window.convertFromScreen(screenPoint)
            var result: View?
            for _ in 0..<settings.hitTestPasses {
                result = window.hitTest(point, with: touchEvent)
            }
            if let result {
                diagnose(
                    .hitTesting,
                    "hit test at \(screenPoint) → window '\(window.title)' point \(point) → \(ViewReference.describe(result))")
                return (window, result, point)
            }
        }
        return nil
    }

    /// The hit test a touch-down at `screenPoint` would make among `scene`'s windows once the scene is
    /// foreground-active: ``hitTest(screenPoint:in:)`` for a scene in the foreground, active or not
    /// (both are shown; scripted input activates a scene before delivering to it [WS-11]); nil for a
    /// scene in the background or disconnected. Changes nothing.
    public func hitTestOnceActive(screenPoint: Point, in scene: WindowScene) -> (window: Window, view: View, point: Point)? {
        switch scene.activationState {
        case .foregroundActive: return hitTest(screenPoint: screenPoint, in: scene)
        case .foregroundInactive: break
        case .background, .unattached: return nil
        }
        for window in scene.windowsFrontToBack where !window.isHidden {
            let point = window.convertFromScreen(screenPoint)
            var result: View?
            for _ in 0..<settings.hitTestPasses {
                result = window.hitTest(point, with: touchEvent)
            }
            if let result { return (window, result, point) }
        }
        return nil
    }

    /// Touching a scene makes it the most recently activated one, so its key window becomes the
    /// application's key window [WS-4, CHOICE: click to focus, as on a desktop]. Called before the
    /// touch is delivered.
    public func focus(_ scene: WindowScene?) {
        guard let scene, scene.activationState == .foregroundActive,
            scenes.contains(where: { $0 !== scene && $0.activationSequence > scene.activationSequence })
        else { return }
        scene.activationSequence = nextActivationSequence()
        updateKeyWindow()
    }

    private func tapCount(in window: Window, at point: Point, time: Double) -> Int {
        guard let last = window.lastEndedTouch else { return 1 }
        let interval = time - last.time
        guard interval >= 0, interval <= settings.tapCountInterval,
            last.location.distance(to: point) <= settings.tapCountRadius
        else { return 1 }
        return last.tapCount + 1
    }

    private func nextTouchIdentifierValue() -> UInt64 {
        defer { nextTouchIdentifier += 1 }
        return nextTouchIdentifier
    }

    private func prepareChange(_ touch: Touch, phase: Touch.Phase, location: Point?, time: Double) -> Bool {
        guard !touch.phase.isTerminal, let window = touch.window else { return false }
        if let location {
            guard location.isFinite else { return false }
            touch.previousLocationInWindow = touch.locationInWindow
            touch.locationInWindow = window.convertFromScreen(location)
        } else {
            touch.previousLocationInWindow = touch.locationInWindow
        }
        touch.phase = phase
        touch.timestamp = time
        return true
    }

    /// Sends the touch event for `changed`, then retires the touches that ended or were cancelled.
    /// Safe to re-enter (a handler that hides a window cancels touches in a nested dispatch).
    func dispatchChanged(_ changed: TouchSet, time: Double) {
        let event = touchEvent
        let outerChanged = event.changedTouches
        event.timestamp = time
        // A lone finger (the one live touch changed) leaves nothing stationary.
        let live = event.liveTouches
        if !(event.takesShortcuts && live.count == 1 && changed.onlyTouch === live[0]) {
            markStationary(event, except: changed)
        }
        changed.forEachTouch { $0.changedInEvent = true }
        event.changedTouches = changed
        sendEvent(event)
        changed.forEachTouch { finishChange(of: $0, in: event, time: time) }
        event.changedTouches = outerChanged
    }

    /// Live touches that did not change in this event (and are not changing in an outer one) are
    /// stationary [TD-6].
    private func markStationary(_ event: Event, except changed: TouchSet) {
        for touch in event.liveTouches
        where !touch.phase.isTerminal && !changed.contains(touch) && !touch.changedInEvent {
            touch.phase = .stationary
        }
    }

    /// After the event: the touch is no longer changing; an ended or cancelled one is retired.
    private func finishChange(of touch: Touch, in event: Event, time: Double) {
        touch.changedInEvent = false
        if touch.phase.isTerminal {
            event.removeLive(touch)
            if touch.phase == .ended, let window = touch.window {
                window.lastEndedTouch = (touch.locationInWindow, time, touch.tapCount)
            }
        }
    }
}

extension Window {
    /// Visible and in a foreground-active scene [HT-1, WS-1].
    var takesTouches: Bool {
        !isHidden && _windowScene?.activationState == .foregroundActive
    }
}
