/// `GET /status`: a small HTML page for humans with each feed's health, age and counts and the
/// push figures. Built per request from the same state `/metrics` reads.
struct StatusPage {
    var feeds: [FeedStatus]
    var connections: Int
    var regions: Int
    var seq: UInt64
    var uptime: Double
    var version: String

    var html: String {
        var rows = ""
        for feed in feeds {
            let age = feed.age.map { "\(Int($0.rounded())) s" } ?? "—"
            let health = feed.isStale ? "stale" : "fresh"
            rows += "<tr class=\"\(health)\"><td>\(Self.escape(feed.id))</td><td>\(health)</td><td>\(age)</td>"
                + "<td>\(feed.accepted)</td><td>\(feed.duplicates)</td><td>\(feed.failures)</td>"
                + "<td>\(Self.escape(feed.failure ?? ""))</td></tr>\n"
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="10">
            <title>Trackside status</title>
            <style>body{font:14px system-ui,sans-serif;margin:2em}td,th{padding:.3em .8em;text-align:left}
            .stale{background:#fdd}.fresh{background:#dfd}</style></head><body>
            <h1>Trackside \(Self.escape(version))</h1>
            <p>Up \(Int(uptime)) s · \(connections) connections · \(regions) views · tick \(seq)</p>
            <table><tr><th>feed</th><th>health</th><th>age</th><th>accepted</th><th>duplicates</th><th>failures</th><th>last failure</th></tr>
            \(rows)</table></body></html>

            """
    }

    /// Feed ids and failure texts come from configuration and the network: never trust them as HTML.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
