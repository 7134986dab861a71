"""The map page's live vehicles in a real browser (headless Chromium, SwiftShader WebGL2) against a real
`trackside serve` replaying recorded MTA feeds (trackside_api.replay_args). The page is opened with reduced
motion, so vehicles are drawn exactly where the server placed them and can be compared with `GET /api/vehicles`.
"""
import json

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from headless_chromium import wait_until
from map_page import assert_clean, open_map, page, rendered_vehicle_ids, same_tick_vehicles
from trackside_api import replay_args


def test_drawn_vehicles_match_the_server(browser, replay_server):
    open_map(browser, replay_server)
    known, rest = same_tick_vehicles(browser, replay_server)
    assert known == {v["id"] for v in rest["vehicles"]}
    assert len(known) > 0
    # Every vehicle the server has well inside the viewport is drawn, and nothing else is.
    inside = set(browser.execute_script("""
        const map = window.__trackside.map, canvas = map.getCanvas(), inset = 24;
        const w = canvas.clientWidth, h = canvas.clientHeight;
        return arguments[0].filter(v => { const p = map.project([v.lon, v.lat]);
            return p.x > inset && p.y > inset && p.x < w - inset && p.y < h - inset; }).map(v => v.id);""",
        rest["vehicles"]))
    rendered = rendered_vehicle_ids(browser)
    assert inside, "the test view should contain vehicles"
    assert inside <= rendered <= known
    assert_clean(browser, replay_server)


def test_pan_resubscribes_without_losing_vehicles_in_view(browser, replay_server):
    open_map(browser, replay_server)
    first = page(browser, "subscription")
    # Watch every animation frame during the pan for vehicles that were drawn and stay in view.
    browser.execute_script("""
        const t = window.__trackside, map = t.map, dx = 600;
        const w = map.getCanvas().clientWidth, h = map.getCanvas().clientHeight;
        const stays = new Set(t.map.queryRenderedFeatures({layers: ['vehicle-icons']})
            .filter(f => { const p = map.project(f.geometry.coordinates); return p.x > dx + 24 && p.x < w - 24 && p.y > 24 && p.y < h - 24; })
            .map(f => f.properties.id));
        window.__panWatch = {stays: [...stays], missing: []};
        const watch = () => {
            const drawn = new Set(t.drawnIds);
            for (const id of stays) if (!drawn.has(id)) window.__panWatch.missing.push(id);
            if (!window.__panWatch.stop) requestAnimationFrame(watch);
        };
        requestAnimationFrame(watch);
        map.panBy([dx, 0], {duration: 0});""")
    wait_until(browser, f"JSON.stringify(window.__trackside.subscription.bbox) !== '{json.dumps(first['bbox'], separators=(',', ':'))}'")
    seq = page(browser, "seq")
    wait_until(browser, f"window.__trackside.seq >= {seq + 2}")
    watch = browser.execute_script("window.__panWatch.stop = true; return window.__panWatch")
    assert watch["stays"], "some vehicles should stay in view during the pan"
    known, rest = same_tick_vehicles(browser, replay_server)
    # A vehicle may only vanish when the server itself dropped it (its trip ended in the feed).
    vanished = set(watch["missing"]) & {v["id"] for v in rest["vehicles"]}
    assert vanished == set()
    assert known == {v["id"] for v in rest["vehicles"]}
    assert page(browser, "snapshots") == 1  # the new view came as a delta, not a second snapshot
    assert_clean(browser, replay_server)


def test_live_trains_toggle_hides_and_shows_them(browser, replay_server):
    open_map(browser, replay_server)
    browser.find_element(By.ID, "layers-button").click()
    assert browser.find_element(By.ID, "layers-button").get_attribute("aria-expanded") == "true"
    assert len(rendered_vehicle_ids(browser)) > 0
    browser.find_element(By.CSS_SELECTOR, 'input[data-layer="trains"]').click()
    wait_until(browser, "window.__trackside.map.queryRenderedFeatures({layers: ['vehicle-icons']}).length === 0")
    assert page(browser, "vehiclesDrawn") == 0
    browser.find_element(By.CSS_SELECTOR, 'input[data-layer="trains"]').click()
    wait_until(browser, "window.__trackside.map.queryRenderedFeatures({layers: ['vehicle-icons']}).length > 0")
    assert_clean(browser, replay_server)


def test_zoomed_out_past_the_city_hides_vehicles_and_the_city_shows_them(browser, replay_server):
    open_map(browser, replay_server)
    browser.execute_script("window.__trackside.map.jumpTo({zoom: 8})")
    wait_until(browser, "window.__trackside.vehiclesDrawn === 0")
    assert browser.find_element(By.ID, "zoom-hint").is_displayed()
    assert browser.find_element(By.ID, "zoom-hint").text == "Zoom in to see live trains"
    browser.execute_script("window.__trackside.map.jumpTo({zoom: 10})")
    wait_until(browser, "window.__trackside.vehiclesDrawn > 0")
    assert not browser.find_element(By.ID, "zoom-hint").is_displayed()
    assert_clean(browser, replay_server)


def test_reconnects_and_resubscribes_after_the_server_restarts(browser, start_trackside, shared_data):
    first = start_trackside(*replay_args(shared_data), wait_ready=True)
    open_map(browser, first)
    old_epoch = page(browser, "epoch")
    assert first.stop() == 0
    wait_until(browser, "['reconnecting', 'offline'].includes(window.__trackside.state)", timeout=15)
    status = browser.find_element(By.ID, "status").text
    assert status.startswith("Reconnecting") or status.startswith("Offline")
    second = start_trackside(*replay_args(shared_data), port=first.port)
    wait_until(browser, "window.__trackside.state === 'live'", timeout=30)
    wait_until(browser, f"window.__trackside.epoch !== {json.dumps(old_epoch)} && window.__trackside.vehiclesDrawn > 0",
               timeout=30)
    known, rest = same_tick_vehicles(browser, second)
    assert known == {v["id"] for v in rest["vehicles"]}
    assert browser.execute_script("return window.__errors") == []


def test_controls_are_labelled_and_text_has_enough_contrast(browser, replay_server):
    open_map(browser, replay_server)
    browser.find_element(By.ID, "layers-button").click()
    unlabelled = browser.execute_script("""
        const name = e => (e.getAttribute('aria-label') || (e.labels && [...e.labels].map(l => l.textContent).join(''))
                           || e.textContent || '').trim();
        return [...document.querySelectorAll('button, input, [role=combobox], a[href]')]
            .filter(e => e.offsetParent !== null && !name(e)).map(e => e.outerHTML.slice(0, 80));""")
    assert unlabelled == []
    # WCAG contrast of every visible text element of the page's own UI against its effective background.
    low = browser.execute_script("""
        const rgb = s => s.match(/[\\d.]+/g).map(Number);
        const lum = ([r, g, b]) => [r, g, b].map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
            .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
        const background = e => { for (; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor);
            if (c.length < 4 || c[3] > 0.9) return c.slice(0, 3); } return [255, 255, 255]; };
        const out = [];
        for (const e of document.querySelectorAll('.toolbar *, .layer-panel *, .list-panel *, .zoom-hint')) {
            if (!e.offsetParent || ![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
            if (e.closest('.bullet')) continue;  // route bullets are MTA logotypes in the MTA's colours
            const fg = lum(rgb(getComputedStyle(e).color)), bg = lum(background(e));
            const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
            if (ratio < 4.5) out.push([e.className || e.tagName, ratio.toFixed(2)]);
        }
        return out;""")
    assert low == []
    # Keyboard: Tab reaches the search box and the layer controls, each with a visible focus outline.
    browser.execute_script("document.activeElement.blur()")
    reached = set()
    for _ in range(16):
        ActionChains(browser).send_keys(Keys.TAB).perform()
        focused = browser.execute_script("""const e = document.activeElement;
            return [e.id || e.dataset.layer || e.tagName, getComputedStyle(e).outlineStyle]""")
        if focused[0] == "BODY":  # focus left the page after its last control
            continue
        reached.add(focused[0])
        assert focused[1] != "none", f"{focused[0]} has no visible focus"
    assert {"search-input", "layers-button", "lines", "trains", "locate-button", "list-button"} <= reached
