/// The pending timers of one event loop, ordered by deadline (a binary min-heap).
///
/// Cancellation removes the timer's action at once and leaves its heap slot to be skipped
/// when it surfaces, so cancelling is O(1) and the heap never has to search.
struct TimerQueue {
    private struct Slot {
        let deadline: UInt64
        let id: UInt64
    }

    private var heap: [Slot] = []
    private var actions: [UInt64: () -> Void] = [:]
    private var nextID: UInt64 = 1

    /// The number of timers still armed.
    var count: Int { actions.count }

    /// Arms `action` to run at `deadline` (monotonic nanoseconds); returns its id.
    mutating func schedule(at deadline: UInt64, _ action: @escaping () -> Void) -> UInt64 {
        let id = nextID
        nextID += 1
        actions[id] = action
        heap.append(Slot(deadline: deadline, id: id))
        siftUp(heap.count - 1)
        return id
    }

    /// Disarms a timer; a timer that already fired or was cancelled is ignored.
    mutating func cancel(_ id: UInt64) {
        guard actions.removeValue(forKey: id) != nil else { return }
        // Connections re-arm their deadlines on every request, so cancelled slots pile up far faster
        // than they surface; rebuild the heap once they outnumber the live timers three to one.
        if heap.count > 1024 && heap.count > 4 * actions.count { compact() }
    }

    /// The number of heap slots, live or cancelled (for tests of the compaction).
    var slotCount: Int { heap.count }

    private mutating func compact() {
        heap.removeAll { actions[$0.id] == nil }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    /// The earliest deadline among armed timers.
    mutating func nextDeadline() -> UInt64? {
        dropCancelledHead()
        return heap.first?.deadline
    }

    /// Removes and returns the actions of every timer due at `now`, earliest first.
    mutating func popDue(now: UInt64) -> [() -> Void] {
        var due: [() -> Void] = []
        while true {
            dropCancelledHead()
            guard let head = heap.first, head.deadline <= now else { return due }
            removeHead()
            if let action = actions.removeValue(forKey: head.id) { due.append(action) }
        }
    }

    private mutating func dropCancelledHead() {
        while let head = heap.first, actions[head.id] == nil { removeHead() }
    }

    private mutating func removeHead() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    private func precedes(_ a: Slot, _ b: Slot) -> Bool {
        a.deadline != b.deadline ? a.deadline < b.deadline : a.id < b.id
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(heap[child], heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            var smallest = left
            if left + 1 < heap.count, precedes(heap[left + 1], heap[left]) { smallest = left + 1 }
            guard precedes(heap[smallest], heap[parent]) else { return }
            heap.swapAt(smallest, parent)
            parent = smallest
        }
    }
}
