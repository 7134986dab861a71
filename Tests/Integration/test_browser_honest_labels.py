"""The rider's map says what its data is and what went wrong (issue 18, points 4 and 5), in a real browser against
a real `trackside serve`: the badge reads Replay with the recording's date and clock, Demo with its explanation the
first time, and Reconnecting or Offline with the positions' age, every vehicle dimmed within 5 s of losing the
server; layers without data are disabled with the reason; the address follows the view; a bad `?at=` and a failed
location say so on screen; and every text and vehicle icon meets WCAG 2.1 AA contrast in every state."""
import time

import pytest

from conftest import TracksideServer
from headless_chromium import open_page, wait_until
from map_page import MIDTOWN, assert_clean, open_map, page
from trackside_api import GTFS, REPLAY, replay_args


@pytest.fixture(scope="module")
def replay(trackside_bin, shared_data, tmp_path_factory):
    """The 1–6 lines replay (11 May 2016, looped) for the module."""
    server = TracksideServer(trackside_bin, ["--source", f"replay:{shared_data / REPLAY}", "--gtfs",
                                             str(shared_data / GTFS), "--replay-loop"], tmp_path_factory.mktemp("replay"))
    server.wait_ready(timeout=60)
    yield server
    assert server.stop() == 0


def label(browser):
    return page(browser, "sourceLabel")


def test_a_replay_says_so_with_the_recordings_date_and_clock(browser, replay):
    open_map(browser, replay)
    first = label(browser)
    assert first.startswith("Replay · recorded Wed, 11 May 2016, 23:5"), first
    # The recording's clock runs (one tick a second), while the page's own clock is today's.
    wait_until(browser, f"window.__trackside.sourceLabel !== {first!r}", timeout=5)
    assert browser.find_element("id", "status").get_attribute("data-state") == "replay"
    assert browser.find_element("id", "source-note").is_displayed() is False
    # Buses and bus stops: this recording has none, and the server has no bus timetable.
    browser.find_element("id", "layers-button").click()
    reasons = browser.execute_script("""return ['buses', 'busStops'].map(layer => {
        const input = document.querySelector(`#layer-options input[data-layer="${layer}"]`);
        const reason = document.getElementById(input.getAttribute('aria-describedby'));
        return [input.disabled, input.checked, reason.textContent, reason.offsetParent !== null]; })""")
    assert reasons == [[True, False, "This recording has no buses", True],
                       [True, False, "No bus timetable is loaded on the server", True]]
    assert_clean(browser, replay)


def test_the_demo_says_what_it_simulates_and_explains_it_once(browser, start_trackside):
    server = start_trackside(wait_ready=True)
    open_map(browser, server, at="-74.0,40.75,13")
    assert label(browser) == "Demo · simulated service on the 1 and 2 lines"
    note = browser.find_element("id", "source-note")
    assert note.is_displayed()
    assert "simulated service on the 1 and 2 lines" in note.text and "--source mta" in note.text
    browser.find_element("css selector", "#source-note .source-note-close").click()
    assert note.is_displayed() is False
    # Explained once: the next visit in this browser starts without it.
    open_map(browser, server, at="-74.0,40.75,13")
    assert browser.find_element("id", "source-note").is_displayed() is False
    browser.find_element("id", "layers-button").click()
    reason = browser.execute_script("""const input = document.querySelector('#layer-options input[data-layer="buses"]');
        return [input.disabled, document.getElementById(input.getAttribute('aria-describedby')).textContent]""")
    assert reason == [True, "The demo simulates only the 1 and 2 trains"]
    assert_clean(browser, server)


def test_losing_the_server_dims_every_vehicle_within_5_seconds(browser, start_trackside, shared_data):
    server = start_trackside(*replay_args(shared_data), wait_ready=True)
    open_map(browser, server)
    assert page(browser, "vehiclesDrawn") > 0 and page(browser, "vehiclesDimmed") is False
    current = browser.execute_script("""return window.__trackside.map.queryRenderedFeatures({layers: ['vehicle-icons']})
        .filter(f => f.properties.icon.startsWith('bullet:')).length""")
    assert current > 0
    lost_at = time.monotonic()
    assert server.stop() == 0
    wait_until(browser, "window.__trackside.vehiclesDimmed === true", timeout=5)
    wait_until(browser, """window.__trackside.map.queryRenderedFeatures({layers: ['vehicle-icons']})
        .every(f => f.properties.icon.startsWith('bullet-dim:'))""", timeout=5)
    assert time.monotonic() - lost_at <= 5.5
    text = label(browser)
    assert text.startswith(("Reconnecting", "Offline")) and "positions" in text and "old" in text, text
    assert browser.execute_script("return window.__errors") == []


def test_a_silent_server_dims_vehicles_too(browser, replay):
    """A connection that stays open but delivers nothing (a stuck proxy) counts as lost after 4 s."""
    open_map(browser, replay)
    # Stop delivering the server's messages to the page without closing the socket.
    browser.execute_script("""const original = JSON.parse; window.__silence = true;
        JSON.parse = function (text, ...rest) { if (window.__silence && typeof text === 'string' && text.startsWith('{"type"'))
            throw new SyntaxError('silenced'); return original.call(this, text, ...rest); };""")
    started = time.monotonic()
    wait_until(browser, "window.__trackside.vehiclesDimmed === true", timeout=6)
    assert time.monotonic() - started <= 6
    assert label(browser).startswith("Waiting for the server · positions")
    browser.execute_script("window.__silence = false")
    wait_until(browser, "window.__trackside.vehiclesDimmed === false", timeout=5)
    browser.get_log("browser")  # the silenced messages were logged as ignored


def test_the_address_follows_pan_zoom_and_bearing(browser, replay):
    open_map(browser, replay)
    length = browser.execute_script("return history.length")
    browser.execute_script("window.__trackside.map.jumpTo({center: [-73.9901, 40.7506], zoom: 14.25, bearing: 30})")
    wait_until(browser, "new URLSearchParams(location.search).get('at') === '-73.99010,40.75060,14.25,30'", timeout=3)
    browser.execute_script("window.__trackside.map.jumpTo({center: [-73.98, 40.76], zoom: 13, bearing: 0})")
    wait_until(browser, "new URLSearchParams(location.search).get('at') === '-73.98000,40.76000,13.00'", timeout=3)
    assert browser.execute_script("return history.length") == length  # replaced, never pushed
    # The address opens the same view.
    open_page(browser, browser.current_url)
    wait_until(browser, "window.__trackside && window.__trackside.ready === true", timeout=45)
    view = browser.execute_script("const m = window.__trackside.map, c = m.getCenter(); return [c.lng, c.lat, m.getZoom()]")
    assert abs(view[0] + 73.98) < 1e-4 and abs(view[1] - 40.76) < 1e-4 and abs(view[2] - 13) < 1e-6
    assert_clean(browser, replay)


# Off the globe, and not numbers (test_browser_map_modules checks every other form on parseView).
@pytest.mark.parametrize("at", ["200,100,14", "-73.98,abc,13"])
def test_a_bad_at_falls_back_with_a_visible_message(browser, replay, at):
    open_page(browser, f"{replay.base_url}/?at={at}")
    wait_until(browser, "window.__trackside && window.__trackside.ready === true", timeout=45)
    notice = browser.find_element("id", "notice")
    assert notice.is_displayed()
    assert f'"{at}" is not a place on the map' in notice.text and "default view" in notice.text
    centre = browser.execute_script("const c = window.__trackside.map.getCenter(); return [c.lng, c.lat]")
    assert abs(centre[0] + 73.9855) < 1e-3 and abs(centre[1] - 40.758) < 1e-3
    assert page(browser, "vehiclesDrawn") > 0
    assert_clean(browser, replay)


def test_a_location_that_cannot_be_found_is_said_on_screen(browser, replay):
    open_map(browser, replay)
    browser.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["geolocation"], "origin": replay.base_url})
    browser.execute_cdp_cmd("Emulation.setGeolocationOverride", {})  # no position: "position unavailable"
    try:
        browser.find_element("id", "locate-button").click()
        wait_until(browser, "!document.getElementById('notice').hidden", timeout=15)
        assert "location could not be found" in browser.find_element("id", "notice").text
    finally:
        browser.execute_cdp_cmd("Emulation.clearGeolocationOverride", {})
        browser.execute_cdp_cmd("Browser.resetPermissions", {})
    assert_clean(browser, replay)


CONTRAST = """
const done = arguments[arguments.length - 1];
(async () => {
  const probe = document.createElement('canvas').getContext('2d');
  const rgb = (css) => { probe.fillStyle = '#000'; probe.fillStyle = css; const v = probe.fillStyle;
      if (v.startsWith('#')) return [1, 3, 5].map(i => parseInt(v.slice(i, i + 2), 16));
      return v.match(/[\\d.]+/g).slice(0, 3).map(Number); };
  const lum = (c) => c.map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
      .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => { const x = lum(rgb(a)), y = lum(rgb(b)); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const failures = [];
  const check = (what, fg, bg, minimum) => { const r = ratio(fg, bg); if (r < minimum) failures.push([what, fg, bg, r.toFixed(2)]); };

  // The map's own colours under the vehicles: every background and fill colour of the style as drawn.
  const map = window.__trackside.map, grounds = new Set();
  const collect = (value) => { if (typeof value === 'string' && /^(#|rgb|hsl)/.test(value)) grounds.add(value);
      else if (Array.isArray(value)) value.forEach(collect); };
  for (const layer of map.getStyle().layers) {
    if (layer.type === 'background') collect(map.getPaintProperty(layer.id, 'background-color'));
    if (layer.type === 'fill') collect(map.getPaintProperty(layer.id, 'fill-color'));
  }
  if (grounds.size === 0) throw new Error('no map colours found');

  // Vehicle icons in every state, from the colours icons.js draws with: the letters on the fill (text, 4.5:1),
  // the edge against every map colour (a graphic, 3:1).
  const icons = await import('/js/icons.js');
  const routes = new Set(['1','2','3','4','5','6','7','A','C','E','B','D','F','M','G','J','Z','L','N','Q','R','W','GS','SI']);
  for (const f of map.queryRenderedFeatures({layers: ['route-lines']})) routes.add(f.properties.route);
  for (const route of routes) for (const dimmed of [false, true]) for (const kind of ['subway', 'bus']) {
    const c = icons.vehicleIconColors(kind, kind === 'bus' ? 'M15' : route, dimmed);
    check(`${kind} ${route}${dimmed ? ' dimmed' : ''} letters`, c.text, c.fill, 4.5);
    for (const ground of grounds) check(`${kind} ${route}${dimmed ? ' dimmed' : ''} edge`, c.edge, ground, 3);
    if (dimmed) for (const ground of grounds) check(`dimmed ring`, c.ring, ground, 3);
  }

  // Every visible text of the page's own UI against its effective background, in every badge state.
  const background = (e) => { for (; e; e = e.parentElement) { const c = getComputedStyle(e).backgroundColor;
      const parts = c.match(/[\\d.]+/g).map(Number); if (parts.length < 4 || parts[3] > 0.9) return c; } return '#ffffff'; };
  const texts = (state) => {
    for (const e of document.querySelectorAll('body *')) {
      if (!e.offsetParent || e.closest('.maplibregl-ctrl-attrib') || e.closest('canvas')) continue;
      if (![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
      const style = getComputedStyle(e);
      const large = parseFloat(style.fontSize) >= 24 || (parseFloat(style.fontSize) >= 18.66 && Number(style.fontWeight) >= 700);
      check(`${state}: ${e.className || e.tagName} "${e.textContent.trim().slice(0, 30)}"`, style.color, background(e), large ? 3 : 4.5);
    }
  };
  const status = document.getElementById('status');
  for (const state of ['connecting', 'live', 'demo', 'replay', 'stale', 'reconnecting', 'offline']) {
    status.dataset.state = state;
    texts(state);
  }
  return failures;
})().then(done, (error) => done([['error', String(error)]]));
"""


def test_every_text_and_vehicle_icon_has_aa_contrast_in_every_state(browser, replay):
    open_map(browser, replay)
    # Everything the page can show at once: layers (with disabled reasons), legend, list, a vehicle card, the notice.
    for button in ("layers-button", "legend-button", "list-button"):
        browser.find_element("id", button).click()
    vehicle = browser.execute_script("return window.__trackside.drawnIds[0]")
    wait_until(browser, "document.querySelectorAll('#vehicle-list button.list-row').length > 0", timeout=10)
    browser.execute_script("document.querySelector('#vehicle-list button.list-row').click()")
    wait_until(browser, "document.querySelectorAll('#vehicle-card li[data-stop]').length > 0 || "
                        "document.querySelector('#vehicle-card .muted') !== null", timeout=10)
    browser.execute_script("""const n = document.getElementById('notice'); n.hidden = false;
        n.querySelector('.notice-text').textContent = 'A message'; document.getElementById('source-note').hidden = false;
        document.querySelector('#source-note .source-note-text').textContent = 'This is a demo'""")
    assert vehicle
    failures = browser.execute_async_script(CONTRAST)
    assert failures == [], "\n".join(map(str, failures))
