/// The window carries out its ``GestureArena``'s decisions [GR-1 … GR-11]: it runs the recognizers'
/// code, its delegates' and its views', which the arena only names.
///
/// Per touch event, in this order [GR-2]:
///
///     offer    new touches to the enabled recognizers of the hit view and its ancestors up to the
///              window, deepest first, in add order, as the arena and their delegates allow    [GR-1]
///              (Window+TouchDelivery: the walk up the hit view's ancestors)
///     feed     each participant its own touches, phase by phase                                [GR-2]
///              (Window+TouchDelivery)
///     settle   the arena's settlement, its actions carried out here one by one: transitions
///              (actions, observers), touches cut off their views, resets; questions answered by
///              the recognizers' hooks, their delegates and their views                    [GR-4 … GR-10]
///
/// A recognizer that changes outside an event (a timer, code setting its state) or leaves (disabled,
/// removed) tells the window as its ``GestureArenaHost``; the window settles then, and delivers what
/// that released to the views (`delaysTouchesBegan` / `delaysTouchesEnded`).
///
/// The arena is touched in short accesses only (one call at a time), never while code of a recognizer,
/// a delegate or a view runs, so that such code may change it (a recognizer disabled from an action).
/// The members an action names are ordinary strong references: the action keeps its member alive
/// while the member's code runs, even if that code removes it from its view.
extension Window {
    /// Handles one touch event for this window's touches [GR-1, GR-2]: offers the new touches, feeds the
    /// participants, settles.
    func handleGestures(_ event: Event) {
        gestureArena.activity = .arbitrating
        event.changedTouches.forEachTouch { touch in
            if touch.phase == .began && owns(touch) { offerToRecognizers(touch, event: event) }
        }
        feedParticipants(event)
        // A quiet arena has nothing to settle (most events in the middle of a gesture): with the
        // shortcuts, no settlement runs at all.
        if !(event.takesShortcuts && gestureArena.isQuiet()) { settleGestures(event) }
        gestureArena.activity = .idle
    }

    /// A member changed outside touch handling (a timer, or code): settle now, then deliver what that
    /// released. Nothing while an arbitration runs, which settles the change itself.
    func settleGesturesOutsideEvent() {
        guard gestureArena.activity == .idle,
            let event = _windowScene?._application?.touchEvent ?? lastApplication?.touchEvent
        else { return }
        gestureArena.activity = .arbitrating
        settleGestures(event)
        gestureArena.activity = .idle
        flushHeldDeliveries(event)
    }

    /// `member` stops taking part, after its leaving transition [GR-11]: it leaves the arena and resets;
    /// outside touch handling, the rest settles now and what that released is delivered.
    func removeFromGestureArena(_ member: GestureRecognizer) {
        gestureArena.remove(member)
        member.performReset()
        if gestureArena.activity == .idle, let event = _windowScene?._application?.touchEvent {
            gestureArena.activity = .arbitrating
            settleGestures(event)
            gestureArena.activity = .idle
            flushHeldDeliveries(event)
        }
    }

    /// Recognizers attached to a subtree that left the window are cancelled or failed [GR-11, WS-8].
    func recognizersDidLeave(subtree root: View) {
        let leaving = gestureArena.participants.filter { recognizer in
            guard let view = recognizer.view else { return true }
            return view === root || view.isDescendant(of: root)
        }
        for recognizer in leaving {
            recognizer.stopParticipating()
        }
    }

    // MARK: Settling [GR-4 … GR-10]

    /// Runs one settlement of the arena to its end, carrying out each action it returns.
    private func settleGestures(_ event: Event) {
        var run = GestureArena<GestureRecognizer>.Settlement(takesShortcuts: event.takesShortcuts)
        while true {
            switch gestureArena.advance(&run) {
            case .done:
                return
            case .apply(let member, let state):
                member.apply(state)
            case .cutOffTouches(let member):
                cutOffTouchesFromViews(member.touchesSinceReset, event: event)
            case .reset(let member):
                member.performReset()
            case .ask(let question):
                run.answer(answer(question, shortcuts: event.takesShortcuts))
            }
        }
    }

    /// Asks the recognizers' hooks, their delegates and their views what `question` names, in its
    /// order, stopping at the first answer that decides it.
    private func answer(_ question: GestureArena<GestureRecognizer>.Question, shortcuts: Bool) -> Bool {
        switch question {
        case .prevents(let a, let b):
            return Window.prevents(a, b)
        case .requiresFailure(let member, let other):
            if member.mayHaveDelegate, member.delegate?.gestureRecognizer(member, shouldRequireFailureOf: other) == true {
                return true
            }
            if other.mayHaveDelegate, other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: member) == true {
                return true
            }
            return member.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: member)
        case .mayBegin(let member):
            if member.mayHaveDelegate, let delegate = member.delegate, !delegate.gestureRecognizerShouldBegin(member) {
                return false
            }
            return viewsAllowBegin(member, shortcuts: shortcuts)
        }
    }

    /// [GR-6] A prevents B unless either may not, or either delegate allows simultaneity.
    private static func prevents(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        guard a.canPrevent(b), b.canBePrevented(by: a) else { return false }
        if a.mayHaveDelegate, a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true {
            return false
        }
        if b.mayHaveDelegate, b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true {
            return false
        }
        return true
    }

    /// [GR-5 step 3] the recognizer's own view, then each distinct view of its touches [UC-7].
    private func viewsAllowBegin(_ recognizer: GestureRecognizer, shortcuts: Bool) -> Bool {
        if let view = recognizer.view, !view.gestureRecognizerShouldBegin(recognizer) { return false }
        if recognizer.touchesSinceReset.count == 1 && shortcuts {
            // One touch: its view, if it is not the recognizer's own.
            guard let view = recognizer.touchesSinceReset[0].view, view !== recognizer.view else { return true }
            return view.gestureRecognizerShouldBegin(recognizer)
        }
        var asked: [View] = []
        for touch in recognizer.touchesSinceReset {
            guard let view = touch.view, view !== recognizer.view, !asked.contains(where: { $0 === view }) else { continue }
            asked.append(view)
            if !view.gestureRecognizerShouldBegin(recognizer) { return false }
        }
        return true
    }
}

extension Window: GestureArenaHost {}
