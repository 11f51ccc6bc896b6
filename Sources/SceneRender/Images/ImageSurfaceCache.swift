internal import CCairo
import SceneCore

/// Decoded ``Image``s as Cairo surfaces, one per image (by ``Image/identity``), kept while they are
/// drawn and released a few frames after their last use. The cache holds the ``Image`` itself, so an
/// identity cannot be reused by another image while its entry exists.
@MainActor
final class ImageSurfaceCache {
    private final class Entry {
        let image: Image
        /// Nil when the PNG could not be decoded: drawn as nothing.
        let surface: OpaquePointer?
        var lastUsed: Int

        init(image: Image, surface: OpaquePointer?, frame: Int) {
            self.image = image
            self.surface = surface
            self.lastUsed = frame
        }

        deinit {
            if let surface { cairo_surface_destroy(surface) }
        }
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    private var frame = 0

    /// The surface of `image` (pixel size = the image's pixel size); nil when it cannot be decoded.
    func surface(for image: Image) -> OpaquePointer? {
        if let entry = entries[image.identity] {
            entry.lastUsed = frame
            return entry.surface
        }
        let entry = Entry(image: image, surface: ImageSurfaceCache.decode(image), frame: frame)
        entries[image.identity] = entry
        return entry.surface
    }

    /// Ends a frame: releases surfaces unused for four frames.
    func endFrame() {
        frame += 1
        let oldest = frame - 4
        if entries.values.contains(where: { $0.lastUsed < oldest }) {
            entries = entries.filter { $0.value.lastUsed >= oldest }
        }
    }

    private static func decode(_ image: Image) -> OpaquePointer? {
        switch image.representation {
        case .png(let bytes):
            guard let surface = CairoPNG.decode(bytes) else { return nil }
            guard cairo_image_surface_get_width(surface) == Int32(image.pixelWidth),
                cairo_image_surface_get_height(surface) == Int32(image.pixelHeight)
            else {
                cairo_surface_destroy(surface)
                return nil
            }
            return surface
        case .pixels(let pixels):
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.pixelWidth), Int32(image.pixelHeight))!
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
                cairo_surface_destroy(surface)
                return nil
            }
            let stride = Int(cairo_image_surface_get_stride(surface))
            for row in 0..<image.pixelHeight {
                let out = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
                for column in 0..<image.pixelWidth {
                    out[column] = premultiplied(pixels[row * image.pixelWidth + column])
                }
            }
            cairo_surface_mark_dirty(surface)
            return surface
        @unknown default:
            return nil
        }
    }

    /// Straight `0xAARRGGBB` to premultiplied.
    static func premultiplied(_ value: UInt32) -> UInt32 {
        let alpha = value >> 24
        if alpha == 255 { return value }
        func channel(_ shift: UInt32) -> UInt32 { (((value >> shift) & 0xFF) * alpha + 127) / 255 }
        return alpha << 24 | channel(16) << 16 | channel(8) << 8 | channel(0)
    }
}
