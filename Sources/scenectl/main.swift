import SceneCtlKit

SceneCtl.main()
