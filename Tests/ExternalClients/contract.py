"""The D-Bus contract as python3-dbus sees it: what scene-host's objects introspect to, and every
property read with Properties.Get and Properties.GetAll.

    contract.py introspect    the members of every interface of the root, a scene and a window
    contract.py properties    Get and GetAll of Host1, each Scene1 and each Window1 (with the D-Bus
                              type of each value), GetManagedObjects, and Set/Get mistakes

Prints one JSON document; the Swift test compares it with Config/dbus/*.xml and the model.
"""
import sys
import xml.etree.ElementTree as ElementTree

from scenehost_bus import (GALLERY_ALERT, HOST1, INTROSPECTABLE, OBJECT_MANAGER, PROPERTIES, ROOT, SCENE1, WINDOW1,
                           Client, emit, plain, scene, signature_of, window)


def member_lines(interface):
    """Each member of an <interface> element as one line, e.g.
    `method TouchDown(in u slot, in d x, in d y, out t touch, out o window, out s view) org.scenehost.Access=changes`."""
    lines = []
    for element in interface:
        if element.tag == "method":
            arguments = ["%s %s %s" % (arg.get("direction", "in"), arg.get("type"), arg.get("name"))
                         for arg in element.findall("arg")]
            annotations = ["%s=%s" % (note.get("name"), note.get("value")) for note in element.findall("annotation")]
            lines.append(" ".join(["method %s(%s)" % (element.get("name"), ", ".join(arguments))] + annotations))
        elif element.tag == "signal":
            arguments = ["%s %s" % (arg.get("type"), arg.get("name")) for arg in element.findall("arg")]
            lines.append("signal %s(%s)" % (element.get("name"), ", ".join(arguments)))
        elif element.tag == "property":
            annotations = ["%s=%s" % (note.get("name"), note.get("value")) for note in element.findall("annotation")]
            lines.append(" ".join(["property", element.get("name"), element.get("type"), element.get("access")]
                                  + annotations))
    return lines


def introspect(client):
    objects = {}
    for path in [ROOT, scene("findview"), window(1)]:
        reply = client.call(path, INTROSPECTABLE, "Introspect")
        if reply is None:
            continue
        node = ElementTree.fromstring(str(reply[0]))
        objects[path] = {
            "interfaces": {interface.get("name"): member_lines(interface) for interface in node.findall("interface")},
            "nodes": [child.get("name") for child in node.findall("node")],
        }
    # The intermediate nodes a tree walker (busctl tree, d-feet) goes through.
    for path in ["/", "/org", "/org/scenehost", ROOT + "/scene", ROOT + "/window"]:
        reply = client.call(path, INTROSPECTABLE, "Introspect")
        if reply is not None:
            node = ElementTree.fromstring(str(reply[0]))
            objects[path] = {"interfaces": {i.get("name"): [] for i in node.findall("interface")},
                             "nodes": [child.get("name") for child in node.findall("node")]}
    return {"objects": objects, "calls": client.calls}


def typed(value):
    return {"type": signature_of(value), "value": plain(value)}


def properties(client):
    objects = {}

    def read(path, interface):
        everything = client.call(path, PROPERTIES, "GetAll", "s", (interface,))
        if everything is None:
            return
        all_typed = {str(name): typed(value) for name, value in everything[0].items()}
        one_by_one = {}
        for name in sorted(all_typed):
            reply = client.call(path, PROPERTIES, "Get", "ss", (interface, name))
            if reply is not None:
                one_by_one[name] = typed(reply[0])
        objects[path] = {"interface": interface, "getAll": all_typed, "get": one_by_one}
        return everything[0]

    host = read(ROOT, HOST1)
    for scene_path in host["Scenes"]:
        found = read(str(scene_path), SCENE1)
        for window_path in found["Windows"]:
            read(str(window_path), WINDOW1)
    managed = client.call(ROOT, OBJECT_MANAGER, "GetManagedObjects")
    mistakes = [
        client.call(ROOT, PROPERTIES, "Set", "ssv", (HOST1, "Version", "2.0.0"), label="Set Host1.Version"),
        client.call(window(GALLERY_ALERT), PROPERTIES, "Set", "ssv", (WINDOW1, "Hidden", True), label="Set Window1.Hidden"),
        client.call(ROOT, PROPERTIES, "Get", "ss", (HOST1, "Volume"), label="Get Host1.Volume"),
        client.call(ROOT, PROPERTIES, "Get", "ss", (WINDOW1, "Title"), label="Get Window1.Title at the root"),
        client.call(ROOT, PROPERTIES, "GetAll", "s", ("org.scenehost.Nope1",), label="GetAll org.scenehost.Nope1"),
    ]
    return {
        "objects": objects,
        "managed": {str(path): sorted(str(name) for name in interfaces) for path, interfaces in managed[0].items()},
        "mistakesAnswered": sum(1 for reply in mistakes if reply is None),
        "calls": [call for call in client.calls if "error" in call],
    }


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else ""
    scenarios = {"introspect": introspect, "properties": properties}
    if what not in scenarios:
        sys.exit("usage: contract.py introspect|properties")
    emit(scenarios[what](Client(listen=False)))
