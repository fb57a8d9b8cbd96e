"""A socket's outbox (pokerroom.server.sockets.Socket): messages written in the order sent, a write that has to wait
for the client holding every later one behind it; a write that fails ends the pump with its error, never the
sender; a client that never reads is dropped at the outbox's limit; a socket whose client went is freed without
the garbage collector (the room freezes what lives, pokerroom.server.collector)."""

from __future__ import annotations

import asyncio
import gc
import warnings
import weakref

import pytest

from pokerroom.server.sockets import OUTBOX_LIMIT, Socket


class FakeWebSocket:
    """What the pump writes to: ``send_text`` waits while :attr:`writable` is clear (the transport's buffer is
    full, as uvicorn's protocol waits), then records the text or raises :attr:`fail`."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.writable = asyncio.Event()
        self.writable.set()
        self.fail: Exception | None = None

    async def send_text(self, text: str) -> None:
        await self.writable.wait()
        if self.fail is not None:
            raise self.fail
        self.sent.append(text)


async def started(sock: Socket, ws: FakeWebSocket) -> asyncio.Task[None]:
    pump = asyncio.create_task(sock.pump(ws))  # type: ignore[arg-type]
    await asyncio.sleep(0)
    return pump


async def waiting(text: str) -> tuple[Socket, FakeWebSocket, asyncio.Task[None]]:
    """A socket whose pump runs, with the write of ``text`` begun and waiting for a client that stopped reading."""
    sock, ws = Socket("ann"), FakeWebSocket()
    pump = await started(sock, ws)
    ws.writable.clear()
    sock.send(text)
    await asyncio.sleep(0)
    return sock, ws, pump


async def cancelled(pump: asyncio.Task[None]) -> None:
    """Cancel ``pump`` and check it ended by that cancellation (not by an error of its own)."""
    pump.cancel()
    with pytest.raises(asyncio.CancelledError):
        await pump


def test_messages_are_written_in_the_order_sent() -> None:
    async def main() -> None:
        sock, ws = Socket("ann"), FakeWebSocket()
        sock.send({"type": "state", "seq": 1})  # before the pump runs: queued
        assert ws.sent == [] and sock.outbox.qsize() == 1 and sock.queued == len('{"type":"state","seq":1}')
        pump = await started(sock, ws)
        sock.send("a")
        sock.send("b")
        await asyncio.sleep(0)
        assert ws.sent == ['{"type":"state","seq":1}', "a", "b"]
        assert sock.outbox.empty() and sock.queued == 0
        await cancelled(pump)

    asyncio.run(main())


def test_a_write_that_waits_holds_later_messages_behind_it_in_order() -> None:
    async def main() -> None:
        sock, ws, pump = await waiting("m1")
        sock.send("m2")
        sock.send("m3")
        await asyncio.sleep(0.01)
        assert sock.outbox.qsize() == 2 and sock.queued == len("m2") + len("m3")  # m1's write is begun, waiting
        assert ws.sent == [] and not pump.done()
        ws.writable.set()
        for _ in range(10):
            await asyncio.sleep(0)
        assert ws.sent == ["m1", "m2", "m3"] and sock.queued == 0 and sock.outbox.empty()
        sock.send("m4")
        await asyncio.sleep(0)
        assert ws.sent[-1] == "m4"
        await cancelled(pump)

    asyncio.run(main())


def test_a_failed_write_ends_the_pump_with_its_error_and_not_the_sender() -> None:
    async def main() -> None:
        sock, ws = Socket("ann"), FakeWebSocket()
        pump = await started(sock, ws)
        ws.fail = ConnectionResetError("the client is gone")
        sock.send("lost")  # the sender (a table's broadcast) is not the one to fail
        await asyncio.sleep(0)
        sock.send("after")
        with pytest.raises(ConnectionResetError, match="the client is gone"):
            await pump
        assert ws.sent == []

    asyncio.run(main())


def test_a_failed_write_after_waiting_ends_the_pump() -> None:
    async def main() -> None:
        _, ws, pump = await waiting("lost")
        ws.fail = ConnectionResetError("gone while waiting")
        ws.writable.set()
        with pytest.raises(ConnectionResetError, match="gone while waiting"):
            await pump

    asyncio.run(main())


def test_a_pump_cancelled_while_a_write_waits_writes_nothing_more() -> None:
    async def main() -> None:
        _, ws, pump = await waiting("never")
        await cancelled(pump)
        ws.writable.set()
        await asyncio.sleep(0)
        assert ws.sent == []

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "coroutine ... was never awaited": a write left open
        asyncio.run(main())
        gc.collect()


def test_a_client_that_never_reads_is_dropped_at_the_outbox_limit() -> None:
    async def main() -> None:
        sock, ws, pump = await waiting("first")
        for k in range(OUTBOX_LIMIT):
            sock.send(f"m{k}")
        assert not sock.dropped.is_set() and sock.outbox.qsize() == OUTBOX_LIMIT
        sock.send("one too many")
        assert sock.dropped.is_set()
        sock.send("ignored")
        assert sock.outbox.qsize() == OUTBOX_LIMIT and ws.sent == []
        await cancelled(pump)

    asyncio.run(main())


class GoneWebSocket:
    """A client that went away: every write fails at once."""

    async def send_text(self, text: str) -> None:
        raise ConnectionResetError("the client is gone")


@pytest.mark.parametrize("pump_ends", [True, False])
def test_a_socket_whose_write_failed_is_freed_without_the_collector(pump_ends: bool) -> None:
    """The room freezes what lives every 2 s, so a socket held in a reference cycle would wait for the
    next sweep (with its WebSocket and whatever it queued): a failed write leaves no cycle, whether the pump
    raised its error or was cancelled first (the read side saw the client go)."""
    refs: list[weakref.ref[object]] = []

    async def main() -> None:
        sock, ws = Socket("ann"), GoneWebSocket()
        pump = await started(sock, ws)  # type: ignore[arg-type]
        sock.send({"type": "delta", "seq": 1})  # a broadcast reaches a client that just left
        if pump_ends:
            with pytest.raises(ConnectionResetError):
                await pump
        else:  # before the pump takes the message
            await cancelled(pump)
        refs.extend([weakref.ref(sock), weakref.ref(ws)])
        del sock, ws, pump

    gc.collect()
    gc.disable()
    try:
        asyncio.run(main())
        assert [r() for r in refs] == [None, None], "kept alive by a reference cycle"
    finally:
        gc.enable()
