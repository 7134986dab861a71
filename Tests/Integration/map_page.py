"""Helpers for the map page's browser suites: opening the page, reading `window.__trackside`, and the checks
every test ends with. Vehicles are compared with `GET /api/vehicles` for the page's subscription at the same seq."""
import time

import pytest

from headless_chromium import open_page, wait_until
from trackside_api import get_json

# Midtown Manhattan at zoom 13: about 6 km across in 1024 px, trains as full bullets.
MIDTOWN = "-73.982,40.758,13"


def open_map(browser, server, at=MIDTOWN, check_load=False):
    """Opens the map and waits until its first snapshot is drawn. The console is then checked from after the
    load (what the test does next), or from before it with `check_load`."""
    open_page(browser, f"{server.base_url}/?at={at}")
    wait_until(browser, "window.__trackside && window.__trackside.ready === true", timeout=45)
    if not check_load:
        browser.get_log("browser")


def page(browser, name):
    """One value of `window.__trackside`."""
    return browser.execute_script(f"return window.__trackside.{name}")


def rendered_vehicle_ids(browser):
    return set(browser.execute_script(
        "return window.__trackside.map.queryRenderedFeatures({layers: ['vehicle-icons']}).map(f => f.properties.id)"))


def assert_clean(browser, server):
    """No page errors, no console errors, and every request went to the server under test."""
    assert browser.execute_script("return window.__errors") == []
    severe = [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert severe == []
    resources = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    foreign = [url for url in resources if not url.startswith((server.base_url, "data:", "blob:"))]
    assert foreign == []


def same_tick_vehicles(browser, server):
    """The page's vehicles and the server's REST answer for the page's subscription, at the same seq."""
    for _ in range(50):
        subscription = page(browser, "subscription")
        seq_before = page(browser, "seq")
        bbox = ",".join(str(v) for v in subscription["bbox"])
        layers = ",".join(subscription["layers"])
        rest = get_json(server, f"/api/vehicles?bbox={bbox}&layers={layers}")
        known = set(browser.execute_script("return window.__trackside.vehicleIds"))
        if rest["seq"] == seq_before == page(browser, "seq") and rest["epoch"] == page(browser, "epoch"):
            return known, rest
        time.sleep(0.1)
    pytest.fail("the page and /api/vehicles never agreed on a seq")
