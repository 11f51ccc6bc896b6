import SceneHostKit

SceneHostCommand.main()
