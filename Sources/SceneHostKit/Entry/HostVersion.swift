import SceneBusContract
import SceneCore

/// What `scene-host --version` and `Host1.Version` say: the SceneHost version (the version of the
/// SceneCore it is built with, `SCENE_CORE_VERSION_*`) and the git commit it was built from
/// (recorded before each build by Tools/BuildInfoPlugin; "unknown" outside a git checkout).
public enum HostVersion {
    /// `1.1.0`.
    public static let version = CoreVersion.sdk.description
    /// The abbreviated commit, e.g. `cb472416a501`.
    public static let commit = BuildInfo.commit

    /// `Host1.Version`: the version with the commit as semantic-versioning build metadata,
    /// `1.1.0+cb472416a501`.
    public static var busVersion: String { "\(version)+\(commit)" }

    /// The line `scene-host --version` prints.
    public static var description: String {
        #if DEBUG
        let build = "debug"
        #else
        let build = "release"
        #endif
        return "scene-host \(version) (commit \(commit); SceneCore \(CoreVersion.loaded), plugin ABI \(SCENE_PLUGIN_ABI_VERSION), D-Bus API \(SceneBusContract.version), \(build) build)"
    }
}
