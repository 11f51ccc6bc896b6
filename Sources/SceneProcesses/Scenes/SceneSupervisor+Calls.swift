extension SceneSupervisor {
    /// Whether calls reach the process now (or wait for its hello).
    private var accepting: Bool {
        switch phase {
        case .running, .notResponding: true
        default: false
        }
    }

    /// Whether calls wait for a process that is on its way.
    private var holding: Bool {
        switch phase {
        case .starting, .ending(then: .restart): true
        default: false
        }
    }

    /// The failure a call gets when no process will answer it.
    private var refusal: SceneCallFailure {
        switch phase {
        case .waitingToRestart, .quarantined: .crashed
        default: .stopped
        }
    }

    mutating func input(_ id: UInt64, allowance: UInt64 = 0, now: UInt64, into actions: inout [Action]) {
        guard accepting || holding else { return actions.append(.fail(ids: [id], refusal)) }
        queuedInputs.append((id, now &+ allowance))
        if accepting { deliverNextInput(now: now, into: &actions) }
    }

    /// A query goes at once, unless inputs are queued: it then follows the last of them (a query made
    /// after an input sees what the input did), while the input in flight — a long script — does not
    /// hold it back by itself.
    mutating func query(_ id: UInt64, now: UInt64, into actions: inout [Action]) {
        guard accepting || holding else { return actions.append(.fail(ids: [id], refusal)) }
        let after = queuedInputs.last?.id
        let deliverNow = accepting && after == nil
        openQueries.append((id, now, deliverNow, after))
        if deliverNow { actions.append(.deliver(id: id)) }
    }

    /// Delivers the first queued input unless one is in flight, then the queries that waited for it.
    mutating func deliverNextInput(now: UInt64, into actions: inout [Action]) {
        guard inputInFlight == nil, !queuedInputs.isEmpty else { return }
        let next = queuedInputs.removeFirst()
        // Its timeout runs from its delivery (or its allowance's end, when later), as Android times
        // the event a window was sent: the scene is not responding when it leaves one input
        // unanswered that long, not when a deep queue of inputs it answers in turn takes longer.
        inputInFlight = (next.id, max(now, next.since), true)
        actions.append(.deliver(id: next.id))
        releaseQueries(into: &actions)
    }

    /// Delivers what waited for the hello: queries made before any input, then the inputs (each
    /// releasing the queries made after it).
    mutating func deliverHeld(now: UInt64, into actions: inout [Action]) {
        releaseQueries(into: &actions)
        deliverNextInput(now: now, into: &actions)
    }

    /// Delivers every held query whose input is no longer queued (delivered, dropped or failed).
    mutating func releaseQueries(into actions: inout [Action]) {
        guard accepting else { return }
        for index in openQueries.indices where !openQueries[index].delivered {
            if let after = openQueries[index].after, queuedInputs.contains(where: { $0.id == after }) { continue }
            openQueries[index].delivered = true
            actions.append(.deliver(id: openQueries[index].id))
        }
    }

    mutating func answered(_ id: UInt64, now: UInt64, into actions: inout [Action]) {
        if let inFlight = inputInFlight, inFlight.id == id {
            inputInFlight = nil
        } else if let index = openQueries.firstIndex(where: { $0.id == id && $0.delivered }) {
            openQueries.remove(at: index)
        } else {
            return  // a late answer to a call already failed, or nothing of ours: ignored
        }
        if case .notResponding = phase {
            phase = .running
            actions.append(.announceResponding)
            actions.append(.removePlaceholder)
        }
        deliverNextInput(now: now, into: &actions)
    }

    /// The process reported while an input was in flight: that input's timeout runs from now, so a
    /// scene is not responding when it is silent for the timeout, not when a script it keeps playing
    /// (10,000 key actions) lasts longer. Moved in steps of a tenth of the timeout, so that a stream
    /// of reports does not ask for a wake-up each.
    mutating func reported(now: UInt64) {
        guard let inFlight = inputInFlight, inFlight.callerWaits, now >= inFlight.since &+ policy.responseTimeout / 10 else { return }
        inputInFlight?.since = now
    }

    /// Fails every call whose timeout has passed; the first overdue answer makes the scene not responding.
    mutating func expireCalls(now: UInt64, into actions: inout [Action]) {
        let limit = policy.responseTimeout
        var expired: [UInt64] = []
        if let inFlight = inputInFlight, inFlight.callerWaits, now >= inFlight.since + limit {
            expired.append(inFlight.id)
            inputInFlight?.callerWaits = false
        }
        let overdueQueued = queuedInputs.prefix { now >= queuedBase($0.since) + limit }
        expired += overdueQueued.map(\.id)
        queuedInputs.removeFirst(overdueQueued.count)
        if !overdueQueued.isEmpty { releaseQueries(into: &actions) }
        let overdueQueries = openQueries.filter { now >= $0.since + limit }
        expired += overdueQueries.map(\.id)
        openQueries.removeAll { now >= $0.since + limit }
        guard !expired.isEmpty else { return }
        actions.append(.fail(ids: expired, .notResponding))
        if case .running = phase {
            phase = .notResponding(since: now)
            actions.append(.announceNotResponding)
            actions.append(.showPlaceholder(.notResponding))
        }
    }

    /// The time a queued input's timeout runs from: when it was made, or later from the delivery of
    /// the input in flight (or its allowance's end): while the process answers each input in time,
    /// the inputs queued behind it wait without expiring (a long script ahead of them, or a flood of
    /// inputs taken in turn, is not the scene hanging).
    func queuedBase(_ since: UInt64) -> UInt64 {
        max(since, inputInFlight?.since ?? 0)
    }

    /// Another scene was touched: the inputs queued behind a scene stuck on its input in flight
    /// (unanswered ``SceneSupervisionPolicy/staleAfter`` after its delivery, or not responding) are
    /// dropped, as Android drops the events of an unresponsive window when the user touches another;
    /// a scene that takes its inputs in turn, however many, keeps them.
    mutating func otherSceneTouched(now: UInt64, into actions: inout [Action]) {
        guard let inFlight = inputInFlight, !queuedInputs.isEmpty else { return }
        let stuck: Bool
        if case .notResponding = phase { stuck = true } else { stuck = now >= inFlight.since &+ policy.staleAfter }
        guard stuck else { return }
        actions.append(.fail(ids: queuedInputs.map(\.id), .dropped))
        queuedInputs.removeAll()
        releaseQueries(into: &actions)
    }

    /// Fails every waiting call with `failure` and forgets them.
    mutating func failAll(_ failure: SceneCallFailure, into actions: inout [Action]) {
        var ids = queuedInputs.map(\.id) + openQueries.map(\.id)
        if let inFlight = inputInFlight, inFlight.callerWaits { ids.insert(inFlight.id, at: 0) }
        queuedInputs.removeAll()
        openQueries.removeAll()
        inputInFlight = nil
        if !ids.isEmpty { actions.append(.fail(ids: ids, failure)) }
    }
}
