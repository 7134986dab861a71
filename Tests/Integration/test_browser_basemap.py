"""The map page's offline base map and its views of the whole system, in a real browser (headless Chromium,
SwiftShader WebGL2) against a real `trackside serve`: names drawn with the vendored glyphs (stations with collision
handling from zoom 13, neighbourhoods at city zooms), every subway train of the network drawn at city zoom as a
compact marker, what the default view weighs, and a deployment's own style (`--basemap-style`)."""
import functools
import http.server
import json
import threading

import pytest

from headless_chromium import open_page, set_viewport, wait_until
from map_page import assert_clean, open_map, page, same_tick_vehicles
from trackside_api import NEW_YORK_CITY, full_network_args, get_json, replay_args

TIMES_SQUARE = (-73.98726, 40.75529)  # the 1/2/3's Times Sq-42 St platforms (stop 127)


def rendered(browser, layer, box=None):
    """Features of `layer` drawn on screen (in `box` = [[x0, y0], [x1, y1]] when given)."""
    return browser.execute_script("""
        const map = window.__trackside.map, box = arguments[1];
        return (box ? map.queryRenderedFeatures(box, {layers: [arguments[0]]}) : map.queryRenderedFeatures({layers: [arguments[0]]}))
            .map(f => ({properties: f.properties, layout: f.layer.layout || {}}));""", layer, box)


def wait_for_labels(browser, layer):
    wait_until(browser, f"window.__trackside.map.queryRenderedFeatures({{layers: ['{layer}']}}).length > 0", timeout=30)


def test_station_and_neighbourhood_names_are_drawn_near_times_square_at_zoom_14(browser, replay_server):
    lon, lat = TIMES_SQUARE
    open_map(browser, replay_server, at=f"{lon},{lat},14", check_load=True)
    wait_for_labels(browser, "station-labels")
    x, y = browser.execute_script("const p = window.__trackside.map.project(arguments[0]); return [p.x, p.y]", [lon, lat])
    near = {f["properties"]["name"] for f in rendered(browser, "station-labels", [[x - 150, y - 60], [x + 150, y + 60]])}
    assert any("Times Sq" in name for name in near), near  # the station, or the complex holding it
    wait_for_labels(browser, "place-neighbourhoods")
    neighbourhoods = {f["properties"]["name"] for f in rendered(browser, "place-neighbourhoods")}
    assert "Midtown-Times Square" in neighbourhoods
    # The land under it is the finest level's, and the glyphs came from the server (no 404: a missing range is an error).
    assert rendered(browser, "land-z14")
    fonts = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.endsWith('.pbf'))")
    assert any("Open%20Sans%20Semibold/0-255.pbf" in name for name in fonts)
    assert_clean(browser, replay_server)


def test_station_names_collide_at_zoom_13_and_are_not_drawn_below_it(browser, replay_server):
    open_map(browser, replay_server, at="-73.985,40.745,13", check_load=True)
    wait_for_labels(browser, "station-labels")
    stations = browser.execute_script("""
        const map = window.__trackside.map, b = map.getBounds();
        return map.querySourceFeatures('stations').filter(f => b.contains(f.geometry.coordinates)).map(f => f.properties.id)""")
    labelled = rendered(browser, "station-labels")
    in_view = len(set(stations))
    assert 0 < len(labelled) < in_view, "some names give way where stations crowd (Midtown has dozens)"
    browser.execute_script("window.__trackside.map.jumpTo({zoom: 12.5})")
    wait_until(browser, "window.__trackside.map.loaded() && window.__trackside.map.queryRenderedFeatures({layers: ['station-labels']}).length === 0")
    assert_clean(browser, replay_server)


@pytest.fixture
def full_network_server(start_trackside, shared_data):
    return start_trackside(*full_network_args(shared_data), wait_ready=True, start_timeout=90)


def trains_drawn(browser, vehicles, box=None):
    """At one moment: of `vehicles` (from /api/vehicles) on screen, or in `box`, those the page's store holds, those
    missing from it, and what the vehicle layer draws: ids and (route, icon) pairs."""
    return browser.execute_script("""
        const t = window.__trackside, map = t.map, w = map.getCanvas().clientWidth, h = map.getCanvas().clientHeight;
        const box = arguments[1];
        const wanted = arguments[0].filter(v => {
            if (box) return v.lon >= box[0] && v.lon <= box[2] && v.lat >= box[1] && v.lat <= box[3];
            const p = map.project([v.lon, v.lat]); return p.x >= 0 && p.y >= 0 && p.x <= w && p.y <= h; });
        const held = new Set(t.drawnIds);
        // The image a feature is drawn with (queryRenderedFeatures evaluates it to {name, available}).
        const imageName = f => { const image = f.layer.layout['icon-image']; return image?.name ?? String(image); };
        const drawn = map.queryRenderedFeatures({layers: ['vehicle-icons']});
        return {expected: wanted.filter(v => held.has(v.id)).map(v => v.id), missing: wanted.filter(v => !held.has(v.id)).map(v => v.id),
                drawn: drawn.map(f => f.properties.id), icons: drawn.map(f => [f.properties.route, imageName(f)])};""",
        vehicles, box)


def assert_every_train_drawn(browser, vehicles, box=None, minimum=1):
    """Every train of `vehicles` on screen (or in `box`) is drawn. The replay forgets and re-reads its feeds every few
    seconds, so what is drawn is compared with the page's own store at one moment (the store is checked against
    /api/vehicles by the caller), a few times if a frame lags behind a change."""
    for _ in range(40):
        moment = trains_drawn(browser, vehicles, box)
        if set(moment["expected"]) <= set(moment["drawn"]) and len(moment["expected"]) >= minimum:
            return moment
        browser.execute_script("return new Promise(r => setTimeout(r, 250))")
    assert len(moment["expected"]) >= minimum and set(moment["expected"]) <= set(moment["drawn"]), moment


def test_every_subway_train_is_drawn_at_city_zoom(browser, full_network_server):
    server = full_network_server
    set_viewport(browser, 1280, 900)
    try:
        west, south, east, north = NEW_YORK_CITY
        # Zoom 11 over Manhattan, Brooklyn and western Queens (about 37 by 26 km).
        open_map(browser, server, at="-73.95,40.71,11", check_load=True)
        known, rest = same_tick_vehicles(browser, server)
        assert known == {v["id"] for v in rest["vehicles"]} and len(known) >= 50
        assert "bus" not in page(browser, "subscription")["layers"]  # buses wait for zoom 14
        moment = assert_every_train_drawn(browser, rest["vehicles"], minimum=30)
        assert all(icon in (f"dot:{route}", f"dot-dim:{route}") for route, icon in moment["icons"]), "compact dots"
        # Zoom 10: the whole city (48 km) on one screen, every train in it drawn.
        browser.execute_script(f"window.__trackside.map.jumpTo({{center: [{(west + east) / 2}, {(south + north) / 2}], zoom: 10}})")
        wait_until(browser, "(b => b[0] <= -74.26 && b[2] >= -73.70 && b[1] <= 40.49 && b[3] >= 40.92)"
                            "(window.__trackside.subscription.bbox)")
        known, rest = same_tick_vehicles(browser, server)
        assert known == {v["id"] for v in rest["vehicles"]}
        assert_every_train_drawn(browser, rest["vehicles"], box=NEW_YORK_CITY, minimum=50)
        # Zoomed in, the same trains are full route bullets.
        browser.execute_script("window.__trackside.map.jumpTo({zoom: 13})")
        wait_until(browser, """window.__trackside.map.queryRenderedFeatures({layers: ['vehicle-icons']}).length > 0 &&
            window.__trackside.map.queryRenderedFeatures({layers: ['vehicle-icons']})
            .every(f => f.layer.layout['icon-image'].name.startsWith('bullet'))""")
        assert_clean(browser, server)
    finally:
        set_viewport(browser, 1024, 768)


def test_the_default_view_weighs_at_most_400_kb_besides_maplibre(browser, trackside_server):
    """`trackside serve` with no options, the page with no URL options: everything it fetches (page, scripts, styles,
    API answers, base map, glyphs), as resource timing counts it with the cache off, except MapLibre's own files."""
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    try:
        open_page(browser, trackside_server.base_url + "/")
        wait_until(browser, "window.__trackside && window.__trackside.ready === true", timeout=45)
        wait_until(browser, "window.__trackside.map.loaded()", timeout=30)
        wait_for_labels(browser, "station-labels")
        entries = browser.execute_script("""
            const all = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
            return all.map(e => [e.name, e.transferSize, e.encodedBodySize]);""")
    finally:
        browser.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
    counted = [(name, size) for name, size, _ in entries if "/vendor/maplibre-gl/" not in name]
    assert all(size > 0 for _, size in counted), [name for name, size in counted if size == 0]
    names = [name.removeprefix(trackside_server.base_url) for name, _ in counted]
    assert "/data/basemap/land-z14.geojson" in names and "/api/stations" in names and "/js/main.js" in names
    assert not any(name.startswith("/data/basemap/land-z16") for name in names), "finer levels wait for their zoom"
    total = sum(size for _, size in counted)
    print(f"default view: {total} bytes in {len(counted)} requests besides MapLibre; largest:",
          sorted(((size, name) for name, size in zip(names, (s for _, s in counted))), reverse=True)[:6])
    assert total <= 400_000


class StyleServer:
    """A deployment's own tiles on 127.0.0.1: a MapLibre style with a GeoJSON land of its own, no glyphs."""

    STYLE = {
        "version": 8, "name": "Deployment tiles",
        "sources": {"deployment-land": {"type": "geojson", "data": {"type": "Feature", "properties": {}, "geometry": {
            "type": "Polygon", "coordinates": [[[-74.1, 40.6], [-73.8, 40.6], [-73.8, 40.9], [-74.1, 40.9], [-74.1, 40.6]]]}}}},
        "layers": [{"id": "deployment-water", "type": "background", "paint": {"background-color": "#9ec5e8"}},
                   {"id": "deployment-land", "type": "fill", "source": "deployment-land", "paint": {"fill-color": "#efe9dc"}}],
    }

    def __enter__(self):
        style = json.dumps(self.STYLE).encode()
        requests = self.requests = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                requests.append(self.path)
                body, status = (style, 200) if self.path == "/style.json" else (b"{}", 404)
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Access-Control-Allow-Origin", "*")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()


def test_basemap_style_draws_the_deployments_own_style_under_the_transit_layers(browser, start_trackside, shared_data):
    with StyleServer() as tiles:
        url = tiles.base + "/style.json"
        server = start_trackside(*replay_args(shared_data), "--basemap-style", url, wait_ready=True)
        config = get_json(server, "/api/config")
        assert config["basemap"] == url
        lon, lat = TIMES_SQUARE
        open_map(browser, server, at=f"{lon},{lat},14", check_load=True)
        layers = browser.execute_script("return window.__trackside.map.getStyle().layers.map(l => l.id)")
        assert layers[:2] == ["deployment-water", "deployment-land"]
        assert not any(layer.startswith(("land-", "areas-", "place-")) for layer in layers), "no bundled base map on top"
        assert layers.index("route-lines") < layers.index("station-labels") < layers.index("vehicle-icons")
        assert rendered(browser, "deployment-land")
        assert tiles.requests[0] == "/style.json"
        # The style has no glyphs: station names are drawn with the server's own.
        wait_for_labels(browser, "station-labels")
        resources = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        assert not any("/data/basemap/" in name for name in resources)
        assert browser.execute_script("return window.__errors") == []
        severe = [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
        assert severe == []
        assert {name for name in resources if not name.startswith((server.base_url, "data:", "blob:"))} == {url}


def test_basemap_style_must_be_a_web_url(start_trackside, trackside_bin):
    import subprocess
    result = subprocess.run([str(trackside_bin), "serve", "--basemap-style", "file:///etc/passwd", "--port", "0"],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 2
    assert "--basemap-style" in result.stderr and "http:// or https:// URL" in result.stderr
