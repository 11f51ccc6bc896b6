import SceneCore

/// A shared library that links SceneCore but exports no plugin entry points.
public func notAPluginEntry() -> Int { 42 }
