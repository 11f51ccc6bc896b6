/// Where `HostBench roundtrips` touches, in screen points of the embedded default configuration.
enum TouchTarget: String {
    /// Gallery's photo: a plain view whose plugin logs nothing; a touch changes no picture.
    case photo
    /// GestureLab's button (seed 002's `TouchLoggingButton`): a touch highlights it, so the scene
    /// draws a frame for each `TouchDown` and `TouchUp`, and the plugin logs each touch.
    case button

    /// What the report says of it.
    var description: String {
        switch self {
        case .photo: "in the Gallery main window, a plain view whose plugin logs nothing"
        case .button: "GestureLab's button, highlighted (a frame drawn) and logged by its plugin on each touch"
        }
    }

    var spot: (x: Double, y: Double) {
        switch self {
        case .photo: (1000, 700)
        case .button: (500, 285)
        }
    }
}
