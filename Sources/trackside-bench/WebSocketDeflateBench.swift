import Foundation
import TracksideCommandLine
import CLinux
import Glibc
import TransitData
import WebSocketServer

/// `trackside-bench websocket-deflate`: chooses permessage-deflate's window and memLevel.
///
/// Messages are consecutive slices of a real MTA Bus Time SIRI response (2,311 vehicles, JSON)
/// at the sizes the push protocol sends (1, 4, 16, 64 KiB). For each (windowBits, memLevel) it
/// prints the compressed share of the bytes per size, the time to compress, and the heap one
/// compressor holds (measured with mallinfo2 over 64 live compressors, not taken from zlib's
/// formula); zlib's default 15/8 is the reference row. It also times building prepared
/// broadcast messages, the per-message cost the push engine pays once per region.
struct WebSocketDeflateBench: CLICommand {
    static let name = "websocket-deflate"
    static let summary = "permessage-deflate window bits and memLevel: bytes saved, CPU time, memory per connection"
    static let usage = """
        Usage: trackside-bench websocket-deflate [--data FILE]

          --data FILE   JSON (gzip accepted) to cut into messages (default: the MTA Bus Time SIRI
                        response ../shared/data/bus-siri/vehicle-monitoring/vm_all-lines_20170225T154233.json.gz)
        """

    static let sizes = [1 << 10, 4 << 10, 16 << 10, 64 << 10]
    static let settings: [(windowBits: Int, memoryLevel: Int)] = [
        (15, 8), (15, 9), (15, 4), (14, 8), (13, 8), (12, 8), (12, 4), (12, 1), (11, 8), (10, 8), (9, 8), (9, 1),
    ]

    static func run(_ arguments: ArgumentList) throws -> Int32 {
        var arguments = arguments
        let dataPath = try arguments.value("data")
            ?? "../shared/data/bus-siri/vehicle-monitoring/vm_all-lines_20170225T154233.json.gz"
        _ = try arguments.positionals()
        let json = try Inflate.gunzipIfNeeded(Data(contentsOf: URL(fileURLWithPath: dataPath)))
        let bytes = [UInt8](json)
        print("websocket-deflate: \(bytes.count) bytes of SIRI JSON from \(dataPath)")
        var header = "| window | memLevel | compressor KiB |"
        for size in sizes { header += " \(size >> 10) KiB: % of bytes, µs |" }
        header += " time ÷ 15/8 | memory ÷ 15/8 |"
        print(header)
        print(String(repeating: "|---", count: 5 + sizes.count) + "|")
        var reference: (time: Double, memory: Double)?
        for setting in settings {
            let memory = compressorMemory(windowBits: setting.windowBits, memoryLevel: setting.memoryLevel)
            var row = "| \(setting.windowBits) | \(setting.memoryLevel) | \(format(memory / 1024, 0)) |"
            var totalTime = 0.0
            for size in sizes {
                let (ratio, micros) = compress(bytes, messageSize: size, windowBits: setting.windowBits,
                                               memoryLevel: setting.memoryLevel)
                totalTime += micros
                row += " \(format(ratio * 100, 1)) %, \(format(micros, 1)) |"
            }
            let base = reference ?? (totalTime, memory)
            reference = base
            row += " \(format(totalTime / base.time, 2)) | \(format(memory / base.memory, 2)) |"
            print(row)
        }
        print("inflater per connection (client_max_window_bits): " + [9, 12, 15].map { bits in
            "\(bits) bits \(format(inflaterMemory(windowBits: bits) / 1024, 1)) KiB"
        }.joined(separator: ", "))
        preparedMessageCost(bytes)
        return 0
    }

    /// Compressed share and mean microseconds per message for consecutive `messageSize` slices.
    private static func compress(_ bytes: [UInt8], messageSize: Int, windowBits: Int,
                                 memoryLevel: Int) -> (ratio: Double, micros: Double) {
        let deflater = try! PerMessageDeflater(windowBits: windowBits, memoryLevel: memoryLevel, compressionLevel: 6,
                                               contextTakeover: false)
        // 1 MiB of consecutive slices per size: enough messages to average over, little enough
        // to finish quickly on a shared machine.
        let messages = stride(from: 0, to: bytes.count - messageSize, by: messageSize).prefix((1 << 20) / messageSize).map {
            Array(bytes[$0..<($0 + messageSize)])
        }
        var compressedBytes = 0
        var output = [UInt8](repeating: 0, count: deflater.compressedBound(messageSize))
        let rounds = 2
        let micros = cpuMicroseconds {
            for round in 0..<rounds {
                for message in messages {
                    let length = output.withUnsafeMutableBytes { buffer in
                        message.withUnsafeBytes { deflater.compress($0, into: buffer) }
                    }
                    if round == 0 { compressedBytes += length }
                }
            }
        }
        return (Double(compressedBytes) / Double(messages.count * messageSize), micros / Double(rounds * messages.count))
    }

    /// Heap bytes held per live compressor, averaged over 64 of them.
    private static func compressorMemory(windowBits: Int, memoryLevel: Int) -> Double {
        let before = mallinfo2().uordblks
        let deflaters = (0..<64).map { _ in
            try! PerMessageDeflater(windowBits: windowBits, memoryLevel: memoryLevel, compressionLevel: 6,
                                    contextTakeover: false)
        }
        let after = mallinfo2().uordblks
        withExtendedLifetime(deflaters) {}
        return Double(after - before) / 64
    }

    /// Heap bytes held per inflater after it inflated one message (zlib allocates its window lazily).
    private static func inflaterMemory(windowBits: Int) -> Double {
        let sample: [UInt8] = Array("{\"vehicle\":\"MTA NYCT_1234\",\"route\":\"B9\"}".utf8)
        var compressed: [UInt8] = []
        try! PerMessageDeflater(windowBits: windowBits, memoryLevel: 8, compressionLevel: 6, contextTakeover: false)
            .compress(sample, appendingTo: &compressed)
        let before = mallinfo2().uordblks
        let inflaters = (0..<64).map { _ in
            let inflater = PerMessageInflater(windowBits: windowBits, contextTakeover: true)!
            var output: [UInt8] = []
            compressed.withUnsafeBytes { try? inflater.inflate($0, appendingTo: &output, limit: 1 << 20) }
            try? inflater.finishMessage(appendingTo: &output, limit: 1 << 20)
            return inflater
        }
        let after = mallinfo2().uordblks
        withExtendedLifetime(inflaters) {}
        return Double(after - before) / 64
    }

    /// Microseconds to build one prepared message (frame + shared compressed frame) per size,
    /// next to framing alone as the reference.
    private static func preparedMessageCost(_ bytes: [UInt8]) {
        let configuration = PerMessageDeflateConfiguration()
        print("prepared message, default compression (\(configuration.serverMaxWindowBits)/\(configuration.memoryLevel)):")
        for size in sizes {
            let text = String(decoding: bytes[0..<size], as: UTF8.self)
            let rounds = max(20, (2 << 20) / size)
            let framed = time(rounds) { _ = WebSocketPreparedMessage(text: text, compression: nil) }
            let compressed = time(rounds) { _ = WebSocketPreparedMessage(text: text, compression: configuration) }
            print("  \(size >> 10) KiB: \(format(compressed, 1)) µs with compression, \(format(framed, 2)) µs framing only "
                  + "(÷ \(format(compressed / framed, 0)))")
        }
    }

    /// Mean CPU microseconds of `body` over `rounds` runs.
    private static func time(_ rounds: Int, _ body: () -> Void) -> Double {
        cpuMicroseconds { for _ in 0..<rounds { body() } } / Double(rounds)
    }

    /// This thread's CPU time for `body`, in microseconds: unlike wall time it does not count the
    /// time other processes on a shared machine hold the cores.
    private static func cpuMicroseconds(_ body: () -> Void) -> Double {
        var start = timespec()
        var end = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
        body()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
        return Double(end.tv_sec - start.tv_sec) * 1e6 + Double(end.tv_nsec - start.tv_nsec) / 1e3
    }

    private static func format(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}
