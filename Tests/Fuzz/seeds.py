"""Writes the fuzzers' starting inputs: real feeds and GTFS from ../shared/data (read, never
copied into the repository) and messages this script builds (HTTP requests, WebSocket frames,
archives), each prefixed with the byte that picks its parser in the harness.

Usage: python3 Tests/Fuzz/seeds.py SHARED_DATA OUT_DIR   (writes OUT_DIR/decoders, access, engine, transport, server, redis)
"""
import gzip
import io
import json
import os
import struct
import sys
import zipfile
import zlib

shared, out = sys.argv[1], sys.argv[2]


def write(target, name, selector, payload):
    os.makedirs(os.path.join(out, target), exist_ok=True)
    with open(os.path.join(out, target, name), "wb") as file:
        file.write(bytes(selector) + payload)


def read(path, limit=None):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(os.path.join(shared, path), "rb") as file:
        return file.read(limit) if limit else file.read()


subway = "gtfs-rt-samples/nyct-subway/2024-01-20_all-7-feeds"
weekend = "gtfs-rt-samples/nyct-subway/2019-09-14_weekend"
alerts = "alerts/mta_subway_alerts_20240120T185938.pb"
siri = ["bus-siri/stop-monitoring/sm_B63_20120905T145422.json",
        "bus-siri/vehicle-monitoring/vm_S40_20120821T120621.json",
        "bus-siri/vehicle-monitoring/vm_S54_20120919T161905.xml",
        "bus-siri/situation-exchange/sx_20120926T113742.json"]
gtfs = "nyc-subway-gtfs/2018-11_full-except-stop_times"
tables = {6: "stops.txt", 8: "trips.txt.gz", 9: "routes.txt", 10: "shapes.txt.gz", 11: "calendar.txt",
          12: "calendar_dates.txt", 13: "transfers.txt", 14: "agency.txt"}

# decoders: byte 0 picks the decoder (see DecodersFuzz.swift); inputs kept small so mutations stay fast.
write("decoders", "l-train.pb", [0], read(f"{weekend}/feed2-l_20190914T200046.pb"))
write("decoders", "alerts.pb", [1], read(alerts, 60_000))
for path in siri:
    write("decoders", os.path.basename(path), [2], read(path, 60_000))
for selector, table in tables.items():
    write("decoders", table.replace(".gz", ""), [selector], read(f"{gtfs}/{table}", 3_000))
write("decoders", "stop_times.txt", [7],
      b"trip_id,arrival_time,departure_time,stop_id,stop_sequence\nA,08:00:00,08:00:30,127N,1\nA,25:10:00,25:10:00,128N,2\n")
stops = read(f"{gtfs}/stops.txt", 3_000)
archive = io.BytesIO()
with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as deflated:
    deflated.writestr("stops.txt", stops)
    deflated.writestr("agency.txt", read(f"{gtfs}/agency.txt"))
write("decoders", "gtfs.zip", [3], archive.getvalue())
archive = io.BytesIO()
with zipfile.ZipFile(archive, "w", zipfile.ZIP_STORED) as stored:
    stored.writestr("stops.txt", stops[:500])
write("decoders", "stored.zip", [3], archive.getvalue())
write("decoders", "stops.txt.gz", [4], gzip.compress(stops))
raw = zlib.compressobj(6, zlib.DEFLATED, -15)
write("decoders", "stops.deflate", [5], raw.compress(stops) + raw.flush())
write("decoders", "time", [15], b"2012-09-05T14:54:22.123-04:00")
write("decoders", "frequencies.txt", [16],
      b"trip_id,start_time,end_time,headway_secs,exact_times\nLOOP,08:00:00,09:00:00,600,1\nLOOP,24:00:00,25:30:00,90,\n")
write("decoders", "pathways.txt", [17],
      b"pathway_id,from_stop_id,to_stop_id,pathway_mode,is_bidirectional,signposted_as,reversed_signposted_as\n"
      b"stairs1,E1,MEZZ,2,1,,\nlift,MEZZ,P1,5,0,Elevator to platform 1,\nlift-up,P1,MEZZ,5,0,,\nexit,P1,E2,7,0,,\n")
# Inputs that crashed the server before (see docs/ROBUSTNESS.md): every run replays them.
write("decoders", "siri-xml-name-not-utf8", [2], b"<Siri><ServiceDelivery\xff>x</ServiceDelivery\xff></Siri>")

# access: byte 0 picks the parser (see AccessFuzz.swift): the real entrances and equipment list cut to their first
# records (whole records, so the seeds parse), and an outage feed in nyct_ene.json's fields built from the list.
entrances = json.loads(read("entrances/subway-entrances-exits_2024_i9wp-a4ja.geojson"))
entrances["features"] = entrances["features"][:40]
write("access", "entrances.geojson", [0], json.dumps(entrances).encode())
columns = ["division", "line", "borough", "stop_name", "complex_id", "constituent_station_name", "station_id", "gtfs_stop_id",
           "daytime_routes", "entrance_type", "entry_allowed", "exit_allowed", "entrance_latitude", "entrance_longitude"]
csv_lines = [",".join(c.replace("_", " ").title().replace("Id", "ID").replace("Gtfs", "GTFS") for c in columns)]
csv_lines += [",".join('"' + str(f["properties"].get(c, "")).replace('"', '""') + '"' for c in columns) for f in entrances["features"]]
write("access", "entrances.csv", [3], ("\r\n".join(csv_lines) + "\r\n").encode())
equipment = json.loads(read("entrances/mta-elevators-escalators_2024_nyct_ene_equipments.json"))
write("access", "equipment.json", [1], json.dumps(equipment[:30]).encode())
outages = [{"station": item["station"], "borough": item["borough"], "trainno": item["trainno"],
            "equipment": item["equipmentno"], "equipmenttype": item["equipmenttype"], "serving": item["serving"],
            "ADA": item["ADA"], "outagedate": "09/30/2024 12:05:00 PM", "estimatedreturntoservice": "10/01/2024 06:00:00 PM",
            "reason": "Repair", "isupcomingoutage": "N" if index % 3 else "Y", "ismaintenanceoutage": "N"}
           for index, item in enumerate(equipment[:12])]
write("access", "outages.json", [2], json.dumps(outages).encode())
write("access", "outages.json.gz", [2], gzip.compress(json.dumps(outages[:4]).encode()))

# engine: byte 0 even = vehicles, odd = alerts; bytes 1-2 = the clock's offset (0: 2024-01-20T19:00Z).
for name in sorted(os.listdir(os.path.join(shared, subway))):
    write("engine", name, [0, 0, 0], read(f"{subway}/{name}"))
for name in sorted(os.listdir(os.path.join(shared, weekend)))[:4]:
    write("engine", name, [0, 0xFF, 0x00], read(f"{weekend}/{name}"))
write("engine", "vm_B9.json", [0, 0, 0], read("bus-siri/vehicle-monitoring/vm_B9_with-onward-calls_20160223T141603.json"))
write("engine", "alerts.pb", [1, 0, 0], read(alerts))


def varint(value):
    value &= (1 << 64) - 1  # int64 fields carry negatives as their two's complement
    out = bytearray()
    while True:
        out.append(value & 0x7F | (0x80 if value > 0x7F else 0))
        value >>= 7
        if not value:
            return bytes(out)


def field(number, value):
    """A protobuf field: an int is a varint, bytes a length-delimited field."""
    if isinstance(value, int):
        return varint(number << 3) + varint(value)
    return varint(number << 3 | 2) + varint(len(value)) + value


def feed_with_times(header, arrival, vehicle):
    """One 1 train at 127N in GTFS-realtime, with the given header, arrival and vehicle times."""
    trip = field(1, b"114600_1..N03R") + field(5, b"1")
    stop_time = field(2, field(2, arrival)) + field(3, field(2, arrival)) + field(4, b"127N")
    position = varint(1 << 3 | 5) + struct.pack("<f", 40.755) + varint(2 << 3 | 5) + struct.pack("<f", -73.987)
    return (field(1, field(1, b"2.0") + field(3, header))
            + field(2, field(1, b"tu") + field(3, field(1, trip) + field(2, stop_time)))
            + field(2, field(1, b"vp") + field(4, field(1, trip) + field(2, position) + field(5, vehicle) + field(7, b"127N"))))


# uint64's maximum as the header and vehicle time, int64's as an arrival: both trapped (docs/ROBUSTNESS.md).
write("engine", "times-at-the-integer-limits", [0, 0, 0], feed_with_times((1 << 64) - 1, (1 << 63) - 1, (1 << 64) - 1))
write("engine", "times-negative", [0, 0, 0], feed_with_times(1_705_777_200, -5, 1))


# transport: byte 0 picks the parser, byte 1 the read size or compression (see TransportFuzz.swift).
def frame(opcode, payload, fin=True, rsv1=False, key=b"\x01\x02\x03\x04"):
    first = (0x80 if fin else 0) | (0x40 if rsv1 else 0) | opcode
    n = len(payload)
    length = bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack(">H", n) if n < 65536 \
        else bytes([0x80 | 127]) + struct.pack(">Q", n)
    return bytes([first]) + length + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


def deflated(data):
    compressor = zlib.compressobj(6, zlib.DEFLATED, -15)
    return (compressor.compress(data) + compressor.flush(zlib.Z_SYNC_FLUSH))[:-4]


upgrade = (b"GET /ws?bbox=-74,40.7,-73.9,40.8 HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
           b"Connection: keep-alive, Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
           b"Sec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1\r\n"
           b"Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits, permessage-deflate\r\n\r\n")
write("transport", "requests", [0, 7], upgrade + b"POST /api/x HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello"
      + b"HEAD /index.html HTTP/1.0\r\n\r\n")
write("transport", "frames", [1, 5], frame(1, b'{"op":"subscribe","bbox":[-74.1,40.6,-73.8,40.9]}')
      + frame(2, bytes(range(200))) + frame(9, b"ping") + frame(1, b"caf\xc3", fin=False) + frame(0, b"\xa9!")
      + frame(8, struct.pack(">H", 1000) + b"bye"))
compressed = (frame(1, deflated(b'{"hello":"world","n":[1,2,3,4,5,6,7,8,9]}' * 5), rsv1=True)
              + frame(2, deflated(bytes(300)), rsv1=True, fin=False) + frame(0, deflated(b"abc")))
write("transport", "deflate-takeover", [2, 0], compressed)
write("transport", "deflate-no-takeover", [2, 3], compressed)
write("transport", "offers", [3, 0], b"permessage-deflate; client_max_window_bits; server_max_window_bits=10\n"
      b"foo, permessage-deflate; server_no_context_takeover; client_no_context_takeover\n"
      b'permessage-deflate; client_max_window_bits="12"')


# server: byte 0 picks the part, then one request per line (see ServerFuzz.swift).
box = b'"bbox":[-74.1,40.6,-73.8,40.9]'
write("server", "push-sessions", [0], b"\n".join([
    b'\x01{"op":"subscribe",' + box + b'}', b"tick",
    b'\x02{"op":"subscribe",' + box + b',"layers":["bus"],"routes":["M15","A"]}', b"tick 2",
    b'\x01{"op":"watch","station":"A27"}', b'\x02{"op":"watch","route":"L"}', b'\x03{"op":"watch","bus_stop":"400001"}',
    b'\x03{"op":"resume","epoch":"fuzz","seq":1,' + box + b'}', b"tick 3", b"bye\x01",
    b'\x01{"op":"resume","epoch":"fuzz","seq":2,"bbox":[-74.0,40.7,-73.9,40.8],"layers":["subway"]}',
    b'\x02{"op":"unwatch","route":"L"}', b'\x00{"op":"subscribe","bbox":[1,2,3]}', b"\x00not json", b"tick 4"]))
write("server", "push-floods", [0], b"\n".join([
    b'\x01{"op":"subscribe",' + box + b'}', b"tick",
    b'flood\x01\x3e{"op":"unwatch","station":"A27"}', b'flood\x02\x3f', b'flood\x03\x10not json', b"tick 2",
    b'flood\x01\x02{"op":"watch","station":"A27"}', b'\x01{"op":"subscribe",' + box + b'}', b"tick 3"]))
write("server", "inbound-floods", [3], b"\n".join([
    b"\x01\x1f" + b"x" * 100, b"\x02\x05ab", b"slice", b"\x03\x1e" + b"y" * 600, b"slice", b"slice",
    b"\x01\x01z", b"\x04\x1d", b"slice", b"slice", b"slice", b"slice"]))
write("server", "queries", [1], b"\n".join([
    b"bbox=-74.1,40.6,-73.8,40.9&layers=subway,bus&routes=A,M15", b"bbox=-74.1,%2040.6,-73.8,40.9&layers=ferry",
    b"route=A&station=A27&when=now", b"when=upcoming,now&route=", b"/api/stations/A27/arrivals?limit=3",
    b"/%2e%2e/etc/passwd"]))
write("server", "options", [2], b"\n".join([
    b"--port 8081 --config /etc/trackside.json --source demo --event-loops 2 extra -- --port",
    b"TRACKSIDE_HOST=0.0.0.0", b"TRACKSIDE_PROT=80",
    b'{"port": 9000, "source": "replay:/tmp/recording", "gtfs": ["a.zip", "b.zip"], "log-level": "debug",',
    b' "frame-ancestors": "https://example.org *.example.com", "max-connections": 10}']))


# server part 4: one Redis stream entry (PublishedTick, Sources/TracksideServer/Replication), built field by field.
def varint(value):
    out = b""
    while True:
        byte, value = value & 0x7F, value >> 7
        out += bytes([byte | (0x80 if value else 0)])
        if not value:
            return out


def field(number, value):
    if isinstance(value, float):
        return varint(number << 3 | 1) + struct.pack("<d", value)
    if isinstance(value, int):
        return varint(number << 3) + varint(value)
    value = value.encode() if isinstance(value, str) else value
    return varint(number << 3 | 2) + varint(len(value)) + value


train = b"".join([field(1, "7-1"), field(2, "subway"), field(3, "7"), field(4, "trip_7"), field(7, 40.75),
                  field(8, -73.98), field(9, 90.0), field(10, "moving"), field(11, "723"), field(12, "724"),
                  field(13, field(1, 40.75) + field(1, 40.751) + field(2, -73.98) + field(2, -73.97)
                        + field(3, 1.7e9) + field(4, 1.7e9 + 60)),
                  field(14, 3.5), field(15, "inferred"), field(16, 1), field(17, 1700000000)])
document = b"".join([field(1, "7"), field(2, "gtfsRealtime"), field(3, "vehicles"),
                     field(4, read(subway + "/ace_20240120T190632.pb", 2048)),
                     field(5, "replay"), field(9, 1.7e9), field(10, 1.7e9 + 1), field(11, 90.0)])
failed = b"".join([field(1, "alerts"), field(2, "gtfsRealtime"), field(3, "alerts"), field(7, "http-503"),
                   field(8, "HTTP 503"), field(9, 1.7e9), field(10, 1.7e9), field(11, 90.0)])
alert = field(1, field(1, "lmm:1") + field(2, "7") + field(3, "723") + field(4, b'{"id":"lmm:1"}'))
health = field(1, "7") + field(2, 4.5) + field(5, 10) + field(8, 90.0)
write("server", "stream-entry", [4], b"".join([
    field(1, "fuzz"), field(2, 7), field(3, 2), field(4, 1.7e9), field(5, 1.7e9 - 3), field(6, 1), field(7, train),
    field(9, alert), field(11, health), field(12, failed), field(13, document), field(15, 1)]))

# redis: byte 0 picks the parser, byte 1 the read size (see RedisFuzz.swift).
write("redis", "replies", [0, 3], b"+OK\r\n-ERR wrong\r\n:-42\r\n$5\r\nhe\r\no\r\n$-1\r\n*-1\r\n*0\r\n"
      b"*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$0\r\n\r\n*2\r\n*1\r\n:1\r\n*1\r\n*1\r\n+x\r\n")
write("redis", "urls", [1, 0], b"redis://edge%40east:p%3Ass@[::1]:6380/3?timeout=0.5&connect_timeout=4")
xread = (b"*1\r\n*2\r\n$5\r\nticks\r\n*2\r\n*2\r\n$3\r\n1-0\r\n*2\r\n$5\r\nboard\r\n$2\r\n{}\r\n"
         b"*2\r\n$3\r\n1-1\r\n*-1\r\n")
xinfo = (b"*6\r\n$6\r\nlength\r\n:2\r\n$17\r\nlast-generated-id\r\n$3\r\n4-5\r\n"
         b"$11\r\nfirst-entry\r\n*2\r\n$3\r\n4-4\r\n*2\r\n$1\r\nd\r\n$1\r\n4\r\n")
write("redis", "stream-replies", [2, 0], xread + xinfo)
