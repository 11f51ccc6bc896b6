import Foundation
import Glibc
import SceneProcesses
import Testing

@Suite("A plugin's functions, read from its file")
struct PluginSymbolsTests {
    /// The folder with the plugin libraries (the test binary sits next to them).
    static var buildFolder: String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        return URL(fileURLWithPath: executable).deletingLastPathComponent().path
    }

    @Test("An address of a loaded plugin, less its base, is named by the plugin's file as the loader names it")
    func namesALoadedFunction() throws {
        let path = URL(fileURLWithPath: Self.buildFolder + "/libFixtureToolkit.so").resolvingSymlinksInPath().path
        let handle = try #require(dlopen(path, RTLD_NOW | RTLD_LOCAL), "dlopen: \(String(cString: dlerror()))")
        let function = try #require(dlsym(handle, "scene_plugin_query"))
        let maps = String(decoding: FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        let mapping = try #require(PluginCrashHandler.mapping(of: path, in: maps))
        let address = UInt(bitPattern: function)
        #expect(mapping.code.contains(address))
        let symbols = try #require(PluginSymbols(path: path))
        let offset = UInt64(address - mapping.base)
        #expect(symbols.function(at: offset) == "scene_plugin_query")
        #expect(symbols.function(at: offset + 3) == "scene_plugin_query", "an address inside the function")
        #expect(symbols.function(at: 0) == nil, "the ELF header is no function")
    }

    @Test("Swift symbols are demangled; other names stay as they are")
    func demangles() {
        #expect(PluginSymbols.demangle("$sSiD") == "Swift.Int")
        #expect(PluginSymbols.demangle("scene_plugin_query") == "scene_plugin_query")
    }

    @Test("What is not a 64-bit ELF file is refused, whole or cut short")
    func refusesOtherFiles() throws {
        #expect(PluginSymbols(bytes: Array("not an ELF file at all, just text that is long enough to be read as a header....".utf8)) == nil)
        let real = try Data(contentsOf: URL(fileURLWithPath: Self.buildFolder + "/libFixtureToolkit.so"))
        #expect(PluginSymbols(bytes: Array(real.prefix(200))) == nil)
        #expect(PluginSymbols(path: "/nonexistent/libNothing.so") == nil)
    }
}
