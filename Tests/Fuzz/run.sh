#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer, part of the Swift toolchain) of everything a peer's or a feed
# publisher's bytes reach. Run from the repository root:
#   bash Tests/Fuzz/run.sh [--seconds N | --runs N] [--sanitize address] [TARGET…]
# Targets (default: all six):
#   decoders   TransitData: GTFS-realtime protobuf (decode, then re-encode must round-trip), SIRI JSON
#              and XML, zip, gzip and raw deflate, every GTFS table's CSV rows, ISO 8601 times
#   access     TransitData: the MTA's station entrances (GeoJSON and CSV), elevator and escalator list and
#              outage feed (through the feed decoder: gzip)
#   engine     TransitEngine: a feed through decoding, two ticks of placement, station boards, sign
#              rows and display alerts on the real subway network, written out as the server does
#              (TracksideServer's Wire/)
#   transport  WebSocketServer: HTTP/1.1 requests (read in pieces of every size) and the handshake,
#              WebSocket frames with and without permessage-deflate, echoed, and extension offers
#   server     TracksideServer: the push protocol's messages driving four clients' sessions through
#              ticks of moving vehicles, REST query parameters, the options from flags,
#              environment and config file, and Redis stream entries (PublishedTick with its
#              vehicles, alerts and relayed feed payloads) decoded and followed as an edge does
#   redis      Redis: RESP2 replies read whole and in pieces of every size (the same values, within the
#              limits; a command re-encodes to itself), stream and XINFO replies, --redis URLs
# --seconds N: fuzz each target N seconds (default 60). --runs N: run the seeds and N mutations of
# them from seed 1, the same every time (what the test run does). --sanitize address: with
# AddressSanitizer (slower; memory errors in the unsafe-pointer code). Libraries are compiled with
# -sanitize=fuzzer into FUZZ_DIR (default .build/fuzz), again whenever a source or the toolchain
# changed; each target's corpus grows in FUZZ_DIR/corpus/TARGET (not with --runs, which starts from
# the seeds alone every time), seeded from ../shared/data by seeds.py. A crash, a trap, a leak (with
# --sanitize address) or an input slower than 20 s is written as FUZZ_DIR/TARGET-crash-… (-leak-,
# -timeout-…) and fails the run. Without ../shared/data the run is skipped, except in CI (CI set).
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=60 runs="" sanitizers=fuzzer targets=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --seconds) seconds=${2:?--seconds needs a number}; shift 2 ;;
    --runs) runs=${2:?--runs needs a number}; shift 2 ;;
    --sanitize) sanitizers="fuzzer,${2:?--sanitize needs a sanitizer, e.g. address}"; shift 2 ;;
    decoders|access|engine|transport|server|redis) targets+=("$1"); shift ;;
    *) echo "unknown argument $1 (see the top of $0)" >&2; exit 2 ;;
  esac
done
[[ ${#targets[@]} -gt 0 ]] || targets=(decoders access engine transport server redis)
SHARED_DATA=${SHARED_DATA:-$(cd .. && pwd)/shared/data}
if [[ ! -d $SHARED_DATA ]]; then
  [[ -n ${CI:-} ]] && { echo "fuzzing: $SHARED_DATA is missing in CI" >&2; exit 1; }
  echo "fuzzing skipped: no $SHARED_DATA (the seeds and the engine's network come from it)"
  exit 0
fi
FUZZ_DIR=${FUZZ_DIR:-.build/fuzz}
build=$FUZZ_DIR/build-${sanitizers//,/-}
mkdir -p "$build" "$FUZZ_DIR/corpus"
export SWIFT_BACKTRACE=enable=no  # libFuzzer handles the trap and keeps the input
export LSAN_OPTIONS=suppressions=$PWD/Tests/Fuzz/lsan-suppressions.txt  # Foundation's own leak

# Libraries built from other sources or by another toolchain are stale: all of them are rebuilt.
source_key=$( (swiftc --version 2>&1; find Sources CZlib CLinux Tests/Fuzz/run.sh -type f | sort | xargs sha1sum) | sha1sum | cut -d' ' -f1)
if [[ $(cat "$build/source-key" 2>/dev/null) != "$source_key" ]]; then
  rm -f "$build"/lib*.a "$build"/*.swiftmodule
  echo "$source_key" >"$build/source-key"
fi

# library NAME: compiles Sources/NAME (its dependencies already built) into $build/libNAME.a and its module.
library() {
  local name=$1 sources
  [[ -f $build/lib$name.a ]] && return
  echo "compiling $name for fuzzing"
  mapfile -t sources < <(find "Sources/$name" -name '*.swift')
  swiftc -O -swift-version 6 -enable-testing -sanitize="$sanitizers" -parse-as-library -module-name "$name" -emit-library -static -emit-module \
    -emit-module-path "$build/$name.swiftmodule" -I "$build" -I CZlib -I CLinux -j2 \
    "${sources[@]}" -o "$build/lib$name.a"
}
declare -A harness=([decoders]=DecodersFuzz [access]=AccessFuzz [engine]=EngineFuzz [transport]=TransportFuzz [server]=ServerFuzz
                    [redis]=RedisFuzz)
declare -A libraries=([decoders]="Codecs TransitData" [access]="Codecs TransitData" [engine]="Codecs Metrics TransitData TransitEngine HostResolution WebSocketServer Redis TracksideServer"
                      [transport]="Codecs Metrics HostResolution WebSocketServer"
                      [server]="Codecs Metrics TransitData TransitEngine HostResolution WebSocketServer Redis TracksideServer"
                      [redis]="HostResolution Redis")

rm -rf "$FUZZ_DIR/seeds"
python3 Tests/Fuzz/seeds.py "$SHARED_DATA" "$FUZZ_DIR/seeds"
export FUZZ_GTFS=$SHARED_DATA/nyc-subway-gtfs/2018-11_full-except-stop_times
failed=0
for target in "${targets[@]}"; do
  links=()
  # A static library comes before the ones it uses.
  for name in ${libraries[$target]}; do library "$name"; links=("$build/lib$name.a" ${links[@]+"${links[@]}"}); done
  swiftc -O -swift-version 6 -sanitize="$sanitizers" -parse-as-library -I "$build" -I CZlib -I CLinux \
    "Tests/Fuzz/${harness[$target]}.swift" "${links[@]}" -o "$build/$target"
  if [[ -n $runs ]]; then
    budget=(-runs="$runs" -seed=1)
    corpus=$(mktemp -d)  # the same start every time: the seeds alone
  else
    budget=(-max_total_time="$seconds")
    corpus=$FUZZ_DIR/corpus/$target
    mkdir -p "$corpus"
  fi
  echo "fuzzing $target (${budget[*]})"
  if "$build/$target" "${budget[@]}" -max_len=600000 -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
       -artifact_prefix="$FUZZ_DIR/$target-" "$corpus" "$FUZZ_DIR/seeds/$target" \
       >"$FUZZ_DIR/$target.log" 2>&1; then
    grep -E '^(stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb)' "$FUZZ_DIR/$target.log" \
      | sed "s/^/  $target /"
  else
    failed=1
    echo "FUZZ FAILURE in $target: $(grep -m1 -E 'ERROR|deadly signal|Fatal error' "$FUZZ_DIR/$target.log" || true)"
    grep -E 'Fatal error|Test unit written to|#[0-9]+ 0x' "$FUZZ_DIR/$target.log" | head -20 || true
  fi
  if [[ -n $runs ]]; then rm -rf "$corpus"; fi
done
exit $failed
