import SceneCtlKit

await SceneCtl.runFromCommandLine()
