"""The documentation site: generated pages current, every example right, a strict build, and
the built site opened in a real (headless) browser."""

from __future__ import annotations

import fcntl
import functools
import html
import http.server
import importlib
import importlib.util
import os
import re
import subprocess
import sys
import threading
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import lisboa_core
from browser import browser
from lisboa_core import action_space, load_rules
from lisboa_core.dsl.compiler import CODES, Compiler
from lisboa_core.dsl.parser import parse_text_all_errors
from lisboa_core.games import game
from lisboa_core.games.lisboa.language import VOCABULARY
from lisboa_core.games.lisboa.vocabulary import (
    EFFECT_KINDS,
    EVENTS,
    HOOKS,
    PERMISSIONS,
    SCORE_FORMS,
    SUBJECTS,
)

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def _load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("lisboa_docs_generate", DOCS / "generate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


gen = _load_generator()


def _blocks(text: str, lang: str) -> list[tuple[str, str]]:
    """Fenced blocks at the start of a line: (attributes after the language, body)."""
    pattern = rf"^```{lang}(?P<attrs>[^\n]*)\n(?P<body>.*?)^```"
    return [(m["attrs"].strip(), m["body"]) for m in re.finditer(pattern, text, re.M | re.S)]


# --- generated content -------------------------------------------------------------------


@pytest.mark.slow
def test_generated_pages_are_up_to_date() -> None:
    stale = [
        path.relative_to(ROOT).as_posix()
        for path, text in gen.render_all().items()
        if path.read_text(encoding="utf-8") != text
    ]
    assert stale == [], f"run `make docs`: {stale} out of date"


def test_every_validation_code_has_a_wrong_and_a_right_example() -> None:
    assert set(gen.CODE_EXAMPLES) == set(CODES)
    for code, (wrong, right) in gen.CODE_EXAMPLES.items():
        folder = code in gen._FOLDER_CODES  # raised for a whole catalogue folder only
        word = gen._FOLDER_CODES.get(code, "")
        assert code in {c for c, t in gen.check_example(wrong, folder) if word in t}, code
        assert code not in {c for c, t in gen.check_example(right, folder) if word in t}, code


def test_reference_lists_the_whole_vocabulary() -> None:
    page = (DOCS / "card-language.md").read_text(encoding="utf-8")
    names = [k.name for k in EFFECT_KINDS] + [h.name for h in HOOKS] + [e.name for e in EVENTS]
    names += list(PERMISSIONS) + [f.name for f in SCORE_FORMS] + [s.name for s in SUBJECTS]
    missing = [n for n in names if f"| `{n}` |" not in page]
    assert missing == []
    assert all(f"### {code} {{ #{code.lower()} }}" in page for code in CODES)


def test_moves_page_lists_every_move_kind() -> None:
    page = (DOCS / "guide" / "moves.md").read_text(encoding="utf-8")
    kinds = {move.kind for move in action_space(load_rules())}
    missing = sorted(k for k in kinds if not re.search(rf"^\| `{re.escape(k)}\b", page, re.M))
    assert missing == []
    puerto_rico = game("puerto-rico")
    section = page[page.index("## Puerto Rico's moves"):]
    kinds = {move.kind for move in puerto_rico.action_space(puerto_rico.load_rules())}
    missing = sorted(k for k in kinds if not re.search(rf"^\| `{re.escape(k)}\b", section, re.M))
    assert missing == []


def test_rules_coverage_page_lists_every_rule() -> None:
    page = (DOCS / "rules-coverage.md").read_text(encoding="utf-8")
    rules, _sections = gen.read_rules()
    assert len(rules) > 200
    assert all(f"\n| {rule} |" in page for rule in rules)


def test_citations_are_found_in_text_and_in_names(tmp_path: Path) -> None:
    # Rule numbers are assembled at run time so that this file cites no rule itself.
    a, b, c = ("R" + n for n in ("8.1.2", "3.6", "9.9"))
    (tmp_path / "test_a.py").write_text(f"# {a}\ndef test_{b.lower().replace('.', '_')}_x(): pass\n")
    (tmp_path / "helper.py").write_text(f"# {c} is not in a test file\n")
    cited = gen.citations(tmp_path)
    assert cited == {a: {"test_a.py"}, b: {"test_a.py"}}


def test_move_forms_match_their_moves() -> None:
    assert gen._matches("sell GOOD pS.N", "sell gold p2.1")
    assert not gen._matches("sell GOOD pS.N", "sell gold")
    assert gen._matches("ship new GOOD...", "ship new")
    assert gen._matches("ship new GOOD...", "ship new gold books")
    assert not gen._matches("ship new GOOD...", "ship upgrade BLUE1 gold")
    assert gen._matches("return plaza-NOBLE", "return plaza-king")
    assert not gen._matches("return NOBLE", "return plaza-king")
    assert not gen._matches("discard COLOUR", "discard BL01")


# --- examples inside the pages -----------------------------------------------------------


def _compile_all(text: str) -> list[str]:
    """Problems of card text compiled component by component (counts are not checked)."""
    card_file, problems = parse_text_all_errors(text, "<doc>")
    compiler = Compiler({"<doc>": text.splitlines()}, VOCABULARY)
    for component in card_file.components:
        compiler.component(component)
    return [p.render() for p in (*problems, *compiler.problems)]


@pytest.mark.parametrize(
    "page", sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")), ids=str
)
def test_card_examples_in_the_pages_compile(page: str) -> None:
    # Only blocks at the start of a line: the wrong examples of the problem codes are
    # indented inside their tabs.
    for _attrs, body in _blocks((DOCS / page).read_text(encoding="utf-8"), "lsb"):
        assert _compile_all(body) == [], body


# --- the built site ------------------------------------------------------------------------


def _build(site: Path) -> str:
    """Build the site strictly into ``site``; return mkdocs' output (raises on failure)."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(ROOT / "mkdocs.yml"),
         "-d", str(site)],
        cwd=ROOT, capture_output=True, text=True, env=env, timeout=600, check=False,
    )
    output = result.stdout + result.stderr
    if result.returncode != 0:
        raise AssertionError(f"mkdocs build --strict failed:\n{output}")
    return output


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """The site built once per test run (shared by the xdist workers through a lock)."""
    base = tmp_path_factory.getbasetemp()
    if worker_id != "master":
        base = base.parent  # shared by every worker of this run
    target = base / "site"
    with open(base / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        failed = base / "site.failed"
        if failed.exists():
            raise AssertionError(failed.read_text())
        if not (target / "index.html").exists():
            try:
                _build(target)
            except AssertionError as err:
                failed.write_text(str(err))
                raise
    return target


@pytest.mark.slow
def test_site_builds_without_warnings(site: Path) -> None:
    assert (site / "index.html").exists()
    for page in ("card-language", "authoring", "provenance", "rules-coverage", "api/model"):
        assert (site / page / "index.html").exists(), page


@pytest.mark.slow
def test_api_pages_document_every_public_name(site: Path) -> None:
    api = (site / "api" / "index.html").read_text(encoding="utf-8")
    names = [n for n in lisboa_core.__all__ if n != "__version__"]
    missing = [
        n for n in names
        if f'id="lisboa_core.{n}"' not in api and f'id="lisboa_core.{n}.{n}"' not in api
    ]
    assert missing == []
    assert "lisboa_core.__version__" in api
    for module, page_name in (("testing", "testing"), ("games.lisboa.model", "model"),
                              ("errors", "errors")):
        page = (site / "api" / page_name / "index.html").read_text(encoding="utf-8")
        public = importlib.import_module(f"lisboa_core.{module}").__all__
        missing = [n for n in public if f'id="lisboa_core.{module}.{n}"' not in page]
        assert missing == [], module


def test_api_pages_show_signatures_and_no_raw_sphinx_roles(site: Path) -> None:
    api = (site / "api" / "index.html").read_text(encoding="utf-8")
    # new_game's signature: players default to the game's usual count (Lisboa: 4)
    assert "players: int | None = None" in html.unescape(re.sub(r"<[^>]+>", "", api))
    for path in (site / "api").rglob("index.html"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r":(func|class|data|meth|mod|attr):`", text), path


def test_search_index_contains_decree(site: Path) -> None:
    index = (site / "search" / "search_index.json").read_text(encoding="utf-8")
    assert "decree" in index and "legal_moves" in index


# --- a real browser ------------------------------------------------------------------------

# A page that opens the site's search (?q=decree) in a frame and copies the results it
# shows into its own DOM. Material's search runs in a web worker; each fetch of /__wait is
# answered by the server after a real-time pause, during which Chromium's virtual time
# stands still (a network fetch is pending) while the worker builds its index.
PROBE = """<!doctype html><html><body><div id="result">pending</div>
<iframe id="page" src="/?q=decree" style="width:1200px;height:900px"></iframe>
<script>
async function run() {
  for (let i = 0; i < 120; i++) {
    await fetch("/__wait");
    const doc = document.getElementById("page").contentDocument;
    const items = doc ? doc.querySelectorAll(".md-search-result__item") : [];
    if (items.length) {
      const titles = Array.from(items).map(x => x.textContent.replace(/\\s+/g, " ").trim());
      document.getElementById("result").textContent =
        "results " + items.length + ": " + titles.join(" | ");
      return;
    }
  }
  document.getElementById("result").textContent = "no results";
}
run();
</script></body></html>"""


class _Handler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        path = urllib.parse.urlparse(self.path).path
        if path == "/__wait":
            time.sleep(0.25)
            self.send_response(204)
            self.end_headers()
            return
        if path == "/__probe.html":
            body = PROBE.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


@pytest.fixture
def served(site: Path) -> Iterator[str]:
    """The built site served on 127.0.0.1 (a free port) by a thread of this process."""
    handler = functools.partial(_Handler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _chromium() -> str:
    return browser()  # the machine's Chromium or Chrome; skipped without one (not under CI)


def _dump_dom(url: str, profile: Path) -> str:
    """The DOM of ``url`` after the page ran its scripts, as headless Chromium sees it."""
    result = subprocess.run(
        [_chromium(), "--headless", "--no-sandbox", "--disable-gpu",
         "--disable-background-networking", "--no-first-run", f"--user-data-dir={profile}",
         "--virtual-time-budget=5000", "--dump-dom", url],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


@pytest.mark.slow
def test_home_page_renders_in_a_browser(served: str, tmp_path: Path) -> None:
    dom = _dump_dom(served + "/", tmp_path / "profile")
    assert "<title>lisboa_core</title>" in dom
    assert re.search(r"<h1[^>]*>lisboa_core", dom)
    assert "Getting started" in dom  # the navigation was rendered


@pytest.mark.slow
def test_api_page_documents_legal_moves_in_a_browser(served: str, tmp_path: Path) -> None:
    dom = _dump_dom(served + "/api/", tmp_path / "profile")
    assert 'id="lisboa_core.legal_moves"' in dom
    assert "Every legal move of the seat to act" in dom


@pytest.mark.slow
def test_search_finds_decree_in_a_browser(served: str, tmp_path: Path) -> None:
    dom = _dump_dom(served + "/__probe.html", tmp_path / "profile")
    found = re.search(r'<div id="result">([^<]*)</div>', dom)
    assert found is not None, dom[-2000:]
    result = found.group(1)
    assert result.startswith("results "), result
    assert "decree" in result.lower()
