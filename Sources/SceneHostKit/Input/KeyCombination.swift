public import SceneCore

/// A key as scripts and D-Bus name it: modifiers and a key name joined by `+` (`shift+tab`,
/// `control+a`, `return`, `a`), or a media key (`media-play-pause`, `media-next`, …, or the X11
/// names `XF86AudioPlay`, `XF86AudioNext`, …), which the keyboard delivers as a remote-control event
/// (the path MPRIS commands take) rather than as a press [KB-6].
public struct KeyCombination: Sendable, Equatable, CustomStringConvertible {
    /// What the name designates.
    public enum Target: Sendable, Equatable {
        /// A keyboard key, with its modifiers and the text a US layout gives it.
        case key(Key)
        /// A media key: its remote-control subtype.
        case media(Event.EventSubtype)
    }

    public let target: Target

    /// Media keys by name (lower case; `_` read as `-`).
    static let mediaKeys: [(name: String, subtype: Event.EventSubtype)] = [
        ("media-play-pause", .remoteControlTogglePlayPause), ("media-play", .remoteControlPlay),
        ("media-pause", .remoteControlPause), ("media-stop", .remoteControlStop), ("media-next", .remoteControlNextTrack),
        ("media-previous", .remoteControlPreviousTrack), ("xf86audioplay", .remoteControlTogglePlayPause),
        ("xf86audiopause", .remoteControlPause), ("xf86audiostop", .remoteControlStop), ("xf86audionext", .remoteControlNextTrack),
        ("xf86audioprev", .remoteControlPreviousTrack),
    ]

    /// Parses `name` (which may carry modifiers, `shift+tab`) with the extra `modifiers` (`shift`,
    /// `control+alt`, or "").
    ///
    /// - Throws: ``SceneCore/KeyboardInputError`` naming an unknown key or modifier, or modifiers given
    ///   with a media key.
    public init(name: String, modifiers: String = "") throws(KeyboardInputError) {
        let parts = name.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // A trailing "+" names the key itself only as "plus"; "a+" leaves an empty key name.
        let keyName = parts.last ?? ""
        guard !keyName.isEmpty else {
            throw KeyboardInputError(code: .unknownKey, message: "key '' in '\(name)' is empty; name a key after the last '+' (shift+tab)")
        }
        let embedded = parts.dropLast().joined(separator: "+")
        let flags = try KeyModifierFlags(wireName: embedded).union(try KeyModifierFlags(wireName: modifiers))
        let normalized = String(keyName.lowercased().map { $0 == "_" ? "-" : $0 })
        if let media = Self.mediaKeys.first(where: { $0.name == normalized }) {
            guard flags.isEmpty else {
                throw KeyboardInputError(
                    code: .unknownKey, message: "media key '\(keyName)' takes no modifiers (got '\(flags.wireName)')")
            }
            target = .media(media.subtype)
            return
        }
        guard let usage = KeyboardHIDUsage(wireName: keyName) else {
            throw KeyboardInputError(
                code: .unknownKey,
                message: "key '\(keyName)'\(keyName == name ? "" : " in '\(name)'") does not exist; use a letter, a digit, "
                    + "return, tab, space, backspace, escape, delete, left, right, up, down, home, end, page-up, page-down, "
                    + "f1…f12, a punctuation name (minus, comma, period, slash, …) or a media key (media-play-pause, media-next, …)")
        }
        target = .key(Key(keyCode: usage, modifierFlags: flags))
    }

    public init(_ key: Key) {
        target = .key(key)
    }

    public var description: String {
        switch target {
        case .key(let key): key.wireName
        case .media(let subtype): Self.mediaKeys.first { $0.subtype == subtype }?.name ?? subtype.wireName
        }
    }
}

/// How a scripted key is pressed: one phase, or `press` (down then up).
public enum KeyStroke: String, Sendable, CaseIterable {
    case began, changed, ended, cancelled
    /// `began` then `ended`.
    case press

    /// The stroke named `name`.
    ///
    /// - Throws: ``SceneCore/KeyboardInputError`` naming the bad phase and the good ones.
    public init(name: String) throws(KeyboardInputError) {
        guard let stroke = KeyStroke(rawValue: name) else {
            throw KeyboardInputError(
                code: .unknownPhase,
                message: "key phase '\(name)' does not exist; use \(KeyStroke.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self = stroke
    }
}
