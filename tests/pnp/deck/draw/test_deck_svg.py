"""A deck's SVG pictures: drawn as vector paths (no image object in the PDF), in their box and fitted as
asked; drawn from the file alone — an SVG naming another file or a web address (an `<image href>`, an
`xlink:href`, a `file://`, a CSS `url()`, an `@import`) or declaring entities (an entity bomb) is refused
in one line naming the picture, and a build opens no file outside the deck's folder. Under
`--print-shop` its colours come out CMYK; a gradient is refused with a word."""

import pikepdf
import pytest

from hostile_deck import Hostile, allowed_folders, outside, recorded_build

SHIELD = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50" width="100" height="50">
  <path d="M5 5 L95 5 L50 45 Z" fill="#2e6fb0" stroke="#12304f" stroke-width="2"/>
  <circle cx="50" cy="20" r="10" fill="#f5d76e" fill-opacity="0.5"/>
</svg>
"""
XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"'
HOSTILE = {
    "an external image": f'<svg xmlns="http://www.w3.org/2000/svg" {XLINK} width="10" height="10">'
                         '<image href="../secret/key.png" width="10" height="10"/></svg>',
    "an xlink to a web address": f'<svg xmlns="http://www.w3.org/2000/svg" {XLINK} width="10" height="10">'
                                 '<image xlink:href="https://example.com/x.png" width="10" height="10"/></svg>',
    "a file:// href": f'<svg xmlns="http://www.w3.org/2000/svg" {XLINK} width="10" height="10">'
                      '<use xlink:href="file:///etc/passwd#x"/></svg>',
    "a CSS url()": '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
                   '<rect width="10" height="10" style="fill: url(file:///etc/passwd)"/></svg>',
    "a style sheet's url()": '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><style>'
                             'rect { fill: url("../secret/key.svg#g") }</style><rect width="10" height="10"/></svg>',
    "an @import": '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><style>'
                  '@import "x.css";</style><rect width="10" height="10"/></svg>',
    "an entity bomb": '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">'
                      '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>'
                      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><desc>&c;</desc></svg>',
    "an external entity": '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY k SYSTEM "file:///etc/passwd">]>'
                          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><desc>&k;</desc></svg>',
    "text": '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>Hi</text></svg>',
}
WORDS = {"an entity bomb": "declares a DTD or entities", "an external entity": "declares a DTD or entities",
         "text": "convert the text to paths", "an @import": "@import"}


def deck(d: Hostile, svg: str, more: str = "") -> None:
    (d.folder / "icon.svg").write_text(svg, encoding="utf-8")
    d.toml(more=f'\n[boxes.icon]\nleft = 10\nwidth = 40\ntop = 30\nheight = 20\nimage = "icon.svg"\n{more}')


def test_an_svg_is_drawn_as_vector_paths_in_its_box_and_no_image_object(tmp_path):
    d = Hostile(tmp_path)
    deck(d, SHIELD)
    result, opened = recorded_build(d.named, "--out", d.out, "--backs", "none")
    assert result.exit_code == 0, result.output
    assert outside(opened, allowed_folders(d)) == []
    pdf = pikepdf.open(next(d.out.rglob("*.pdf")))
    page = pdf.pages[0]
    assert "/XObject" not in page.Resources or not list(page.Resources.XObject.keys())
    fonts = [str(f.BaseFont) for f in page.Resources.Font.values()]
    assert not any("Helvetica" in f for f in fonts), fonts  # the drawing starts in the page's embedded font
    ops = [(str(op), operands) for operands, op in pikepdf.parse_content_stream(page)]
    fills = [tuple(round(float(v) * 255) for v in operands) for op, operands in ops if op == "rg"]
    assert (0x2e, 0x6f, 0xb0) in fills and (0xf5, 0xd7, 0x6e) in fills
    paths = [op for op, _operands in ops if op in ("m", "l", "c")]
    assert len(paths) >= 6  # the triangle's lines and the circle's curves: vectors
    assert any(round(float(s.get("/ca", 1)), 2) == 0.5 for s in page.Resources.ExtGState.values())


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_svg_is_refused_in_one_line_naming_it_and_opens_nothing_outside(tmp_path, case):
    d = Hostile(tmp_path)
    (d.secret / "key.svg").write_text(SHIELD, encoding="utf-8")
    deck(d, HOSTILE[case])
    result, opened = recorded_build(d.named, "--out", d.out)
    assert result.exit_code == 2, result.output
    errors = [line for line in result.output.splitlines() if line.startswith("error")]
    assert len(errors) == 1 and "picture 'icon.svg'" in errors[0], result.output
    assert WORDS.get(case, "drawn from itself alone") in errors[0], errors
    assert "Traceback" not in result.output
    assert outside(opened, allowed_folders(d)) == []
    assert not list(d.out.rglob("*.pdf"))


def test_an_svg_may_use_its_own_parts_but_not_embed_a_raster_picture(tmp_path):
    d = Hostile(tmp_path)
    png = ("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC")
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" {XLINK} width="20" height="10"><defs>'
           '<rect id="r" width="5" height="5" fill="#00aa00"/></defs><use xlink:href="#r"/>'
           '</svg>')
    deck(d, svg)
    result, opened = recorded_build(d.named, "--out", d.out, "--backs", "none")
    assert result.exit_code == 0, result.output
    assert outside(opened, allowed_folders(d)) == []
    deck(d, svg.replace("</svg>", f'<image x="10" width="10" height="10" href="data:image/png;base64,{png}"/></svg>'))
    result, opened = recorded_build(d.named, "--out", d.out, "--backs", "none")
    assert result.exit_code == 2 and "it embeds a raster picture" in result.output, result.output


def test_under_print_shop_an_svgs_colours_are_cmyk_and_a_gradient_is_refused_with_a_word(tmp_path):
    d = Hostile(tmp_path)
    deck(d, SHIELD)
    result, _opened = recorded_build(d.named, "--out", d.out, "--print-shop")
    assert result.exit_code == 0, result.output
    pdf = pikepdf.open(next(d.out.rglob("*printshop*.pdf")))
    operators = {str(op) for page in pdf.pages for _operands, op in pikepdf.parse_content_stream(page)}
    assert "rg" not in operators and "RG" not in operators and "k" in operators
    gradient = SHIELD.replace('<path', '<defs><linearGradient id="g"><stop offset="0" stop-color="#ff0000"/>'
                                       '<stop offset="1" stop-color="#0000ff"/></linearGradient></defs><path')
    gradient = gradient.replace('fill="#2e6fb0"', 'fill="url(#g)"')
    deck(d, gradient)
    result, _opened = recorded_build(d.named, "--out", d.out / "shop", "--print-shop")
    assert result.exit_code == 2, result.output
    assert "gradients (or patterns) are not converted to CMYK" in result.output
    result, _opened = recorded_build(d.named, "--out", d.out / "home", "--backs", "none")
    assert result.exit_code == 0, result.output  # at home, the gradient prints


def test_an_svg_svglib_cannot_read_is_one_line_naming_it(tmp_path):
    d = Hostile(tmp_path)
    deck(d, SHIELD.replace('width="100"', 'width="abc"'))
    result, _opened = recorded_build(d.named, "--out", d.out, "--backs", "none")
    assert result.exit_code == 2, result.output
    errors = [line for line in result.output.splitlines() if line.startswith("error")]
    assert len(errors) == 1 and "picture 'icon.svg'" in errors[0] and "svglib could not draw it" in errors[0], \
        result.output
    assert "internal error" not in result.output


def test_an_svg_back_is_refused_at_load_rather_than_printed_as_a_stand_in(tmp_path):
    d = Hostile(tmp_path)
    (d.folder / "back.svg").write_text(SHIELD, encoding="utf-8")
    d.toml(more='\n[back]\nimage = "back.svg"\n')
    result, _opened = recorded_build(d.named, "--out", d.out)
    assert result.exit_code == 2, result.output
    assert "back.image" in result.output and "a back's picture is PNG, JPEG or WebP" in result.output, result.output
    assert not list(d.out.rglob("*.pdf"))
