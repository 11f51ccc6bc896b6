import DBusKit
import Foundation
import SceneBusContract
import Testing

/// A host running the FixtureToolkit scene ("toolkit", window 1) and, unless `toolkitOnly`, the
/// demo scenes after it (findview window 2, gesturelab window 3, and with `gallery` Gallery's windows 4
/// and 5).
enum ToolkitHost {
    /// `isolated`: true, every scene in a process of its own; false, every plugin inside the host; nil,
    /// the default's mode. The scene processes' timeouts are ``SanitizedRun/isolationTimeouts``.
    static func configuration(
        clock: String, toolkitOnly: Bool = false, gallery: Bool = false, logLevel: String = "info", isolated: Bool? = nil
    ) throws -> String {
        var scenes = """
              - name: toolkit
                plugin: FixtureToolkit

            """
        if !toolkitOnly {
            scenes += """
                  - name: findview
                    plugin: FindView
                  - name: gesturelab
                    plugin: GestureLab

                """
            if gallery {
                scenes += """
                      - name: gallery
                        plugin: Gallery

                    """
            }
        }
        return try temporaryFile(
            "toolkit-\(clock)-\(logLevel)-\(isolated.map { $0 ? "process" : "none" } ?? "default").yaml",
            """
            plugins:
              folders: ["\(buildFolder())"]
              probe-timeout: 60
            clock: \(clock)
            log-level: \(logLevel)
            accessibility: off
            mpris: off
            isolation:
            \(isolated.map { "  mode: \($0 ? "process" : "none")\n" } ?? "")\(SanitizedRun.isolationTimeouts)
            scenes:
            \(scenes)
            """)
    }

    static func start(clock: String, toolkitOnly: Bool = false) throws -> HostProcess {
        try HostProcess(arguments: ["--config", try configuration(clock: clock, toolkitOnly: toolkitOnly)])
    }

    static let toolkitWindow = 1
    static let findviewWindow = 2
    static let gesturelabWindow = 3
}

extension HostBusClient {
    /// `Host1.WaitForIdle(timeout)`: the seq it answers with.
    func waitForIdle(_ timeout: Double) async throws -> UInt64 {
        try await host("WaitForIdle", [.double(timeout)])[0].uint64Value ?? 0
    }

    /// Waits for idle; returns the seq it answered. Every signal up to that seq has been received by
    /// then: the host emitted them before the reply, on the same connection.
    @discardableResult
    func settle(_ timeout: Double = 10) async throws -> UInt64 {
        try await waitForIdle(timeout)
    }

    func advanceClock(_ seconds: Double) async throws -> UInt64 {
        try await host("AdvanceClock", [.double(seconds)])[0].uint64Value ?? 0
    }

    /// The error a call fails with (name and message), or nil when it succeeds.
    func failure(_ work: () async throws -> Void) async -> BusError? {
        await busFailure(of: work)
    }

    /// The seq of the first `Log` signal with `line`, once received.
    func seqOfLog(_ line: String) -> UInt64? {
        signals(named: "Log").first { $0.string(2) == line }?.seq
    }
}
