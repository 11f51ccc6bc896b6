"""Drives Accerciser (a GTK application, itself accessible) to show scene-host's tree for the README
screenshot: refreshes the registry view, expands the scene-host row, its FindView and GestureLab
windows and their views, and selects the GestureLab button. Used by accerciser-screenshot.sh.

Accerciser 3.40 sometimes lists an application twice when it fills its tree at start-up (its own
registration races the first fill);
"Refresh Registry" (View menu) lists each application once, so the driver starts with it.
"""
import sys
import time

import pyatspi


def find(accessible, predicate, depth=0):
    if predicate(accessible):
        return accessible
    if depth > 30:
        return None
    for child in accessible:
        if child is None:
            continue
        found = find(child, predicate, depth + 1)
        if found is not None:
            return found
    return None


def wait_for(what, probe, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = probe()
        if value is not None:
            return value
        time.sleep(0.2)
    print("accerciser_expand: no %s within %d s" % (what, timeout), file=sys.stderr)
    sys.exit(1)


def desktop_app(name):
    for app in pyatspi.Registry.getDesktop(0):
        if app is not None and app.name == name:
            return app
    return None


def do(accessible, names):
    """Runs the first action called one of `names` on `accessible` or one of its children (GTK tree
    view cells keep their actions on the renderer cells inside)."""
    for candidate in [accessible] + [child for child in accessible if child is not None]:
        try:
            action = candidate.queryAction()
        except NotImplementedError:
            continue
        for index in range(action.nActions):
            if action.getName(index) in names:
                return action.doAction(index)
    return False


def text(cell):
    """A cell's text: its own name, or its text renderer's (the name column also holds an icon)."""
    if cell is None:
        return None
    if cell.name:
        return cell.name
    names = [child.name for child in cell if child is not None and child.name]
    return names[-1] if names else ""


accerciser = wait_for("Accerciser application", lambda: desktop_app("accerciser"))
tree = wait_for("accessible tree view", lambda: find(accerciser, lambda a: a.getRoleName() == "tree table"))
refresh = wait_for("Refresh Registry menu item",
                   lambda: find(accerciser, lambda a: a.getRoleName() == "menu item" and a.name == "Refresh Registry"))
time.sleep(1)
do(refresh, ("click", "activate"))
time.sleep(1)


def rows():
    """(name cell, name, role) of the tree view's rows, in order."""
    table = tree.queryTable()
    found = []
    for index in range(table.nRows):
        cell = table.getAccessibleAt(index, 0)
        found.append((cell, text(cell), text(table.getAccessibleAt(index, 1))))
    return found


def row(name, role):
    def probe():
        for cell, cell_name, cell_role in rows():
            if cell_name == name and cell_role == role:
                return cell
        return None
    return wait_for("row %r (%s)" % (name, role), probe)


def expand(name, role):
    cell = row(name, role)
    expandable = [c for c in [cell] + list(cell) if c is not None and c.getState().contains(pyatspi.STATE_EXPANDABLE)]
    if expandable and not expandable[0].getState().contains(pyatspi.STATE_EXPANDED):
        do(cell, ("expand or contract", "expand"))
    time.sleep(0.4)
    return cell


expand("scene-host", "application")
expand("FindView", "frame")
expand("", "panel")       # FindView's root view (a view controller's view, no name)
expand("gray", "panel")
expand("GestureLab", "frame")
expand("root", "panel")
expand("Background", "panel")
# Select the button's row (the right-hand pane then describes it) and show the Interface Viewer.
table = tree.queryTable()
button_row = [index for index, (_, name, role) in enumerate(rows()) if (name, role) == ("Button", "push button")][0]
table.addRowSelection(button_row)
viewer = find(accerciser, lambda a: a.getRoleName() == "page tab" and a.name == "Interface Viewer")
if viewer is not None:
    viewer.parent.querySelection().selectChild(viewer.getIndexInParent())
    time.sleep(1)
    # Open the button's Action and Component sections (expanders in the viewer).
    for section in ("Action", "Component"):
        expander = find(viewer, lambda a: a.name == section and a.getRoleName() in ("toggle button", "push button", "panel", "filler"))
        if expander is not None:
            do(expander, ("activate", "click", "press"))
time.sleep(1)
print("rows:", [(name, role) for _, name, role in rows()])
