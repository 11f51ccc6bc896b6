import Foundation

/// Writes a ``PluginTemplate`` into a folder that does not exist yet or is empty.
enum PluginTemplateWriter {
    /// Creates `folder` (and its parents) and the template's files in it; returns the paths written.
    ///
    /// - Throws: ``ScenectlError`` naming the folder when it holds files already (nothing is
    ///   overwritten) or cannot be created.
    static func write(_ template: PluginTemplate, to folder: String) throws(ScenectlError) -> [String] {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw ScenectlError(message: "'\(folder)' is a file; give --dir a new or empty folder", exitStatus: ExitStatus.cannotCreate)
            }
            let entries = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
            guard entries.isEmpty else {
                throw ScenectlError(
                    message: "'\(folder)' is not empty (it has \(entries.sorted().prefix(3).joined(separator: ", "))\(entries.count > 3 ? ", …" : "")); give --dir a new or empty folder",
                    exitStatus: ExitStatus.cannotCreate)
            }
        }
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ScenectlError(
                message: "cannot create the folder '\(folder)' (\(creationFailure(folder))); give --dir a folder you can write",
                exitStatus: ExitStatus.cannotCreate)
        }
        var written: [String] = []
        for (path, contents) in template.files {
            let file = (folder as NSString).appendingPathComponent(path)
            do {
                try manager.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(contents.utf8).write(to: URL(fileURLWithPath: file))
            } catch {
                throw ScenectlError(message: "cannot write '\(file)': \(error.localizedDescription)", exitStatus: ExitStatus.cannotCreate)
            }
            written.append(file)
        }
        return written
    }

    /// Why `folder` could not be created: the first of its ancestors that is missing is under one
    /// that is not a writable folder.
    private static func creationFailure(_ folder: String) -> String {
        let manager = FileManager.default
        var path = (folder as NSString).standardizingPath
        if !path.hasPrefix("/") { path = (manager.currentDirectoryPath as NSString).appendingPathComponent(path) }
        while true {
            let parent = (path as NSString).deletingLastPathComponent
            var isFolder: ObjCBool = false
            if manager.fileExists(atPath: parent, isDirectory: &isFolder) {
                if !isFolder.boolValue { return "'\(parent)' is a file" }
                return manager.isWritableFile(atPath: parent) ? "'\(parent)' refused it" : "'\(parent)' is not writable"
            }
            if parent == path || parent.isEmpty { return "no folder above it exists" }
            path = parent
        }
    }

    /// The folder of the installed SDK's `libSceneCore.so` that came with this `scenectl`: its own
    /// folder when that holds an installed SDK (`swift/SceneCore.swiftmodule`), nil otherwise.
    static func installedSDKLibraryFolder(executable: String) -> String? {
        let folder = (executable as NSString).deletingLastPathComponent
        let module = (folder as NSString).appendingPathComponent("swift/SceneCore.swiftmodule")
        return FileManager.default.fileExists(atPath: module) ? folder : nil
    }
}
