"""``python -m toplint ARGS`` as a fork of an interpreter that has already imported toplint.

A hostile test's run pays about 0.25 CPU s of interpreter start and imports before toplint
reads the first file (of about 0.4 s a run); the hostile tests make about a hundred runs in the
README's test command.  Each pytest worker starts one helper interpreter (a *zygote*: a fresh
``python -c``, single-threaded, that has run nothing but imports); each run is a fork of it that
then does what ``python -m toplint`` does from there: the limits (``setrlimit``), the working
directory first on ``sys.path``, the environment, standard streams, ``runpy`` on ``toplint``,
and the interpreter's own exit (SystemExit, an uncaught traceback, atexit, flushing).  The
exit status is ``os.waitpid``'s (a negative signal number when a limit killed it), as
``subprocess.run`` reports it.

What the fork would not reproduce falls back to a real subprocess (``usable``):

* a launcher other than ``python -m toplint``;
* an environment that differs from the zygote's in what the interpreter reads at start-up
  (``PYTHON*``, ``LANG``, ``LC_*``: the standard streams' encoding, the safe path, the hash
  seed);
* a working directory holding anything importable at its top (``*.py``, a package): Python puts
  it first on ``sys.path``, and a module the zygote already imported would hide a planted one.

The zygote imports only the toplint modules whose import reads none of toplint's data cache
(it checks its own, empty, cache folder after each module and forgets a module that touched
it), so a run reads and writes the test's cache folder exactly as a fresh process does.
``TOPLINT_TEST_FORK=0`` turns the zygote off (every run a real subprocess).
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO

# Read at start-up by the interpreter, not when toplint asks: a run whose environment differs
# from the zygote's here is a real subprocess.
_START_UP_PREFIXES = ("PYTHON", "LC_")
_START_UP_NAMES = ("LANG",)
_IMPORTABLE = (".py", ".pyc", ".pyw", ".so", ".pyd", ".zip", ".pth")

_ZYGOTE = r"""
import importlib, json, os, socket, sys

sock = socket.socket(fileno=int(sys.argv[1]))
cache = os.environ["TOPLINT_CACHE_DIR"]
import toplint

root = os.path.dirname(toplint.__file__)
names = []
for folder, dirs, files in os.walk(root):
    dirs.sort()
    rel = os.path.relpath(folder, os.path.dirname(root)).replace(os.sep, ".")
    for file in sorted(files):
        if file.endswith(".py") and file != "__main__.py":
            names.append(rel if file == "__init__.py" else rel + "." + file[:-3])
for name in names:
    if name in sys.modules or name == "toplint.testing":
        continue
    before = set(sys.modules)
    try:
        importlib.import_module(name)
        touched = bool(os.listdir(cache))
    except Exception:
        touched = True
    if touched:  # forget it: a run imports it itself, reading the test's cache
        for new in set(sys.modules) - before:
            del sys.modules[new]
        for entry in os.listdir(cache):
            path = os.path.join(cache, entry)
            for inner in os.listdir(path) if os.path.isdir(path) else ():
                os.unlink(os.path.join(path, inner))
            (os.rmdir if os.path.isdir(path) else os.unlink)(path)
del before, names
sys.stdout.flush()
sys.stderr.flush()
sock.sendall(b"ready")
while True:
    try:
        msg, fds, _flags, _addr = socket.recv_fds(sock, 1 << 20, 3)
    except OSError:
        os._exit(0)
    if not msg:
        os._exit(0)
    pid = os.fork()
    if pid == 0:
        break
    for fd in fds:
        os.close(fd)
    sock.sendall(str(pid).encode())
    _pid, status = os.waitpid(pid, 0)
    sock.sendall(str(os.waitstatus_to_exitcode(status)).encode())

sock.close()
request = json.loads(msg)
import resource

for kind, value in ((resource.RLIMIT_AS, request["memory"]), (resource.RLIMIT_CPU, request["cpu"])):
    resource.setrlimit(kind, (value, value))
os.chdir(request["cwd"])
os.environ.clear()
os.environ.update(request["env"])
for target, fd in enumerate(fds):
    os.dup2(fd, target)
    os.close(fd)
# `python -m` puts the working directory first on sys.path (not with -P, Python 3.11+)
if not getattr(sys.flags, "safe_path", False):
    sys.path[0] = os.getcwd()
sys.argv = ["-m", *request["args"]]
del request, msg, fds, sock
import runpy

runpy.run_module("toplint", run_name="__main__", alter_sys=True)
"""


class _Zygote:
    def __init__(self) -> None:
        self.cache = tempfile.mkdtemp(prefix="toplint-zygote-cache-")
        self.env = {**os.environ, "TOPLINT_CACHE_DIR": self.cache}
        self.env.pop("TOPLINT_DEBUG", None)
        self.sock, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _ZYGOTE, str(theirs.fileno())],
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,  # a pipe, as a run's output is; the zygote writes none
            stderr=subprocess.PIPE,
            pass_fds=(theirs.fileno(),),
        )
        theirs.close()
        self.alive = self.sock.recv(16) == b"ready"

    def close(self) -> None:
        self.sock.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.cache, ignore_errors=True)

    def run(self, request: dict[str, object], streams: Sequence[IO[bytes]], timeout: float) -> int:
        socket.send_fds(self.sock, [json.dumps(request).encode()], [s.fileno() for s in streams])
        self.sock.settimeout(None)
        pid = int(self.sock.recv(64))
        self.sock.settimeout(timeout)
        try:
            return int(self.sock.recv(64))
        except TimeoutError:
            os.kill(pid, 9)  # as subprocess.run does on its timeout
            self.sock.settimeout(None)
            self.sock.recv(64)
            raise subprocess.TimeoutExpired(request["args"], timeout) from None  # type: ignore[arg-type]


_STATE: dict[str, _Zygote | None] = {}


def _zygote() -> _Zygote | None:
    if "z" not in _STATE:
        zygote: _Zygote | None = None
        if os.environ.get("TOPLINT_TEST_FORK", "1") != "0":
            zygote = _Zygote()
            atexit.register(zygote.close)
            if not zygote.alive:
                zygote = None
        _STATE["z"] = zygote
    return _STATE["z"]


def _start_up(env: Mapping[str, str]) -> dict[str, str]:
    return {
        k: v for k, v in env.items() if k.startswith(_START_UP_PREFIXES) or k in _START_UP_NAMES
    }


def usable(cwd: Path, env: Mapping[str, str], launcher: Sequence[str] | None) -> bool:
    """Whether a fork of the zygote runs ``python -m toplint`` as a new process would."""
    if launcher is not None:
        return False
    zygote = _zygote()
    if zygote is None or _start_up(env) != _start_up(zygote.env):
        return False
    try:
        entries = list(cwd.iterdir())
    except OSError:
        return False
    for entry in entries:
        if entry.name.endswith(_IMPORTABLE) or (entry / "__init__.py").exists():
            return False
    return True


def run_forked(
    args: Sequence[str],
    cwd: Path,
    env: Mapping[str, str],
    stdin: bytes | None,
    memory: int,
    cpu: int,
    timeout: float,
) -> tuple[int, bytes, bytes]:
    """Return code, standard output and standard error of a forked ``python -m toplint ARGS``
    (call ``usable`` first)."""
    zygote = _zygote()
    assert zygote is not None
    request = {"args": list(args), "cwd": str(cwd), "env": dict(env), "memory": memory, "cpu": cpu}
    with (
        tempfile.TemporaryFile() if stdin is not None else open(os.devnull, "rb") as inp,
        tempfile.TemporaryFile() as out,
        tempfile.TemporaryFile() as err,
    ):
        if stdin is not None:
            inp.write(stdin)
            inp.seek(0)
        code = zygote.run(request, (inp, out, err), timeout)
        out.seek(0)
        err.seek(0)
        return code, out.read(), err.read()
