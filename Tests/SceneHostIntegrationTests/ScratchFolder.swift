import Foundation
import Glibc

/// This test process's own folder in the temporary directory, for what its tests make there (files,
/// runtime folders, installed prefixes, plugin packages with their builds): each in a path of its
/// own inside it (``scratchPath(_:)``). The folder goes when the process exits (`atexit`), so a run
/// leaves nothing behind, however its tests ended; a test still removes what it made as soon as it
/// is done with it (a plugin package's build is a quarter of a gigabyte).
let scratchFolder: String = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("scenehost-tests-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    atexit { try? FileManager.default.removeItem(atPath: scratchFolder) }
    return path
}()

/// A path in ``scratchFolder`` that no other test of this process uses, ending in `name`.
func scratchPath(_ name: String) -> String {
    scratchFolder + "/\(UInt32.random(in: 0...UInt32.max))-\(name)"
}
