/// FNV-1a, 64 bits: a fast, stable content hash.
///
/// Stable across processes (unlike Swift's per-process seeded `Hasher`), so it serves where a hash
/// must mean the same thing tomorrow: entity tags, and seeds derived from identifiers.
public enum FNV1a {
    /// The 64-bit FNV-1a hash of `bytes`.
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
