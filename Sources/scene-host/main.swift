import SceneHostKit

SceneHostCommand.runFromCommandLine()
