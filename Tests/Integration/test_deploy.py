"""deploy/: what can be checked on this machine. nginx checks the real config (`nginx -t`) and proxies
real WebSocket traffic to `trackside serve` through TLS; systemd-analyze verifies the unit; the
Kubernetes manifests are parsed with PyYAML and their cross-references checked; the Dockerfile's
stages, user and copied paths are checked against the repository. Everything binds 127.0.0.1."""

import json
import os
import pathlib
import shutil
import socket
import ssl
import subprocess
import time
import urllib.request

import pytest
import yaml
from websockets.sync.client import connect

from trackside_api import replay_args

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"


def required_tool(name):
    """The tool's path; skips outside CI when it is missing (Tests/setup.sh installs it), fails in CI."""
    path = shutil.which(name) or shutil.which(name, path="/usr/sbin:/sbin")
    if path is None:
        if os.environ.get("CI"):
            pytest.fail(f"{name} is missing in CI (Tests/setup.sh installs it)")
        pytest.skip(f"{name} is not installed: run Tests/setup.sh")
    return path


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def substitute(text, old, new):
    """Replaces `old`, which must occur: a change to the shipped config must not silently skip a check."""
    assert old in text, f"deploy/nginx/trackside.conf no longer contains {old!r}"
    return text.replace(old, new)


class LocalNginx:
    """The shipped nginx config rewritten for loopback: ports, a self-signed certificate, and every
    path nginx writes under tmp_path. The locations, upstream options and headers stay as shipped."""

    def __init__(self, tmp_path, upstream_port):
        self.dir = tmp_path / "nginx"
        (self.dir / "logs").mkdir(parents=True)
        self.https_port, self.http_port = free_port(), free_port()
        cert, key = self.dir / "cert.pem", self.dir / "key.pem"
        subprocess.run([required_tool("openssl"), "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                        "-subj", "/CN=localhost", "-keyout", str(key), "-out", str(cert)],
                       check=True, capture_output=True)
        site = (DEPLOY / "nginx" / "trackside.conf").read_text()
        site = substitute(site, "listen 443 ssl http2;", f"listen 127.0.0.1:{self.https_port} ssl http2;")
        site = substitute(site, "listen [::]:443 ssl http2;", "")
        site = substitute(site, "listen 80;", f"listen 127.0.0.1:{self.http_port};")
        site = substitute(site, "listen [::]:80;", "")
        site = substitute(site, "/etc/ssl/trackside/fullchain.pem", str(cert))
        site = substitute(site, "/etc/ssl/trackside/privkey.pem", str(key))
        site = substitute(site, "/var/cache/nginx/trackside", str(self.dir / "cache"))
        site = substitute(site, "server 127.0.0.1:8080", f"server 127.0.0.1:{upstream_port}")
        (self.dir / "trackside.conf").write_text(site)
        temp = "\n".join(f"    {kind}_temp_path {self.dir / kind};"
                         for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        # As root, workers would otherwise drop to `nobody`, which cannot enter pytest's tmp folders.
        user = "user root;\n" if os.geteuid() == 0 else ""
        self.conf = self.dir / "nginx.conf"
        self.conf.write_text(f"""{user}daemon off;
worker_processes 1;
pid {self.dir / 'nginx.pid'};
error_log {self.dir / 'logs' / 'error.log'} info;
events {{ worker_connections 256; }}
http {{
    access_log {self.dir / 'logs' / 'access.log'};
{temp}
    include {self.dir / 'trackside.conf'};
}}
""")
        self.binary = required_tool("nginx")
        self.process = None

    def test_config(self):
        return subprocess.run([self.binary, "-t", "-p", str(self.dir), "-c", str(self.conf)],
                              capture_output=True, text=True)

    def start(self):
        self.process = subprocess.Popen([self.binary, "-p", str(self.dir), "-c", str(self.conf)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            assert self.process.poll() is None, f"nginx exited: {self.process.stderr.read().decode()}"
            try:
                socket.create_connection(("127.0.0.1", self.https_port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise AssertionError(f"nginx did not listen within 10 s:\n{self.error_log()}")

    def error_log(self):
        path = self.dir / "logs" / "error.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def access_log(self):
        path = self.dir / "logs" / "access.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


def insecure_tls():
    """The test's self-signed certificate is trusted by fiat; TLS itself is real."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def https_get(nginx, path):
    request = urllib.request.Request(f"https://127.0.0.1:{nginx.https_port}{path}")
    try:
        with urllib.request.urlopen(request, context=insecure_tls(), timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_nginx_accepts_the_shipped_config(tmp_path):
    nginx = LocalNginx(tmp_path, upstream_port=free_port())
    result = nginx.test_config()
    assert result.returncode == 0, result.stderr
    assert "test is successful" in result.stderr


def test_nginx_proxies_websocket_and_api_to_trackside(tmp_path, start_trackside, shared_data):
    server = start_trackside(*replay_args(shared_data), wait_ready=True)
    nginx = LocalNginx(tmp_path, upstream_port=server.port)
    nginx.start()
    try:
        # Plain HTTP only redirects to HTTPS.
        plain = socket.create_connection(("127.0.0.1", nginx.http_port), timeout=5)
        plain.sendall(b"GET /ws HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        assert plain.recv(4096).startswith(b"HTTP/1.1 301")
        plain.close()

        with connect(f"wss://127.0.0.1:{nginx.https_port}/ws", ssl=insecure_tls(), open_timeout=10) as ws:
            hello = json.loads(ws.recv(timeout=10))
            assert hello["type"] == "hello"
            assert hello["source"] == "replay"
            ws.send(json.dumps({"op": "subscribe", "bbox": [-74.0, 40.74, -73.96, 40.77]}))
            # The subscribe reached the server (a snapshot answers it) and ticks keep arriving
            # through the proxy: the upgrade held and frames pass both ways.
            types = [json.loads(ws.recv(timeout=10))["type"] for _ in range(3)]
            assert types == ["snapshot", "delta", "delta"], types

        status, headers, body = https_get(nginx, "/api/config")
        assert status == 200 and json.loads(body)["source"] == "replay"
        assert headers.get("Cache-Control") == "no-store"

        status, _, body = https_get(nginx, "/healthz")
        assert status == 200 and json.loads(body) == {"status": "ok"}
        status, _, body = https_get(nginx, "/readyz")
        readiness = json.loads(body)
        assert (status == 200) == readiness["ready"] and (status in (200, 503))
        assert readiness["ready"] == (readiness["stale"] == [])
    except BaseException:
        print(f"nginx error log:\n{nginx.error_log()}\nnginx access log:\n{nginx.access_log()}")
        raise
    finally:
        nginx.stop()
    assert "[emerg]" not in nginx.error_log()


def test_systemd_unit_verifies(tmp_path, trackside_bin):
    analyze = required_tool("systemd-analyze")
    unit = (DEPLOY / "systemd" / "trackside.service").read_text()
    # verify insists that ExecStart's binary exists; point it at the one just built.
    unit = substitute(unit, "ExecStart=/usr/local/bin/trackside", f"ExecStart={trackside_bin}")
    path = tmp_path / "trackside.service"
    path.write_text(unit)
    result = subprocess.run([analyze, "verify", "--man=no", str(path)], capture_output=True, text=True)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    # verify only warns about misplaced or misspelt keys, and the unit then runs without them.
    assert "Unknown" not in output and "ignoring" not in output, output
    for directive in ("NoNewPrivileges=yes", "ProtectSystem=strict", "Restart=on-failure", "LimitNOFILE=",
                      "User=trackside"):
        assert directive in unit


def load_manifests():
    documents = []
    for path in sorted((DEPLOY / "kubernetes").glob("*.yaml")):
        for document in yaml.safe_load_all(path.read_text()):
            for field in ("apiVersion", "kind", "metadata", "spec"):
                assert field in document, f"{path.name}: {field} missing"
            assert document["metadata"].get("name"), f"{path.name}: metadata.name missing"
            documents.append(document)
    return {document["kind"]: document for document in documents}


def test_kubernetes_manifests_are_consistent():
    manifests = load_manifests()
    assert set(manifests) == {"Deployment", "Service", "Ingress", "HorizontalPodAutoscaler",
                              "PodDisruptionBudget"}
    deployment = manifests["Deployment"]
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert deployment["spec"]["selector"]["matchLabels"].items() <= labels.items()
    [container] = deployment["spec"]["template"]["spec"]["containers"]
    assert container["args"][0] == "serve"
    port_names = {port["name"]: port["containerPort"] for port in container["ports"]}
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    for probe in ("livenessProbe", "readinessProbe", "startupProbe"):
        assert container[probe]["httpGet"]["port"] in port_names
    for kind in ("requests", "limits"):
        assert {"cpu", "memory"} <= container["resources"][kind].keys()
    assert container["securityContext"]["allowPrivilegeEscalation"] is False
    assert deployment["spec"]["template"]["spec"]["securityContext"]["runAsNonRoot"] is True

    service = manifests["Service"]
    assert service["spec"]["selector"].items() <= labels.items()
    service_ports = {port["name"] for port in service["spec"]["ports"]}
    assert all(port["targetPort"] in port_names for port in service["spec"]["ports"])

    ingress = manifests["Ingress"]
    annotations = ingress["metadata"]["annotations"]
    assert int(annotations["nginx.ingress.kubernetes.io/proxy-read-timeout"]) >= 3600
    for rule in ingress["spec"]["rules"]:
        for path in rule["http"]["paths"]:
            backend = path["backend"]["service"]
            assert backend["name"] == service["metadata"]["name"]
            assert backend["port"]["name"] in service_ports

    target = manifests["HorizontalPodAutoscaler"]["spec"]["scaleTargetRef"]
    assert (target["kind"], target["name"]) == ("Deployment", deployment["metadata"]["name"])
    hpa = manifests["HorizontalPodAutoscaler"]["spec"]
    assert 1 <= hpa["minReplicas"] <= hpa["maxReplicas"]
    pdb = manifests["PodDisruptionBudget"]["spec"]
    assert pdb["selector"]["matchLabels"].items() <= labels.items()
    assert pdb["minAvailable"] < hpa["minReplicas"], "the budget must allow a node drain"


def test_dockerfile_builds_in_stages_and_runs_as_non_root():
    lines = [line.strip() for line in (DEPLOY / "docker" / "Dockerfile").read_text().splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    stages = [line.split() for line in lines if line.startswith("FROM ")]
    assert [stage[1].split(":")[0] for stage in stages] == ["swift", "swift"]
    assert stages[-1][1].endswith("-slim")
    user = [line.split()[1] for line in lines if line.startswith("USER ")]
    assert user and not user[-1].startswith(("0", "root"))
    # Every path copied from the build context exists in the repository.
    for line in lines:
        if line.startswith("COPY ") and "--from=" not in line:
            for source in line.split()[1:-1]:
                assert (ROOT / source).exists(), f"Dockerfile copies {source}, which the repository lacks"


def test_scale_out_manifests_run_two_engines_autoscaled_edges_and_redis():
    documents = []
    for path in sorted((DEPLOY / "kubernetes" / "scale-out").glob("*.yaml")):
        documents += [document for document in yaml.safe_load_all(path.read_text())]
    by_name = {(document["kind"], document["metadata"]["name"]): document for document in documents}
    redis = by_name[("Service", "trackside-redis")]
    assert by_name[("StatefulSet", "trackside-redis")]["spec"]["serviceName"] == redis["metadata"]["name"]
    redis_url = f"redis://{redis['metadata']['name']}:{redis['spec']['ports'][0]['port']}"

    def container(name):
        [found] = by_name[("Deployment", name)]["spec"]["template"]["spec"]["containers"]
        assert found["livenessProbe"]["httpGet"]["path"] == "/healthz"
        assert found["readinessProbe"]["httpGet"]["path"] == "/readyz"
        return found["args"]

    engine = container("trackside-engine")
    assert by_name[("Deployment", "trackside-engine")]["spec"]["replicas"] == 2
    assert engine[engine.index("--role") + 1] == "engine" and engine[engine.index("--redis") + 1] == redis_url
    edge = container("trackside-edge")
    assert edge[edge.index("--role") + 1] == "edge" and edge[edge.index("--redis") + 1] == redis_url
    hpa = by_name[("HorizontalPodAutoscaler", "trackside-edge")]["spec"]
    assert hpa["scaleTargetRef"]["name"] == "trackside-edge" and hpa["minReplicas"] < hpa["maxReplicas"]
    # The parent folder's Ingress and PodDisruptionBudget select the edges through the same Service and labels.
    parent = load_manifests()
    service = by_name[("Service", "trackside")]
    edge_labels = by_name[("Deployment", "trackside-edge")]["spec"]["template"]["metadata"]["labels"]
    assert service["spec"]["selector"].items() <= edge_labels.items()
    assert parent["PodDisruptionBudget"]["spec"]["selector"]["matchLabels"].items() <= edge_labels.items()
    for rule in parent["Ingress"]["spec"]["rules"]:
        for route in rule["http"]["paths"]:
            assert route["backend"]["service"]["name"] == service["metadata"]["name"]
    engine_labels = by_name[("Deployment", "trackside-engine")]["spec"]["template"]["metadata"]["labels"]
    assert not service["spec"]["selector"].items() <= engine_labels.items(), "clients never reach an engine"
