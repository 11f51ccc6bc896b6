extension SceneSupervisor {
    mutating func start(now: UInt64, into actions: inout [Action]) {
        guard case .stopped = phase else { return }
        spawn(now: now, into: &actions)
    }

    private mutating func spawn(now: UInt64, into actions: inout [Action]) {
        phase = .starting(since: now)
        processID = nil
        greetedAt = nil
        actions.append(.spawn)
    }

    mutating func greeted(now: UInt64, into actions: inout [Action]) {
        guard case .starting = phase else { return }
        phase = .running
        greetedAt = now
        actions.append(.removePlaceholder)
        deliverHeld(now: now, into: &actions)
    }

    mutating func ended(_ exit: SceneExit, now: UInt64, into actions: inout [Action]) {
        processID = nil
        switch phase {
        case .ending(then: .restart):
            spawn(now: now, into: &actions)
            // Calls held across the reload wait for the new process's hello.
        case .ending(then: .stay):
            phase = .stopped
        case .ending(then: .crash(let cause)):
            crashed(cause, now: now, into: &actions)
        case .starting, .running, .notResponding:
            crashed(exit, now: now, into: &actions)
        case .stopped, .waitingToRestart, .quarantined:
            break  // no process was ours
        }
    }

    /// The process is gone without being asked: fail the calls, announce, restart later or quarantine.
    /// One that refused its plugin is quarantined at once: a restart would be refused again.
    mutating func crashed(_ exit: SceneExit, now: UInt64, into actions: inout [Action]) {
        processID = nil
        if case .refused = exit {
            greetedAt = nil
            failAll(.crashed, into: &actions)
            actions.append(.announceCrash(exit, quarantined: true))
            actions.append(.showPlaceholder(.crashed(exit, quarantined: true)))
            phase = .quarantined(after: exit)
            return
        }
        if let greetedAt, now >= greetedAt + policy.stableAfter { crashesInARow = 0 }
        greetedAt = nil
        crashesInARow += 1
        failAll(.crashed, into: &actions)
        let quarantined = crashesInARow >= policy.crashesBeforeQuarantine
        actions.append(.announceCrash(exit, quarantined: quarantined))
        actions.append(.showPlaceholder(.crashed(exit, quarantined: quarantined)))
        phase = quarantined ? .quarantined(after: exit) : .waitingToRestart(at: now + policy.restartDelay(afterCrashes: crashesInARow), after: exit)
    }

    mutating func tick(now: UInt64, into actions: inout [Action]) {
        switch phase {
        case .waitingToRestart(let at, _) where now >= at:
            spawn(now: now, into: &actions)
        case .starting(let since) where now >= since + policy.startTimeout:
            if let processID {
                phase = .ending(then: .crash(.startTimedOut))
                actions.append(.kill(pid: processID))
            } else {
                crashed(.startTimedOut, now: now, into: &actions)
            }
        case .running, .notResponding:
            if let greetedAt, now >= greetedAt + policy.stableAfter { crashesInARow = 0 }
            expireCalls(now: now, into: &actions)
        default:
            break
        }
    }

    mutating func reload(now: UInt64, into actions: inout [Action]) {
        crashesInARow = 0
        failAll(.stopped, into: &actions)
        if let processID {
            phase = .ending(then: .restart)
            actions.append(.kill(pid: processID))
        } else if case .ending = phase {
            phase = .ending(then: .restart)
        } else {
            spawn(now: now, into: &actions)
        }
    }

    mutating func stop(into actions: inout [Action]) {
        failAll(.stopped, into: &actions)
        if let processID {
            phase = .ending(then: .stay)
            actions.append(.kill(pid: processID))
        } else if case .ending = phase {
            phase = .ending(then: .stay)
        } else {
            phase = .stopped
        }
    }
}
