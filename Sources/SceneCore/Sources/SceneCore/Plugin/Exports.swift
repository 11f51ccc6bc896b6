// Plugins see the C ABI (ScenePluginInfo, SCENE_PLUGIN_ABI_VERSION, …) by importing SceneCore alone.
@_exported public import CScenePluginABI
