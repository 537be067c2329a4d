"""What the 24 table companion says, in English and Japanese. Game names come from the data."""
from __future__ import annotations

from tabletop.data.text import Text

_WORDS = {
    "ask_players": ("players, clockwise (NAME=DETECTIVE ...)", "プレイヤー(時計回りに 名前=刑事 ...)"),
    "ask_styles": ("styles in seat order (s=stand c=coop)", "スタイル(席順に s=スタンド c=コープ)"),
    "ask_npc": ("NPC detective (random or a name; optional 'after NAME')",
                "NPCの刑事(random/ランダム か名前。'after 名前' で席を指定)"),
    "ask_chief": ("chief (a player's name)", "チーフ(プレイヤー名)"),
    "ask_grid": ("events, columns 1-7 top to bottom ({letters}; ? = face down)",
                 "事件置き場(1〜7列、上から。{letters}、裏向きは ?)"),
    "ask_reveal": ("round {round}: turn up the {n} face-down events, top to bottom ({letters})",
                   "ラウンド{round}: 裏向きの事件{n}枚を上から入力({letters})"),
    "ask_bid": ("round {round} · {name}'s {n} cards", "ラウンド{round} · {name}の{n}枚"),
    "ask_npc_card": ("round {round} · {name}: the card turned up", "ラウンド{round} · {name}: めくったカード"),
    "ask_check": ("life or death · {name} draws a card from hand (the card, or 'draw')",
                  "生死判定 · {name}が手札から1枚引く(数字、または draw/引く)"),
    "seats": ("seats clockwise: {seats}", "席順(時計回り): {seats}"),
    "npc_joins": ("NPC: {detective} plays {style} (the minority style), seated after {after}",
                  "NPC: {detective}、{style}(少ない方のスタイル)、{after}の次の席"),
    "npc_virtual": ("its deck ({cards}) is shuffled by the companion (seed {seed})",
                    "山札({cards})はコンパニオンがシャッフル(シード {seed})"),
    "npc_physical": ("shuffle its real cards ({cards}) face down; type each card you turn up",
                     "実物のカード({cards})を裏向きにシャッフルし、めくったカードを入力してください"),
    "chief": ("chief", "チーフ"),
    "round_header": ("── round {round} ──", "── ラウンド{round} ──"),
    "laid": ("{name} lays {cards} face down", "{name}: {cards} を伏せた"),
    "laid_now": ("laid", "伏せ札"),
    "npc_turns": ("{name} turns up {cards}", "{name} が {cards} をめくる"),
    "revealed": ("round {round}'s events: {events}", "ラウンド{round}の事件: {events}"),
    "coop_count": ("coop bidders: {n}", "コープ人数: {n}"),
    "times": ("times", "捜査時間"),
    "coop_plus": ("+{n} coop", "+コープ{n}"),
    "place": ("{place}. {name} → {event}", "{place}位 {name} → {event}"),
    "unclaimed": ("{place}. nobody (event unclaimed)", "{place}位 なし(事件は残る)"),
    "vp_stand": ("stand VP for {event}", "{event}のスタンドVP"),
    "vp_coop_main": ("coop main VP for {event}", "{event}のコープ・メインVP"),
    "vp_coop_sub": ("coop sub VP for {placer}'s {event}", "{placer}の{event}のコープ・サブVP"),
    "vp_colour": ("same-colour bonus ({colour}, round {round})", "同色ボーナス({colour}、ラウンド{round})"),
    "vp_adjust": ("manual correction", "手動修正"),
    "back": ("back to hand", "手札に戻す"),
    "left_out": ("stay out in front", "手元に残す"),
    "npc_bottom": ("{name}: {cards} to the bottom of its deck", "{name}: {cards} を山の下へ"),
    "npc_kept": ("{name}: {cards} stays out with the event", "{name}: {cards} は事件と一緒に手元へ"),
    "sitting_out": ("sitting out (one card left)", "不参加(手札1枚)"),
    "new_chief": ("new chief: {name}", "新しいチーフ: {name}"),
    "switch": ("style switch: {name} → {style}", "スタイル変更: {name} → {style}"),
    "no_switch": ("no style switches", "スタイル変更なし"),
    "standings": ("standings", "得点"),
    "provisional": ("(provisional event values)", "(事件の得点は暫定値)"),
    "check_order": ("life-or-death order: {order}", "生死判定の順番: {order}"),
    "check_auto_dead": ("{name} holds only the {card}: dies", "{name}の手札は{card}だけ: 殉死"),
    "check_auto_alive": ("{name} holds no {card}: survives", "{name}の手札に{card}はない: 生存"),
    "check_drawn": ("{name} draws {card}: {fate}", "{name}は{card}を引いた: {fate}"),
    "dies": ("dies", "殉死"),
    "survives": ("survives", "生存"),
    "stop": ("the check stops at the first death; the others survive", "殉死者が出たので判定終了。残りは生存"),
    "winner": ("winner: {names}", "勝者: {names}"),
    "draw_game": ("draw between {names}", "引き分け: {names}"),
    "nobody": ("no surviving player: nobody wins", "生存者なし: 勝者なし"),
    "npc_cannot_win": ("(the NPC cannot win)", "(NPCは勝利できません)"),
    "game_over": ("game over", "ゲーム終了"),
    "round": ("round", "ラウンド"),
    "hand": ("hand", "手札"),
    "deck": ("deck", "山札"),
    "in_front": ("in front", "手元"),
    "events": ("events", "事件"),
    "dead": ("dead", "殉死"),
    "next": ("next: {what}", "次: {what}"),
    "step_players": ("players", "プレイヤー"),
    "step_styles": ("styles", "スタイル"),
    "step_npc": ("npc", "NPC"),
    "step_chief": ("chief", "チーフ"),
    "step_grid": ("events", "事件置き場"),
    "adjusted": ("{name} {vp} VP ({reason}) → {total}", "{name} {vp} VP({reason})→ {total}"),
    "sits_out_now": ("sitting out this round (one card left): {names}", "このラウンド不参加(手札1枚): {names}"),
    "summary_schedules": ("schedules ({mark} = switch style in that round's end phase)",
                          "スケジュール({mark} = そのラウンドのエンドフェイズでスタイル変更)"),
    "summary_events": ("events (stand / coop main / coop sub VP)", "事件(スタンド / コープ・メイン / コープ・サブVP)"),
    # refusals from the rules
    "err_no_reveal": ("round {round} has no face-down events", "ラウンド{round}に裏向きの事件はありません"),
    "err_reveal_count": ("round {round} has {n} events to reveal, got {got}",
                         "ラウンド{round}の裏向きの事件は{n}枚です({got}枚入力されました)"),
    "err_card_count": ("{name} lays exactly {n} card(s), got {got}", "{name}が出すのはちょうど{n}枚です({got}枚入力されました)"),
    "err_not_held": ("{name} cannot lay {cards}: the hand holds {held}", "{name}は {cards} を出せません。手札: {held}"),
    "err_not_held_npc": ("{name} cannot lay {cards}: the deck holds {held}", "{name}は {cards} を出せません。山札: {held}"),
    "err_check_early": ("the life-or-death check comes after the last round", "生死判定は最終ラウンドの後です"),
    "err_check_card": ("{name} has no {card} in hand (in hand: {held})", "{name}の手札に{card}はありません(手札: {held})"),
    "err_sits_out": ("{name} sits out (fewer than {n} cards in hand)", "{name}は不参加です(手札が{n}枚未満)"),
    "err_already_bid": ("{name} has already bid this round", "{name}はこのラウンドですでに出しています"),
    "err_npc_last": ("{name} turns a card after every player has bid", "{name}は全員が出した後にカードをめくります"),
    "err_not_now_reveal": ("turn up round {round}'s face-down events first", "先にラウンド{round}の裏向きの事件を入力してください"),
    "err_not_now_check": ("the rounds are over: the life-or-death check is on", "ラウンドは終了し、生死判定中です"),
    "err_not_now_over": ("the game is over", "ゲームは終了しています"),
    "err_players": ("{lo}–{hi} players, got {got}", "プレイヤーは{lo}〜{hi}人です({got}人)"),
    "err_npc_count": ("a virtual player joins exactly when {n} play", "NPCが加わるのは{n}人プレイの時だけです"),
    "err_own_detective": ("every seat needs its own detective", "刑事は1人1人別々です"),
    "err_chief_npc": ("the chief is one of the players", "チーフはプレイヤーの誰かです"),
    "err_grid_shape": ("the event grid has columns of {shape} places", "事件置き場の列の枚数は {shape} です"),
    "err_face_down": ("round {round}'s events are face down at the start", "ラウンド{round}の事件は最初は裏向きです"),
    "err_face_up": ("round {round}'s events are face up at the start", "ラウンド{round}の事件は最初から表向きです"),
    "err_suit_count": ("only {n} {suit} ({letter}) events exist, the grid shows {got}",
                       "{suit}({letter})の事件は{n}枚しかありません(事件置き場に{got}枚)"),
    # refusals from the table
    "err_player_form": ("write each player as NAME=DETECTIVE, e.g. Aki=scotch (got {word!r})",
                        "プレイヤーは 名前=刑事 の形で(例: アキ=スコッチ)。入力: {word!r}"),
    "err_npc_name": ("{npc!r} is the virtual player's name; choose another", "{npc!r} は仮想プレイヤーの名前です。別の名前にしてください"),
    "err_digit_name": ("a player's name cannot be a number ({name!r})", "プレイヤー名を数字だけにはできません({name!r})"),
    "err_command_name": ("a player's name cannot be a table command ({name!r}; not {words})",
                         "プレイヤー名にテーブルのコマンドは使えません({name!r}。{words} 以外)"),
    "err_own_names": ("every player needs their own name and detective", "名前と刑事は1人ずつ別々にしてください"),
    "err_detective": ("unknown detective {word!r} (one of: {known})", "刑事 {word!r} はいません({known} のいずれか)"),
    "err_style_count": ("one style per player ({n}), e.g. s c s", "スタイルはプレイヤー1人に1つ({n}人分)。例: s c s"),
    "err_style": ("unknown style {word!r} (s = stand, c = coop)", "スタイル {word!r} は不明です(s=スタンド、c=コープ)"),
    "err_npc_answer": ("answer random, or a detective, optionally followed by 'after NAME'",
                       "random か刑事名を入力(席を指定するなら後ろに 'after 名前')"),
    "err_npc_taken": ("{detective} is a player's detective; the NPC takes an unused one: {unused}",
                      "{detective}はプレイヤーの刑事です。NPCは使われていない刑事から: {unused}"),
    "err_no_player": ("no player called {word!r} (players: {names})", "{word!r} というプレイヤーはいません(プレイヤー: {names})"),
    "err_chief": ("the chief's name", "チーフの名前を1つ入力してください"),
    "err_columns": ("{n} columns, e.g. RB YG RR BP ??? GY ??? (got {got})",
                    "{n}列を入力(例: RB YG RR BP ??? GY ???)。入力は{got}列"),
    "err_letter": ("unknown event letter {letter!r} (known: {known})", "事件の文字 {letter!r} は不明です({known} のいずれか)"),
    "err_bid_name": ("no player called {word!r}; type the cards (e.g. 3 5) or NAME 3 5 (players: {names})",
                     "{word!r} というプレイヤーはいません。カードを入力(例: 3 5)するか 名前 3 5(プレイヤー: {names})"),
    "err_numbers": ("type the cards as numbers, e.g. 3 5 (got {line!r})", "カードは数字で入力してください(例: 3 5)。入力: {line!r}"),
    "err_check_answer": ("type the card drawn (e.g. 3), or 'draw' to let the companion pick one",
                         "引いたカードの数字(例: 3)、またはコンパニオンに引かせるなら draw"),
    "err_adjust_early": ("scores can be corrected once the game has started", "得点の修正はゲーム開始後にできます"),
    "err_adjust_form": ("adjust NAME +N  or  adjust NAME -N", "adjust 名前 +N  または  adjust 名前 -N"),
    "err_game_over": ("the game is over", "ゲームは終了しています"),
    "err_npc_deck_fixed": ("this game uses the {deck} NPC deck; it cannot change in the middle of a game",
                           "このゲームのNPCの山札は {deck} です。途中では変更できません"),
}

_HELP = (
    """setup (one answer per prompt):
  players   Aki=scotch Ben=wolf Chie=hibachi   clockwise; detectives: {detectives}
  styles    s c s            one per player in seat order (s=stand, c=coop)
  npc       random | lloyd | lloyd after Ben     (3 players only; default seat: after the last)
  chief     Aki
  events    RB YG RR BP ??? GY ???   columns 1-7, top (1st place) first; {letters}
            face-down columns may be left out: RB YG RR BP GY
each round:
  reveal    YGR              the face-down events of rounds 5 and 7, when turned up
  bid       3 5  (or 35)     the two cards each bidder laid, asked player by player;
            Ben 3 4          names the bidder, so bids may come in any order
  NPC card  4                only with --npc-deck physical: the card turned up
end:
  check     2  or  draw      the card drawn in the life-or-death check
any time:  adjust NAME +2    correct a score by hand""",
    """準備(プロンプトごとに1つ答える):
  プレイヤー  アキ=スコッチ ベン=ウルフ チエ=ヒバチ   時計回りに。刑事: {detectives}
  スタイル    s c s            席順に1人1つ(s=スタンド、c=コープ)
  NPC         random | ロイド | ロイド after ベン   (3人プレイのみ。席の既定: 最後のプレイヤーの次)
  チーフ      アキ
  事件置き場  RB YG RR BP ??? GY ???   1〜7列、上(1位)から。{letters}
              裏向きの列は省略可: RB YG RR BP GY
各ラウンド:
  公開        YGR              5・7ラウンドの裏向きの事件を、表にしたら入力
  競り        3 5 (または 35)  各プレイヤーが出した2枚を、1人ずつ聞かれる順に
              ベン 3 4         名前を付ければ順不同で入力できる
  NPCのカード 4                --npc-deck physical の時のみ: めくったカード
終了時:
  生死判定    2 または draw    生死判定で引いたカード(draw ならコンパニオンが引く)
いつでも: adjust 名前 +2       得点を手で修正
全角の英数字も使えます。""",
)


def say(lang: str, key: str, **values) -> str:
    en, ja = _WORDS[key]
    values = {k: v(lang) if isinstance(v, Text) else v for k, v in values.items()}
    return (ja if lang == "ja" else en).format(**values)


def help_lines(lang: str, **values) -> list[str]:
    en, ja = _HELP
    return (ja if lang == "ja" else en).format(**values).splitlines()
