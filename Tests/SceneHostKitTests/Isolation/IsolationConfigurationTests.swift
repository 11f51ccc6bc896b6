import SceneHostKit
import Testing

@Suite("Configuration of scene isolation")
struct IsolationConfigurationTests {
    @Test("isolation: MODE is the short form; the default is process, the sandbox auto and the response timeout 5 s")
    func shortForm() throws {
        #expect(HostConfiguration().isolation == IsolationConfiguration())
        #expect(HostConfiguration().isolation.mode == .process && HostConfiguration().isolation.sandbox == .auto)
        #expect(HostConfiguration().isolation.responseTimeout == 5 && HostConfiguration().isolation.startTimeout == 10)
        #expect(try HostConfiguration.parse(yaml: "isolation: process", file: "i.yaml").isolation.mode == .process)
        #expect(try HostConfiguration.parse(yaml: "isolation: none", file: "i.yaml").isolation.mode == .none)
    }

    @Test("The long form sets the mode, the sandbox, the response timeout and the start timeout")
    func longForm() throws {
        let isolation = try HostConfiguration.parse(yaml: "isolation:\n  mode: process\n  sandbox: off\n  response-timeout: 2.5\n  start-timeout: 30", file: "i.yaml").isolation
        #expect(isolation.mode == .process && isolation.sandbox == .off && isolation.responseTimeout == 2.5 && isolation.startTimeout == 30)
    }

    @Test(
        "Bad isolation settings name the file, the line and the key",
        arguments: [
            ("isolation: processes", "i.yaml:1: isolation: 'processes' is not one of: none, process"),
            ("isolation:\n  sandbox: strict", "i.yaml:2: isolation.sandbox: 'strict' is not one of: auto, on, off"),
            ("isolation:\n  response-timeout: 0", "i.yaml:2: isolation.response-timeout: expected a number greater than 0, found 0.0"),
            ("isolation:\n  response-timeout: 601", "i.yaml:2: isolation.response-timeout: 601.0 seconds is over the most, 600: give at most 600"),
            ("isolation:\n  mode: process\n  sandboxing: on", "i.yaml:3: isolation.sandboxing: unknown key 'sandboxing' (expected one of: mode, sandbox, response-timeout, start-timeout)"),
            ("isolation:\n  start-timeout: -1", "i.yaml:2: isolation.start-timeout: expected a number greater than 0, found -1.0"),
        ])
    func refused(yaml: String, message: String) {
        do {
            _ = try HostConfiguration.parse(yaml: yaml, file: "i.yaml")
            Issue.record("expected an error for \(yaml)")
        } catch {
            #expect(error.description == message, "got: \(error.description)")
        }
    }
}
