import ArgumentParser
import Foundation
import ScenePlugins
import SceneProcesses

extension SceneProcessRuntime {
    /// Confines this scene process before its plugin loads: it may read its plugin, the SDK, the
    /// system's libraries and fonts, and write only `dataFolder` (made here first); no sockets, no
    /// other process's memory. Says on standard error what it applied. A kernel without Landlock is
    /// not an error (the board says so once); a step that fails is: the process ends (status 3)
    /// rather than run the plugin half-confined.
    nonisolated static func sandbox(plugin: String, scene: String, dataFolder: String?, executable: String) throws {
        let plugin = URL(fileURLWithPath: plugin).resolvingSymlinksInPath()
        let executable = URL(fileURLWithPath: executable).resolvingSymlinksInPath()
        let environment = ProcessInfo.processInfo.environment
        let data = dataFolder ?? XDGFolders.data(environment: environment) + "/scenehost/scenes/\(scene)"
        try? FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let policy = SceneSandboxPolicy.scene(
            pluginFolder: plugin.deletingLastPathComponent().path, executableFolder: executable.deletingLastPathComponent().path,
            dataFolder: data, environment: environment, processID: getpid(),
            readFile: { path in (try? Data(contentsOf: URL(fileURLWithPath: path))).map { String(decoding: $0, as: UTF8.self) } })
        do throws(SceneSandboxError) {
            let report = try SceneSandbox.apply(policy)
            FileHandle.standardError.write(Data(
                "scene process \(scene): sandboxed (Landlock ABI \(report.landlockABI), \(report.threadsBefore) thread\(report.threadsBefore == 1 ? "" : "s") before, writes only \(data))\n".utf8))
            if let problem = report.fileRefusalProblem {
                FileHandle.standardError.write(Data("scene process \(scene): \(problem)\n".utf8))
            }
            if let problem = report.monitorProblem {
                FileHandle.standardError.write(Data(
                    "scene process \(scene): \(problem): work waiting on a global dispatch queue may end this process\n".utf8))
            }
        } catch .unavailable {
            return
        } catch {
            FileHandle.standardError.write(Data("scene process \(scene): \(error.description); not starting the plugin unconfined\n".utf8))
            throw ExitCode(3)
        }
    }
}
