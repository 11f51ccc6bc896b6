/// A first-in, first-out queue on one array: popping advances a head index, and spent slots are
/// compacted away once they are at least half the array (amortised O(1) per element).
struct Queue<Element> {
    private var elements: [Element?] = []
    private var head = 0

    var isEmpty: Bool { head == elements.count }
    var count: Int { elements.count - head }
    var first: Element? { isEmpty ? nil : elements[head] }

    mutating func append(_ element: Element) {
        elements.append(element)
    }

    mutating func popFirst() -> Element? {
        guard !isEmpty else { return nil }
        let element = elements[head]
        elements[head] = nil  // release it now
        head += 1
        if head == elements.count {
            elements.removeAll(keepingCapacity: elements.capacity <= 1024)
            head = 0
        } else if head >= 64, head * 2 >= elements.count {
            elements.removeFirst(head)
            head = 0
        }
        return element
    }

    mutating func removeAll() {
        elements.removeAll()
        head = 0
    }
}
