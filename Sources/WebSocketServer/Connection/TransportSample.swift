/// One connection's byte counters at an instant. Comparing two samples tells a peer that is
/// slow from one that is gone, which no single timer can: a client reading a backed-up
/// broadcast slowly never lets its queue drain, and a keepalive ping queued behind that
/// backlog cannot be answered in time, yet such a client is alive.
struct TransportSample: Equatable {
    /// Bytes the peer's TCP stack has acknowledged so far (written minus what the kernel
    /// still holds unacknowledged).
    var bytesAcknowledged: UInt64
    /// Bytes on their way to the peer: in our queues or unacknowledged in the kernel.
    var bytesInFlight: Int
    /// Bytes the peer sent that the server has not read yet (reading paused, or the loop behind).
    var unreadInputBytes: Int

    /// Whether the peer took any output after `earlier`: the stall rule closes only a
    /// connection where it took none, so a client that reads, however slowly, is never closed
    /// for it. Acknowledgements, not writes, are the measure: the kernel lets us write again
    /// only once a third of its send buffer is free, which a slow reader may take longer than
    /// the stall timeout to free, while its TCP stack acknowledges every window it reopens.
    func hasDelivered(since earlier: TransportSample) -> Bool {
        bytesAcknowledged > earlier.bytesAcknowledged
    }

    /// Whether the peer shows it is alive though no frame of its own was read after `earlier`:
    /// its TCP stack kept acknowledging output that is still flowing (it is reading, just
    /// behind), or it sent bytes that wait unread on our side (we are behind, not it).
    /// Acknowledgements of output that has all arrived do not count, so an idle peer must
    /// still answer a keepalive ping.
    func showsPeerAlive(since earlier: TransportSample) -> Bool {
        unreadInputBytes > 0 || (bytesAcknowledged > earlier.bytesAcknowledged && bytesInFlight > 0)
    }
}
