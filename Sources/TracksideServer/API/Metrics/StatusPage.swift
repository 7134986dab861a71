/// `GET /status`: a small HTML page for humans with each feed's health, age and counts and the
/// push figures. Built per request from the same state `/metrics` reads.
struct StatusPage {
    var feeds: [FeedStatus]
    var connections: Int
    var regions: Int
    var seq: UInt64
    var uptime: Double
    var version: String
    /// Wall time of the request, seconds since the Unix epoch: how long ago the last failures were.
    var now: Double

    var html: String {
        var rows = ""
        for feed in feeds {
            let age = feed.age.map { "\(Int($0.rounded())) s" } ?? "—"
            let health = feed.failure != nil ? "failing" : feed.isStale ? "stale" : "fresh"
            var lastFailure = ""
            if let reason = feed.lastFailure, let at = feed.lastFailureAt {
                lastFailure = "\(Self.escape(reason)) (\(Int(max(0, now - at).rounded())) s ago)"
            }
            rows += "<tr class=\"\(feed.isStale ? "stale" : "fresh")\"><td>\(Self.escape(feed.id))</td><td>\(health)</td>"
                + "<td>\(age)</td><td>\(feed.accepted)</td><td>\(feed.duplicates)</td><td>\(feed.failures)</td>"
                + "<td>\(lastFailure)</td></tr>\n"
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
