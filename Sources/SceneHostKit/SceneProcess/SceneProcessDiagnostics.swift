import Foundation
import SceneCore

/// Writes the scene's diagnostics (the topics the board logs: hit tests, the responder chain,
/// gestures) to standard error as `scene process NAME: diagnostic TOPIC: MESSAGE`, one line each; the
/// board logs the message under its topic, as it logs a scene of its own (``HostLogObserver``).
@MainActor
final class SceneProcessDiagnostics: ApplicationObserver {
    /// The line's start after the scene process's own prefix; ``message(in:)`` reads it back.
    nonisolated static let marker = "diagnostic "

    private let sceneName: String

    init(sceneName: String) {
        self.sceneName = sceneName
    }

    func diagnostic(_ topic: DiagnosticTopics, _ message: String) {
        // One line per message: a message's own line breaks would start lines the board reads as the
        // scene's plain output.
        let flat = message.replacingOccurrences(of: "\n", with: " ")
        FileHandle.standardError.write(Data("scene process \(sceneName): \(Self.marker)\(HostLogObserver.name(of: topic)): \(flat)\n".utf8))
    }

    /// The topic and message of a line a scene process wrote (its `scene process NAME: ` prefix
    /// removed), or nil when it is not a diagnostic of a known topic.
    nonisolated static func message(in line: Substring) -> (topic: String, message: String)? {
        guard line.hasPrefix(marker) else { return nil }
        let rest = line.dropFirst(marker.count)
        guard let colon = rest.range(of: ": ") else { return nil }
        let topic = String(rest[..<colon.lowerBound])
        guard DiagnosticTopics(name: topic) != nil else { return nil }
        return (topic, String(rest[colon.upperBound...]))
    }
}
