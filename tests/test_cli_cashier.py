"""``pokerroom cashier``: real money in and out of a server player's account, exact balances and refusals."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.server.accounts import PLAY_CHIPS, Users, play_account
from pokerroom.store import Store


def _flat(text: str) -> str:
    """Rich's error panel as one line: no borders, single spaces."""
    return " ".join(text.replace("│", " ").split())


def test_deposit_and_withdraw_move_exact_chips(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    with Store(url) as store:
        Users(store).sign_up("bob", "password1")
    runner = CliRunner()
    out = runner.invoke(app, ["cashier", "deposit", "bob", "500", "--database", url])
    assert out.exit_code == 0 and "bob: deposited 500; balance 500" in out.output
    out = runner.invoke(app, ["cashier", "withdraw", "bob", "600", "--database", url])
    assert out.exit_code == 2 and "bob's account holds 500 chips, cannot withdraw 600" in _flat(out.output)
    out = runner.invoke(app, ["cashier", "withdraw", "bob", "120", "--play", "--database", url])
    assert out.exit_code == 0 and f"balance {PLAY_CHIPS - 120}" in out.output
    out = runner.invoke(app, ["cashier", "deposit", "nobody", "5", "--database", url])
    assert out.exit_code == 2 and "nobody" in out.output
    with Store(url) as store:
        assert store.balance(store.account_id("bob")) == 500
        assert store.balance(store.account_id(play_account("bob"))) == PLAY_CHIPS - 120
        store.check_balanced()


def test_serve_refuses_a_store_it_cannot_open(tmp_path: Path) -> None:
    out = CliRunner().invoke(app, ["serve", "--database", "mysql://nowhere/db"])
    assert out.exit_code == 2 and "cannot open the store" in out.output


def test_a_play_money_account_is_reached_only_with_play(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    with Store(url) as store:
        Users(store).sign_up("bob", "password1")
    runner = CliRunner()
    out = runner.invoke(app, ["cashier", "deposit", "play:bob", "5", "--database", url])
    assert out.exit_code == 2
    assert "a player's name has no colon, not 'play:bob'; a play-money account is NAME with --play" in _flat(out.output)
    history = runner.invoke(app, ["report", "--database", url, "history", "bob"])
    assert history.exit_code == 0
    assert "Their play money is the account play:bob: pokerroom report history play:bob." in _flat(history.output)
    with Store(url) as store:
        assert store.balance(store.account_id(play_account("bob"))) == PLAY_CHIPS
