/// Motion, remote-control and action routing [FR-8, FR-9, RC-3].
extension Application {
    /// Delivers a shake (or other motion) phase to the key window's first responder, else the key
    /// window, else the application, and up the chain [FR-8]. Returns the responder that consumed
    /// it (nil when it fell off the end of the chain).
    ///
    /// A shake that began and has not ended is cancelled when its scene resigns active, when the
    /// responder that handled it leaves its window, or after ``InteractionSettings/maximumShakeDuration``.
    @discardableResult
    public func sendMotion(
        _ subtype: Event.EventSubtype = .motionShake, phase: MotionPhase, timestamp: Double? = nil
    ) -> Responder? {
        let event = Event(type: .motion, subtype: subtype, timestamp: timestamp ?? clock.now)
        event.motionPhase = phase
        switch phase {
        case .began:
            shakeTimer?.cancel()
            shakeScene = keyWindow?._windowScene
            shakeTimer = clock.schedule(after: settings.maximumShakeDuration) { [weak self] in
                self?.sendMotion(subtype, phase: .cancelled)
            }
        case .ended, .cancelled:
            shakeTimer?.cancel()
            shakeTimer = nil
            shakeScene = nil
        }
        sendEvent(event)
        let handler = event.chainHandler()
        shakeHandler = phase == .began ? handler : nil
        diagnose(.responderChain, "motion \(subtype.wireName) \(phase.rawValue) handled by \(handler.map(ViewReference.describe) ?? "nobody")")
        notifyObservers { $0.motionWasDelivered(subtype, phase: phase, handledBy: handler) }
        return handler
    }

    /// Delivers a remote-control command (subtype 100…109) to the key window's first responder, else
    /// the key window, else the application, and up the chain [FR-9]. Nothing is delivered before
    /// ``beginReceivingRemoteControlEvents()``. Returns the responder that consumed it.
    ///
    /// - Precondition: `subtype.isRemoteControl`.
    @discardableResult
    public func sendRemoteControl(_ subtype: Event.EventSubtype, timestamp: Double? = nil) -> Responder? {
        precondition(subtype.isRemoteControl, "sendRemoteControl: \(subtype) is not a remote-control subtype (100…109)")
        guard isReceivingRemoteControlEvents else {
            diagnose(.responderChain, "remote control \(subtype.wireName) dropped: not receiving remote-control events")
            notifyObservers { $0.remoteControlWasDelivered(subtype, handledBy: nil) }
            return nil
        }
        let event = Event(type: .remoteControl, subtype: subtype, timestamp: timestamp ?? clock.now)
        sendEvent(event)
        let handler = event.chainHandler()
        diagnose(.responderChain, "remote control \(subtype.wireName) handled by \(handler.map(ViewReference.describe) ?? "nobody")")
        notifyObservers { $0.remoteControlWasDelivered(subtype, handledBy: handler) }
        return handler
    }

    /// Starts receiving remote-control events [FR-9]. Until then they reach nobody. Observers hear of
    /// the change (``ApplicationObserver/remoteControlReceivingDidChange(_:)``); calling it again
    /// changes nothing.
    public func beginReceivingRemoteControlEvents() {
        setReceivingRemoteControlEvents(true)
    }

    /// Stops receiving remote-control events [FR-9]. Observers hear of the change; calling it again
    /// changes nothing.
    public func endReceivingRemoteControlEvents() {
        setReceivingRemoteControlEvents(false)
    }

    private func setReceivingRemoteControlEvents(_ isReceiving: Bool) {
        guard isReceivingRemoteControlEvents != isReceiving else { return }
        isReceivingRemoteControlEvents = isReceiving
        notifyObservers { $0.remoteControlReceivingDidChange(isReceiving) }
    }

    /// [RC-3] the sender's window's first responder, else the key window's, else the sender.
    func nilTargetedActionStart(sender: AnyObject?) -> Responder? {
        if let view = sender as? View, let window = view.window, let responder = window.firstResponder {
            return responder
        }
        if let responder = keyWindow?.firstResponder { return responder }
        return sender as? Responder
    }

    /// Motion, remote control or a press with no key window: the application is the start responder
    /// [FR-8, KB-1].
    func deliverToSelf(_ event: Event) {
        event.beginChain(at: self)
        switch event.type {
        case .motion:
            switch event.motionPhase {
            case .began: motionBegan(event.subtype, with: event)
            case .ended: motionEnded(event.subtype, with: event)
            case .cancelled: motionCancelled(event.subtype, with: event)
            }
        case .remoteControl:
            remoteControlReceived(with: event)
        case .presses:
            event.deliverPress(to: self)
        case .touches, .scroll, .hover, .transform:
            break
        }
    }

    /// Each window that owns changed touches gets the event once, in the order of those touches [TD-5].
    func dispatchTouchesToWindows(_ event: Event) {
        let changed = event.changedTouches
        if changed.count == 1 {
            changed[0].window?.sendEvent(event)
            return
        }
        var windows: [Window] = []
        for touch in changed {
            if let window = touch.window, !windows.contains(where: { $0 === window }) {
                windows.append(window)
            }
        }
        for window in windows { window.sendEvent(event) }
    }
}
