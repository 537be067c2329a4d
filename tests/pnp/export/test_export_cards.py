"""Per-card exports: pixel sizes, DPI metadata, bleed continuing the card, upload-order names."""
import pytest
from PIL import Image

from export_helpers import BACK, BLEED_COLOR, WHITE_TOL, build, card_color, near
from pnp.export.cardpngs import export_cards
from pnp.export.regions import ExportError
from pnp.export.targets import card_file_name, layout

SIZES = {"mpc": (822, 1122), "tgc": (825, 1125), "png": (744, 1039)}


def test_layouts_match_the_services_upload_sizes():
    mpc = layout("mpc", (63, 88))
    assert (mpc.canvas, mpc.trim, mpc.bleed) == ((822, 1122), (750, 1050), (36, 36, 36, 36))
    tgc = layout("tgc", (63, 88))
    assert (tgc.canvas, tgc.trim) == ((825, 1125), (750, 1050))
    assert tgc.bleed == (37, 37, 38, 38)
    png = layout("png", (59, 86))
    assert (png.canvas, png.bleed) == ((697, 1016), (0, 0, 0, 0))


@pytest.mark.parametrize("target", ["mpc", "tgc"])
def test_print_services_refuse_cards_that_are_not_poker_size(target):
    with pytest.raises(ExportError, match="poker"):
        layout(target, (59, 86))
    with pytest.raises(ExportError, match="unknown target"):
        layout("jpeg", (63, 88))


def test_names_sort_in_deck_order(tmp_path):
    deck = build(tmp_path, 12)
    names = [card_file_name(deck, c, "face") for c in deck.cards]
    assert names == sorted(names)
    assert names[9] == "game_cards_010_C10_face.png"


@pytest.mark.parametrize("target", ["mpc", "tgc", "png"])
def test_every_face_and_the_shared_back_at_300_dpi(tmp_path, target):
    deck = build(tmp_path, 6)
    paths = export_cards(deck, target, tmp_path / target, workers=2)
    assert [p.name for p in paths[:2]] == ["game_cards_001_C1_face.png", "game_cards_002_C2_face.png"]
    assert paths[-1].name == "game_cards_back.png" and len(paths) == 7
    for i, path in enumerate(paths):
        with Image.open(path) as im:
            assert im.size == SIZES[target]
            assert [round(v) for v in im.info["dpi"]] == [300, 300]
            rgb = im.convert("RGB")
            w, h = im.size
            expected = BACK if i == 6 else card_color(i)
            for xy in [(0, 0), (w - 1, h - 1), (w // 2, 0), (0, h // 2), (w - 1, h // 2), (w // 2, h - 1)]:
                assert near(rgb.getpixel(xy), expected), (path.name, xy)  # no white sliver anywhere


def test_bleed_the_page_carries_is_used_instead_of_mirroring(tmp_path):
    deck = build(tmp_path, 1, bleed_mm=3.5)
    [face, _] = export_cards(deck, "mpc", tmp_path / "out")
    with Image.open(face) as im:
        assert near(im.getpixel((2, 2)), BLEED_COLOR)
        assert near(im.getpixel((411, 561)), card_color(0))


def test_a_card_drawn_only_to_its_trim_has_its_edge_extended_not_a_blank_bleed(tmp_path):
    deck = build(tmp_path, 1, bleed_mm=3.5, paint_bleed=False)
    [face, _] = export_cards(deck, "tgc", tmp_path / "out")
    with Image.open(face) as im:
        for xy in [(0, 0), (824, 1124), (412, 0), (0, 562)]:
            assert near(im.getpixel(xy), card_color(0)), xy


def test_different_backs_get_one_file_per_card_and_turned_backs_are_righted(tmp_path):
    deck = build(tmp_path, 3, backs="two")
    paths = export_cards(deck, "png", tmp_path / "out")
    assert [p.name for p in paths] == [
        "game_cards_001_C1_face.png", "game_cards_001_C1_back.png", "game_cards_002_C2_face.png",
        "game_cards_002_C2_back.png", "game_cards_003_C3_face.png", "game_cards_003_C3_back.png"]
    with Image.open(paths[3]) as turned:
        assert near(turned.getpixel((372, 100)), BACK)  # its top half is the coloured one
        assert near(turned.getpixel((372, 900)), (255, 255, 255), WHITE_TOL)


def test_a_later_export_removes_images_of_cards_that_are_gone(tmp_path):
    export_cards(build(tmp_path, 5, backs="none"), "png", tmp_path / "out")
    paths = export_cards(build(tmp_path, 3, backs="none"), "png", tmp_path / "out")
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted(p.name for p in paths)
    assert len(paths) == 3


def test_a_deck_has_a_shared_back_only_when_every_card_has_that_one_back(tmp_path):
    assert build(tmp_path, 3).shared_back == build(tmp_path, 3).cards[0].back
    assert build(tmp_path, 3, backs="two").shared_back is None
    assert build(tmp_path, 3, backs="none").shared_back is None
