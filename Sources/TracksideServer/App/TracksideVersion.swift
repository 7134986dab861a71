/// The version this build of Trackside reports in `hello` messages, `/healthz` and `--version`.
/// Pages reload themselves when it changes, so bump it with every release.
public enum TracksideVersion {
    public static let current = "0.1.0"
}
