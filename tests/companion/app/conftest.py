"""The app's browser tests: the exported app on a static server, and a fresh phone browser for each test."""
import subprocess

import pytest

from app_browsing import SUBPATH, StaticServer
from browsing import COMPANION, phone_browser


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The exported app in a folder of a static site, at /tabletop-kit/."""
    root = tmp_path_factory.mktemp("site")
    subprocess.run(COMPANION + ["app", "export", str(root / SUBPATH), "--quiet"], check=True)
    return root


@pytest.fixture
def server(site):
    static = StaticServer(site)
    static.start()
    yield static
    static.stop()


@pytest.fixture
def browser(tmp_path_factory, chromium, server):  # a fresh profile: no games, no service worker
    driver = phone_browser(tmp_path_factory, chromium)
    yield driver
    driver.quit()
