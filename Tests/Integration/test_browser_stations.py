"""The map page's static layers, station popups and search in a real browser against a real `trackside serve`
(replay): they need `/api/routes`, `/api/stations`, `/api/stations/{id}` and `/api/search`."""
import re
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from headless_chromium import click_map_at, text_of, wait_until
from map_page import assert_clean, open_map, page
from trackside_api import station_with_arrivals


def test_page_loads_offline_and_clean(browser, replay_server):
    open_map(browser, replay_server, check_load=True)
    # The bundled base map draws land in one layer per zoom level (land-z0, land-z10, …), each level's file fetched
    # when its zoom is reached, so wait for the level of this view to be drawn.
    drawn_land = ("(() => { const m = window.__trackside.map; return m.getStyle().layers"
                  ".filter(l => /^land-z[0-9]+$/.test(l.id))"
                  ".reduce((n, l) => n + m.queryRenderedFeatures({layers: [l.id]}).length, 0); })()")
    wait_until(browser, f"{drawn_land} > 0", timeout=20)
    status = browser.execute_script(
        "const t = window.__trackside; return {state: t.state, source: t.source, stations: t.stationsLoaded,"
        " lines: t.map.queryRenderedFeatures({layers: ['route-lines']}).length}")
    assert status["state"] == "live"
    assert status["source"] == "replay"
    assert status["stations"] > 400
    assert status["lines"] > 0 and browser.execute_script(f"return {drawn_land}") > 0
    assert page(browser, "vehiclesDrawn") > 0
    time.sleep(2)  # a few ticks of deltas
    assert_clean(browser, replay_server)


def test_clicking_a_station_opens_its_arrivals(browser, replay_server):
    station, _ = station_with_arrivals(replay_server)
    assert station is not None, "no Manhattan station on the 1–6 lines has arrivals in the replay"
    lon, lat = station["geometry"]["coordinates"]
    open_map(browser, replay_server, at=f"{lon},{lat},15.5")
    click_map_at(browser, lon, lat)
    wait_until(browser, "document.querySelectorAll('.stop-popup .arrivals li').length > 0", timeout=15)
    assert page(browser, "openStop") == station["properties"]["id"]
    title = text_of(browser, ".stop-popup h2")
    assert title == station["properties"]["name"]
    # Read the rows in one script: a board pushed meanwhile re-renders the list (stale elements).
    minutes = browser.execute_script(
        "return [...document.querySelectorAll('.stop-popup .arrivals li .minutes')].map(e => e.textContent)")
    # Worded as every board words them: "Due" under a minute, else whole minutes ("Due, 7 min, 15 min").
    assert minutes and all(re.fullmatch(r"(Due|\d+ min)", part) for text in minutes for part in text.split(", ")), minutes
    assert_clean(browser, replay_server)


def test_subway_lines_toggle_hides_and_shows_them(browser, replay_server):
    open_map(browser, replay_server)
    count = "window.__trackside.map.queryRenderedFeatures({layers: ['route-lines']}).length"
    browser.find_element(By.ID, "layers-button").click()
    assert browser.execute_script(f"return {count}") > 0
    browser.find_element(By.CSS_SELECTOR, 'input[data-layer="lines"]').click()
    wait_until(browser, f"{count} === 0")
    browser.find_element(By.CSS_SELECTOR, 'input[data-layer="lines"]').click()
    wait_until(browser, f"{count} > 0")
    assert_clean(browser, replay_server)


def test_search_is_keyboard_navigable_and_flies_to_the_station(browser, replay_server):
    open_map(browser, replay_server)
    field = browser.find_element(By.ID, "search-input")
    field.click()
    field.send_keys("times sq")
    # Typing may outpace the debounce on a busy machine: wait for the results of the whole query.
    wait_until(browser, "document.getElementById('search-results').dataset.query === 'times sq' && "
                        "document.querySelectorAll('#search-results li[role=option]:not(.empty)').length > 0")
    assert field.get_attribute("aria-expanded") == "true"
    first = browser.find_element(By.CSS_SELECTOR, "#search-results li[aria-selected=true]")
    assert field.get_attribute("aria-activedescendant") == first.get_attribute("id")
    options = browser.find_elements(By.CSS_SELECTOR, "#search-results li[role=option]")
    if len(options) > 1:
        field.send_keys(Keys.ARROW_DOWN)
        assert field.get_attribute("aria-activedescendant") == options[1].get_attribute("id")
        field.send_keys(Keys.ARROW_UP)
    chosen = first.find_element(By.CSS_SELECTOR, "span").text
    assert "Times Sq" in chosen
    field.send_keys(Keys.ENTER)
    wait_until(browser, "window.__trackside.openStop !== null")
    assert field.get_attribute("aria-expanded") == "false"
    wait_until(browser, "document.querySelector('.stop-popup h2') !== null")
    assert text_of(browser, ".stop-popup h2") == chosen
    field.send_keys(Keys.ESCAPE)
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    wait_until(browser, "window.__trackside.openStop === null")
    assert_clean(browser, replay_server)
