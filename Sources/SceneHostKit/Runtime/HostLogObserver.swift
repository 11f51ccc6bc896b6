import Logging
import SceneCore

/// Writes what the model reports to the host log: plugin lines tagged with their scene, diagnostics
/// tagged with their topic, and life-cycle changes at debug level.
@MainActor
final class HostLogObserver: ApplicationObserver {
    private let logger: Logger

    init(logger: Logger) {
        self.logger = logger
    }

    func scene(_ scene: WindowScene, didLog line: String) {
        logger.info("\(line)", metadata: ["scene": "\(scene.name)"])
    }

    func diagnostic(_ topic: DiagnosticTopics, _ message: String) {
        logger.debug("\(message)", metadata: ["topic": "\(HostLogObserver.name(of: topic))"])
    }

    func sceneActivationDidChange(_ scene: WindowScene, to state: WindowScene.ActivationState) {
        logger.debug("scene \(state.wireName)", metadata: ["scene": "\(scene.name)"])
    }

    func keyWindowDidChange(in scene: WindowScene, from old: Window?, to new: Window?) {
        logger.debug("key window '\(old?.title ?? "-")' → '\(new?.title ?? "-")'", metadata: ["scene": "\(scene.name)"])
    }

    func firstResponderDidChange(in window: Window, from old: Responder?, to new: Responder?) {
        logger.debug(
            "first responder of '\(window.title)': \(old.map(ViewReference.describe) ?? "-") → \(new.map(ViewReference.describe) ?? "-")",
            metadata: ["topic": "responder-chain"])
    }

    static func name(of topic: DiagnosticTopics) -> String {
        DiagnosticTopics.names.first { $0.1 == topic }?.0 ?? "diagnostics"
    }
}
