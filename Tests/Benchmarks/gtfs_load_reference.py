"""Reference for `trackside-bench gtfs-load`: Python's csv module reading the same GTFS tables.

Usage: python gtfs_load_reference.py FEED_FOLDER [RUNS]
Reads every `*.txt` / `*.txt.gz` table except stop_times with csv.reader (rows kept as lists of strings, as a
loader would hold them before typing), RUNS times, and prints one JSON line: the median wall time in seconds,
the data rows and inflated bytes of one run, and the peak RSS in bytes.
"""
import csv
import gzip
import io
import json
import pathlib
import resource
import statistics
import sys
import time

TABLES = ["agency", "routes", "stops", "trips", "shapes", "calendar", "calendar_dates", "transfers"]


def open_table(folder: pathlib.Path, name: str):
    plain = folder / f"{name}.txt"
    if plain.exists():
        return open(plain, newline="", encoding="utf-8-sig")
    gzipped = folder / f"{name}.txt.gz"
    if gzipped.exists():
        return io.TextIOWrapper(gzip.open(gzipped), newline="", encoding="utf-8-sig")
    return None


def load(folder: pathlib.Path):
    tables = {}
    rows = 0
    for name in TABLES:
        handle = open_table(folder, name)
        if handle is None:
            continue
        with handle:
            reader = csv.reader(handle)
            next(reader)
            tables[name] = list(reader)
            rows += len(tables[name])
    return tables, rows


def inflated_bytes(folder: pathlib.Path):
    total = 0
    for name in TABLES:
        handle = open_table(folder, name)
        if handle is not None:
            with handle:
                total += len(handle.buffer.read()) if hasattr(handle, "buffer") else 0
    return total


def main():
    folder = pathlib.Path(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    times = []
    rows = 0
    for _ in range(runs):
        start = time.perf_counter()
        _, rows = load(folder)
        times.append(time.perf_counter() - start)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(json.dumps({"seconds": statistics.median(times), "rows": rows,
                      "bytes": inflated_bytes(folder), "peak_rss_bytes": peak}))


if __name__ == "__main__":
    main()
