import SceneHostKit

/// What a ``HostProcess`` started without `--config` runs.
enum DefaultScenes: Equatable, Sendable {
    /// findview, gesturelab and gallery (windows 1–4, Gallery's alert key): the embedded default
    /// without the Settings app, written as the host's user configuration. Most suites assume it.
    case demoTrio
    /// The embedded default as shipped (four scenes), for the tests of the default itself.
    case embeddedDefault

    /// The embedded default's text with the Settings scene's entry cut out, so that every other key
    /// stays the default's, except the scene processes' timeouts (used with `--isolation process`):
    /// ``SanitizedRun/isolationTimeouts``, sized for sanitized runs on a busy machine (a scene process
    /// under AddressSanitizer beside other suites once took more than the default 10 s to start).
    static let demoTrioYAML: String = {
        var lines = allScenesYAML.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "  - name: settings"), let end = lines.firstIndex(of: "bus:"), start < end else {
            preconditionFailure("the embedded default has no Settings entry before bus: the test support must follow it")
        }
        lines.removeSubrange(start..<end)
        return lines.joined(separator: "\n")
    }()

    /// The embedded default, every demo scene, with the scene processes' timeouts of
    /// ``SanitizedRun/isolationTimeouts`` (a scene process under AddressSanitizer beside other suites
    /// took more than the default 10 s to start: it was restarted, and the scenes then connected in
    /// another order) and the display's input wait of ``SanitizedRun/inputWait`` (in proof run 54 an
    /// AddressSanitizer scene process beside stress-ng answered a tap after 1.7 and 2 s, and the
    /// display read on without it).
    static let allScenesYAML: String = {
        var lines = HostConfiguration.embeddedDefaultYAML.split(separator: "\n", omittingEmptySubsequences: false)
        guard let isolation = lines.firstIndex(of: "isolation:"), lines[isolation + 3].hasPrefix("  response-timeout:"),
            lines[isolation + 4].hasPrefix("  start-timeout:")
        else {
            preconditionFailure("the embedded default's isolation section is not mode, sandbox, response-timeout, start-timeout: the test support must follow it")
        }
        lines.replaceSubrange((isolation + 3)...(isolation + 4), with: SanitizedRun.isolationTimeouts.split(separator: "\n"))
        guard let inputWait = lines.firstIndex(of: "  input-wait: 1") else {
            preconditionFailure("the embedded default's display section has no 'input-wait: 1': the test support must follow it")
        }
        lines[inputWait] = "  input-wait: \(SanitizedRun.inputWait)"
        return lines.joined(separator: "\n")
    }()
}
