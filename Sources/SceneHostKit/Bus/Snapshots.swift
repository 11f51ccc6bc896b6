import DBusKit
import SceneBusServing
import SceneCore
import SceneErrors
import SceneRender

/// `Window1.Snapshot`, `Scene1.Snapshot` and `Host1.Snapshot`: PNGs drawn by the host's
/// ``Renderer``, which redraws only what changed since the last snapshot at that scale. Reading
/// methods: they change nothing in the model. Rendering and encoding run on the main actor (a
/// 390 × 844 window takes about a millisecond; see BENCHMARKS.md).
@MainActor
enum Snapshots {
    /// The method every snapshot-taking interface exports: `Snapshot(d scale) → (ay png)`.
    static func method(_ render: @escaping @MainActor (MethodCall, Double) throws -> PixelImage) -> HostMethod {
        .writingMethod("Snapshot", access: .reads, inputs: [.init("scale", .double)], outputs: [.init("png", "ay")]) { call, writer in
            let scale = try call.read { reader in try reader.readDouble() }
            let image = try render(call, scale)
            try writer.append(bytes: PNGEncoder.encode(image))
        }
    }

    static func window(_ window: Window, scale: Double, renderer: Renderer) throws -> PixelImage {
        try mapped { () throws(RenderError) in try renderer.renderWindow(window, scale: scale).image }
    }

    static func scene(_ scene: WindowScene, scale: Double, renderer: Renderer) throws -> PixelImage {
        try mapped { () throws(RenderError) in try renderer.renderScene(scene, scale: scale).image }
    }

    static func screen(_ application: Application, scale: Double, renderer: Renderer) throws -> PixelImage {
        try mapped { () throws(RenderError) in try renderer.renderScreen(application, scale: scale).image }
    }

    /// A bad scale (or one that makes too large an image) becomes InvalidValue naming it.
    private static func mapped(_ body: () throws(RenderError) -> PixelImage) throws -> PixelImage {
        do throws(RenderError) {
            return try body()
        } catch {
            throw HostBusErrors.invalidValue(error.message)
        }
    }
}
