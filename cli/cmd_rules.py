"""``clearpage rules list|show HOST|forget HOST|export [HOST]|import FILE``: see and edit the site memory.

Export prints YAML in the config's own ``sites:`` format (content.selectors for the learned
content containers, content.noise_selectors for the learned boilerplate blocks), ready to paste
into a config file; import reads the same format back into the memory as rules in force.
"""
from __future__ import annotations

import sys
import time

import yaml

from clearpage.cli.loading import BAD_CONFIG, config_or_report
from clearpage.filters.css import compile_selector
from clearpage.filters.learn.memory import BOILERPLATE, CONTENT, SiteMemory, SiteMemoryError


def add_parser(sub, name: str) -> None:
    parser = sub.add_parser(name, help="see and edit what the site memory learned (list | show | forget | export | import)",
                            description="The per-site rule memory the proxy keeps (config: memory:).")
    parser.add_argument("--config", help="YAML config whose memory: section names the database")
    parser.add_argument("--db", metavar="PATH|URL", help="the SQLite file or a postgresql:// URL (default: the config's memory.path)")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    actions.add_parser("list", help="hosts with pages, blocks and rules learned")
    show = actions.add_parser("show", help="one host's rules")
    show.add_argument("host")
    forget = actions.add_parser("forget", help="drop everything learned about a host")
    forget.add_argument("host")
    export = actions.add_parser("export", help="rules as YAML for a config's sites: list (all hosts, or one)")
    export.add_argument("host", nargs="?")
    imp = actions.add_parser("import", help="read rules from YAML in the export format")
    imp.add_argument("file")
    parser.set_defaults(func=run)


def run(args) -> int:
    config = config_or_report(args.config)
    if config is None:
        return BAD_CONFIG
    try:
        memory = SiteMemory(config.memory, path=args.db, strict=True)
    except SiteMemoryError as exc:  # a postgresql:// URL without psycopg, or not a valid URL
        print(f"clearpage rules: {'--db' if args.db else 'memory.path'}: {exc}", file=sys.stderr)
        return 2
    try:
        return ACTIONS[args.action](memory, args)
    except SiteMemoryError as exc:
        print(f"clearpage rules: {exc}", file=sys.stderr)
        return 1
    finally:
        memory.close()


def _list(memory: SiteMemory, args) -> int:
    rows = memory.hosts()
    if not rows:
        print(f"no hosts learned yet ({memory.path})")
        return 0
    print(f"{'host':40} {'pages':>6} {'blocks':>7} {'rules':>6}  last seen (UTC)")
    for host, pages, blocks, rules, seen in rows:
        print(f"{host:40} {pages:6d} {blocks:7d} {rules:6d}  {_when(seen)}")
    return 0


def _show(memory: SiteMemory, args) -> int:
    rules = memory.rules(args.host)
    if not rules and not any(h[0] == args.host for h in memory.hosts()):
        print(f"clearpage rules: nothing learned about {args.host}", file=sys.stderr)
        return 1
    s = memory.settings
    print(f"{args.host}: {memory.template_blocks(args.host)} template block fingerprint(s) (seen on >= {s.template_pages} pages)")
    for rule in rules:
        active = "in force" if rule.support >= s.min_support else "learning"
        print(f"  {rule.kind:11} support {rule.support:4d}  {_when(rule.last_seen)}  {active:8}  {rule.path}")
    return 0


def _forget(memory: SiteMemory, args) -> int:
    if memory.forget(args.host):
        print(f"forgot {args.host}")
        return 0
    print(f"clearpage rules: nothing learned about {args.host}", file=sys.stderr)
    return 1


def export_sites(memory: SiteMemory, host: str | None = None) -> list[dict]:
    """The ``sites:`` entries for the rules in force (support >= min_support) of one or all hosts."""
    # An owner's scope on a multi-tenant site ("host/u/name") has no sites: form (sites match hosts).
    hosts = [host] if host else [h[0] for h in memory.hosts() if "/" not in h[0]]
    sites = []
    for name in hosts:
        rules = [r for r in memory.rules(name) if r.support >= memory.settings.min_support]
        content = [r.path for r in sorted(rules, key=lambda r: -r.support) if r.kind == CONTENT]
        noise = [r.path for r in rules if r.kind == BOILERPLATE]
        if not content and not noise:
            continue
        section = {}
        if content:
            section["selectors"] = content[:1]  # site selectors always win: only the best-supported container
        if noise:
            section["noise_selectors"] = noise
        sites.append({"match": name, "content": section})
    return sites


def _export(memory: SiteMemory, args) -> int:
    sites = export_sites(memory, args.host)
    if not sites:
        print(f"# no rules in force{' for ' + args.host if args.host else ''} (a rule needs support >= {memory.settings.min_support})")
        return 0 if not args.host else 1
    print(f"# learned by clearpage from {memory.path} on {_when(time.time())}; paste under a config's top level")
    print(yaml.safe_dump({"sites": sites}, sort_keys=False, allow_unicode=True, width=1000), end="")
    return 0


def _import(memory: SiteMemory, args) -> int:
    try:
        with open(args.file, encoding="utf-8") as fh:
            data = yaml.safe_load(fh)
        entries = _parse_import(data, args.file)
    except (OSError, yaml.YAMLError, ValueError) as exc:
        print(f"clearpage rules: {exc}", file=sys.stderr)
        return 2
    for host, content, noise in entries:
        memory.put_rules(host, CONTENT, content, memory.settings.min_support)
        memory.put_rules(host, BOILERPLATE, noise, memory.settings.min_support)
        print(f"imported {host}: {len(content)} content rule(s), {len(noise)} boilerplate rule(s)")
    return 0


def _parse_import(data, file: str) -> list[tuple[str, list[str], list[str]]]:
    """(host, content paths, boilerplate paths) per entry of the export format, or ValueError naming the entry."""
    if not isinstance(data, dict) or not isinstance(data.get("sites"), list):
        raise ValueError(f"{file}: expected a mapping with a 'sites:' list (the format `clearpage rules export` prints)")
    out = []
    for i, entry in enumerate(data["sites"]):
        where = f"{file}: sites[{i}]"
        if not isinstance(entry, dict) or set(entry) - {"match", "content"}:
            raise ValueError(f"{where}: expected match: and content: only")
        hosts = entry.get("match")
        hosts = [hosts] if isinstance(hosts, str) else hosts
        if not isinstance(hosts, list) or not hosts or not all(isinstance(h, str) and h and not set(h) & set("*?[]") for h in hosts):
            raise ValueError(f"{where}.match: expected a host name or a list of them (no globs: the memory is per host)")
        content = entry.get("content") or {}
        if not isinstance(content, dict) or set(content) - {"selectors", "noise_selectors"}:
            raise ValueError(f"{where}.content: expected selectors: and noise_selectors: only")
        lists = []
        for key in ("selectors", "noise_selectors"):
            paths = content.get(key) or []
            if not isinstance(paths, list) or not all(isinstance(p, str) for p in paths):
                raise ValueError(f"{where}.content.{key}: expected a list of CSS selectors")
            for p in paths:
                try:
                    compile_selector(p)
                except ValueError as exc:
                    raise ValueError(f"{where}.content.{key}: {exc}") from None
            lists.append(paths)
        out.extend((h.lower().rstrip("."), lists[0], lists[1]) for h in hosts)
    return out


def _when(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.gmtime(seconds))


ACTIONS = {"list": _list, "show": _show, "forget": _forget, "export": _export, "import": _import}
