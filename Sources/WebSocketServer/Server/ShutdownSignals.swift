import Glibc

/// SIGTERM/SIGINT handling for a server process, without async-signal-unsafe handlers.
///
/// `block()` masks the signals before any thread starts (threads inherit the mask), then the
/// main thread collects them synchronously with `sigwait`. SIGPIPE is ignored: a peer closing
/// while we write must surface as `EPIPE` on that socket, not kill the process.
public enum ShutdownSignals {
    /// Blocks SIGTERM and SIGINT for this thread and every thread started afterwards; ignores SIGPIPE.
    public static func block() {
        signal(SIGPIPE, SIG_IGN)
        var set = signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Waits for SIGTERM or SIGINT and returns the signal number.
    public static func wait() -> Int32 {
        var set = signalSet()
        var received: Int32 = 0
        while sigwait(&set, &received) != 0 {}
        return received
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGINT)
        return set
    }
}
