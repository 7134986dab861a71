#!/usr/bin/env bash
# WebSocket server benchmarks, side by side with Node's `ws` library, under one compiled load
# generator (`trackside-bench ws-load`). Run from the repository root:
#   bash Tests/Benchmarks/websocket/run.sh
# Scenarios (each server in turn: ours, then, in the plain broadcast only, the floor, then the peer):
#   idle       10,000 connections held, no broadcast: RSS per connection, without and with
#              permessage-deflate negotiated
#   broadcast  5,000 clients, 2 KiB JSON at 10 Hz, without and with permessage-deflate; the plain case
#              in ROUNDS interleaved rounds (ours, floor, peer, ours, floor, peer, …), each round's CPU
#              ratio and p99 printed with their median and worst: a VM's host moves single figures by
#              ±10 % or more. The floor is `trackside-bench serve-floor`, an instrument, not a server:
#              one bare `send` per client per tick and nothing else, so its CPU is what the kernel
#              alone costs for the broadcast on this machine
#   echo       100 clients each sending a small timestamped message as soon as the last came back
# Server CPU comes from /proc/PID/stat over the measured window, RSS from /proc/PID/status.
# Each server's output goes to one log per case in a temporary directory (printed at the end);
# after each case the runner prints the server's last connection report: connections accepted,
# refused, open, and every close by code and reason, so any lost connection is explained.
# Environment: IDLE_CLIENTS (10000), CLIENTS (5000), ECHO_CLIENTS (100), DURATION (20), SIZE (2048),
# HZ (10), THREADS (2: load generator threads, one per core), ROUNDS (5: plain broadcast rounds).
set -euo pipefail
cd "$(dirname "$0")/../../.."
IDLE_CLIENTS=${IDLE_CLIENTS:-10000}
CLIENTS=${CLIENTS:-5000}
DURATION=${DURATION:-20}
SIZE=${SIZE:-2048}
HZ=${HZ:-10}
THREADS=${THREADS:-2}
ECHO_CLIENTS=${ECHO_CLIENTS:-100}
ROUNDS=${ROUNDS:-5}

ulimit -n "$(ulimit -Hn)"
# Debian installs node-ws under /usr/share/nodejs, which a Node not from Debian does not search.
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
if ! node -e "require('ws')" 2>/dev/null; then
  apt-get install -y node-ws >/dev/null || sudo apt-get install -y node-ws >/dev/null
fi
swift build -c release --product trackside-bench >/dev/null
BENCH=.build/release/trackside-bench
PEER=Tests/Benchmarks/websocket/peer_server.js

LOGS=$(mktemp -d "${TMPDIR:-/tmp}/wsbench.XXXXXX")
echo "machine: $(nproc) cores, $(uname -sr), $(swift --version 2>/dev/null | head -1)"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

server_pid=""
cleanup() { [[ -n "$server_pid" ]] && kill "$server_pid" 2>/dev/null || true; }
trap cleanup EXIT

# start_server LOG ours|floor|peer deflate|plain HZ: starts it logging to LOG, sets server_pid and server_port.
# Each server runs in a session of its own (setsid): with the kernel's autogroup scheduling a
# session is one CPU share, so on a busy machine a server started in the runner's session would
# split one share with the load generator, unlike on a machine of its own.
start_server() {
  local log=$1 kind=$2 compression=$3 rate=$4
  if [[ $kind == ours ]]; then
    local flag=""; [[ $compression == plain ]] && flag=--no-deflate
    setsid "$BENCH" serve-broadcast --size "$SIZE" --hz "$rate" $flag >"$log" 2>&1 &
  elif [[ $kind == floor ]]; then
    setsid "$BENCH" serve-floor --size "$SIZE" --hz "$rate" >"$log" 2>&1 &
  else
    local flag=""; [[ $compression == deflate ]] && flag=--deflate
    setsid node "$PEER" --size "$SIZE" --hz "$rate" $flag >"$log" 2>&1 &
  fi
  server_pid=$!
  for _ in $(seq 100); do
    server_port=$(sed -n 's/.*listening on \([0-9]*\).*/\1/p' "$log")
    [[ -n "$server_port" ]] && break
    sleep 0.1
  done
  [[ -n "$server_port" ]] || { echo "the $kind server did not start" >&2; exit 1; }
  sleep 0.5
}

stop_server() { kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""; }

rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }

# field NAME LINE: the value of NAME=… in a ws-load result line.
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<" $2"; }

declare -A result
# run_case NAME ours|floor|peer deflate|plain CLIENTS HZ DURATION [ws-load options]
run_case() {
  local name=$1 kind=$2 compression=$3 clients=$4 rate=$5 duration=$6 baseline line
  shift 6
  local log=$LOGS/$name-$kind.log
  start_server "$log" "$kind" "$compression" "$rate"
  baseline=$(rss_kib "$server_pid")
  line=$("$BENCH" ws-load --port "$server_port" --server-pid "$server_pid" --clients "$clients" \
           --threads "$THREADS" --duration "$duration" "$@")
  # One more report interval, so the server's last report covers the whole run.
  sleep 1.2
  stop_server
  echo "$name $kind: baseline_rss_kib=$baseline $line load_average=$(cut -d' ' -f1 /proc/loadavg)"
  echo "  server report: $(grep -E '^(serve-broadcast|serve-floor|peer): .*closes:' "$log" | tail -1 | cut -d' ' -f2-)"
  local logged
  logged=$(grep -c ' closed 1008' "$log" || true)
  [[ $logged == 0 ]] || echo "  server logged $logged closes with 1008 (output stalled), e.g. $(grep -m1 ' closed 1008' "$log")"
  local short
  short=$(sed -n 's/.* short_sends=\([0-9]*\).*/\1/p' "$log" | tail -1)
  [[ ${short:-0} == 0 ]] || echo "  VOID: the floor cut $short frames short (a send did not take the whole frame)"
  result[$name.$kind]="baseline_rss_kib=$baseline $line"
}

for compression in plain deflate; do
  for kind in ours peer; do run_case "idle-$compression" $kind $compression "$IDLE_CLIENTS" 0 5; done
done
broadcasts=()
for round in $(seq "$ROUNDS"); do broadcasts+=("plain $round"); done
broadcasts+=("deflate 1")
# kinds COMPRESSION: the servers of a broadcast case (the floor only measures the plain one).
kinds() { if [[ $1 == plain ]]; then echo ours floor peer; else echo ours peer; fi; }
for broadcast in "${broadcasts[@]}"; do
  read -r compression round <<<"$broadcast"
  for kind in $(kinds "$compression"); do
    run_case "broadcast-$compression-$round" $kind $compression "$CLIENTS" "$HZ" "$DURATION"
  done
done
for kind in ours peer; do run_case echo $kind plain "$ECHO_CLIENTS" 0 10 --echo; done

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b + 0 == 0) print "—"; else printf "%.2f", a / b }'; }
echo
echo "Idle: $IDLE_CLIENTS connections held (RSS growth over the server's own baseline)"
echo "| compression | server | connected | RSS MiB | KiB per connection | per-connection ÷ peer |"
echo "|---|---|---|---|---|---|"
for compression in plain deflate; do
  declare -A per
  for kind in ours peer; do
    r=${result[idle-$compression.$kind]}
    connected=$(field subscribed "$r")
    per[$kind]=$(awk -v r="$(field server_rss_kib "$r")" -v b="$(field baseline_rss_kib "$r")" -v n="$connected" \
                 'BEGIN { printf "%.1f", (r - b) / (n > 0 ? n : 1) }')
  done
  for kind in ours peer; do
    r=${result[idle-$compression.$kind]}
    printf "| %s | %s | %s | %.0f | %s | %s |\n" "$compression" "$kind" "$(field subscribed "$r")" \
      "$(awk -v r="$(field server_rss_kib "$r")" 'BEGIN { print r / 1024 }')" "${per[$kind]}" "$(ratio "${per[$kind]}" "${per[peer]}")"
  done
done
echo
echo "Broadcast: $CLIENTS clients, $SIZE B JSON at $HZ Hz, ${DURATION} s measured (expected $((CLIENTS * ${HZ%.*})) msgs/s)"
echo "| compression | server | delivered msgs/s | delivered % | p50 ms | p99 ms | server CPU (cores) | CPU ÷ peer | RSS MiB | failures | load gen CPU |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
plain_p99s=() plain_ratios=() floor_ratios=() over_floor=()
for broadcast in "${broadcasts[@]}"; do
  read -r compression round <<<"$broadcast"
  label=$compression; [[ $compression == plain ]] && label="plain, round $round"
  peer_cpu=$(field server_cpu "${result[broadcast-$compression-$round.peer]}")
  if [[ $compression == plain ]]; then
    plain_p99s+=("$(field p99_ms "${result[broadcast-plain-$round.ours]}")")
    plain_ratios+=("$(ratio "$(field server_cpu "${result[broadcast-plain-$round.ours]}")" "$peer_cpu")")
    floor_ratios+=("$(ratio "$(field server_cpu "${result[broadcast-plain-$round.floor]}")" "$peer_cpu")")
    over_floor+=("$(ratio "$(field server_cpu "${result[broadcast-plain-$round.ours]}")" \
                          "$(field server_cpu "${result[broadcast-plain-$round.floor]}")")")
  fi
  for kind in $(kinds "$compression"); do
    r=${result[broadcast-$compression-$round.$kind]}
    printf "| %s | %s | %s | %s | %s | %s | %s | %s | %.0f | %s | %s |\n" "$label" "$kind" "$(field msgs_per_s "$r")" \
      "$(awk -v m="$(field msgs_per_s "$r")" -v e="$((CLIENTS * ${HZ%.*}))" 'BEGIN { printf "%.1f", 100 * m / e }')" \
      "$(field p50_ms "$r")" "$(field p99_ms "$r")" "$(field server_cpu "$r")" "$(ratio "$(field server_cpu "$r")" "$peer_cpu")" \
      "$(awk -v r="$(field server_rss_kib "$r")" 'BEGIN { print r / 1024 }')" "$(field failures "$r")" "$(field loadgen_cpu "$r")"
  done
done
# median VALUES…: the middle value (the lower middle of an even count); worst VALUES…: the largest.
median() { printf "%s\n" "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
worst() { printf "%s\n" "$@" | sort -g | tail -1; }
echo "Plain broadcast over $ROUNDS rounds: our p99 ${plain_p99s[*]} ms (median $(median "${plain_p99s[@]}"), worst" \
     "$(worst "${plain_p99s[@]}")); our CPU ÷ the peer's ${plain_ratios[*]} (median $(median "${plain_ratios[@]}")," \
     "worst $(worst "${plain_ratios[@]}"))"
echo "The floor (one bare send per client per tick) ÷ the peer's CPU: ${floor_ratios[*]} (median" \
     "$(median "${floor_ratios[@]}")); our CPU ÷ the floor's: ${over_floor[*]} (median $(median "${over_floor[@]}"))"
echo
echo "Echo: $ECHO_CLIENTS clients, one message in flight each, no compression"
echo "| server | round trips/s | ÷ peer | p50 ms | p99 ms | server CPU (cores) | load gen CPU |"
echo "|---|---|---|---|---|---|---|"
for kind in ours peer; do
  r=${result[echo.$kind]}
  printf "| %s | %s | %s | %s | %s | %s | %s |\n" "$kind" "$(field msgs_per_s "$r")" \
    "$(ratio "$(field msgs_per_s "$r")" "$(field msgs_per_s "${result[echo.peer]}")")" "$(field p50_ms "$r")" \
    "$(field p99_ms "$r")" "$(field server_cpu "$r")" "$(field loadgen_cpu "$r")"
done
echo
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "server logs: $LOGS"
