"""What a deck may read: the files of its own folder, and nothing else. A template a box or a back's
text includes, a picture, an icon, a font, a back's picture, the cards' file and the deck file found
beside a spreadsheet: each one that a link (to a file or to a folder), `../` or an absolute path leads
out of the folder is refused with one line naming the deck's file and the name, and exit status 2. A
build of such a deck opens no file outside the folder: every file the build opens is recorded (the
"open" audit event) and checked, so a file read and then refused, or read and not printed, fails too."""
import os

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from hostile_deck import CSV, Hostile, allowed_folders, invoke, outside, recorded_build
from pnp.cli.main import main

LEADS_OUT = ("{what} leads through a link to {target}, outside the deck's folder: a deck reads only the files "
             "in its own folder")
OUTSIDE = "{what} is outside the deck's folder: keep the deck's files beside it"
ABSOLUTE = "{what} is an absolute path: give it relative to the deck's folder"


def line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


def include_linked(d: Hostile) -> str:
    d.link("link.j2", d.secret / "id_ed25519")
    d.footer('cost {{ cost }}\n{% include "link.j2" %}\n')
    what = "template 'link.j2'"
    return f"{d.file('footer.j2')}, line 2: " + LEADS_OUT.format(what=what, target=d.real("id_ed25519"))


def include_in_a_linked_folder(d: Hostile) -> str:
    d.link("parts", d.secret)
    d.footer('{% include "parts/id_ed25519" %}\n')
    what = "template 'parts/id_ed25519'"
    return f"{d.file('footer.j2')}, line 1: " + LEADS_OUT.format(what=what, target=d.real("id_ed25519"))


def include_climbing_out(d: Hostile) -> str:
    d.footer('{% include "../secret/id_ed25519" %}\n')
    return f"{d.file('footer.j2')}, line 1: " + OUTSIDE.format(what="template '../secret/id_ed25519'")


def include_absolute(d: Hostile) -> str:
    path = (d.secret / "id_ed25519").as_posix()
    d.footer(f'{{% include "{path}" %}}\n')
    return f"{d.file('footer.j2')}, line 1: " + ABSOLUTE.format(what=f"template '{path}'")


def include_in_an_included_template(d: Hostile) -> str:
    d.link("link.j2", d.secret / "id_ed25519")
    d.footer('{% include "parts.j2" %}\n')
    (d.folder / "parts.j2").write_text('{{ title }}\n{% import "link.j2" as key %}\n', encoding="utf-8")
    what = "template 'link.j2'"
    return f"{d.file('parts.j2')}, line 2: " + LEADS_OUT.format(what=what, target=d.real("id_ed25519"))


def include_named_as_it_runs(d: Hostile) -> str:
    """A name the template makes as it runs is not known when the deck is read: the loader refuses it."""
    d.link("link.j2", d.secret / "id_ed25519")
    d.footer('cost {{ cost }}\n{% include "link" ~ ".j2" %}\n')
    what = "template 'link.j2'"
    return f"{d.file('footer.j2')}, line 2: " + LEADS_OUT.format(what=what, target=d.real("id_ed25519"))


def include_in_a_backs_text(d: Hostile) -> str:
    d.link("link.j2", d.secret / "id_ed25519")
    toml = d.toml(more='\n[back]\ntext = \'{% include "link.j2" %}\'\n')
    what = "template 'link.j2'"
    return f"{d.file('deck.toml')}, line {line_of(toml, 'text =')} [back.text]: " + LEADS_OUT.format(
        what=what, target=d.real("id_ed25519"))


def picture_linked(d: Hostile) -> str:
    d.link("art.png", d.secret / "key.png")
    toml = d.toml(more='\n[boxes.body]\nimage = "art.png"\n')
    return f"{d.file('deck.toml')}, line {line_of(toml, 'image =')} [boxes.body.image]: " + LEADS_OUT.format(
        what="picture 'art.png'", target=d.real("key.png"))


def icon_linked(d: Hostile) -> str:
    d.link("icons", d.secret)
    toml = d.toml(more='\n[icons]\nkey = "icons/key.png"\n')
    return f"{d.file('deck.toml')}, line {line_of(toml, 'key =')} [icons.key]: " + LEADS_OUT.format(
        what="picture 'icons/key.png'", target=d.real("key.png"))


def font_linked(d: Hostile) -> str:
    d.link("font.ttf", d.secret / "key.ttf")
    toml = d.toml(deck='fonts = ["font.ttf"]')
    return f"{d.file('deck.toml')}, line {line_of(toml, 'fonts =')} [deck.fonts[0]]: " + LEADS_OUT.format(
        what="font 'font.ttf'", target=d.real("key.ttf"))


def back_picture_linked(d: Hostile) -> str:
    d.link("back.png", d.secret / "key.png")
    toml = d.toml(more='\n[back]\nimage = "back.png"\n')
    return f"{d.file('deck.toml')}, line {line_of(toml, 'image =')} [back.image]: " + LEADS_OUT.format(
        what="picture 'back.png'", target=d.real("key.png"))


def cards_linked(d: Hostile) -> str:
    d.link("cards.csv", d.secret / "cards.csv")
    toml = d.toml(deck='data = "cards.csv"')
    return f"{d.file('deck.toml')}, line {line_of(toml, 'data =')} [deck.data]: " + LEADS_OUT.format(
        what="'cards.csv'", target=d.real("cards.csv"))


def spreadsheet_of_the_same_name_linked(d: Hostile) -> str:
    d.file("deck.csv").unlink()
    d.link("deck.csv", d.secret / "cards.csv")
    return f"{d.file('deck.toml')}, line 1 [deck]: " + LEADS_OUT.format(what="'deck.csv'", target=d.real("cards.csv"))


def deck_file_of_the_same_name_linked(d: Hostile) -> str:
    d.file("deck.toml").rename(d.secret / "deck.toml")
    d.link("deck.toml", d.secret / "deck.toml")
    d.named = d.file("deck.csv")
    return f"{d.file('deck.csv')}: " + LEADS_OUT.format(what="'deck.toml'", target=d.real("deck.toml"))


HOSTILE = [include_linked, include_in_a_linked_folder, include_climbing_out, include_absolute,
           include_in_an_included_template, include_named_as_it_runs, include_in_a_backs_text, picture_linked,
           icon_linked, font_linked, back_picture_linked, cards_linked, spreadsheet_of_the_same_name_linked,
           deck_file_of_the_same_name_linked]

# ---- every file a build opens ----------------------------------------------------------------------------


@pytest.mark.parametrize("make", HOSTILE, ids=[make.__name__ for make in HOSTILE])
def test_a_file_leading_out_of_the_deck_is_refused_in_one_line_and_never_opened(tmp_path, make):
    d = Hostile(tmp_path)
    said = make(d)
    result, opened = recorded_build(d.named, "--out", d.out)
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert result.exit_code == 2, result.output
    assert errors == [f"error: {said}"], result.output
    assert "Traceback" not in result.output
    assert outside(opened, allowed_folders(d)) == []


def test_the_recording_catches_a_file_read_outside_the_deck(tmp_path):
    """The check above can fail: a deck naming its reader's file by a path the kit takes as it is (the
    cards' file given on the command line) has that file in the recording."""
    d = Hostile(tmp_path)
    (d.secret / "cards.csv").write_text(CSV, encoding="utf-8")
    (d.secret / "cards.toml").write_text((d.folder / "deck.toml").read_text(encoding="utf-8"), encoding="utf-8")
    (d.secret / "footer.j2").write_text("x\n", encoding="utf-8")
    result, opened = recorded_build(d.secret / "cards.csv", "--out", d.out)
    assert result.exit_code == 0, result.output
    assert outside(opened, allowed_folders(d)) == [os.path.realpath(d.secret / p)
                                                   for p in ("cards.csv", "cards.toml", "footer.j2")]


def test_links_that_stay_inside_the_deck_are_followed(tmp_path):
    d = Hostile(tmp_path)
    (d.folder / "parts").mkdir()
    (d.folder / "parts" / "cost.j2").write_text("{{ title }} INSIDE\n", encoding="utf-8")
    d.link("shared", d.folder / "parts")
    d.link("link.j2", d.folder / "shared" / "cost.j2")
    d.footer('{% include "link.j2" %}\n')
    result, opened = recorded_build(d.file("deck.toml"), "--out", d.out, "--backs", "none")
    assert result.exit_code == 0, result.output
    assert outside(opened, allowed_folders(d)) == []
    pdf = next(d.out.rglob("*.pdf"))
    assert "Spark INSIDE" in "".join(page.extract_text() for page in PdfReader(pdf).pages)


def test_a_backs_text_includes_a_template_of_the_deck(tmp_path):
    d = Hostile(tmp_path)
    (d.folder / "back.j2").write_text("{{ title | upper }} BACK", encoding="utf-8")
    d.toml(more='\n[back]\ntext = \'{% include "back.j2" %}\'\n')
    result = invoke("build", d.file("deck.toml"), "--out", d.out)
    assert result.exit_code == 0, result.output
    pdf = next(d.out.rglob("*.pdf"))
    text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "SPARK BACK" in text and "SPRING BACK" in text


def test_a_pipe_is_not_read_as_a_picture(tmp_path):
    """Reading a pipe waits for a writer that never comes: the build would hang."""
    d = Hostile(tmp_path)
    os.mkfifo(d.folder / "art.png")
    toml = d.toml(more='\n[boxes.body]\nimage = "art.png"\n')
    result = invoke("build", d.file("deck.toml"), "--out", d.out)
    assert result.exit_code == 2, result.output
    assert (f"error: {d.file('deck.toml')}, line {line_of(toml, 'image =')} [boxes.body.image]: picture 'art.png' "
            "is not a file (a folder, a pipe or a device)") in result.output.splitlines()


def test_the_refusal_is_said_in_japanese(tmp_path):
    d = Hostile(tmp_path)
    include_linked(d)
    result = CliRunner().invoke(main, ["build", str(d.file("deck.toml")), "--out", str(d.out)],
                                env={"TABLETOP_KIT_LANG": "ja"})
    assert result.exit_code == 2, result.output
    assert (f"エラー：{d.file('footer.j2')}、2行目：テンプレート 'link.j2' はリンクをたどるとデッキのフォルダーの外の "
            f"{d.real('id_ed25519')} を指しています。"
            "デッキが読むのは自分のフォルダーの中のファイルだけです") in result.output


def test_what_an_included_template_prints_is_known_and_its_edits_rebuild(tmp_path):
    """A column only an included template prints is a field of the deck (no "undefined"), and an edit
    to that template builds the deck again."""
    d = Hostile(tmp_path)
    (d.folder / "deck.csv").write_text(CSV.replace("cost\n", "cost,tier\n").replace("1\n", "1,gold\n")
                                       .replace("2\n", "2,silver\n"), encoding="utf-8")
    (d.folder / "tier.j2").write_text("{{ tier | upper }} TIER", encoding="utf-8")
    d.toml(more='\n[back]\ntext = \'{% include "tier.j2" %}\'\n')
    build = ("build", d.named, "--out", d.out)
    result = invoke(*build)
    assert result.exit_code == 0, result.output
    assert "no box prints" not in result.output
    pdf = next(d.out.rglob("*.pdf"))
    assert "GOLD TIER" in "".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "(up to date)" in invoke(*build).output
    (d.folder / "tier.j2").write_text("{{ tier }} RANK", encoding="utf-8")
    assert "(up to date)" not in invoke(*build).output
    assert "gold RANK" in "".join(page.extract_text() for page in PdfReader(pdf).pages)


def test_an_included_template_not_there_is_named_with_its_line(tmp_path):
    d = Hostile(tmp_path)
    d.footer('cost {{ cost }}\n{% include "parts/missing.j2" %}\n{% include "gone.j2" ignore missing %}\n')
    result = invoke("build", d.named, "--out", d.out)
    assert result.exit_code == 2, result.output
    assert (f"error: {d.file('footer.j2')}, line 2: template 'parts/missing.j2' not found beside the deck file"
            in result.output.splitlines())


def test_an_included_template_is_held_to_a_box_templates_tags(tmp_path):
    d = Hostile(tmp_path)
    (d.folder / "art.j2").write_text('{{ title }}\n<img src="art.png"/>\n', encoding="utf-8")
    d.footer('{% include "art.j2" %}\n')
    result = invoke("build", d.named, "--out", d.out)
    assert result.exit_code == 2, result.output
    assert (f"error: {d.file('art.j2')}, line 2: <img> is not taken in a box template: show a picture with "
            "[boxes.NAME.image] (docs/decks.md)") in result.output.splitlines()


def test_a_link_pointed_elsewhere_between_builds_is_read_and_judged_again(tmp_path):
    """`pnp watch` builds again in one process, where Jinja keeps the templates it has loaded: a link
    pointed at another file since is read again, and one pointed out of the folder is refused."""
    d = Hostile(tmp_path)
    (d.folder / "first.j2").write_text("{{ title }} FIRST", encoding="utf-8")
    (d.folder / "second.j2").write_text("{{ title }} SECOND", encoding="utf-8")
    d.link("link.j2", d.folder / "first.j2")
    d.footer('{% include "link" ~ ".j2" %}\n')  # a name made as it runs: only the loader sees it
    build = (d.named, "--out", d.out, "--force", "--backs", "none")

    def printed() -> str:
        return "".join(page.extract_text() for page in PdfReader(next(d.out.rglob("*.pdf"))).pages)

    assert invoke("build", *build).exit_code == 0 and "Spark FIRST" in printed()
    d.file("link.j2").unlink()
    d.link("link.j2", d.folder / "second.j2")
    assert invoke("build", *build).exit_code == 0 and "Spark SECOND" in printed()
    d.file("link.j2").unlink()
    d.link("link.j2", d.secret / "id_ed25519")
    result, opened = recorded_build(*build)
    assert result.exit_code == 2, result.output
    assert f"error: {d.file('footer.j2')}, line 1: " + LEADS_OUT.format(
        what="template 'link.j2'", target=d.real("id_ed25519")) in result.output.splitlines()
    assert outside(opened, allowed_folders(d)) == []
