internal import CCairo
import SceneCore

/// SceneCore paths as Cairo paths.
enum CairoPath {
    /// Replaces `cairo`'s current path with `path` (in its user space).
    static func append(_ path: Path, to cairo: OpaquePointer) {
        cairo_new_path(cairo)
        for element in path.elements {
            switch element {
            case .move(let point): cairo_move_to(cairo, point.x, point.y)
            case .line(let point): cairo_line_to(cairo, point.x, point.y)
            case .curve(let point, let c1, let c2): cairo_curve_to(cairo, c1.x, c1.y, c2.x, c2.y, point.x, point.y)
            case .closeSubpath: cairo_close_path(cairo)
            }
        }
    }
}
