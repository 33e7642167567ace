"""``clearpage proxy``: run mitmproxy in this process with the clearpage addon.

Binds 127.0.0.1:8080 unless told otherwise, and prints where it listens, the config in use
and where mitmproxy's CA certificate is (browsers must trust it for HTTPS pages). Listening on
anything but loopback requires proxy authentication (``--proxyauth USER:PASS``, or mitmproxy's
``proxyauth`` option set with ``--set``): without it the proxy refuses to start and says why,
since anyone who reaches the port could browse through it. The confdir holding the CA key is
kept owner-only (``addon.confdir``). ``--health-port`` answers a load balancer's health checks
on loopback (``addon.health``). ``run`` also serves a proxy whose workers run another
worker module (bench proxy's floor run: ``clearpage.tools.bench.floor_proxy``).
"""
from __future__ import annotations

import asyncio
import logging
import os
import re
import signal
import sys

from clearpage.addon import confdir as confdir_module
from clearpage.addon.health import HOST as HEALTH_HOST
from clearpage.addon.health import HealthServer, Status, proxy_status
from clearpage.cli.loading import BAD_CONFIG, config_or_report
from clearpage.filters.pipeline import MODES
from clearpage.filters.settings import is_loopback

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8080
DEFAULT_CONFDIR = "~/.mitmproxy"  # mitmproxy's own default: the CA made there is shared with mitmproxy
CA_CERT_FILE = "mitmproxy-ca-cert.pem"  # the public CA certificate mitmproxy writes into confdir


def add_parser(sub, name: str) -> None:
    parser = sub.add_parser(name, help="run the filtering proxy (mitmproxy with the clearpage addon)")
    parser.add_argument("--config", metavar="FILE", help="YAML config merged over the embedded default; reloaded when it changes")
    parser.add_argument("--host", default=DEFAULT_HOST, help=f"address to listen on (default {DEFAULT_HOST}: this machine only)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port to listen on (default {DEFAULT_PORT}; 0 picks a free one)")
    parser.add_argument("--mode", choices=MODES, help="override the config's mode for every site")
    parser.add_argument(
        "--lists", choices=("refresh", "cached", "off"),
        help="subscribed ad lists (lists.subscriptions): refresh = use the cached copies and fetch them in the background "
             "every few days (the default; $CLEARPAGE_LISTS changes it), cached = never fetch, off = do not use them",
    )
    parser.add_argument("--confdir", default=DEFAULT_CONFDIR, help=f"mitmproxy's directory for its CA and settings (default {DEFAULT_CONFDIR})")
    parser.add_argument(
        "--proxyauth", metavar="USER:PASS",
        help="require these proxy credentials (mitmproxy's proxyauth; also '@htpasswd-file'); needed to listen beyond loopback",
    )
    parser.add_argument(
        "--health-port", type=int, metavar="PORT",
        help="answer health checks (HTTP GET, 200 while serving) on 127.0.0.1:PORT, for a load balancer (0 picks a free one)",
    )
    parser.add_argument(
        "--set", dest="options", action="append", default=[], metavar="OPTION=VALUE",
        help="set any mitmproxy option, e.g. --set proxyauth=user:pass (repeatable)",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="also log every request and connection mitmproxy handles")
    parser.set_defaults(func=run)


def run(args, worker_module: str | None = None, warnings: tuple[str, ...] = ()) -> int:
    """The proxy until stopped; ``worker_module``: what its workers run (default: the filtering
    worker), ``warnings``: lines the start-up message ends with."""
    for option, value in (("--port", args.port), ("--health-port", getattr(args, "health_port", None))):
        if value is not None and not 0 <= value <= 65535:
            print(f"clearpage proxy: {option} {value} is not a port number", file=sys.stderr)
            return 2
    config = config_or_report(args.config, f"clearpage proxy: {args.config}: {{count}} problem(s); not starting")
    if config is None:
        return BAD_CONFIG
    return asyncio.run(_serve(args, config, worker_module, warnings))


# The proxy modes whose clients mitmproxy's proxyauth asks for credentials: every other mode
# (transparent, reverse, wireguard, dns...) serves whoever reaches it.
AUTHENTICATING_MODES = frozenset({"regular", "upstream", "socks5"})


def credentials_problem(proxyauth: str | None) -> str | None:
    """Why a ``USER:PASS`` proxyauth value must not be used; None when it may.

    mitmproxy takes ``:``, ``user:`` and ``:pass`` as credentials, and then lets
    ``Basic base64(":")`` (an empty user and password) through: no credentials at all.
    """
    value = (proxyauth or "").strip()
    if not value or value.lower() == "any" or value.startswith("@") or value.lower().startswith("ldap"):
        return None
    user, colon, password = value.partition(":")
    if colon and (not user or not password):
        return f"proxyauth {value!r} has an empty user name or password: give both, as USER:PASS"
    return None


def authenticated(proxyauth: str | None) -> bool:
    """Whether mitmproxy's proxyauth value really checks credentials ("any" accepts anyone;
    an empty user name or password is no credential)."""
    value = (proxyauth or "").strip()
    return bool(value) and value.lower() != "any" and credentials_problem(value) is None


def listen_hosts(modes, default_host: str) -> list[tuple[str, str]]:
    """(mode name, address) of every network listener the mitmproxy ``mode`` specs open.

    Modes with no port (local redirector, TUN interface) take this machine's own traffic and
    open no listening socket. Raises ValueError for a spec mitmproxy cannot read.
    """
    from mitmproxy.proxy.mode_specs import ProxyMode

    found = []
    for spec in modes:
        mode = ProxyMode.parse(spec)
        if mode.listen_port() is None:
            continue
        found.append((mode.type_name, mode.listen_host(default_host)))
    return found


def exposure_problem(host: str, authenticated: bool = False, mode: str = "regular") -> str | None:
    """Why listening on ``host`` in proxy ``mode`` must not happen as configured; None when it may.

    Loopback is always fine. Any other address (a host name, "" = every interface) needs proxy
    authentication, which only the regular, upstream and socks5 modes ask for: anyone who
    reaches an open proxy can browse through it as this machine.
    """
    if is_loopback(host):
        return None
    where = host or "every interface"
    if mode not in AUTHENTICATING_MODES:
        return (
            f"refusing to listen on {where} in {mode} mode: that mode asks no proxy credentials, so anyone "
            "who can reach this port could use it. Listen on 127.0.0.1 (end the mode with "
            "@127.0.0.1:PORT), or use the regular mode with --proxyauth USER:PASS."
        )
    if authenticated:
        return None
    return (
        f"refusing to listen on {where} without proxy authentication: anyone who can reach this port "
        "could browse through the proxy as this machine. Listen on 127.0.0.1 (the default), or require "
        "credentials with --proxyauth USER:PASS."
    )


def exposure_problems(modes, default_host: str, proxyauth: str | None) -> list[str]:
    """Every reason the options as set must not listen: bad credentials, and each listen
    address of each mode that would serve other machines without them."""
    problem = credentials_problem(proxyauth)
    if problem:
        return [problem]
    try:
        listeners = listen_hosts(modes, default_host)
    except ValueError as exc:
        return [f"cannot read the proxy mode: {exc}"]
    found = [exposure_problem(host, authenticated(proxyauth), mode) for mode, host in listeners]
    return list(dict.fromkeys(p for p in found if p))


def exposure_notes(hosts, proxyauth: str | None) -> list[str]:
    """What the start-up message says about who can use the proxy."""
    notes = []
    if authenticated(proxyauth):
        notes.append("proxy authentication is on (proxyauth): clients must send the proxy credentials")
    for host in dict.fromkeys(hosts):
        if not is_loopback(host):
            notes.append(f"listening on {host or 'every interface'}: other machines can reach the proxy")
    return notes


async def _serve(args, config, worker_module: str | None, warnings: tuple[str, ...]) -> int:
    # Imported here so the other commands never load mitmproxy.
    from mitmproxy import exceptions
    from mitmproxy.options import Options
    from mitmproxy.tools.dump import DumpMaster

    from clearpage.addon.proxy_addon import Clearpage

    # As mitmproxy's own tools do: every record reaches the terminal log, which filters by
    # its termlog_verbosity option (info: one line per rewritten page, warnings for fail-opens).
    logging.getLogger().setLevel(logging.DEBUG)
    for noisy in ("asyncio", "hpack", "quic", "tornado"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    if not args.verbose:
        logging.getLogger("mitmproxy.proxy.server").setLevel(logging.WARNING)  # connect/disconnect lines
    logging.getLogger(PROXYSERVER_LOGGER).addFilter(port_hint)
    confdir = os.path.expanduser(args.confdir)
    try:
        confdir_module.prepare(confdir)
    except OSError as exc:
        print(f"clearpage proxy: cannot create {confdir}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    opts = Options(listen_host=args.host, listen_port=args.port, confdir=confdir)
    master = DumpMaster(opts, with_termlog=True, with_dumper=args.verbose)
    addon = Clearpage(worker_module) if worker_module else Clearpage()
    master.addons.add(addon, Announce(args, config, confdir, warnings))
    try:
        opts.update(clearpage_config=args.config or "", clearpage_mode=args.mode or "")
        if getattr(args, "lists", None):
            opts.update(clearpage_lists=args.lists)
        if args.proxyauth:
            opts.update(proxyauth=args.proxyauth)
        opts.set(*args.options)
    except exceptions.OptionsError as exc:
        print(f"clearpage proxy: {exc}", file=sys.stderr)
        return 2
    # Checked on the options as finally set, so --set listen_host=... or mode=... cannot slip past it.
    # Every listen address of every mode counts: --set mode=regular@0.0.0.0:8080 and
    # mode=socks5@[::]:1080 open sockets of their own.
    problems = exposure_problems(opts.mode, opts.listen_host, opts.proxyauth)
    if problems:
        for problem in problems:
            print(f"clearpage proxy: {problem}", file=sys.stderr)
        master.shutdown()
        return 2
    health = HealthServer(lambda alive_only: _health(master, addon, alive_only))
    health_port = getattr(args, "health_port", None)
    if health_port is not None:
        try:
            args.health_port = await health.start(health_port)
        except OSError as exc:
            print(f"clearpage proxy: cannot answer health checks on {HEALTH_HOST}:{health_port}: {exc.strerror or exc}", file=sys.stderr)
            master.shutdown()
            return 2
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, master.shutdown)
    try:
        if not await _workers_ready(master, addon):
            return 0  # stopped (Ctrl-C) while the workers were starting
        await master.run()
    finally:
        health.close()
        addon.done()  # mitmproxy calls it too once running; a second call finds nothing left to stop
    return 0


def _health(master, addon, alive_only: bool) -> Status:
    """The health endpoint's answer: listening, and how many filtering workers are up."""
    server = master.addons.get("proxyserver")
    listening = bool(server is not None and server.listen_addrs())
    pool = addon.pool
    if pool is not None:
        pool.replace_dead()  # an idle pool whose workers died would otherwise wait for a page to notice
    return proxy_status(listening, pool.ready() if pool is not None else 0, pool.size if pool is not None else 0, alive_only)


PROXYSERVER_LOGGER = "mitmproxy.addons.proxyserver"  # logs a listener that could not start
# mitmproxy's hint for a port in use names its own --mode option, which clearpage proxy lacks.
_MITMPROXY_PORT_HINT = re.compile(r"Try specifying a different port by using `--mode [^`@]*@(\d+)`\.")


def port_hint(record: logging.LogRecord) -> bool:
    """A logging filter: the port-in-use hint, in clearpage's options (``--port``)."""
    message = record.getMessage()
    hint = _MITMPROXY_PORT_HINT.search(message)
    if hint is not None:
        record.msg = message[:hint.start()] + f"Use --port to choose another (e.g. --port {hint.group(1)}, or --port 0 for any free one)."
        record.args = None
    return True


async def _workers_ready(master, addon) -> bool:
    """Start the filtering workers and wait for them before mitmproxy opens the port; False when
    told to stop first.

    ``master.run()`` binds the port before any addon's ``running`` hook (where the addon would start
    them), so a page sent the moment the port took connections waited inside its time budget for the
    workers' start and warm-up (2-4 s on a loaded machine: served unfiltered, over the budget).
    """
    started = asyncio.ensure_future(addon.start_workers())
    stop = asyncio.ensure_future(master.should_exit.wait())
    await asyncio.wait([started, stop], return_when=asyncio.FIRST_COMPLETED)
    stop.cancel()
    if started.done():
        return True
    started.cancel()
    return False


class Announce:
    """Prints the address, config and CA certificate once mitmproxy is listening."""

    def __init__(self, args, config, confdir: str, warnings: tuple[str, ...] = ()):
        self.args = args
        self.config = config
        self.confdir = confdir
        self.warnings = warnings

    def running(self) -> None:
        from mitmproxy import ctx

        from clearpage.addon.proxy_addon import SLOW_LANE_WORKERS

        # mitmproxy has made or loaded its CA by now: keep the key owner-only.
        confdir = os.path.expanduser(ctx.options.confdir)
        for note in confdir_module.secure(confdir):
            print(f"clearpage proxy: WARNING: {note}", flush=True)

        server = ctx.master.addons.get("proxyserver")
        addresses = server.listen_addrs() if server else []
        tcp = [a for a in addresses if len(a) >= 2]
        where = ", ".join(_format_address(a) for a in tcp) or f"{self.args.host}:{self.args.port}"
        addon = ctx.master.addons.get("clearpage")
        workers = addon.pool.size if addon is not None and addon.pool is not None else "?"
        lane_mib = addon.lane.threshold_bytes / 2**20 if addon is not None else 0
        proxy = self.config.proxy
        source = f"{os.path.abspath(self.args.config)} (over the embedded default)" if self.args.config else "the embedded default"
        mode = f"{self.args.mode} (from --mode)" if self.args.mode else f"{self.config.settings.mode} (from the config)"
        lines = [
            f"clearpage proxy listening on {where} (set it as the browser's HTTP and HTTPS proxy)",
            f"  config: {source}",
            f"  mode: {mode}; {workers} worker(s) (+{SLOW_LANE_WORKERS} at low priority for pages over {lane_mib:g} MiB, started by the first one); {proxy.time_budget_ms} ms per page; pages over {proxy.max_body_bytes} bytes pass through",
            f"  CA certificate: {os.path.join(confdir, CA_CERT_FILE)} (trust it for HTTPS, or browse to http://mitm.it through the proxy)",
            "  bypass: add ?clearpage=off to a URL to see the original page",
            f"  ad lists: {_lists_note(addon)}",
            *([f"  health checks: http://{HEALTH_HOST}:{self.args.health_port}/ (200 while serving)"] if getattr(self.args, "health_port", None) is not None else []),
            *(f"  {note}" for note in exposure_notes([host for _mode, host in listen_hosts(ctx.options.mode, ctx.options.listen_host)], ctx.options.proxyauth)),
            *(f"  WARNING: {warning}" for warning in self.warnings),
        ]
        print("\n".join(lines), flush=True)


def _lists_note(addon) -> str:
    """The start-up line about the subscribed ad lists."""
    if addon is None or addon.config is None or addon.config.lists is None:
        return "none subscribed"
    wanted = len(addon.config.lists.subscriptions)
    if addon.lists == "off" or not wanted:
        return "subscriptions off (the built-in host list and the config's own lists only)"
    have = len(addon.subscribed_lists())
    refresh = "refreshed in the background every few days" if addon.lists == "refresh" else "never fetched (--lists cached)"
    missing = "" if have == wanted else "; `clearpage lists update` fetches the others (the built-in host list works meanwhile)"
    return f"{have} of {wanted} subscribed list(s) cached in {addon.lists_dir()}, {refresh}{missing}"


def _format_address(address) -> str:
    host, port = address[0], address[1]
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
