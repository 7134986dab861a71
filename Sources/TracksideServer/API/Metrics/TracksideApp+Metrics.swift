import TransitEngine

extension TracksideApp {
    /// The `/metrics` body: feeds, engine, push and process families. Everything here is read
    /// from counters the hot paths already keep; nothing is counted per scrape.
    func metricsText() -> String {
        var exposition = PrometheusExposition()
        let now = clock()
        let feeds = feedStatus(atWallTime: now).map { (id: $0.id, feed: $0) }
        exposition.perFeed("trackside_feed_reports_total", .counter, help: "Feed reports accepted, by feed.", feeds) {
            Double($0.accepted)
        }
        exposition.perFeed("trackside_feed_duplicates_total", .counter, help: "Feed reports ignored as repeats, by feed.",
                           feeds) { Double($0.duplicates) }
        exposition.perFeed("trackside_feed_failures_total", .counter,
                           help: "Feed updates rejected (failed fetch, undecodable, empty), by feed.", feeds) {
            Double($0.failures)
        }
        exposition.perFeed("trackside_feed_age_seconds", .gauge, help: "Age of each feed's latest data, in feed time.",
                           feeds) { $0.age }
        exposition.perFeed("trackside_feed_stale", .gauge, help: "1 when the feed is older than its stale threshold.",
                           feeds) { $0.isStale ? 1 : 0 }
        let matches = ingest.tripMatch.sorted { $0.key < $1.key }.map { (id: $0.key, feed: $0.value) }
        exposition.perFeed("trackside_feed_trips", .gauge, help: "Trips in each vehicle feed's latest report.", matches) {
            Double($0.trips)
        }
        exposition.perFeed("trackside_feed_matched_trips", .gauge,
                           help: "Trips of each vehicle feed's latest report whose trip or route the static GTFS has.", matches) {
            Double($0.matched)
        }
        writeFetchStatistics(into: &exposition, now: now)

        exposition.histogram("trackside_tick_duration_seconds", help: "Time to place every vehicle in one tick.",
                             tickStages.snapshot(.place))
        tickStages.write(into: &exposition)
        let health = tickHealth.withLock { $0 }
        exposition.single("trackside_tick_lag_seconds", .gauge,
                          help: "Seconds the next tick is behind its cadence (0 while ticks are on time).", health.lag(at: now))
        exposition.single("trackside_ticks_late_total", .counter,
                          help: "Ticks that came more than a cadence (at least 1 s) late.", Double(health.lateTicks))
        let counts = lastTickCounts.withLock { $0 }
        exposition.family("trackside_vehicles", .gauge, help: "Vehicles placed by the last tick, by kind and status.")
        for kind in VehicleState.Kind.allCases {
            for status in VehicleState.Status.allCases {
                exposition.sample("trackside_vehicles", ["kind": kind.rawValue, "status": status.rawValue],
                                  Double(counts.count(kind: kind, status: status)))
            }
        }

        writePushFigures(into: &exposition)
        if let stream { writeStreamFigures(stream, into: &exposition) }

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

    /// Per feed: fetches, errors by kind, bytes, time since the last good fetch and decode times.
    private func writeFetchStatistics(into exposition: inout PrometheusExposition, now: Double) {
        let feeds = (ingest.statistics.map { (id: $0.feedID, feed: $0.statistics) }
            + [elevatorFeed.map { (id: ElevatorFeed.feedID, feed: $0.statistics) }].compactMap { $0 }).sorted { $0.id < $1.id }
        exposition.perFeed("trackside_feed_fetches_total", .counter,
                           help: "Fetches delivered (documents, 304s, failures), by feed.", feeds) { Double($0.fetches) }
        exposition.family("trackside_feed_errors_total", .counter,
                          help: "Fetches that brought no fresh usable feed, by feed and kind (http, timeout, network, decode, empty, stale).")
        for (feed, statistics) in feeds {
            for kind in FeedStatistics.ErrorKind.allCases {
                exposition.sample("trackside_feed_errors_total", ["feed": feed, "kind": kind.rawValue],
                                  Double(statistics.errors[kind] ?? 0))
            }
        }
        exposition.family("trackside_feed_http_errors_total", .counter, help: "Non-2xx answers, by feed and status code.")
        for (feed, statistics) in feeds {
            for (code, count) in statistics.httpErrors.sorted(by: { $0.key < $1.key }) {
                exposition.sample("trackside_feed_http_errors_total", ["feed": feed, "code": String(code)], Double(count))
            }
        }
        exposition.perFeed("trackside_feed_bytes_total", .counter, help: "Feed document bytes received, by feed.", feeds) {
            Double($0.bytes)
        }
        exposition.perFeed("trackside_feed_last_success_age_seconds", .gauge,
                           help: "Wall-clock seconds since the feed's last good document or 304.", feeds) {
            $0.lastSuccessAt.map { max(0, now - $0) }
        }
        exposition.family("trackside_feed_decode_duration_seconds", .histogram, help: "Time to decode one feed document.")
        for (feed, statistics) in feeds {
            statistics.decodeDurations.writeSamples("trackside_feed_decode_duration_seconds", labels: [("feed", feed)],
                                                    into: &exposition)
        }
    }

    /// Push: connections and what they subscribe to, messages and bytes sent, compression, slow
    /// and closed clients, and the delay from a tick's start to its frames reaching `writev`.
    private func writePushFigures(into exposition: inout PrometheusExposition) {
        let push = push.statistics
        let sockets = webSocketCounters
        exposition.single("trackside_push_connections", .gauge, help: "Open push WebSocket connections.",
                          Double(push.connections))
        exposition.single("trackside_push_connections_accepted_total", .counter,
                          help: "Push WebSocket handshakes completed.", Double(sockets.acceptedConnections))
        exposition.single("trackside_push_subscriptions", .gauge, help: "Connections showing a view.",
                          Double(push.subscriptions))
        exposition.single("trackside_push_watches", .gauge, help: "Stations and routes watched, over all connections.",
                          Double(push.watches))
        exposition.single("trackside_push_regions", .gauge, help: "Distinct subscribed views.", Double(push.regions))
        exposition.single("trackside_push_seq", .gauge, help: "Number of the latest published tick.", Double(push.seq))
        exposition.single("trackside_push_messages_received_total", .counter, help: "Messages received from clients.",
                          Double(sockets.messagesReceived))
        exposition.single("trackside_push_messages_sent_total", .counter, help: "Messages queued for clients.",
                          Double(sockets.messagesSent))
        exposition.single("trackside_push_payload_bytes_total", .counter,
                          help: "Bytes of the messages sent, before compression.", Double(sockets.payloadBytesSent))
        exposition.single("trackside_push_sent_bytes_total", .counter,
                          help: "Bytes of the frames sent, after permessage-deflate, headers included.",
                          Double(sockets.bytesSent))
        exposition.single("trackside_push_compression_ratio", .gauge,
                          help: "Frame bytes sent per message byte (below 1 when deflate pays off; 1 before any message).",
                          sockets.payloadBytesSent > 0 ? Double(sockets.bytesSent) / Double(sockets.payloadBytesSent) : 1)
        exposition.single("trackside_push_dropped_messages_total", .counter,
                          help: "Tick messages dropped for slow clients whose output was over its bound.",
                          Double(sockets.messagesDropped))
        exposition.single("trackside_push_stalled_clients_total", .counter,
                          help: "Clients closed (1008) because they stopped reading.", Double(sockets.stalledConnections))
        exposition.single("trackside_push_rate_limited_total", .counter,
                          help: "Subscribe/resume messages refused by the per-connection rate limit.",
                          Double(push.rateLimited))
        exposition.single("trackside_push_messages_refused_total", .counter,
                          help: "Client messages of any op refused by the per-connection message budget.",
                          Double(push.overBudget))
        exposition.single("trackside_push_budget_closes_total", .counter,
                          help: "Connections closed (1008) for exceeding their message budget again and again.",
                          Double(push.closedOverBudget))
        exposition.single("trackside_push_queued_messages", .gauge,
                          help: "Client messages waiting for the push queue (each connection's bounded by the read pause).",
                          Double(push.queuedMessages))
        exposition.family("trackside_push_closed_total", .counter,
                          help: "Push connections ended, by close code (1006: dropped without a close frame).")
        for (code, count) in sockets.closesByCode {
            exposition.sample("trackside_push_closed_total", ["code": code.map(String.init) ?? "other"], Double(count))
        }
        exposition.histogram("trackside_push_tick_to_socket_seconds",
                             help: "From a tick's start to its frame handed to writev, per connection.",
                             sockets.deliveryLatency.snapshot)
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

extension TracksideApp {
    /// The Redis stream's counters (`--role engine|edge`); its age and staleness are the `stream` feed's.
    func writeStreamFigures(_ stream: TickStream, into exposition: inout PrometheusExposition) {
        let figures = stream.statistics
        exposition.single("trackside_stream_entries_read_total", .counter,
                          help: "Stream entries this process followed (an edge, a standby engine).", Double(figures.entriesRead))
        exposition.single("trackside_stream_read_bytes_total", .counter, help: "Bytes of the stream entries followed.",
                          Double(figures.bytesRead))
        exposition.single("trackside_stream_reloads_total", .counter,
                          help: "Keyframes loaded to start following or after a gap.", Double(figures.reloads))
        exposition.single("trackside_stream_appended_total", .counter, help: "Entries this engine appended as the leader.",
                          Double(figures.entriesAppended))
        exposition.single("trackside_stream_fenced_total", .counter,
                          help: "Appends Redis refused because another engine leads with a later term.", Double(figures.fencedAppends))
        exposition.single("trackside_stream_leading", .gauge, help: "1 while this engine holds the lease and publishes.",
                          stream.leadingTerm == nil ? 0 : 1)
    }
}
