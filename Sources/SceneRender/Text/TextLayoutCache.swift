internal import CCairo
internal import CPango
import SceneCore

/// One window's text: its Pango context (one per window, with explicit font options so that output
/// does not depend on the desktop's settings), its font descriptions, and its laid-out texts.
///
/// A layout is found again by (text, font, alignment, line breaking, line limit, width, height):
/// it is rebuilt only when one of those changes, never per frame (a fresh Pango context per text
/// per layout pass kept a core busy in SwiftCrossUI, its issue #698), and not because it went
/// undrawn for a while (most redraws draw few texts). Only past ``capacity`` layouts are the least
/// recently used ones released, at ``endFrame()``, down to half of it: a bound on memory that a
/// window's live texts do not reach. Layouts do not depend on the scale: a window's renderers at
/// several scales share one cache.
@MainActor
final class TextLayoutCache {
    /// The most layouts kept.
    static let capacity = 2048

    // Alike RoundedRectMasks in shape only (`duplicates` pairs them): a key and an entry with its last
    // use, but other contents, another C object to release and another eviction (down to half of the
    // capacity here, after a number of unused frames there).
    struct Key: Hashable {
        let text: String
        let font: Font
        let alignment: TextAlignment
        let lineBreakMode: LineBreakMode
        let numberOfLines: Int
        /// Box width and height in 1/1024 points (Pango units); -1 when unlimited.
        let width: Int32
        let height: Int32
    }

    final class Entry {
        let layout: OpaquePointer
        /// The size the text takes (lines past the line limit excluded).
        let size: Size
        /// The text is drawn clipped to `size.height` (line-limited, not ellipsized).
        let clipsToHeight: Bool
        var lastUsed: Int

        init(layout: OpaquePointer, size: Size, clipsToHeight: Bool, frame: Int) {
            self.layout = layout
            self.size = size
            self.clipsToHeight = clipsToHeight
            self.lastUsed = frame
        }

        deinit {
            g_object_unref(UnsafeMutableRawPointer(layout))
        }
    }

    private let context: OpaquePointer
    private var fonts: [Font: OpaquePointer] = [:]
    private var entries: [Key: Entry] = [:]
    private var frame = 0
    private var lastEntry: (key: Key, entry: Entry)?
    /// Layouts built since the cache was made (for tests and benchmarks).
    private(set) var layoutsBuilt = 0

    init() {
        let fontMap = pango_cairo_font_map_get_default()
        context = pango_font_map_create_context(fontMap)
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
    }

    isolated deinit {
        lastEntry = nil
        entries.removeAll()
        for description in fonts.values { pango_font_description_free(description) }
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// The laid-out `text`, built now or found again.
    func entry(for text: String, style: TextStyle, width: Double?, height: Double?) -> Entry {
        let key = Key(
            text: text, font: style.font, alignment: style.alignment, lineBreakMode: style.lineBreakMode,
            numberOfLines: style.numberOfLines, width: TextLayoutCache.units(width),
            height: style.numberOfLines > 0 ? -1 : TextLayoutCache.units(height))
        // Views measure a text and then draw it: the second lookup is the same key.
        if let last = lastEntry, last.key == key {
            last.entry.lastUsed = frame
            return last.entry
        }
        if let entry = entries[key] {
            entry.lastUsed = frame
            lastEntry = (key, entry)
            return entry
        }
        let entry = build(key)
        entries[key] = entry
        lastEntry = (key, entry)
        return entry
    }

    /// Ends a frame: past ``capacity`` layouts, keeps the half used most recently.
    func endFrame() {
        frame += 1
        guard entries.count > TextLayoutCache.capacity else { return }
        let kept = entries.sorted { $0.value.lastUsed > $1.value.lastUsed }.prefix(TextLayoutCache.capacity / 2)
        entries = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
        lastEntry = nil
    }

    var cachedLayoutCount: Int { entries.count }

    private static func units(_ value: Double?) -> Int32 {
        guard let value, value.isFinite, value >= 0 else { return -1 }
        return Int32(clamping: Int((value * Double(SCENEHOST_PANGO_SCALE)).rounded()))
    }

    private func fontDescription(_ font: Font) -> OpaquePointer {
        if let description = fonts[font] { return description }
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, font.familyName)
        pango_font_description_set_absolute_size(description, font.pointSize * Double(SCENEHOST_PANGO_SCALE))
        pango_font_description_set_weight(description, PangoWeight(font.weight.rawValue))
        pango_font_description_set_style(description, font.isItalic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        fonts[font] = description
        return description
    }

    private func build(_ key: Key) -> Entry {
        layoutsBuilt += 1
        let layout = pango_layout_new(context)!
        pango_layout_set_font_description(layout, fontDescription(key.font))
        key.text.withCString { pango_layout_set_text(layout, $0, -1) }
        let ellipsize: PangoEllipsizeMode
        switch key.lineBreakMode {
        case .byTruncatingHead: ellipsize = PANGO_ELLIPSIZE_START
        case .byTruncatingMiddle: ellipsize = PANGO_ELLIPSIZE_MIDDLE
        case .byTruncatingTail: ellipsize = PANGO_ELLIPSIZE_END
        case .byWordWrapping, .byCharWrapping, .byClipping: ellipsize = PANGO_ELLIPSIZE_NONE
        }
        let singleUnwrappedLine = key.numberOfLines == 1 && key.lineBreakMode == .byClipping
        if key.width >= 0 && !singleUnwrappedLine { pango_layout_set_width(layout, key.width) }
        pango_layout_set_wrap(layout, key.lineBreakMode == .byCharWrapping ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD)
        pango_layout_set_ellipsize(layout, ellipsize)
        if ellipsize != PANGO_ELLIPSIZE_NONE {
            if key.numberOfLines > 0 {
                pango_layout_set_height(layout, -Int32(key.numberOfLines))
            } else if key.height >= 0 {
                pango_layout_set_height(layout, key.height)
            } else {
                // Any number of lines in an unlimited height (a multi-line label's size): nothing is
                // cut. Pango's default height, -1, would mean one line when ellipsizing.
                pango_layout_set_height(layout, Int32.max)
            }
        }
        switch key.alignment {
        case .left, .natural: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .justified:
            pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
            pango_layout_set_justify(layout, 1)
        }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let scale = Double(SCENEHOST_PANGO_SCALE)
        var height = Double(logical.height) / scale
        var clips = false
        // Without an ellipsis Pango draws every line: keep the first `numberOfLines` (or as many as
        // the box holds) and clip the rest when drawing.
        let lineCount = Int(pango_layout_get_line_count(layout))
        if ellipsize == PANGO_ELLIPSIZE_NONE {
            var limit = key.numberOfLines > 0 ? key.numberOfLines : lineCount
            let boxHeight = key.height >= 0 ? Double(key.height) / scale : Double.infinity
            let iterator = pango_layout_get_iter(layout)!
            var lineIndex = 0
            var kept = 0.0
            repeat {
                var top: Int32 = 0
                var bottom: Int32 = 0
                pango_layout_iter_get_line_yrange(iterator, &top, &bottom)
                let lineBottom = Double(bottom) / scale
                if lineIndex >= limit || (lineIndex > 0 && lineBottom > boxHeight) {
                    limit = lineIndex
                    break
                }
                kept = lineBottom
                lineIndex += 1
            } while pango_layout_iter_next_line(iterator) != 0
            pango_layout_iter_free(iterator)
            if limit < lineCount {
                height = kept
                clips = true
            }
        }
        let width = Double(logical.width) / scale
        return Entry(layout: layout, size: Size(width: width, height: height), clipsToHeight: clips, frame: frame)
    }
}
