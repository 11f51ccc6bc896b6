import DBusKit
import Testing

@Suite("Introspection XML is rendered from interface tables")
struct IntrospectionTests {
    static let touch = InterfaceDescription(
        "org.scenehost.SceneHost1.Touch",
        methods: [
            .method(
                "Tap", inputs: [.init("x", .double), .init("y", .double)], outputs: [.init("responder", .string)]
            ) { _ in [.string("")] },
            .method("Fire", flags: [.noReply]) { _ in [] },
            .method("Old", flags: [.deprecated], annotations: [Annotation("org.example.Note", "a<b&\"c\"")]) { _ in [] },
        ],
        signals: [
            SignalDescription("Touch", arguments: [.init("sequence", .uint64), .init(nil, .objectPath)]),
            SignalDescription("Gone", isDeprecated: true),
        ],
        properties: [
            PropertyDescription("Count", signature: .uint32) { .uint32(0) },
            PropertyDescription("Name", signature: .string, changeBehavior: .invalidates) { .string("") } set: { _ in },
            PropertyDescription("Version", signature: .string, changeBehavior: .constant) { .string("1") },
            PropertyDescription(writeOnly: "Secret", signature: .string) { _ in },
        ],
        annotations: [Annotation("org.example.Since", "1")]
    )

    @Test("An interface renders with argument directions, property access and annotations")
    func interfaceElement() {
        let expected = """
              <interface name="org.scenehost.SceneHost1.Touch">
                <method name="Tap">
                  <arg name="x" type="d" direction="in"/>
                  <arg name="y" type="d" direction="in"/>
                  <arg name="responder" type="s" direction="out"/>
                </method>
                <method name="Fire">
                  <annotation name="org.freedesktop.DBus.Method.NoReply" value="true"/>
                </method>
                <method name="Old">
                  <annotation name="org.freedesktop.DBus.Deprecated" value="true"/>
                  <annotation name="org.example.Note" value="a&lt;b&amp;&quot;c&quot;"/>
                </method>
                <signal name="Touch">
                  <arg name="sequence" type="t"/>
                  <arg type="o"/>
                </signal>
                <signal name="Gone">
                  <annotation name="org.freedesktop.DBus.Deprecated" value="true"/>
                </signal>
                <property name="Count" type="u" access="read"/>
                <property name="Name" type="s" access="readwrite">
                  <annotation name="org.freedesktop.DBus.Property.EmitsChangedSignal" value="invalidates"/>
                </property>
                <property name="Version" type="s" access="read">
                  <annotation name="org.freedesktop.DBus.Property.EmitsChangedSignal" value="const"/>
                </property>
                <property name="Secret" type="s" access="write">
                  <annotation name="org.freedesktop.DBus.Property.EmitsChangedSignal" value="false"/>
                </property>
                <annotation name="org.example.Since" value="1"/>
              </interface>

            """
        #expect(Self.touch.introspectionXML() == expected)
    }

    @Test("A document starts with the standard doctype and lists child nodes")
    func document() {
        let empty = InterfaceDescription("org.example.Empty1")
        let xml = Introspection.document(interfaces: [empty], children: ["a", "b"])
        #expect(
            xml == """
                <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
                "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
                <node>
                  <interface name="org.example.Empty1">
                  </interface>
                  <node name="a"/>
                  <node name="b"/>
                </node>

                """)
    }

    @Test("Standard interfaces can be included, as a live object reports them")
    func standardInterfaces() {
        let xml = Introspection.document(interfaces: [Self.touch], includingStandardInterfaces: true)
        #expect(xml.contains(#"<interface name="org.freedesktop.DBus.Peer">"#))
        #expect(xml.contains(#"<method name="GetMachineId">"#))
        #expect(xml.contains(#"<interface name="org.freedesktop.DBus.Introspectable">"#))
        #expect(xml.contains(#"<arg name="properties" type="a{sv}" direction="out"/>"#))
        #expect(xml.contains(#"<signal name="PropertiesChanged">"#))
        let peer = xml.range(of: "org.freedesktop.DBus.Peer")!
        let touch = xml.range(of: "org.scenehost.SceneHost1.Touch")!
        #expect(peer.lowerBound < touch.lowerBound)
    }

    @Test("Method descriptions expose their signatures")
    func methodSignatures() {
        let tap = Self.touch.method(named: "Tap")
        #expect(tap?.inputSignature == "dd")
        #expect(tap?.outputSignature == "s")
        #expect(Self.touch.property(named: "Name")?.access == .readWrite)
        #expect(Self.touch.property(named: "Count")?.access == .read)
        #expect(Self.touch.property(named: "Secret")?.access == .write)
        #expect(Self.touch.signal(named: "Touch")?.signature == "to")
    }
}

extension String {
    func range(of needle: String) -> Range<String.Index>? {
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(needle) {
                return index..<self.index(index, offsetBy: needle.count)
            }
            index = self.index(after: index)
        }
        return nil
    }
}
