import DBusKit
import Foundation
import Glibc
import TestProcesses
import Testing

/// AT-SPI2 names the tests use.
enum Atspi {
    static let registry: BusName = "org.a11y.atspi.Registry"
    static let rootPath: ObjectPath = "/org/a11y/atspi/accessible/root"
    static let nullPath: ObjectPath = "/org/a11y/atspi/null"
    static let cachePath: ObjectPath = "/org/a11y/atspi/cache"
    static let accessible: InterfaceName = "org.a11y.atspi.Accessible"
    static let application: InterfaceName = "org.a11y.atspi.Application"
    static let component: InterfaceName = "org.a11y.atspi.Component"
    static let action: InterfaceName = "org.a11y.atspi.Action"
    static let value: InterfaceName = "org.a11y.atspi.Value"
    static let cache: InterfaceName = "org.a11y.atspi.Cache"
    static let socket: InterfaceName = "org.a11y.atspi.Socket"
}

/// Polls `condition` on the main actor until it holds; fails the test after `timeout` seconds
/// (scaled in sanitized runs).
/// (For conditions that depend on another process, which cannot be awaited directly.)
@MainActor
func eventually(_ what: String, timeout: Double = 60, _ condition: () -> Bool) async throws {
    let timeout = SanitizedRun.seconds(timeout)
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        guard Date() < deadline else { throw TimedOut(description: "waited \(timeout) s for \(what)") }
        try await Task.sleep(for: .milliseconds(10))
    }
}

/// A stand-in for `at-spi2-registryd` on a private bus, in a process of its own
/// (Tests/AccessibilityClients/fake_registry.py), so that it answers the host whatever this process's
/// main actor is doing: owns `org.a11y.atspi.Registry` and answers `Socket.Embed` on the desktop root
/// as the real one does, first telling the application its id with `Properties.Set(Application.Id)`
/// (no reply expected), then returning its own desktop reference.
final class FakeAtspiRegistry: Sendable {
    private let program: LineProcess
    /// The registry's unique name on the bus.
    let uniqueName: String
    /// The id given to every embedded application.
    static let applicationID: Int32 = 7

    /// Starts the registry and waits until it owns its name.
    /// - Parameter silentEmbeds: how many of the first `Embed` calls get no answer at all (a registry
    ///   that is there but slow): the caller's own timeout ends them.
    init(address: String, silentEmbeds: Int = 0) async throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../AccessibilityClients/fake_registry.py").standardizedFileURL.path
        program = try LineProcess(ExternalClientTools.python, [script, address, String(silentEmbeds)], environment: ["PATH": "/usr/bin:/bin"])
        guard let ready = await program.line(where: { $0.hasPrefix("ready ") }) else {
            throw TimedOut(description: "fake_registry.py did not own org.a11y.atspi.Registry (needs python3-dbus and python3-gi): \(program.output)")
        }
        uniqueName = String(ready.dropFirst("ready ".count))
    }

    /// The `(so)` plugs embedded so far, in order.
    var plugs: [(bus: BusName, path: ObjectPath)] {
        program.output.compactMap { line in
            let words = line.split(separator: " ")
            guard words.count == 3, words[0] == "embedded", let path = try? ObjectPath(String(words[2])) else { return nil }
            return (BusName(unchecked: String(words[1])), path)
        }
    }

    /// The registry's desktop reference.
    var desktop: BusValue { .structure([.string(uniqueName), .objectPath(Atspi.rootPath)]) }

    /// Leaves the bus, as a registry that crashes or restarts does (killed: its connection closes).
    func leave() {
        program.process.signal(SIGKILL)
    }
}

/// One AT-SPI event as received: `siiva{sv}` from `path` on `interface.member`.
struct AtspiEvent: CustomStringConvertible {
    let path: ObjectPath
    let interface: String
    let member: String
    let detail: String
    let detail1: Int32
    let data: BusValue

    var description: String { "\(interface.split(separator: ".").last ?? "").\(member)(\(detail), \(detail1), \(data)) from \(path)" }
}

/// An assistive-technology client on the accessibility bus, talking to one application.
@MainActor
final class AtspiProbe {
    let connection: BusConnection
    /// The application's unique name.
    let application: BusName
    private(set) var events: [AtspiEvent] = []
    private var subscription: MatchSubscription?

    init(address: String, application: BusName) async throws {
        connection = try await BusConnection.connect(to: .address(address))
        self.application = application
    }

    /// Records every signal the application sends.
    func listen() async throws {
        subscription = try await connection.addMatch(.signal(sender: application)) { [weak self] message in
            let arguments = message.arguments
            guard arguments.count == 5, let path = message.path else { return }
            self?.events.append(
                AtspiEvent(
                    path: path, interface: message.interface?.rawValue ?? "", member: message.member?.rawValue ?? "",
                    detail: arguments[0].stringValue ?? "", detail1: arguments[1].int32Value ?? 0,
                    data: arguments[3].variantValue ?? arguments[3]))
        }
    }

    func call(_ path: ObjectPath, _ interface: InterfaceName, _ member: MemberName, _ arguments: [BusValue] = []) async throws -> [BusValue] {
        try await connection.call(
            destination: application, path: path, interface: interface, member: member, arguments: arguments, timeout: .seconds(60)
        ).arguments
    }

    func property(_ path: ObjectPath, _ interface: InterfaceName, _ name: String) async throws -> BusValue {
        let reply = try await call(path, .properties, "Get", [.string(interface.rawValue), .string(name)])
        return reply[0].variantValue ?? reply[0]
    }

    /// The D-Bus error name a call fails with, or nil when it succeeds.
    func errorName(_ path: ObjectPath, _ interface: InterfaceName, _ member: MemberName, _ arguments: [BusValue] = []) async -> String? {
        do {
            _ = try await call(path, interface, member, arguments)
            return nil
        } catch let error as BusError {
            return error.name.rawValue
        } catch {
            return "\(error)"
        }
    }

    /// `Cache.GetItems`, by object path.
    /// Whether the object at `path` has the state numbered `state` (``AtspiStateNumber``) now.
    /// The paths of `path`'s children (`GetChildren`).
    func children(of path: ObjectPath) async throws -> [ObjectPath] {
        try await call(path, Atspi.accessible, "GetChildren")[0].arrayElements?.compactMap { $0.structFields?.last?.objectPathValue } ?? []
    }

    /// The names of `path`'s children, in order.
    func childNames(of path: ObjectPath) async throws -> [String] {
        var names: [String] = []
        for child in try await children(of: path) { names.append(try await property(child, Atspi.accessible, "Name").stringValue ?? "") }
        return names
    }

    func hasState(_ path: ObjectPath, _ state: UInt32) async throws -> Bool {
        let words = try await call(path, Atspi.accessible, "GetState")[0].arrayElements?.compactMap(\.uint32Value) ?? []
        let word = Int(state / 32)
        return word < words.count && words[word] & (1 << (state % 32)) != 0
    }

    func items() async throws -> [ObjectPath: CacheItem] {
        let reply = try await call(Atspi.cachePath, Atspi.cache, "GetItems")
        var items: [ObjectPath: CacheItem] = [:]
        for element in reply[0].arrayElements ?? [] {
            let item = CacheItem(element)
            items[item.path] = item
        }
        return items
    }

    /// The path of the object whose `AccessibleId` is `id` (from `GetItems` and `AccessibleId`).
    func path(ofID id: String) async throws -> ObjectPath {
        for path in try await items().keys.sorted() {
            if try await property(path, Atspi.accessible, "AccessibleId").stringValue == id { return path }
        }
        throw TimedOut(description: "no accessible object has AccessibleId '\(id)'")
    }

    func events(_ member: String, from path: ObjectPath? = nil) -> [AtspiEvent] {
        events.filter { $0.member == member && (path == nil || $0.path == path) }
    }

    func close() {
        subscription?.cancel()
        connection.close()
    }
}

/// One `Cache.GetItems` entry: `((so)(so)(so)iiassusau)`.
struct CacheItem {
    let path: ObjectPath
    let application: ObjectPath
    let parentBus: String
    let parent: ObjectPath
    let index: Int32
    let childCount: Int32
    let interfaces: [String]
    let name: String
    let role: UInt32
    let description: String
    let states: [UInt32]

    init(_ value: BusValue) {
        let fields = value.structFields ?? []
        func reference(_ index: Int) -> (String, ObjectPath) {
            let parts = fields[index].structFields ?? []
            return (parts[0].stringValue ?? "", parts[1].objectPathValue ?? .root)
        }
        path = reference(0).1
        application = reference(1).1
        (parentBus, parent) = reference(2)
        index = fields[3].int32Value ?? -99
        childCount = fields[4].int32Value ?? -99
        interfaces = fields[5].arrayElements?.compactMap(\.stringValue) ?? []
        name = fields[6].stringValue ?? ""
        role = fields[7].uint32Value ?? 0
        description = fields[8].stringValue ?? ""
        states = fields[9].arrayElements?.compactMap(\.uint32Value) ?? []
    }

    /// Whether AT-SPI state number `state` is set.
    func has(_ state: UInt32) -> Bool {
        let word = Int(state / 32)
        return word < states.count && states[word] & (1 << (state % 32)) != 0
    }
}

/// AT-SPI state numbers the tests check.
enum AtspiStateNumber {
    static let active: UInt32 = 1
    static let checked: UInt32 = 4
    static let enabled: UInt32 = 8
    static let focusable: UInt32 = 11
    static let focused: UInt32 = 12
    static let selectable: UInt32 = 22
    static let sensitive: UInt32 = 24
    static let showing: UInt32 = 25
    static let visible: UInt32 = 30
    static let checkable: UInt32 = 41
}
