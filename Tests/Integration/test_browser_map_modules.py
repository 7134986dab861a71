"""Unit tests of the map page's interaction modules, run in the real browser from `trackside serve`'s static files
(the `run_js` harness of test_browser_modules): the address's view (`?at=`), the badge's words in every state, the
vehicle card's words, the hand-off links, and the spreading of vehicles drawn at one spot."""
import math

import pytest

from test_browser_modules import run_js  # noqa: F401 (the fixture)


def test_the_address_view_is_checked_and_written_compactly(run_js):
    result = run_js("""
        const cases = [null, "", "-73.98,40.75", "-73.98,40.75,13", "-73.98,40.75,13,400", "200,100,14", "-73.98,abc,13",
                       "-73.98", "-73.98,40.75,99", "-73.98,40.75,13,0,9", "-73.98,,13", "Infinity,40,3"];
        const parsed = cases.map(at => m.parseView(at));
        const fake = {getCenter: () => ({lng: -73.981234567, lat: 40.75}), getZoom: () => 13.456, getBearing: () => -30};
        return {parsed, written: m.viewParameter(fake),
                north: m.viewParameter({...fake, getBearing: () => 359.8})};
    """, "url-state")
    views = [p["view"] for p in result["parsed"]]
    assert views[:2] == [None, None] and [p["error"] for p in result["parsed"][:2]] == [None, None]
    assert views[2] == {"center": [-73.98, 40.75], "zoom": None, "bearing": 0}
    assert views[3] == {"center": [-73.98, 40.75], "zoom": 13, "bearing": 0}
    assert views[4]["bearing"] == 40
    for bad in result["parsed"][5:]:
        assert bad["view"] is None and "is not a place on the map" in bad["error"]
    assert result["written"] == "-73.98123,40.75000,13.46,330"
    assert result["north"] == "-73.98123,40.75000,13.46"


def test_the_badge_says_what_the_data_is_in_every_state(run_js):
    result = run_js("""
        const base = {connection: "live", lost: false, source: "mta", simulatedRoutes: null, feedNowSeconds: 1462939069,
                      staleVehicles: 0, vehicles: 10, ageSeconds: 12, retryInSeconds: null, timeZone: "America/New_York"};
        const words = (changes) => m.badgeWords({...base, ...changes});
        return [
            words({}), words({staleVehicles: 6}), words({source: "demo", simulatedRoutes: ["1", "2"]}),
            words({source: "demo", simulatedRoutes: ["A"]}), words({source: "replay"}), words({source: "replay", feedNowSeconds: null}),
            words({connection: "reconnecting", retryInSeconds: 3}), words({connection: "offline", ageSeconds: 200}),
            words({lost: true}), words({connection: "connecting"}), words({lost: true, source: "demo"}),
        ].map(w => [w.state, w.label, w.detail]);
    """, "status-badge")
    assert result == [
        ["live", "Live", ""],
        ["stale", "Stale", "feeds not updating, positions 12 s old"],
        ["demo", "Demo", "simulated service on the 1 and 2 lines"],
        ["demo", "Demo", "simulated service on the A line"],
        ["replay", "Replay", "recorded Tue, 10 May 2016, 23:57:49"],
        ["replay", "Replay", "recorded feeds"],
        ["reconnecting", "Reconnecting…", "positions 12 s old, retrying in 3 s"],
        ["offline", "Offline", "positions 3 min old"],
        ["reconnecting", "Waiting for the server", "positions 12 s old"],
        ["connecting", "Connecting…", ""],
        ["reconnecting", "Waiting for the server", "positions 12 s old"],
    ]


def test_the_card_words_where_the_vehicle_is_and_how_late(run_js):
    result = run_js("""
        const card = {at: {stop: "127S", name: "Times Sq"}, stops: [{stop: "128S", name: "34 St"}]};
        return {
            stopped: m.whereWords({status: "stopped"}, card), moving: m.whereWords({status: "moving"}, card),
            unknown: m.whereWords({status: "unknown"}, card), nothing: m.whereWords({status: "moving"}, {at: null, stops: []}),
            last: m.whereWords({status: "moving"}, {at: card.at, stops: []}),
            delays: [0, 29, 31, 95, -70, null, NaN].map(m.delayWords),
            names: [m.vehicleName({kind: "subway", route: "7"}), m.vehicleName({kind: "bus", route: "MTA NYCT_M15"})],
            ages: [0, 12.4, 89, 91, 600].map(m.ageWords),
        };
    """, "vehicle-card")
    assert result["stopped"] == "Stopped at Times Sq" and result["moving"] == "Between Times Sq and 34 St"
    assert result["unknown"] == "Next stop 34 St" and result["nothing"] is None and result["last"] == "Last at Times Sq"
    assert result["delays"] == ["On time", "On time", "1 min late", "2 min late", "1 min early", None, None]
    assert result["names"] == ["7 train", "M15 bus"]
    assert result["ages"] == ["0 s", "12 s", "89 s", "2 min", "10 min"]


def test_hand_off_links_name_the_place_in_every_map_app(run_js, trackside_server):
    result = run_js("""
        return {links: m.directionLinks({lat: 40.7553, lon: -73.98717, name: "Times Sq-42 St"}),
                station: m.shareLink({station: "127"}), vehicle: m.shareLink({vehicle: "MTA NYCT_7210"}),
                busStop: m.shareLink({busStop: "404303"})};
    """, "station-handoff")
    assert result["links"] == [
        {"app": "Your map app", "href": "geo:40.755300,-73.987170?q=40.755300,-73.987170(Times%20Sq-42%20St)"},
        {"app": "Apple Maps", "href": "https://maps.apple.com/?daddr=40.755300,-73.987170&dirflg=w&q=Times%20Sq-42%20St"},
        {"app": "Google Maps",
         "href": "https://www.google.com/maps/dir/?api=1&destination=40.755300,-73.987170&travelmode=walking"},
        {"app": "OpenStreetMap",
         "href": "https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=%3B40.755300%2C-73.987170"},
    ]
    base = trackside_server.base_url
    assert result["station"] == f"{base}/?station=127"
    assert result["vehicle"] == f"{base}/?vehicle=MTA+NYCT_7210"
    assert result["busStop"] == f"{base}/?bus_stop=404303"


def test_vehicles_at_one_spot_are_spread_and_their_arrows_follow(run_js):
    result = run_js("""
        const feature = (id, x, rot) => ({type: "Feature", geometry: {type: "Point", coordinates: [x, 0]},
            properties: {id, off: [9, 0], aoff: [9, -14], rot}});
        // A 1 and a 2 at one spot, a third train 3 px away, and one far off; the map turned 30°.
        const features = [feature("1-a", 0, 10), feature("2-b", 0, 190), feature("3-c", 3, 100), feature("far", 500, 0)];
        const before = JSON.parse(JSON.stringify(features));
        m.spreadOverlaps(features, ([x, y]) => ({x, y}), 30);
        return {before, after: features};
    """, "overlap")
    before, after = result["before"], result["after"]

    def centre(f):
        return (f["geometry"]["coordinates"][0] + f["properties"]["off"][0], f["properties"]["off"][1])

    def arrow(f):
        # Where the arrow is drawn on screen: its offset turned by its bearing on the screen.
        theta = math.radians(f["properties"]["rot"] - 30)
        ax, ay = f["properties"]["aoff"]
        return (f["geometry"]["coordinates"][0] + ax * math.cos(theta) - ay * math.sin(theta),
                ax * math.sin(theta) + ay * math.cos(theta))

    spread = [centre(f) for f in after[:3]]
    for i in range(3):
        for j in range(i + 1, 3):
            assert math.dist(spread[i], spread[j]) >= 21.9, "icons at one spot must not overlap"
    assert after[3] == before[3], "a vehicle standing alone is not moved"
    for old, new in zip(before[:3], after[:3]):
        icon_move = (centre(new)[0] - centre(old)[0], centre(new)[1] - centre(old)[1])
        arrow_move = (arrow(new)[0] - arrow(old)[0], arrow(new)[1] - arrow(old)[1])
        assert icon_move == pytest.approx(arrow_move, abs=1e-9), "each arrow moves with its bullet"
