import Foundation
import Glibc
import Logging
import ScenePlugins
import Testing

/// A private folder (mode 0700) under the temporary directory, removed by the caller.
func privateFolder(_ name: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
        "scenehost-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return path
}

@MainActor
@Suite("Plugin files: names, paths, ownership and permissions, second copies", .serialized)
struct PluginFileTests {
    @Test("An empty plugin name is refused quoting the empty value")
    func emptyName() {
        #expect(throws: PluginLoadError.self) { try makeRegistry().locate("") }
        do {
            _ = try makeRegistry().locate("")
        } catch {
            #expect(error.code == .invalidName)
            #expect(error.message.contains("''"), "\(error.message)")
        }
    }

    @Test("A symbolic link loop says so instead of 'not found', by path and in a search folder")
    func symlinkLoop() throws {
        let folder = try privateFolder("loop")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/libLoop.so", withDestinationPath: folder + "/libLoop2.so")
        try FileManager.default.createSymbolicLink(atPath: folder + "/libLoop2.so", withDestinationPath: folder + "/libLoop.so")
        for (registry, name) in [(makeRegistry(), folder + "/libLoop.so"), (makeRegistry(folders: [folder]), "Loop")] {
            do {
                _ = try registry.locate(name)
                Issue.record("expected a refusal")
            } catch {
                #expect(error.code == .unreadable)
                #expect(error.message.contains("symbolic link loop"), "\(error.message)")
                #expect(error.message.contains("libLoop.so"))
            }
        }
    }

    @Test("A plugin file writable by others, or in a folder writable by others, is refused naming it and the fix")
    func writableByOthers() throws {
        let folder = try privateFolder("perm")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/libGallery.so"
        try FileManager.default.copyItem(atPath: buildFolder() + "/libGallery.so", toPath: file)
        chmod(file, 0o644)
        #expect(try makeRegistry().locate(file).realPath == file)
        chmod(file, 0o666)
        let fileRefusal = refusal { try makeRegistry().locate(file) }
        #expect(fileRefusal?.code == .insecure)
        #expect(fileRefusal?.message.contains("'\(file)' is writable by other users (mode 0666)") == true, "\(fileRefusal?.message ?? "")")
        #expect(fileRefusal?.message.contains("--allow-insecure-plugins") == true)
        chmod(file, 0o644)
        chmod(folder, 0o775)
        let folderRefusal = refusal { try makeRegistry(folders: [folder]).locate("Gallery") }
        #expect(folderRefusal?.code == .insecure)
        #expect(folderRefusal?.message.contains("the folder '\(folder)' is writable by other users (mode 0775)") == true)
        #expect(try makeRegistry(folders: [folder], allowInsecure: true).locate("Gallery").path == file)
        chmod(folder, 0o700)
        // The temporary directory itself (/tmp: root's, sticky) is no reason to refuse.
        #expect(try makeRegistry(folders: [folder]).locate("Gallery").path == file)
    }

    @Test("A plugin file owned by another user than the host's or root is refused (checked when running as root)")
    func ownedByAnotherUser() throws {
        let folder = try privateFolder("owner")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/libGallery.so"
        try FileManager.default.copyItem(atPath: buildFolder() + "/libGallery.so", toPath: file)
        guard getuid() == 0 else {
            // Only root can give a file away; what a non-root host sees of root's files is allowed.
            #expect(try makeRegistry().locate(file).path == file)
            return
        }
        #expect(chown(file, 65534, 65534) == 0)
        let refused = refusal { try makeRegistry().locate(file) }
        #expect(refused?.code == .insecure)
        #expect(refused?.message.contains("is owned by uid 65534, not by root or the host's user (uid 0)") == true, "\(refused?.message ?? "")")
    }

    @Test("A second copy of a loaded plugin from another path is refused with the reason; a link to the loaded file is the same plugin")
    func secondCopy() throws {
        let folder = try privateFolder("copy")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let copy = folder + "/libGallery.so"
        try FileManager.default.copyItem(atPath: buildFolder() + "/libGallery.so", toPath: copy)
        let link = folder + "/libGalleryLink.so"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: buildFolder() + "/libGallery.so")
        let registry = makeRegistry()
        let first = try registry.plugin("Gallery", sceneName: "one", options: [:])
        let refused = refusal { try registry.plugin(copy, sceneName: "two", options: [:]) }
        #expect(refused?.code == .alreadyLoaded)
        #expect(refused?.message.contains("plugin 'Gallery' is already loaded from '\(first.file.realPath)'") == true, "\(refused?.message ?? "")")
        #expect(refused?.message.contains("a second copy from '\(copy)' is refused") == true)
        let viaLink = try registry.plugin(link, sceneName: "three", options: [:])
        #expect(viaLink.descriptor === first.descriptor)
        #expect(registry.loadedPlugins.count == 1)
    }

    @Test("prepare probes off the main thread and calls back on the main actor; requests for one file share one probe")
    func prepareSharesProbes() async throws {
        let registry = makeRegistry()
        var results: [Result<LoadedPlugin, PluginLoadError>] = []
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            var remaining = 2
            for scene in ["a", "b"] {
                registry.prepare("GestureLab", sceneName: scene, options: [:]) { result in
                    MainActor.preconditionIsolated()
                    results.append(result)
                    remaining -= 1
                    if remaining == 0 { done.resume() }
                }
            }
            #expect(results.isEmpty, "the probe runs after prepare returned")
        }
        let names = results.compactMap { try? $0.get().name }
        #expect(names == ["GestureLab", "GestureLab"])
        #expect(registry.loadedPlugins.count == 1)
    }

    private func refusal(_ work: () throws -> some Any) -> PluginLoadError? {
        do {
            _ = try work()
            return nil
        } catch {
            return error as? PluginLoadError
        }
    }
}

@Suite("Symbols in refusals are demangled")
struct SymbolDemanglerTests {
    @Test("A mangled SceneCore symbol in a dlopen message gets its declaration beside it")
    func annotate() {
        let message = "undefined symbol: $s9SceneCore5LabelC5frame4textAcA4RectV_SSSgtcfC"
        let annotated = SymbolDemangler.annotate(message)
        #expect(annotated.hasPrefix(message))
        #expect(annotated.contains(" (SceneCore.Label.__allocating_init(frame: SceneCore.Rect, text: "), "\(annotated)")
        #expect(SymbolDemangler.annotate("libFoo.so: cannot open shared object file") == "libFoo.so: cannot open shared object file")
    }
}
