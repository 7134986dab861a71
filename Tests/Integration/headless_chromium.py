"""Headless Chromium for the browser tests, the screenshot script and the frame-time benchmark.

Flags follow the verified recipe for MapLibre in this environment: Debian's chromium with SwiftShader
through ANGLE (WebGL2 on the CPU, no GPU), the real binary rather than the /usr/bin wrapper, and the
Debian chromedriver given explicitly so that Selenium never tries to download one.
"""
import pathlib

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

CHROMIUM = "/usr/lib/chromium/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--use-angle=swiftshader",
         "--enable-unsafe-swiftshader", "--hide-scrollbars", "--window-size=1280,900")


def available() -> bool:
    """Whether Chromium and chromedriver are installed (Tests/setup.sh installs them)."""
    return pathlib.Path(CHROMIUM).exists() and pathlib.Path(CHROMEDRIVER).exists()


def start(width: int = 1280, height: int = 800, mobile: bool = False, reduced_motion: bool = False):
    """A Chromium session whose viewport is exactly width x height CSS pixels."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    set_viewport(driver, width, height, mobile)
    if reduced_motion:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    return driver


def set_viewport(driver, width: int, height: int, mobile: bool = False) -> None:
    """Pins the viewport (in new headless mode --window-size sets the outer window only)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 2 if mobile else 1,
                            "mobile": mobile})
    if mobile:
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})


def open_page(driver, url: str) -> None:
    """Opens url with a console that holds only what this page logs. The previous page is left for
    about:blank first: a page whose server a finished test has stopped keeps trying to reconnect, and one
    attempt landing between draining the log and the new page's commit would be blamed on the new page."""
    driver.get("about:blank")
    driver.get_log("browser")
    driver.get(url)


def wait_until(driver, script: str, timeout: float = 30):
    """Polls a JavaScript expression until it is truthy; returns its value."""
    return WebDriverWait(driver, timeout, poll_frequency=0.1).until(lambda d: d.execute_script(f"return {script}"))


def text_of(driver, selector: str):
    """The rendered text of the first element matching selector (None when there is none), read in one script: a
    live page may replace the element between a find and a read in two WebDriver calls (a stale element)."""
    return driver.execute_script("return document.querySelector(arguments[0])?.innerText ?? null", selector)


def click_map_at(driver, lon: float, lat: float) -> None:
    """A real pointer click on the map page's canvas where the given coordinate is drawn."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    x, y = driver.execute_script("const p = window.__trackside.map.project(arguments[0]); return [p.x, p.y]", [lon, lat])
    canvas = driver.find_element(By.CSS_SELECTOR, "canvas.maplibregl-canvas")
    size = canvas.size
    ActionChains(driver).move_to_element_with_offset(canvas, round(x - size["width"] / 2),
                                                     round(y - size["height"] / 2)).click().perform()
