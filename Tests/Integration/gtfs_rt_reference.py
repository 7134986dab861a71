"""Compares `trackside decode` output with Google's protobuf library, field by field.

Run as a script, one process per class set, because the two PyPI packages both register a
file named gtfs-realtime.proto in protobuf's default pool and cannot be imported together:

    python gtfs_rt_reference.py {nyct|google} TRACKSIDE_BINARY FEED_FILE

`nyct` uses nyct-gtfs's compiled GTFS-realtime + NYCT extension classes (subway feeds);
`google` uses gtfs-realtime-bindings (bus and alerts feeds). No PyPI package ships the MTA
Mercury alerts extension, so its fields, which Google's library keeps as unknown fields, are read
at the wire level by the same library (parsed into `Empty`) and compared through the field table
of us-ny-mta-alerts-extension.proto below; standard messages inside them go through the
reference classes again. Prints each difference as `path: reason` and exits 1 if there is any.

Fields newer than a package's schema arrive there as unknown fields; those are checked against
the wire values Google's library kept for them, through the table below.
"""
import base64
import gzip
import json
import struct
import subprocess
import sys

from google.protobuf import empty_pb2, unknown_fields
from google.protobuf.descriptor import FieldDescriptor

# (message name, field number) -> (JSON name, how the wire value maps to JSON) for fields the
# packaged schemas predate. Enum values are compared by number against the name we print.
NEWER_FIELDS = {
    ("StopTimeUpdate", 7): ("departure_occupancy_status", "OccupancyStatus"),
}
OCCUPANCY_STATUS = ["EMPTY", "MANY_SEATS_AVAILABLE", "FEW_SEATS_AVAILABLE", "STANDING_ROOM_ONLY",
                    "CRUSHED_STANDING_ROOM_ONLY", "FULL", "NOT_ACCEPTING_PASSENGERS", "NO_DATA_AVAILABLE",
                    "NOT_BOARDABLE"]
# Extension fields in the real feeds that neither schema describes (the alerts feed's elevator
# ids, e.g. "EL391", in EntitySelector 1000): both decoders skip them.
UNKNOWN_TO_BOTH = {("EntitySelector", 1000)}
# The Mercury extension (field 1001) of these messages, which the `google` classes do not know:
# extended message -> (JSON name, extension message).
MERCURY_EXTENSIONS = {
    "FeedHeader": ("mercury_feed_header", "MercuryFeedHeader"),
    "Alert": ("mercury_alert", "MercuryAlert"),
    "EntitySelector": ("mercury_entity_selector", "MercuryEntitySelector"),
}
# The Mercury messages' fields: number -> (name, type, repeated). Types are wire-level scalars,
# another Mercury message, or a standard GTFS-realtime message decoded by the reference classes.
MERCURY_FIELDS = {
    "MercuryFeedHeader": {1: ("mercury_version", "string", False)},
    "MercuryAlert": {
        1: ("created_at", "uint64", False), 2: ("updated_at", "uint64", False), 3: ("alert_type", "string", False),
        4: ("station_alternative", "MercuryStationAlternative", True), 5: ("service_plan_number", "string", True),
        6: ("general_order_number", "string", True), 7: ("display_before_active", "uint64", False),
        8: ("human_readable_active_period", "TranslatedString", False), 9: ("directionality", "uint64", False),
        10: ("affected_stations", "EntitySelector", True), 11: ("screens_summary", "TranslatedString", False),
        12: ("no_affected_stations", "bool", False), 13: ("clone_id", "string", False),
    },
    "MercuryStationAlternative": {1: ("affected_entity", "EntitySelector", False), 2: ("notes", "TranslatedString", False)},
    "MercuryEntitySelector": {1: ("sort_order", "string", False)},
}


def float32(value):
    return struct.unpack("<f", struct.pack("<f", value))[0]


class Comparison:
    def __init__(self, classes):
        self.classes = classes
        self.differences = []

    def differ(self, path, reason):
        self.differences.append(f"{path}: {reason}")

    def message(self, reference, ours, path):
        if not isinstance(ours, dict):
            return self.differ(path, f"expected an object, got {ours!r}")
        expected_keys = set()
        for field, value in reference.ListFields():
            expected_keys.add(field.name)
            if field.name not in ours:
                self.differ(f"{path}.{field.name}", "missing")
                continue
            if field.label == FieldDescriptor.LABEL_REPEATED:
                mine = ours[field.name]
                if not isinstance(mine, list) or len(mine) != len(value):
                    self.differ(f"{path}.{field.name}", f"expected {len(value)} elements, got {mine!r:.80}")
                    continue
                for index, (element, own) in enumerate(zip(value, mine)):
                    self.value(field, element, own, f"{path}.{field.name}[{index}]")
            else:
                self.value(field, value, ours[field.name], f"{path}.{field.name}")
        name = reference.DESCRIPTOR.name
        for unknown in unknown_fields.UnknownFieldSet(reference):
            key = (name, unknown.field_number)
            if key in NEWER_FIELDS:
                json_name, kind = NEWER_FIELDS[key]
                expected_keys.add(json_name)
                assert kind == "OccupancyStatus"
                expected = OCCUPANCY_STATUS[unknown.data] if unknown.data < len(OCCUPANCY_STATUS) else None
                if ours.get(json_name) != expected:
                    self.differ(f"{path}.{json_name}", f"expected {expected!r}, got {ours.get(json_name)!r}")
            elif unknown.field_number == 1001 and name in MERCURY_EXTENSIONS:
                json_name, extension = MERCURY_EXTENSIONS[name]
                expected_keys.add(json_name)
                if json_name not in ours:
                    self.differ(f"{path}.{json_name}", "missing")
                else:
                    self.mercury(extension, unknown.data, ours[json_name], f"{path}.{json_name}")
            elif key not in UNKNOWN_TO_BOTH:
                self.differ(path, f"field {unknown.field_number} unknown to the reference classes")
        for extra in set(ours) - expected_keys:
            self.differ(f"{path}.{extra}", f"not in the reference: {ours[extra]!r:.80}")

    def mercury(self, message, data, ours, path):
        """Compares a Mercury message, read at the wire level by Google's library, with ours."""
        if not isinstance(ours, dict):
            return self.differ(path, f"expected an object, got {ours!r:.80}")
        values = {}
        for field in unknown_fields.UnknownFieldSet(empty_pb2.Empty.FromString(data)):
            values.setdefault(field.field_number, []).append(field.data)
        schema = MERCURY_FIELDS[message]
        for number in set(values) - set(schema):
            self.differ(path, f"field {number} of {message} unknown to the extension schema")
        for number, (name, kind, repeated) in schema.items():
            if number not in values:
                continue
            if name not in ours:
                self.differ(f"{path}.{name}", "missing")
                continue
            wire = values[number] if repeated else values[number][-1:]
            mine = ours[name] if repeated else [ours[name]]
            if not isinstance(mine, list) or len(mine) != len(wire):
                self.differ(f"{path}.{name}", f"expected {len(wire)} values, got {ours[name]!r:.80}")
                continue
            for index, (raw, own) in enumerate(zip(wire, mine)):
                where = f"{path}.{name}[{index}]" if repeated else f"{path}.{name}"
                if kind in MERCURY_FIELDS:
                    self.mercury(kind, raw, own, where)
                elif kind in ("EntitySelector", "TranslatedString"):
                    self.message(getattr(self.classes, kind).FromString(raw), own, where)
                else:
                    expected = {"string": lambda: raw.decode("utf-8"), "uint64": lambda: raw, "bool": lambda: raw != 0}[kind]()
                    if type(own) is not type(expected) or own != expected:
                        self.differ(where, f"expected {expected!r}, got {own!r}")
        for extra in set(ours) - {schema[number][0] for number in values if number in schema}:
            self.differ(f"{path}.{extra}", f"not on the wire: {ours[extra]!r:.80}")

    def value(self, field, reference, ours, path):
        kind = field.type
        if kind in (FieldDescriptor.TYPE_MESSAGE, FieldDescriptor.TYPE_GROUP):
            return self.message(reference, ours, path)
        if kind == FieldDescriptor.TYPE_ENUM:
            expected = field.enum_type.values_by_number[reference].name
        elif kind == FieldDescriptor.TYPE_BYTES:
            expected = base64.b64encode(reference).decode()
        elif kind == FieldDescriptor.TYPE_FLOAT:
            if not isinstance(ours, (int, float)) or float32(ours) != float32(reference):
                self.differ(path, f"expected float {reference!r}, got {ours!r}")
            return
        else:
            expected = reference
        if type(ours) is not type(expected) or ours != expected:
            self.differ(path, f"expected {expected!r}, got {ours!r}")


def main(classes, binary, path):
    if classes == "nyct":
        from nyct_gtfs.compiled_gtfs import gtfs_realtime_pb2, nyct_subway_pb2  # noqa: F401 (registers extensions)
    else:
        from google.transit import gtfs_realtime_pb2
    raw = open(path, "rb").read()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    reference = gtfs_realtime_pb2.FeedMessage.FromString(raw)
    kind = "vehicles" if classes == "nyct" else "auto"
    decoded = subprocess.run([binary, "decode", path, "--kind", kind], capture_output=True, check=True, timeout=120)
    comparison = Comparison(gtfs_realtime_pb2)
    comparison.message(reference, json.loads(decoded.stdout), "FeedMessage")
    for line in comparison.differences[:50]:
        print(line)
    if comparison.differences:
        print(f"{len(comparison.differences)} differences")
        return 1
    print(f"identical: {len(reference.entity)} entities")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
