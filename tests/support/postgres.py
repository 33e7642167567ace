"""A real PostgreSQL for tests: Debian's server in a temporary data directory, on a Unix socket only.

Fixtures (registered in tests/conftest.py, so any test may ask for them):
- ``postgres_server`` (session): one server for the whole run; ``server.new_database()`` gives a
  fresh database's URL, ``server.url(db)`` another's, ``server.sql(db, statement)`` runs SQL as the
  superuser (roles, grants, ``ALTER DATABASE ... SET``).
- ``postgres_url`` (function): a fresh, empty database on that server (a test's own memory).
- ``start_postgres(tmp)``: a private server a test may stop and start again (``.stop()``,
  ``.start()``), for outages; stopped at the end by the caller (``.destroy()``).

Debian's ``initdb`` and ``postgres`` refuse to run as root (CI runs as root): as root they run as
the ``postgres`` user (``runuser``), in a directory of /tmp that user can reach. The server listens
on no TCP port (``listen_addresses=''``); the socket's name carries a random port number so
parallel runs do not collide. Without an installed server (or psycopg) the tests skip with the
reason; ``CLEARPAGE_REQUIRE_POSTGRES=1`` (set by .ci/run) makes that a failure.
"""
from __future__ import annotations

import glob
import os
import random
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

REQUIRE = "CLEARPAGE_REQUIRE_POSTGRES"
# A server starts in well under a second here; a loaded machine (8 workers on 2 cores) gets room.
START_TIMEOUT_S = 60


def postgres_bin() -> Path | None:
    """The newest installed Debian server's bin directory (None when there is none)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parent.parent.name))
    return Path(found[-1]).parent if found else None


def missing() -> str | None:
    """Why the PostgreSQL tests cannot run here (None when they can)."""
    if postgres_bin() is None:
        return "PostgreSQL is not installed (Debian's postgresql: ./dev test installs it when apt-get can)"
    try:
        import psycopg  # noqa: F401
        import psycopg_pool  # noqa: F401
    except ImportError:
        return "psycopg is not installed (pip install 'clearpage[postgres]'; ./dev test installs it)"
    if os.geteuid() == 0 and (shutil.which("runuser") is None or _no_user("postgres")):
        return "running as root without a 'postgres' user to run the server as"
    return None


def _no_user(name: str) -> bool:
    import pwd

    try:
        pwd.getpwnam(name)
    except KeyError:
        return True
    return False


class Server:
    """One PostgreSQL server in its own temporary directory (data, socket, log)."""

    def __init__(self) -> None:
        self.bin = postgres_bin()
        assert self.bin is not None
        self.root = Path(tempfile.mkdtemp(prefix="clearpage-pg-"))
        self.data, self.socket, self.log = self.root / "data", self.root / "sock", self.root / "server.log"
        self.socket.mkdir()
        self.port = random.randint(20000, 60000)  # only names the socket file: no TCP port is opened
        self._databases = 0
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres")
            shutil.chown(self.socket, "postgres")
        self._as_owner([str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust",
                        "--locale=C", "-E", "UTF8", "--no-sync"])
        self.start()

    def _as_owner(self, argv: list[str]) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        got = subprocess.run([*prefix, *argv], capture_output=True, text=True, timeout=START_TIMEOUT_S)
        if got.returncode:
            raise RuntimeError(f"{' '.join(argv[:2])} failed: {got.stderr or got.stdout}\n{self._log_tail()}")

    def _log_tail(self) -> str:
        try:
            return self.log.read_text(errors="replace")[-2000:]
        except OSError:
            return ""

    def start(self) -> None:
        options = f"-k {self.socket} -p {self.port} -c listen_addresses='' -c fsync=off -c max_connections=200"
        self._as_owner([str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-w",
                        "-t", str(START_TIMEOUT_S), "-o", options, "start"])

    def stop(self) -> None:
        """A fast shutdown: open sessions are ended (what a restarted database does to clients)."""
        self._as_owner([str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop"])

    def destroy(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self.stop()
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres", user: str = "postgres") -> str:
        return f"postgresql://{user}@/{database}?host={self.socket}&port={self.port}"

    def sql(self, database: str, statement: str) -> None:
        import psycopg

        with psycopg.connect(self.url(database), autocommit=True) as conn:
            conn.execute(statement)

    def new_database(self) -> str:
        self._databases += 1
        name = f"t{self._databases}_{random.randrange(1 << 30)}"
        self.sql("postgres", f"CREATE DATABASE {name}")
        return self.url(name)


def _require() -> None:
    """Skip (fail under CLEARPAGE_REQUIRE_POSTGRES) when the server or psycopg is missing."""
    reason = missing()
    if reason:
        if os.environ.get(REQUIRE):
            pytest.fail(f"{reason} (required because {REQUIRE} is set)")
        pytest.skip(reason)


@pytest.fixture(scope="session")
def postgres_server():
    _require()
    server = Server()
    yield server
    server.destroy()


@pytest.fixture
def postgres_url(postgres_server) -> str:
    return postgres_server.new_database()


@pytest.fixture
def start_postgres():
    """A factory of private servers (stopped and removed at the test's end)."""
    _require()
    servers: list[Server] = []

    def start() -> Server:
        servers.append(Server())
        return servers[-1]

    yield start
    for server in servers:
        server.destroy()
