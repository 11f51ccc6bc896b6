import DBusKit
import Logging
@testable import SceneAccessibility
import SceneBusServing
import SceneCore
import Testing

/// A scene process's bridge: it answers calls the host forwards, names the host's root as its
/// windows' parent, calls its windows by their channel numbers, and leaves the root's announcements
/// to the host.
@Suite("The bridge of a scene process answers forwarded calls")
@MainActor
struct ForwardedBridgeTests {
    let fixture = AccessibilityFixture()
    let host: BusName = ":1.7"
    let prefix = ObjectPath(unchecked: "/org/a11y/atspi/accessible/p4242")
    /// What the bridge sent, as messages.
    final class Outbox {
        var messages: [BusMessage] = []
    }
    let outbox = Outbox()

    func bridge(rootIndexOffset: Int32 = 0) throws -> AccessibilityBridge {
        let windows = [fixture.main, fixture.second]
        let outbox = outbox
        return try AccessibilityBridge.forwarded(
            application: fixture.application, inputPolicy: InputPolicy(), hostName: host, prefix: prefix,
            channelNumber: { window in windows.firstIndex { $0 === window } }, logger: Logger(label: "test")
        ) { bytes in
            if let message = try? BusMessage(wireBytes: bytes) { outbox.messages.append(message) }
        }
    }

    /// Forwards `member` of `interface` at `path` from caller `:1.99`, serial `serial`; returns the reply.
    func call(
        _ bridge: AccessibilityBridge, _ path: ObjectPath, _ interface: InterfaceName, _ member: MemberName, _ arguments: [BusValue] = [],
        serial: UInt32 = 5, rootIndexOffset: Int32 = 0
    ) throws -> BusMessage {
        let message = BusMessage.methodCall(destination: host, path: path, interface: interface, member: member)
        try message.append(arguments)
        let before = outbox.messages.count
        try bridge.receive(
            AccessibilityBridge.ForwardedCall(
                wire: try message.marshalled(serial: serial), desktopOffset: nil, rootIndexOffset: rootIndexOffset, caller: nil))
        let replies = outbox.messages.dropFirst(before).filter { $0.kind == .methodReturn || $0.kind == .error }
        return try #require(replies.first)
    }

    @Test("a window is <prefix>/w<channel number>, its parent the host's root, at its index among the root's children as the host says")
    func windowsAreNamedByTheirChannelNumbers() throws {
        let bridge = try bridge()
        let window = ObjectPath(unchecked: prefix.rawValue + "/w1")
        let parent = try call(bridge, window, "org.a11y.atspi.Accessible", "GetIndexInParent", rootIndexOffset: 3)
        #expect(parent.arguments == [.int32(4)], "the second window, after the host's three")
        let name = try call(bridge, window, .properties, "Get", [.string("org.a11y.atspi.Accessible"), .string("Parent")])
        #expect(name.arguments == [.variant(.structure([.string(host.rawValue), .objectPath("/org/a11y/atspi/accessible/root")]))])
        let child = try call(bridge, ObjectPath(unchecked: prefix.rawValue + "/w0"), "org.a11y.atspi.Accessible", "GetChildAtIndex", [.int32(0)])
        let reference = try #require(child.arguments.first?.structFields)
        #expect(reference.first == .string(host.rawValue))
        #expect(reference.last?.objectPathValue?.rawValue.hasPrefix(prefix.rawValue + "/") == true)
    }

    @Test("a reply answers the forwarded call: its serial and sender; an unknown object is UnknownObject")
    func repliesAnswerTheCall() throws {
        let bridge = try bridge()
        let reply = try call(bridge, ObjectPath(unchecked: prefix.rawValue + "/w0"), "org.a11y.atspi.Accessible", "GetRole", serial: 77)
        #expect(reply.replySerial == 77)
        #expect(reply.arguments == [.uint32(23)], "a frame")
        let missing = try call(bridge, ObjectPath(unchecked: prefix.rawValue + "/999"), "org.a11y.atspi.Accessible", "GetRole")
        #expect(missing.kind == .error)
        #expect(missing.errorName == .unknownObject)
    }

    @Test("its cache leaves the root to the host; its events leave the root's children to the host")
    func theRootIsTheHosts() async throws {
        let bridge = try bridge()
        let items = try call(bridge, "/org/a11y/atspi/cache", "org.a11y.atspi.Cache", "GetItems")
        let paths = items.arguments.first?.arrayElements?.compactMap { $0.structFields?.first?.structFields?.last?.objectPathValue } ?? []
        #expect(!paths.isEmpty && !paths.contains("/org/a11y/atspi/accessible/root"))
        #expect(paths.allSatisfy { $0.rawValue.hasPrefix(prefix.rawValue + "/") })
        let before = outbox.messages.count
        // A new window: the host announces it (children-changed on the root, window:create), not the process.
        let scene = try #require(fixture.main.windowScene)
        let window = Window(windowScene: scene)
        window.isHidden = false
        // What happens in its windows, it announces.
        fixture.label.text = "Changed"
        bridge.flushChanges()
        let signals = outbox.messages.dropFirst(before).filter { $0.kind == .signal }
        #expect(signals.contains { $0.member?.rawValue == "PropertyChange" && $0.path?.rawValue.hasPrefix(prefix.rawValue + "/") == true })
        #expect(!signals.contains { $0.path?.rawValue == "/org/a11y/atspi/accessible/root" })
        #expect(!signals.contains { $0.member?.rawValue == "Create" })
    }

    @Test("its key window is the application's only while its scene holds the host's; a change is announced as the key window's")
    func holdingTheKeyWindow() throws {
        let bridge = try bridge()
        let main = ObjectPath(unchecked: prefix.rawValue + "/w0")
        func active() throws -> Bool {
            let states = try call(bridge, main, "org.a11y.atspi.Accessible", "GetState").arguments.first?.arrayElements?.compactMap(\.uint32Value) ?? []
            return (states.first ?? 0) & (1 << AtspiState.active.rawValue) != 0
        }
        #expect(try active())
        let before = outbox.messages.count
        bridge.setHoldsApplicationKey(false)
        #expect(try !active())
        #expect(outbox.messages.dropFirst(before).contains { $0.member?.rawValue == "Deactivate" && $0.path == main })
        bridge.setHoldsApplicationKey(true)
        #expect(try active())
        #expect(outbox.messages.contains { $0.member?.rawValue == "Activate" && $0.path == main })
    }
}
