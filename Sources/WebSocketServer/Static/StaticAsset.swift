/// One file from the public folder, loaded once: its prepared document and the file's stamp.
struct StaticAsset: Sendable {
    /// What identifies the file's version on disk; a change reloads it.
    struct Stamp: Sendable, Equatable {
        let size: Int
        let modifiedSeconds: Int
        let modifiedNanoseconds: Int
        let inode: UInt64
    }

    let stamp: Stamp
    let document: PreparedDocument
    let lastModified: String

    init(body: [UInt8], fileName: String, stamp: Stamp) {
        self.stamp = stamp
        document = PreparedDocument(body: body, contentType: MIMEType.forFile(fileName))
        lastModified = HTTPDate.format(stamp.modifiedSeconds)
    }
}
