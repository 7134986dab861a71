import CZlib

/// One-shot gzip compression (RFC 1952) of a whole file, done once per file and cached.
enum Gzip {
    /// `bytes` gzipped at the best compression level, or nil if zlib fails.
    static func compress(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        // 15-bit window + 16 selects the gzip wrapper; memLevel 9 and level 9 because this runs once.
        guard deflateInit2_(&stream, 9, Z_DEFLATED, 16 + MAX_WBITS, 9, Z_DEFAULT_STRATEGY,
                            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))))
        let status: Int32 = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = UInt32(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = UInt32(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        output.removeLast(Int(stream.avail_out))
        return output
    }
}
