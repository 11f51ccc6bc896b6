"""A speech server for Orca that says nothing and writes down what it was asked to say.

Orca hands every utterance to its speech server (and logs it as "SPEECH OUTPUT: '...'" in its debug
file). This one writes each utterance as one line to the file named by $SCENEHOST_ORCA_SPEECH,
flushed at once, so a headless test can follow the session as it goes (Orca's debug file is
block-buffered; it is switched to line buffering here too, for reading it afterwards). Lines:
"speak: TEXT", "character: C", "key: NAME". Named in Orca's settings as speechServerFactory (Orca
imports it from PYTHONPATH)."""
import os

from orca import debug, speechserver

if debug.debugFile is not None:
    debug.debugFile.reconfigure(line_buffering=True)

_record = open(os.environ["SCENEHOST_ORCA_SPEECH"], "a", buffering=1) if os.environ.get("SCENEHOST_ORCA_SPEECH") else None


def _write(kind, text):
    if _record is not None:
        _record.write("%s: %s\n" % (kind, str(text).replace("\n", " ")))


class SpeechServer(speechserver.SpeechServer):
    """Accepts everything Orca sends and does nothing with it."""

    _server = None

    @staticmethod
    def getFactoryName():
        return "Silent (tests)"

    @staticmethod
    def getSpeechServers():
        return [SpeechServer.getSpeechServer()]

    @staticmethod
    def getSpeechServer(info=None):
        if SpeechServer._server is None:
            SpeechServer._server = SpeechServer()
        return SpeechServer._server

    @staticmethod
    def shutdownActiveServers():
        pass

    def getInfo(self):
        return [self.getFactoryName(), "silent"]

    def getVoiceFamilies(self):
        return []

    def speakCharacter(self, character, acss=None):
        _write("character", character)

    def speakKeyEvent(self, event, acss=None):
        _write("key", getattr(event, "event_string", event))

    def speak(self, text=None, acss=None, interrupt=True):
        if text:
            _write("speak", text)

    def sayAll(self, utteranceIterator, progressCallback):
        for _context, _acss in utteranceIterator:
            pass

    def increaseSpeechRate(self, step=5):
        pass

    def decreaseSpeechRate(self, step=5):
        pass

    def increaseSpeechPitch(self, step=0.5):
        pass

    def decreaseSpeechPitch(self, step=0.5):
        pass

    def increaseSpeechVolume(self, step=0.5):
        pass

    def decreaseSpeechVolume(self, step=0.5):
        pass

    def updateCapitalizationStyle(self):
        pass

    def updatePunctuationLevel(self):
        pass

    def stop(self):
        pass

    def shutdown(self):
        pass

    def reset(self, text=None, acss=None):
        pass
