import DBusKit
import SceneChannel
import SceneCore

/// Bus calls answered by a scene process's command (``SceneCommand``).
@MainActor
extension IsolatedScene {
    /// `Scene1.Resize` of a scene in its own process: the process takes `size` (or refuses it, naming
    /// its restrictions), then the stand-in does, so its windows and the desktop's follow.
    func resize(to size: Size, reply: DeferredReply) {
        Task { @MainActor in
            do throws(SceneCallError) {
                let outcome = try await process.command(.resize(width: size.width, height: size.height))
                guard outcome.errorCode.isEmpty else {
                    return reply.fail(HostBusErrors.invalidValue("cannot resize scene '\(name)': \(outcome.errorMessage)"))
                }
                // The stand-in follows; the size it takes is the process's already, so it is not
                // sent back (a command still in flight would keep the host busy after the reply).
                processTookSize(size)
                try? scene?.resize(to: size)
                reply.reply()
            } catch {
                reply.fail(error.busError)
            }
        }
    }

    /// Sends `command` to the scene process and answers `reply` with what `answer` makes of its
    /// outcome; a view the scene does not have fails with `unknownView()`, another refusal with its
    /// input error, and a scene that cannot answer with `SceneCrashed` or `SceneNotResponding`.
    func forward(
        _ command: SceneCommand, reply: DeferredReply, unknownView: (@MainActor () -> BusError)? = nil,
        answer: @escaping @MainActor (SceneCommandOutcome) -> [BusValue]
    ) {
        Task { @MainActor in
            do throws(SceneCallError) {
                let outcome = try await process.command(command)
                if outcome.errorCode == "UnknownView", let unknownView { return reply.fail(unknownView()) }
                if let error = outcome.inputError { return reply.fail(error.busError) }
                reply.reply(answer(outcome))
            } catch {
                reply.fail(error.busError)
            }
        }
    }
}
