"""Simulations on a real local Ray (2 CPUs, one for the session: conftest's local_ray): the
same results as local processes for a user catalogue shipped to the workers and for a
balance study. The same results for the shipped cards of every game are the conformance
suite's (test_conformance, lisboa_core.games.conformance.check_ray)."""

from __future__ import annotations

from pathlib import Path

import pytest

ray = pytest.importorskip("ray", reason="the Ray backend needs the ray extra")

from lisboa_core import load_rules
from lisboa_core.studies.balance import compare
from lisboa_core.studies.simulation import simulate

OVERLAY = Path(__file__).parent / "data" / "open_words.lsb"


@pytest.mark.slow
def test_a_user_catalogue_travels_to_the_workers(local_ray: None) -> None:
    rules = load_rules(overlay=[OVERLAY])
    arrived: list[int] = []
    on_ray = simulate(2, 2, 3, ["greedy", "random"], rotate=False, rules=rules, backend="ray",
                      on_result=lambda r: arrived.append(r.index))
    assert on_ray == simulate(2, 2, 3, ["greedy", "random"], rotate=False, rules=rules)
    assert arrived == [0, 1]


@pytest.mark.slow
def test_a_balance_study_on_ray_matches_one_on_processes(local_ray: None) -> None:
    shipped, lab = load_rules(), load_rules(overlay=[OVERLAY])
    on_ray = compare(shipped, lab, 2, 2, 9, ["random"], backend="ray")
    local = compare(shipped, lab, 2, 2, 9, ["random"])
    assert on_ray.to_dict() == local.to_dict()


def test_an_address_nothing_answers_on_is_refused_at_once() -> None:
    import socket

    from lisboa_core.errors import LisboaError

    with socket.socket() as probe:  # a loopback port that is certainly closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(LisboaError, match="no Ray cluster answers"):
        simulate(2, 1, 0, ["random"], backend="ray", ray_address=f"127.0.0.1:{port}")
    with pytest.raises(LisboaError, match="HOST:PORT"):
        simulate(2, 1, 0, ["random"], backend="ray", ray_address="nowhere")
