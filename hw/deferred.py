"""gpiozero without the modules it imports for devices and lookups we do not use.

Importing gpiozero imports, for every kind of device it has, modules that
our buttons (``DigitalInputDevice`` on a given pin factory) never use:

- :mod:`importlib.metadata` (with :mod:`email`, :mod:`zipfile`, :mod:`csv`,
  :mod:`calendar`): ``entry_points`` is called only to look a pin factory or
  a mock pin class up *by name* (``GPIOZERO_PIN_FACTORY``, or no factory
  given); about 1 MiB;
- :mod:`statistics` (``median``, ``mean``): only smoothed input devices and
  ``gpiozero.tools`` average readings;
- :mod:`colorzero` (``Color``, with :mod:`fractions` and :mod:`decimal`): only
  RGB LEDs; the two together about 0.9 MiB;
- :mod:`pprint` (``pformat``): only a board's ``repr``.

Together that is a sixth of what the app adds to a bare pygame window (issue
13, peak RSS). :func:`import_gpiozero` imports gpiozero with a stand-in
(:class:`DeferredModule`) for each of them in :data:`sys.modules`: the names
gpiozero takes from them, and any other attribute, import the real module on
first use and answer from it; from then on ``import`` gives the real module.
gpiozero sees the real behaviour, only later.
"""
from __future__ import annotations

import importlib
import importlib.util
import sys
import threading
import types
from typing import Any

_LOCK = threading.RLock()  # re-entrant: a real module may import another deferred one
#: module -> the names gpiozero imports from it (and only calls)
_GPIOZERO_DEFERS = (("importlib.metadata", ("entry_points",)), ("statistics", ("median", "mean")),
                    ("colorzero", ("Color",)), ("pprint", ("pformat",)))


class DeferredModule(types.ModuleType):
    """Stands in :data:`sys.modules` for the module ``name`` until it is used.

    ``callables``: names the importers take with ``from name import ...`` and
    only call (``Color(...)``, never ``isinstance(x, Color)``); each is a
    function that imports the real module and calls its namesake. Any
    other attribute (but the module's own dunders) imports the real module and
    returns its attribute. The stand-in has the real module's ``__spec__`` and
    ``__path__``, so that imports of its submodules still work."""

    def __init__(self, name: str, callables: tuple[str, ...]) -> None:
        super().__init__(name)
        spec = importlib.util.find_spec(name)
        self.__spec__ = spec
        if spec is not None and spec.submodule_search_locations is not None:
            self.__path__ = list(spec.submodule_search_locations)
        for attr in callables:
            setattr(self, attr, self._forward(attr))

    def _forward(self, attr: str) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            return getattr(self.load(), attr)(*args, **kwargs)
        call.__name__ = call.__qualname__ = attr
        return call

    def load(self) -> types.ModuleType:
        """The real module, imported now if it was not yet (thread-safe)."""
        with _LOCK:
            if sys.modules.get(self.__name__) is self:
                del sys.modules[self.__name__]
            return importlib.import_module(self.__name__)

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__") and attr.endswith("__"):
            raise AttributeError(attr)
        return getattr(self.load(), attr)


def defer(name: str, callables: tuple[str, ...]) -> None:
    """Put a :class:`DeferredModule` for ``name`` in :data:`sys.modules`,
    unless the module is imported already (then nothing changes)."""
    with _LOCK:
        if name not in sys.modules:
            stand_in = sys.modules[name] = DeferredModule(name, callables)
            parent, _, child = name.rpartition(".")
            if parent:  # ``import importlib.metadata`` then ``importlib.metadata.version``
                setattr(importlib.import_module(parent), child, stand_in)


def import_gpiozero() -> types.ModuleType:
    """``import gpiozero`` with the modules it does not need for our buttons deferred
    (see the module's text)."""
    if "gpiozero" not in sys.modules:
        for name, callables in _GPIOZERO_DEFERS:
            defer(name, callables)
    import gpiozero
    return gpiozero
