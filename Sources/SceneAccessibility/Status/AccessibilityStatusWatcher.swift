import DBusKit
import SceneErrors

/// Follows at-spi2-core's `org.a11y.Status` (`IsEnabled`, `ScreenReaderEnabled`) on the session bus:
/// reads it once, then hears every `PropertiesChanged` of it and every change of the launcher
/// (`org.a11y.Bus`) owning it, and reports each new value through ``onChange``.
///
/// Isolation: main actor; nothing waits on the bus (the first read is an `async` call with a timeout).
/// Ordering: ``onChange`` sees the statuses in the order the launcher announced them; a launcher that
/// leaves the session bus reads as off (its accessibility bus leaves with it), and one that returns
/// is read again. A launcher that owns its name but does not answer in time (a session starting
/// under load, a stopped process) reads as off and is asked again (``AnswerRetry``) until it answers or announces a change: ``onFirstAnswer``
/// then reports what it said.
@MainActor
final class AccessibilityStatusWatcher {
    /// The session bus connection the status is read on (private to the watcher).
    private let connection: BusConnection
    private var subscriptions: [MatchSubscription] = []
    /// The latest status read or announced.
    private(set) var status = AccessibilityStatus()
    /// Called with each status that differs from the previous one, once the launcher has answered.
    var onChange: (@MainActor (AccessibilityStatus) -> Void)?
    /// Called once, with the status, when a launcher that had not answered the first read does
    /// (instead of ``onChange`` for that status).
    var onFirstAnswer: (@MainActor (AccessibilityStatus) -> Void)?
    /// Whether the launcher has answered a read or announced a change (false while it is silent).
    private(set) var hasAnswered = false
    /// Asks a silent launcher again until it answers; nil when nobody is waiting for an answer.
    private var asking: Task<Void, Never>?
    private let timeout: Duration
    /// Reads in flight are numbered, so a slow answer never overwrites a newer announcement.
    private var readGeneration = 0

    static let statusInterface = InterfaceName(unchecked: "org.a11y.Status")
    private static let propertiesChanged: MemberName = "PropertiesChanged"

    private init(connection: BusConnection, timeout: Duration) {
        self.connection = connection
        self.timeout = timeout
    }

    /// Connects to the session bus at `address`, subscribes to the status's changes, then reads it.
    /// When the launcher does not answer within `timeout`, the watcher is returned with
    /// ``hasAnswered`` false (the status off) and keeps asking.
    ///
    /// - Throws: ``AccessibilityError`` with code ``AccessibilityError/Code-swift.struct/noAccessibilityBus``
    ///   naming the bus and the error when the session bus has no `org.a11y.Status` (no at-spi2-core:
    ///   nobody owns `org.a11y.Bus`, or its owner has no such object).
    static func start(sessionAddress address: String, timeout: Duration) async throws(AccessibilityError)
        -> AccessibilityStatusWatcher
    {
        let watcher: AccessibilityStatusWatcher
        do {
            watcher = AccessibilityStatusWatcher(connection: try await BusConnection.connect(to: .address(address)), timeout: timeout)
        } catch {
            throw AccessibilityError(code: .noAccessibilityBus, message: "cannot connect to the session bus at \(address): \(error)")
        }
        do {
            try await watcher.subscribe()
            watcher.status = try await watcher.read()
            watcher.hasAnswered = true
        } catch let error as BusError where error.code == .timedOut {
            watcher.askUntilAnswered()
        } catch {
            watcher.stop()
            throw AccessibilityError(
                code: .noAccessibilityBus,
                message: "the session bus at \(address) has no \(statusInterface) (\(AtspiNames.launcher).GetAll: \(error))")
        }
        return watcher
    }

    /// Stops following and closes the session bus connection.
    func stop() {
        asking?.cancel()
        asking = nil
        for subscription in subscriptions { subscription.cancel() }
        subscriptions.removeAll()
        onChange = nil
        connection.close()
    }

    // MARK: Following

    private func subscribe() async throws {
        // The launcher's own announcements (sender resolved to its current owner by DBusKit).
        let changes = MatchRule.signal(
            sender: AtspiNames.launcher, interface: .properties, member: Self.propertiesChanged, path: AtspiNames.launcherPath,
            arguments: [0: Self.statusInterface.rawValue])
        subscriptions.append(
            try await connection.addMatch(changes) { [weak self] message in self?.propertiesChanged(message) })
        let owner = MatchRule.signal(
            sender: .bus, interface: .bus, member: AtspiNames.nameOwnerChanged, arguments: [0: AtspiNames.launcher.rawValue])
        subscriptions.append(
            try await connection.addMatch(owner) { [weak self] message in
                guard let self, let newOwner = message.arguments.last?.stringValue else { return }
                self.launcherChanged(present: !newOwner.isEmpty)
            })
    }

    /// `PropertiesChanged("org.a11y.Status", changed, invalidated)`.
    private func propertiesChanged(_ message: BusMessage) {
        let arguments = message.arguments
        guard arguments.count >= 2 else { return }
        var changed: [String: Bool] = [:]
        for entry in arguments[1].dictionaryEntries ?? [] {
            guard let key = entry.key.stringValue, let value = (entry.value.variantValue ?? entry.value).boolValue else { continue }
            changed[key] = value
        }
        readGeneration += 1  // an announcement is newer than any read in flight
        answered(status.applying(changed))
        let invalidated = arguments.count >= 3 ? (arguments[2].arrayElements ?? []).compactMap(\.stringValue) : []
        if !invalidated.isEmpty { refresh() }
    }

    private func launcherChanged(present: Bool) {
        readGeneration += 1
        if present {
            refresh()
        } else {
            asking?.cancel()
            asking = nil
            update(AccessibilityStatus())
        }
    }

    /// Reads the status again now and reports it (unless something newer arrived meanwhile); a
    /// launcher that does not answer in time is asked again.
    private func refresh() {
        ask(pausingFirst: false)
    }

    /// Reads again after each of ``AnswerRetry``'s pauses until the launcher answers.
    private func askUntilAnswered() {
        ask(pausingFirst: true)
    }

    /// Reads the status (after a pause when `pausingFirst`), and again after each of
    /// ``AnswerRetry``'s pauses while reads time out, until the launcher answers, announces a change
    /// (which counts as an answer and outdates the read), leaves, or the watcher stops. Sleeps in a
    /// task: nothing waits on the main actor. A newer question replaces one under way.
    private func ask(pausingFirst: Bool) {
        asking?.cancel()
        asking = Task { @MainActor [weak self] in
            var retry = AnswerRetry()
            var pause = pausingFirst
            while true {
                if pause {
                    do { try await Task.sleep(for: retry.next()) } catch { return }
                }
                pause = true
                guard let self, !Task.isCancelled else { return }
                let generation = self.readGeneration
                do {
                    let status = try await self.read()
                    guard !Task.isCancelled, generation == self.readGeneration else { return }
                    self.answered(status)
                    return
                } catch let error as BusError where error.code == .timedOut {
                    continue
                } catch {
                    return  // an error reply: the launcher is leaving; its return is read then
                }
            }
        }
    }

    /// What the launcher said, by a read or an announcement.
    private func answered(_ new: AccessibilityStatus) {
        asking?.cancel()
        asking = nil
        guard hasAnswered else {
            hasAnswered = true
            status = new
            onFirstAnswer?(new)
            return
        }
        update(new)
    }

    private func update(_ new: AccessibilityStatus) {
        guard new != status else { return }
        status = new
        onChange?(new)
    }

    /// `Properties.GetAll("org.a11y.Status")` on the launcher.
    private func read() async throws -> AccessibilityStatus {
        let reply = try await connection.call(
            destination: AtspiNames.launcher, path: AtspiNames.launcherPath, interface: .properties, member: "GetAll",
            arguments: [.string(Self.statusInterface.rawValue)], timeout: timeout)
        var values: [String: Bool] = [:]
        for entry in reply.arguments.first?.dictionaryEntries ?? [] {
            guard let key = entry.key.stringValue, let value = (entry.value.variantValue ?? entry.value).boolValue else { continue }
            values[key] = value
        }
        guard values[AccessibilityStatus.isEnabledProperty] != nil else {
            throw BusError.failed("\(Self.statusInterface) has no boolean \(AccessibilityStatus.isEnabledProperty)")
        }
        return AccessibilityStatus().applying(values)
    }
}
