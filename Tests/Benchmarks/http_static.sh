#!/usr/bin/env bash
# Static file throughput: `trackside serve` against nginx serving the same Public/ folder,
# measured with wrk in the same run. Usage: bash Tests/Benchmarks/http_static.sh [SECONDS] [CONNECTIONS]
# Needs wrk and nginx (Debian: apt-get install wrk nginx-light). Everything listens on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/../.."
duration=${1:-10}
connections=${2:-64}
for tool in wrk nginx; do
    command -v "$tool" >/dev/null || { echo "http_static: $tool is missing (apt-get install wrk nginx-light)" >&2; exit 1; }
done

swift build -c release --product trackside >/dev/null
binary="$(swift build -c release --show-bin-path)/trackside"
public="$(pwd)/Public"
work="$(mktemp -d)"
cleanup() {
    [ -n "${trackside_pid:-}" ] && kill "$trackside_pid" 2>/dev/null || true
    [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

"$binary" serve --port 0 --public "$public" --event-loops 2 >"$work/trackside.log" 2>&1 &
trackside_pid=$!
for _ in $(seq 100); do grep -q "listening on" "$work/trackside.log" && break; sleep 0.05; done
trackside_port=$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$work/trackside.log")

nginx_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat >"$work/nginx.conf" <<CONF
worker_processes 2;
daemon off;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
user root;
events { worker_connections 4096; }
http {
    include /etc/nginx/mime.types;
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    client_body_temp_path $work/body;
    proxy_temp_path $work/proxy;
    fastcgi_temp_path $work/fastcgi;
    uwsgi_temp_path $work/uwsgi;
    scgi_temp_path $work/scgi;
    gzip on;
    gzip_comp_level 1;
    gzip_types text/css application/javascript text/javascript application/json;
    server { listen 127.0.0.1:$nginx_port; root $public; }
}
CONF
nginx -c "$work/nginx.conf" &
for _ in $(seq 100); do [ -f "$work/nginx.pid" ] && break; sleep 0.05; done
sleep 0.2

# Prints "requests/s p50_ms p99_ms" for one wrk run.
measure() {
    local url=$1 encoding=$2
    wrk -t 2 -c "$connections" -d "${duration}s" --latency -H "Accept-Encoding: $encoding" "$url" | awk '
        function ms(text) {
            if (text ~ /us$/) return text / 1000
            if (text ~ /ms$/) return text + 0
            if (text ~ /s$/) return text * 1000
            return text
        }
        /Requests\/sec/ { rps = $2 }
        /^ +50%/ { p50 = ms($2) }
        /^ +99%/ { p99 = ms($2) }
        END { printf "%s %.2f %.2f", rps, p50, p99 }'
}

# Each cell alternates the two servers for $rounds rounds and reports the median round, so a burst
# of load from elsewhere on the machine hits both sides alike.
rounds=${ROUNDS:-3}
median() { sort -g | awk '{ v[NR] = $0 } END { print v[int((NR + 1) / 2)] }'; }
echo "wrk -t2 -c$connections -d${duration}s x $rounds alternating rounds (median), trackside (2 event loops) vs nginx (2 workers)"
printf "%-42s %-9s %12s %10s %12s %10s %7s\n" path encoding trackside_rps p99_ms nginx_rps p99_ms ratio
for path in /index.html /js/connection.js /vendor/maplibre-gl/maplibre-gl.js /missing.txt; do
    for encoding in identity gzip; do
        t_runs=(); n_runs=(); t_tail=(); n_tail=()
        for _ in $(seq "$rounds"); do
            read -r rps _ p99 <<<"$(measure "http://127.0.0.1:$trackside_port$path" "$encoding")"
            t_runs+=("$rps"); t_tail+=("$p99")
            read -r rps _ p99 <<<"$(measure "http://127.0.0.1:$nginx_port$path" "$encoding")"
            n_runs+=("$rps"); n_tail+=("$p99")
        done
        t_rps=$(printf "%s\n" "${t_runs[@]}" | median)
        n_rps=$(printf "%s\n" "${n_runs[@]}" | median)
        t_p99=$(printf "%s\n" "${t_tail[@]}" | median)
        n_p99=$(printf "%s\n" "${n_tail[@]}" | median)
        ratio=$(python3 -c "import sys; t, n = sys.argv[1:]; print(f'{float(t) / float(n):.2f}' if t and n else 'n/a')" "${t_rps:-}" "${n_rps:-}")
        printf "%-42s %-9s %12s %10s %12s %10s %7s\n" "$path" "$encoding" "$t_rps" "$t_p99" "$n_rps" "$n_p99" "$ratio"
    done
done
kill -0 "$trackside_pid" 2>/dev/null || { echo "http_static: trackside exited during the run:" >&2; cat "$work/trackside.log" >&2; exit 1; }
