"""What the WebDriver endpoint answers, for comparing two builds byte for byte (a speed change must
not change an answer): ``GET /source`` of every scene of webdriver.yaml and ten XPath finds per scene
(their elements' names and counts, or the error), before and after a change of the scenes (up to two
strict clicks on hittable buttons or switches, a swipe, a tap, two seconds of the virtual clock).
Session ids are replaced by ``SESSION``, so two runs of the same build write the same file.

    SCENEHOST_BIN=/path/a/scene-host .build/python-venv/bin/python Benchmarks/Python/webdriver_answers.py a.json
    SCENEHOST_BIN=/path/b/scene-host .build/python-venv/bin/python Benchmarks/Python/webdriver_answers.py b.json
    cmp a.json b.json
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from webdriver_bench import Endpoint

QUERIES = ["//*[@identifier='status']", "//Label", "//*[@hittable='true']", "//*[@visible='false']/@name",
           "//*[@x > 100 and @width < 50]", "//*[contains(@bounds,'[0,')]", "//*[@*='ready']", "(//*)[last()]",
           "//*[@enabled='false' or @role='button']", "count(//*)"]
out = {}
e = Endpoint()
try:
    for scene in ("toolkit", "many", "findview", "gesturelab", "gallery"):
        s = e.session(scene)
        def q():
            r = {}
            for query in QUERIES:
                try:
                    v = e.call("POST", f"/session/{s}/elements", {"using": "xpath", "value": query})
                    r[query] = [e.call("GET", f"/session/{s}/element/{x['ELEMENT']}/attribute/name") for x in v[:50]] + [len(v)]
                except RuntimeError as err:
                    r[query] = "error " + re.sub(r"scenehost-\d+-[0-9a-f]+", "SESSION", str(err)).split("'stacktrace'")[0]
            return r
        out[scene + " source"] = e.call("GET", f"/session/{s}/source")
        out[scene + " xpath"] = q()
        # A structural change: a tap at the scene's centre and a swipe (moves, toggles, scrolls)
        rect = e.call("GET", f"/session/{s}/window/rect")
        cx, cy = rect["width"] / 2, rect["height"] / 2
        try:
            e.call("POST", f"/session/{s}/execute/sync", {"script": "mobile: swipe", "args": [{"startX": cx, "startY": cy + 100, "endX": cx, "endY": cy - 150, "duration": 300}]})
        except RuntimeError as err:
            print("swipe", scene, err, file=sys.stderr)
        for x in e.call("POST", f"/session/{s}/elements", {"using": "xpath", "value": "(//Button[@hittable='true'] | //Switch[@hittable='true'])[position() < 3]"}):
            e.call("POST", f"/session/{s}/element/{x['ELEMENT']}/click", {})
        try:
            e.call("POST", f"/session/{s}/execute/sync", {"script": "mobile: tap", "args": [{"x": cx, "y": cy}]})
        except RuntimeError as err:
            print("tap", scene, err, file=sys.stderr)
        try:
            e.call("POST", f"/session/{s}/execute/sync", {"script": "mobile: advanceClock", "args": [{"seconds": 2}]})
        except RuntimeError as err:
            print("clock", scene, err, file=sys.stderr)
        out[scene + " source after"] = e.call("GET", f"/session/{s}/source")
        out[scene + " xpath after"] = q()
        out[scene + " changed"] = out[scene + " source"] != out[scene + " source after"]
finally:
    e.close()
text = re.sub(r"scenehost-\d+-[0-9a-f]+", "SESSION", json.dumps(out, indent=0, sort_keys=True))
Path(sys.argv[1]).write_text(text)
print("changed by the taps and swipe:", {k.split()[0]: v for k, v in out.items() if k.endswith("changed")})
