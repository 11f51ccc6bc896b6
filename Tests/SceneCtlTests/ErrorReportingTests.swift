import ArgumentParser
import DBusKit
import SceneBusContract
import Testing

@testable import SceneCtlKit

@Suite("Errors and exit statuses")
struct ErrorReportingTests {
    @Test("A D-Bus error reply prints its message and name and exits 1")
    func remoteError() {
        let error = ScenectlError(
            BusError(code: .remote, name: SceneBusContract.ErrorNames.unknownView, message: "no view 'x' in window 'FindView'"))
        #expect(error.message == "no view 'x' in window 'FindView' (org.scenehost.Error.UnknownView)")
        #expect(error.exitStatus == 1)
    }

    @Test("A timeout exits 1 and names NoReply")
    func timeout() {
        let error = ScenectlError(BusError(code: .timedOut, name: .noReply, message: "no reply to Tap within 1 s"))
        #expect(error.exitStatus == 1 && error.message.hasSuffix("(org.freedesktop.DBus.Error.NoReply)"))
    }

    @Test("A host that left the bus, or a lost connection, exits 69")
    func unavailable() {
        #expect(ScenectlError(BusError(code: .remote, name: .serviceUnknown, message: "gone")).exitStatus == 69)
        #expect(ScenectlError(BusError(code: .disconnected, name: .disconnected, message: "lost")).exitStatus == 69)
        #expect(ScenectlError(BusError(code: .connectionFailed, name: .failed, message: "no socket")).exitStatus == 69)
    }

    @Test("Validation errors are usage errors and other errors exit 1")
    func others() {
        #expect(ScenectlError(ValidationError("bad")) == .usage("bad"))
        struct Odd: Error {}
        #expect(ScenectlError(Odd()).exitStatus == 1)
        #expect(ScenectlError(ScenectlError.unavailable("x")) == .unavailable("x"))
    }

    @Test("The runner turns an error into ArgumentParser's exit code")
    func runnerExitCode() {
        #expect(CommandRunner.report(ScenectlError.usage("unknown window 'x'")) == ExitCode(64))
    }
}
