"""A bus stop in the map page, in a real browser against `trackside serve` replaying a recorded Bus Time
snapshot with the subway and Manhattan bus GTFS: found by search, its popup shows its routes and the buses
of its board (`/api/bus-stops/{id}`, then `watch` with `"bus_stop"`)."""
import collections
import csv
import gzip
import json

from selenium.webdriver.common.by import By

from bus_time_reference import BUS_GTFS, SUBWAY_GTFS, VM_FILE, siri_calls, wait_for_feed
from headless_chromium import text_of, wait_until
from map_page import assert_clean, open_map
from trackside_api import get_with_status as get


def test_a_bus_stop_found_by_search_shows_its_buses(browser, start_trackside, shared_data, tmp_path):
    replay = tmp_path / "replay"
    replay.mkdir()
    (replay / "siri-vm_20170225T154233.json.gz").symlink_to(shared_data / VM_FILE)
    server = start_trackside("--source", f"replay:{replay}", "--gtfs", shared_data / SUBWAY_GTFS,
                             "--gtfs", shared_data / BUS_GTFS, "--tick", "0.5",
                             # The feeds' clock at a hundredth of real time: the buses chosen below stay ahead.
                             "--replay-speed", "0.01", start_timeout=120)
    wait_for_feed(server, "siri-vm")
    with gzip.open(shared_data / VM_FILE) as file:
        calls = siri_calls(json.load(file))
    with open(shared_data / BUS_GTFS / "stops.txt", newline="") as file:
        names = {row["stop_id"]: row["stop_name"] for row in csv.DictReader(file)}
    shared = collections.Counter(names.values())
    # A stop with a name of its own whose next bus is 2 to 40 minutes after the snapshot: at a hundredth of real
    # time, still ahead however slow the page is to open.
    start = min(call["arrival"] for call in calls if call["arrival"])
    candidates = sorted({call["stop"] for call in calls if call["arrival"] and 120 < call["arrival"] - start < 2400
                         and call["stop"] in names and shared[names[call["stop"]]] == 1})
    stop = None
    for candidate in candidates:
        status, details = get(server, f"/api/bus-stops/{candidate}")
        if status == 200 and details["arrivals"]["groups"]:
            stop = details
            break
    assert stop is not None, "no Manhattan bus stop with a bus 2 to 40 minutes out"

    open_map(browser, server, at=f"{stop['lon']},{stop['lat']},15")
    field = browser.find_element(By.ID, "search-input")
    field.click()
    field.send_keys(stop["name"])
    wait_until(browser, f"document.getElementById('search-results').dataset.query === {json.dumps(stop['name'])} && "
                        "document.querySelectorAll('#search-results li[role=option]:not(.empty)').length > 0")
    kinds = browser.execute_script(
        "return [...document.querySelectorAll('#search-results li[role=option] .result-kind')].map(e => e.textContent)")
    assert "Bus stop" in kinds
    # Found and clicked in one script: the list may re-render between two WebDriver calls (stale elements).
    clicked = browser.execute_script(
        "const item = [...document.querySelectorAll('#search-results li[role=option]')].find(li =>"
        f" li.querySelector('.result-kind')?.textContent === 'Bus stop' && li.firstChild.textContent === {json.dumps(stop['name'])});"
        "if (item) item.click(); return Boolean(item);")
    assert clicked
    wait_until(browser, "document.querySelector('.stop-popup h2') !== null")
    assert browser.execute_script("return window.__trackside.openStop") == stop["id"]
    assert text_of(browser, ".stop-popup h2") == stop["name"]
    wait_until(browser, "document.querySelectorAll('.stop-popup .arrivals li').length > 0", timeout=20)
    rows = browser.execute_script(
        "return [...document.querySelectorAll('.stop-popup .arrivals li .minutes')].map(e => e.textContent)")
    # Timed buses read "N min"; one Bus Time gives no time for reads how far away it is.
    assert rows and any(text.endswith("min") for text in rows) and all(text and text != "—" for text in rows), rows
    assert_clean(browser, server)
