"""`trackside decode` as a command: JSON on stdout, gzip transparent, bad input exits 2 with one line."""
import gzip
import json
import subprocess

SUBWAY = "gtfs-rt-samples/nyct-subway/2024-01-20_all-7-feeds/g_20240120T190811.pb"
ALERTS = "alerts/mta_subway_alerts_20240120T185938.pb"


def decode(binary, path, *args):
    return subprocess.run([str(binary), "decode", str(path), *args], capture_output=True, timeout=60)


def assert_one_line_error(result, *fragments):
    assert result.returncode == 2
    assert result.stdout == b""
    lines = result.stderr.decode().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("decode: ")
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


def test_prints_the_feed_with_nyct_extensions(trackside_bin, shared_data):
    result = decode(trackside_bin, shared_data / SUBWAY)
    assert result.returncode == 0, result.stderr
    feed = json.loads(result.stdout)
    assert feed["header"]["nyct_feed_header"]["nyct_subway_version"] == "1.0"
    trip = feed["entity"][0]["trip_update"]["trip"]
    assert trip["nyct_trip_descriptor"]["direction"] in ("NORTH", "SOUTH")
    assert isinstance(feed["header"]["timestamp"], int)


def test_gzip_input_is_transparent(trackside_bin, shared_data, tmp_path):
    compressed = tmp_path / "feed.pb.gz"
    compressed.write_bytes(gzip.compress((shared_data / SUBWAY).read_bytes()))
    assert decode(trackside_bin, compressed).stdout == decode(trackside_bin, shared_data / SUBWAY).stdout


def test_auto_picks_the_alerts_registry(trackside_bin, shared_data):
    auto = decode(trackside_bin, shared_data / ALERTS)
    assert auto.stdout == decode(trackside_bin, shared_data / ALERTS, "--kind", "alerts").stdout
    feed = json.loads(auto.stdout)
    assert feed["header"]["mercury_feed_header"] == {"mercury_version": "1.0"}
    assert sum("mercury_alert" in entity["alert"] for entity in feed["entity"]) == 263
    # Forced to the trips registry, the header extension reads as NYCT's and Mercury's are skipped.
    as_vehicles = json.loads(decode(trackside_bin, shared_data / ALERTS, "--kind", "vehicles").stdout)
    assert "nyct_feed_header" in as_vehicles["header"]
    assert not any("mercury_alert" in entity["alert"] for entity in as_vehicles["entity"])


def test_truncated_input_names_the_problem_and_offset(trackside_bin, shared_data, tmp_path):
    truncated = tmp_path / "cut.pb"
    truncated.write_bytes((shared_data / SUBWAY).read_bytes()[:1000])
    assert_one_line_error(decode(trackside_bin, truncated), "truncated", "at byte", "in FeedMessage.entity")


def test_garbage_and_missing_files_exit_2(trackside_bin, tmp_path):
    garbage = tmp_path / "garbage.pb"
    garbage.write_bytes(bytes([0x0f, 0xff, 0xff]))
    assert_one_line_error(decode(trackside_bin, garbage), "invalid wire type 7 at byte 0")
    corrupt_gzip = tmp_path / "corrupt.pb.gz"
    corrupt_gzip.write_bytes(gzip.compress(b"feed")[:12])
    assert_one_line_error(decode(trackside_bin, corrupt_gzip), "corrupt.pb.gz")
    assert_one_line_error(decode(trackside_bin, tmp_path / "absent.pb"), "cannot read")


def test_usage_errors_exit_2(trackside_bin, shared_data):
    assert_one_line_error(decode(trackside_bin, shared_data / SUBWAY, "--kind", "trains"), "--kind")


def test_a_header_whose_length_byte_is_a_brace_is_decoded_as_protobuf(trackside_bin, tmp_path):
    """Held-out MTA recordings of the 1–7 feed start 0x0A 0x7B (`\\n{`): the protobuf rule comes first."""
    def field(number, payload):
        return bytes([number << 3 | 2, len(payload)]) + payload
    version = b"1" * (0x7B - 8)
    header = field(1, version) + b"\x18" + bytes([0x80, 0xE2, 0xCF, 0xAA, 0x06])  # timestamp 1700000000
    assert len(header) == 0x7B
    feed = field(1, header) + field(2, field(1, b"1") + field(3, field(1, field(1, b"t"))))
    path = tmp_path / "feed1234567_20231114T221320.pb"
    path.write_bytes(feed)
    result = decode(trackside_bin, path)
    assert result.returncode == 0, result.stderr
    decoded = json.loads(result.stdout)
    assert decoded["header"]["timestamp"] == 1700000000
    assert decoded["entity"][0]["trip_update"]["trip"]["trip_id"] == "t"
