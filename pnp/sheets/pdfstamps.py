"""What two builds of the same content share: a PDF records when it was made, and an ID derived from
that, and neither is content. The build cache compares PDFs without them; a print shop's file takes
its document ID from what is left, so the same build gives the same file."""
from __future__ import annotations

import re

_STAMPS = re.compile(rb"/(?:CreationDate|ModDate) \(D:[^)]*\)|\[<[0-9a-fA-F]{32}><[0-9a-fA-F]{32}>\]")


def without_stamps(pdf: bytes) -> bytes:
    """The PDF's bytes with its dates and document ID left out."""
    return _STAMPS.sub(b"", pdf)
