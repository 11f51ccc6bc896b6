import Glibc
import SceneCore

/// A big window for the accessibility benchmark and tests: one window holding a `grid` of plain
/// views, plus, on request, a few controls whose state changes at run time.
///
/// Options:
/// - `views`: how many cells the grid holds (default 10,000), laid out 100 per row over the scene;
/// - `controls`: `yes` adds, above the grid, a `slider` (0…100, at 25), a `switch` (off), a
///   `status` label, and a `grow` button that appends a view to the `log` container and renames
///   the label on every tap (`grew 1`, `grew 2`, …) — a structural change and a name change;
/// - `label-characters`: N adds, after the controls, a `long-label` label of N characters (words of
///   the alphabet) and an empty text `field`, for the text benchmarks.
///
///     window "Many views" ┬ controls? ┬ slider, switch, status, grow
///                         │           └ log (gains one view per tap of grow)
///                         └ grid ─ cell-0 … cell-(n-1)
///
/// - `tree`: the path of a tree file (``TreeFile``): the window is those views instead (the grid
///   and controls are not made). A file that cannot be read or parsed leaves the window empty and
///   titled with the error.
final class ManyViewsSceneDelegate: SceneDelegate {
    private var window: Window?
    private var taps = 0
    /// Cells per grid row.
    static let columns = 100

    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        let window = Window(windowScene: scene)
        window.title = "Many views"
        window.accessibilityIdentifier = "many-views"
        if let path = options["tree"] {
            buildTree(from: path, in: window)
            window.makeKeyAndVisible()
            self.window = window
            return
        }
        let count = options["views"].flatMap(Int.init) ?? 10_000
        let size = scene.screenFrame.size
        var top = 0.0
        if options["controls"] == "yes" {
            top = addControls(to: window, width: size.width)
        }
        if let characters = options["label-characters"].flatMap(Int.init) {
            top = addText(characters: characters, to: window, top: top, width: size.width)
        }
        let grid = View(frame: Rect(x: 0, y: top, width: size.width, height: size.height - top))
        grid.accessibilityIdentifier = "grid"
        grid.accessibilityLabel = "Grid"
        let rows = max(1, (count + Self.columns - 1) / Self.columns)
        let cellWidth = size.width / Double(Self.columns), cellHeight = grid.bounds.height / Double(rows)
        for index in 0..<count {
            let cell = View(
                frame: Rect(
                    x: Double(index % Self.columns) * cellWidth, y: Double(index / Self.columns) * cellHeight, width: cellWidth,
                    height: cellHeight))
            grid.addSubview(cell)
        }
        window.addSubview(grid)
        window.makeKeyAndVisible()
        self.window = window
    }

    /// The window's views from the tree file at `path`.
    private func buildTree(from path: String, in window: Window) {
        guard let text = ManyViewsSceneDelegate.read(path) else {
            window.title = "cannot read the tree file \(path)"
            return
        }
        do {
            try TreeFile(text: text).build(in: window)
        } catch {
            window.title = "\(path): \(error)"
        }
    }

    /// The file's contents (plugins depend on SceneCore only: no Foundation here).
    private static func read(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Adds a label of `characters` characters and an empty text field below `top`; returns the new top.
    private func addText(characters: Int, to window: Window, top: Double, width: Double) -> Double {
        let words = "abcdefghijklmnopqrstuvwxyz "
        let text = String((0..<characters).map { words[words.index(words.startIndex, offsetBy: $0 % words.count)] })
        let label = Label(frame: Rect(x: 10, y: top + 10, width: width - 20, height: 30), text: text)
        label.accessibilityIdentifier = "long-label"
        let field = TextField(frame: Rect(x: 10, y: top + 50, width: 300, height: 40))
        field.accessibilityIdentifier = "field"
        field.accessibilityLabel = "Field"
        window.addSubview(label)
        window.addSubview(field)
        return top + 100
    }

    /// Adds the controls row; returns the height it takes.
    private func addControls(to window: Window, width: Double) -> Double {
        let slider = Slider(frame: Rect(x: 10, y: 10, width: 200, height: 30))
        slider.accessibilityIdentifier = "slider"
        slider.maximumValue = 100
        slider.value = 25
        let toggle = Switch(frame: Rect(x: 220, y: 10, width: 50, height: 30))
        toggle.accessibilityIdentifier = "switch"
        let status = Label(frame: Rect(x: 10, y: 50, width: 200, height: 30), text: "ready")
        status.accessibilityIdentifier = "status"
        let grow = Button(frame: Rect(x: 220, y: 50, width: 100, height: 30), title: "Grow")
        grow.accessibilityIdentifier = "grow"
        let log = View(frame: Rect(x: 0, y: 90, width: width, height: 30))
        log.accessibilityIdentifier = "log"
        grow.addAction(named: "grow", for: .touchUpInside) { [weak self, weak log, weak status] _, _ in
            guard let self, let log, let status else { return }
            self.taps += 1
            let entry = View(frame: Rect(x: Double(log.subviews.count) * 10, y: 0, width: 10, height: 30))
            entry.accessibilityIdentifier = "entry-\(self.taps)"
            log.addSubview(entry)
            status.text = "grew \(self.taps)"
        }
        for view in [slider, toggle, status, grow, log] as [View] { window.addSubview(view) }
        return 130
    }
}
