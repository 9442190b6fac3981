"""The Python log controls (ascend_interpolate.log; docs/python.md "Logging") over the library's
aiSetLogLevel / aiGetLogLevel / aiSetLogToStdout (docs/aclnnUpsampleTrilinear3d.md "Logging").

Quiet by default: an error that Python catches prints nothing on stdout or stderr (file-descriptor
level, capfd). With stdout logging on, the error's line appears on stdout in CANN's plog layout
and carries the same message as the exception. The settings are process-wide, so every test puts
them back to the environment's values.
"""
import re
import types

import numpy as np
import pytest

import ascend_interpolate as ai
from ascend_interpolate import _lib

BAD_MODE = dict(sizes=(3,), axes=(1,), mode="bilinear", shape_calculation_mode="sizes")
GOOD = dict(sizes=(3,), axes=(1,), mode="linear", shape_calculation_mode="sizes")
X = np.arange(8, dtype=np.float32).reshape(2, 4)

# [Level] Module(PID,process):yyyy-mm-dd-hh:mm:ss.mmm.uuu <api>: <message> (docs/aclnnUpsampleTrilinear3d.md "Logging")
PLOG_LINE = re.compile(r"^\[(DEBUG|INFO|WARNING|ERROR)\] ASCEND_INTERPOLATE\((\d+),([^)]+)\):"
                       r"\d{4}-\d{2}-\d{2}-\d{2}:\d{2}:\d{2}\.\d{3}\.\d{3} (\w+): (.*)$")


@pytest.fixture
def environment_logging(monkeypatch):
    """Start from the defaults (both variables unset: level 3, nothing printed) and return to the
    environment's settings afterwards."""
    monkeypatch.delenv("ASCEND_GLOBAL_LOG_LEVEL", raising=False)
    monkeypatch.delenv("ASCEND_SLOG_PRINT_TO_STDOUT", raising=False)
    ai.set_log_level(None)
    ai.set_log_to_stdout(None)
    yield
    monkeypatch.undo()
    ai.set_log_level(None)
    ai.set_log_to_stdout(None)


def _caught_error():
    with pytest.raises(ai.AclnnError) as info:
        ai.interpolate(X, **BAD_MODE)
    return info.value


def test_default_level_is_canns_error_level(environment_logging):
    assert ai.get_log_level() == 3 == ai.LOG_LEVELS["error"]


def test_a_caught_error_prints_nothing(environment_logging, capfd):
    err = _caught_error()
    assert err.status == 161002 and "mode" in err.message
    out, errout = capfd.readouterr()
    assert out == "" and errout == ""


@pytest.mark.parametrize("level, number", [(0, 0), (4, 4), ("debug", 0), ("INFO", 1), ("Warning", 2),
                                           ("error", 3), ("null", 4)])
def test_levels_by_number_and_cann_name(environment_logging, level, number):
    ai.set_log_level(level)
    assert ai.get_log_level() == number


@pytest.mark.parametrize("level, exc", [(5, ValueError), (-1, ValueError), ("verbose", ValueError),
                                        (2.0, TypeError), (True, TypeError)])
def test_bad_levels_are_refused_and_change_nothing(environment_logging, level, exc):
    ai.set_log_level("warning")
    with pytest.raises(exc, match="log level"):
        ai.set_log_level(level)
    assert ai.get_log_level() == 2


def test_bad_stdout_switch_is_refused():
    with pytest.raises(TypeError, match="bool or None"):
        ai.set_log_to_stdout(1)


def test_none_rereads_the_environment(environment_logging, monkeypatch, capfd):
    monkeypatch.setenv("ASCEND_GLOBAL_LOG_LEVEL", "4")
    ai.set_log_level(None)
    assert ai.get_log_level() == 4
    monkeypatch.setenv("ASCEND_GLOBAL_LOG_LEVEL", "3")
    monkeypatch.setenv("ASCEND_SLOG_PRINT_TO_STDOUT", "1")
    ai.set_log_level(None)
    ai.set_log_to_stdout(None)
    _caught_error()
    assert PLOG_LINE.match(capfd.readouterr().out)


def test_stdout_logging_prints_the_error_in_plog_layout(environment_logging, capfd):
    ai.set_log_to_stdout(True)
    err = _caught_error()
    out, errout = capfd.readouterr()
    assert errout == ""
    lines = out.splitlines()
    assert len(lines) == 1, out
    match = PLOG_LINE.match(lines[0])
    assert match, lines[0]
    level, _pid, _process, api, message = match.groups()
    assert (level, api) == ("ERROR", "aclnnInterpolate")
    # the exception carries the full message; the line adds the status
    assert err.message == f"[ERROR] aclnnInterpolate: {message.removesuffix(' (status 161002)')}"
    assert message.endswith("(status 161002)")


def test_stdout_logging_off_again_is_quiet(environment_logging, capfd):
    ai.set_log_to_stdout(True)
    ai.set_log_to_stdout(False)
    _caught_error()
    assert capfd.readouterr() == ("", "")


def test_level_null_silences_errors_and_debug_shows_launches(environment_logging, capfd):
    ai.set_log_to_stdout(True)
    ai.set_log_level("null")
    _caught_error()
    ai.interpolate(X, **GOOD)
    assert capfd.readouterr().out == ""
    ai.set_log_level("debug")
    ai.interpolate(X, **GOOD)
    levels = [PLOG_LINE.match(line).group(1) for line in capfd.readouterr().out.splitlines()]
    assert "INFO" in levels and "DEBUG" in levels, levels  # the plan (info) and the launch (debug)


def test_missing_symbols_name_the_function(monkeypatch):
    """A library built before the log controls: OSError naming the symbol, before anything is called."""
    monkeypatch.setattr(_lib, "library", lambda: types.SimpleNamespace())
    with pytest.raises(OSError, match="aiSetLogLevel"):
        ai.set_log_level(3)
    with pytest.raises(OSError, match="aiGetLogLevel"):
        ai.get_log_level()
    with pytest.raises(OSError, match="aiSetLogToStdout"):
        ai.set_log_to_stdout(False)
