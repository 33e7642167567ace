"""``clearpage proxy``: run mitmproxy in this process with the clearpage addon.

Binds 127.0.0.1:8080 unless told otherwise, and prints where it listens, the config in use
and where mitmproxy's CA certificate is (browsers must trust it for HTTPS pages). Binding
anything but loopback prints a warning: without authentication anyone who reaches the port
can use the proxy (``exposure_problem`` is the seam where proxy authentication will be required).
"""
from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
import signal
import sys

from clearpage.filters import ConfigError, load_config
from clearpage.filters.pipeline import MODES

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
    parser.add_argument("--confdir", default=DEFAULT_CONFDIR, help=f"mitmproxy's directory for its CA and settings (default {DEFAULT_CONFDIR})")
    parser.add_argument(
        "--set", dest="options", action="append", default=[], metavar="OPTION=VALUE",
        help="set any mitmproxy option, e.g. --set proxyauth=user:pass (repeatable)",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="also log every request and connection mitmproxy handles")
    parser.set_defaults(func=run)


def run(args) -> int:
    if not 0 <= args.port <= 65535:
        print(f"clearpage proxy: --port {args.port} is not a port number", file=sys.stderr)
        return 2
    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        print(f"clearpage proxy: {args.config}: {len(exc.problems)} problem(s); not starting", file=sys.stderr)
        return 2
    warning = exposure_problem(args.host, authenticated=any(o.startswith("proxyauth=") for o in args.options))
    if warning:
        print(f"clearpage proxy: WARNING: {warning}", file=sys.stderr)
    return asyncio.run(_serve(args, config))


def exposure_problem(host: str, authenticated: bool = False) -> str | None:
    """Why listening on ``host`` exposes the proxy to other machines; None for loopback.

    The seam for the security work: a non-loopback bind may later require ``authenticated``.
    """
    if host == "localhost":
        return None
    try:
        if ipaddress.ip_address(host).is_loopback:
            return None
    except ValueError:
        pass  # a host name: it may resolve to anything
    where = host or "every interface"
    if authenticated:
        return f"listening on {where}: other machines can reach the proxy (it asks for the proxyauth password)."
    return (
        f"listening on {where}: anyone who can reach this port can browse through the proxy. "
        "Bind 127.0.0.1, or at least require a password with --set proxyauth=USER:PASS."
    )


async def _serve(args, config) -> int:
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
    confdir = os.path.expanduser(args.confdir)
    opts = Options(listen_host=args.host, listen_port=args.port, confdir=confdir)
    master = DumpMaster(opts, with_termlog=True, with_dumper=args.verbose)
    addon = Clearpage()
    master.addons.add(addon, Announce(args, config, confdir))
    try:
        opts.update(clearpage_config=args.config or "", clearpage_mode=args.mode or "")
        opts.set(*args.options)
    except exceptions.OptionsError as exc:
        print(f"clearpage proxy: {exc}", file=sys.stderr)
        return 2
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, master.shutdown)
    await master.run()
    return 0


class Announce:
    """Prints the address, config and CA certificate once mitmproxy is listening."""

    def __init__(self, args, config, confdir: str):
        self.args = args
        self.config = config
        self.confdir = confdir

    def running(self) -> None:
        from mitmproxy import ctx

        server = ctx.master.addons.get("proxyserver")
        addresses = server.listen_addrs() if server else []
        tcp = [a for a in addresses if len(a) >= 2]
        where = ", ".join(_format_address(a) for a in tcp) or f"{self.args.host}:{self.args.port}"
        addon = ctx.master.addons.get("clearpage")
        workers = addon.pool.size if addon is not None and addon.pool is not None else "?"
        proxy = self.config.proxy
        source = f"{os.path.abspath(self.args.config)} (over the embedded default)" if self.args.config else "the embedded default"
        mode = f"{self.args.mode} (from --mode)" if self.args.mode else f"{self.config.settings.mode} (from the config)"
        lines = [
            f"clearpage proxy listening on {where} (set it as the browser's HTTP and HTTPS proxy)",
            f"  config: {source}",
            f"  mode: {mode}; {workers} worker(s); {proxy.time_budget_ms} ms per page; pages over {proxy.max_body_bytes} bytes pass through",
            f"  CA certificate: {os.path.join(self.confdir, CA_CERT_FILE)} (trust it for HTTPS, or browse to http://mitm.it through the proxy)",
            f"  bypass: add ?clearpage=off to a URL to see the original page",
        ]
        print("\n".join(lines), flush=True)


def _format_address(address) -> str:
    host, port = address[0], address[1]
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
