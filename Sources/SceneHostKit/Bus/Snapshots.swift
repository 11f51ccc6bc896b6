import DBusKit
import SceneChannel
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
    /// What a snapshot draws: the model's windows it covers, and how to draw them.
    struct Subject {
        /// The windows in the picture (a scene process's stand-ins among them are drawn by it).
        var windows: [Window]
        var render: @MainActor () throws -> PixelImage
    }

    /// The method every snapshot-taking interface exports: `Snapshot(d scale) → (ay png)`. `subject`
    /// admits the call and says what to draw. At a scale other than a scene process's frames', the
    /// stand-ins' windows among `windows` are first drawn by their scene processes at that scale
    /// (``IsolatedScene/pictures(at:of:)``), so that the picture is the scene's views drawn at that
    /// scale, as in one process, not its frame enlarged. At the frames' scale the stand-ins show the
    /// processes' newest frames once each process has written the frames of what was sent to it
    /// before (``SceneProcessHost/framesCaughtUp()``): a process answers a touch before it writes that
    /// turn's frames, so a snapshot right after a tap would otherwise show the frame before it. The
    /// reply waits for them, unless nothing was sent since they were last caught up with.
    static func method(isolation: SceneIsolation?, _ subject: @escaping @MainActor (MethodCall, Double) throws -> Subject) -> HostMethod {
        .deferredMethod("Snapshot", access: .reads, inputs: [.init("scale", .double)], outputs: [.init("png", "ay")]) { call, reply in
            do {
                let scale = try call.read { reader in try reader.readDouble() }
                let drawn = try subject(call, scale)
                // A scale that is no number above 0 is refused by the renderer, naming it, before any process is asked.
                let standIns = scale.isFinite && scale > 0 ? isolation?.runningStandIns(among: drawn.windows) ?? [] : []
                // At the frames' scale, with every process's frames current, nothing is to be asked.
                let framesShown = scale == IsolatedScene.frameScale && standIns.allSatisfy { $0.scene.process.framesAreCurrent }
                guard !standIns.isEmpty, !framesShown else {
                    let image = try drawn.render()
                    return reply.reply { writer in try writer.append(bytes: PNGEncoder.encode(image)) }
                }
                Task { @MainActor in
                    do throws(SceneCallError) {
                        var pictures: [(scene: IsolatedScene, pictures: [(index: Int, picture: ScenePicture)])] = []
                        for (scene, windows) in standIns {
                            if scale == IsolatedScene.frameScale {
                                try await scene.process.framesCaughtUp()
                            } else {
                                pictures.append((scene, try await scene.pictures(at: scale, of: windows)))
                            }
                        }
                        do {
                            let image = try IsolatedScene.showing(pictures, scale: scale, while: drawn.render)
                            reply.reply { writer in try writer.append(bytes: PNGEncoder.encode(image)) }
                        } catch {
                            reply.fail(error)
                        }
                    } catch {
                        reply.fail(error.busError)
                    }
                }
            } catch {
                reply.fail(error)
            }
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
