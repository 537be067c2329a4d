"""Every exported piece carries a readable name in the export's language, made from the data:
Tabletop Simulator shows it as the card's name (its internal id stays in the description)."""
import json

import pytest
from click.testing import CliRunner

from pnp.cli.main import main
from tabletop.data.kill_shot import load_kill_shot
from tabletop.data.liar_mafia import load_liar_mafia
from tabletop.data.terror24 import load_terror24

DECKS = {"liar-mafia": ("cards", "chips"), "kill-shot": ("reference",), "famiglia": ("robot",), "terror24": ("cards",)}


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    out = tmp_path_factory.mktemp("tts")
    result = CliRunner().invoke(main, ["export", *DECKS, "--target", "tts", "--lang", "all", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def nicknames(out, game: str, asset: str, lang: str) -> dict[str, list[str]]:
    """Card id (the description) → the names of its copies, in deck order."""
    path = out / game / "export" / f"tts-{lang}" / f"{game}_{asset}.json"
    [state] = json.loads(path.read_text(encoding="utf-8"))["ObjectStates"]
    names: dict[str, list[str]] = {}
    for card in state["ContainedObjects"]:
        names.setdefault(card["Description"], []).append(card["Nickname"])
    return names


@pytest.mark.parametrize("game, asset", [(g, a) for g, assets in DECKS.items() for a in assets])
def test_every_card_has_a_name_of_its_own_language_not_its_id(out, game, asset):
    ja, en = nicknames(out, game, asset, "ja"), nicknames(out, game, asset, "en")
    assert ja.keys() == en.keys() and ja
    for card_id in ja:
        assert all(name and name != card_id for name in ja[card_id] + en[card_id]), card_id
        assert ja[card_id] != en[card_id], card_id  # every one of these games words its names per language


def test_liar_mafia_names_are_role_and_colour(out):
    data = load_liar_mafia()
    ja, en = nicknames(out, "liar-mafia", "cards", "ja"), nicknames(out, "liar-mafia", "cards", "en")
    for c in data.colours:
        for role in data.roles:
            assert ja[f"{c.id}-{role.id}"] == [f"{role.name}（{c.name.ja}）"]
            assert en[f"{c.id}-{role.id}"] == [f"{role.name} ({c.name.en})"]
    chips = nicknames(out, "liar-mafia", "chips", "en")
    assert all(name.startswith(data.chips.label.en) for names in chips.values() for name in names)


def test_24_names_say_which_detective_and_which_value(out):
    data = load_terror24()
    for lang in ("ja", "en"):
        names = nicknames(out, "terror24", "cards", lang)
        for d in data.detectives:
            assert names[f"detective-{d.id}"] == [d.name(lang)]
            assert d.name(lang) in names[f"score-{d.id}"][0]
            for n, value in enumerate(data.time_cards.values, 1):
                [name] = names[f"time-{d.id}-{n}"]
                assert f" {value}" in name and d.name(lang) in name
        for s in data.events.suits:
            assert all(name.startswith(s.name(lang)) for name in names[f"event-{s.id}-1"])
    assert nicknames(out, "terror24", "cards", "en")["time-lloyd-6"] == ["Time card 3 (Lloyd)"]


def test_reference_cards_are_named_by_their_titles(out):
    kill_shot = load_kill_shot()
    for lang in ("ja", "en"):
        names = nicknames(out, "kill-shot", "reference", lang)
        assert [names[gt.id] for gt in kill_shot.game_types] == [[f"#{gt.number} {gt.name(lang)}"]
                                                                  for gt in kill_shot.game_types]
    famiglia = nicknames(out, "famiglia", "robot", "ja")
    assert famiglia == {"program": ["ロボットのプログラム"], "levels": ["ロボットのレベル"]}
