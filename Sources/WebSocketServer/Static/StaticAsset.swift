/// One file from the public folder, loaded once: its bytes, a gzipped copy when that is smaller,
/// and the validators for conditional requests.
struct StaticAsset: Sendable {
    /// What identifies the file's version on disk; a change reloads it.
    struct Stamp: Sendable, Equatable {
        let size: Int
        let modifiedSeconds: Int
        let modifiedNanoseconds: Int
        let inode: UInt64
    }

    let stamp: Stamp
    let contentType: String
    let body: [UInt8]
    let gzippedBody: [UInt8]?
    /// A strong validator of the content; the gzipped representation's is `entityTag` with `-gz`.
    let entityTag: String
    let lastModified: String

    init(body: [UInt8], fileName: String, stamp: Stamp) {
        self.stamp = stamp
        self.body = body
        contentType = MIMEType.forFile(fileName)
        let hash = StaticAsset.fnv1a(body)
        entityTag = "\"" + String(hash, radix: 16) + "\""
        lastModified = HTTPDate.format(stamp.modifiedSeconds)
        if MIMEType.isCompressible(contentType), body.count >= 256, let gzipped = Gzip.compress(body),
           gzipped.count < body.count * 9 / 10 {
            gzippedBody = gzipped
        } else {
            gzippedBody = nil
        }
    }

    /// The entity tag of the gzipped representation (a different representation needs another tag).
    var gzippedEntityTag: String { String(entityTag.dropLast()) + "-gz\"" }

    /// FNV-1a, 64 bits: a fast content hash; entity tags only need to change when content does.
    private static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
