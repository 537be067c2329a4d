"""Whether the run is CI's: there a missing browser or tool fails its tests instead of skipping them."""
import os


def under_ci() -> bool:
    return os.environ.get("CI", "").lower() in {"true", "1", "yes"}
