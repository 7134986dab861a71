"""The Python side of `trackside-bench decode`: Google's protobuf library (upb) on the same files.

    decode_python.py DIR [--seconds S]

Decodes every .pb file in DIR with nyct-gtfs's compiled GTFS-realtime + NYCT classes, first
parse only (upb parses eagerly into its arena), then parse plus a full walk that touches every
set field, as the Swift side materialises the whole model. Rates are per second of this
thread's CPU time, as on the Swift side. Prints one JSON object of figures.
"""
import argparse
import json
import pathlib
import time

from google.protobuf.internal import api_implementation
from google.protobuf.descriptor import FieldDescriptor
from nyct_gtfs.compiled_gtfs import gtfs_realtime_pb2, nyct_subway_pb2  # noqa: F401 (registers extensions)

MESSAGE = FieldDescriptor.TYPE_MESSAGE
REPEATED = FieldDescriptor.LABEL_REPEATED


def walk(message):
    """Visits every set field, recursing into messages; returns the number of values seen."""
    count = 0
    for field, value in message.ListFields():
        if field.type == MESSAGE:
            if field.label == REPEATED:
                for element in value:
                    count += walk(element)
            else:
                count += walk(value)
        elif field.label == REPEATED:
            count += len(value)
        else:
            count += 1
    return count


def measure(files, seconds, body):
    body(files)  # warm up
    rounds = entities = 0
    start = time.thread_time()
    while rounds < 3 or time.thread_time() - start < seconds:
        entities += body(files)
        rounds += 1
    elapsed = time.thread_time() - start
    size = sum(len(f) for f in files) * rounds
    return size / elapsed / 1e6, entities / elapsed


def parse_only(files):
    return sum(len(gtfs_realtime_pb2.FeedMessage.FromString(f).entity) for f in files)


def parse_and_walk(files):
    entities = 0
    for data in files:
        feed = gtfs_realtime_pb2.FeedMessage.FromString(data)
        walk(feed)
        entities += len(feed.entity)
    return entities


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("directory")
    parser.add_argument("--seconds", type=float, default=3.0)
    options = parser.parse_args()
    files = [p.read_bytes() for p in sorted(pathlib.Path(options.directory).glob("*.pb"))]
    parse_mb, parse_entities = measure(files, options.seconds, parse_only)
    walk_mb, walk_entities = measure(files, options.seconds, parse_and_walk)
    print(json.dumps({
        "implementation": api_implementation.Type(),
        "parse_mb_per_s": parse_mb, "parse_entities_per_s": parse_entities,
        "walk_mb_per_s": walk_mb, "walk_entities_per_s": walk_entities,
    }))


if __name__ == "__main__":
    main()
