"""Regenerates docs/screenshots/ from a real `trackside serve` in headless Chromium.

    .venv/bin/python Tests/Integration/screenshots.py            # after `swift build`
    .venv/bin/python Tests/Integration/screenshots.py display    # only the station display's (or: map, cards)

Each set runs on the server it names. `demo`: the default command (`trackside serve`, the simulator on the bundled
1 and 2 lines) as a new visitor opens it: demo-map.png (1280x800, no ?at=). `city`: the full-network replay (the
seven subway feeds of 2024-01-20 on the 2018 static GTFS), the whole city at z10 with its Replay badge: city.png
(1280x900). On the recorded 1–6/S replay (from ../shared/data) with the 2018 static GTFS: `map`, desktop-map.png
(1280x800, Midtown) and phone.png (390x844, touch, twice the pixel density); `cards`, vehicle-card.png (a train's
card, opened by a click on it) and station-popup.png (a station's live arrivals and its hand-off links); `display`,
the station display at Times Sq in three screen shapes (16:9, 9:16, 4:3) and two themes (dark, light):
display-<shape>-<theme>.png.
"""
import pathlib
import subprocess
import sys
import tempfile
import time
import urllib.error

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "Integration"))
import headless_chromium  # noqa: E402
from conftest import TracksideServer  # noqa: E402
from map_page import MIDTOWN  # noqa: E402
from trackside_api import full_network_args, get_json, replay_args  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
STATION = "127"  # Times Sq-42 St
# The display's screen shapes (CSS pixels) and themes.
DISPLAY_SCREENS = {"16x9": (1280, 720), "9x16": (720, 1280), "4x3": (1024, 768)}
DISPLAY_THEMES = ("dark", "light")


def station_position(server):
    """Where the station is, or None when the server does not serve stations."""
    try:
        stations = get_json(server, "/api/stations")["features"]
    except urllib.error.HTTPError:
        return None
    return next((f["geometry"]["coordinates"] for f in stations if f["properties"]["id"] == STATION), None)


def ready(driver, url):
    driver.get(url)
    headless_chromium.wait_until(driver, "window.__trackside && window.__trackside.ready === true", timeout=60)
    time.sleep(1)


def page_shot(server, name, size, path, until=None):
    """One screenshot `name` of the map page at `path`, `size` CSS pixels, once it is ready (and `until` holds)."""
    driver = headless_chromium.start(*size)
    try:
        ready(driver, f"{server.base_url}{path}")
        if until:
            headless_chromium.wait_until(driver, until, timeout=30)
        time.sleep(2)
        driver.save_screenshot(str(OUT / name))
    finally:
        driver.quit()
    return [name]


def demo_shots(server, missing):
    """demo-map.png: the default command's map as it opens, badge and explanation included."""
    return page_shot(server, "demo-map.png", (1280, 800), "/")


def city_shots(server, missing):
    """city.png: every subway train of the full-network replay at city zoom, labelled a replay by its badge."""
    return page_shot(server, "city.png", (1280, 900), "/?at=-73.96,40.705,10",
                     until="(window.__trackside.sourceLabel || '').startsWith('Replay')")


def map_shots(server, missing):
    """desktop-map.png and phone.png."""
    driver = headless_chromium.start(1280, 800)
    try:
        ready(driver, f"{server.base_url}/?at={MIDTOWN}.6")
        driver.save_screenshot(str(OUT / "desktop-map.png"))
    finally:
        driver.quit()

    phone = headless_chromium.start(390, 844, mobile=True)
    try:
        ready(phone, f"{server.base_url}/?at=-73.985,40.752,13.6")
        phone.save_screenshot(str(OUT / "phone.png"))
    finally:
        phone.quit()
    return ["desktop-map.png", "phone.png"]


def card_shots(server, missing):
    """vehicle-card.png (a click on a train standing apart in Midtown) and station-popup.png."""
    driver = headless_chromium.start(1280, 800)
    try:
        ready(driver, f"{server.base_url}/?at=-73.975,40.758,14")
        # A train drawn well inside the view with no other vehicle near, clicked where its bullet is drawn.
        found = driver.execute_script("""const m = window.__trackside.map, c = m.getCanvas();
            for (const f of m.queryRenderedFeatures({layers: ['vehicle-icons']})) {
                const p = m.project(f.geometry.coordinates);
                let off = f.properties.off; if (typeof off === 'string') off = JSON.parse(off);
                const x = p.x + off[0], y = p.y + off[1];
                if (x < 420 || y < 150 || x > c.clientWidth - 150 || y > c.clientHeight - 150) continue;
                if (m.queryRenderedFeatures([[x - 30, y - 30], [x + 30, y + 30]], {layers: ['vehicle-icons']}).length === 1)
                    return [f.properties.id, f.geometry.coordinates];
            }
            return null;""")
        if found is None:
            missing.append("vehicle-card.png (no train stands apart in the view)")
        else:
            vehicle_id, (lon, lat) = found
            headless_chromium.click_map_at(driver, lon, lat)
            headless_chromium.wait_until(driver, "document.querySelectorAll('#vehicle-card li[data-stop]').length > 0")
            time.sleep(0.5)
            driver.save_screenshot(str(OUT / "vehicle-card.png"))

        position = station_position(server)
        if position is None:
            missing.append("station-popup.png (the server has no /api/stations)")
        else:
            lon, lat = position
            ready(driver, f"{server.base_url}/?at={lon},{lat - 0.004},15.2")
            headless_chromium.click_map_at(driver, lon, lat)
            headless_chromium.wait_until(driver, "document.querySelectorAll('.stop-popup .arrivals li').length > 0")
            time.sleep(0.5)
            driver.save_screenshot(str(OUT / "station-popup.png"))
    finally:
        driver.quit()
    return ["vehicle-card.png", "station-popup.png"]


def display_shots(server, missing):
    """display-<shape>-<theme>.png, each once the board and its clock are shown."""
    for shape, (width, height) in DISPLAY_SCREENS.items():
        screen = headless_chromium.start(width, height)
        try:
            for theme in DISPLAY_THEMES:
                screen.get(f"{server.base_url}/display?station={STATION}&theme={theme}")
                headless_chromium.wait_until(
                    screen, "window.__trackside && window.__trackside.ready === true"
                    " && window.__trackside.rows.length > 0 && document.getElementById('clock').textContent !== ''",
                    timeout=60)
                time.sleep(0.5)
                screen.save_screenshot(str(OUT / f"display-{shape}-{theme}.png"))
        finally:
            screen.quit()
    return [f"display-{shape}-{theme}.png" for shape in DISPLAY_SCREENS for theme in DISPLAY_THEMES]


# Each set and the `trackside serve` arguments of the server it is taken on.
SETS = {"demo": (demo_shots, lambda shared: []), "city": (city_shots, full_network_args),
        "map": (map_shots, replay_args), "cards": (card_shots, replay_args), "display": (display_shots, replay_args)}


def main() -> None:
    chosen = sys.argv[1:] or list(SETS)
    unknown = [name for name in chosen if name not in SETS]
    if unknown:
        raise SystemExit(f"unknown screenshot set {unknown[0]!r}; choose from {', '.join(SETS)}")
    shared = ROOT.parent / "shared" / "data"
    if not shared.is_dir():
        raise SystemExit(f"{shared} is missing: the screenshots show recorded feeds from it")
    binary = pathlib.Path(subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                                         capture_output=True, text=True).stdout.strip()) / "trackside"
    OUT.mkdir(parents=True, exist_ok=True)
    missing = []
    taken = []
    with tempfile.TemporaryDirectory() as logs:
        # One server per kind of source, each set taken on its own.
        for server_args in dict.fromkeys(SETS[name][1] for name in chosen):
            server = TracksideServer(binary, server_args(shared), logs)
            try:
                for name in chosen:
                    shots, args = SETS[name]
                    if args is server_args:
                        taken += shots(server, missing)
            finally:
                server.stop()
    for name in taken:
        print(OUT / name)
    if missing:
        raise SystemExit("not regenerated: " + "; ".join(missing))


if __name__ == "__main__":
    main()
