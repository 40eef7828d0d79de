"""Simulated games as Ray tasks (``simulate(..., backend="ray")``, ``--ray``).

Each game is one task running :func:`~lisboa_core.studies.simulation.play_one` with the catalogue
shipped once to the object store; results come back in game order, so a run gives the same
results on Ray as on local processes. Ray is imported only here (extra
``lisboa_core[ray]``).
"""

from __future__ import annotations

import socket
from collections.abc import Callable, Sequence
from typing import Any

from lisboa_core.errors import LisboaError

__all__ = ["play_on_ray"]


def _play(rules: Any, job: tuple[Any, ...], game: Any = None,
          extensions: Sequence[str] = ()) -> Any:
    # ``game`` arrives pickled by name: unpickling it registers a game the worker did not
    # know (one registered at run time by the driver, whose module the worker imports).
    # The driver's extensions are loaded first (once per worker), so the effects they
    # registered are known to the cards played.
    from lisboa_core.extend import load_extensions
    from lisboa_core.studies import simulation

    load_extensions(extensions)
    del game
    simulation._set_worker_rules(rules)
    return simulation.play_one(job)


def check_address(address: str) -> None:
    """Refuse at once a ``HOST:PORT`` nothing answers on (Ray itself would retry for
    minutes); other forms (``auto``, ``ray://...``) are left to Ray."""
    if address == "auto" or "://" in address:
        return
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        raise LisboaError(
            f"the Ray address must be HOST:PORT (e.g. 10.0.0.5:6379), not {address!r}"
        )
    try:
        socket.create_connection((host, int(port)), timeout=5).close()
    except OSError as err:
        raise LisboaError(
            f"no Ray cluster answers at {address} ({err.strerror or err}); start one with "
            "`ray start --head` and pass the address it prints"
        ) from None


def play_on_ray(
    work: Sequence[tuple[Any, ...]],
    rules: Any,
    cpus: int,
    address: str | None,
    on_result: Callable[[Any], None] | None,
    game: Any = None,
    extensions: Sequence[str] = (),
) -> list[Any]:
    """Play every job of ``work`` as a Ray task; connect to ``address`` (a running
    cluster, ``ray start --head`` prints it) or start a local Ray with ``cpus`` CPUs, and
    shut down only a Ray started here. Each task loads ``extensions`` (module names,
    :func:`~lisboa_core.extend.load_extensions`) before playing; the workers must be able
    to import them."""
    try:
        import ray
    except ImportError:
        raise LisboaError(
            "the Ray backend needs Ray: pip install 'lisboa_core[ray]'"
        ) from None
    if address:
        check_address(address)
    started = False
    if not ray.is_initialized():
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                   "configure_logging": False}
        if address:
            ray.init(address=address, **options)
        else:
            ray.init(num_cpus=max(1, cpus), **options)
        started = True
    try:
        task = ray.remote(_play)
        shared = ray.put(rules)
        pending = [task.remote(shared, job, game, tuple(extensions)) for job in work]
        results = []
        for ref in pending:  # in game order, each as soon as it and those before it are done
            result = ray.get(ref)
            results.append(result)
            if on_result:
                on_result(result)
        return results
    finally:
        if started:
            ray.shutdown()
