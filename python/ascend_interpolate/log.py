"""The operator library's log controls from Python (docs/python.md "Logging").

The library follows CANN's conventions (docs/aclnnUpsampleTrilinear3d.md "Logging"): levels 0 debug,
1 info, 2 warning, 3 error (the default), 4 null, from ``ASCEND_GLOBAL_LOG_LEVEL``; lines are printed
on stdout only when ``ASCEND_SLOG_PRINT_TO_STDOUT=1`` (or :func:`set_log_to_stdout`). Without that a
sim build prints nothing, so an error that Python catches is silent; its full message is always in
the raised :class:`~ascend_interpolate.AclnnError`.

These functions call ``aiSetLogLevel`` / ``aiGetLogLevel`` / ``aiSetLogToStdout``
(op_api/ascend_interpolate_log.h). A library built before them raises OSError naming the symbol.
The settings are process-wide.
"""
from __future__ import annotations

import numbers

from . import _lib

__all__ = ["LOG_LEVELS", "set_log_level", "get_log_level", "set_log_to_stdout"]

# CANN's level names and numbers (ASCEND_GLOBAL_LOG_LEVEL).
LOG_LEVELS = {"debug": 0, "info": 1, "warning": 2, "error": 3, "null": 4}

_FROM_ENVIRONMENT = -1  # the C functions' "read the environment variable again"


def _level_number(level):
    """The C level for `level`: an int 0..4, a CANN name (any case), or None (the environment's)."""
    if level is None:
        return _FROM_ENVIRONMENT
    if isinstance(level, str):
        number = LOG_LEVELS.get(level.lower())
        if number is None:
            raise ValueError(f"log level: {level!r} is not a CANN level name; accepted: {', '.join(LOG_LEVELS)}")
        return number
    if isinstance(level, bool) or not isinstance(level, numbers.Integral):
        raise TypeError(f"log level must be an int 0..4, a level name or None; got {level!r}")
    if not 0 <= int(level) <= 4:
        raise ValueError(f"log level must be 0 (debug) .. 4 (null); got {level}")
    return int(level)


def _stdout_switch(enable):
    """The C switch for `enable`: True 1, False 0, None the environment's."""
    if enable is None:
        return _FROM_ENVIRONMENT
    if not isinstance(enable, bool):
        raise TypeError(f"enable must be a bool or None; got {enable!r}")
    return int(enable)


def set_log_level(level):
    """Log level from now on: 0-4 or "debug", "info", "warning", "error", "null" (any case);
    None goes back to ``ASCEND_GLOBAL_LOG_LEVEL`` (read again; 3 when unset)."""
    number = _level_number(level)
    set_level = _lib.function("aiSetLogLevel")
    _lib.clear_error_message()
    _lib.check(set_level(number), "aiSetLogLevel")


def get_log_level():
    """The level in use, an int 0 (debug) .. 4 (null); see :data:`LOG_LEVELS` for the names."""
    return int(_lib.function("aiGetLogLevel")())


def set_log_to_stdout(enable):
    """True: the library prints its log lines on stdout (CANN's plog layout); False: it does not;
    None goes back to ``ASCEND_SLOG_PRINT_TO_STDOUT`` (read again)."""
    switch = _stdout_switch(enable)
    set_switch = _lib.function("aiSetLogToStdout")
    _lib.clear_error_message()
    _lib.check(set_switch(switch), "aiSetLogToStdout")
