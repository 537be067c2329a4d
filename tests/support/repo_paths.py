"""Where the tests find the checkout they test: its root, the shared fixture files and the Node scripts.

Every test reaches a file of the checkout from these, so moving a test to another folder changes none of
its paths."""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # this file is ROOT/tests/support/repo_paths.py
TESTS = ROOT / "tests"
FIXTURES = TESTS / "fixtures"  # data shared by tests in several folders (saved games, number cases, PDF lines)
JS = TESTS / "js"  # the JavaScript's tests and the Node scripts the Python tests drive
JOURNALS = FIXTURES / "journals"  # saved games of every kind, as the kit of their day wrote them
