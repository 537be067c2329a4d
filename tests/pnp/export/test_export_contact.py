"""Contact sheet: every card of an asset as a thumbnail on one PNG."""
from PIL import Image

from export_helpers import BACK, build, card_color, near
from pnp.export.contact import GAP, LABEL_HEIGHT, THUMB_WIDTH, columns, contact_sheet


def test_columns_make_small_decks_square_and_big_ones_nine_wide():
    assert [columns(n) for n in (1, 2, 4, 5, 9, 10, 54, 100)] == [1, 2, 2, 3, 3, 4, 8, 9]


def test_every_card_appears_in_order_then_the_back(tmp_path):
    deck = build(tmp_path, 10)
    path = contact_sheet(deck, tmp_path / "preview" / "cards-all.png")
    thumb_h = round(THUMB_WIDTH * 88 / 63)
    with Image.open(path) as sheet:
        cols, rows = columns(11), 3
        assert sheet.size == (cols * (THUMB_WIDTH + GAP) + GAP, rows * (thumb_h + LABEL_HEIGHT + GAP) + GAP)
        for i in range(11):
            x = GAP + (i % cols) * (THUMB_WIDTH + GAP) + THUMB_WIDTH // 2
            y = GAP + (i // cols) * (thumb_h + LABEL_HEIGHT + GAP) + thumb_h // 2
            assert near(sheet.getpixel((x, y)), card_color(i) if i < 10 else BACK), i
