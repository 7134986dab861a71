"""Unit tests of the page's pure JavaScript modules, run in the real browser (headless Chromium) from
`trackside serve`'s static files: motion along segments, the vehicle store's snapshot/delta/gap handling and
its tolerance of garbage, the subscription region, the display's rows, route colours and route tokens."""
import pytest


@pytest.fixture
def run_js(browser, trackside_server):
    """Runs an async function body in a page of the server's origin; `m` holds the imported modules."""
    browser.get(f"{trackside_server.base_url}/vendor/maplibre-gl/LICENSE.txt")

    def run(body, *modules):
        script = f"""
            const done = arguments[arguments.length - 1];
            Promise.all({[f"/js/{name}.js" for name in modules]!r}.map(path => import(path)))
              .then(async loaded => {{ const m = Object.assign({{}}, ...loaded); {body} }})
              .then(done, error => done({{error: String(error && error.stack || error)}}));"""
        result = browser.execute_async_script(script)
        assert not (isinstance(result, dict) and "error" in result), result
        return result

    browser.set_script_timeout(10)
    return run


def test_motion_follows_the_path_by_time_and_never_runs_past_its_end(run_js):
    result = run_js("""
        // An L: 1 unit east, then 1 unit north (near the equator, so degrees are nearly square).
        const state = {lon: 0, lat: 0, bearing: 45, seg: {t0: 100, t1: 200, path: [[0, 0], [0.001, 0], [0.001, 0.001]]}};
        const seg = m.prepareSegment(state);
        const at = t => m.positionAt(state, seg, t);
        return {before: at(50), quarter: at(125), threeQuarters: at(175), after: at(500),
                noSegment: m.positionAt(state, null, 150), moving: m.isMoving(seg, 150), arrived: m.isMoving(seg, 200)};
    """, "motion")
    assert result["before"] == {"lon": 0, "lat": 0, "bearing": 90}
    assert result["quarter"]["lon"] == pytest.approx(0.0005, abs=1e-7) and result["quarter"]["bearing"] == pytest.approx(90)
    assert result["threeQuarters"]["lat"] == pytest.approx(0.0005, abs=1e-7)
    assert result["threeQuarters"]["bearing"] == pytest.approx(0, abs=1e-6)
    assert result["after"] == {"lon": 0.001, "lat": 0.001, "bearing": pytest.approx(0, abs=1e-6)}
    assert result["noSegment"] == {"lon": 0, "lat": 0, "bearing": 45}
    assert result["moving"] is True and result["arrived"] is False


def test_motion_rejects_unusable_segments(run_js):
    result = run_js("""
        const cases = [undefined, null, {}, {t0: 1, t1: 2}, {t0: 1, t1: 2, path: [[0, 0]]},
            {t0: 2, t1: 1, path: [[0, 0], [1, 1]]}, {t0: "a", t1: 2, path: [[0, 0], [1, 1]]},
            {t0: 1, t1: 2, path: [[0, 0], [0, 0]]}, {t0: 1, t1: 2, path: [[0, 0], "x", [NaN, 1], null]},
            {t0: 1, t1: 2, path: "garbage"}];
        return cases.map(seg => m.prepareSegment({lon: 0, lat: 0, seg}));
    """, "motion")
    assert result == [None] * 10


def test_store_applies_snapshots_and_deltas_and_detects_gaps(run_js):
    result = run_js("""
        const s = new m.VehicleStore();
        const v = (id, lon) => ({id, kind: "subway", route: "A", lon, lat: 40.7, bearing: 0, status: "moving", age: 3});
        s.applySnapshot({type: "snapshot", epoch: "e1", seq: 10, ts: 5000, vehicles: [v("a", -73.9), v("b", -73.8)]}, 4000);
        const afterSnapshot = [...s.records.keys()];
        const ok = s.applyDelta({type: "delta", epoch: "e1", seq: 11, ts: 6000, upsert: [v("c", -73.7), v("a", -73.95)], remove: ["b", "zzz"]}, 5000);
        const sameSeq = s.applyDelta({type: "delta", epoch: "e1", seq: 11, ts: 6000, upsert: [], remove: []}, 5000);
        const gap = s.applyDelta({type: "delta", epoch: "e1", seq: 13, ts: 7000, upsert: [v("d", 1)], remove: ["a"]}, 6000);
        const otherEpoch = s.applyDelta({type: "delta", epoch: "e2", seq: 12, ts: 7000, upsert: [v("d", 1)], remove: []}, 6000);
        return {afterSnapshot, ok, sameSeq, gap, otherEpoch, ids: [...s.records.keys()].sort(), seq: s.seq,
                aLon: s.records.get("a").state.lon, offset: s.clockOffsetMs, age: s.ageSeconds(s.records.get("a"), 7000)};
    """, "vehicle-store")
    assert result["afterSnapshot"] == ["a", "b"]
    assert result["ok"] is True and result["sameSeq"] is True
    assert result["gap"] is False and result["otherEpoch"] is False
    assert result["ids"] == ["a", "c"] and result["seq"] == 11 and result["aLon"] == -73.95
    assert result["offset"] == 1000
    assert result["age"] == pytest.approx(3 + 2)


def test_store_ignores_garbage_vehicles(run_js):
    result = run_js("""
        const s = new m.VehicleStore();
        s.applySnapshot({type: "snapshot", epoch: "e", seq: 1, ts: 0, vehicles: [null, 7, "x", {}, {id: 5, lon: 1, lat: 1},
            {id: "nolat", lon: 1}, {id: "nan", lon: NaN, lat: 1}, {id: "ok", lon: 1, lat: 2, seg: {path: "bad"}}]}, 0);
        s.applyDelta({type: "delta", epoch: "e", seq: 2, ts: 0}, 0);  // no upsert or remove arrays
        s.applySnapshot({type: "snapshot", epoch: "e", seq: 3, ts: 0}, 0);  // no vehicles array
        return {ids: [...s.records.keys()], seq: s.seq};
    """, "vehicle-store")
    assert result == {"ids": [], "seq": 3}


def test_region_thresholds_margin_and_coverage(run_js):
    result = run_js("""
        const box = (w, s, e, n) => ({getWest: () => w, getSouth: () => s, getEast: () => e, getNorth: () => n});
        const midtown = box(-74.00, 40.74, -73.96, 40.77);   // about 3.4 km wide, 3.3 km tall
        const options = {showTrains: true, showBuses: true, subwayMinZoom: 9, busMinZoom: 14};
        const wanted = m.desiredRegion(midtown, 13.4, options);
        const small = m.desiredRegion(box(-73.99, 40.75, -73.98, 40.76), 16, options);
        const city = m.desiredRegion(box(-74.2, 40.5, -73.7, 40.9), 11, options);
        const state = m.desiredRegion(box(-80, 40, -72, 45), 7, options);
        const world = m.desiredRegion(box(-250, -89, 250, 89), 9.5, options);
        const noTrains = m.desiredRegion(box(-73.99, 40.75, -73.98, 40.76), 16, {...options, showTrains: false});
        return {span: m.viewSpanKm(midtown), wanted, small: small.layers, city: [city.layers, city.hidden],
                state: [state.layers, state.hidden], world: world.bbox, noTrains: noTrains.layers,
                covers: m.subscriptionCovers(wanted, wanted, midtown),
                coversAfterPan: m.subscriptionCovers(wanted, wanted, box(-73.98, 40.74, -73.94, 40.77)),
                coversOtherLayers: m.subscriptionCovers({...wanted, layers: ["subway", "bus"]}, wanted, midtown),
                coversAfterZoomIn: m.subscriptionCovers(wanted, m.desiredRegion(box(-73.99, 40.75, -73.98, 40.76), 16,
                    {...options, showBuses: false}), box(-73.99, 40.75, -73.98, 40.76))};
    """, "region")
    assert result["span"] == pytest.approx(3.37, abs=0.05)
    assert result["wanted"]["layers"] == ["subway"]
    assert result["wanted"]["bbox"] == [-74.01, 40.7325, -73.95, 40.7775]
    assert result["small"] == ["subway", "bus"] and result["noTrains"] == ["bus"]
    # The whole city is one subway view (the server's budget, not the page, bounds it); buses wait for zoom 14.
    assert result["city"] == [["subway"], ["bus"]] and result["state"] == [[], ["subway", "bus"]]
    assert result["world"] == [-180, -90, 180, 90]  # the margin never leaves WGS 84
    assert result["covers"] is True and result["coversAfterPan"] is False
    assert result["coversOtherLayers"] is False and result["coversAfterZoomIn"] is False


def test_display_rows_filter_sort_and_limit(run_js):
    result = run_js("""
        const T = 1000000;
        const groups = [
            {route: "1", direction: "N", headsign: "Van Cortlandt", arrivals: [{time: T + 30, minutes: 0},
                {time: T + 400, minutes: 6}, {time: T + 900, minutes: 15}]},
            {route: "2", direction: "S", headsign: "Flatbush", arrivals: [{time: T + 200, minutes: 3}, "garbage", null]},
            {route: "3", direction: "N", headsign: "Harlem", arrivals: [{minutes: 4}]},
            {route: "5", direction: "N", arrivals: [{time: T + 100}]},
            {route: "1", direction: "S"},
            {route: "7", direction: "N", arrivals: "garbage"},
            null, "x", {direction: "N", arrivals: [{minutes: 1}]}];
        const now = {elapsedSeconds: 0, nowSeconds: T};
        const all = {lines: null, direction: null, walkMinutes: 0, rows: 10};
        const pick = rows => rows.map(r => [r.route, r.direction, r.minutes]);
        return {
            all: pick(m.boardRows(groups, now, all)),
            north: pick(m.boardRows(groups, now, {...all, direction: "N"})),
            lines: pick(m.boardRows(groups, now, {...all, lines: ["2", "3"]})),
            walk: pick(m.boardRows(groups, now, {...all, walkMinutes: 5})),
            two: pick(m.boardRows(groups, now, {...all, rows: 2})),
            later: pick(m.boardRows(groups, {elapsedSeconds: 130, nowSeconds: T + 130}, all)),
            garbage: pick(m.boardRows("garbage", now, all)),
            // Only a literal true marks a group's rows stale.
            stale: m.boardRows([{...groups[0], stale: true}, {...groups[1], stale: "yes"}, groups[2]], now, all)
                .map(r => [r.route, r.stale]),
        };
    """, "display-rows")
    assert result["all"] == [["1", "N", 0], ["5", "N", 1], ["2", "S", 3], ["3", "N", 4], ["1", "N", 6], ["1", "N", 15]]
    assert result["north"] == [["1", "N", 0], ["5", "N", 1], ["3", "N", 4], ["1", "N", 6], ["1", "N", 15]]
    assert result["lines"] == [["2", "S", 3], ["3", "N", 4]]
    assert result["walk"] == [["1", "N", 6], ["1", "N", 15]]
    # Two rows, two directions: each keeps its share (the soonest of each), still soonest first.
    assert result["two"] == [["1", "N", 0], ["2", "S", 3]]
    # 130 s later on the board's clock (a replay's board is not on the wall clock): from each arrival's time (the 15
    # min train, 900 s away, is 770 s away: 12 min), and without a time from its minutes (4 - 2 whole minutes).
    assert result["later"] == [["1", "N", 0], ["5", "N", 0], ["2", "S", 1], ["3", "N", 2], ["1", "N", 4], ["1", "N", 12]]
    assert result["garbage"] == []
    assert result["stale"] == [["1", True], ["2", False], ["3", False], ["1", True], ["1", True]]


def test_store_animates_on_the_clock_segments_are_timed_in(run_js):
    result = run_js("""
        const s = new m.VehicleStore();
        const v = (id, t0) => ({id, kind: "subway", route: "A", lon: -73.9, lat: 40.7, bearing: 0, status: "moving", age: 0,
                                seg: {t0, t1: t0 + 60, path: [[-73.9, 40.7], [-73.8, 40.7]]}});
        const clocks = [];
        // A replay: the server's wall clock (ts) is years after the recording the segments are timed in.
        s.applySnapshot({type: "snapshot", epoch: "e", seq: 1, ts: 1800000000000, vehicles: [v("a", 100.5), v("b", 80)]}, 4000);
        clocks.push(s.placementNowSeconds(5000), s.serverNowSeconds(5000));
        // An older segment start (a vehicle newly in view that was placed a while ago) does not pull the clock back.
        s.applyDelta({type: "delta", epoch: "e", seq: 2, ts: 1800000001000, upsert: [v("c", 90)], remove: []}, 6000);
        clocks.push(s.placementNowSeconds(6000));
        s.applyDelta({type: "delta", epoch: "e", seq: 3, ts: 1800000002000, upsert: [v("a", 500)], remove: []}, 7000);
        clocks.push(s.placementNowSeconds(7000));
        // The replay starts over: the clock jumps back.
        s.applyDelta({type: "delta", epoch: "e", seq: 4, ts: 1800000003000, upsert: [v("a", 10)], remove: []}, 8000);
        clocks.push(s.placementNowSeconds(8000));
        // Live data without segments: the wall clock.
        const live = new m.VehicleStore();
        live.applySnapshot({type: "snapshot", epoch: "f", seq: 1, ts: 50000, vehicles: [{id: "x", lon: 1, lat: 1}]}, 40000);
        clocks.push(live.placementNowSeconds(41000));
        return clocks;
    """, "vehicle-store")
    assert result == [101.5, 1800000001, 102.5, 500, 10, 51]


def test_route_colours_labels_and_tokens(run_js):
    result = run_js("""
        const colours = ["Bx12", "BxM1", "B44", "BM2", "Q58", "QM2", "S79", "SIM1", "M15", "MTA NYCT_M15", "MTABC_Q10", "X27"]
            .map(r => [m.busLabel(r), m.busColor(r), m.busTextColor(r)]);
        const tokens = m.richText("Take the [A] or [6X] to [Broadway].").map(n => n.nodeType === 3 ? n.textContent : n.getAttribute("aria-label"));
        const segments = m.richText(["No ", {route: "N"}, " trains", 42, {text: "!"}]).filter(Boolean).map(n => n.nodeType === 3 ? n.textContent : n.getAttribute("aria-label"));
        return {colours, tokens, segments, nqrw: m.subwayColors("Q").text, one: m.subwayColors("1"),
                labels: ["GS", "6X", "SI", "A"].map(r => m.subwayLabel(r)), contrast: m.contrastRatio("#FFFFFF", "#7030A0"),
                red: ["1", "4", "B", "G", "L", "A", "7"].map(r => m.subwayColors(r).text)};
    """, "routes", "dom")
    teal, orange, purple, lavender, manhattan, grey = "#00A6BD", "#FF6319", "#B933AD", "#B482DC", "#7030A0", "#4a5360"
    assert result["colours"] == [
        ["Bx12", teal, "#000000"], ["BxM1", teal, "#000000"], ["B44", orange, "#000000"], ["BM2", orange, "#000000"],
        ["Q58", purple, "#FFFFFF"], ["QM2", purple, "#FFFFFF"], ["S79", lavender, "#000000"], ["SIM1", lavender, "#000000"],
        ["M15", manhattan, "#FFFFFF"], ["M15", manhattan, "#FFFFFF"], ["Q10", purple, "#FFFFFF"], ["X27", grey, "#FFFFFF"]]
    assert result["tokens"] == ["Take the ", "A train", " or ", "6 express train", " to [Broadway]."]
    assert result["segments"] == ["No ", "N train", " trains", "!"]
    # White letters where they reach 4.5:1 on the line's colour (A blue, 7 purple), black where they fall short.
    assert result["nqrw"] == "#000000" and result["one"] == {"color": "#EE352E", "text": "#000000"}
    assert result["red"] == ["#000000", "#000000", "#000000", "#000000", "#000000", "#FFFFFF", "#FFFFFF"]
    assert result["labels"] == [{"text": "S", "express": False}, {"text": "6", "express": True},
                                {"text": "SIR", "express": False}, {"text": "A", "express": False}]
    assert result["contrast"] > 4.5


LIVE_FEED_HARNESS = """
    // A LiveFeed wired to fakes: a map whose view the test sets, a connection that records what is sent.
    const box = (w, s, e, n) => ({getWest: () => w, getSouth: () => s, getEast: () => e, getNorth: () => n});
    let view = box(-74.00, 40.74, -73.96, 40.77);
    let zoom = 13;
    const handlers = {};
    const map = {getBounds: () => view, getZoom: () => zoom, on: (type, fn) => { handlers[type] = fn; }};
    const sent = [];
    let open = false;  // like a real socket: nothing can be sent before the server's hello
    const connection = {state: "connecting", send: message => open && sent.push(message), start() {}, markLive() {}};
    const kinds = [];
    const renderer = {setVisibleKinds: k => kinds.push([...k]), request() {}};
    const popup = {rewatch() {}, applyArrivals() {}, applyAlerts() {}};
    const store = new m.VehicleStore();
    const feed = new m.LiveFeed({map, store, renderer, popup, config: {subway_min_zoom: 9, bus_min_zoom: 14},
        onHello() {}, onStateChange() {}, connect: () => connection});
    const v = (id, lon) => ({id, kind: "subway", route: "1", lon, lat: 40.75, bearing: 0, status: "stopped", age: 0});
    const sleep = ms => new Promise(resolve => setTimeout(resolve, ms));
    feed.start();
"""


def test_live_feed_subscribes_resumes_and_recovers_from_refusals(run_js):
    result = run_js(LIVE_FEED_HARNESS + """
        const log = [];
        open = true;
        feed.receive({type: "hello", epoch: "e1", source: "replay"}, 0);
        log.push(sent.splice(0));
        feed.receive({type: "snapshot", epoch: "e1", seq: 5, ts: 0, vehicles: [v("a", -73.98)]}, 0);
        feed.receive({type: "delta", epoch: "e1", seq: 6, ts: 0, upsert: [], remove: []}, 0);
        feed.receive({type: "delta", epoch: "e1", seq: 9, ts: 0, upsert: [v("b", -73.97)], remove: []}, 0);  // gap
        log.push(sent.splice(0));
        // Pan east: a new subscribe, then the server refuses it; the page keeps the previous view.
        await sleep(550);
        view = box(-73.98, 40.74, -73.94, 40.77);
        handlers.moveend();
        log.push(sent.splice(0));
        feed.receive({type: "error", code: "bbox_too_large", message: "too many vehicles"}, 0);
        const afterRefusal = feed.current;
        // Reconnect to the same server: resume the view the page had, at the last seq it applied.
        feed.receive({type: "hello", epoch: "e1", source: "replay"}, 0);
        log.push(sent.splice(0));
        await sleep(550);  // then the view it wants now, once the subscribe rate allows
        log.push(sent.splice(0));
        // Reconnect to a restarted server (new epoch): a fresh subscribe.
        await sleep(550);
        feed.receive({type: "hello", epoch: "e2", source: "replay"}, 0);
        log.push(sent.splice(0));
        return {log, afterRefusal, ids: [...store.records.keys()], seq: store.seq, kinds: kinds.at(-1)};
    """, "live-feed", "vehicle-store")
    midtown = [-74.01, 40.7325, -73.95, 40.7775]
    east = [-73.99, 40.7325, -73.93, 40.7775]
    hello, gap, pan, resume, moved, fresh = result["log"]
    assert hello == [{"op": "subscribe", "bbox": midtown, "layers": ["subway"]}]
    assert gap == [{"op": "resume", "epoch": "e1", "seq": 6, "bbox": midtown, "layers": ["subway"]}]
    assert result["ids"] == ["a"] and result["seq"] == 6  # the delta after the gap was not applied
    assert pan == [{"op": "subscribe", "bbox": east, "layers": ["subway"]}]
    assert result["afterRefusal"] == {"bbox": midtown, "layers": ["subway"]}
    assert resume == [{"op": "resume", "epoch": "e1", "seq": 6, "bbox": midtown, "layers": ["subway"]}]
    assert moved == [{"op": "subscribe", "bbox": east, "layers": ["subway"]}]
    assert fresh == [{"op": "subscribe", "bbox": east, "layers": ["subway"]}]
    assert result["kinds"] == ["subway"]


def test_live_feed_coalesces_pans_and_hides_vehicles_when_zoomed_out(run_js):
    result = run_js(LIVE_FEED_HARNESS + """
        open = true;
        feed.receive({type: "hello", epoch: "e1", source: "replay"}, 0);
        sent.splice(0);
        // Five pans within 100 ms: one subscribe now is not allowed (one was just sent); one later, for the last view.
        for (let i = 1; i <= 5; i++) { view = box(-74.00 + i * 0.02, 40.74, -73.96 + i * 0.02, 40.77); handlers.moveend(); await sleep(20); }
        const immediately = sent.length;
        await sleep(600);
        const coalesced = sent.splice(0);
        // The whole city (40 km) at zoom 11: one subscription for every train, buses hidden until zoom 14.
        view = box(-74.2, 40.55, -73.7, 40.9);
        zoom = 11;
        handlers.moveend();
        await sleep(600);
        const city = {sent: sent.splice(0), kinds: kinds.at(-1), hint: feed.zoomedOutTooFar, hidden: feed.wanted.hidden};
        // Zoomed out past the city (zoom 8): nothing drawn, nothing new subscribed; the zoom hint is wanted.
        view = box(-76, 39.5, -72, 42);
        zoom = 8;
        handlers.moveend();
        await sleep(600);
        const zoomedOut = {sent: sent.splice(0), kinds: kinds.at(-1), hint: feed.zoomedOutTooFar};
        // Zoomed in close with trains toggled off: buses only.
        feed.setToggles({trains: false});
        view = box(-73.99, 40.75, -73.98, 40.76);
        zoom = 16;
        handlers.moveend();
        await sleep(600);
        return {immediately, coalesced, city, zoomedOut, closeUp: {sent: sent.splice(0), kinds: kinds.at(-1)}};
    """, "live-feed", "vehicle-store")
    assert result["immediately"] == 0
    assert result["coalesced"] == [{"op": "subscribe", "bbox": [-73.91, 40.7325, -73.85, 40.7775], "layers": ["subway"]}]
    assert result["city"] == {"sent": [{"op": "subscribe", "bbox": [-74.325, 40.4625, -73.575, 40.9875], "layers": ["subway"]}],
                              "kinds": ["subway"], "hint": False, "hidden": ["bus"]}
    assert result["zoomedOut"] == {"sent": [], "kinds": [], "hint": True}
    assert result["closeUp"]["kinds"] == ["bus"]
    assert [m["layers"] for m in result["closeUp"]["sent"]] == [["bus"]]


def test_reconnection_delays_double_with_jitter_up_to_a_ceiling(run_js):
    result = run_js("""
        return [1, 2, 3, 4, 5, 6, 7, 12, 100].map(n => [m.retryDelayMs(n, 0), m.retryDelayMs(n, 0.999999)]);
    """, "connection")
    assert result == [[250, 500], [500, 1000], [1000, 2000], [2000, 4000], [4000, 8000], [7500, 15000],
                      [7500, 15000], [7500, 15000], [7500, 15000]]


def test_station_popup_renders_alerts_by_when_with_route_bullets(run_js):
    # Alerts in the wire form of DisplayAlert+JSON (header_segments, description_segments, when).
    result = run_js("""
        const popup = new m.StopPopup({}, {send: () => true, serverNowSeconds: () => 0, announce() {}});
        popup.alerts = m.validAlerts([
            {id: "1", type: "Delays", when: "now", header: "[A] trains are delayed",
             header_segments: [{route: "A"}, " trains are delayed"],
             description: "Because of [C] work.", description_segments: ["Because of ", {route: "C"}, " work."]},
            {id: "2", type: "Planned - Part Suspended", when: "tomorrow", header: "No [N] trains",
             header_segments: ["No ", {route: "N"}, " trains"]},
            {id: "3", when: "later", header: "Weekend work", header_segments: ["Weekend work"]},
            {id: "4", when: "later_today", header: "Tonight", header_segments: ["Tonight"]},
            null, "garbage"]);
        const section = popup.alertsSection();
        const titles = [...section.querySelectorAll(".section-title")].map(e => e.textContent);
        const first = section.querySelector(".alert");
        return {titles,
                bullets: [...first.querySelectorAll("summary .bullet")].map(b => b.getAttribute("aria-label")),
                type: first.querySelector(".alert-type").textContent,
                description: first.querySelector(".description").textContent,
                descriptionBullets: first.querySelectorAll(".description .bullet").length,
                tomorrowDimmed: section.querySelectorAll(".tomorrow .alert").length};
    """, "stop-popup", "board-message")
    assert result["titles"] == ["Alerts", "Later today", "Tomorrow", "Later"]
    assert result["bullets"] == ["A train"]
    assert result["type"] == "Delays: "
    assert result["description"] == "Because of C work."
    assert result["descriptionBullets"] == 1
    assert result["tomorrowDimmed"] == 2


def test_station_popup_dims_and_labels_the_groups_of_a_stale_feed(run_js):
    result = run_js("""
        const popup = new m.StopPopup({}, {send: () => true, serverNowSeconds: () => 1000, announce() {}});
        popup.updatedAtMs = Date.now();
        popup.board = {groups: m.validGroups([
            {route: "1", direction: "N", headsign: "Van Cortlandt", stale: true, arrivals: [{time: 1120, minutes: 2}]},
            {route: "2", direction: "S", headsign: "Flatbush", arrivals: [{time: 1300, minutes: 5}]},
            {route: "3", direction: "N", headsign: "Harlem", stale: "yes", arrivals: [{time: 1200, minutes: 3}]}])};
        const list = popup.arrivalsList(() => document.createElement("span"), false);
        return [...list.querySelectorAll("li")].map(li => [li.querySelector(".headsign").textContent, li.className,
            li.querySelector(".minutes").getAttribute("aria-label")]);
    """, "stop-popup", "board-message")
    # Under their directions' headings: Uptown (the 1 and the 3), then Downtown.
    assert result == [["Van Cortlandt", "stale", "in 2 minutes, may be out of date"],
                      ["Harlem", "", "in 3 minutes"], ["Flatbush", "", "in 5 minutes"]]


def test_boards_word_arrivals_one_way(run_js):
    result = run_js("""
        const en = m.texts("en"), es = m.texts("es");
        return {en: [0, 1, 12].map(en.whenText), es: [0, 7].map(es.whenText), parts: [en.when(0), en.when(3)]};
    """, "board-texts")
    assert result == {"en": ["Due", "1 min", "12 min"], "es": ["Llegando", "7 min"],
                      "parts": [{"value": "Due", "unit": None}, {"value": "3", "unit": "min"}]}


def test_station_popup_heads_directions_and_sets_terminating_trains_apart(run_js):
    result = run_js("""
        const popup = new m.StopPopup({}, {send: () => true, serverNowSeconds: () => 1000, announce() {}});
        popup.stop = {kind: "station", id: "101", name: "Van Cortlandt Park-242 St", lines: ["1"], lon: 0, lat: 0};
        popup.body = document.createElement("div");
        popup.pushed = {arrivals: false};
        popup.applyArrivals({type: "arrivals", station: "101", ts: 1705795698,
          groups: [{route: "1", direction: "S", heading: "Manhattan", headsign: "South Ferry",
                    arrivals: [{time: 1705795700, minutes: 0, due: true}, {time: 1705796000, minutes: 5}]}],
          terminating: [{route: "1", direction: "N", heading: "Last Stop", headsign: "Van Cortlandt Park-242 St",
                         arrivals: [{time: 1705795900, minutes: 3}]}, "garbage"]});
        const text = (selector) => [...popup.body.querySelectorAll(selector)].map(e => e.textContent);
        return {headings: text(".arrival-sections h4"), departures: text(".arrival-sections .minutes"),
                terminating: text(".terminating h4"), arriving: text(".terminating .minutes"),
                updated: text(".updated")};
    """, "stop-popup")
    assert result["headings"] == ["Manhattan"]
    assert result["departures"] == ["Due, 5 min"]
    assert result["terminating"] == ["Arriving, terminates here"] and result["arriving"] == ["3 min"]
    assert len(result["updated"]) == 1 and result["updated"][0].startswith("Updated ")


def test_station_popup_does_not_call_a_stale_empty_board_no_trains(run_js):
    result = run_js("""
        const popup = new m.StopPopup({}, {send: () => true, serverNowSeconds: () => 1000, announce() {}});
        // As `open` leaves it, without drawing a callout on a map.
        popup.stop = {id: "127", kind: "station", name: "Times Sq-42 St", lines: []};
        popup.pushed = {arrivals: false};
        popup.render = () => {};
        const text = () => popup.arrivalsList(() => document.createElement("span"), false).textContent;
        popup.applyArrivals({type: "arrivals", station: "127", ts: 1000, stale: true, groups: []});
        const stale = text();
        popup.applyArrivals({type: "arrivals", station: "127", ts: 1001, groups: []});
        return [stale, text()];
    """, "stop-popup", "board-message")
    assert result == ["Arrival times unavailable: the feed has not updated", "No trains expected soon"]


def test_station_popup_says_when_its_alerts_may_be_out_of_date(run_js):
    result = run_js("""
        const popup = new m.StopPopup({}, {send: () => true, serverNowSeconds: () => 0, announce() {}});
        const note = () => popup.alertsSection().querySelector(".stale-note")?.textContent ?? null;
        const notes = [note()];
        popup.alertSet.apply({type: "alerts", station: "127", stale: true, reset: true, add: [], update: [], remove: []});
        popup.alerts = popup.alertSet.alerts;
        notes.push(note());  // no alerts held: the rider must not read that as "none"
        popup.alertSet.apply({type: "alerts", station: "127", stale: false, reset: false, add: [], update: [], remove: []});
        notes.push(note());
        return notes;
    """, "stop-popup")
    assert result == [None, "Alerts may be out of date", None]


def test_alert_set_follows_reset_remove_add_and_update_messages(run_js):
    # `alerts` push messages as docs/PROTOCOL.md ("Alerts") describes them.
    result = run_js("""
        const set = new m.AlertSet();
        const a = (id, header) => ({id, when: "now", header, header_segments: [header]});
        const ids = () => set.alerts.map(alert => `${alert.id}:${alert.header}`);
        const steps = {};
        set.replaceUnlessPushed([a("r1", "from REST"), {header: "no id"}, null], true);
        steps.rest = ids();
        steps.restStale = set.stale;
        set.apply({type: "alerts", station: "127", reset: true, add: [a("1", "one"), a("2", "two"), a("3", "three")],
                   update: [], remove: []});
        steps.reset = ids();
        set.replaceUnlessPushed([a("r1", "late REST answer")]);
        steps.restAfterPush = ids();
        set.apply({type: "alerts", station: "127", reset: false, add: [a("4", "four")], update: [a("2", "two, changed")],
                   remove: ["1", "unknown"]});
        steps.delta = ids();
        set.apply({type: "alerts", station: "127", reset: false, add: "garbage", update: [7, {id: 5}, a("", "empty")],
                   remove: null});
        steps.garbage = ids();
        set.apply({type: "alerts", station: "127", reset: true, add: [], update: [], remove: []});
        steps.emptyReset = ids();
        // Staleness follows the latest message; only a literal true counts.
        steps.stale = [set.stale];
        set.apply({type: "alerts", station: "127", stale: true, reset: false, add: [a("5", "five")], update: [], remove: []});
        steps.stale.push(set.stale);
        set.apply({type: "alerts", station: "127", stale: true, reset: false, add: [], update: [], remove: []});
        steps.stale.push(set.stale, ids().length);
        set.apply({type: "alerts", station: "127", stale: "yes", reset: false, add: [], update: [], remove: []});
        steps.stale.push(set.stale);
        set.apply({type: "alerts", station: "127", stale: true, reset: false, add: [], update: [], remove: []});
        set.clear();
        steps.stale.push(set.stale);
        return steps;
    """, "alert-set")
    assert result["rest"] == ["r1:from REST"] and result["restStale"] is True
    assert result["reset"] == ["1:one", "2:two", "3:three"]
    assert result["restAfterPush"] == result["reset"]
    assert result["delta"] == ["2:two, changed", "3:three", "4:four"]
    assert result["garbage"] == result["delta"]
    assert result["emptyReset"] == []
    assert result["stale"] == [False, True, True, 1, False, False]


def test_trams_ferries_and_cable_cars_have_icons_of_their_own(run_js):
    """A tram, a ferry and a cable car (gondola, funicular) are drawn in shapes of their own beside the train's disc,
    in their line's colour: the vehicle layer names the icon by the vehicle's kind, and each icon's drawn pixels (its
    alpha mask) differ from every other's; buses stay pills, NYC's trains bullets."""
    result = run_js("""
        const place = {lon: 174.76, lat: -36.84, bearing: 90};
        const icons = ["subway", "rail", "tram", "ferry", "cable_car", "gondola", "funicular", "bus", "trolleybus"]
            .map(kind => m.vehicleFeature({id: kind, kind, route: "R1", status: "moving"}, place, 0, false).properties.icon);
        const dimmed = m.vehicleFeature({id: "t", kind: "tram", route: "R1", flags: ["stale"]}, place, 0, false).properties.icon;
        const mask = id => { const {image} = m.drawIcon(id); const a = [];
            for (let i = 3; i < image.data.length; i += 4) a.push(image.data[i] > 127 ? 1 : 0); return a.join(""); };
        const masks = ["bullet:R1", "tram:R1", "ferry:R1", "cable:R1"].map(mask);
        const {image} = m.drawIcon("ferry:R1");
        return {icons, dimmed, distinct: new Set(masks).size, dimDrawn: m.drawIcon("ferry-dim:R1") !== null,
                filled: masks.map(x => x.split("1").length - 1), size: [image.width, image.height]};
    """, "vehicle-layer", "icons")
    assert result["icons"] == ["bullet:R1", "bullet:R1", "tram:R1", "ferry:R1", "cable:R1", "cable:R1", "cable:R1",
                               "pill:R1", "pill:R1"], result["icons"]
    assert result["dimmed"] == "tram-dim:R1" and result["dimDrawn"]
    assert result["distinct"] == 4 and all(count > 200 for count in result["filled"]), result
    assert result["size"] == [40, 40]
