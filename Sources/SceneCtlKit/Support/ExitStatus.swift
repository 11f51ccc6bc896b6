/// The exit statuses `scenectl` uses, from `sysexits.h` where one fits.
///
/// | Status | When |
/// |---|---|
/// | 0 | success (also `watch` ending by `--count` or `--timeout`) |
/// | 1 | the host answered with a D-Bus error, or did not answer in time |
/// | 64 | bad usage: an unparsable argument, an unknown window specifier |
/// | 69 | no host could be found, or its bus went away |
/// | 73 | `new-plugin`: the folder is not empty or cannot be written |
enum ExitStatus {
    static let success: Int32 = 0
    /// A D-Bus error reply, a timeout, or anything else that went wrong on the host's side.
    static let failure: Int32 = 1
    /// `EX_USAGE`: the command line asked for something that cannot work.
    static let usage: Int32 = 64
    /// `EX_UNAVAILABLE`: no scene-host to talk to.
    static let unavailable: Int32 = 69
    /// `EX_CANTCREAT`: an output folder that cannot be used.
    static let cannotCreate: Int32 = 73
}
