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

# Prints "requests/s p50 p99" for one wrk run.
measure() {
    local url=$1 encoding=$2
    wrk -t 2 -c "$connections" -d "${duration}s" --latency -H "Accept-Encoding: $encoding" "$url" | awk '
        /Requests\/sec/ { rps = $2 }
        /^ +50%/ { p50 = $2 }
        /^ +99%/ { p99 = $2 }
        END { printf "%s %s %s", rps, p50, p99 }'
}

echo "wrk -t2 -c$connections -d${duration}s, trackside (2 event loops) vs nginx (2 workers), both on this machine with wrk"
printf "%-42s %-9s %12s %9s %9s %12s %9s %9s %7s\n" path encoding trackside_rps p50 p99 nginx_rps p50 p99 ratio
for path in /index.html /js/connection.js /vendor/maplibre-gl/maplibre-gl.js /missing.txt; do
    for encoding in identity gzip; do
        read -r t_rps t_p50 t_p99 <<<"$(measure "http://127.0.0.1:$trackside_port$path" "$encoding")"
        read -r n_rps n_p50 n_p99 <<<"$(measure "http://127.0.0.1:$nginx_port$path" "$encoding")"
        ratio=$(python3 -c "import sys; t, n = sys.argv[1:]; print(f'{float(t) / float(n):.2f}' if t and n else 'n/a')" "${t_rps:-}" "${n_rps:-}")
        printf "%-42s %-9s %12s %9s %9s %12s %9s %9s %7s\n" "$path" "$encoding" "$t_rps" "$t_p50" "$t_p99" "$n_rps" "$n_p50" "$n_p99" "$ratio"
    done
done
kill -0 "$trackside_pid" 2>/dev/null || { echo "http_static: trackside exited during the run:" >&2; cat "$work/trackside.log" >&2; exit 1; }
