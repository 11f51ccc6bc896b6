import Glibc
import ScenePluginDeclaration

// scene-plugin-entry-points DECLARATION OUTPUT: reads a plugin's ScenePlugin.toml and writes the Swift
// source of its entry points (see PluginDeclaration.entryPointsSource). The SDK's PluginEntryPoints
// build-tool plugin runs it before compiling the plugin target. On a bad declaration it prints
// `FILE:LINE: error: MESSAGE` on standard error (swift build shows it as a compile error) and exits 1.
// Foundation-free, so that building it adds little to a plugin's clean build.

/// The whole file at `path`, or nil when it cannot be read.
func contents(of path: String) -> String? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        bytes += buffer[0..<count]
        if count < buffer.count { break }
    }
    guard ferror(file) == 0 else { return nil }
    return String(decoding: bytes, as: UTF8.self)
}

/// Writes `text` to `path`; false when it cannot.
func save(_ text: String, to path: String) -> Bool {
    guard let file = fopen(path, "wb") else { return false }
    let bytes = Array(text.utf8)
    let written = fwrite(bytes, 1, bytes.count, file)
    return fclose(file) == 0 && written == bytes.count
}

/// Writes `message` and a line break to standard error.
func report(_ message: String) {
    let bytes = Array((message + "\n").utf8)
    _ = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

func fail(_ error: PluginDeclarationError) -> Never {
    report("\(error)")
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    report("usage: scene-plugin-entry-points DECLARATION OUTPUT (run by the PluginEntryPoints build-tool plugin)")
    exit(64)
}
let (declarationPath, outputPath) = (arguments[1], arguments[2])
guard let text = contents(of: declarationPath) else {
    fail(PluginDeclarationError(.file, file: declarationPath, line: 1, "cannot read the plugin declaration (\(String(cString: strerror(errno))))"))
}
do {
    let declaration = try PluginDeclaration(parsing: text, file: declarationPath)
    guard save(declaration.entryPointsSource(declarationPath: declarationPath), to: outputPath) else {
        fail(PluginDeclarationError(.file, file: declarationPath, line: 1, "cannot write the entry points to \(outputPath) (\(String(cString: strerror(errno))))"))
    }
} catch {
    fail(error)
}
