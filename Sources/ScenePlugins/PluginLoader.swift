import Foundation
import Glibc
import SceneCore

/// Loads a plugin library into this process, refusing it with a ``PluginLoadError`` at the first
/// problem, in this order:
///
///     file exists ─▶ is an ELF file ─▶ dlopen(RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE)
///       ─▶ loaded core's ABI == host's ─▶ both entry symbols ─▶ query: magic, ABI version,
///       debug/release ─▶ create ─▶ the returned object's class is this process's PluginDescriptor
///
/// `RTLD_NOW` makes a plugin built against a newer core fail here instead of killing the process
/// later; `RTLD_NODELETE` and never calling `dlclose` keep Swift metadata of loaded plugins valid
/// (a class's metadata must outlive its instances). Runs wherever it is called; the probe child runs it first.
public enum PluginLoader {
    /// Whether this host is a debug build (plugins must match).
    public static var hostIsDebugBuild: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }

    /// Loads the library at `path`. `plugin` is the name used in messages.
    public static func load(path: String, plugin: String) throws(PluginLoadError) -> LoadedPlugin {
        func fail(_ code: PluginLoadError.Code, _ message: String) -> PluginLoadError {
            PluginLoadError(code: code, plugin: plugin, message: message)
        }
        let file = try PluginFile.inspect(path, plugin: plugin)
        guard isELF(path) else {
            throw fail(.notASharedLibrary, "\(path) is not a shared library (no ELF header); build the plugin as a .dynamic product")
        }
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
            let reason = SymbolDemangler.annotate(lastDLError())
            let hint =
                reason.contains("undefined symbol")
                ? "it was built against a SceneCore with declarations this host's SceneCore \(CoreVersion.loaded) lacks: rebuild the plugin against this host's SDK"
                : "rebuild the plugin against this SceneCore"
            throw fail(.loadFailed, "dlopen failed: \(reason); \(hint)")
        }
        guard scene_core_abi_version() == SCENE_PLUGIN_ABI_VERSION else {
            throw fail(
                .coreMismatch,
                "the loaded libSceneCore.so has ABI \(scene_core_abi_version()) but the host was built with \(SCENE_PLUGIN_ABI_VERSION); rebuild the host")
        }
        guard let querySymbol = dlsym(handle, SCENE_PLUGIN_QUERY_SYMBOL) else {
            throw fail(.missingEntryPoint, "\(path) is not a scene plugin (no exported symbol '\(SCENE_PLUGIN_QUERY_SYMBOL)')")
        }
        guard let createSymbol = dlsym(handle, SCENE_PLUGIN_CREATE_SYMBOL) else {
            throw fail(.missingEntryPoint, "\(path) exports '\(SCENE_PLUGIN_QUERY_SYMBOL)' but not '\(SCENE_PLUGIN_CREATE_SYMBOL)'")
        }
        let query = unsafeBitCast(querySymbol, to: ScenePluginQueryFn.self)
        var info = ScenePluginInfo()
        guard query(&info) == 0 else { throw fail(.entryFailed, "its query entry reported failure") }
        guard info.magic == SCENE_PLUGIN_MAGIC else {
            throw fail(.badMagic, "its query entry returned magic 0x\(String(info.magic, radix: 16)); not a SceneHost plugin")
        }
        guard info.abi_version == SCENE_PLUGIN_ABI_VERSION else {
            throw fail(
                .abiMismatch,
                "plugin ABI version \(info.abi_version) != host ABI version \(SCENE_PLUGIN_ABI_VERSION); rebuild the plugin")
        }
        let isDebug = info.flags & SCENE_PLUGIN_FLAG_DEBUG != 0
        guard isDebug == hostIsDebugBuild else {
            let built = isDebug ? "a debug" : "a release"
            let host = hostIsDebugBuild ? "debug" : "release"
            throw fail(.buildMismatch, "plugin is \(built) build but the host is \(host); build both with the same -c configuration")
        }
        let name = info.name.map { String(cString: $0) } ?? plugin
        let version = info.version.map { String(cString: $0) } ?? ""
        // Fields added after the first header count only when the plugin's struct covers them.
        func covers<Field>(_ field: KeyPath<ScenePluginInfo, Field>) -> Bool {
            guard let offset = MemoryLayout<ScenePluginInfo>.offset(of: field) else { return false }
            return Int(info.struct_size) >= offset + MemoryLayout<Field>.size
        }
        let description = covers(\.description) ? info.description.map { String(cString: $0) } ?? "" : ""
        let minimum = covers(\.min_core_version) && info.min_core_version != 0 ? CoreVersion(packed: info.min_core_version) : nil
        if let minimum, minimum > CoreVersion.loaded {
            throw fail(
                .coreTooOld,
                "it needs SceneCore \(minimum) or newer, but this host runs SceneCore \(CoreVersion.loaded): update SceneHost, or build the plugin against this host's SDK (pkg-config --modversion scenecore)")
        }
        let create = unsafeBitCast(createSymbol, to: ScenePluginCreateFn.self)
        guard let object = create() else { throw fail(.entryFailed, "its create entry returned null") }
        guard let descriptor = PluginDescriptor.adopt(object) else {
            leftForeign(object)
            throw fail(
                .duplicateCore,
                "it carries its own copy of SceneCore (its descriptor is not the host's PluginDescriptor class); link it against the SceneCore product, not statically")
        }
        return LoadedPlugin(
            name: name, version: version, description: description, minimumCoreVersion: minimum, abiVersion: info.abi_version,
            path: path, file: file, isDebugBuild: isDebug, descriptor: descriptor)
    }

    /// Leaves the object a refused plugin's create entry returned as it is: it is not this process's
    /// `PluginDescriptor`, so neither its layout nor how to release it is known, and nothing may touch
    /// it (``PluginDescriptor/adopt(_:)``). It is leaked on purpose, once per refused load; under
    /// LeakSanitizer (scripts/test-sanitizers) it is marked as such with `__lsan_ignore_object`,
    /// looked up at run time because a plain build has no sanitizer runtime to call.
    private static func leftForeign(_ object: UnsafeMutableRawPointer) {
        typealias IgnoreObject = @convention(c) (UnsafeRawPointer?) -> Void
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__lsan_ignore_object") else { return }
        unsafeBitCast(symbol, to: IgnoreObject.self)(UnsafeRawPointer(object))
    }

    private static func isELF(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let magic = (try? handle.read(upToCount: 4)) ?? Data()
        return magic == Data([0x7F, 0x45, 0x4C, 0x46])
    }

    private static func lastDLError() -> String {
        guard let message = dlerror() else { return "unknown error" }
        return String(cString: message)
    }
}
