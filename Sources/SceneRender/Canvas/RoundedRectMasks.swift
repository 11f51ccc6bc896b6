internal import CCairo
import SceneCore

/// The coverage (an A8 mask) of rounded rectangles, rasterized once per shape and pixel phase and
/// composited from then on: rounded backgrounds (buttons, images, cards) repeat the same few shapes,
/// and rasterizing a curved path costs several times more than compositing its coverage.
///
/// A shape is its size, corner radius and scale in device pixels, and the fraction of a pixel at
/// which its top-left corner falls (quantized to 1/256 pixel, Cairo's own precision). The mask is
/// the path rasterized by Cairo at that phase and is composited at a whole-pixel offset, so each
/// pixel gets the coverage a direct fill of the path would give it (a differential test compares the
/// two on random shapes, positions, colours and clips). One composite per fill: Cairo's cost is per
/// call far more than per pixel at these sizes.
///
/// Only for transforms without rotation or skew; masks unused for ``retainedFrames`` frames are
/// released at ``endFrame()``, and at most ``capacity`` are kept. Main actor only.
@MainActor
final class RoundedRectMasks {
    static let retainedFrames = 4
    static let capacity = 256
    /// Larger shapes are filled as paths (their mask would cost more memory than it saves time).
    static let maximumSide = 2048.0

    struct Key: Hashable {
        let width: Double
        let height: Double
        let radius: Double
        let scaleX: Double
        let scaleY: Double
        /// The corner's phase within its pixel, in 1/256 pixel.
        let phaseX: Int32
        let phaseY: Int32
    }

    final class Entry {
        let surface: OpaquePointer
        let pattern: OpaquePointer
        var lastUsed: Int

        init(surface: OpaquePointer, frame: Int) {
            self.surface = surface
            pattern = cairo_pattern_create_for_surface(surface)!
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST)
            lastUsed = frame
        }

        deinit {
            cairo_pattern_destroy(pattern)
            cairo_surface_destroy(surface)
        }
    }

    private var entries: [Key: Entry] = [:]
    private var frame = 0
    /// Masks rasterized since the cache was made (for tests).
    private(set) var masksBuilt = 0

    /// Fills `rect` (user space of `cairo`) rounded by `radius` with the current source through a
    /// cached mask; false, drawing nothing, when the current transform rotates or skews or the shape
    /// is too large (the caller then fills the path).
    func fill(_ rect: Rect, radius: Double, on cairo: OpaquePointer) -> Bool {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        guard matrix.xy == 0, matrix.yx == 0, matrix.xx > 0, matrix.yy > 0 else { return false }
        guard rect.width * matrix.xx <= RoundedRectMasks.maximumSide, rect.height * matrix.yy <= RoundedRectMasks.maximumSide else {
            return false
        }
        // Device position of the corner: whole pixels and the phase (in 1/256 pixel).
        let deviceX = (matrix.xx * rect.minX + matrix.x0) * 256, deviceY = (matrix.yy * rect.minY + matrix.y0) * 256
        guard deviceX.isFinite, deviceY.isFinite, abs(deviceX) < 1e15, abs(deviceY) < 1e15 else { return false }
        let fixedX = Int64(deviceX.rounded()), fixedY = Int64(deviceY.rounded())
        let pixelX = fixedX >> 8, pixelY = fixedY >> 8
        let key = Key(
            width: rect.width, height: rect.height, radius: radius, scaleX: matrix.xx, scaleY: matrix.yy,
            phaseX: Int32(fixedX & 255), phaseY: Int32(fixedY & 255))
        let entry = self.entry(for: key)
        // User space → mask pixels: the current transform, then back by the whole-pixel position.
        var toMask = matrix
        toMask.x0 -= Double(pixelX)
        toMask.y0 -= Double(pixelY)
        cairo_pattern_set_matrix(entry.pattern, &toMask)
        cairo_mask(cairo, entry.pattern)
        return true
    }

    /// Ends a frame: releases masks unused for ``retainedFrames`` frames.
    func endFrame() {
        frame += 1
        let oldest = frame - RoundedRectMasks.retainedFrames
        if entries.count > RoundedRectMasks.capacity / 2, entries.values.contains(where: { $0.lastUsed < oldest }) {
            entries = entries.filter { $0.value.lastUsed >= oldest }
        }
    }

    var cachedMaskCount: Int { entries.count }

    private func entry(for key: Key) -> Entry {
        if let entry = entries[key] {
            entry.lastUsed = frame
            return entry
        }
        if entries.count >= RoundedRectMasks.capacity {
            // Full within a few frames: drop the least recently used half.
            let sorted = entries.sorted { $0.value.lastUsed < $1.value.lastUsed }
            for (oldKey, _) in sorted.prefix(entries.count / 2) { entries[oldKey] = nil }
        }
        masksBuilt += 1
        let phaseX = Double(key.phaseX) / 256, phaseY = Double(key.phaseY) / 256
        let width = Swift.max(1, Int32((phaseX + key.width * key.scaleX).rounded(.up)))
        let height = Swift.max(1, Int32((phaseY + key.height * key.scaleY).rounded(.up)))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, width, height)!
        let cairo = cairo_create(surface)!
        var matrix = cairo_matrix_t(xx: key.scaleX, yx: 0, xy: 0, yy: key.scaleY, x0: phaseX, y0: phaseY)
        cairo_set_matrix(cairo, &matrix)
        CairoPath.append(Path(roundedRect: Rect(x: 0, y: 0, width: key.width, height: key.height), cornerRadius: key.radius), to: cairo)
        cairo_fill(cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        let entry = Entry(surface: surface, frame: frame)
        entries[key] = entry
        return entry
    }
}
