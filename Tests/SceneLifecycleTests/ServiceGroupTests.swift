import SceneLifecycle
import Testing

@MainActor
@Suite("ServiceGroup")
struct ServiceGroupTests {
    let journal = ServiceJournal()
    let timer = ManualTimer()

    func group(_ services: [FakeService], stopTimeout: Duration = .seconds(3)) -> ServiceGroup {
        ServiceGroup(services, stopTimeout: stopTimeout, timer: timer.timer)
    }

    @Test("Services start in the order given, each after the one before, and go live in the same order")
    func startOrder() async throws {
        let services = ["bus", "scenes", "accessibility"].map { FakeService($0, journal: journal) }
        let group = group(services)
        try await group.start()
        #expect(journal.entries == ["start bus", "start scenes", "start accessibility"])
        try await group.goLive()
        #expect(journal.entries.suffix(3) == ["live bus", "live scenes", "live accessibility"])
    }

    @Test("Services stop in reverse order, every stop begun before any of them finishes; the completion comes after the last done")
    func stopOrder() async throws {
        let services = ["bus", "scenes", "mpris"].map { FakeService($0, journal: journal, stop: .finishesLater) }
        let group = group(services)
        try await group.start()
        try await group.goLive()
        var report: ServiceGroup.StopReport?
        group.stop(cleanly: true) { report = $0 }
        #expect(journal.entries.suffix(3) == ["stop mpris", "stop scenes", "stop bus"])
        services[0].finishStop()
        services[2].finishStop()
        #expect(report == nil)
        services[1].finishStop()
        #expect(report == ServiceGroup.StopReport(timedOut: []))
        #expect(journal.entries.suffix(3) == ["done bus", "done mpris", "done scenes"])
    }

    @Test("A stop that finishes at once does not end the group before the stops after it have begun")
    func synchronousDone() async throws {
        let services = ["bus", "scenes"].map { FakeService($0, journal: journal) }
        let group = group(services)
        try await group.start()
        var completions = 0
        group.stop(cleanly: true) { _ in completions += 1 }
        #expect(journal.entries.suffix(4) == ["stop scenes", "done scenes", "stop bus", "done bus"])
        #expect(completions == 1)
        #expect(timer.armed.isEmpty, "no timeout is armed for a service that already finished")
    }

    @Test("A failing start stops the services started before it, in reverse order and not cleanly, and rethrows its error")
    func failingStart() async throws {
        let services = [
            FakeService("bus", journal: journal), FakeService("guard", journal: journal),
            FakeService("scenes", journal: journal, start: .fails), FakeService("mpris", journal: journal),
        ]
        let group = group(services)
        await #expect(throws: FakeService.Failure(service: "scenes")) { try await group.start() }
        #expect(
            journal.entries == [
                "start bus", "start guard", "start scenes", "stop guard (not clean)", "done guard", "stop bus (not clean)", "done bus",
            ])
        #expect(group.isStopping)
        var report: ServiceGroup.StopReport?
        group.stop(cleanly: true) { report = $0 }
        #expect(report == ServiceGroup.StopReport(), "a later stop finds the group stopped and stops nothing again")
        #expect(journal.entries.count == 7)
    }

    @Test("A failing go-live stops every service and rethrows its error")
    func failingGoLive() async throws {
        let services = [FakeService("bus", journal: journal, failsToGoLive: true), FakeService("scenes", journal: journal)]
        let group = group(services)
        try await group.start()
        await #expect(throws: FakeService.Failure(service: "bus")) { try await group.goLive() }
        #expect(journal.entries.suffix(5) == ["live bus", "stop scenes (not clean)", "done scenes", "stop bus (not clean)", "done bus"])
    }

    @Test("A service that never finishes stopping is given up on after the stop timeout and named in the report")
    func stopTimeout() async throws {
        let services = [
            FakeService("bus", journal: journal, stop: .finishesLater), FakeService("accessibility", journal: journal, stop: .neverFinishes),
            FakeService("scenes", journal: journal),
        ]
        let group = group(services, stopTimeout: .seconds(3))
        try await group.start()
        var report: ServiceGroup.StopReport?
        group.stop(cleanly: true) { report = $0 }
        #expect(timer.armed.map(\.delay) == [.seconds(3), .seconds(3)], "one timeout for each service still stopping")
        services[0].finishStop()
        #expect(report == nil)
        timer.fireAll()
        #expect(report == ServiceGroup.StopReport(timedOut: ["accessibility"]))
    }

    @Test("A done that comes after its timeout changes nothing")
    func lateDone() async throws {
        let service = FakeService("bus", journal: journal, stop: .finishesLater)
        let group = group([service])
        try await group.start()
        var reports: [ServiceGroup.StopReport] = []
        group.stop(cleanly: true) { reports.append($0) }
        timer.fireAll()
        service.finishStop()
        #expect(reports == [ServiceGroup.StopReport(timedOut: ["bus"])])
    }

    @Test("Stopping while a service starts stops the ones started; the starting one is stopped once its start returns, and start throws CancellationError")
    func stopDuringStart() async throws {
        let services = [
            FakeService("bus", journal: journal), FakeService("scenes", journal: journal, start: .waits), FakeService("mpris", journal: journal),
        ]
        let group = group(services)
        let starting = Task { try await group.start() }
        await services[1].waitUntilStarting()
        var report: ServiceGroup.StopReport?
        group.stop(cleanly: true) { report = $0 }
        #expect(journal.entries == ["start bus", "start scenes", "stop bus", "done bus"])
        #expect(report == ServiceGroup.StopReport(), "the group does not wait for a start under way")
        services[1].releaseStart()
        await #expect(throws: CancellationError.self) { try await starting.value }
        #expect(journal.entries.suffix(2) == ["stop scenes (not clean)", "done scenes"])
        #expect(!journal.entries.contains("start mpris"))
    }

    @Test("A start that fails after the group was stopped stops nothing more")
    func failureAfterStop() async throws {
        let services = [FakeService("bus", journal: journal), FakeService("scenes", journal: journal, start: .waits)]
        let group = group(services)
        let starting = Task { try await group.start() }
        await services[1].waitUntilStarting()
        group.stop(cleanly: false)
        services[1].releaseStart(failing: true)
        await #expect(throws: FakeService.Failure(service: "scenes")) { try await starting.value }
        #expect(journal.entries == ["start bus", "start scenes", "stop bus (not clean)", "done bus"])
    }

    @Test("Stopping twice stops each service once and runs both completions with the same report")
    func stopTwice() async throws {
        let service = FakeService("bus", journal: journal, stop: .finishesLater)
        let group = group([service])
        try await group.start()
        var reports: [ServiceGroup.StopReport] = []
        group.stop(cleanly: true) { reports.append($0) }
        group.stop(cleanly: false) { reports.append($0) }
        service.finishStop()
        #expect(journal.entries == ["start bus", "stop bus", "done bus"])
        #expect(reports == [ServiceGroup.StopReport(), ServiceGroup.StopReport()])
    }

    @Test("A group stopped before it started stops nothing and finishes at once; start then throws CancellationError")
    func stopBeforeStart() async {
        let group = group([FakeService("bus", journal: journal)])
        var report: ServiceGroup.StopReport?
        group.stop(cleanly: true) { report = $0 }
        #expect(report == ServiceGroup.StopReport())
        await #expect(throws: CancellationError.self) { try await group.start() }
        #expect(journal.entries.isEmpty)
    }
}
