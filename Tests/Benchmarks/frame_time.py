"""Frame time of the map page with 1,000 synthetic vehicles in headless Chromium (software GL).

    .venv/bin/python Tests/Benchmarks/frame_time.py [--vehicles 1000] [--seconds 10]

Serves Public/ on 127.0.0.1 and opens `index.html?bench=N`: N synthetic vehicles go through the page's own
store, motion and drawing code (snapshot, then a delta every second like the server's tick) while the page
records the interval between animation frames. Runs the cases in one browser and prints them side by side:
the empty map, N standing vehicles (drawn once; the reference) and N moving vehicles (redrawn every frame), at
zoom 14 over Midtown with no base map; then, against a real `trackside serve` (the debug build; `--city-trains`,
default 600), that many trains standing and moving at zoom 11 over the city with the bundled base map, station
and neighbourhood names: the whole system at a glance.
"""
import argparse
import functools
import http.server
import json
import pathlib
import subprocess
import sys
import threading

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "Integration"))
import headless_chromium  # noqa: E402


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def measure(driver, base: str, count: int, seconds: int, moving: bool, extra: str = "") -> dict:
    driver.get(f"{base}/index.html?bench={count}&seconds={seconds}&motion={1 if moving else 0}{extra}")
    result = headless_chromium.wait_until(driver, "window.__bench", timeout=seconds + 60)
    errors = driver.execute_script("return window.__errors")
    if errors:
        raise SystemExit(f"page errors: {errors}")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vehicles", type=int, default=1000)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--city-trains", type=int, default=600)
    args = parser.parse_args()
    trackside = start_trackside()

    handler = functools.partial(QuietHandler, directory=str(ROOT / "Public"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    driver = headless_chromium.start(1280, 800)
    try:
        cases = [("empty map", 1, False),  # one standing vehicle: the page's fixed cost
                 (f"{args.vehicles} standing (reference)", args.vehicles, False),
                 (f"{args.vehicles} moving", args.vehicles, True)]
        results = [(name, measure(driver, base, count, args.seconds, moving)) for name, count, moving in cases]
        city = f"&basemap=1&trains=1&at=-73.95,40.71,11"
        results += [(f"{args.city_trains} trains z11 {kind}", measure(driver, trackside_base, args.city_trains, args.seconds, moving, city))
                    for kind, moving in (("standing", False), ("moving", True))
                    for trackside_base in [trackside[1]]]
        renderer = driver.execute_script(
            "const gl = document.createElement('canvas').getContext('webgl2');"
            "const ext = gl && gl.getExtension('WEBGL_debug_renderer_info');"
            "return ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : 'unknown';")
    finally:
        driver.quit()
        server.shutdown()
        trackside[0].terminate()
        trackside[0].wait(timeout=10)

    reference = results[1][1]["median_ms"]
    print(f"renderer: {renderer}; viewport 1280x800; {args.seconds} s measured per case after 2 s warm-up")
    print(f"{'case':<26}{'frames':>8}{'median ms':>11}{'p95 ms':>9}{'map fps':>9}{'updates/s':>11}{'page draw ms':>14}"
          f"{'drawn':>7}{'÷ reference':>13}")
    for name, r in results:
        print(f"{name:<26}{r['frames']:>8}{r['median_ms']:>11.1f}{r['p95_ms']:>9.1f}{r['map_renders_per_s']:>9.1f}"
              f"{r['vehicle_updates_per_s']:>11.1f}{r['page_draw_median_ms']:>14.1f}{r['drawn']:>7}{r['median_ms'] / reference:>13.2f}")
    print(json.dumps({name: r for name, r in results}))


def start_trackside():
    """`trackside serve --port 0` (the demo, with the bundled base map): (process, base URL)."""
    bin_dir = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()
    process = subprocess.Popen([str(pathlib.Path(bin_dir) / "trackside"), "serve", "--port", "0"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline()
    if "listening on " not in line:
        raise SystemExit(f"trackside did not start: {line!r}")
    return process, line.strip().rsplit(" ", 1)[-1]


if __name__ == "__main__":
    main()
