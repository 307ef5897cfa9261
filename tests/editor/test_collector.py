"""Cycles are collected in the GUI thread only (editor.core.collector): a collection in a worker
thread that destroys a Qt wrapper can deadlock PySide6 against the GUI thread."""
import gc
import threading

from gridsmith.editor.core import collector


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_a_worker_thread_never_collects_and_the_gui_thread_does(qtbot, qapp):
    keeper = collector.install(qapp)
    assert collector.install(qapp) is keeper and not gc.isenabled()
    collected_in: list[int] = []

    def seen(phase: str, info: dict) -> None:
        if phase == "start":
            collected_in.append(threading.get_ident())

    gc.callbacks.append(seen)
    try:
        def litter() -> None:  # many times the youngest generation's threshold of cycles
            for _ in range(20 * gc.get_threshold()[0]):
                _Cycle()

        worker = threading.Thread(target=litter)
        worker.start()
        worker.join()
        assert collected_in == []  # the worker filled generation 0 many times over, and did not collect
        assert gc.get_count()[0] > gc.get_threshold()[0]
        qtbot.waitUntil(lambda: bool(collected_in), timeout=5000)  # the GUI thread's timer collects
        assert set(collected_in) == {threading.main_thread().ident}
        assert gc.get_count()[0] <= gc.get_threshold()[0]
    finally:
        gc.callbacks.remove(seen)


def test_check_collects_only_the_full_generations(qapp):
    keeper = collector.install(qapp)
    gc.collect()
    assert keeper.check() == 0  # nothing full: nothing collected
    for _ in range(2 * gc.get_threshold()[0]):
        _Cycle()
    assert keeper.check() >= gc.get_threshold()[0]  # the young generation's cycles found
