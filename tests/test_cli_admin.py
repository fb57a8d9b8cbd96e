"""``pokerroom admin``: operators made from the command line (issue 18 item 7), on a new and an existing player."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.server.accounts import PLAY_CHIPS, Users, play_account
from pokerroom.store import Store
from pokerroom.store.roles import OPERATOR, has_role, holders

runner = CliRunner()


def _flat(text: str) -> str:
    """Rich's error panel as one line: no borders, single spaces."""
    return " ".join(text.replace("│", " ").split())


def test_admin_create_signs_up_a_new_player_from_a_password_file(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    secret = tmp_path / "password.txt"
    secret.write_text("s3cret pass\n", encoding="utf-8")
    out = runner.invoke(app, ["admin", "create", "opal", "--database", url, "--password-file", str(secret)])
    assert out.exit_code == 0, out.output
    assert out.output == "opal: signed up and made an operator\n"
    with Store(url) as store:
        users = Users(store)
        assert users.is_operator("opal") and has_role(store, "opal", OPERATOR)
        assert users.log_in("opal", "s3cret pass")  # the file's first line, without its newline
        assert users.balances("opal").play == PLAY_CHIPS  # an account as any sign-up opens
        assert [g.name for g in holders(store)] == ["opal"]
    listed = runner.invoke(app, ["admin", "list", "--database", url])
    assert listed.exit_code == 0 and listed.output.startswith("opal  operator since ")


def test_admin_create_prompts_for_the_password_twice(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    out = runner.invoke(app, ["admin", "create", "opal", "--database", url], input="password9\npassword9\n")
    assert out.exit_code == 0, out.output
    assert "password9" not in out.output  # not echoed
    assert "opal: signed up and made an operator" in out.output
    with Store(url) as store:
        assert Users(store).log_in("opal", "password9")


def test_admin_create_makes_an_existing_player_an_operator_once(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    with Store(url) as store:
        Users(store).sign_up("Bob", "password1")
        store.deposit(store.account_id(play_account("Bob")), 5)
    out = runner.invoke(app, ["admin", "create", "Bob", "--database", url])  # no password asked: none read
    assert out.exit_code == 0 and out.output == "Bob: made an operator\n", out.output
    again = runner.invoke(app, ["admin", "create", "Bob", "--database", url])
    assert again.exit_code == 0 and again.output == "Bob: already an operator\n"
    other = runner.invoke(app, ["admin", "create", "bob", "--database", url])
    assert other.exit_code == 2 and "the player is called 'Bob', not 'bob'; give that name" in _flat(other.output)
    with Store(url) as store:
        users = Users(store)
        assert users.is_operator("Bob") and not users.is_operator("bob")
        assert users.balances("Bob").play == PLAY_CHIPS + 5  # the account kept as it was
        assert [g.name for g in holders(store)] == ["Bob"]


def test_admin_refuses_a_bad_name_or_password_and_lists_none(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    short = tmp_path / "short.txt"
    short.write_text("abc\n", encoding="utf-8")
    out = runner.invoke(app, ["admin", "create", "opal", "--database", url, "--password-file", str(short)])
    assert out.exit_code == 2 and "a password is 8 to 200 characters" in _flat(out.output)
    out = runner.invoke(app, ["admin", "create", "bot-1", "--database", url, "--password-file", str(short)])
    assert out.exit_code == 2 and "names starting 'bot' or 'play' are the house's" in _flat(out.output)
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    out = runner.invoke(app, ["admin", "create", "opal", "--database", url, "--password-file", str(empty)])
    assert out.exit_code == 2 and "has no password on its first line" in _flat(out.output)
    listed = runner.invoke(app, ["admin", "list", "--database", url])
    assert listed.exit_code == 0
    assert listed.output == "no operators; make one with: pokerroom admin create NAME\n"
