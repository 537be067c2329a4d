"""The app's screenshots in docs/play-pages.md: each picture the doc shows is in docs/screenshots/app/,
each picture there is shown by the doc (none left behind when a scene is dropped), each has words for
whoever cannot see it, and they stay phone-sized and small (tools/app_screenshots.py makes them)."""
import re

from PIL import Image

from repo_paths import ROOT

DOC = ROOT / "docs" / "play-pages.md"
FOLDER = ROOT / "docs" / "screenshots" / "app"
IMAGE = re.compile(r"!\[([^\]]*)\]\(([^)\s]+)\)")
MOST_BYTES = 1_500_000  # all of them together: a clone and the doc's page stay light


def shown() -> dict[str, str]:
    """Each picture the doc shows (its path from the doc's folder) and its alternative text."""
    return {path: alt for alt, path in IMAGE.findall(DOC.read_text(encoding="utf-8"))}


def test_each_picture_the_doc_shows_is_there_and_said_in_words():
    pictures = shown()
    assert pictures, "the doc shows the app's pages"
    missing = [path for path in pictures if not (DOC.parent / path).is_file()]
    assert missing == [], "run python tools/app_screenshots.py"
    assert [path for path, alt in pictures.items() if not alt.strip()] == []


def test_no_picture_in_the_folder_is_left_unshown():
    in_doc = {(DOC.parent / path).resolve() for path in shown()}
    assert sorted(p.name for p in FOLDER.iterdir() if p.resolve() not in in_doc) == []


def test_the_pictures_are_phone_screens_in_both_languages_and_small():
    files = sorted(FOLDER.glob("*.png"))
    for path in files:
        with Image.open(path) as image:
            assert image.size == (360, 640), path.name
    assert sum(path.stat().st_size for path in files) <= MOST_BYTES
    names = " ".join(path.stem for path in files)
    assert all(word in names for word in ("-en-", "-ja-", "-light", "-dark")), names
