import Glibc

/// Bytes waiting to be written to one socket, as a list of immutable chunks with a byte bound.
///
/// Chunks are `[UInt8]`, which is copy-on-write: a broadcast frame queued on ten thousand
/// connections is stored once. The bound is a high-water mark: a chunk is accepted when the queue
/// is empty or when it fits under the limit, so a single response larger than the limit still
/// goes out, and memory per connection never exceeds `max(limit, largest chunk)`.
struct OutputQueue {
    /// The most bytes the queue accepts (see the type's note on single large chunks).
    let limit: Int
    private var chunks: [[UInt8]] = []
    private var head = 0
    /// Bytes of `chunks[head]` already written.
    private var headOffset = 0
    /// Bytes queued and not yet written.
    private(set) var queuedBytes = 0

    init(limit: Int) {
        self.limit = limit
    }

    var isEmpty: Bool { queuedBytes == 0 }

    /// Whether a chunk of `count` bytes would be accepted now.
    func canAccept(_ count: Int) -> Bool {
        queuedBytes == 0 || queuedBytes + count <= limit
    }

    /// Queues `chunk` unless the queue is over its bound; empty chunks are accepted and dropped.
    mutating func append(_ chunk: [UInt8]) -> Bool {
        append(contentsOf: CollectionOfOne(chunk))
    }

    /// Queues all of `newChunks` or none: the bound applies to their total, so a header and its
    /// body are never separated.
    mutating func append<Chunks: Collection>(contentsOf newChunks: Chunks) -> Bool where Chunks.Element == [UInt8] {
        let total = newChunks.reduce(0) { $0 + $1.count }
        guard canAccept(total) else { return false }
        for chunk in newChunks where !chunk.isEmpty { chunks.append(chunk) }
        queuedBytes += total
        return true
    }

    /// Queues the rest of `chunk`, whose first `written` bytes were already sent, in front of
    /// everything queued. Not subject to the bound: the chunk was accepted before the others.
    mutating func prepend(_ chunk: [UInt8], written: Int) {
        precondition(headOffset == 0, "a chunk goes in front only of a queue not yet being written")
        guard written < chunk.count else { return }
        if head > 0 {
            head -= 1
            chunks[head] = chunk
        } else {
            chunks.insert(chunk, at: 0)
        }
        headOffset = written
        queuedBytes += chunk.count - written
    }

    /// Writes as much as the socket takes with one `writev` (`write` for a single chunk);
    /// returns the bytes written, or -1
    /// with `errno` set (`EAGAIN` when the socket buffer is full).
    mutating func write(to fd: Int32) -> Int {
        guard !isEmpty else { return 0 }
        if head == chunks.count - 1 {
            // One chunk (a broadcast frame, typically): a plain write, no iovec array to allocate.
            let written = chunks[head].withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + headOffset, $0.count - headOffset) }
            if written > 0 { consume(written) }
            return written
        }
        var iovecs: [iovec] = []
        iovecs.reserveCapacity(OutputQueue.maxIovecs)
        let written = gather(from: head, offset: headOffset, into: &iovecs, fd: fd)
        if written > 0 { consume(written) }
        return written
    }

    /// Drops everything queued (the connection is being aborted).
    mutating func removeAll() {
        chunks = []
        head = 0
        headOffset = 0
        queuedBytes = 0
    }

    private static let maxIovecs = 64

    /// Pins each chunk's storage with nested `withUnsafeBytes` calls (their pointers are only valid
    /// inside the closures) and issues the `writev` from the innermost one.
    private func gather(from index: Int, offset: Int, into iovecs: inout [iovec], fd: Int32) -> Int {
        guard index < chunks.count, iovecs.count < OutputQueue.maxIovecs else {
            return iovecs.withUnsafeBufferPointer { Glibc.writev(fd, $0.baseAddress, Int32($0.count)) }
        }
        return chunks[index].withUnsafeBytes { bytes in
            iovecs.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: bytes.baseAddress! + offset),
                                iov_len: bytes.count - offset))
            return gather(from: index + 1, offset: 0, into: &iovecs, fd: fd)
        }
    }

    private mutating func consume(_ written: Int) {
        queuedBytes -= written
        var remaining = written
        while remaining > 0 {
            let available = chunks[head].count - headOffset
            if remaining >= available {
                remaining -= available
                head += 1
                headOffset = 0
            } else {
                headOffset += remaining
                remaining = 0
            }
        }
        if head == chunks.count {
            chunks.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 32 && head * 2 > chunks.count {
            chunks.removeFirst(head)
            head = 0
        }
    }
}
