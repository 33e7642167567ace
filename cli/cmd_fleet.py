"""``clearpage fleet``: N ``clearpage proxy`` replicas on loopback behind HAProxy, from the config's ``fleet:`` section.

- ``fleet setup --config FILE --out DIR``: makes the replicas' one CA certificate in the fleet's
  confdir (once: an existing one is kept), and writes ``DIR/haproxy.cfg`` (TCP mode, health
  checks on each replica's health port) and ``DIR/proxy.pac`` (what browsers are configured with).
- ``fleet run --config FILE``: the CA as above, then the replicas (``clearpage proxy --host
  127.0.0.1 --port first_port+i --health-port first_health_port+i --proxyauth @htpasswd``, one
  config, one confdir); their output prefixed ``replica N:``; one that exits is started again
  after ``RESTART_DELAY_S``; SIGTERM or Ctrl-C stops them all.

The config loader refuses a fleet that would be an open proxy (``fleet.listen`` beyond loopback
without ``fleet.htpasswd``); docs/running-for-many-users.md is the set-up.
"""
from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from clearpage.addon import confdir as confdir_module
from clearpage.addon.health import ALIVE_PATH
from clearpage.cli.loading import config_or_report
from clearpage.filters.settings import FleetSettings, split_address

from .cmd_proxy import CA_CERT_FILE, DEFAULT_CONFDIR

REPLICA_HOST = "127.0.0.1"  # replicas face only the balancer on this machine
RESTART_DELAY_S = 5.0  # a replica that exited is started again after this (no busy loop when it cannot start)
STOP_TIMEOUT_S = 15.0  # replicas not gone this long after SIGTERM are killed
CA_KEY_BITS = 2048  # mitmproxy's own default for its CA key
CA_BASENAME = "mitmproxy"  # the file names mitmproxy looks for in a confdir (mitmproxy-ca.pem, ...)
MAX_CONNECTIONS = 4096  # HAProxy's global maxconn: browsers keep several connections each
# A browser keeps idle proxy connections (and HTTPS tunnels) open between pages.
IDLE_TIMEOUT = "10m"
HEALTH_PATH = "/health"
LINE_LIMIT = 1 << 20  # a replica's log line (a long URL) up to this is passed on whole


def add_parser(sub, name: str) -> None:
    parser = sub.add_parser(name, help="replicas of the proxy behind HAProxy, for many users (the config's fleet: section)")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    setup = actions.add_parser("setup", help="make the CA once and write haproxy.cfg and proxy.pac")
    setup.add_argument("--config", metavar="FILE", required=True, help="the config with the fleet: section (the replicas use it too)")
    setup.add_argument("--out", metavar="DIR", default=".", help="where haproxy.cfg and proxy.pac go (default: here)")
    setup.set_defaults(func=run_setup)
    start = actions.add_parser("run", help="start the replicas (the CA first, when missing) and keep them running")
    start.add_argument("--config", metavar="FILE", required=True, help="the config with the fleet: section")
    start.set_defaults(func=run_replicas)


def _load(path: str):
    config = config_or_report(path)
    if config is None:
        return None
    assert config.fleet is not None
    problem = htpasswd_problem(config.fleet)
    if problem:
        print(f"clearpage fleet: {problem}", file=sys.stderr)
        return None
    return config


def htpasswd_problem(fleet: FleetSettings) -> str | None:
    """Why the replicas could not check credentials with ``fleet.htpasswd``, or None (mitmproxy's own reader)."""
    if not fleet.htpasswd:
        return None
    from mitmproxy.utils.htpasswd import HtpasswdFile

    try:
        users = HtpasswdFile.from_file(Path(fleet.htpasswd)).users
    except (OSError, ValueError) as exc:
        return f"fleet.htpasswd {fleet.htpasswd}: {exc}"
    if not users:
        return f"fleet.htpasswd {fleet.htpasswd}: no user in it (htpasswd -B {fleet.htpasswd} USER adds one)"
    return None


def confdir_of(fleet: FleetSettings) -> Path:
    return Path(os.path.expanduser(fleet.confdir or DEFAULT_CONFDIR))


def ensure_ca(confdir: Path) -> tuple[Path, bool]:
    """The CA certificate in ``confdir``, made now (owner-only) when there is none; (path, made)."""
    from mitmproxy.certs import CertStore

    cert = confdir / CA_CERT_FILE
    made = not cert.exists()
    confdir_module.prepare(confdir)
    CertStore.from_store(confdir, CA_BASENAME, CA_KEY_BITS)  # loads an existing CA, or writes a new one
    for note in confdir_module.secure(confdir):
        print(f"clearpage fleet: WARNING: {note}", file=sys.stderr)
    return cert, made


# ---------------------------------------------------------------------- setup


def run_setup(args) -> int:
    config = _load(args.config)
    if config is None:
        return 2
    fleet = config.fleet
    out = Path(args.out)
    try:
        cert, made = ensure_ca(confdir_of(fleet))
        out.mkdir(parents=True, exist_ok=True)
        pac = out / "proxy.pac"
        pac.write_text(pac_file(fleet), encoding="utf-8")
        haproxy = out / "haproxy.cfg"
        haproxy.write_text(haproxy_config(fleet, os.path.abspath(args.config), pac.resolve()), encoding="utf-8")
    except OSError as exc:
        print(f"clearpage fleet: {exc}", file=sys.stderr)
        return 2
    host, port = split_address(fleet.listen)
    print("\n".join([
        f"clearpage fleet: CA certificate {'made' if made else 'kept'}: {cert} (browsers must trust it for HTTPS)",
        f"  wrote {haproxy}: HAProxy on {fleet.listen} in front of {fleet.replicas} replicas (haproxy -f {haproxy})",
        f"  wrote {pac}: the browsers' proxy configuration (PROXY {pac_address(fleet)})"
        + (f", served at http://{pac_host(fleet)}:{split_address(fleet.pac_listen)[1]}/proxy.pac" if fleet.pac_listen else ""),
        f"  then: clearpage fleet run --config {args.config}",
        *([f"  proxy credentials: required (fleet.htpasswd {fleet.htpasswd})"] if fleet.htpasswd else
          [f"  proxy credentials: none (fleet.listen {host}:{port} is loopback: only this machine can connect)"]),
    ]))
    return 0


def pac_host(fleet: FleetSettings) -> str:
    host, _ = split_address(fleet.listen)
    name = fleet.pac_host or host
    return f"[{name}]" if ":" in name else name


def pac_address(fleet: FleetSettings) -> str:
    return f"{pac_host(fleet)}:{split_address(fleet.listen)[1]}"


def pac_file(fleet: FleetSettings) -> str:
    """The proxy auto-config file: every page through the balancer, this machine's own addresses direct."""
    fallback = "; DIRECT" if fleet.direct_fallback else ""
    return f"""// clearpage: browsers send every page through the balancer (written by `clearpage fleet setup`).
function FindProxyForURL(url, host) {{
  if (isPlainHostName(host) || host == "localhost" || shExpMatch(host, "127.*") || host == "[::1]")
    return "DIRECT";
  return "PROXY {pac_address(fleet)}{fallback}";
}}
"""


def _bind(address: str) -> str:
    host, port = split_address(address)
    if host in ("", "*", "0.0.0.0"):
        return f"0.0.0.0:{port}"
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def haproxy_config(fleet: FleetSettings, config_path: str, pac_path: Path) -> str:
    """HAProxy's configuration: TCP mode (the replicas see the browsers' own proxy requests,
    credentials and CONNECT tunnels), each replica checked on its health port; when none is
    healthy (every filtering pool broken), the replicas that still listen serve pages unfiltered."""
    inter = f"{fleet.check_interval_ms}ms"
    lines = [
        f"# Written by `clearpage fleet setup --config {config_path}`: {fleet.replicas} clearpage proxy",
        "# replicas on loopback behind HAProxy in TCP mode. Write it again after changing the fleet: section.",
        "global",
        f"    maxconn {MAX_CONNECTIONS}",
        "",
        "defaults",
        "    mode tcp",
        "    timeout connect 5s",
        f"    timeout client {IDLE_TIMEOUT}",
        f"    timeout server {IDLE_TIMEOUT}",
        "    # a replica that refuses the connection (it just died) is skipped for another one",
        "    retries 2",
        "    option redispatch",
        "",
        "frontend clearpage",
        f"    bind {_bind(fleet.listen)}",
        "    # every replica's filtering workers broken: the replicas still serve, unfiltered",
        "    use_backend clearpage_unfiltered if { nbsrv(clearpage_replicas) eq 0 }",
        "    default_backend clearpage_replicas",
        "",
        "backend clearpage_replicas",
        "    balance leastconn",
        "    option httpchk",
        f"    http-check send meth GET uri {HEALTH_PATH}",
        "    http-check expect status 200",
        f"    default-server inter {inter} fall 2 rise 2",
        *_servers(fleet),
        "",
        "backend clearpage_unfiltered",
        "    balance leastconn",
        "    option httpchk",
        f"    http-check send meth GET uri {ALIVE_PATH}",
        "    http-check expect status 200",
        f"    default-server inter {inter} fall 2 rise 2",
        *_servers(fleet),
    ]
    if fleet.pac_listen:
        lines += [
            "",
            "frontend clearpage_pac",
            "    mode http",
            f"    bind {_bind(fleet.pac_listen)}",
            "    timeout client 10s",
            f'    http-request return status 200 content-type "application/x-ns-proxy-autoconfig" file "{pac_path}" if {{ path /proxy.pac }}',
            "    http-request deny deny_status 404",
        ]
    return "\n".join(lines) + "\n"


def _servers(fleet: FleetSettings) -> list[str]:
    return [
        f"    server replica{i + 1} {REPLICA_HOST}:{fleet.first_port + i} check port {fleet.first_health_port + i}"
        for i in range(fleet.replicas)
    ]


# ---------------------------------------------------------------------- run


def replica_command(config_path: str, fleet: FleetSettings, index: int) -> list[str]:
    """The ``clearpage proxy`` command line of replica ``index`` (0-based)."""
    command = [
        sys.executable, "-m", "clearpage.cli", "proxy", "--config", config_path,
        "--host", REPLICA_HOST, "--port", str(fleet.first_port + index),
        "--health-port", str(fleet.first_health_port + index), "--confdir", str(confdir_of(fleet)),
    ]
    if fleet.htpasswd:
        command += ["--proxyauth", f"@{fleet.htpasswd}"]
    return command


def run_replicas(args) -> int:
    config = _load(args.config)
    if config is None:
        return 2
    try:
        cert, made = ensure_ca(confdir_of(config.fleet))  # before any replica: they must share one CA
    except OSError as exc:
        print(f"clearpage fleet: {exc}", file=sys.stderr)
        return 2
    print(f"clearpage fleet: CA certificate {'made' if made else 'kept'}: {cert}", flush=True)
    return asyncio.run(_supervise(os.path.abspath(args.config), config.fleet))


async def _supervise(config_path: str, fleet: FleetSettings) -> int:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    listening: set[int] = set()
    processes: dict[int, asyncio.subprocess.Process] = {}
    tasks = [asyncio.create_task(_keep_running(config_path, fleet, i, stop, listening, processes)) for i in range(fleet.replicas)]
    await stop.wait()
    print("clearpage fleet: stopping the replicas", flush=True)
    for process in processes.values():
        if process.returncode is None:
            process.terminate()
    await asyncio.wait(tasks, timeout=STOP_TIMEOUT_S)
    for process in processes.values():
        if process.returncode is None:
            process.kill()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return 0


async def _keep_running(config_path: str, fleet: FleetSettings, index: int, stop: asyncio.Event,
                        listening: set[int], processes: dict[int, asyncio.subprocess.Process]) -> None:
    name = f"replica {index + 1}"
    while not stop.is_set():
        process = await asyncio.create_subprocess_exec(
            *replica_command(config_path, fleet, index), stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, limit=LINE_LIMIT,
        )
        processes[index] = process
        print(f"clearpage fleet: {name} started, pid {process.pid}, on {REPLICA_HOST}:{fleet.first_port + index} "
              f"(health {REPLICA_HOST}:{fleet.first_health_port + index})", flush=True)
        assert process.stdout is not None
        async for raw in process.stdout:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            print(f"{name}: {line}", flush=True)
            if line.startswith("clearpage proxy listening on") and index not in listening:
                listening.add(index)
                if len(listening) == fleet.replicas:
                    print(f"clearpage fleet: all {fleet.replicas} replicas listening", flush=True)
        code = await process.wait()
        if stop.is_set():
            return
        print(f"clearpage fleet: {name} (pid {process.pid}) exited with code {code}; starting it again in {RESTART_DELAY_S:g} s", flush=True)
        try:
            await asyncio.wait_for(stop.wait(), RESTART_DELAY_S)
        except TimeoutError:
            pass
