"""Figures every benchmark needs: percentiles, the machine they ran on, and memory use.

Timings on a shared machine are inflated by other work; every benchmark prints the load
average beside its figures and, where it can, CPU time beside wall-clock time (CPU time of a
single-threaded step is what a busy machine cannot inflate much).
"""
from __future__ import annotations

import math
import os
import platform
import resource
import sys
from pathlib import Path


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (0..100) by linear interpolation between closest ranks."""
    if not values:
        return math.nan
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    rank = (len(ordered) - 1) * q / 100
    low = math.floor(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def summary(values: list[float], digits: int = 2) -> dict:
    """median / p95 / p99 / max / mean of ``values`` (rounded), plus how many there were."""
    if not values:
        return {"n": 0}
    return {
        "n": len(values),
        "median": round(percentile(values, 50), digits),
        "p95": round(percentile(values, 95), digits),
        "p99": round(percentile(values, 99), digits),
        "max": round(max(values), digits),
        "mean": round(sum(values) / len(values), digits),
    }


def load_average() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def usable_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def machine(**versions: str) -> dict:
    """Cores, CPU model, Python, platform, load average (1, 5, 15 min) and the given versions."""
    import lxml.etree

    info = {
        "cores": usable_cores(),
        "cpu": _cpu_model(),
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "lxml": ".".join(str(n) for n in lxml.etree.LXML_VERSION[:3]),
        "load_average": load_average(),
    }
    info.update(versions)
    return info


def machine_line(info: dict) -> str:
    load = info.get("load_average") or ["?"]
    return (
        f"machine: {info['cores']} cores ({info.get('cpu') or 'unknown CPU'}), Python {info['python']}, "
        f"lxml {info['lxml']}; load average {load[0]} (1 min) on {info['cores']} cores"
    )


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace").splitlines():
            if line.lower().startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def peak_rss_mb() -> float:
    """This process's peak resident set size so far (ru_maxrss is KiB on Linux, bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)


def process_memory_kb(pid: int) -> tuple[int, int] | None:
    """(current RSS, peak RSS) of process ``pid`` in KiB from /proc, or None when it is gone."""
    try:
        text = Path(f"/proc/{pid}/status").read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    fields = {}
    for line in text.splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            fields[name] = int(value.split()[0])
    if "VmRSS" not in fields:
        return None
    return fields["VmRSS"], fields.get("VmHWM", fields["VmRSS"])


def children_of(pid: int) -> list[int]:
    """Direct children of ``pid`` (from /proc; empty where /proc is not available)."""
    found = []
    try:
        entries = os.listdir("/proc")
    except OSError:
        return found
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text(encoding="ascii", errors="replace")
        except OSError:
            continue
        # Field 4 is the parent pid; the command name (field 2) may hold spaces, so split after ")".
        rest = stat.rsplit(")", 1)[-1].split()
        if len(rest) > 1 and rest[1] == str(pid):
            found.append(int(entry))
    return found


def tree_memory_mb(pid: int) -> dict | None:
    """RSS of ``pid`` and its direct children (the proxy and its workers), now and at peak, in MB."""
    own = process_memory_kb(pid)
    if own is None:
        return None
    rss, hwm = own
    kids = []
    for child in children_of(pid):
        mem = process_memory_kb(child)
        if mem is not None:
            kids.append(mem)
    return {
        "rss_mb": round((rss + sum(k[0] for k in kids)) / 1024, 1),
        "peak_sum_mb": round((hwm + sum(k[1] for k in kids)) / 1024, 1),
        "processes": 1 + len(kids),
    }
