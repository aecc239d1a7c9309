"""A throwaway PostgreSQL cluster on a unix socket, for the store tests and the benchmarks.

It uses the server binaries already on the machine (``initdb``, ``pg_ctl``) from ``PATH`` or
``/usr/lib/postgresql/<version>/bin``. PostgreSQL refuses to run as root, so when we are
root the server runs as the unprivileged ``nobody`` in a temporary folder that user owns.
It listens on a socket in that folder only (no TCP port), so clusters of parallel runs
never collide, and ``stop`` removes everything.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Mapping
from pathlib import Path

import asyncpg

SUPERUSER = "parlor"
UNPRIVILEGED = "nobody"
TOOLS = ("initdb", "pg_ctl")
# For tests: durability does not matter, speed does.
FAST = {"fsync": "off", "synchronous_commit": "off", "full_page_writes": "off"}


class ClusterError(Exception):
    """The cluster could not be started; the message includes the server's log."""


def find_bindir() -> Path | None:
    """The folder holding initdb and pg_ctl: PATH first, then the newest Debian install."""
    on_path = shutil.which(TOOLS[0])
    candidates = [Path(on_path).resolve().parent] if on_path else []
    candidates += sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True,
                         key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0)
    for bindir in candidates:
        if all((bindir / tool).is_file() for tool in TOOLS):
            return bindir
    return None


def _server_user() -> tuple[int, int] | None:
    """The (uid, gid) to run the server as: None for ourselves, ``nobody`` when root."""
    if os.geteuid() != 0:
        return None
    try:
        entry = pwd.getpwnam(UNPRIVILEGED)
    except KeyError:
        raise ClusterError(f"running as root, and there is no user {UNPRIVILEGED!r} to run "
                           "PostgreSQL as") from None
    return entry.pw_uid, entry.pw_gid


class Cluster:
    """One PostgreSQL server in its own temporary folder; ``start`` then ``stop``."""

    def __init__(self, bindir: Path, settings: Mapping[str, str] = FAST) -> None:
        self.bindir = bindir
        self.settings = dict(settings)
        self._user = _server_user()
        self.root = Path(tempfile.mkdtemp(prefix="parlor-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        if self._user is not None:
            os.chown(self.root, *self._user)

    def _run(self, tool: str, *args: str) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
        env["LC_ALL"] = "C"
        uid, gid = self._user or (None, None)
        groups: list[int] | None = None if self._user is None else []
        done = subprocess.run([str(self.bindir / tool), *args], cwd=self.root, env=env,
                              capture_output=True, text=True, check=False,
                              user=uid, group=gid, extra_groups=groups)
        if done.returncode != 0:
            log = self.log.read_text(errors="replace") if self.log.exists() else ""
            raise ClusterError(f"{tool} failed ({done.returncode}):\n{done.stdout}"
                               f"{done.stderr}{log}")

    def start(self) -> Cluster:
        try:
            self._run("initdb", "-D", str(self.data), "-U", SUPERUSER, "--auth=trust",
                      "-E", "UTF8", "--no-locale", "--no-sync")
            self.resume()
        except BaseException:
            shutil.rmtree(self.root, ignore_errors=True)
            raise
        return self

    def pause(self) -> None:
        """Stop the server (a fast shutdown: sessions are ended), keeping its data."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def resume(self) -> None:
        """Start the server on its data (after ``pause``, or the first time)."""
        options = {"listen_addresses": "''", "unix_socket_directories": f"'{self.root}'",
                   **self.settings}
        flags = " ".join(f"-c {k}={v}" for k, v in options.items())
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w",
                  "-o", flags, "start")

    def stop(self) -> None:
        try:
            if (self.data / "postmaster.pid").exists():
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        """A ``DATABASE_URL`` for ``database`` over the socket in the cluster's folder."""
        return f"postgresql://{SUPERUSER}@/{database}?host={self.root}"

    async def _admin(self, sql: str) -> None:
        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    async def create_database(self, name: str) -> str:
        """A new empty database; returns its URL."""
        await self._admin(f'CREATE DATABASE "{name}"')
        return self.url(name)

    async def drop_database(self, name: str) -> None:
        """Remove a database, ending any connection a failed test left open."""
        await self._admin(f'DROP DATABASE "{name}" WITH (FORCE)')
