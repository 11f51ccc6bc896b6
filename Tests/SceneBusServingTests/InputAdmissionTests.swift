import DBusKit
import Foundation
import Glibc
@testable import SceneBusServing
import Testing

@Suite("Input policy: who may call a changing method")
struct InputAdmissionTests {
    static let member = "org.scenehost.Host1.TouchDown"
    static let scenectl = InputAdmission.Caller.process(name: ":1.7", pid: 4242, executable: "/usr/bin/scenectl")
    static let python = InputAdmission.Caller.process(name: ":1.8", pid: 4343, executable: "/usr/bin/python3.11")

    @Test("open without an allow list admits every changing call without asking who calls")
    func openAdmitsEverybody() {
        let admission = InputAdmission(mode: .open, allowedExecutables: [])
        #expect(!admission.identifiesCallers)
        #expect(admission.verdictWithoutCaller(member: Self.member) == .admit)
        #expect(admission.verdict(member: Self.member, caller: Self.python) == .admit)
        #expect(admission.verdictForPropertyWrite(member: "org.a11y.atspi.Value.CurrentValue") == .admit)
    }

    @Test("read-only refuses every changing call and property write with AccessDenied naming the member and the policy")
    func readOnlyRefusesEverything() throws {
        let admission = InputAdmission(mode: .readOnly, allowedExecutables: ["/usr/bin/scenectl"])
        #expect(!admission.identifiesCallers)
        let verdict = try #require(admission.verdictWithoutCaller(member: Self.member))
        let error = try #require(verdict.busError)
        #expect(error.name == .accessDenied)
        #expect(error.message.hasPrefix("org.scenehost.Host1.TouchDown changes the host, and its input policy is read-only"))
        #expect(error.message.contains("--input-policy read-only"))
        // An allowed executable does not lift read-only.
        #expect(admission.verdict(member: Self.member, caller: Self.scenectl) == verdict)
        #expect(admission.verdictForPropertyWrite(member: "org.a11y.atspi.Value.CurrentValue").busError?.message.contains("read-only") == true)
    }

    @Test("An allow list admits a caller running a listed executable and refuses another, naming its executable, pid and the list")
    func allowListNamesTheCaller() throws {
        let admission = InputAdmission(mode: .open, allowedExecutables: ["/usr/bin/scenectl", "/opt/driver"])
        #expect(admission.identifiesCallers)
        #expect(admission.verdictWithoutCaller(member: Self.member) == nil)
        #expect(admission.verdict(member: Self.member, caller: Self.scenectl) == .admit)
        let error = try #require(admission.verdict(member: Self.member, caller: Self.python).busError)
        #expect(error.name == .accessDenied)
        #expect(
            error.message
                == "org.scenehost.Host1.TouchDown changes the host, and the caller :1.8 runs /usr/bin/python3.11 (pid 4343), which is not in "
                + "input-allowed-executables (/usr/bin/scenectl, /opt/driver); add it there to let it drive the host")
    }

    @Test("With an allow list, a caller that cannot be identified is refused, saying why")
    func unidentifiedCallersAreRefused() throws {
        let admission = InputAdmission(mode: .open, allowedExecutables: ["/usr/bin/scenectl"])
        let caller = InputAdmission.Caller.unidentified(name: ":1.9", reason: "process 77: cannot read /proc/77/exe: Permission denied")
        let error = try #require(admission.verdict(member: Self.member, caller: caller).busError)
        #expect(error.name == .accessDenied)
        #expect(error.message.contains("the caller :1.9 cannot be identified (process 77: cannot read /proc/77/exe: Permission denied)"))
    }

    @Test("With an allow list, property writes that change the host are refused: their writer cannot be identified")
    func allowListRefusesPropertyWrites() throws {
        let admission = InputAdmission(mode: .open, allowedExecutables: ["/usr/bin/scenectl"])
        let error = try #require(admission.verdictForPropertyWrite(member: "org.a11y.atspi.Value.CurrentValue").busError)
        #expect(error.message.hasPrefix("org.a11y.atspi.Value.CurrentValue changes the host, and with input-allowed-executables set"))
        #expect(error.message.contains("the writer of a property cannot be identified"))
    }

    @Test("A process's executable is read from /proc/PID/exe; a process that does not exist cannot be identified")
    func executablePaths() throws {
        let own = try #require(try? ExecutablePath.of(processID: getpid()).get())
        #expect(own == ExecutablePath.resolved("/proc/self/exe"))
        #expect(own.hasSuffix(".xctest"))
        guard case .failure(let failure) = ExecutablePath.of(processID: Int32.max) else {
            Issue.record("process \(Int32.max) should not exist")
            return
        }
        #expect(failure.reason.hasPrefix("cannot read /proc/\(Int32.max)/exe: "))
        #expect(ExecutablePath.resolved("/no/such/executable") == nil)
        let caller = CallerIdentification.caller(":1.3", pid: Int32.max)
        #expect(caller == .unidentified(name: ":1.3", reason: "process \(Int32.max): \(failure.reason)"))
    }
}
