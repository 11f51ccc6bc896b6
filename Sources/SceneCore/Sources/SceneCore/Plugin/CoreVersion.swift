/// A SceneCore version, `major.minor.patch`: what a plugin needs at least and what a host has.
///
/// On the C side of the plugin ABI a version is one number, `(major << 16) | (minor << 8) | patch`
/// (``packed``), as `SCENE_CORE_VERSION` and `ScenePluginInfo.min_core_version` hold it.
public struct CoreVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let major: Int
    public let minor: Int
    public let patch: Int

    public init(major: Int, minor: Int, patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// The version a packed number stands for.
    public init(packed: UInt32) {
        self.init(major: Int(packed >> 16), minor: Int((packed >> 8) & 0xFF), patch: Int(packed & 0xFF))
    }

    /// Parses `major.minor.patch` (`1.2` means `1.2.0`); nil for anything else or for parts out of
    /// range (major up to 65535, minor and patch up to 255).
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return nil }
        let numbers = parts.map { $0! } + (parts.count == 2 ? [0] : [])
        guard (0...0xFFFF).contains(numbers[0]), (0...0xFF).contains(numbers[1]), (0...0xFF).contains(numbers[2]) else { return nil }
        self.init(major: numbers[0], minor: numbers[1], patch: numbers[2])
    }

    /// The version as one number, for the C ABI (parts beyond their range are clamped).
    public var packed: UInt32 {
        UInt32(min(max(major, 0), 0xFFFF)) << 16 | UInt32(min(max(minor, 0), 0xFF)) << 8 | UInt32(min(max(patch, 0), 0xFF))
    }

    /// The version of the libSceneCore.so this process runs with.
    public static var loaded: CoreVersion { CoreVersion(packed: scene_core_version()) }

    /// The version of the SceneCore SDK the *calling* code was compiled against (the header's
    /// `SCENE_CORE_VERSION_*` macros, emitted into the caller): what a plugin needs by default.
    @_alwaysEmitIntoClient
    public static var sdk: CoreVersion {
        CoreVersion(major: Int(SCENE_CORE_VERSION_MAJOR), minor: Int(SCENE_CORE_VERSION_MINOR), patch: Int(SCENE_CORE_VERSION_PATCH))
    }

    public static func < (lhs: CoreVersion, rhs: CoreVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    public var description: String { "\(major).\(minor).\(patch)" }
}
