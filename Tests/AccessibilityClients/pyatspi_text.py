"""pyatspi against a running scene-host (the default demo configuration): Text, EditableText, Table
and Image, their events, and bad input.

- The Gallery field (an entry): grabFocus makes its window key and starts editing; EditableText
  inserts and deletes reach the model (Window1.DescribeTree on the host's own bus says the same);
  Text answers characters, words, the caret and geometry; text-changed:insert/delete and
  text-caret-moved arrive.
- Bad input (offsets outside the text, negative offsets and lengths, an end before a start, control
  characters and noncharacters) raises an error naming the value, changes nothing and sends no
  event; a cell outside the table is None.
- The alert's message label: Text and character geometry inside the label.
- The GestureLab table: Table with all 1,000 rows, Row 40 (out of view) and its position, and its
  Selection; the Gallery logo: Image.
Prints what it checks; exits 1 on the first mismatch.

Run by run-in-session.sh inside dbus-run-session (Tests/SceneHostIntegrationTests/Accessibility).
"""
import json
import sys

import dbus
import pyatspi

from atspi_support import collect_events, expect, fail, find, find_application, states, windows_by_name

GALLERY_MAIN = "/org/scenehost/SceneHost/window/3"


def model_field_text():
    """The field's text as the model says it (Window1.DescribeTree on the host's bus)."""
    window = dbus.SessionBus().get_object("org.scenehost.SceneHost", GALLERY_MAIN)
    tree = json.loads(window.DescribeTree(dbus_interface="org.scenehost.Window1"))
    field = find_node(tree["root"], "field")
    return field.get("text", "")


def find_node(node, ref):
    if node["ref"] == ref:
        return node
    for child in node["children"]:
        found = find_node(child, ref)
        if found is not None:
            return found
    return None


class Box:
    """x, y, width, height (pyatspi answers text geometry as tuples)."""

    def __init__(self, x, y, width, height):
        self.x, self.y, self.width, self.height = x, y, width, height

    def __repr__(self):
        return "(%d, %d, %d, %d)" % (self.x, self.y, self.width, self.height)


def refused(what, call):
    """Expects `call` to raise; returns the error's message."""
    try:
        result = call()
    except Exception as error:  # GLib.Error from libatspi, carrying the host's D-Bus error
        print("refused %s: %s" % (what, error))
        return str(error)
    fail("%s was accepted (answered %r)" % (what, result))


app = find_application()
windows = windows_by_name(app)
gallery, alert, lab = windows["Gallery"], windows["Alert"], windows["GestureLab"]
expect(alert.getRoleName() == "alert", "the alert-level window's role is %r" % alert.getRoleName())

# -- the field: an editable entry --
field = find(gallery, lambda a: a.accessibleId == "field")
expect(field.getRoleName() == "entry", "field role %r" % field.getRoleName())
expect({"editable", "single line", "focusable"} <= states(field), "field states %s" % sorted(states(field)))
expect(field.description == "" and field.getAttributes().count("placeholder-text:Type here") == 1,
       "the placeholder is the placeholder-text attribute, not the description: %r %r" % (field.description, field.getAttributes()))
expect(field.queryComponent().grabFocus(), "grabFocus on the field answered false")
expect("focused" in states(field) and "active" in states(gallery), "after grabFocus: field %s, window %s" % (sorted(states(field)), sorted(states(gallery))))
text, editable = field.queryText(), field.queryEditableText()
expect(text.characterCount == 0 and text.getText(0, -1) == "", "the field starts empty")

expect(editable.insertText(0, "hello world", 11), "insertText answered false")
expect(model_field_text() == "hello world", "the model's field text is %r" % model_field_text())
expect(text.getText(0, -1) == "hello world" and text.characterCount == 11, "getText %r" % text.getText(0, -1))
expect(text.caretOffset == 11, "caret after insert %d" % text.caretOffset)
print("getTextAtOffset(1, char) ->", text.getTextAtOffset(1, pyatspi.TEXT_BOUNDARY_CHAR))
expect(text.getTextAtOffset(1, pyatspi.TEXT_BOUNDARY_CHAR) == ("e", 1, 2), "char at 1")
expect(text.getTextAtOffset(2, pyatspi.TEXT_BOUNDARY_WORD_START) == ("hello ", 0, 6), "word at 2 %r" % (text.getTextAtOffset(2, pyatspi.TEXT_BOUNDARY_WORD_START),))
expect(text.getTextAfterOffset(2, pyatspi.TEXT_BOUNDARY_WORD_START) == ("world", 6, 11), "word after 2")
expect(text.getTextAtOffset(7, pyatspi.TEXT_BOUNDARY_LINE_START) == ("hello world", 0, 11), "line at 7")
expect(text.getCharacterAtOffset(6) == ord("w"), "character at 6")
expect(editable.insertText(5, ",!", 1), "insertText with a length")
expect(model_field_text() == "hello, world", "length 1 inserts one character: %r" % model_field_text())
expect(editable.deleteText(0, 7), "deleteText answered false")
expect(model_field_text() == "world" and text.getText(0, -1) == "world", "after delete: %r" % model_field_text())
expect(text.setCaretOffset(2) and text.caretOffset == 2, "setCaretOffset")
box = field.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
first = Box(*text.getCharacterExtents(0, pyatspi.DESKTOP_COORDS))
whole = Box(*text.getRangeExtents(0, 5, pyatspi.DESKTOP_COORDS))
print("field extents", box, "char 0", first, "range 0-5", whole)
expect(box.x < first.x < box.x + 20 and first.width > 3 and first.height > 10, "char 0 extents %r inside the field %r" % (first, box))
expect(whole.width > 2 * first.width and whole.x == first.x, "range extents %r" % (whole,))
middle = Box(*text.getCharacterExtents(3, pyatspi.DESKTOP_COORDS))
expect(text.getOffsetAtPoint(middle.x + middle.width // 2, middle.y + middle.height // 2, pyatspi.DESKTOP_COORDS) == 3, "offset at char 3's centre")

# -- bad input: refused with a message naming the value, nothing changed --
expect("99" in refused("getText(99, 100)", lambda: text.getText(99, 100)), "the error names the offset 99")
refused("getText(3, 1)", lambda: text.getText(3, 1))
expect("-5" in refused("insertText length -5", lambda: editable.insertText(0, "x", -5)), "names the length")
expect("12" in refused("insertText at 12", lambda: editable.insertText(12, "x", 1)), "names the position")
expect("U+0007" in refused("insertText of a bell", lambda: editable.insertText(0, "a\x07b", 3)), "names the character")
refused("deleteText(4, 2)", lambda: editable.deleteText(4, 2))
refused("setCaretOffset(-3)", lambda: text.setCaretOffset(-3))
# More offsets outside the text (it is "world": 5 characters), negative offsets and lengths, and
# characters a text cannot hold (control characters other than a line break, noncharacters).
expect("50" in refused("getTextAtOffset(50, char)", lambda: text.getTextAtOffset(50, pyatspi.TEXT_BOUNDARY_CHAR)), "names 50")
expect("40" in refused("getCharacterExtents(40)", lambda: text.getCharacterExtents(40, pyatspi.DESKTOP_COORDS)), "names 40")
refused("getRangeExtents(4, 2)", lambda: text.getRangeExtents(4, 2, pyatspi.DESKTOP_COORDS))
expect("-2" in refused("deleteText(-2, 1)", lambda: editable.deleteText(-2, 1)), "names -2")
expect("99" in refused("deleteText(0, 99)", lambda: editable.deleteText(0, 99)), "names 99")
expect("-1" in refused("insertText at -1", lambda: editable.insertText(-1, "x", 1)), "names the position -1")
expect("100" in refused("setCaretOffset(100)", lambda: text.setCaretOffset(100)), "names 100")
expect("U+001B" in refused("insertText of an escape", lambda: editable.insertText(0, "\x1b", 1)), "names U+001B")
expect("U+FFFE" in refused("setTextContents with U+FFFE", lambda: editable.setTextContents("ok\ufffe")), "names U+FFFE")
expect("U+FFFF" in refused("insertText of U+FFFF", lambda: editable.insertText(0, "\uffff", 1)), "names U+FFFF")
expect(model_field_text() == "world" and text.caretOffset == 2, "bad input changed the field: %r, caret %d" % (model_field_text(), text.caretOffset))

# -- the secure code field: password text, bullets only --
code = find(alert, lambda a: a.accessibleId == "code")
expect(code.getRoleName() == "password text", "code role %r" % code.getRoleName())
expect(code.queryEditableText().insertText(0, "1234", 4), "insert into the code field")
expect(code.queryText().getText(0, -1) == "\u2022" * 4, "the code field shows bullets: %r" % code.queryText().getText(0, -1))
expect("U+0009" in refused("a tab into the code field", lambda: code.queryEditableText().insertText(4, "\t", 1)), "names U+0009")
expect("-4" in refused("deleteText(-4, -1) in the code field", lambda: code.queryEditableText().deleteText(-4, -1)), "names -4")
expect(code.queryText().getText(0, -1) == "\u2022" * 4, "bad input changed the code field: %r" % code.queryText().getText(0, -1))

# -- the alert's message label --
message = find(alert, lambda a: a.accessibleId == "message")
label_text = message.queryText()
expect(label_text.getText(0, -1) == "Enter the code, then press OK.", "message text %r" % label_text.getText(0, -1))
expect(label_text.getTextAtOffset(4, pyatspi.TEXT_BOUNDARY_SENTENCE_START)[0] == "Enter the code, then press OK.", "sentence")
label_box = message.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
glyph = Box(*label_text.getCharacterExtents(0, pyatspi.DESKTOP_COORDS))
expect(label_box.x <= glyph.x < label_box.x + label_box.width and label_box.y <= glyph.y and glyph.y + glyph.height <= label_box.y + label_box.height + 1,
       "label char 0 %r not inside the label %r" % (glyph, label_box))

# -- the GestureLab table, and the Gallery logo --
table = find(lab, lambda a: a.accessibleId == "table").queryTable()
expect((table.nRows, table.nColumns) == (1000, 1), "table %d x %d" % (table.nRows, table.nColumns))
expect(table.getAccessibleAt(1, 0).name == "Row 2" and table.getIndexAt(2, 0) == 2 and table.getRowAtIndex(1) == 1, "table cells")
# A row out of view is an object of its own, made when asked, at its position among the rows.
row40 = table.getAccessibleAt(39, 0)
expect(row40 is not None and row40.name == "Row 40" and row40.getIndexInParent() == 39 and row40.getRoleName() == "list item",
       "row 40 %r" % (row40,))
expect("showing" not in states(row40) and "selectable" in states(row40), "row 40 states %s" % sorted(states(row40)))
selection = find(lab, lambda a: a.accessibleId == "table").querySelection()
expect(selection.nSelectedChildren == 0, "nothing selected yet")
# libatspi turns the host's error for a cell outside the table into None.
expect(table.getAccessibleAt(1000, 0) is None, "a cell outside the table answered something")
logo = find(gallery, lambda a: a.accessibleId == "logo")
image = logo.queryImage()
expect(logo.getRoleName() == "image" and image.imageDescription == "Gallery logo", "logo %r %r" % (logo.getRoleName(), image.imageDescription))
extents = image.getImageExtents(pyatspi.DESKTOP_COORDS)
component = logo.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
expect((extents.x, extents.y, extents.width, extents.height) == (component.x, component.y, component.width, component.height), "image extents %r" % (extents,))

# -- events: typing through EditableText is signalled like typing --


def edit():
    # Refused calls first: they change nothing, so they send nothing either (the events below are
    # those of the two good calls, in order, on the same connection).
    for bad in (lambda: editable.insertText(9, "x", 1), lambda: editable.deleteText(3, 1),
                lambda: editable.setTextContents("\x07"), lambda: text.setCaretOffset(-1)):
        try:
            bad()
        except Exception:
            pass
    editable.insertText(5, "!", 1)
    editable.deleteText(0, 1)


def all_three(events):
    kinds = {e[0] for e in events}
    return {"object:text-changed:insert", "object:text-changed:delete", "object:text-caret-moved"} <= kinds


events = [(e[0], e[1], e[3], e[4], e[5]) for e in collect_events(
    ["object:text-changed", "object:text-caret-moved"], edit, all_three, "text events from the field")]
expect(events[0] == ("object:text-changed:insert", "field", 5, 1, "!"), "the first event is not the insert of '!' at 5 (refused calls sent events?): %r" % events)
expect(("object:text-changed:delete", "field", 0, 1, "w") in events, "no text-changed:delete of 'w' at 0: %r" % events)
expect(any(e[0] == "object:text-caret-moved" and e[1] == "field" for e in events), "no text-caret-moved: %r" % events)
expect(model_field_text() == "orld!", "the model's text after the events: %r" % model_field_text())
print("RESULT: PASS")
