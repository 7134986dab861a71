import TransitEngine

extension TracksideApp {
    /// The `/metrics` body: feeds, engine, push and process families. Everything here is read
    /// from counters the hot paths already keep; nothing is counted per scrape.
    func metricsText() -> String {
        var exposition = PrometheusExposition()
        let now = clock()
        let feeds = feedStatus(atWallTime: now)

        exposition.family("trackside_feed_reports_total", .counter, help: "Feed reports accepted, by feed.")
        for feed in feeds { exposition.sample("trackside_feed_reports_total", ["feed": feed.id], Double(feed.accepted)) }
        exposition.family("trackside_feed_duplicates_total", .counter, help: "Feed reports ignored as repeats, by feed.")
        for feed in feeds { exposition.sample("trackside_feed_duplicates_total", ["feed": feed.id], Double(feed.duplicates)) }
        exposition.family("trackside_feed_failures_total", .counter, help: "Feed reports that failed to decode, by feed.")
        for feed in feeds { exposition.sample("trackside_feed_failures_total", ["feed": feed.id], Double(feed.failures)) }
        exposition.family("trackside_feed_age_seconds", .gauge, help: "Age of each feed's latest data, in feed time.")
        for feed in feeds {
            if let age = feed.age { exposition.sample("trackside_feed_age_seconds", ["feed": feed.id], age) }
        }
        exposition.family("trackside_feed_stale", .gauge, help: "1 when the feed is older than its stale threshold.")
        for feed in feeds { exposition.sample("trackside_feed_stale", ["feed": feed.id], feed.isStale ? 1 : 0) }

        tickDurations.write("trackside_tick_duration_seconds", help: "Time to place every vehicle in one tick.",
                            into: &exposition)
        let counts = lastTickCounts.withLock { $0 }
        exposition.family("trackside_vehicles", .gauge, help: "Vehicles placed by the last tick, by kind and status.")
        for kind in VehicleState.Kind.allCases {
            for status in VehicleState.Status.allCases {
                exposition.sample("trackside_vehicles", ["kind": kind.rawValue, "status": status.rawValue],
                                  Double(counts.count(kind: kind, status: status)))
            }
        }

        let push = push.statistics
        exposition.single("trackside_push_connections", .gauge, help: "Open push WebSocket connections.",
                          Double(push.connections))
        exposition.single("trackside_push_regions", .gauge, help: "Distinct subscribed views.", Double(push.regions))
        exposition.single("trackside_push_seq", .gauge, help: "Number of the latest published tick.", Double(push.seq))

        let process = ProcessStatistics.current()
        if let resident = process.residentBytes {
            exposition.single("process_resident_memory_bytes", .gauge, help: "Resident memory size in bytes.",
                              Double(resident))
        }
        if let descriptors = process.openFileDescriptors {
            exposition.single("process_open_fds", .gauge, help: "Open file descriptors.", Double(descriptors))
        }
        exposition.single("process_start_time_seconds", .gauge, help: "Start time since the Unix epoch.", startedAt)
        exposition.single("trackside_uptime_seconds", .gauge, help: "Seconds since the server started.", now - startedAt)
        return exposition.text
    }

    /// The `/status` page's figures, read as `/metrics` reads them.
    func statusPage() -> StatusPage {
        let now = clock()
        let push = push.statistics
        return StatusPage(feeds: feedStatus(atWallTime: now),
                          connections: push.connections, regions: push.regions, seq: push.seq,
                          uptime: now - startedAt, version: configuration.announcedVersion, now: now)
    }
}
