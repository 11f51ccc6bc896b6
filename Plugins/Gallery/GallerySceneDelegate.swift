import SceneCore

/// Builds the Gallery scene: two windows, to exercise levels, key-window hand-over, one first
/// responder per window, text input and keyboard focus.
///
///     main  (normal level, key at first) ┬ logo        an image ("Gallery logo")
///                                        ├ field       a text field: tap it (or Tab to it) and type
///                                        ├ show-alert  shows the alert window again
///                                        └ photo       a scroll view: pinch it to zoom the photo
///                                                      in it (photo-image), 1× to 4×
///     alert (alert level, on top, key while shown) ┬ message  "Enter the code, then press OK."
///                                                  ├ code     a secure text field
///                                                  └ ok       hides the alert; key returns to main
final class GallerySceneDelegate: SceneDelegate {
    private var main: Window?
    private var alert: Window?
    /// The photo's scroll view delegate (held weakly by the scroll view).
    private var photoZoom: PhotoZoom?

    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        let main = Window(windowScene: scene)
        main.title = "Gallery"
        main.accessibilityIdentifier = "main"
        let controller = ViewController()
        main.rootViewController = controller
        controller.view.backgroundColor = .secondarySystemBackground
        let logo = ImageView(frame: Rect(x: 20, y: 40, width: 48, height: 48))
        logo.imageName = "gallery-logo"
        logo.image = Self.logoImage
        logo.cornerRadius = 10
        logo.clipsToBounds = true
        logo.accessibilityIdentifier = "logo"
        logo.accessibilityLabel = "Gallery logo"
        let field = Self.textField(frame: Rect(x: 20, y: 100, width: 350, height: 44), name: "field", placeholder: "Type here", in: scene)
        let show = Button(frame: Rect(x: 20, y: 170, width: 160, height: 44), title: "Show alert")
        show.accessibilityIdentifier = "show-alert"
        show.backgroundColor = .systemBlue
        show.setTitleColor(.white, for: .normal)
        show.cornerRadius = 10
        controller.view.addSubview(logo)
        controller.view.addSubview(field)
        controller.view.addSubview(show)
        controller.view.addSubview(photo(in: scene))

        let frame = scene.screenFrame
        let alert = Window(frame: Rect(x: frame.minX + 45, y: frame.minY + 300, width: 300, height: 200))
        alert.windowScene = scene
        alert.title = "Alert"
        alert.accessibilityIdentifier = "alert"
        alert.windowLevel = .alert
        alert.backgroundColor = .white
        alert.cornerRadius = 14
        alert.borderColor = .systemGray4
        alert.borderWidth = 1
        let message = Label(frame: Rect(x: 20, y: 4, width: 260, height: 22), text: "Enter the code, then press OK.")
        message.accessibilityIdentifier = "message"
        message.font = .systemFont(ofSize: 15)
        message.textAlignment = .center
        let code = Self.textField(frame: Rect(x: 20, y: 30, width: 260, height: 44), name: "code", placeholder: "Code", in: scene)
        code.isSecureTextEntry = true
        let ok = Button(frame: Rect(x: 90, y: 120, width: 120, height: 44), title: "OK")
        ok.accessibilityIdentifier = "ok"
        ok.font = .boldSystemFont(ofSize: 17)
        alert.addSubview(message)
        alert.addSubview(code)
        alert.addSubview(ok)

        ok.addAction(named: "dismissAlert", for: .touchUpInside) { [weak alert, weak scene] _, _ in
            alert?.isHidden = true
            scene?.log("alert hidden")
        }
        show.addAction(named: "showAlert", for: .touchUpInside) { [weak alert, weak scene] _, _ in
            alert?.makeKeyAndVisible()
            scene?.log("alert shown")
        }

        main.makeKeyAndVisible()
        alert.makeKeyAndVisible()
        self.main = main
        self.alert = alert
    }

    /// The zoomable photo below the alert's place: a scroll view as large as its picture, which
    /// pinching zooms from 1× to 4× (and past, bouncing back) [SV-25].
    private func photo(in scene: WindowScene) -> ScrollView {
        let scrollView = ScrollView(frame: Rect(x: 20, y: 540, width: 350, height: 260))
        scrollView.accessibilityIdentifier = "photo"
        scrollView.cornerRadius = 10
        scrollView.clipsToBounds = true
        let image = ImageView(frame: Rect(x: 0, y: 0, width: 350, height: 260))
        image.image = PhotoZoom.image
        image.accessibilityIdentifier = "photo-image"
        image.accessibilityLabel = "Photo of hills by a lake"
        scrollView.addSubview(image)
        scrollView.contentSize = image.frame.size
        scrollView.minimumZoomScale = 1
        scrollView.maximumZoomScale = 4
        let zoom = PhotoZoom(photo: image, scene: scene)
        scrollView.delegate = zoom
        photoZoom = zoom
        return scrollView
    }

    /// The logo: 48 × 48 pixels, a diagonal blend from pink to orange (an image made in code).
    private static let logoImage: Image? = {
        let from = Color.systemPink, to = Color.systemOrange
        var pixels: [UInt32] = []
        for y in 0..<48 {
            for x in 0..<48 {
                let t = Double(x + y) / 94
                func channel(_ a: Double, _ b: Double) -> UInt32 { UInt32(((a + (b - a) * t) * 255).rounded()) }
                pixels.append(0xFF00_0000 | channel(from.red, to.red) << 16 | channel(from.green, to.green) << 8 | channel(from.blue, to.blue))
            }
        }
        return try? Image(width: 48, height: 48, pixels: pixels)
    }()

    /// A text field named `name` that logs when editing begins, on Return and when editing ends.
    private static func textField(frame: Rect, name: String, placeholder: String, in scene: WindowScene) -> TextField {
        let field = TextField(frame: frame)
        field.accessibilityIdentifier = name
        field.accessibilityLabel = name.prefix(1).uppercased() + name.dropFirst()
        field.placeholder = placeholder
        field.addAction(named: Selector("\(name)EditingBegan"), for: .editingDidBegin) { [weak scene] _, _ in
            scene?.log("\(name) became first responder")
        }
        field.addAction(named: Selector("\(name)Return"), for: .primaryActionTriggered) { [weak scene] field, _ in
            scene?.log("\(name) return: \(field.displayedText)")
        }
        field.addAction(named: Selector("\(name)EditingEnded"), for: .editingDidEnd) { [weak scene] _, _ in
            scene?.log("\(name) editing ended")
        }
        return field
    }
}
