import DBusKit
@testable import SceneAccessibility
import SceneCore
import SceneErrors
@testable import SceneMedia
import SceneRender
@testable import SceneHostKit
import Testing

/// What a client receives when the host refuses a call: every code of the host's coded errors
/// travels as the same D-Bus error name, with the message unchanged, whatever the error types are
/// made of.
@MainActor
@Suite("The host's errors on the wire: each code's D-Bus name, and the message as written")
struct HostErrorWireTests {
    /// The error a bus client gets for `error`.
    static func wire(_ error: InputError) -> BusError {
        error.busError
    }

    @Test(
        "Scripted input's codes are org.scenehost.Error names, noSuchTarget is UnknownView",
        arguments: [
            (InputError.Code.invalidValue, "org.scenehost.Error.InvalidValue"),
            (.unknownSlot, "org.scenehost.Error.UnknownSlot"),
            (.slotInUse, "org.scenehost.Error.SlotInUse"),
            (.limitExceeded, "org.scenehost.Error.LimitsExceeded"),
            (.invalidName, "org.scenehost.Error.InvalidName"),
            (.noSuchTarget, "org.scenehost.Error.UnknownView"),
        ])
    func inputErrors(code: InputError.Code, name: String) {
        let error = InputError(code: code, message: "slot 3 is not down; put it down first (TouchDown)")
        let wire = Self.wire(error)
        #expect(wire.name.rawValue == name)
        #expect(wire.message == "slot 3 is not down; put it down first (TouchDown)")
        #expect(wire.code == .failed)
    }

    @Test("A bad touch point names itself, as InvalidValue")
    func inputMessage() throws {
        let injector = TouchInjector(application: Application(clock: ManualClock(now: 0)), limits: ScriptLimits())
        do throws(InputError) {
            _ = try injector.down(slot: 0, at: Point(x: .nan, y: 4))
            Issue.record("a NaN point was accepted")
        } catch {
            let wire = Self.wire(error)
            #expect(wire.name.rawValue == "org.scenehost.Error.InvalidValue")
            #expect(wire.message == "touch location (nan, 4) is not finite; use real numbers")
        }
    }

    nonisolated static let message = "index 7 is beyond the 3 children"

    @Test(
        "The bridges' codes a client can cause are freedesktop names; start-up problems are Failed",
        arguments: [
            (AccessibilityError(code: .unknownObject, message: message).busError, "org.freedesktop.DBus.Error.UnknownObject"),
            (AccessibilityError(code: .invalidArgument, message: message).busError, "org.freedesktop.DBus.Error.InvalidArgs"),
            (AccessibilityError(code: .noSessionBus, message: message).busError, "org.freedesktop.DBus.Error.Failed"),
            (AccessibilityError(code: .noAccessibilityBus, message: message).busError, "org.freedesktop.DBus.Error.Failed"),
            (AccessibilityError(code: .noAnswer, message: message).busError, "org.freedesktop.DBus.Error.Failed"),
            (AccessibilityError(code: .connectionFailed, message: message).busError, "org.freedesktop.DBus.Error.Failed"),
            (AccessibilityError(code: .registrationFailed, message: message).busError, "org.freedesktop.DBus.Error.Failed"),
            (MediaPlayerError(code: .unsupported, message: message).busError, "org.freedesktop.DBus.Error.NotSupported"),
            (MediaPlayerError(code: .connectionFailed, message: message).busError, "org.freedesktop.DBus.Error.Failed"),
            (MediaPlayerError(code: .exportFailed, message: message).busError, "org.freedesktop.DBus.Error.Failed"),
            (MediaPlayerError(code: .nameUnavailable, message: message).busError, "org.freedesktop.DBus.Error.Failed"),
        ])
    func bridgeErrors(wire: BusError, name: String) {
        #expect(wire.name.rawValue == name)
        #expect(wire.message == Self.message)
    }

    @Test("An unknown accessible object is named with the way back to the tree")
    func accessibilityMessage() {
        let wire = AccessibilityError.unknownObject(ObjectPath(unchecked: "/org/a11y/atspi/accessible/9")).busError
        #expect(
            wire.message
                == "no accessible object at /org/a11y/atspi/accessible/9: it never existed or its view left its window; walk the tree again from /org/a11y/atspi/accessible/root"
        )
        #expect(AccessibilityError.Code.unknownObject.name == "UnknownObject")
    }

    @Test("OpenUri's message names the URI and what the player does instead")
    func mediaMessage() {
        #expect(
            MediaPlayerError.unsupportedURI("file:///song.ogg").busError.message
                == "cannot open 'file:///song.ogg': SceneHost plays no media (SupportedUriSchemes is empty); control the first responder with Play, Pause, Next, Previous, Seek or SetPosition"
        )
    }

    @Test("A snapshot at a bad scale is InvalidValue with the renderer's message")
    func snapshotScale() throws {
        let application = Application(clock: ManualClock(now: 0))
        let scene = try application.connectScene(named: "wire", delegate: EmptySceneDelegate(), screenFrame: Rect(x: 0, y: 0, width: 100, height: 100))
        let window = Window(windowScene: scene)
        for (scale, message) in [
            (0.0, "scale 0 must be a finite number above 0 and at most 8 (pixels per point)"),
            (Double.infinity, "scale inf must be a finite number above 0 and at most 8 (pixels per point)"),
        ] {
            do {
                _ = try Snapshots.window(window, scale: scale, renderer: Renderer())
                Issue.record("scale \(scale) was accepted")
            } catch let error as BusError {
                #expect(error.name.rawValue == "org.scenehost.Error.InvalidValue")
                #expect(error.message == message)
            }
        }
        do throws(RenderError) {
            try Renderer.validate(scale: -1)
        } catch {
            #expect(error.code == .invalidScale)
            #expect(error.code.description == "invalidScale")
        }
    }
}

/// A scene delegate that builds nothing (the test makes its own window).
@MainActor
final class EmptySceneDelegate: SceneDelegate {
    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {}
}
