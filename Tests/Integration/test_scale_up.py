"""One box, many clients: `trackside serve` raises its own open files limit to what `--max-connections` needs
(and says when it cannot), `/metrics` times every stage of a real tick, and `trackside-bench push` measures two
binaries in one command, alternating, with its clients spread over several loopback source addresses, or one `all`
instance against an engine and two edges through a redis-server of its own."""
import json
import re
import resource
import subprocess
import time
import urllib.request

from conftest import ROOT


def limits_of(pid):
    """The (soft, hard) open files limits of a running process, from /proc."""
    with open(f"/proc/{pid}/limits") as limits:
        line = next(line for line in limits if line.startswith("Max open files"))
    soft, hard = line.split()[3:5]
    return int(soft), int(hard)


def with_open_files(soft, hard):
    return lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_serve_raises_its_soft_limit_to_what_max_connections_needs(start_trackside):
    # 4,000 connections + 64 probes past the limit + 256 for the rest of the process.
    server = start_trackside("--max-connections", "4000", preexec_fn=with_open_files(1024, 8192))
    assert limits_of(server.process.pid) == (4320, 8192)
    assert "open files limit raised from 1024 to 4320 for the connection limit of 4000" in server.log()


def test_serve_says_when_the_hard_limit_is_below_what_max_connections_needs(start_trackside):
    server = start_trackside("--max-connections", "5000", preexec_fn=with_open_files(512, 1024))
    assert limits_of(server.process.pid) == (1024, 1024)
    assert re.search(r"warning open files limit 1024 \(hard 1024\) is below the 5320 that the connection limit of "
                     r"5000 needs: connections past about 768 will fail", server.log()), server.log()


def test_a_server_whose_limit_suffices_leaves_it_alone(start_trackside):
    server = start_trackside("--max-connections", "100", preexec_fn=with_open_files(1024, 4096))
    assert limits_of(server.process.pid) == (1024, 4096)
    assert "open files limit" not in server.log()


ROW = re.compile(r"^(baseline|candidate)\s+(\d+)\s+(\d+) \(\s*(\d+)\)\s+[\d.]+\s+(\d+)\s+(\d+)\s+\d+\s+(-?\d+)\s+(-?\d+)\s+(-?\d+)",
                 re.MULTILINE)


def test_the_push_bench_measures_two_binaries_side_by_side_from_two_source_addresses(trackside_bin, trackside_bench_bin,
                                                                                     shared_data):
    # The same binary on both sides: the machinery (alternation, sources, deflate, figures) is what is tested.
    result = subprocess.run([str(trackside_bench_bin), "push", "--clients", "40", "--threads", "2", "--warmup", "2",
                             "--duration", "2", "--rounds", "1", "--sources", "2", "--baseline", str(trackside_bin),
                             "--server", str(trackside_bin)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "from 127.0.0.2, 127.0.0.3;" in result.stdout
    # Each run printed as it ends, then all of them again under the header.
    rows = ROW.findall(result.stdout.split("target      run")[1])
    assert [row[0] for row in rows] == ["baseline", "candidate"], result.stdout
    for label, run, subscribed, compressing, failures, per_second, p50, p99, maximum in rows:
        assert (run, subscribed, compressing, failures) == ("1", "40", "40", "0"), result.stdout
        # Every client hears every tick (about one a second) during the 2 s measured.
        assert int(per_second) >= 20, result.stdout
        assert 0 <= int(p50) <= int(p99) <= int(maximum), result.stdout
    assert re.search(r"^baseline: median p99 \d+ ms, median server CPU [\d.]+ % of a core \([\d.]+ % per 1,000 clients\), "
                     r"median RSS \d+ MiB$", result.stdout, re.MULTILINE), result.stdout


SCALE_OUT_ROW = re.compile(r"^(all|scale-out)\s+1\s+(\d+) \(\s*(\d+)\)\s+[\d.]+\s+(\d+)\s+(\d+)\s+.*\s(none|[\d.]+)\s+[\d.]+$",
                           re.MULTILINE)
BREAKDOWN = re.compile(r"^\s+engine [\d.]+ % \d+ MiB, reads 0 B/s; edge1 [\d.]+ % \d+ MiB, reads (\d+) B/s; "
                       r"edge2 [\d.]+ % \d+ MiB, reads (\d+) B/s; redis [\d.]+ % \d+ MiB$", re.MULTILINE)


def test_the_push_bench_measures_an_engine_and_two_edges_through_its_own_redis_beside_one_all_instance(
        trackside_bin, trackside_bench_bin, shared_data):
    result = subprocess.run([str(trackside_bench_bin), "push", "--topology", "scale-out", "--clients", "40", "--threads", "2",
                             "--warmup", "1", "--duration", "3", "--rounds", "1", "--server", str(trackside_bin)],
                            cwd=ROOT, capture_output=True, text=True, timeout=150)
    assert result.returncode == 0, result.stdout + result.stderr
    summary = result.stdout.split("target      run")[1]
    rows = SCALE_OUT_ROW.findall(summary)
    assert [row[0] for row in rows] == ["all", "scale-out"], result.stdout
    for label, subscribed, compressing, failures, per_second, redis in rows:
        # The 40 clients were dealt over the two edges, and every one heard a tick in the 3 s measured (40 messages
        # in 3 s print as 13 a second).
        assert (subscribed, compressing, failures) == ("40", "40", "0"), result.stdout
        assert int(per_second) >= 40 // 3, result.stdout
        assert (redis == "none") == (label == "all"), result.stdout
    # Under the scale-out row, every process alone: the leading engine reads nothing, each edge read the stream.
    reads = BREAKDOWN.findall(summary)
    assert len(reads) == 1 and all(int(read) > 0 for read in reads[0]), result.stdout
    assert re.search(r"^scale-out: median p99 \d+ ms, .* median redis CPU [\d.]+ %$", result.stdout, re.MULTILINE), result.stdout


def stage_counts(server):
    """trackside_tick_stage_seconds' count per stage, from /metrics as Prometheus' own parser reads it."""
    from prometheus_client.parser import text_string_to_metric_families
    with urllib.request.urlopen(server.base_url + "/metrics", timeout=10) as response:
        families = {family.name: family for family in text_string_to_metric_families(response.read().decode())}
    return {sample.labels["stage"]: sample.value for sample in families["trackside_tick_stage_seconds"].samples
            if sample.name == "trackside_tick_stage_seconds_count"}


def test_metrics_time_every_stage_of_real_ticks(start_trackside, shared_data):
    from websockets.sync.client import connect
    from trackside_api import replay_args
    server = start_trackside(*replay_args(shared_data))
    with connect(f"ws://{server.host}:{server.port}/ws", compression="deflate") as client:
        assert json.loads(client.recv(timeout=10))["type"] == "hello"
        client.send(json.dumps({"op": "subscribe", "bbox": [-74.02, 40.70, -73.93, 40.80]}))
        deltas = []
        while len(deltas) < 3:
            message = json.loads(client.recv(timeout=20))
            if message["type"] == "delta":
                deltas.append(message["seq"])
        counts = stage_counts(server)
    assert set(counts) == {"place", "diff", "serialise", "compress", "fanout"}
    # Every tick that published passed through place, diff, serialise and compress once; those that reached
    # our client were fanned out (a tick with no subscriber has no batch to write).
    ticks = counts["place"]
    assert ticks >= max(deltas)
    for stage in ("diff", "serialise", "compress"):
        assert ticks - 1 <= counts[stage] <= ticks, counts
    assert 3 <= counts["fanout"] <= counts["compress"], counts
    # The same family goes on counting with the ticks.
    time.sleep(2.5)
    later = stage_counts(server)
    assert all(later[stage] > counts[stage] for stage in ("place", "diff", "serialise", "compress")), (counts, later)
